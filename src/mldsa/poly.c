/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA on one polynomial (FIPS 204): rounding (section 7.4), norm checks, bit packing
 * (section 7.1) and sampling (section 7.3). Portable C; the _c functions are the backend's
 * reference and fallback (poly.h).
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

#include <string.h>

#include "poly.h"

#define Q M4CRYPT_MLDSA_Q

/* ---------------------------------------------------------------- rounding (section 7.4) */

/* Decompose (Alg. 36) of a in [0, q): r0 = a mod+- 2 gamma2 lies in (-gamma2, gamma2], and
 * r1 = (a - r0) / (2 gamma2) = floor((a + gamma2 - 1) / (2 gamma2)) (a = k 2 gamma2 + x with
 * 0 <= x < 2 gamma2 gives k for x <= gamma2 and k + 1 above). The quotient is a multiplication by
 * ceil(2^48 / (2 gamma2)) and a shift, exact for every numerator below q + gamma2 (checked for all
 * of them by tests/mldsa/test_mldsa_poly.c). When a - r0 = q - 1 (r1 = (q - 1) / (2 gamma2)),
 * Alg. 36 sets r1 = 0 and r0 = r0 - 1 = a - q; selected by a mask. */
int32_t m4crypt_mldsa_highbits(int32_t a, int32_t gamma2, int32_t *a0)
{
    uint64_t mul = gamma2 == (Q - 1) / 88 ? 1477838210u : 537395713u; /* ceil(2^48 / (2 gamma2)) */
    const int32_t top = (Q - 1) / (2 * gamma2);                  /* 44 or 16 */
    int32_t r1 = (int32_t)(((uint64_t)(uint32_t)(a + gamma2 - 1) * mul) >> 48);
    int32_t r0 = a - r1 * 2 * gamma2;
    uint32_t wrap = (uint32_t)(((r1 ^ top) - 1) >> 31 & 1); /* 1 iff r1 == top (r1 <= top) */
    int32_t mask = -(int32_t)wrap;
    r1 &= ~mask;
    r0 -= (int32_t)wrap;
    *a0 = r0;
    return r1;
}

void m4crypt_mldsa_decompose_c(m4crypt_mldsa_poly *a1, m4crypt_mldsa_poly *a0,
                               const m4crypt_mldsa_poly *a, int32_t gamma2)
{
    for (unsigned i = 0; i < 256; i++)
        a1->coeffs[i] = m4crypt_mldsa_highbits(a->coeffs[i], gamma2, &a0->coeffs[i]);
}

/* w1Encode (Alg. 28: SimpleBitPack of 6- or 4-bit fields) of HighBits(a), four or two
 * coefficients at a time. */
void m4crypt_mldsa_highbits_pack_w1_c(uint8_t *out, const m4crypt_mldsa_poly *a, int32_t gamma2)
{
    int32_t r0;
    if (gamma2 == (Q - 1) / 88) {
        for (unsigned i = 0; i < 256; i += 4, out += 3) {
            uint32_t w = 0;
            for (unsigned k = 0; k < 4; k++)
                w |= (uint32_t)m4crypt_mldsa_highbits(a->coeffs[i + k], gamma2, &r0) << (6 * k);
            out[0] = (uint8_t)w, out[1] = (uint8_t)(w >> 8), out[2] = (uint8_t)(w >> 16);
        }
    } else {
        for (unsigned i = 0; i < 256; i += 2) {
            uint32_t lo = (uint32_t)m4crypt_mldsa_highbits(a->coeffs[i], gamma2, &r0);
            uint32_t hi = (uint32_t)m4crypt_mldsa_highbits(a->coeffs[i + 1], gamma2, &r0);
            *out++ = (uint8_t)(lo | hi << 4);
        }
    }
}

