/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin tests of ML-KEM's replaceable polynomial functions (src/mlkem/poly.h): the
 * implementation the build selects (the ARMv7E-M assembly in the m4-armv7m configuration,
 * src/mlkem/armv7m/) against the portable _c function, on at least 1000 random inputs each plus
 * the edge values: every coefficient at the documented input bound with either sign, zeros,
 * alternating extremes, and the worst cases of each lazy-reduction bound the assembly relies on.
 *
 * Where the contract allows different representatives (NTT output, inverse NTT output, ...),
 * the two results are compared modulo q and the selected implementation's output is checked
 * against the documented bound; elsewhere they must be equal. On a build without the backend
 * each test compares the C function with itself and says so.
 */
#include <string.h>

#include "poly_twin.h"

#define say(fn, have) twin_say("mlkem_armv7m", (fn), (have))

#ifdef M4CRYPT_MLKEM_HAVE_POLY_NTT
#define HAVE_NTT 1
#else
#define HAVE_NTT 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_INVNTT
#define HAVE_INVNTT 1
#else
#define HAVE_INVNTT 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_BASEMUL_ACC
#define HAVE_BASEMUL 1
#else
#define HAVE_BASEMUL 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_BASEMUL
#define HAVE_BASEMUL_NACC 1
#else
#define HAVE_BASEMUL_NACC 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_REDUCE
#define HAVE_REDUCE 1
#else
#define HAVE_REDUCE 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_COMPRESS
#define HAVE_COMPRESS 1
#else
#define HAVE_COMPRESS 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_DECOMPRESS
#define HAVE_DECOMPRESS 1
#else
#define HAVE_DECOMPRESS 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_REJ_UNIFORM
#define HAVE_REJ 1
#else
#define HAVE_REJ 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_CBD_ETA2
#define HAVE_CBD2 1
#else
#define HAVE_CBD2 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_CBD_ETA3
#define HAVE_CBD3 1
#else
#define HAVE_CBD3 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_TOMONT
#define HAVE_TOMONT 1
#else
#define HAVE_TOMONT 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_TOBYTES
#define HAVE_TOBYTES 1
#else
#define HAVE_TOBYTES 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_FROMBYTES
#define HAVE_FROMBYTES 1
#else
#define HAVE_FROMBYTES 0
#endif

/* ------------------------------------------------- NTT and inverse NTT: shared sweep */

typedef struct {
    void (*selected)(m4crypt_mlkem_poly *); /* what the build selects (assembly in m4-armv7m) */
    void (*twin)(m4crypt_mlkem_poly *);     /* the portable _c function */
    int32_t out_bound;                /* documented output bound of the selected one */
} transform;

static unsigned transform_twin(const transform *t, const m4crypt_mlkem_poly *in)
{
    m4crypt_mlkem_poly a = *in, b = *in;
    t->selected(&a);
    t->twin(&b);
    return diff_modq(&a, &b, t->out_bound);
}

/* Every edge polynomial at each of the nb magnitude bounds, then random polynomials: every third
 * with magnitudes up to small, the others up to large. Returns the number of bad coefficients. */
static unsigned transform_sweep(const transform *t, const int32_t *bounds, unsigned nb,
                                int32_t small, int32_t large)
{
    m4crypt_mlkem_poly p;
    unsigned bad = 0;
    for (unsigned b = 0; b < nb; b++)
        for (unsigned e = 0; e < EDGES; e++) {
            edge_poly(&p, e, bounds[b]);
            bad += transform_twin(t, &p);
        }
    for (unsigned n = 0; n < iters(4000, 1000); n++) {
        rand_poly(&p, n % 3 == 0 ? small : large);
        bad += transform_twin(t, &p);
    }
    return bad;
}

/* ---------------------------------------------------------------- NTT */

static void test_ntt(void)
{
    say("poly_ntt", HAVE_NTT);
    static const transform ntt = {m4crypt_mlkem_poly_ntt, m4crypt_mlkem_poly_ntt_c,
                                  M4CRYPT_MLKEM_NTT_BOUND};
    /* Edges at the input bound |x| <= q - 1 (the lazy-reduction bound 14976 is reached from
     * there), at small values (CBD outputs) and at q/2. */
    static const int32_t bounds[] = {Q - 1, Q - 2, (Q - 1) / 2, 3, 1};
    CHECK(transform_sweep(&ntt, bounds, sizeof bounds / sizeof bounds[0], 3, Q - 1) == 0);
}

