/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin tests of the fixed-base assembly (src/curve25519/armv7m/ge25519_select.S, ge25519_base.S)
 * against their C twins in src/curve25519/ge25519_base.c and src/ristretto255/ristretto255.c:
 *  - the table scan m4crypt_ge25519_select_armv7m vs m4crypt_ge25519_base_select_c on every row of
 *    the table with every digit -8..8, and on 1000 random rows (random words) with random digits;
 *    the C scan itself is checked against direct indexing of the row (entry |b|, the identity
 *    (1/2, 1/2, 0) for b = 0, the swap and 2^256 - 38 - v for b < 0);
 *  - the whole multiplication (64 scans and mixed additions, four doublings)
 *    m4crypt_ge25519_base_mul_armv7m vs m4crypt_ge25519_base_mul_c (same field operations in the
 *    same order: equal words, all 32 of them) on 1000 random digit vectors, alternately in mode 0
 *    (the point) and mode 1 (the X25519 fraction), and edge vectors (digits all 0, 8, -8,
 *    alternating 8 / -8, a single 1, -7 / 0). The results against the Montgomery ladder and
 *    RFC 9496 are checked by test_x25519_base and test_ristretto255.
 *  - the variable-base scan of ristretto255 m4crypt_ge25519_select_cached_armv7m vs
 *    m4crypt_ge25519_select_cached_c on 1000 random tables and digits and every digit -8..8, the C
 *    scan itself against the table (entry |b| or the identity, swap and v + (-v) = 0 for b < 0).
 *  - the variable-base loop m4crypt_ge25519_varmul_armv7m vs m4crypt_ge25519_varmul_c on 1000
 *    random tables (random words) and digit vectors plus edge digits (all 0, 8, -8, alternating).
 * On a build without the backend the assembly side is the C twin itself (and it says so); the
 * checks of the C scan against the table run everywhere. The fixed-base checks need the table
 * (M4CRYPT_ENABLE_X25519_BASE_TABLE), the variable-base ones Ristretto255 (m4crypt/config.h).
 */
#include <string.h>

#include "harness.h"
#include "curve25519/ge25519.h"

#define HAVE_FIXED M4CRYPT_ENABLE_X25519_BASE_TABLE
#define HAVE_VARIABLE M4CRYPT_ENABLE_RISTRETTO255

#ifdef M4CRYPT_CURVE25519_HAVE_BASE_MUL
#define BACKEND 1
#if HAVE_FIXED
static void a_select(uint32_t out[24], const uint32_t row[3][8][8], int32_t b)
{
    m4crypt_ge25519_select_armv7m(out, row, b);
}
static void a_mul(m4crypt_ge25519_p3 *h, const int8_t *e, int mode)
{
    m4crypt_ge25519_base_mul_armv7m(h->X.v, e, m4crypt_ge25519_base_table, (uint32_t)mode);
}
#endif
#if HAVE_VARIABLE
static void a_select_cached(m4crypt_fe25519 q[4], const m4crypt_fe25519 tab[4][8], int32_t b)
{
    m4crypt_ge25519_select_cached_armv7m(q[0].v, tab[0][0].v, b);
}
static void a_varmul(m4crypt_ge25519_p3 *h, const int8_t *e, const m4crypt_fe25519 tab[4][8])
{
    m4crypt_ge25519_varmul_armv7m(h->X.v, e, tab[0][0].v);
}
#endif
#else
#define BACKEND 0
#if HAVE_FIXED
static void a_select(uint32_t out[24], const uint32_t row[3][8][8], int32_t b)
{
    m4crypt_ge25519_base_select_c(out, row, b);
}
static void a_mul(m4crypt_ge25519_p3 *h, const int8_t *e, int mode)
{
    m4crypt_ge25519_base_mul_c(h, e, mode);
}
#endif
#if HAVE_VARIABLE
static void a_select_cached(m4crypt_fe25519 q[4], const m4crypt_fe25519 tab[4][8], int32_t b)
{
    m4crypt_ge25519_select_cached_c(q, tab, b);
}
static void a_varmul(m4crypt_ge25519_p3 *h, const int8_t *e, const m4crypt_fe25519 tab[4][8])
{
    m4crypt_ge25519_varmul_c(h, e, tab);
}
#endif
#endif

