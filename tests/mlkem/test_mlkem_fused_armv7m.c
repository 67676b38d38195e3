/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin and property tests of the K-PKE level helpers (src/mlkem/poly.h, src/mlkem/armv7m/fused.S):
 *   - m4crypt_mlkem_basemul_(acc_)part: the selected implementation (assembly in m4-armv7m)
 *     against the portable _c on >= 1000 random inputs and the edge values (one factor at
 *     +-(q-1), the other at +-M4CRYPT_MLKEM_NTT_BOUND, both orders, on accumulators at +-(q-1));
 *     the steps over 0..255 (in any order) equal m4crypt_mlkem_poly_basemul(_acc) (mod q; exactly
 *     between the assembly routines) with the output bound |x| < q (+ accumulator);
 *   - m4crypt_mlkem_poly_add / sub (SADD16 / SSUB16) against the _c on random and wrapping int16;
 *   - cbd_eta2_add / cbd_eta3_add (the selected ones, and the _c) against cbd + add (>= 1000 random
 *     buffers, all-zero and all-one bytes, accumulators wrapping at +-2^15); add_msg (the selected
 *     one and the _c) against Decompress_1 + add on the same inputs;
 *   - SampleNTT in steps against the definition (Alg. 7 on a long SHAKE128 stream), and the
 *     streamed product sample_ntt_mul against basemul(_acc) of that entry.
 * On a build without the backend the twins compare the C with itself and say so.
 */
#include <string.h>

#include "poly_twin.h"

#define NB M4CRYPT_MLKEM_NTT_BOUND

#define say(fn, have) twin_say("mlkem_fused", (fn), (have))

#ifdef M4CRYPT_MLKEM_HAVE_BASEMUL_PART
#define HAVE_PART 1
#else
#define HAVE_PART 0
#endif
#ifdef M4CRYPT_MLKEM_HAVE_POLY_ADD
#define HAVE_ADD 1
#else
#define HAVE_ADD 0
#endif

/* The selected part function over 0..255, one step at a time (in a random order). */
static void part_split(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                       const m4crypt_mlkem_poly *b, int acc)
{
    unsigned first = t_rand32() % (256 / M4CRYPT_MLKEM_SAMPLE_STEP);
    for (unsigned k = 0; k < 256 / M4CRYPT_MLKEM_SAMPLE_STEP; k++) {
        unsigned s = ((first + k) % (256 / M4CRYPT_MLKEM_SAMPLE_STEP)) * M4CRYPT_MLKEM_SAMPLE_STEP;
        if (acc)
            m4crypt_mlkem_basemul_acc_part(r->coeffs + s, a->coeffs + s, b->coeffs + s, s);
        else
            m4crypt_mlkem_basemul_part(r->coeffs + s, a->coeffs + s, b->coeffs + s, s);
    }
}

/* The _c twin over 0..255. */
static void part_whole_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                         const m4crypt_mlkem_poly *b, int acc)
{
    for (unsigned s = 0; s < 256; s += M4CRYPT_MLKEM_SAMPLE_STEP) {
        if (acc)
            m4crypt_mlkem_basemul_acc_part_c(r->coeffs + s, a->coeffs + s, b->coeffs + s, s);
        else
            m4crypt_mlkem_basemul_part_c(r->coeffs + s, a->coeffs + s, b->coeffs + s, s);
    }
}

/* One case: factors a, b, accumulator r0. Checks the selected part function against the _c
 * (mod q, and the output bound) and against m4crypt_mlkem_poly_basemul(_acc) (mod q, and exactly
 * when both are the assembly: the same instructions). */
static void part_case(const m4crypt_mlkem_poly *a, const m4crypt_mlkem_poly *b,
                      const m4crypt_mlkem_poly *r0)
{
    static m4crypt_mlkem_poly x, y, z;
    for (int acc = 0; acc < 2; acc++) {
        x = *r0;
        y = *r0;
        part_split(&x, a, b, acc);
        part_whole_c(&y, a, b, acc);
        /* bound: |r0| < q plus one product below q */
        CHECK(diff_modq(&x, &y, acc ? 2 * Q - 2 : Q - 1) == 0);
        z = *r0;
        if (acc)
            m4crypt_mlkem_poly_basemul_acc(&z, a, b);
        else
            m4crypt_mlkem_poly_basemul(&z, a, b);
        CHECK(diff_modq(&x, &z, 2 * Q) == 0);
#if defined(M4CRYPT_MLKEM_HAVE_BASEMUL_PART) && defined(M4CRYPT_MLKEM_HAVE_POLY_BASEMUL)
        CHECK(memcmp(&x, &z, sizeof x) == 0);
#endif
    }
}

