/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM operations on one polynomial that do not depend on the parameter set (FIPS 203):
 * byte encoding (Alg. 5, 6), compression (section 4.2.1), sampling (Alg. 7, 8), additions, and
 * the hash functions of section 4.1.
 *
 * Constant time: all of this handles secrets except SampleNTT (public seed rho). No branch, table
 * index or division depends on coefficient values; compression divides by q through a
 * multiplication by a constant and a shift (no KyberSlash-type division, see compress below).
 */
#include <string.h>

#include "common/ntt16.h"
#include "poly.h"

#include "m4crypt/common.h"

#if M4CRYPT_ENABLE_MLKEM /* m4crypt/config.h */

#define Q M4CRYPT_MLKEM_Q

/* The representative of a (any int16) in [0, q): Barrett to [-(q-1)/2, (q-1)/2], then add q to
 * negative values with a mask (sign bit spread by an arithmetic shift). */
static uint16_t canonical(int16_t a)
{
    int16_t r = m4crypt_mlkem_barrett_reduce(a);
    r = (int16_t)(r + ((r >> 15) & Q));
    return (uint16_t)r;
}

/* Compress_d(x) = round(2^d x / q) mod 2^d (eq. 4.7), x in [0, q), 1 <= d <= 11.
 *
 * With n = 2^d x + (q-1)/2, round(2^d x / q) = floor(n / q) (q is odd, so no ties).
 * floor(n / q) is computed as floor(n * M / 2^36) with M = ceil(2^36 / q) = 20642679:
 * write n = a q + r with 0 <= r < q and e = M q - 2^36 = 1655; then
 *     n M / 2^36 = n / q + n e / (q 2^36) < a + (q - 1)/q + 1/q = a + 1
 * whenever n e < 2^36, which holds for n < 2^11 * q + q < 2^23 (e < 2^12, so n e < 2^35).
 * The tests check all x < q for every d against the definition. The 32 x 32 -> 64-bit multiply
 * is a single-cycle UMULL on the Cortex-M4 (constant time). */
uint16_t m4crypt_mlkem_compress(uint16_t x, unsigned d)
{
    uint32_t n = ((uint32_t)x << d) + (Q - 1) / 2;
    uint32_t quot = (uint32_t)(((uint64_t)n * 20642679u) >> 36);
    return (uint16_t)(quot & ((1u << d) - 1));
}

/* Alg. 5 ByteEncode_d for d in {1, 4, 5, 10, 11} applied to Compress_d: the d-bit values are
 * written least significant bit first, value after value, into 32 d bytes. */
void m4crypt_mlkem_poly_compress_c(uint8_t *out, const m4crypt_mlkem_poly *a, unsigned d)
{
    uint32_t acc = 0;
    unsigned bits = 0, o = 0;
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++) {
        acc |= (uint32_t)m4crypt_mlkem_compress(canonical(a->coeffs[i]), d) << bits;
        bits += d;
        while (bits >= 8) { /* depends on d and i only */
            out[o++] = (uint8_t)acc;
            acc >>= 8;
            bits -= 8;
        }
    }
}

/* Alg. 6 ByteDecode_d followed by Decompress_d(y) = round(q y / 2^d) (eq. 4.8), computed as
 * floor((q y + 2^(d-1)) / 2^d) (a shift, q y / 2^d is never a tie for d >= 1 as q is odd). */
void m4crypt_mlkem_poly_decompress_c(m4crypt_mlkem_poly *r, const uint8_t *in, unsigned d)
{
    uint32_t acc = 0;
    unsigned bits = 0, o = 0;
    const uint32_t mask = (1u << d) - 1;
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++) {
        while (bits < d) {
            acc |= (uint32_t)in[o++] << bits;
            bits += 8;
        }
        uint32_t y = acc & mask;
        acc >>= d;
        bits -= d;
        r->coeffs[i] = (int16_t)((y * Q + (1u << (d - 1))) >> d);
    }
}

