/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM tests that need no vector file:
 *   1. the arithmetic against the definitions of FIPS 203 (computed here independently): twiddle
 *      table, Montgomery and Barrett reduction (Barrett exhaustively), Compress_d / Decompress_d
 *      for every input, ByteEncode / ByteDecode, the NTT against its defining sums, products
 *      against schoolbook multiplication in Z_q[X]/(X^256 + 1), CBD, SampleNTT, PRF;
 *   2. the API: round trips for all three sets, per-set functions = generic layer, implicit
 *      rejection of random and modified ciphertexts (K = SHAKE256(z || c) computed here), keys
 *      that fail the section 7.2 / 7.3 checks, every wrong length, unknown sets, NULL buffers,
 *      and the randombytes hook (deterministic generator, failing generator).
 * --quick (the emulated M4): fewer random iterations.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/fips202.h"
#include "m4crypt/mlkem.h"
#include "mlkem/poly.h"
#include "mlkem_ek_check.h"
#include "mlkem_sets.h"

#define Q 3329

static uint8_t pk[MLKEM_VEC_BUF], sk[MLKEM_VEC_BUF], ct[MLKEM_VEC_BUF];
static uint8_t pk2[MLKEM_VEC_BUF], sk2[MLKEM_VEC_BUF], ct2[MLKEM_VEC_BUF];
static uint8_t ss[64], ss2[64], coins[64], msg[32], buf[1024];
static __attribute__((unused)) uint8_t ssr[32]; /* rejection keys (decapsulation) */

static unsigned iters(unsigned host, unsigned quick) { return t_quick() ? quick : host; }

static int32_t modq(int64_t a)
{
    int64_t r = a % Q;
    return (int32_t)(r < 0 ? r + Q : r);
}

static int32_t powq(int32_t b, unsigned e)
{
    int64_t r = 1, x = modq(b);
    while (e) {
        if (e & 1)
            r = r * x % Q;
        x = x * x % Q;
        e >>= 1;
    }
    return (int32_t)r;
}

static unsigned bitrev7(unsigned i)
{
    unsigned r = 0;
    for (int b = 0; b < 7; b++)
        r |= ((i >> b) & 1) << (6 - b);
    return r;
}

static void rand_poly(m4crypt_mlkem_poly *p, int32_t bound) /* coefficients in (-bound, bound) */
{
    for (int i = 0; i < 256; i++)
        p->coeffs[i] = (int16_t)((int32_t)(t_rand32() % (uint32_t)(2 * bound - 1)) - (bound - 1));
}

/* Bit i of a byte string, least significant bit of each byte first (FIPS 203 BytesToBits). */
static unsigned getbit(const uint8_t *b, unsigned i) { return (b[i / 8] >> (i % 8)) & 1; }
static uint32_t getbits(const uint8_t *b, unsigned pos, unsigned d)
{
    uint32_t v = 0;
    for (unsigned j = 0; j < d; j++)
        v |= (uint32_t)getbit(b, pos + j) << j;
    return v;
}

/* ---------------------------------------------------------------- arithmetic */

static void test_zetas(void)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < 128; i++) {
        int32_t want = modq((int64_t)powq(17, bitrev7(i)) * 65536);
        int32_t z = m4crypt_mlkem_zetas[i];
        bad += modq(z) != want || z > (Q - 1) / 2 || z < -(Q - 1) / 2;
    }
    CHECK(bad == 0);
    CHECK(powq(17, 128) == Q - 1 && powq(17, 256) == 1); /* 17 is a primitive 256th root */
}

static void test_reductions(void)
{
    unsigned bad = 0;
    for (int32_t a = -32768; a <= 32767; a++) {
        int16_t r = m4crypt_mlkem_barrett_reduce((int16_t)a);
        bad += r < -(Q - 1) / 2 || r > (Q - 1) / 2 || modq(r - a) != 0;
    }
    CHECK(bad == 0);
    bad = 0;
    const int32_t lim = Q * 32768 - 1;
    for (unsigned n = 0; n < iters(200000, 20000); n++) {
        int32_t a = (int32_t)(t_rand32() % (uint32_t)(2 * lim + 1)) - lim;
        if (n < 4)
            a = (n & 1 ? lim : -lim) / (n < 2 ? 1 : 7);
        int16_t r = m4crypt_mlkem_montgomery_reduce(a);
        bad += r <= -Q || r >= Q || modq((int64_t)r * 65536 - a) != 0;
    }
    CHECK(bad == 0);
}

/* Compress_d(x) = round(2^d x / q) mod 2^d by the definition (exact rational rounding, ties up:
 * round(y) = floor(y + 1/2)), and Decompress_d(y) = round(q y / 2^d). */
static uint32_t compress_def(uint32_t x, unsigned d)
{
    return (uint32_t)((((uint64_t)x << (d + 1)) + Q) / (2 * Q)) & ((1u << d) - 1);
}
static uint32_t decompress_def(uint32_t y, unsigned d)
{
    return (uint32_t)((2 * (uint64_t)Q * y + (1u << d)) / (2u << d));
}

static const unsigned DS[5] = {1, 4, 5, 10, 11};