#if HAVE_FIXED
/* The expected scan result by direct indexing (test only: not constant time). */
static void ref_select(uint32_t out[24], const uint32_t row[3][8][8], int32_t b)
{
    const int32_t a = b < 0 ? -b : b;
    for (int k = 0; k < 3; k++)
        for (int w = 0; w < 8; w++)
            out[8 * k + w] = a != 0 ? row[k][a - 1][w]
                             : k == 2 ? 0 /* identity: (1/2, 1/2, 0), 1/2 = 2^254 - 9 */
                             : w == 0 ? 0xfffffff7u : w == 7 ? 0x3fffffffu : 0xffffffffu;
    if (b < 0) {
        uint32_t t[8];
        memcpy(t, out, 32);
        memcpy(out, out + 8, 32);
        memcpy(out + 8, t, 32);
        /* 2^256 - 38 - v: words 0xffffffda, 0xffffffff, ... minus v with borrow */
        uint64_t borrow = 0;
        for (int w = 0; w < 8; w++) {
            const uint64_t m = w == 0 ? 0xffffffdau : 0xffffffffu;
            const uint64_t d = m - out[16 + w] - borrow;
            out[16 + w] = (uint32_t)d;
            borrow = (d >> 32) & 1;
        }
    }
}
#endif

static __attribute__((unused)) uint32_t rand_word(void)
{
    /* words biased towards 0 and 2^32 - 1 to drive the carry and borrow chains */
    const uint32_t r = t_rand32();
    switch (r & 7) {
    case 0: return 0;
    case 1: return 0xffffffffu;
    default: return t_rand32();
    }
}

static __attribute__((unused)) int32_t rand_digit(void)
{
    return (int32_t)(t_rand32() % 17) - 8;
}

#if HAVE_FIXED || HAVE_VARIABLE
/* The checks and the summary line of a scan's twin test: bad twin mismatches and bad_ref
 * results that differ from the reference (what). */
static void scan_summary(const char *name, unsigned n, unsigned bad, unsigned bad_ref,
                         const char *what)
{
    CHECK(bad == 0);
    CHECK(bad_ref == 0);
    t_printf("%s: %u scans (%s), %u twin mismatches, %u against %s\n", name, n,
             BACKEND ? "assembly vs C" : "no backend: C against itself", bad, bad_ref, what);
}
#endif

#if HAVE_FIXED
static void test_select(void)
{
    unsigned n = 0, bad_twin = 0, bad_ref = 0;
    uint32_t a[24], c[24], r[24];
    /* every row of the table, every digit */
    for (int i = 0; i < 32; i++) {
        for (int32_t b = -8; b <= 8; b++) {
            a_select(a, m4crypt_ge25519_base_table[i], b);
            m4crypt_ge25519_base_select_c(c, m4crypt_ge25519_base_table[i], b);
            ref_select(r, m4crypt_ge25519_base_table[i], b);
            n++;
            bad_twin += memcmp(a, c, sizeof a) != 0;
            bad_ref += memcmp(c, r, sizeof c) != 0;
        }
    }
    /* random rows (any words, values below p for the negation's contract) */
    static uint32_t row[3][8][8];
    for (unsigned t = 0; t < 1000; t++) {
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 8; j++) {
                for (int w = 0; w < 8; w++)
                    row[k][j][w] = rand_word();
                row[k][j][7] &= 0x7fffffff;
                if (row[k][j][7] == 0x7fffffff)
                    row[k][j][7] = 0x7ffffffe; /* < 2^255 - 2^32 < p */
            }
        const int32_t b = rand_digit();
        a_select(a, (const uint32_t(*)[8][8])row, b);
        m4crypt_ge25519_base_select_c(c, (const uint32_t(*)[8][8])row, b);
        ref_select(r, (const uint32_t(*)[8][8])row, b);
        n++;
        if (memcmp(a, c, sizeof a) != 0 && bad_twin++ < 4)
            t_printf("  select twin mismatch, random row %u, b = %d\n", t, (int)b);
        bad_ref += memcmp(c, r, sizeof c) != 0;
    }
    scan_summary("select", n, bad_twin, bad_ref, "direct indexing");
}

static void test_mul(void)
{
    unsigned n = 0, bad = 0;
    const unsigned reps = 1000;
    for (unsigned t = 0; t < reps + 6; t++) {
        m4crypt_ge25519_p3 pa, pc;
        int8_t e[64];
        const unsigned edge = t >= reps ? t - reps : 6;
        const int mode = (int)(t & 1);
        for (int i = 0; i < 64; i++)
            e[i] = (int8_t)(edge == 0 ? 0 : edge == 1 ? 8 : edge == 2 ? -8
                            : edge == 3 ? ((i & 1) ? 8 : -8) : edge == 4 ? (i == 63 ? 1 : 0)
                            : edge == 5 ? (i & 1 ? 0 : -7) : rand_digit());
        memset(&pa, 0x5a, sizeof pa);
        memset(&pc, 0x5a, sizeof pc);
        a_mul(&pa, e, mode);
        m4crypt_ge25519_base_mul_c(&pc, e, mode);
        n++;
        if (memcmp(&pa, &pc, sizeof pa) != 0 && bad++ < 4)
            t_printf("  base_mul twin mismatch, case %u (mode %d)\n", t, mode);
    }
    CHECK(bad == 0);
    t_printf("base_mul: %u digit vectors, modes 0 and 1 (%s), %u mismatches\n", n,
             BACKEND ? "assembly vs C" : "no backend: C against itself", bad);
}