/* ---------------------------------------------------------------- inverse NTT */

static void test_invntt(void)
{
    say("poly_invntt", HAVE_INVNTT);
    static const transform invntt = {m4crypt_mlkem_poly_invntt, m4crypt_mlkem_poly_invntt_c,
                                     M4CRYPT_MLKEM_INVNTT_BOUND};
    /* Edges at the input bound |x| <= 4q - 1: layer 1's sums and differences reach 8q - 2 and
     * must not wrap; the sums of layers 2-5 reach 16 * 1664 (the reduced one) and those of
     * layers 6-7 the output bound. Also q - 1, (q - 1) / 2 (what poly_reduce gives) and 1. */
    static const int32_t bounds[] = {4 * Q - 1, 4 * Q - 2, 2 * Q, Q - 1, (Q - 1) / 2, 1};
    unsigned bad = transform_sweep(&invntt, bounds, sizeof bounds / sizeof bounds[0],
                                   (Q - 1) / 2, 4 * Q - 1);
    m4crypt_mlkem_poly p;
    /* Worst cases for the largest sums: the values where every butterfly of a lane adds up
     * magnitudes. A sum a + b of layer k is largest when a and b have equal signs; the input
     * that maximises word 0 after layers 1-3 is all-equal signs (edge 0 and 1 above); random
     * sign patterns per block of 8 words cover the others. */
    for (unsigned n = 0; n < iters(400, 100); n++) {
        for (int i = 0; i < 256; i++)
            p.coeffs[i] = (int16_t)((t_rand32() >> (i % 16)) & 1 ? 4 * Q - 1 : -(4 * Q - 1));
        bad += transform_twin(&invntt, &p);
    }
    CHECK(bad == 0);
}

/* ---------------------------------------------------------------- base multiplication */

/* r += a * b by both implementations from the same r; they must agree mod q and the selected
 * one must add less than q to every coefficient (poly.h). */
static unsigned basemul_twin(const m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                             const m4crypt_mlkem_poly *b)
{
    m4crypt_mlkem_poly x = *r, y = *r;
    m4crypt_mlkem_poly_basemul_acc(&x, a, b);
    m4crypt_mlkem_poly_basemul_acc_c(&y, a, b);
    unsigned bad = 0;
    for (int i = 0; i < 256; i++) {
        int32_t added = x.coeffs[i] - r->coeffs[i];
        bad += modq(x.coeffs[i]) != modq(y.coeffs[i]) || added >= Q || added <= -Q;
    }
    return bad;
}

/* r = a * b (no accumulation) by both implementations, from different garbage in r (the result
 * must not depend on it); equal mod q, |x| < q; also in place (r = a and r = b). */
static unsigned basemul_nacc_twin(const m4crypt_mlkem_poly *a, const m4crypt_mlkem_poly *b)
{
    m4crypt_mlkem_poly x, y;
    unsigned bad = 0;
    rand_poly(&x, 32767);
    rand_poly(&y, 32767);
    m4crypt_mlkem_poly_basemul(&x, a, b);
    m4crypt_mlkem_poly_basemul_c(&y, a, b);
    for (int i = 0; i < 256; i++)
        bad += modq(x.coeffs[i]) != modq(y.coeffs[i]) || x.coeffs[i] >= Q || x.coeffs[i] <= -Q;
    /* the accumulating version from r = 0 must give the same representatives */
    m4crypt_mlkem_poly z;
    memset(&z, 0, sizeof z);
    m4crypt_mlkem_poly_basemul_acc(&z, a, b);
    bad += memcmp(&z, &x, sizeof z) != 0;
    m4crypt_mlkem_poly ia = *a, ib = *b;
    m4crypt_mlkem_poly_basemul(&ia, &ia, b);
    m4crypt_mlkem_poly_basemul(&ib, a, &ib);
    bad += memcmp(&ia, &x, sizeof x) != 0;
    bad += memcmp(&ib, &x, sizeof x) != 0;
    return bad;
}