/* MakeHint (Alg. 39) from Decompose's remainder, without a second HighBits. With
 * u = a + gamma2 - 1, k = floor(u / (2 gamma2)) and x = u - 2 gamma2 k in [0, 2 gamma2), the a of
 * one value r1 of HighBits form, around the circle Z_q, the blocks:
 *   - r1 in [1, top - 1]: a = 2 gamma2 r1 + r0, r0 in (-gamma2, gamma2], x = r0 + gamma2 - 1;
 *   - r1 = 0: a in [0, gamma2] (k = 0, x = a + gamma2 - 1 in [gamma2 - 1, 2 gamma2 - 1]) and, by
 *     Alg. 36's wrap, a in [q - gamma2, q - 1] (k = top, x = a - q + gamma2 in [0, gamma2 - 1],
 *     r0 = a - q = x - gamma2): the 2 gamma2 + 1 values [-gamma2, gamma2] mod q.
 * Every block has at least 2 gamma2 values, so for |t| < gamma2 the sum s = a + t mod q is in a's
 * block or a neighbour, and HighBits(s) != HighBits(a) iff x + t is outside [0, 2 gamma2):
 *   - r1 in [1, top - 1]: a + t stays in (0, q - 1), and s is in the block iff r0 + t is in
 *     (-gamma2, gamma2], that is x + t in [0, 2 gamma2);
 *   - a in [0, gamma2]: s is in the block iff a + t <= gamma2 (a + t > -gamma2 always), that is
 *     x + t < 2 gamma2 (x + t >= 0 always);
 *   - a in [q - gamma2, q - 1]: s is in the block iff r0 + t >= -gamma2 (r0 + t < gamma2 always),
 *     that is x + t >= 0 (x + t < 2 gamma2 always).
 * So bit i = ((uint32_t)(x + t_i) >= 2 gamma2), computed as "x + t_i and x + t_i - 2 gamma2 have
 * the same sign", and the wrap only matters for r0 = x - (gamma2 - 1) - (k == top), the r0 bound.
 * For |t_i| >= gamma2 (|t_i| < q) the bit is that same expression, which may differ from Alg. 39:
 * signing rejects such an attempt by its norm check of c t0 (poly.h). tests/mldsa/test_mldsa_poly.c
 * compares it with Alg. 39 written out, for every a and the t at the block edges. */
uint32_t m4crypt_mldsa_make_hint_c(uint8_t h[M4CRYPT_MLDSA_N / 8], const m4crypt_mldsa_poly *a,
                                   const m4crypt_mldsa_poly *t, int32_t gamma2, int32_t r0_bound)
{
    uint64_t mul = gamma2 == (Q - 1) / 88 ? 1477838210u : 537395713u; /* ceil(2^48 / (2 gamma2)) */
    const int32_t top = (Q - 1) / (2 * gamma2);                  /* 44 or 16 */
    uint32_t bad = 0, ones = 0;
    for (unsigned n = 0; n < 256; n += 8) {
        uint32_t byte = 0;
        for (unsigned b = 0; b < 8; b++) {
            int32_t u = a->coeffs[n + b] + gamma2 - 1;
            int32_t k = (int32_t)(((uint64_t)(uint32_t)u * mul) >> 48);
            int32_t x = u - k * 2 * gamma2;                                /* [0, 2 gamma2) */
            int32_t wrap = (int32_t)((uint32_t)((k ^ top) - 1) >> 31);     /* k == top */
            int32_t r0 = x - (gamma2 - 1) - wrap;                          /* LowBits(a) */
            int32_t sg = r0 >> 31;
            bad |= (uint32_t)(r0_bound - 1 - ((r0 ^ sg) - sg)); /* sign bit: |r0| >= bound */
            int32_t y = x + t->coeffs[n + b];
            uint32_t hb = ~(uint32_t)(y ^ (y - 2 * gamma2)) >> 31; /* y outside [0, 2 gamma2) */
            byte |= hb << b;
            ones += hb;
        }
        h[n / 8] = (uint8_t)byte;
    }
    return ones | (bad & 0x80000000u);
}

uint32_t m4crypt_mldsa_chknorm_lowbits_c(const m4crypt_mldsa_poly *a, int32_t gamma2,
                                         int32_t r0_bound)
{
    uint32_t bad = 0;
    for (unsigned n = 0; n < 256; n++) {
        int32_t r0;
        (void)m4crypt_mldsa_highbits(a->coeffs[n], gamma2, &r0); /* Decompose's r0 */
        int32_t sg = r0 >> 31;
        bad |= (uint32_t)(r0_bound - 1 - ((r0 ^ sg) - sg)); /* sign bit: |r0| >= r0_bound */
    }
    return bad >> 31;
}