/* Alg. 5 ByteEncode_12: two canonical 12-bit coefficients per 3 bytes. */
void m4crypt_mlkem_poly_tobytes_c(uint8_t out[M4CRYPT_MLKEM_POLYBYTES], const m4crypt_mlkem_poly *a)
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N / 2; i++) {
        uint16_t x0 = canonical(a->coeffs[2 * i]), x1 = canonical(a->coeffs[2 * i + 1]);
        out[3 * i] = (uint8_t)x0;
        out[3 * i + 1] = (uint8_t)((x0 >> 8) | (x1 << 4));
        out[3 * i + 2] = (uint8_t)(x1 >> 4);
    }
}

/* Alg. 6 ByteDecode_12: for d = 12 the values are taken mod m = q; a 12-bit value is
 * below 2q, so one conditional subtraction (by mask) suffices. */
void m4crypt_mlkem_poly_frombytes_c(m4crypt_mlkem_poly *r,
                                    const uint8_t in[M4CRYPT_MLKEM_POLYBYTES])
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N / 2; i++) {
        int16_t x0 = (int16_t)(in[3 * i] | ((in[3 * i + 1] & 0x0f) << 8));
        int16_t x1 = (int16_t)((in[3 * i + 1] >> 4) | (in[3 * i + 2] << 4));
        x0 = (int16_t)(x0 - Q);
        x1 = (int16_t)(x1 - Q);
        r->coeffs[2 * i] = (int16_t)(x0 + ((x0 >> 15) & Q));
        r->coeffs[2 * i + 1] = (int16_t)(x1 + ((x1 >> 15) & Q));
    }
}

void m4crypt_mlkem_poly_add_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                              const m4crypt_mlkem_poly *b)
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++)
        r->coeffs[i] = (int16_t)(a->coeffs[i] + b->coeffs[i]);
}

void m4crypt_mlkem_poly_sub_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                              const m4crypt_mlkem_poly *b)
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++)
        r->coeffs[i] = (int16_t)(a->coeffs[i] - b->coeffs[i]);
}

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Alg. 8 SamplePolyCBD_2: coefficient i is (b[4i] + b[4i+1]) - (b[4i+2] + b[4i+3]) over the bits
 * b of the input, least significant bit of each byte first. Per 32-bit word, adding the even
 * and the odd bits gives sixteen 2-bit sums s_0..s_15; coefficient i of the word is
 * s_{2i} - s_{2i+1}. */
void m4crypt_mlkem_poly_cbd_eta2_c(m4crypt_mlkem_poly *r, const uint8_t buf[128])
{
    memset(r, 0, sizeof *r);
    m4crypt_mlkem_poly_cbd_eta2_add_c(r, buf);
}

/* r += SamplePolyCBD_2(buf), the sums described at m4crypt_mlkem_poly_cbd_eta2_c. */
void m4crypt_mlkem_poly_cbd_eta2_add_c(m4crypt_mlkem_poly *r, const uint8_t buf[128])
{
    for (unsigned w = 0; w < 32; w++) {
        uint32_t t = load32_le(buf + 4 * w);
        uint32_t s = (t & 0x55555555u) + ((t >> 1) & 0x55555555u);
        for (unsigned i = 0; i < 8; i++) {
            int16_t x = (int16_t)((s >> (4 * i)) & 3), y = (int16_t)((s >> (4 * i + 2)) & 3);
            r->coeffs[8 * w + i] = (int16_t)(r->coeffs[8 * w + i] + x - y);
        }
    }
}

/* Alg. 8 SamplePolyCBD_3: coefficient i is the sum of bits 6i..6i+2 minus the sum of bits
 * 6i+3..6i+5. Per 24-bit group, adding bits 0, 1 and 2 of every 3-bit field gives eight 3-bit
 * sums s_0..s_7; coefficient i of the group is s_{2i} - s_{2i+1}. */
void m4crypt_mlkem_poly_cbd_eta3_c(m4crypt_mlkem_poly *r, const uint8_t buf[192])
{
    memset(r, 0, sizeof *r);
    m4crypt_mlkem_poly_cbd_eta3_add_c(r, buf);
}