/* Both base multiplications on the same inputs, each pair of operands in both orders: acc 1,
 * r += a * b (basemul_twin, r drawn too); acc 0, r = a * b (basemul_nacc_twin). Edges: one
 * operand at +-(q-1), the other at +-NTT bound (both orders), all sign patterns of the edge
 * polynomials (equal signs give the largest sums a0 b1 + a1 b0 = 2 (q-1) 14976, the bound the
 * Montgomery reduction relies on); r at +-4q (three calls already accumulated on a reduced r)
 * and zero. Then random operands, and the largest products in random positions (every
 * coefficient at its bound with a random sign). Returns the mismatches. */
static unsigned basemul_cases(int acc)
{
    m4crypt_mlkem_poly a, b, r;
    unsigned bad = 0;
    const int32_t NB = M4CRYPT_MLKEM_NTT_BOUND;
#define TWIN(x, y) (acc ? basemul_twin(&r, (x), (y)) : basemul_nacc_twin((x), (y)))
    for (unsigned e1 = 0; e1 < EDGES; e1++)
        for (unsigned e2 = 0; e2 < EDGES; e2++) {
            edge_poly(&a, e1, Q - 1);
            edge_poly(&b, e2, NB);
            if (acc)
                edge_poly(&r, (e1 + e2) % EDGES, 4 * Q);
            bad += TWIN(&a, &b);
            bad += TWIN(&b, &a);
        }
    for (unsigned n = 0; n < iters(4000, 1000); n++) {
        rand_poly(&a, Q - 1);
        rand_poly(&b, n % 2 ? NB : Q - 1);
        if (acc)
            rand_poly(&r, n % 3 ? 4 * Q : Q / 2);
        bad += n % 4 < 2 ? TWIN(&a, &b) : TWIN(&b, &a);
    }
    for (unsigned n = 0; n < iters(400, 100); n++) {
        for (int i = 0; i < 256; i++) {
            a.coeffs[i] = (int16_t)(t_rand32() & 1 ? Q - 1 : -(Q - 1));
            b.coeffs[i] = (int16_t)(t_rand32() & 1 ? NB : -NB);
            if (acc)
                r.coeffs[i] = (int16_t)(t_rand32() & 1 ? 4 * Q : -4 * Q);
        }
        bad += TWIN(&a, &b);
        bad += TWIN(&b, &a);
    }
#undef TWIN
    return bad;
}

static void test_basemul(void)
{
    say("poly_basemul_acc", HAVE_BASEMUL);
    CHECK(basemul_cases(1) == 0);
}

static void test_basemul_nacc(void)
{
    say("poly_basemul", HAVE_BASEMUL_NACC);
    CHECK(basemul_cases(0) == 0);
}

/* ---------------------------------------------------------------- reduction */

static unsigned reduce_twin(const m4crypt_mlkem_poly *in)
{
    m4crypt_mlkem_poly a = *in, b = *in;
    m4crypt_mlkem_poly_reduce(&a);
    m4crypt_mlkem_poly_reduce_c(&b);
    return memcmp(&a, &b, sizeof a) != 0;
}

static void test_reduce(void)
{
    say("poly_reduce", HAVE_REDUCE);
    m4crypt_mlkem_poly p;
    unsigned bad = 0;
    /* Every int16 value, in every coefficient position class (the value v goes to position
     * (v + k) mod 256 in round k, so both halves of a word and every word see all values). */
    for (unsigned k = 0; k < (t_quick() ? 2u : 8u); k++)
        for (int32_t base = -32768; base < 32768; base += 256) {
            for (int i = 0; i < 256; i++)
                p.coeffs[(i + k) % 256] = (int16_t)(base + i);
            bad += reduce_twin(&p);
        }
    for (unsigned e = 0; e < EDGES; e++) {
        edge_poly(&p, e, 32767);
        bad += reduce_twin(&p);
        edge_poly(&p, e, 32768);
        bad += reduce_twin(&p);
        edge_poly(&p, e, Q / 2 + 1);
        bad += reduce_twin(&p);
    }
    for (unsigned n = 0; n < iters(4000, 1000); n++) {
        rand_poly(&p, n % 2 ? 32767 : 4 * Q);
        bad += reduce_twin(&p);
    }
    CHECK(bad == 0);
}

/* ---------------------------------------------------------------- compression */

static const unsigned DS[5] = {1, 4, 5, 10, 11};

