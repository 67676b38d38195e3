/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin tests of the ARMv7E-M input/output routines of ML-KEM owned by the "glue" work
 * (src/mlkem/armv7m/rej.S; more routines below as they change): each assembly function against
 * its portable C twin (src/mlkem/poly.h, suffix _c) on at least 1000 random inputs plus edge
 * cases, with guard words around every output. On a configuration without the backend the
 * public name (= the C version) is compared with _c and the program says so.
 *
 * cbd_eta2_add / cbd_eta3_add (r += SamplePolyCBD_eta(buf), FIPS 203 Alg. 8; cbd.S): against
 * m4crypt_mlkem_poly_cbd_eta2_c / _eta3_c followed by a wrapping 16-bit addition, on 1000 random
 * (r, buf) pairs each (r with the int16 extremes, so that wrapping shows), buffers of all
 * zeros, all ones and alternating bits, and every input alignment 0..3.
 *
 * rej_uniform (FIPS 203 Alg. 7, the loop body): every buffer length 0..171 (multiples of 3, the
 * contract) with output limits around the group sizes of the fast paths (8, 16 candidates per
 * 12 / 24 bytes) and the chunk sizes the callers use (84 and 168 bytes), inputs with every
 * candidate accepted (0x000), every candidate rejected (0xfff), the boundary values q - 1 and q,
 * random bytes, and every input alignment 0..3; and in place, as m4crypt_mlkem_poly_sample_ntt
 * uses it (poly.h: r below buf with buf - r >= buflen / 3), with the smallest gaps the contract
 * allows.
 */
#include <string.h>

#include "harness.h"
#include "mlkem/poly.h" /* includes the backend's declarations (mlkem/backend.h) */

#ifdef M4CRYPT_MLKEM_HAVE_REJ_UNIFORM
#define REJ_UNDER_TEST m4crypt_mlkem_rej_uniform_armv7m
#define HAVE_REJ 1
#else
#define REJ_UNDER_TEST m4crypt_mlkem_rej_uniform
#define HAVE_REJ 0
#endif

#ifdef M4CRYPT_ARCH_ARMV7M
/* The adding CBD samplers are in cbd.S; their declarations join mlkem/armv7m/backend.h when
 * K-PKE uses them (M4CRYPT_MLKEM_HAVE_POLY_CBD_ADD). */
#ifndef M4CRYPT_MLKEM_HAVE_POLY_CBD_ADD
void m4crypt_mlkem_poly_cbd_eta2_add_armv7m(m4crypt_mlkem_poly *r, const uint8_t buf[128]);
void m4crypt_mlkem_poly_cbd_eta3_add_armv7m(m4crypt_mlkem_poly *r, const uint8_t buf[192]);
#endif
#define HAVE_CBD_ADD 1
#else
#define HAVE_CBD_ADD 0
#endif

static void say(const char *what, int have)
{
    if (have)
        t_printf("mlkem_io_armv7m: %s: assembly against the C twin\n", what);
    else
        t_printf("mlkem_io_armv7m: %s: no assembly in this configuration: public name against "
                 "the C twin only\n", what);
}

#define GUARD 8
#define MAXBUF 504
#define MAXOUT 340

static uint8_t inbuf[MAXBUF + 4];

/* One case; returns 1 if both agree (count, coefficients, untouched guards). */
static int rej_case(const uint8_t *buf, unsigned len, unsigned buflen)
{
    int16_t x[MAXOUT + 2 * GUARD], y[MAXOUT + 2 * GUARD];
    for (unsigned i = 0; i < MAXOUT + 2 * GUARD; i++)
        x[i] = y[i] = (int16_t)(0x5a5a + i);
    unsigned n = REJ_UNDER_TEST(x + GUARD, len, buf, buflen);
    unsigned m = m4crypt_mlkem_rej_uniform_c(y + GUARD, len, buf, buflen);
    int ok = n == m && n <= len && memcmp(x, y, sizeof x) == 0;
    if (!ok)
        t_printf("rej_uniform: len %u buflen %u align %u: %u vs %u\n", len, buflen,
                 (unsigned)((uintptr_t)buf & 3), n, m);
    return ok;
}