/* r += SamplePolyCBD_3(buf), the sums described at m4crypt_mlkem_poly_cbd_eta3_c. */
void m4crypt_mlkem_poly_cbd_eta3_add_c(m4crypt_mlkem_poly *r, const uint8_t buf[192])
{
    for (unsigned g = 0; g < 64; g++) {
        const uint8_t *p = buf + 3 * g;
        uint32_t t = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
        uint32_t s = (t & 0x249249u) + ((t >> 1) & 0x249249u) + ((t >> 2) & 0x249249u);
        for (unsigned i = 0; i < 4; i++) {
            int16_t x = (int16_t)((s >> (6 * i)) & 7), y = (int16_t)((s >> (6 * i + 3)) & 7);
            r->coeffs[4 * g + i] = (int16_t)(r->coeffs[4 * g + i] + x - y);
        }
    }
}

/* The loop body of Alg. 7: three bytes give two 12-bit candidates d1, d2; each is kept if below q
 * (branches on public data). */
unsigned m4crypt_mlkem_rej_uniform_c(int16_t *r, unsigned len, const uint8_t *buf, unsigned buflen)
{
    unsigned n = 0;
    for (unsigned pos = 0; pos + 3 <= buflen && n < len; pos += 3) {
        uint16_t d1 = (uint16_t)(buf[pos] | ((buf[pos + 1] & 0x0f) << 8));
        uint16_t d2 = (uint16_t)((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));
        if (d1 < Q)
            r[n++] = (int16_t)d1;
        if (d2 < Q && n < len)
            r[n++] = (int16_t)d2;
    }
    return n;
}

/* One pair of pairs of MultiplyNTTs (Alg. 11, 12): coefficients 4m .. 4m + 3 of a * b R^-1,
 * gamma_m = zetas[64 + m] for the first pair and -gamma_m for the second (as
 * m4crypt_mlkem_poly_basemul_acc_c in ntt.c). */
/* a R^-1 mod q for |a| < q 2^15, |result| < q (src/common/ntt16.h, inlined; q^-1 = -3327 mod
 * 2^16). */
static inline int16_t mont(int32_t a)
{
    return m4crypt_ntt16_montgomery_reduce(a, Q, -3327);
}

static void basemul_group(int16_t out[4], const int16_t *a, const int16_t *b, unsigned m)
{
    int16_t gamma = m4crypt_mlkem_zetas[64 + m];
    for (unsigned h = 0; h < 2; h++) {
        int32_t a0 = a[2 * h], a1 = a[2 * h + 1], b0 = b[2 * h], b1 = b[2 * h + 1];
        int16_t t = mont(a1 * b1);
        out[2 * h] = mont(a0 * b0 + (int32_t)t * gamma);
        out[2 * h + 1] = mont(a0 * b1 + a1 * b0);
        gamma = (int16_t)-gamma;
    }
}

void m4crypt_mlkem_basemul_acc_part_c(int16_t *r, const int16_t *a, const int16_t *b,
                                      unsigned start)
{
    int16_t t[4];
    for (unsigned i = 0; i < M4CRYPT_MLKEM_SAMPLE_STEP; i += 4) {
        basemul_group(t, a + i, b + i, (start + i) / 4);
        for (unsigned k = 0; k < 4; k++)
            r[i + k] = (int16_t)(r[i + k] + t[k]);
    }
}

void m4crypt_mlkem_basemul_part_c(int16_t *r, const int16_t *a, const int16_t *b, unsigned start)
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_SAMPLE_STEP; i += 4)
        basemul_group(r + i, a + i, b + i, (start + i) / 4);
}

/* Alg. 7 SampleNTT in steps of STEP coefficients: the SHAKE128 stream is squeezed CHUNK = 72
 * bytes at a time (the same stream as whole blocks; 72 is a multiple of 3, so no candidate
 * straddles two pieces, of 8, so every piece starts on a lane of the state, and of 12, the unit
 * of the assembly rejection) into coeffs above the coefficients kept, at an 8-byte aligned
 * offset at least CHUNK / 3 = 24 bytes above them, and rejected in place (poly.h); rejection
 * asks for at most what is still missing of 256. */
void m4crypt_mlkem_poly_sample_ntt_start(m4crypt_mlkem_scratch *ws, const uint8_t rho[32],
                                         uint8_t b0, uint8_t b1)
{
    uint8_t *idx = (uint8_t *)ws->xof.coeffs;
    idx[0] = b0;
    idx[1] = b1;
    m4crypt_shake128_init(&ws->xof.ctx);
    m4crypt_shake_absorb(&ws->xof.ctx, rho, 32);
    m4crypt_shake_absorb(&ws->xof.ctx, idx, 2);
    m4crypt_shake_finalize(&ws->xof.ctx);
    ws->xof.have = 0;
    ws->xof.accepted = 0;
}