/* Both compressions of a into buffers at byte offset off (0..3, unaligned on purpose) with
 * guard bytes around; the output and the guards must be identical. */
static unsigned compress_twin(const m4crypt_mlkem_poly *a, unsigned d, unsigned off)
{
    static uint8_t x[32 * 11 + 8], y[32 * 11 + 8];
    memset(x, 0xa5, sizeof x);
    memset(y, 0xa5, sizeof y);
    m4crypt_mlkem_poly_compress(x + off, a, d);
    m4crypt_mlkem_poly_compress_c(y + off, a, d);
    return memcmp(x, y, sizeof x) != 0;
}

static void test_compress(void)
{
    say("poly_compress", HAVE_COMPRESS);
    m4crypt_mlkem_poly p;
    unsigned bad = 0;
    for (unsigned di = 0; di < 5; di++) {
        /* every int16 value (the assembly needs no reduction first), at every position */
        for (int32_t base = -32768; base < 32768; base += 256) {
            for (int i = 0; i < 256; i++)
                p.coeffs[(i + (unsigned)base / 256) % 256] = (int16_t)(base + i);
            bad += compress_twin(&p, DS[di], (unsigned)base & 3);
        }
        /* the rounding boundaries of Compress_d: x near q k / 2^(d+1) for every k */
        for (unsigned k = 0; k < (2u << DS[di]); k += 256 / 4) {
            for (int i = 0; i < 256; i++) {
                uint32_t kk = (k + (unsigned)i / 4) % (2u << DS[di]);
                int32_t x = (int32_t)((Q * kk) >> (DS[di] + 1)) + (i % 4) - 1;
                p.coeffs[i] = (int16_t)(x + (i & 16 ? Q : 0) - (i & 32 ? 2 * Q : 0));
            }
            bad += compress_twin(&p, DS[di], k & 3);
        }
        for (unsigned e = 0; e < EDGES; e++) {
            edge_poly(&p, e, 32767);
            bad += compress_twin(&p, DS[di], e & 3);
            edge_poly(&p, e, Q - 1);
            bad += compress_twin(&p, DS[di], (e + 1) & 3);
        }
        for (unsigned n = 0; n < iters(1000, 220); n++) {
            rand_poly(&p, n % 2 ? 32767 : 4 * Q);
            bad += compress_twin(&p, DS[di], n & 3);
        }
    }
    CHECK(bad == 0);
}

/* Both decompressions of in (at byte offset off) must agree. */
static unsigned decompress_twin(const uint8_t *in, unsigned d)
{
    m4crypt_mlkem_poly a, b;
    m4crypt_mlkem_poly_decompress(&a, in, d);
    m4crypt_mlkem_poly_decompress_c(&b, in, d);
    return memcmp(&a, &b, sizeof a) != 0;
}

static void test_decompress(void)
{
    say("poly_decompress", HAVE_DECOMPRESS);
    static uint8_t buf[32 * 11 + 4];
    unsigned bad = 0;
    for (unsigned di = 0; di < 5; di++) {
        unsigned d = DS[di];
        /* every d-bit value in every position: value (i + k) mod 2^d at coefficient i */
        for (unsigned k = 0; k < (1u << d); k += d > 5 ? 7 : 1) {
            memset(buf, 0, sizeof buf);
            for (unsigned i = 0; i < 256; i++) {
                uint32_t v = (i + k) & ((1u << d) - 1);
                for (unsigned j = 0; j < d; j++)
                    buf[1 + (i * d + j) / 8] |= (uint8_t)(((v >> j) & 1) << ((i * d + j) % 8));
            }
            bad += decompress_twin(buf + 1, d);
        }
        memset(buf, 0xff, sizeof buf);
        bad += decompress_twin(buf + 3, d);
        memset(buf, 0, sizeof buf);
        bad += decompress_twin(buf + 2, d);
        for (unsigned n = 0; n < iters(1000, 220); n++) {
            t_rand_bytes(buf, sizeof buf);
            bad += decompress_twin(buf + (n & 3), d);
        }
    }
    CHECK(bad == 0);
}

/* ---------------------------------------------------------------- rejection sampling */

/* Both implementations on buf + off (any alignment), len and buflen; same count, same values,
 * nothing written past the count (guard values). */