#endif /* HAVE_FIXED */

#if HAVE_VARIABLE
static void test_select_cached(void)
{
    unsigned n = 0, bad = 0, bad_ref = 0;
    static m4crypt_fe25519 tab[4][8];
    m4crypt_fe25519 qa[4], qc[4], qp[4];
    for (unsigned t = 0; t < 1000 + 17; t++) {
        if (t < 1000 || t == 1000)
            for (int k = 0; k < 4; k++)
                for (int j = 0; j < 8; j++) {
                    uint32_t *w = (uint32_t *)(void *)&tab[k][j];
                    for (size_t i = 0; i < sizeof tab[k][j] / 4; i++)
                        w[i] = BACKEND ? rand_word() : rand_word() & 0x00ffffff;
                }
        const int32_t b = t < 1000 ? rand_digit() : (int32_t)(t - 1000) - 8; /* then all of -8..8 */
        a_select_cached(qa, (const m4crypt_fe25519(*)[8])tab, b);
        m4crypt_ge25519_select_cached_c(qc, (const m4crypt_fe25519(*)[8])tab, b);
        n++;
        if (memcmp(qa, qc, sizeof qa) != 0 && bad++ < 4)
            t_printf("  select_cached twin mismatch, case %u, b = %d\n", t, (int)b);
        /* the C scan itself: entry |b| (or the identity), swapped and negated for b < 0 */
        const int32_t a = b < 0 ? -b : b;
        m4crypt_ge25519_select_cached_c(qp, (const m4crypt_fe25519(*)[8])tab, a);
        int ok = 1;
        for (int k = 0; k < 4; k++) {
            m4crypt_fe25519 x;
            if (a == 0)
                m4crypt_fe25519_set_small(&x, k < 2 ? 1 : k == 2 ? 2 : 0);
            else
                x = tab[k][a - 1];
            ok &= memcmp(&qp[k], &x, sizeof x) == 0;
        }
        if (b < 0) {
            m4crypt_fe25519 s;
            ok &= memcmp(&qc[0], &qp[1], sizeof s) == 0 && memcmp(&qc[1], &qp[0], sizeof s) == 0 &&
                  memcmp(&qc[2], &qp[2], sizeof s) == 0;
            m4crypt_fe25519_add(&s, &qc[3], &qp[3]); /* -v + v = 0 mod p */
            uint8_t enc[32], zero[32] = {0};
            m4crypt_fe25519_tobytes(enc, &s);
            ok &= memcmp(enc, zero, 32) == 0;
        }
        bad_ref += !ok;
    }
    scan_summary("select_cached", n, bad, bad_ref, "the table");
}

static void test_varmul(void)
{
    unsigned n = 0, bad = 0;
    static m4crypt_fe25519 tab[4][8];
    const unsigned reps = 1000;
    for (unsigned t = 0; t < reps + 4; t++) {
        m4crypt_ge25519_p3 ha, hc;
        int8_t e[64];
        const unsigned edge = t >= reps ? t - reps : 4;
        for (int k = 0; k < 4; k++)
            for (int j = 0; j < 8; j++) {
                uint32_t *w = (uint32_t *)(void *)&tab[k][j];
                for (size_t i = 0; i < sizeof tab[k][j] / 4; i++)
                    w[i] = BACKEND ? rand_word() : rand_word() & 0x00ffffff;
            }
        for (int i = 0; i < 64; i++)
            e[i] = (int8_t)(edge == 0 ? 0 : edge == 1 ? 8 : edge == 2 ? -8
                            : edge == 3 ? ((i & 1) ? 8 : -7) : rand_digit());
        memset(&ha, 0x5a, sizeof ha);
        memset(&hc, 0x5a, sizeof hc);
        a_varmul(&ha, e, (const m4crypt_fe25519(*)[8])tab);
        m4crypt_ge25519_varmul_c(&hc, e, (const m4crypt_fe25519(*)[8])tab);
        n++;
        if (memcmp(&ha, &hc, sizeof ha) != 0 && bad++ < 4)
            t_printf("  varmul twin mismatch, case %u\n", t);
    }
    CHECK(bad == 0);
    t_printf("varmul: %u tables and digit vectors (%s), %u mismatches\n", n,
             BACKEND ? "assembly vs C" : "no backend: C against itself", bad);
}

#endif /* HAVE_VARIABLE */

int main(int argc, char **argv)
{
    t_init(argc, argv);
#if !HAVE_FIXED && !HAVE_VARIABLE
    return t_not_built("ge25519_armv7m", "neither the fixed-base table nor Ristretto255");
#else
#if HAVE_FIXED
    test_select();
    test_mul();
#endif
#if HAVE_VARIABLE
    test_select_cached();
    test_varmul();
#endif
    return t_summary("ge25519_armv7m");
#endif
}