static void test_basemul_part(void)
{
    say("basemul_part / basemul_acc_part", HAVE_PART);
    static m4crypt_mlkem_poly a, b, r;
    /* edges: the sampled factor a at +-(q-1) (rejection gives 0..q-1; the contract allows
     * |x| < q), the other at +-NTT bound, and the roles swapped; accumulator at +-(q-1). */
    for (unsigned ea = 0; ea < EDGES; ea++)
        for (unsigned eb = 0; eb < EDGES; eb++)
            for (unsigned er = 0; er < 3; er++) {
                edge_poly(&a, ea, Q - 1);
                edge_poly(&b, eb, NB);
                edge_poly(&r, er, Q - 1);
                part_case(&a, &b, &r);
                part_case(&b, &a, &r);
            }
    unsigned n = iters(2000, 1000);
    for (unsigned i = 0; i < n; i++) {
        rand_poly(&a, Q - 1);
        rand_poly(&b, (i & 1) ? NB : Q - 1);
        rand_poly(&r, Q - 1);
        if (i & 2)
            part_case(&a, &b, &r);
        else
            part_case(&b, &a, &r);
    }
    /* the accumulation bound the K-PKE relies on: k <= 4 products onto a first product */
    for (unsigned e = 0; e < 2; e++) {
        static m4crypt_mlkem_poly acc, ref;
        edge_poly(&a, e, Q - 1);
        edge_poly(&b, e, NB);
        part_split(&acc, &a, &b, 0);
        m4crypt_mlkem_poly_basemul_c(&ref, &a, &b);
        for (int k = 1; k < 4; k++) {
            part_split(&acc, &a, &b, 1);
            m4crypt_mlkem_poly_basemul_acc_c(&ref, &a, &b);
        }
        CHECK(diff_modq(&acc, &ref, 4 * Q - 4) == 0);
    }
}

static void test_addsub(void)
{
    say("poly_add / poly_sub", HAVE_ADD);
    static m4crypt_mlkem_poly a, b, x, y;
    unsigned n = iters(2000, 1000);
    for (unsigned i = 0; i < n + 4; i++) {
        if (i < 4) { /* wrapping edges */
            for (int j = 0; j < 256; j++) {
                a.coeffs[j] = (int16_t)((i & 1) ? 32767 : -32768);
                b.coeffs[j] = (int16_t)((i & 2) ? 32767 : -32768);
            }
        } else {
            t_rand_bytes((uint8_t *)a.coeffs, sizeof a.coeffs);
            t_rand_bytes((uint8_t *)b.coeffs, sizeof b.coeffs);
        }
        m4crypt_mlkem_poly_add(&x, &a, &b);
        m4crypt_mlkem_poly_add_c(&y, &a, &b);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
        m4crypt_mlkem_poly_sub(&x, &a, &b);
        m4crypt_mlkem_poly_sub_c(&y, &a, &b);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
        int ok = 1;
        for (int j = 0; j < 256; j++)
            ok &= x.coeffs[j] == (int16_t)(a.coeffs[j] - b.coeffs[j]);
        CHECK(ok);
        x = a; /* in place, r = a and r = b */
        m4crypt_mlkem_poly_add(&x, &x, &b);
        m4crypt_mlkem_poly_add_c(&y, &a, &b);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
        x = b;
        m4crypt_mlkem_poly_sub(&x, &a, &x);
        m4crypt_mlkem_poly_sub_c(&y, &a, &b);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
    }
}

#ifdef M4CRYPT_MLKEM_HAVE_POLY_CBD_ADD
#define HAVE_CBD2ADD 1
#else
#define HAVE_CBD2ADD 0
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_ADD_MSG
#define HAVE_ADD_MSG 1
#else
#define HAVE_ADD_MSG 0
#endif