/* Fills n bytes with triples that give the candidate pair (d1, d2) or random ones (d1 < 0). */
static void fill(uint8_t *p, unsigned n, int d1, int d2)
{
    if (d1 < 0) {
        t_rand_bytes(p, n);
        return;
    }
    for (unsigned i = 0; i + 3 <= n; i += 3) {
        p[i] = (uint8_t)d1;
        p[i + 1] = (uint8_t)((d1 >> 8) | ((d2 & 15) << 4));
        p[i + 2] = (uint8_t)(d2 >> 4);
    }
}

/* In place: r at coefficient have of area, the input at the first 8-byte boundary at least
 * gap bytes above r (the layout of m4crypt_mlkem_poly_sample_ntt with gap = buflen / 3); both
 * implementations on identical copies of the area. */
static int rej_inplace_case(unsigned have, unsigned len, unsigned buflen, unsigned gap)
{
    static _Alignas(8) int16_t area_x[256], area_y[256];
    unsigned piece = (2 * have + gap + 7) & ~7u;
    t_rand_bytes((uint8_t *)area_x, sizeof area_x);
    if (len & 1) /* half of the cases with many rejections */
        for (unsigned i = 2; i < buflen; i += 3)
            ((uint8_t *)area_x)[piece + i] |= 0xc0;
    memcpy(area_y, area_x, sizeof area_y);
    unsigned n = REJ_UNDER_TEST(area_x + have, len, (uint8_t *)area_x + piece, buflen);
    unsigned m = m4crypt_mlkem_rej_uniform_c(area_y + have, len, (uint8_t *)area_y + piece, buflen);
    return n == m && memcmp(area_x, area_y, sizeof area_x) == 0;
}

static void test_rej(void)
{
    say("rej_uniform", HAVE_REJ);
    static const int pairs[][2] = {{-1, -1}, {0, 0}, {4095, 4095}, {3328, 3329}, {3329, 3328},
                                   {0, 4095}, {4095, 0}};
    static const unsigned lens[] = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 48, 55, 56, 57,
                                    111, 112, 113, 256, MAXOUT};
    for (unsigned pi = 0; pi < sizeof pairs / sizeof pairs[0]; pi++)
        for (unsigned buflen = 0; buflen <= 171; buflen += 3)
            for (unsigned li = 0; li < sizeof lens / sizeof lens[0]; li++) {
                unsigned off = (buflen / 3 + li) & 3;
                fill(inbuf + off, buflen, pairs[pi][0], pairs[pi][1]);
                CHECK(rej_case(inbuf + off, lens[li], buflen));
            }
    /* the callers' chunks: 84 bytes with want <= 56, 168 bytes with any remaining count */
    for (unsigned off = 0; off < 4; off++)
        for (unsigned len = 0; len <= 256; len++) {
            fill(inbuf + off, 168, -1, -1);
            CHECK(rej_case(inbuf + off, len, 168));
            if (len <= 56)
                CHECK(rej_case(inbuf + off, len, 84));
            if (len <= 48)
                CHECK(rej_case(inbuf + off, len, 72));
        }
    /* in place: the sampler's chunks and every chunk length that is a multiple of 12 */
    for (unsigned buflen = 12; buflen <= 168; buflen += 12)
        for (unsigned have = 0; have < 64; have += t_quick() ? 7 : 1)
            for (unsigned len = 1; len <= 2 * buflen / 3; len += t_quick() ? 5 : 1)
                CHECK(rej_inplace_case(have, len, buflen, buflen / 3));
    /* random: lengths, limits, alignments; biased towards many rejections half of the time */
    for (unsigned n = 0; n < 2000; n++) {
        unsigned buflen = 3 * (t_rand32() % (MAXBUF / 3 + 1)), len = t_rand32() % (MAXOUT + 1);
        unsigned off = t_rand32() % 4;
        t_rand_bytes(inbuf + off, buflen);
        if (n & 1)
            for (unsigned i = off + 2; i < off + buflen; i += 3)
                inbuf[i] |= 0xc0; /* d2 >= 3072: accepted only if below q */
        CHECK(rej_case(inbuf + off, len, buflen));
    }
}