static unsigned rej_twin(const uint8_t *buf, unsigned len, unsigned buflen)
{
    static int16_t x[300 + 8], y[300 + 8];
    for (unsigned i = 0; i < 308; i++)
        x[i] = y[i] = (int16_t)(0x7a00 + i);
    unsigned n = m4crypt_mlkem_rej_uniform(x, len, buf, buflen);
    unsigned m = m4crypt_mlkem_rej_uniform_c(y, len, buf, buflen);
    return n != m || memcmp(x, y, sizeof x) != 0;
}

static void test_rej(void)
{
    say("rej_uniform", HAVE_REJ);
    static uint8_t buf[504 + 4];
    unsigned bad = 0;
    for (unsigned n = 0; n < iters(4000, 1000); n++) {
        t_rand_bytes(buf, sizeof buf);
        /* candidates at the bound: q - 1, q, q + 1, 0, 4095 in random places */
        if (n % 4 == 0)
            for (unsigned i = 0; i + 3 <= sizeof buf; i += 3) {
                static const uint16_t v[6] = {Q - 1, Q, Q + 1, 0, 4095, 2 * Q - 4096 + 4095};
                uint16_t d1 = v[t_rand32() % 6], d2 = v[t_rand32() % 6];
                buf[i] = (uint8_t)d1;
                buf[i + 1] = (uint8_t)((d1 >> 8) | (d2 << 4));
                buf[i + 2] = (uint8_t)(d2 >> 4);
            }
        unsigned buflen = 3 * (t_rand32() % 169);
        if (n % 5 == 0)
            buflen = 168;
        unsigned len = n % 3 == 0 ? t_rand32() % 20 : t_rand32() % 300;
        if (n % 7 == 0)
            len = 256;
        bad += rej_twin(buf + (n & 3), len, buflen);
    }
    /* all accepted, all rejected, lengths around the group size of the fast path (8) */
    for (unsigned len = 0; len < 24; len++)
        for (unsigned buflen = 0; buflen <= 36; buflen += 3) {
            memset(buf, 0, sizeof buf);
            bad += rej_twin(buf + 1, len, buflen);
            memset(buf, 0xff, sizeof buf);
            bad += rej_twin(buf + 2, len, buflen);
        }
    CHECK(bad == 0);
}

/* ---------------------------------------------------------------- CBD */

/* A routine that makes a polynomial from bytes (CBD sampling, ByteDecode_12). */
typedef void poly_from_bytes(m4crypt_mlkem_poly *r, const uint8_t *in);

/* 1 if fn and its C twin make different polynomials from in. */
static unsigned from_bytes_twin(poly_from_bytes *fn, poly_from_bytes *twin, const uint8_t *in)
{
    m4crypt_mlkem_poly a, b;
    fn(&a, in);
    twin(&b, in);
    return memcmp(&a, &b, sizeof a) != 0;
}

static unsigned cbd_twin(const uint8_t *buf, unsigned eta)
{
    if (eta == 2)
        return from_bytes_twin(m4crypt_mlkem_poly_cbd_eta2, m4crypt_mlkem_poly_cbd_eta2_c, buf);
    return from_bytes_twin(m4crypt_mlkem_poly_cbd_eta3, m4crypt_mlkem_poly_cbd_eta3_c, buf);
}

static void test_cbd(void)
{
    say("poly_cbd_eta2", HAVE_CBD2);
    say("poly_cbd_eta3", HAVE_CBD3);
    static uint8_t buf[192 + 4];
    unsigned bad = 0;
    for (unsigned eta = 2; eta <= 3; eta++) {
        /* every value of each coefficient's 2 eta bits in every position: coefficient i gets
         * the bit pattern (i + k) mod 2^(2 eta) */
        for (unsigned k = 0; k < (1u << (2 * eta)); k++) {
            memset(buf, 0, sizeof buf);
            for (unsigned i = 0; i < 256; i++) {
                unsigned v = (i + k) & ((1u << (2 * eta)) - 1);
                for (unsigned j = 0; j < 2 * eta; j++)
                    buf[1 + (2 * eta * i + j) / 8] |= (uint8_t)(((v >> j) & 1) << ((2 * eta * i + j) % 8));
            }
            bad += cbd_twin(buf + 1, eta);
        }
        memset(buf, 0xff, sizeof buf); /* all coefficients 0, the extremes in between: */
        bad += cbd_twin(buf + 2, eta);
        for (unsigned i = 0; i < sizeof buf; i++) /* +eta: first eta bits of each group set */
            buf[i] = (uint8_t)(eta == 2 ? 0x33 : 0);
        bad += cbd_twin(buf, eta);
        for (unsigned n = 0; n < iters(4000, 1000); n++) {
            t_rand_bytes(buf, sizeof buf);
            bad += cbd_twin(buf + (n & 3), eta);
        }
    }
    CHECK(bad == 0);
}