/* Not inlined: the constant-time checks recognize the public computation by this function's
 * calls (see poly.h). */
__attribute__((noinline)) void m4crypt_mlkem_poly_sample_ntt(m4crypt_mlkem_scratch *ws)
{
    unsigned have = ws->xof.have, accepted = ws->xof.accepted;
    int16_t *c = ws->xof.coeffs;
    if (accepted != 0) {
        /* drop the STEP coefficients delivered by the previous call: move the rest to the front,
         * four at a time by two 4-byte memcpy (word loads and stores; coeffs is 8-byte aligned
         * and STEP a multiple of 4). Up to three coefficients past the kept ones go along: the
         * previous call set them to 0 (below), so only public values move (in key generation
         * ws held secret noise before). */
        have -= M4CRYPT_MLKEM_SAMPLE_STEP;
        for (unsigned i = 0; i < have; i += 4) {
            uint32_t t0, t1;
            memcpy(&t0, c + M4CRYPT_MLKEM_SAMPLE_STEP + i, 4);
            memcpy(&t1, c + M4CRYPT_MLKEM_SAMPLE_STEP + i + 2, 4);
            __asm__("" : "+r"(t0), "+r"(t1)); /* keeps this a word loop, not a memmove call */
            memcpy(c + i, &t0, 4);
            memcpy(c + i + 2, &t1, 4);
        }
    }
    while (have < M4CRYPT_MLKEM_SAMPLE_STEP) {
        unsigned want = M4CRYPT_MLKEM_N - accepted;
        if (want > 2 * M4CRYPT_MLKEM_XOF_CHUNK / 3)
            want = 2 * M4CRYPT_MLKEM_XOF_CHUNK / 3;
        /* piece at byte (2 have + 24 + 7) & ~7 <= 2 * 63 + 31 = 157; it ends by 157 + 72 <= 232 */
        uint8_t *piece = (uint8_t *)c + ((2 * have + M4CRYPT_MLKEM_XOF_CHUNK / 3 + 7) & ~7u);
        m4crypt_shake_squeeze(&ws->xof.ctx, piece, M4CRYPT_MLKEM_XOF_CHUNK);
        unsigned n = m4crypt_mlkem_rej_uniform(c + have, want, piece, M4CRYPT_MLKEM_XOF_CHUNK);
        have += n;
        accepted += n;
    }
    /* have <= STEP - 1 + 48 = 111, so these stay inside coeffs[116]: see the move above */
    c[have] = 0;
    c[have + 1] = 0;
    c[have + 2] = 0;
    ws->xof.have = (uint16_t)have;
    ws->xof.accepted = (uint16_t)accepted;
}

void m4crypt_mlkem_poly_sample_ntt_mul(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *b,
                                       const uint8_t rho[32], uint8_t b0, uint8_t b1,
                                       int accumulate, m4crypt_mlkem_scratch *ws)
{
    m4crypt_mlkem_poly_sample_ntt_start(ws, rho, b0, b1);
    for (unsigned o = 0; o < M4CRYPT_MLKEM_N; o += M4CRYPT_MLKEM_SAMPLE_STEP) {
        m4crypt_mlkem_poly_sample_ntt(ws);
        if (accumulate)
            m4crypt_mlkem_basemul_acc_part(r->coeffs + o, ws->xof.coeffs, b->coeffs + o, o);
        else
            m4crypt_mlkem_basemul_part(r->coeffs + o, ws->xof.coeffs, b->coeffs + o, o);
    }
}

void m4crypt_mlkem_poly_prf_start(m4crypt_mlkem_scratch *ws, const uint8_t s[32], uint8_t b)
{
    ws->noise.buf[0] = b;
    m4crypt_shake256_init(&ws->noise.ctx);
    m4crypt_shake_absorb(&ws->noise.ctx, s, 32);
    m4crypt_shake_absorb(&ws->noise.ctx, ws->noise.buf, 1);
    m4crypt_shake_finalize(&ws->noise.ctx);
}