static void test_compress(void)
{
    unsigned bad = 0;
    for (unsigned di = 0; di < 5; di++) {
        unsigned d = DS[di];
        for (uint32_t x = 0; x < Q; x++)
            bad += m4crypt_mlkem_compress((uint16_t)x, d) != compress_def(x, d);
        /* Decompress then compress is the identity (FIPS 203 section 4.2.1). */
        for (uint32_t y = 0; y < (1u << d); y++)
            bad += compress_def(decompress_def(y, d), d) != y;
    }
    CHECK(bad == 0);

    /* Whole polynomials: packing order of Alg. 5 / 6, any int16 input reduced first. */
    m4crypt_mlkem_poly a, b;
    bad = 0;
    for (unsigned n = 0; n < iters(50, 5); n++) {
        for (unsigned di = 0; di < 5; di++) {
            unsigned d = DS[di];
            rand_poly(&a, n & 1 ? 32768 : Q);
            memset(buf, 0xee, sizeof buf);
            m4crypt_mlkem_poly_compress(buf, &a, d);
            bad += buf[32 * d] != 0xee; /* wrote exactly 32 d bytes */
            for (unsigned i = 0; i < 256; i++)
                bad += getbits(buf, i * d, d) != compress_def((uint32_t)modq(a.coeffs[i]), d);
            t_rand_bytes(buf, 32 * d);
            m4crypt_mlkem_poly_decompress(&b, buf, d);
            for (unsigned i = 0; i < 256; i++)
                bad += b.coeffs[i] != (int16_t)decompress_def(getbits(buf, i * d, d), d);
        }
    }
    CHECK(bad == 0);
}

static void test_bytes12(void)
{
    m4crypt_mlkem_poly a, b;
    unsigned bad = 0;
    for (unsigned n = 0; n < iters(200, 20); n++) {
        rand_poly(&a, n & 1 ? 32768 : Q);
        m4crypt_mlkem_poly_tobytes(buf, &a);
        for (unsigned i = 0; i < 256; i++)
            bad += getbits(buf, 12 * i, 12) != (uint32_t)modq(a.coeffs[i]);
        /* ByteDecode_12 reduces mod q; re-encoding gives the input iff every value is < q.
         * Random bytes (some value >= q, almost surely) and encodings of reduced values. */
        if (n & 2) {
            for (unsigned i = 0; i < 256; i++)
                a.coeffs[i] = (int16_t)(t_rand32() % Q);
            m4crypt_mlkem_poly_tobytes(buf, &a);
        } else {
            t_rand_bytes(buf, 384);
        }
        m4crypt_mlkem_poly_frombytes(&b, buf);
        int all_below = 1;
        for (unsigned i = 0; i < 256; i++) {
            uint32_t v = getbits(buf, 12 * i, 12);
            all_below &= v < Q;
            bad += b.coeffs[i] != (int16_t)(v % Q);
        }
        m4crypt_mlkem_poly_tobytes(buf + 384, &b);
        bad += (memcmp(buf, buf + 384, 384) == 0) != all_below;
    }
    CHECK(bad == 0);
}

/* FIPS 203 section 4.3: NTT(f)[2i] = sum_j f[2j] zeta^((2 BitRev7(i) + 1) j), same for odd. */
static void test_ntt_definition(void)
{
    m4crypt_mlkem_poly a, f;
    unsigned bad = 0;
    for (unsigned n = 0; n < iters(20, 2); n++) {
        rand_poly(&a, Q);
        f = a;
        m4crypt_mlkem_poly_ntt(&f);
        for (unsigned i = 0; i < 128; i++) {
            int32_t g = powq(17, 2 * bitrev7(i) + 1), gj = 1;
            int64_t e0 = 0, e1 = 0;
            for (unsigned j = 0; j < 128; j++) {
                e0 += (int64_t)a.coeffs[2 * j] * gj;
                e1 += (int64_t)a.coeffs[2 * j + 1] * gj;
                gj = (int32_t)((int64_t)gj * g % Q);
            }
            bad += modq(f.coeffs[2 * i] - e0) != 0 || modq(f.coeffs[2 * i + 1] - e1) != 0;
            for (unsigned h = 0; h < 2; h++) /* the documented output bound (poly.h) */
                bad += f.coeffs[2 * i + h] < -M4CRYPT_MLKEM_NTT_BOUND ||
                       f.coeffs[2 * i + h] > M4CRYPT_MLKEM_NTT_BOUND;
        }
        /* invntt carries the factor R = 2^16: invntt(ntt(a)) = a R. */
        m4crypt_mlkem_poly_invntt(&f);
        for (unsigned i = 0; i < 256; i++)
            bad += modq(f.coeffs[i] - (int64_t)a.coeffs[i] * 65536) != 0 ||
                   f.coeffs[i] < -M4CRYPT_MLKEM_INVNTT_BOUND ||
                   f.coeffs[i] > M4CRYPT_MLKEM_INVNTT_BOUND;
        /* tomont multiplies by R. */
        f = a;
        m4crypt_mlkem_poly_tomont(&f);
        for (unsigned i = 0; i < 256; i++)
            bad += modq(f.coeffs[i] - (int64_t)a.coeffs[i] * 65536) != 0;
    }
    CHECK(bad == 0);
}

/* invntt(sum_k basemul(ntt(a_k), ntt(b_k))) = sum_k a_k b_k in Z_q[X]/(X^256 + 1), with the
 * largest accumulation ML-KEM uses (k = 4). */