void m4crypt_mldsa_pack24_c(uint8_t *out, const int32_t *a, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = (uint32_t)a[i];
        out[3 * i] = (uint8_t)v;
        out[3 * i + 1] = (uint8_t)(v >> 8);
        out[3 * i + 2] = (uint8_t)(v >> 16);
    }
}

void m4crypt_mldsa_unpack24_c(int32_t *r, const uint8_t *in, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        r[i] = (int32_t)((uint32_t)in[3 * i] | (uint32_t)in[3 * i + 1] << 8 |
                         (uint32_t)in[3 * i + 2] << 16);
}

/* Power2Round (Alg. 35) of t in [0, q), r0 = t mod+- 2^13 in (-2^12, 2^12] and
 * r1 = floor((t + 2^12 - 1) / 2^13) (the same argument as for Decompose), with the encodings of
 * its halves, 8 coefficients (10 and 13 bytes) at a time. With u = t + 2^12 - 1, r1 = u >> 13 and
 * r0 = (u mod 2^13) - (2^12 - 1), so SimpleBitPack's field is r1 itself and BitPack's, 2^12 - r0,
 * is (2^13 - 1) - (u mod 2^13) = ~u mod 2^13. */
/* Power2Round of eight coefficients x (in [0, q)) into their 10 bytes of t1 and, unless t0o is
 * NULL, 13 bytes of t0. */
static inline void power2round_pack8(uint8_t *t1o, uint8_t *t0o, const int32_t *x)
{
    uint32_t hi[8], lo[8];
    for (unsigned k = 0; k < 8; k++) {
        uint32_t u = (uint32_t)x[k] + (1u << 12) - 1;
        hi[k] = u >> M4CRYPT_MLDSA_D;
        lo[k] = ~u & ((1u << M4CRYPT_MLDSA_D) - 1);
    }
    for (unsigned h = 0; h < 2; h++, t1o += 5) {
        const uint32_t *v = hi + 4 * h;
        uint32_t w = v[0] | v[1] << 10 | v[2] << 20 | v[3] << 30;
        t1o[0] = (uint8_t)w, t1o[1] = (uint8_t)(w >> 8), t1o[2] = (uint8_t)(w >> 16);
        t1o[3] = (uint8_t)(w >> 24), t1o[4] = (uint8_t)(v[3] >> 2);
    }
    if (!t0o)
        return;
    uint32_t w[3] = {lo[0] | lo[1] << 13 | lo[2] << 26, lo[2] >> 6 | lo[3] << 7 | lo[4] << 20,
                     lo[4] >> 12 | lo[5] << 1 | lo[6] << 14 | lo[7] << 27};
    for (unsigned b = 0; b < 12; b++)
        t0o[b] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
    t0o[12] = (uint8_t)(lo[7] >> 5);
}

void m4crypt_mldsa_power2round_pack(uint8_t t1_out[320], uint8_t *t0_out,
                                    const m4crypt_mldsa_poly *t)
{
    for (unsigned i = 0; i < 256; i += 8)
        power2round_pack8(t1_out + 10 * (i / 8), t0_out ? t0_out + 13 * (i / 8) : NULL,
                          t->coeffs + i);
}

/* t_i + eta - (the 8 fields of nbits bits in w) into [0, q) for |t_i| < q: reduce32 (to
 * [-6283008, 6283008]; arithmetic shift), then +q if negative. */
static inline void add_fields_freeze(int32_t *x, const int32_t *t, uint32_t w, unsigned nbits,
                                     int32_t eta)
{
    for (unsigned k = 0; k < 8; k++) {
        int32_t v = t[k] + eta - (int32_t)(w >> (nbits * k) & ((1u << nbits) - 1));
        v -= Q * ((v + (1 << 22)) >> 23); /* reduce32 */
        x[k] = v + (Q & (v >> 31));
    }
}