/* r += cbd(buf) by the reference: the C sampler, then a wrapping addition. */
static void cbd_add_ref(m4crypt_mlkem_poly *r, const uint8_t *buf, unsigned eta)
{
    m4crypt_mlkem_poly t;
    if (eta == 2)
        m4crypt_mlkem_poly_cbd_eta2_c(&t, buf);
    else
        m4crypt_mlkem_poly_cbd_eta3_c(&t, buf);
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++)
        r->coeffs[i] = (int16_t)(uint16_t)((uint16_t)r->coeffs[i] + (uint16_t)t.coeffs[i]);
}

static void cbd_add_dut(m4crypt_mlkem_poly *r, const uint8_t *buf, unsigned eta)
{
#if HAVE_CBD_ADD
    if (eta == 2)
        m4crypt_mlkem_poly_cbd_eta2_add_armv7m(r, buf);
    else
        m4crypt_mlkem_poly_cbd_eta3_add_armv7m(r, buf);
#else
    cbd_add_ref(r, buf, eta); /* nothing to compare on this configuration */
#endif
}

static void test_cbd_add(void)
{
    say("cbd_eta2_add / cbd_eta3_add", HAVE_CBD_ADD);
    for (unsigned eta = 2; eta <= 3; eta++) {
        unsigned len = 64 * eta;
        for (unsigned n = 0; n < 1000 + 4 * 4; n++) {
            m4crypt_mlkem_poly r[3]; /* guard, polynomial, guard */
            m4crypt_mlkem_poly ref;
            unsigned off = n % 4;
            if (n < 16) { /* edges: all zeros, all ones, 0x55.., 0xaa.. at every alignment */
                static const uint8_t fills[4] = {0x00, 0xff, 0x55, 0xaa};
                memset(inbuf + off, fills[n / 4], len);
            } else {
                t_rand_bytes(inbuf + off, len);
            }
            t_rand_bytes((uint8_t *)r, sizeof r);
            for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i += 37)
                r[1].coeffs[i] = (int16_t)((i & 1) ? 32767 : -32768);
            memcpy(&ref, &r[1], sizeof ref);
            m4crypt_mlkem_poly g0 = r[0], g2 = r[2];
            cbd_add_ref(&ref, inbuf + off, eta);
            cbd_add_dut(&r[1], inbuf + off, eta);
            CHECK(memcmp(&r[1], &ref, sizeof ref) == 0 && memcmp(&r[0], &g0, sizeof g0) == 0 &&
                  memcmp(&r[2], &g2, sizeof g2) == 0);
        }
    }
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(203);
    test_rej();
    test_cbd_add();
    /* one call of each routine in an m4sim region, for the cycle figures in the assembly headers
     * (m4sim profile <this elf> <region> test /vectors); the results are checked as above */
    {
        m4crypt_mlkem_poly r, ref;
        int16_t out[256], out2[256];
        t_rand_bytes(inbuf, 192);
        memset(&r, 0, sizeof r);
        memset(&ref, 0, sizeof ref);
        REGION("io.cbd_eta2_add", cbd_add_dut(&r, inbuf, 2));
        cbd_add_ref(&ref, inbuf, 2);
        REGION("io.cbd_eta3_add", cbd_add_dut(&r, inbuf, 3));
        cbd_add_ref(&ref, inbuf, 3);
        CHECK(memcmp(&r, &ref, sizeof r) == 0);
        t_rand_bytes(inbuf, 168);
        unsigned n, m;
        REGION("io.rej_168", n = REJ_UNDER_TEST(out, 256, inbuf, 168));
        REGION("io.rej_72", m = REJ_UNDER_TEST(out2, 48, inbuf, 72));
        CHECK(n == m4crypt_mlkem_rej_uniform_c(out2, 256, inbuf, 168) &&
              memcmp(out, out2, 2 * n) == 0 && m <= 48);
    }
    return t_summary("mlkem_io_armv7m");
}