void m4crypt_mlkem_poly_noise(m4crypt_mlkem_poly *r, const uint8_t s[32], uint8_t b, unsigned eta,
                              int accumulate, m4crypt_mlkem_scratch *ws)
{
    m4crypt_mlkem_poly_prf_start(ws, s, b);
    m4crypt_shake_squeeze(&ws->noise.ctx, ws->noise.buf, 64 * eta);
    if (eta == 3 && accumulate)
        m4crypt_mlkem_poly_cbd_eta3_add(r, ws->noise.buf);
    else if (eta == 3)
        m4crypt_mlkem_poly_cbd_eta3(r, ws->noise.buf);
    else if (accumulate)
        m4crypt_mlkem_poly_cbd_eta2_add(r, ws->noise.buf);
    else
        m4crypt_mlkem_poly_cbd_eta2(r, ws->noise.buf);
}

/* Decompress_1(y) = round(q y / 2) = 1665 y; the mask -bit selects it without a branch. */
void m4crypt_mlkem_poly_add_msg_c(m4crypt_mlkem_poly *r, const uint8_t m[32])
{
    for (unsigned i = 0; i < 32; i++) {
        uint32_t byte = m[i];
        for (unsigned j = 0; j < 8; j++) {
            uint32_t mask = 0u - ((byte >> j) & 1);
            r->coeffs[8 * i + j] = (int16_t)(r->coeffs[8 * i + j] + (int16_t)(mask & 1665));
        }
    }
}

/* SamplePolyCBD_eta(PRF_eta(s, b)), PRF_eta(s, b) = SHAKE256(s || b, 8 * 64 eta) (eq. 4.3),
 * as used by K-PKE.KeyGen (Alg. 13) and K-PKE.Encrypt (Alg. 14). */
void m4crypt_mlkem_poly_getnoise(m4crypt_mlkem_poly *r, const uint8_t s[32], uint8_t b,
                                 unsigned eta)
{
    uint8_t in[33], buf[64 * 3];
    for (unsigned i = 0; i < 32; i++)
        in[i] = s[i];
    in[32] = b;
    if (eta == 3) {
        m4crypt_shake256(buf, 64 * 3, in, sizeof in);
        m4crypt_mlkem_poly_cbd_eta3(r, buf);
    } else {
        m4crypt_shake256(buf, 64 * 2, in, sizeof in);
        m4crypt_mlkem_poly_cbd_eta2(r, buf);
    }
    m4crypt_memzero(in, sizeof in);
    m4crypt_memzero(buf, sizeof buf);
}

__attribute__((weak)) void m4crypt_mlkem_ct_declassify(const void *p, size_t len)
{
    (void)p;
    (void)len;
}

/* ---- section 4.1: H, G, J ---- */

void m4crypt_mlkem_hash_h(uint8_t out[32], const uint8_t *in, size_t inlen)
{
    m4crypt_sha3_256(out, in, inlen);
}

/* G and J hash a || b: ctx, initialised for either, absorbs both pieces. */
static inline __attribute__((always_inline)) void absorb_both(m4crypt_keccak_ctx *ctx,
                                                              const uint8_t *a, size_t alen,
                                                              const uint8_t *b, size_t blen)
{
    m4crypt_keccak_absorb(ctx, a, alen);
    m4crypt_keccak_absorb(ctx, b, blen);
}

void m4crypt_mlkem_hash_g(uint8_t out[64], const uint8_t *a, size_t alen, const uint8_t *b,
                          size_t blen)
{
    m4crypt_keccak_ctx ctx;
    m4crypt_sha3_512_init(&ctx);
    absorb_both(&ctx, a, alen, b, blen);
    m4crypt_sha3_512_final(&ctx, out); /* wipes ctx */
}

void m4crypt_mlkem_hash_j(uint8_t out[32], const uint8_t *a, size_t alen, const uint8_t *b,
                          size_t blen)
{
    m4crypt_keccak_ctx ctx;
    m4crypt_shake256_init(&ctx);
    absorb_both(&ctx, a, alen, b, blen);
    m4crypt_shake_finalize(&ctx);
    m4crypt_shake_squeeze(&ctx, out, 32);
    m4crypt_memzero(&ctx, sizeof ctx);
}
#endif /* M4CRYPT_ENABLE_MLKEM */