static void test_products(void)
{
    static m4crypt_mlkem_poly a[4], b[4];
    static int64_t want[256];
    m4crypt_mlkem_poly acc;
    unsigned bad = 0;
    for (unsigned n = 0; n < iters(40, 3); n++) {
        unsigned terms = 1 + n % 4;
        memset(want, 0, sizeof want);
        memset(&acc, 0, sizeof acc);
        for (unsigned t = 0; t < terms; t++) {
            rand_poly(&a[t], n % 3 == 0 ? 4 : Q);
            rand_poly(&b[t], Q);
            for (unsigned i = 0; i < 256; i++)
                for (unsigned j = 0; j < 256; j++) {
                    int64_t p = (int64_t)a[t].coeffs[i] * b[t].coeffs[j];
                    if (i + j < 256)
                        want[i + j] += p;
                    else
                        want[i + j - 256] -= p;
                }
            m4crypt_mlkem_poly_ntt(&a[t]);
            m4crypt_mlkem_poly_ntt(&b[t]);
            m4crypt_mlkem_poly_reduce(&b[t]); /* basemul: one operand below q (poly.h) */
            m4crypt_mlkem_poly_basemul_acc(&acc, &a[t], &b[t]);
        }
        m4crypt_mlkem_poly_reduce(&acc);
        m4crypt_mlkem_poly_invntt(&acc);
        for (unsigned i = 0; i < 256; i++)
            bad += modq(acc.coeffs[i] - want[i]) != 0;
    }
    CHECK(bad == 0);
}