/* Eight coefficients at a time: s from 3 bytes (eta 2) or 4 bytes (eta 4), the sum frozen into x,
 * then Power2Round and the packing. */
void m4crypt_mldsa_add_eta_power2round_pack_c(uint8_t t1_out[320], uint8_t *t0_out,
                                              const m4crypt_mldsa_poly *t, const uint8_t *s_in,
                                              unsigned eta)
{
    for (unsigned i = 0; i < 256; i += 8) {
        int32_t x[8];
        uint32_t w = (uint32_t)s_in[0] | (uint32_t)s_in[1] << 8 | (uint32_t)s_in[2] << 16;
        if (eta == 2) {
            add_fields_freeze(x, t->coeffs + i, w, 3, 2);
            s_in += 3;
        } else {
            add_fields_freeze(x, t->coeffs + i, w | (uint32_t)s_in[3] << 24, 4, 4);
            s_in += 4;
        }
        power2round_pack8(t1_out + 10 * (i / 8), t0_out ? t0_out + 13 * (i / 8) : NULL, x);
    }
}

/* UseHint (Alg. 40) where the hint bit is set: HighBits(a) moved by one modulo m, up if r0 > 0.
 * Verification only (public data), so it may branch. */
int32_t m4crypt_mldsa_use_hint_one(int32_t a, int32_t gamma2)
{
    const int32_t m = (Q - 1) / (2 * gamma2);
    int32_t r0, r1 = m4crypt_mldsa_highbits(a, gamma2, &r0);
    if (r0 > 0)
        return r1 + 1 == m ? 0 : r1 + 1;
    return r1 == 0 ? m - 1 : r1 - 1;
}

/* The field of coefficient j (6 or 4 bits, little-endian bit order: Alg. 16) rewritten; a 6-bit
 * field may span two bytes. */
void m4crypt_mldsa_w1_use_hints(uint8_t *w1, const m4crypt_mldsa_poly *a, const uint8_t *pos,
                                unsigned n, int32_t gamma2)
{
    const unsigned bits = gamma2 == (Q - 1) / 88 ? 6 : 4;
    for (unsigned k = 0; k < n; k++) {
        unsigned j = pos[k], bit = j * bits, byte = bit / 8, sh = bit % 8;
        uint32_t v = (uint32_t)m4crypt_mldsa_use_hint_one(a->coeffs[j], gamma2);
        uint32_t mask = ((1u << bits) - 1) << sh;
        uint32_t cur = w1[byte] | (sh + bits > 8 ? (uint32_t)w1[byte + 1] << 8 : 0);
        cur = (cur & ~mask) | v << sh;
        w1[byte] = (uint8_t)cur;
        if (sh + bits > 8)
            w1[byte + 1] = (uint8_t)(cur >> 8);
    }
}

/* |x| >= bound, as the sign bit of bound - 1 - |x|, OR-ed over the polynomial. */
uint32_t m4crypt_mldsa_chknorm_c(const m4crypt_mldsa_poly *a, int32_t bound)
{
    uint32_t bad = 0;
    for (unsigned i = 0; i < 256; i++) {
        int32_t x = a->coeffs[i];
        int32_t s = x >> 31;
        int32_t ax = (x ^ s) - s;
        bad |= (uint32_t)(bound - 1 - ax);
    }
    return bad >> 31;
}

/* ---------------------------------------------------------------- bit packing (section 7.1) */

/* The coefficient values v_i = (sub ? b - c_i : c_i) written as nbits-bit little-endian fields,
 * least significant bit first (IntegerToBits and BitsToBytes, Alg. 9 and 12): Alg. 16 / 17. */
static void pack_bits(uint8_t *out, const m4crypt_mldsa_poly *a, unsigned nbits, int32_t b, int sub)
{
    uint64_t acc = 0;
    unsigned have = 0;
    for (unsigned i = 0; i < 256; i++) {
        uint32_t v = (uint32_t)(sub ? b - a->coeffs[i] : a->coeffs[i]) & ((1u << nbits) - 1);
        acc |= (uint64_t)v << have;
        have += nbits;
        while (have >= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
            have -= 8;
        }
    }
}