/* ---------------------------------------------------------------- tomont, ByteEncode/Decode_12 */

static unsigned tomont_twin(const m4crypt_mlkem_poly *in)
{
    m4crypt_mlkem_poly a = *in, b = *in;
    m4crypt_mlkem_poly_tomont(&a);
    m4crypt_mlkem_poly_tomont_c(&b);
    return diff_modq(&a, &b, Q - 1);
}

static unsigned tobytes_twin(const m4crypt_mlkem_poly *a, unsigned off)
{
    static uint8_t x[384 + 8], y[384 + 8];
    memset(x, 0x5a, sizeof x);
    memset(y, 0x5a, sizeof y);
    m4crypt_mlkem_poly_tobytes(x + off, a);
    m4crypt_mlkem_poly_tobytes_c(y + off, a);
    return memcmp(x, y, sizeof x) != 0;
}

static unsigned frombytes_twin(const uint8_t *in)
{
    return from_bytes_twin(m4crypt_mlkem_poly_frombytes, m4crypt_mlkem_poly_frombytes_c, in);
}

static void test_bytes(void)
{
    say("poly_tomont", HAVE_TOMONT);
    say("poly_tobytes", HAVE_TOBYTES);
    say("poly_frombytes", HAVE_FROMBYTES);
    m4crypt_mlkem_poly p;
    static uint8_t buf[384 + 4];
    unsigned bad_m = 0, bad_t = 0, bad_f = 0;
    /* every int16 value at every position class */
    for (int32_t base = -32768; base < 32768; base += 256) {
        for (int i = 0; i < 256; i++)
            p.coeffs[(i + (unsigned)base / 256) % 256] = (int16_t)(base + i);
        bad_m += tomont_twin(&p);
        bad_t += tobytes_twin(&p, (unsigned)base / 256 & 3);
    }
    for (unsigned e = 0; e < EDGES; e++) {
        edge_poly(&p, e, 32767);
        bad_m += tomont_twin(&p);
        bad_t += tobytes_twin(&p, e & 3);
        edge_poly(&p, e, Q);
        bad_t += tobytes_twin(&p, (e + 1) & 3);
    }
    for (unsigned n = 0; n < iters(4000, 1000); n++) {
        rand_poly(&p, n % 2 ? 32767 : Q - 1);
        bad_m += tomont_twin(&p);
        bad_t += tobytes_twin(&p, n & 3);
    }
    /* every 12-bit value at every position (value (i + k) mod 4096 at coefficient i), from
     * unaligned buffers, and random bytes */
    for (unsigned k = 0; k < 4096; k += t_quick() ? 61 : 1) {
        for (unsigned i = 0; i < 128; i++) {
            uint32_t v0 = (2 * i + k) & 4095, v1 = (2 * i + 1 + k) & 4095;
            buf[1 + 3 * i] = (uint8_t)v0;
            buf[2 + 3 * i] = (uint8_t)((v0 >> 8) | (v1 << 4));
            buf[3 + 3 * i] = (uint8_t)(v1 >> 4);
        }
        bad_f += frombytes_twin(buf + 1);
    }
    for (unsigned n = 0; n < iters(4000, 1000); n++) {
        t_rand_bytes(buf, sizeof buf);
        bad_f += frombytes_twin(buf + (n & 3));
    }
    CHECK(bad_m == 0);
    CHECK(bad_t == 0);
    CHECK(bad_f == 0);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x3a7);
    test_ntt();
    test_invntt();
    test_basemul();
    test_basemul_nacc();
    test_reduce();
    test_compress();
    test_decompress();
    test_rej();
    test_cbd();
    test_bytes();
    return t_summary("mlkem_armv7m");
}