static void test_sampling(void)
{
    m4crypt_mlkem_poly p;
    unsigned bad = 0;
    /* CBD (Alg. 8) against bit sums. */
    for (unsigned n = 0; n < iters(200, 20); n++) {
        unsigned eta = 2 + (n & 1);
        t_rand_bytes(buf, 64 * eta);
        if (n < 4)
            memset(buf, n < 2 ? 0xff : 0x00, 64 * eta);
        if (eta == 2)
            m4crypt_mlkem_poly_cbd_eta2(&p, buf);
        else
            m4crypt_mlkem_poly_cbd_eta3(&p, buf);
        for (unsigned i = 0; i < 256; i++) {
            int x = 0, y = 0;
            for (unsigned j = 0; j < eta; j++) {
                x += (int)getbit(buf, 2 * i * eta + j);
                y += (int)getbit(buf, 2 * i * eta + eta + j);
            }
            bad += p.coeffs[i] != x - y;
        }
    }
    CHECK(bad == 0);

    /* PRF_eta(s, b) = SHAKE256(s || b) then CBD. */
    uint8_t seed[33];
    m4crypt_mlkem_poly p2;
    for (unsigned n = 0; n < iters(20, 4); n++) {
        unsigned eta = 2 + (n & 1);
        t_rand_bytes(seed, 33);
        m4crypt_shake256(buf, 64 * eta, seed, 33);
        if (eta == 2)
            m4crypt_mlkem_poly_cbd_eta2(&p2, buf);
        else
            m4crypt_mlkem_poly_cbd_eta3(&p2, buf);
        m4crypt_mlkem_poly_getnoise(&p, seed, seed[32], eta);
        CHECK_MEM(&p, &p2, sizeof p);
    }

    /* SampleNTT (Alg. 7): parse a long SHAKE128(rho || b0 || b1) stream by the definition. */
    uint8_t rho[34];
    static uint8_t stream[168 * 6];
    for (unsigned n = 0; n < iters(30, 4); n++) {
        t_rand_bytes(rho, 34);
        m4crypt_shake128(stream, sizeof stream, rho, 34);
        /* the entry in steps of M4CRYPT_MLKEM_SAMPLE_STEP coefficients (src/mlkem/poly.h) */
        static m4crypt_mlkem_scratch ws;
        m4crypt_mlkem_poly_sample_ntt_start(&ws, rho, rho[32], rho[33]);
        for (unsigned o = 0; o < 256; o += M4CRYPT_MLKEM_SAMPLE_STEP) {
            m4crypt_mlkem_poly_sample_ntt(&ws);
            memcpy(p.coeffs + o, ws.xof.coeffs, 2 * M4CRYPT_MLKEM_SAMPLE_STEP);
        }
        unsigned j = 0;
        for (unsigned pos = 0; j < 256 && pos + 3 <= sizeof stream; pos += 3) {
            uint32_t d1 = stream[pos] + 256u * (stream[pos + 1] % 16);
            uint32_t d2 = stream[pos + 1] / 16 + 16u * stream[pos + 2];
            if (d1 < Q)
                bad += p.coeffs[j++] != (int16_t)d1;
            if (d2 < Q && j < 256)
                bad += p.coeffs[j++] != (int16_t)d2;
        }
        bad += j != 256;
    }
    /* The rejection step: honours len, takes nothing >= q. */
    int16_t r[8];
    const uint8_t all_ff[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    CHECK(m4crypt_mlkem_rej_uniform(r, 8, all_ff, 6) == 0);
    const uint8_t two[3] = {0x00, 0x0d, 0xd0}; /* d1 = 0xd00 = 3328, d2 = 0xd00 */
    CHECK(m4crypt_mlkem_rej_uniform(r, 8, two, 3) == 2 && r[0] == 3328 && r[1] == 3328);
    CHECK(m4crypt_mlkem_rej_uniform(r, 1, two, 3) == 1);
    const uint8_t atq[3] = {0x01, 0x1d, 0xd0}; /* d1 = 0xd01 = q rejected, d2 = 3329 rejected */
    CHECK(m4crypt_mlkem_rej_uniform(r, 8, atq, 3) == 0);
    CHECK(bad == 0);
}

/* ---------------------------------------------------------------- API */
/* Only the parameter sets and operations this build has are tested (m4crypt/config.h,
 * mlkem_sets.h); main() says which. Where key generation is not built, make_keys() makes keys of
 * the right form, and where encapsulation is not built, ciphertexts are random bytes. */

static __attribute__((unused)) void rejection_key(uint8_t out[32], const uint8_t z[32],
                                                  const uint8_t *c, size_t clen)
{
    static uint8_t zc[32 + MLKEM_MAX_CT];
    memcpy(zc, z, 32);
    memcpy(zc + 32, c, clen);
    m4crypt_shake256(out, 32, zc, 32 + clen);
}

/* A key pair of set s from the 64 bytes c: keypair_derand(c) when key generation is built; else
 * keys of the form of FIPS 203 Alg. 16 made here (ek = random coefficients below q || random rho,
 * dk = random coefficients || ek || H(ek) || z = c[32:64]), which pass the section 7.2 and 7.3
 * checks but are no matching pair. */
static void make_keys(const mlkem_set *s, uint8_t *pkb, uint8_t *skb, const uint8_t c[64])
{
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
    CHECK(s->keypair_derand(pkb, skb, c) == 0);
#else
    for (unsigned i = 0; i < 256 * s->k; i++) {
        mlkem_set_coeff12(pkb, i, t_rand32() % Q);
        mlkem_set_coeff12(skb, i, t_rand32() % Q);
    }
    t_rand_bytes(pkb + 384 * s->k, 32);
    memcpy(skb + mlkem_dk_ek(s), pkb, s->pk);
    m4crypt_sha3_256(skb + mlkem_dk_h(s), pkb, s->pk);
    memcpy(skb + mlkem_dk_z(s), c + 32, 32);
#endif
}

/* A ciphertext for pk: encapsulated with m when encapsulation is built (shared key into key),
 * else random bytes. */
static void make_ct(const mlkem_set *s, uint8_t *c, uint8_t key[32], const uint8_t *pkb,
                    const uint8_t m[32])
{
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
    CHECK(s->enc_derand(c, key, pkb, m) == 0);
#else
    (void)pkb, (void)m;
    t_rand_bytes(c, s->ct);
    memset(key, 0, 32);
#endif
}

/* A parameter set other than s, built or not (for wrong lengths). */
static long other_set(const mlkem_set *s) { return s->set == 512 ? 768 : s->set == 768 ? 1024 : 512; }

static void test_sizes(void)
{
    for (int i = 0; i < MLKEM_NSETS; i++) {
        const mlkem_set *s = &MLKEM_SETS[i];
        CHECK(m4crypt_mlkem_publickeybytes(s->set) == 384 * s->k + 32);
        CHECK(m4crypt_mlkem_secretkeybytes(s->set) == 768 * s->k + 96);
        unsigned du = s->k == 4 ? 11 : 10, dv = s->k == 4 ? 5 : 4;
        CHECK(m4crypt_mlkem_ciphertextbytes(s->set) == 32 * (du * s->k + dv));
        CHECK(s->pk == m4crypt_mlkem_publickeybytes(s->set) &&
              s->sk == m4crypt_mlkem_secretkeybytes(s->set) &&
              s->ct == m4crypt_mlkem_ciphertextbytes(s->set));
        CHECK(s->pk == mlkem_pk_bytes(s->set) && s->sk == mlkem_sk_bytes(s->set) &&
              s->ct == mlkem_ct_bytes(s->set));
    }
    const int bad_sets[] = {0, 1, 2, 3, 4, 511, 513, 767, 1023, 1025, -512, 2048, 256,
                            512, 768, 1024 /* the ones not built, below */};
    for (unsigned i = 0; i < sizeof bad_sets / sizeof bad_sets[0]; i++) {
        if (mlkem_set_by_id(bad_sets[i]))
            continue;
        CHECK(m4crypt_mlkem_publickeybytes(bad_sets[i]) == 0);
        CHECK(m4crypt_mlkem_secretkeybytes(bad_sets[i]) == 0);
        CHECK(m4crypt_mlkem_ciphertextbytes(bad_sets[i]) == 0);
    }
}

static void test_roundtrip(const mlkem_set *s)
{
    for (unsigned n = 0; n < iters(200, 20); n++) {
        t_rand_bytes(coins, 64);
        t_rand_bytes(msg, 32);
        make_keys(s, pk, sk, coins);
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
        CHECK(m4crypt_mlkem_keypair(s->set, pk2, s->pk, sk2, s->sk, coins) == 0);
        CHECK_MEM(pk, pk2, s->pk);
        CHECK_MEM(sk, sk2, s->sk);
        /* Layout of Alg. 16: ek, H(ek) and z inside dk. */
        CHECK_MEM(sk + mlkem_dk_ek(s), pk, s->pk);
        m4crypt_sha3_256(ss2, pk, s->pk);
        CHECK_MEM(sk + mlkem_dk_h(s), ss2, 32);
        CHECK_MEM(sk + mlkem_dk_z(s), coins + 32, 32);
#endif
        CHECK(s->check_pk(pk) == 0 && s->check_sk(sk) == 0);

        make_ct(s, ct, ss, pk, msg);
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
        CHECK(m4crypt_mlkem_encaps(s->set, ct2, s->ct, ss2, pk, s->pk, msg) == 0);
        CHECK_MEM(ct, ct2, s->ct);
        CHECK_MEM(ss, ss2, 32);
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
        memset(ss2, 0, 32);
        CHECK(s->dec(ss2, ct, sk) == 0);
        memset(ss2 + 32, 0, 32);
        CHECK(m4crypt_mlkem_decaps(s->set, ss2 + 32, ct, s->ct, sk, s->sk) == 0);
        CHECK_MEM(ss2, ss2 + 32, 32);
        rejection_key(ssr, sk + mlkem_dk_z(s), ct, s->ct);
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS
        /* Both sides agree, and the shared key is not the rejection key. */
        CHECK_MEM(ss, ss2, 32);
        CHECK(memcmp(ss, ssr, 32) != 0);
#else
        /* No matching key pair (make_keys) or a random ciphertext: implicit rejection. */
        CHECK_MEM(ss2, ssr, 32);
#endif

        /* A modified ciphertext (one bit) decapsulates to J(z || c'). */
        unsigned bit = t_rand32() % (unsigned)(8 * s->ct);
        memcpy(ct2, ct, s->ct);
        ct2[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        CHECK(m4crypt_mlkem_decaps(s->set, ss2, ct2, s->ct, sk, s->sk) == 0);
        rejection_key(ssr, sk + mlkem_dk_z(s), ct2, s->ct);
        CHECK_MEM(ss2, ssr, 32);
        /* A random ciphertext too, and decapsulation is deterministic. */
        t_rand_bytes(ct2, s->ct);
        CHECK(s->dec(ss2, ct2, sk) == 0);
        CHECK(s->dec(ss2 + 32, ct2, sk) == 0);
        rejection_key(ssr, sk + mlkem_dk_z(s), ct2, s->ct);
        CHECK_MEM(ss2, ssr, 32);
        CHECK_MEM(ss2 + 32, ssr, 32);
#endif
    }
}

#if M4CRYPT_ENABLE_MLKEM_DECAPS
/* Decapsulation writes ss only after its last read of ct and sk, so ss may overlap either (a
 * valid and a tampered ciphertext; ss at the start, middle and end of ct, and inside sk). */
static void test_aliasing(const mlkem_set *s)
{
    t_rand_bytes(coins, 64);
    t_rand_bytes(msg, 32);
    make_keys(s, pk, sk, coins);
    make_ct(s, ct, ss, pk, msg);
    for (int tamper = 0; tamper < 2; tamper++) {
        if (tamper)
            ct[7] ^= 1;
        CHECK(s->dec(ssr, ct, sk) == 0);
        const size_t offs[3] = {0, s->ct / 2, s->ct - 32};
        for (int k = 0; k < 3; k++) {
            memcpy(ct2, ct, s->ct);
            CHECK(s->dec(ct2 + offs[k], ct2, sk) == 0);
            CHECK_MEM(ct2 + offs[k], ssr, 32);
        }
        memcpy(sk2, sk, s->sk);
        CHECK(s->dec(sk2 + s->sk - 32, ct, sk2) == 0); /* over z */
        CHECK_MEM(sk2 + s->sk - 32, ssr, 32);
        memcpy(sk2, sk, s->sk);
        CHECK(s->dec(sk2 + 100, ct, sk2) == 0); /* over dk_PKE */
        CHECK_MEM(sk2 + 100, ssr, 32);
    }
}
#endif

static void test_bad_keys(const mlkem_set *s)
{
    /* Section 7.2 check 2 at every coefficient position (the check reads 8 values from 12 bytes
     * at a time, each position of the group differently): q and 4095 rejected, q - 1 and 0
     * accepted. */
    t_rand_bytes(coins, 64);
    make_keys(s, pk, sk, coins);
    memcpy(pk2, pk, s->pk);
    unsigned wrong = 0;
    for (unsigned i = 0; i < 256 * s->k; i++) {
        mlkem_set_coeff12(pk2, i, i & 1 ? 4095 : Q);
        wrong += s->check_pk(pk2) != M4CRYPT_ERR_PUBLIC_KEY;
        mlkem_set_coeff12(pk2, i, i & 1 ? 0 : Q - 1);
        wrong += s->check_pk(pk2) != 0;
    }
    CHECK(wrong == 0);
    for (unsigned n = 0; n < iters(30, 6); n++) {
        t_rand_bytes(coins, 64);
        t_rand_bytes(msg, 32);
        make_keys(s, pk, sk, coins);
        make_ct(s, ct, ss, pk, msg);

        /* Section 7.2: one coefficient >= q anywhere in ek is rejected; q - 1 is fine. */
        unsigned i = t_rand32() % (256 * s->k);
        static const unsigned vals[] = {Q, Q + 1, 4095};
        memcpy(pk2, pk, s->pk);
        mlkem_set_coeff12(pk2, i, vals[n % 3]);
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
        CHECK_FAILS_ZEROED(m4crypt_mlkem_encaps(s->set, ct2, s->ct, ss2, pk2, s->pk, msg),
                           M4CRYPT_ERR_PUBLIC_KEY, ct2, s->ct, ss2, 32);
        CHECK_FAILS_ZEROED(s->enc(ct2, ss2, pk2), M4CRYPT_ERR_PUBLIC_KEY, ct2, s->ct, ss2, 32);
#endif
        CHECK(s->check_pk(pk2) == M4CRYPT_ERR_PUBLIC_KEY);
        mlkem_set_coeff12(pk2, i, Q - 1);
        CHECK(s->check_pk(pk2) == 0);
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
        CHECK(m4crypt_mlkem_encaps(s->set, ct2, s->ct, ss2, pk2, s->pk, msg) == 0);
#endif
        /* rho (the last 32 bytes) is not checked. */
        memcpy(pk2, pk, s->pk);
        pk2[s->pk - 1 - n % 32] ^= 0xff;
        CHECK(s->check_pk(pk2) == 0);

        /* Section 7.3: a changed ek or H(ek) inside dk fails the hash check. */
        memcpy(sk2, sk, s->sk);
        sk2[mlkem_dk_ek(s) + t_rand32() % s->pk] ^= (uint8_t)(1u << (n % 8));
#if M4CRYPT_ENABLE_MLKEM_DECAPS
        memset(ss2, 0xaa, 32);
        CHECK(m4crypt_mlkem_decaps(s->set, ss2, ct, s->ct, sk2, s->sk) == M4CRYPT_ERR_SECRET_KEY);
        CHECK(t_all_zero(ss2, 32));
#endif
        CHECK(s->check_sk(sk2) == M4CRYPT_ERR_SECRET_KEY);
        memcpy(sk2, sk, s->sk);
        sk2[mlkem_dk_h(s) + n % 32] ^= 0x80;
        CHECK(s->check_sk(sk2) == M4CRYPT_ERR_SECRET_KEY);
#if M4CRYPT_ENABLE_MLKEM_DECAPS
        memset(ss2, 0xaa, 32);
        CHECK(s->dec(ss2, ct, sk2) == M4CRYPT_ERR_SECRET_KEY);
        CHECK(t_all_zero(ss2, 32));
#endif
        /* A changed z passes the check; valid ciphertexts still give K, others J(z' || c). */
        memcpy(sk2, sk, s->sk);
        sk2[mlkem_dk_z(s) + n % 32] ^= 0x01;
        CHECK(s->check_sk(sk2) == 0);
#if M4CRYPT_ENABLE_MLKEM_DECAPS
        CHECK(s->dec(ss2, ct, sk2) == 0);
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS
        CHECK_MEM(ss2, ss, 32);
#endif
        memcpy(ct2, ct, s->ct);
        ct2[n % s->ct] ^= 0x10;
        CHECK(s->dec(ss2, ct2, sk2) == 0);
        rejection_key(ssr, sk2 + mlkem_dk_z(s), ct2, s->ct);
        CHECK_MEM(ss2, ssr, 32);
        /* A changed secret vector s passes the check but (overwhelmingly likely) decrypts to a
         * different m', so the ciphertext is rejected implicitly. */
        memcpy(sk2, sk, s->sk);
        mlkem_set_coeff12(sk2, t_rand32() % (256 * s->k), 1000 + n);
        if (memcmp(sk2, sk, s->sk) != 0) {
            CHECK(s->dec(ss2, ct, sk2) == 0);
            rejection_key(ssr, sk2 + mlkem_dk_z(s), ct, s->ct);
            CHECK_MEM(ss2, ssr, 32);
        }
#endif
    }
}

/* Two length arguments of one call. */
typedef struct {
    size_t a, b;
} length_pair;

/* The i-th of the 12 length pairs test_lengths tries for two length arguments whose right values
 * are a and b (a2, b2: another set's): for i < 6, a wrong (0, 1, one short, one over, a2, b) and b
 * right; for i >= 6, the other way round. */
static length_pair wrong_lengths(unsigned i, size_t a, size_t a2, size_t b, size_t b2)
{
    const size_t wrong_a[6] = {0, 1, a - 1, a + 1, a2, b}, wrong_b[6] = {0, 1, b - 1, b + 1, b2, a};
    return i < 6 ? (length_pair){wrong_a[i], b} : (length_pair){a, wrong_b[i - 6]};
}

/* Every length argument wrong in turn (and the other ones right): M4CRYPT_ERR_LENGTH, each
 * output zeroed over the length given for it. */
static void test_lengths(const mlkem_set *s)
{
    const long other = other_set(s);
    const size_t other_pk = mlkem_pk_bytes(other), other_sk = mlkem_sk_bytes(other),
                 other_ct = mlkem_ct_bytes(other);
    t_rand_bytes(coins, 64);
    make_keys(s, pk, sk, coins);
    make_ct(s, ct, ss, pk, coins);
    memcpy(pk2, pk, s->pk);
    memcpy(sk2, sk, s->sk);
    memcpy(ct2, ct, s->ct);
    static uint8_t out[2][MLKEM_VEC_BUF]; /* the outputs, 0xaa before each call */
    (void)out, (void)other_pk, (void)other_sk, (void)other_ct;
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
    for (unsigned i = 0; i < 12; i++) {
        const length_pair l = wrong_lengths(i, s->pk, other_pk, s->sk, other_sk);
        memset(out, 0xaa, sizeof out);
        CHECK(m4crypt_mlkem_keypair(s->set, out[0], l.a, out[1], l.b, coins) == M4CRYPT_ERR_LENGTH);
        CHECK(t_all_zero(out[0], l.a) && out[0][l.a] == 0xaa);
        CHECK(t_all_zero(out[1], l.b) && out[1][l.b] == 0xaa);
        CHECK(m4crypt_mlkem_keypair(s->set, out[0], l.a, out[1], l.b, NULL) == M4CRYPT_ERR_LENGTH);
    }
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
    for (unsigned i = 0; i < 12; i++) {
        const length_pair l = wrong_lengths(i, s->ct, other_ct, s->pk, other_pk);
        if (l.a == s->ct && l.b == s->pk)
            continue; /* ML-KEM-1024 has |ct| = |pk| */
        memset(out, 0xaa, sizeof out);
        CHECK(m4crypt_mlkem_encaps(s->set, out[0], l.a, out[1], pk, l.b, coins) ==
              M4CRYPT_ERR_LENGTH);
        CHECK(t_all_zero(out[0], l.a) && out[0][l.a] == 0xaa);
        CHECK(t_all_zero(out[1], 32) && out[1][32] == 0xaa);
        CHECK(m4crypt_mlkem_encaps(s->set, out[0], l.a, out[1], pk, l.b, NULL) ==
              M4CRYPT_ERR_LENGTH);
    }
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
    for (unsigned i = 0; i < 12; i++) {
        const length_pair l = wrong_lengths(i, s->ct, other_ct, s->sk, other_sk);
        memset(out, 0xaa, sizeof out);
        CHECK(m4crypt_mlkem_decaps(s->set, out[1], ct, l.a, sk, l.b) == M4CRYPT_ERR_LENGTH);
        CHECK(t_all_zero(out[1], 32) && out[1][32] == 0xaa);
    }
#endif
    /* Inputs untouched. */
    CHECK_MEM(pk, pk2, s->pk);
    CHECK_MEM(sk, sk2, s->sk);
    CHECK_MEM(ct, ct2, s->ct);
}

static void test_params(void)
{
    const mlkem_set *s = &MLKEM_SETS[0];
    t_rand_bytes(coins, 64);
    make_keys(s, pk, sk, coins);
    make_ct(s, ct, ss, pk, coins);
    /* unknown sets, and the standard sets this build does not have */
    const int bad_sets[] = {0, 1, 3, 511, 769, -768, 1024 * 2, 76800, 512, 768, 1024};
    for (unsigned i = 0; i < sizeof bad_sets / sizeof bad_sets[0]; i++) {
        int set = bad_sets[i];
        if (mlkem_set_by_id(set))
            continue;
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
        CHECK_FAILS_ZEROED(m4crypt_mlkem_keypair(set, pk2, s->pk, sk2, s->sk, coins),
                           M4CRYPT_ERR_PARAM, pk2, s->pk, sk2, s->sk);
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
        CHECK_FAILS_ZEROED(m4crypt_mlkem_encaps(set, ct2, s->ct, ss2, pk, s->pk, NULL),
                           M4CRYPT_ERR_PARAM, ct2, s->ct, ss2, 32);
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
        memset(ss2, 0xaa, 32);
        CHECK(m4crypt_mlkem_decaps(set, ss2, ct, s->ct, sk, s->sk) == M4CRYPT_ERR_PARAM);
        CHECK(t_all_zero(ss2, 32));
#endif
    }
    /* NULL buffers. */
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
    memset(sk2, 0xaa, s->sk);
    CHECK(m4crypt_mlkem_keypair(s->set, NULL, s->pk, sk2, s->sk, coins) == M4CRYPT_ERR_PARAM);
    CHECK(t_all_zero(sk2, s->sk));
    CHECK(m4crypt_mlkem_keypair(s->set, pk2, s->pk, NULL, s->sk, NULL) == M4CRYPT_ERR_PARAM);
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
    memset(ss2, 0xaa, 32);
    CHECK(m4crypt_mlkem_encaps(s->set, NULL, s->ct, ss2, pk, s->pk, NULL) == M4CRYPT_ERR_PARAM);
    CHECK(t_all_zero(ss2, 32));
    CHECK(m4crypt_mlkem_encaps(s->set, ct2, s->ct, NULL, pk, s->pk, NULL) == M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mlkem_encaps(s->set, ct2, s->ct, ss2, NULL, s->pk, NULL) == M4CRYPT_ERR_PARAM);
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
    CHECK(m4crypt_mlkem_decaps(s->set, NULL, ct, s->ct, sk, s->sk) == M4CRYPT_ERR_PARAM);
    memset(ss2, 0xaa, 32);
    CHECK(m4crypt_mlkem_decaps(s->set, ss2, NULL, s->ct, sk, s->sk) == M4CRYPT_ERR_PARAM);
    CHECK(t_all_zero(ss2, 32));
    CHECK(m4crypt_mlkem_decaps(s->set, ss2, ct, s->ct, NULL, s->sk) == M4CRYPT_ERR_PARAM);
    /* And the same calls with everything right succeed. */
    CHECK(m4crypt_mlkem_decaps(s->set, ss2, ct, s->ct, sk, s->sk) == 0);
    CHECK(s->dec(ss2 + 32, ct, sk) == 0);
    CHECK_MEM(ss2, ss2 + 32, 32);
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS
    CHECK_MEM(ss2, ss, 32);
#endif
#endif
}

/* ---------------------------------------------------------------- randombytes hook */

typedef struct {
    uint64_t state;
    unsigned calls;
    size_t lens[8];
    uint8_t last[64];
    int fail;
} det_rng_ctx;

static int det_rng(void *vctx, uint8_t *out, size_t len)
{
    det_rng_ctx *c = vctx;
    if (c->calls < 8)
        c->lens[c->calls] = len;
    c->calls++;
    for (size_t i = 0; i < len; i++) {
        c->state = c->state * 6364136223846793005ull + 1442695040888963407ull;
        out[i] = (uint8_t)(c->state >> 56);
    }
    if (len <= sizeof c->last)
        memcpy(c->last, out, len);
    return c->fail ? -1 : 0;
}

static void test_randombytes(const mlkem_set *s)
{
    det_rng_ctx c;
    memset(&c, 0, sizeof c);
    c.state = 0x1234567u + (uint64_t)s->set;
    unsigned before;
    make_keys(s, pk, sk, coins);
    m4crypt_set_randombytes(det_rng, &c);

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
    /* keypair draws d || z (64 bytes in one call) and equals keypair_derand on them. */
    before = c.calls;
    CHECK(m4crypt_mlkem_keypair(s->set, pk, s->pk, sk, s->sk, NULL) == 0);
    CHECK(c.calls == before + 1 && c.lens[before] == 64);
    CHECK(s->keypair_derand(pk2, sk2, c.last) == 0);
    CHECK_MEM(pk, pk2, s->pk);
    CHECK_MEM(sk, sk2, s->sk);
    CHECK(s->keypair(pk2, sk2) == 0);
    CHECK(c.calls == before + 2 && c.lens[before + 1] == 64);
    CHECK(memcmp(pk, pk2, s->pk) != 0); /* fresh coins */
    CHECK(s->keypair_derand(pk, sk, c.last) == 0);
    CHECK_MEM(pk, pk2, s->pk);
    CHECK_MEM(sk, sk2, s->sk);
#endif

#if M4CRYPT_ENABLE_MLKEM_ENCAPS
    /* enc draws m (32 bytes) and equals enc_derand with it. */
    before = c.calls;
    CHECK(m4crypt_mlkem_encaps(s->set, ct, s->ct, ss, pk, s->pk, NULL) == 0);
    CHECK(c.calls == before + 1 && c.lens[before] == 32);
    CHECK(s->enc_derand(ct2, ss2, pk, c.last) == 0);
    CHECK_MEM(ct, ct2, s->ct);
    CHECK_MEM(ss, ss2, 32);
    CHECK(s->enc(ct, ss, pk) == 0);
    CHECK(c.calls == before + 2 && c.lens[before + 1] == 32);
    CHECK(s->enc_derand(ct2, ss2, pk, c.last) == 0);
    CHECK_MEM(ct, ct2, s->ct);
    CHECK_MEM(ss, ss2, 32);
#else
    make_ct(s, ct, ss, pk, msg);
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
    CHECK(s->dec(ss2, ct, sk) == 0);
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS
    CHECK_MEM(ss, ss2, 32);
#endif
    /* Decapsulation needs no randomness. */
    before = c.calls;
    CHECK(m4crypt_mlkem_decaps(s->set, ss2 + 32, ct, s->ct, sk, s->sk) == 0);
    CHECK_MEM(ss2, ss2 + 32, 32);
    CHECK(c.calls == before);
#endif

    /* A failing generator: M4CRYPT_ERR_RANDOM and zeroed outputs. */
    c.fail = 1;
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
    CHECK_FAILS_ZEROED(m4crypt_mlkem_keypair(s->set, pk2, s->pk, sk2, s->sk, NULL),
                       M4CRYPT_ERR_RANDOM, pk2, s->pk, sk2, s->sk);
    CHECK_FAILS_ZEROED(s->keypair(pk2, sk2), M4CRYPT_ERR_RANDOM, pk2, s->pk, sk2, s->sk);
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
    CHECK_FAILS_ZEROED(m4crypt_mlkem_encaps(s->set, ct2, s->ct, ss2, pk, s->pk, NULL),
                       M4CRYPT_ERR_RANDOM, ct2, s->ct, ss2, 32);
    CHECK_FAILS_ZEROED(s->enc(ct2, ss2, pk), M4CRYPT_ERR_RANDOM, ct2, s->ct, ss2, 32);
#endif
    /* With coins / m given, the generator is not consulted. */
    before = c.calls;
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
    CHECK(m4crypt_mlkem_keypair(s->set, pk2, s->pk, sk2, s->sk, coins) == 0);
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
    CHECK(m4crypt_mlkem_encaps(s->set, ct2, s->ct, ss2, pk, s->pk, msg) == 0);
#endif
    CHECK(c.calls == before);

    m4crypt_set_randombytes(NULL, NULL);
    /* The platform generator works too. */
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
    CHECK(m4crypt_mlkem_keypair(s->set, pk, s->pk, sk, s->sk, NULL) == 0);
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
    CHECK(m4crypt_mlkem_encaps(s->set, ct, s->ct, ss, pk, s->pk, NULL) == 0);
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_DECAPS /* and that ciphertext decapsulates */
    CHECK(m4crypt_mlkem_decaps(s->set, ss2, ct, s->ct, sk, s->sk) == 0);
    CHECK_MEM(ss, ss2, 32);
#endif
#endif
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(203);
    test_zetas();
    test_reductions();
    test_compress();
    test_bytes12();
    test_ntt_definition();
    test_products();
    test_sampling();
    t_printf("  arithmetic: %u checks\n", t_passed);
    test_sizes();
    test_params();
    t_printf("  built: %d parameter set(s); key generation %s, encapsulation %s, decapsulation %s "
             "(m4crypt/config.h)\n", MLKEM_NSETS, M4CRYPT_ENABLE_MLKEM_KEYPAIR ? "yes" : "no",
             M4CRYPT_ENABLE_MLKEM_ENCAPS ? "yes" : "no", M4CRYPT_ENABLE_MLKEM_DECAPS ? "yes" : "no");
    for (int i = 0; i < MLKEM_NSETS; i++) {
        const mlkem_set *s = &MLKEM_SETS[i];
        unsigned before = t_passed;
        test_roundtrip(s);
        test_bad_keys(s);
#if M4CRYPT_ENABLE_MLKEM_DECAPS
        test_aliasing(s);
#endif
        test_lengths(s);
        test_randombytes(s);
        t_printf("  ML-KEM-%d: %u checks\n", s->set, t_passed - before);
    }
    return t_summary("test_mlkem");
}
