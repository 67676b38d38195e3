/*
 * Twin tests of the ARMv7E-M input/output routines of ML-KEM owned by the "glue" work
 * (src/mlkem/armv7m/rej.S; more routines below as they change): each assembly function against
 * its portable C twin (src/mlkem/poly.h, suffix _c) on at least 1000 random inputs plus edge
 * cases, with guard words around every output. On a configuration without the backend the
 * public name (= the C version) is compared with _c and the program says so.
 *
 * rej_uniform (FIPS 203 Alg. 7, the loop body): every buffer length 0..171 (multiples of 3, the
 * contract) with output limits around the group sizes of the fast paths (8, 16 candidates per
 * 12 / 24 bytes) and the chunk sizes the callers use (84 and 168 bytes), inputs with every
 * candidate accepted (0x000), every candidate rejected (0xfff), the boundary values q - 1 and q,
 * random bytes, and every input alignment 0..3.
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
        }
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

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(203);
    test_rej();
    return t_summary("mlkem_io_armv7m");
}
