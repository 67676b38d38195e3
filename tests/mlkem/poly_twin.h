/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared by the ML-KEM assembly twin tests (test_mlkem_armv7m.c, test_mlkem_fused_armv7m.c):
 * iteration counts, reduction mod q, the random and edge polynomials they drive the kernels
 * with, the comparison mod q and the line that says what a test compares. Static helpers in a header: each test program is one translation unit.
 */
#ifndef M4CRYPT_TESTS_MLKEM_POLY_TWIN_H
#define M4CRYPT_TESTS_MLKEM_POLY_TWIN_H

#include "harness.h"
#include "mlkem/poly.h"

#define Q M4CRYPT_MLKEM_Q

static inline unsigned iters(unsigned host, unsigned quick) { return t_quick() ? quick : host; }

static inline int32_t modq(int32_t a)
{
    int32_t r = a % Q;
    return r < 0 ? r + Q : r;
}

/* Counts coefficients where a and b differ mod q or a is outside [-bound, bound]. */
static inline unsigned diff_modq(const m4crypt_mlkem_poly *a, const m4crypt_mlkem_poly *b,
                                 int32_t bound)
{
    unsigned bad = 0;
    for (int i = 0; i < 256; i++)
        bad += modq(a->coeffs[i]) != modq(b->coeffs[i]) || a->coeffs[i] > bound ||
               a->coeffs[i] < -bound;
    return bad;
}

/* "prog: fn: assembly against the portable C", or, without a backend for fn (have 0), that
 * the portable C runs against itself. */
static inline void twin_say(const char *prog, const char *fn, int have)
{
    if (have)
        t_printf("%s: %s: assembly against the portable C\n", prog, fn);
    else
        t_printf("%s: %s: no backend in this build; portable C against itself\n", prog, fn);
}

/* Coefficients uniformly in [-bound, bound]. */
static inline void rand_poly(m4crypt_mlkem_poly *p, int32_t bound)
{
    for (int i = 0; i < 256; i++)
        p->coeffs[i] = (int16_t)((int32_t)(t_rand32() % (uint32_t)(2 * bound + 1)) - bound);
}

/* Edge polynomial number e (0 <= e < EDGES) with magnitudes at most bound:
 * all +bound, all -bound, zeros, alternating +-bound (two phases), random signs at +-bound,
 * +bound in the first half and -bound in the second, and a single +-bound coefficient. */
#define EDGES 9
static inline void edge_poly(m4crypt_mlkem_poly *p, unsigned e, int32_t bound)
{
    for (int i = 0; i < 256; i++) {
        int32_t v;
        switch (e) {
        case 0: v = bound; break;
        case 1: v = -bound; break;
        case 2: v = 0; break;
        case 3: v = i & 1 ? -bound : bound; break;
        case 4: v = i & 1 ? bound : -bound; break;
        case 5: v = t_rand32() & 1 ? bound : -bound; break;
        case 6: v = i < 128 ? bound : -bound; break;
        case 7: v = i == 0 ? bound : 0; break;
        default: v = i == 255 ? -bound : 0; break;
        }
        p->coeffs[i] = (int16_t)v;
    }
}

#endif