/* The inverse (Alg. 18 / 19): c_i = (sub ? b - v_i : v_i << shift). */
static void unpack_bits(m4crypt_mldsa_poly *r, const uint8_t *in, unsigned nbits, int32_t b,
                        int sub, unsigned shift)
{
    uint64_t acc = 0;
    unsigned have = 0;
    for (unsigned i = 0; i < 256; i++) {
        while (have < nbits) {
            acc |= (uint64_t)*in++ << have;
            have += 8;
        }
        int32_t v = (int32_t)(acc & ((1u << nbits) - 1));
        acc >>= nbits;
        have -= nbits;
        r->coeffs[i] = sub ? b - v : (int32_t)((uint32_t)v << shift);
    }
}

void m4crypt_mldsa_unpack_t1_shifted_c(m4crypt_mldsa_poly *r, const uint8_t in[320])
{
    unpack_bits(r, in, 10, 0, 0, M4CRYPT_MLDSA_D);
}

void m4crypt_mldsa_unpack_t0_c(m4crypt_mldsa_poly *r, const uint8_t in[416])
{
    unpack_bits(r, in, 13, 1 << 12, 1, 0);
}

void m4crypt_mldsa_pack_eta_c(uint8_t *out, const m4crypt_mldsa_poly *s, unsigned eta)
{
    pack_bits(out, s, eta == 2 ? 3 : 4, (int32_t)eta, 1);
}

/* A field v is valid iff v <= 2 eta, i.e. c = eta - v >= -eta (c <= eta always). */
uint32_t m4crypt_mldsa_unpack_eta_c(m4crypt_mldsa_poly *r, const uint8_t *in, unsigned eta)
{
    uint32_t bad = 0;
    unpack_bits(r, in, eta == 2 ? 3 : 4, (int32_t)eta, 1, 0);
    for (unsigned i = 0; i < 256; i++)
        bad |= (uint32_t)(r->coeffs[i] + (int32_t)eta);
    return bad >> 31;
}

void m4crypt_mldsa_pack_z_c(uint8_t *out, const m4crypt_mldsa_poly *z, unsigned gamma1_bits)
{
    pack_bits(out, z, gamma1_bits + 1, (int32_t)1 << gamma1_bits, 1);
}

void m4crypt_mldsa_unpack_z_c(m4crypt_mldsa_poly *r, const uint8_t *in, unsigned gamma1_bits)
{
    unpack_bits(r, in, gamma1_bits + 1, (int32_t)1 << gamma1_bits, 1, 0);
}

void m4crypt_mldsa_pack_w1_c(uint8_t *out, const m4crypt_mldsa_poly *w1, int32_t gamma2)
{
    pack_bits(out, w1, gamma2 == (Q - 1) / 88 ? 6 : 4, 0, 0);
}

/* ---------------------------------------------------------------- sampling (section 7.3) */

/* CoeffFromThreeBytes (Alg. 14): b2 with its top bit cleared, little-endian; accepted below q. */
unsigned m4crypt_mldsa_rej_uniform_c(int32_t *r, unsigned len, const uint8_t *buf,
                                     unsigned buflen)
{
    unsigned ctr = 0;
    for (unsigned pos = 0; pos + 3 <= buflen && ctr < len; pos += 3) {
        uint32_t z = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 |
                     (uint32_t)(buf[pos + 2] & 0x7f) << 16;
        if (z < Q)
            r[ctr++] = (int32_t)z;
    }
    return ctr;
}

/* The same loop with the accepted candidates appended in the 3-byte packed form. */
unsigned m4crypt_mldsa_rej_uniform_p24_c(uint8_t *out, unsigned len, const uint8_t *buf,
                                         unsigned buflen)
{
    unsigned ctr = 0;
    for (unsigned pos = 0; pos + 3 <= buflen && ctr < len; pos += 3) {
        uint8_t b2 = buf[pos + 2] & 0x7f;
        uint32_t z = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 | (uint32_t)b2 << 16;
        if (z < Q) {
            out[3 * ctr] = buf[pos], out[3 * ctr + 1] = buf[pos + 1], out[3 * ctr + 2] = b2;
            ctr++;
        }
    }
    return ctr;
}