static void test_cbd_add_msg(void)
{
    say("cbd_eta2_add / cbd_eta3_add (src/mlkem/armv7m/cbd.S)", HAVE_CBD2ADD);
    say("add_msg", HAVE_ADD_MSG);
    /* eta = 2 and 3: the fused sampling-and-addition, its C twin, and the C sampler alone */
    static const struct {
        void (*add)(m4crypt_mlkem_poly *r, const uint8_t *buf);
        void (*add_c)(m4crypt_mlkem_poly *r, const uint8_t *buf);
        void (*cbd_c)(m4crypt_mlkem_poly *r, const uint8_t *buf);
    } cbd_add[2] = {
        {m4crypt_mlkem_poly_cbd_eta2_add, m4crypt_mlkem_poly_cbd_eta2_add_c,
         m4crypt_mlkem_poly_cbd_eta2_c},
        {m4crypt_mlkem_poly_cbd_eta3_add, m4crypt_mlkem_poly_cbd_eta3_add_c,
         m4crypt_mlkem_poly_cbd_eta3_c},
    };
    static m4crypt_mlkem_poly r, x, y, e;
    uint8_t buf[192], m[32];
    unsigned n = iters(2000, 1000);
    for (unsigned i = 0; i < n; i++) {
        t_rand_bytes(buf, sizeof buf);
        if (i < 2)
            memset(buf, i ? 0xff : 0x00, sizeof buf);
        rand_poly(&r, 20000);
        if (i == 2) /* wrapping edge */
            for (int j = 0; j < 256; j++)
                r.coeffs[j] = (int16_t)(j & 1 ? 32767 : -32768);
        for (unsigned k = 0; k < 2; k++) {
            x = r;
            cbd_add[k].add(&x, buf);
            cbd_add[k].cbd_c(&e, buf);
            m4crypt_mlkem_poly_add_c(&y, &r, &e);
            CHECK(memcmp(&x, &y, sizeof x) == 0);
            x = r;
            cbd_add[k].add_c(&x, buf);
            CHECK(memcmp(&x, &y, sizeof x) == 0);
        }
        memcpy(m, buf, 32);
        x = r;
        m4crypt_mlkem_poly_add_msg(&x, m);
        m4crypt_mlkem_poly_decompress_c(&e, m, 1);
        m4crypt_mlkem_poly_add_c(&y, &r, &e);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
        x = r;
        m4crypt_mlkem_poly_add_msg_c(&x, m);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
    }
    /* the noise step API = getnoise */
    uint8_t seed[32];
    static m4crypt_mlkem_scratch ws;
    for (unsigned i = 0; i < 20; i++) {
        t_rand_bytes(seed, 32);
        unsigned eta = 2 + (i & 1);
        m4crypt_mlkem_poly_getnoise(&e, seed, (uint8_t)i, eta);
        m4crypt_mlkem_poly_noise(&x, seed, (uint8_t)i, eta, 0, &ws);
        CHECK(memcmp(&x, &e, sizeof x) == 0);
        rand_poly(&r, 3000);
        x = r;
        m4crypt_mlkem_poly_noise(&x, seed, (uint8_t)i, eta, 1, &ws);
        m4crypt_mlkem_poly_add_c(&y, &r, &e);
        CHECK(memcmp(&x, &y, sizeof x) == 0);
    }
}

/* SampleNTT by the definition (Alg. 7) from a long SHAKE128 stream. */
static void sample_ref(m4crypt_mlkem_poly *a, const uint8_t rho[32], uint8_t b0, uint8_t b1)
{
    static uint8_t stream[168 * 8];
    uint8_t in[34];
    memcpy(in, rho, 32);
    in[32] = b0;
    in[33] = b1;
    m4crypt_shake128(stream, sizeof stream, in, 34);
    unsigned j = 0;
    for (unsigned pos = 0; j < 256 && pos + 3 <= sizeof stream; pos += 3) {
        uint32_t d1 = stream[pos] + 256u * (stream[pos + 1] % 16);
        uint32_t d2 = stream[pos + 1] / 16 + 16u * stream[pos + 2];
        if (d1 < Q)
            a->coeffs[j++] = (int16_t)d1;
        if (d2 < Q && j < 256)
            a->coeffs[j++] = (int16_t)d2;
    }
}

static void test_sample_ntt_mul(void)
{
    static m4crypt_mlkem_poly a, b, x, y, r;
    static m4crypt_mlkem_scratch ws;
    uint8_t rho[32];
    unsigned n = iters(200, 24);
    for (unsigned i = 0; i < n; i++) {
        t_rand_bytes(rho, 32);
        uint8_t b0 = (uint8_t)t_rand32(), b1 = (uint8_t)t_rand32();
        rand_poly(&b, (i & 1) ? NB : Q - 1);
        rand_poly(&r, Q - 1);
        sample_ref(&a, rho, b0, b1);
        /* the steps deliver the entry in order */
        m4crypt_mlkem_poly_sample_ntt_start(&ws, rho, b0, b1);
        int ok = 1;
        for (unsigned o = 0; o < 256; o += M4CRYPT_MLKEM_SAMPLE_STEP) {
            m4crypt_mlkem_poly_sample_ntt(&ws);
            ok &= memcmp(ws.xof.coeffs, a.coeffs + o, 2 * M4CRYPT_MLKEM_SAMPLE_STEP) == 0;
        }
        CHECK(ok && ws.xof.accepted == 256);
        /* the streamed product, without and with accumulation */
        m4crypt_mlkem_poly_basemul(&y, &a, &b);
        m4crypt_mlkem_poly_sample_ntt_mul(&x, &b, rho, b0, b1, 0, &ws);
        CHECK(diff_modq(&x, &y, Q - 1) == 0);
        x = r;
        m4crypt_mlkem_poly_sample_ntt_mul(&x, &b, rho, b0, b1, 1, &ws);
        y = r;
        m4crypt_mlkem_poly_basemul_acc(&y, &a, &b);
        CHECK(diff_modq(&x, &y, 2 * Q - 2) == 0);
    }
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0xf05ed);
    test_basemul_part();
    test_addsub();
    test_cbd_add_msg();
    test_sample_ntt_mul();
    return t_summary("mlkem_fused_armv7m");
}