/* CoeffFromHalfByte (Alg. 15): eta = 2: b < 15 gives 2 - (b mod 5); eta = 4: b < 9 gives 4 - b.
 * b mod 5 for b < 15 is b - 5 floor(b * 13 / 64) (exact for 0 <= b < 15). */
unsigned m4crypt_mldsa_rej_eta_c(int32_t *r, unsigned len, const uint8_t *buf, unsigned buflen,
                                 unsigned eta)
{
    unsigned ctr = 0;
    const uint32_t limit = eta == 2 ? 15 : 9;
    for (unsigned pos = 0; pos < buflen && ctr < len; pos++) {
        for (unsigned half = 0; half < 2 && ctr < len; half++) {
            uint32_t b = half ? buf[pos] >> 4 : buf[pos] & 15u;
            /* Whether a half-byte is rejected is declassified (see sign.c, "Constant time"). */
            uint32_t accept = b < limit;
            m4crypt_mldsa_ct_declassify(&accept, sizeof accept);
            if (accept) {
                int32_t v = eta == 2 ? 2 - (int32_t)(b - 5 * ((b * 13) >> 6)) : 4 - (int32_t)b;
                r[ctr++] = v;
            }
        }
    }
    return ctr;
}

/* The index bytes s || r of every entry's seed (s, r < 8: l <= 7, k <= 8): entry_index[8 s + r]
 * = {s, r}. */
#define ENTRY_ROW(s) {s, 0}, {s, 1}, {s, 2}, {s, 3}, {s, 4}, {s, 5}, {s, 6}, {s, 7}
static const uint8_t entry_index[64][2] = {ENTRY_ROW(0), ENTRY_ROW(1), ENTRY_ROW(2), ENTRY_ROW(3),
                                           ENTRY_ROW(4), ENTRY_ROW(5), ENTRY_ROW(6), ENTRY_ROW(7)};

/* Alg. 30 / 32: ctx = the SHAKE128 state of rho || s || r, ready to squeeze. rho and the index
 * bytes (from entry_index) are absorbed where they are: no copy of the seed in a frame, and
 * finalize (the permutation) is a tail call, so that this function adds nothing to the stack
 * below a caller that squeezes straight from the state (matrix_entry_acc_p24). */
__attribute__((noinline)) void m4crypt_mldsa_shake128_entry(m4crypt_keccak_ctx *ctx,
                                                            const uint8_t rho[32], uint8_t s,
                                                            uint8_t r)
{
    m4crypt_shake128_init(ctx);
    m4crypt_keccak_absorb(ctx, rho, 32);
    m4crypt_keccak_absorb(ctx, entry_index[8 * (s & 7u) + (r & 7u)], 2);
    m4crypt_keccak_finalize(ctx);
}

void m4crypt_mldsa_sample_ntt_start(m4crypt_mldsa_xof *ws, const uint8_t rho[32], uint8_t s,
                                    uint8_t r)
{
    m4crypt_mldsa_shake128_entry(&ws->ctx, rho, s, r);
    ws->have = M4CRYPT_MLDSA_STEP; /* the first step drops these (nothing delivered yet) */
    ws->total = 0;
}

/* The leftover coefficients move down by STEP words with a plain forward word copy, eight words
 * at a time (dst < src, and STEP >= 8 words apart, so it is safe in place); not as a memmove
 * call, whose byte-oriented general case costs about twice as much for these 0-55 words. GCC would turn the loop into that call: its optimize attribute
 * keeps the loop (clang has no such attribute; the host builds do not need it). */
#if defined(__GNUC__) && !defined(__clang__)
#define KEEP_COPY_LOOP __attribute__((optimize("no-tree-loop-distribute-patterns")))
#else
#define KEEP_COPY_LOOP
#endif
__attribute__((noinline)) KEEP_COPY_LOOP void m4crypt_mldsa_sample_ntt_step(m4crypt_mldsa_xof *ws)
{
    unsigned have = ws->have - M4CRYPT_MLDSA_STEP; /* drop the coefficients delivered last time */
    int32_t *c = ws->coeffs;
    unsigned i = 0;
    for (; i + 8 <= have; i += 8) { /* eight words loaded, then stored (STEP >= 8 apart) */
        int32_t c0 = c[i + M4CRYPT_MLDSA_STEP], c1 = c[i + M4CRYPT_MLDSA_STEP + 1];
        int32_t c2 = c[i + M4CRYPT_MLDSA_STEP + 2], c3 = c[i + M4CRYPT_MLDSA_STEP + 3];
        int32_t c4 = c[i + M4CRYPT_MLDSA_STEP + 4], c5 = c[i + M4CRYPT_MLDSA_STEP + 5];
        int32_t c6 = c[i + M4CRYPT_MLDSA_STEP + 6], c7 = c[i + M4CRYPT_MLDSA_STEP + 7];
        c[i] = c0, c[i + 1] = c1, c[i + 2] = c2, c[i + 3] = c3;
        c[i + 4] = c4, c[i + 5] = c5, c[i + 6] = c6, c[i + 7] = c7;
    }
    for (; i < have; i++)
        c[i] = c[i + M4CRYPT_MLDSA_STEP];
    uint8_t *buf = (uint8_t *)ws->coeffs + sizeof ws->coeffs - M4CRYPT_SHAKE128_RATE;
    while (have < M4CRYPT_MLDSA_STEP) {
        m4crypt_keccak_squeeze(&ws->ctx, buf, M4CRYPT_SHAKE128_RATE);
        unsigned n = m4crypt_mldsa_rej_uniform(ws->coeffs + have, 256u - ws->total, buf,
                                               M4CRYPT_SHAKE128_RATE);
        have += n;
        ws->total = (uint16_t)(ws->total + n);
    }
    ws->have = (uint16_t)have;
}

void m4crypt_mldsa_matrix_entry_acc(m4crypt_mldsa_poly *acc, const m4crypt_mldsa_poly *b,
                                    const uint8_t rho[32], unsigned r, unsigned s,
                                    m4crypt_mldsa_xof *ws)
{
    m4crypt_mldsa_sample_ntt_start(ws, rho, (uint8_t)s, (uint8_t)r);
    for (unsigned k = 0; k < 256; k += M4CRYPT_MLDSA_STEP) {
        m4crypt_mldsa_sample_ntt_step(ws);
        m4crypt_mldsa_pointwise_acc_part(acc->coeffs + k, ws->coeffs, b->coeffs + k);
    }
}

#if M4CRYPT_ENABLE_MLDSA_SIGN
/* Whole SHAKE128 blocks, each rejected straight into the packed entry (out + 3 n); no
 * coefficient array in between. */
__attribute__((noinline)) void m4crypt_mldsa_sample_ntt_p24(uint8_t out[768], const uint8_t rho[32],
                                                            uint8_t s, uint8_t r,
                                                            m4crypt_mldsa_xof *ws)
{
    uint8_t *buf = (uint8_t *)ws->coeffs;
    m4crypt_mldsa_sample_ntt_start(ws, rho, s, r);
    for (unsigned n = 0; n < 256;) {
        m4crypt_keccak_squeeze(&ws->ctx, buf, M4CRYPT_SHAKE128_RATE);
        n += m4crypt_mldsa_rej_uniform_p24(out + 3 * n, 256 - n, buf, M4CRYPT_SHAKE128_RATE);
    }
}
#endif

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* ExpandS: key generation only (m4crypt/config.h) */
/* The part of RejBoundedPoly whose flow depends on which half-bytes were rejected: the block
 * already squeezed into ws->buf, then one more block at a time while fewer than 256 coefficients
 * were accepted (see m4crypt_mldsa_sample_eta). Declared public to m4sim ct (its trace, including
 * how many blocks are squeezed, is a function of the rejected positions only; sign_set.h,
 * "Constant time", 2). */
__attribute__((noinline)) void m4crypt_mldsa_sample_eta_tail(m4crypt_mldsa_poly *r, unsigned eta,
                                                             m4crypt_mldsa_prf *ws)
{
    unsigned ctr = m4crypt_mldsa_rej_eta(r->coeffs, 256, ws->buf, M4CRYPT_SHAKE256_RATE, eta);
    while (ctr < 256) {
        m4crypt_keccak_squeeze(&ws->ctx, ws->buf, M4CRYPT_SHAKE256_RATE);
        ctr += m4crypt_mldsa_rej_eta(r->coeffs + ctr, 256 - ctr, ws->buf, M4CRYPT_SHAKE256_RATE,
                                     eta);
    }
}

/* Alg. 31 with H = SHAKE256 on rho' || IntegerToBytes(nonce, 2). One block (272 half-bytes) is
 * squeezed here, the others only as they are needed (in the tail): for eta = 2 (rejection
 * probability 1/16, 17 of 272 expected) one block is enough about half of the time, so always
 * squeezing two would waste a permutation in every other polynomial; for eta = 4 (7/16) two
 * blocks are almost always needed and a third with probability below 2^-16. */
void m4crypt_mldsa_sample_eta(m4crypt_mldsa_poly *r, const uint8_t rhoprime[64], uint16_t nonce,
                              unsigned eta, m4crypt_mldsa_prf *ws)
{
    uint8_t n[2] = {(uint8_t)nonce, (uint8_t)(nonce >> 8)};
    m4crypt_shake256_init(&ws->ctx);
    m4crypt_keccak_absorb(&ws->ctx, rhoprime, 64);
    m4crypt_keccak_absorb(&ws->ctx, n, 2);
    m4crypt_keccak_finalize(&ws->ctx);
    m4crypt_keccak_squeeze(&ws->ctx, ws->buf, M4CRYPT_SHAKE256_RATE);
    m4crypt_mldsa_sample_eta_tail(r, eta, ws);
}
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

/* Alg. 29: the first 8 bytes give the signs h; then for i = 256 - tau .. 255 one byte j <= i is
 * drawn (rejecting larger ones), c_i = c_j and c_j = (-1)^h[i + tau - 256]. */
/* The next SHAKE256 block of ctx into buf: the permutation straight under the caller's frame
 * (src/fips202/sponge.h), then the bytes. */
static inline void squeeze_block_into(m4crypt_keccak_ctx *ctx, uint8_t buf[M4CRYPT_SHAKE256_RATE])
{
    m4crypt_keccak_squeeze_block(ctx);
    m4crypt_keccak_state_bytes(ctx->state, 0, buf, M4CRYPT_SHAKE256_RATE);
}

__attribute__((noinline)) void m4crypt_mldsa_sample_in_ball(m4crypt_mldsa_poly *c,
                                                            const uint8_t *ctilde,
                                                            size_t ctilde_len, unsigned tau,
                                                            m4crypt_keccak_ctx *ctx,
                                                            uint8_t buf[M4CRYPT_SHAKE256_RATE])
{
    const size_t buf_bytes = M4CRYPT_SHAKE256_RATE;
    unsigned pos;
    uint64_t signs = 0;
    m4crypt_shake256_init(ctx);
    m4crypt_keccak_absorb(ctx, ctilde, ctilde_len);
    m4crypt_keccak_finalize(ctx);
    squeeze_block_into(ctx, buf);
    for (unsigned k = 0; k < 8; k++)
        signs |= (uint64_t)buf[k] << (8 * k);
    pos = 8;
    memset(c, 0, sizeof *c);
    for (unsigned i = 256 - tau; i < 256; i++) {
        unsigned j;
        do {
            if (pos == buf_bytes) {
                squeeze_block_into(ctx, buf);
                pos = 0;
            }
            j = buf[pos++];
        } while (j > i);
        c->coeffs[i] = c->coeffs[j];
        c->coeffs[j] = 1 - 2 * (int32_t)(signs & 1);
        signs >>= 1;
    }
}

__attribute__((weak)) void m4crypt_mldsa_ct_declassify(const void *p, size_t len)
{
    (void)p;
    (void)len;
}

#endif /* M4CRYPT_ENABLE_MLDSA */
