/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ristretto255 (RFC 9496) on edwards25519 in extended coordinates, on the selected field of
 * src/curve25519 (fe25519.h: portable limbs, or the armv7m assembly) and its group (ge25519.h).
 *
 * Formulas: RFC 9496 section 4 (SQRT_RATIO_M1 4.2, decode 4.3.1, encode 4.3.2, MAP and "from
 * uniform bytes" 4.3.4); point addition add-2008-hwcd-3 and doubling dbl-2008-hwcd of Hisil,
 * Wong, Carter, Dawson, "Twisted Edwards curves revisited" (ASIACRYPT 2008), a = -1, k = 2d
 * (complete on edwards25519; for the variable base with the second point in the "cached" form
 * (Y + X, Y - X, 2 Z, 2 d T): 8 multiplications). Scalar multiplication: signed 4-bit windows
 * (digits in [-8, 8], as for the fixed base), four doublings and one addition of a multiple chosen
 * from a table of 1P..8P by reading all eight entries with masks (temporaries wiped once, at the
 * end); the fixed base uses
 * m4crypt_ge25519_scalarmult_base (src/curve25519/ge25519_base.c).
 *
 * Constant time in the scalar: no branch or address depends on it. Decoding branches only on the
 * validity of the (public) input encoding; the identity check of a result is arithmetic.
 *
 * Secrets left behind: every field element and byte buffer that held a secret is wiped with
 * m4crypt_memzero; what that cannot reach (register spills of the portable field functions, the
 * caller's registers an assembly field function saves, a helper's flags) is wiped by
 * m4crypt_stack_wipe after each operation that takes a secret, as deep as make bench measured it.
 */
#include "m4crypt/ristretto255.h"

#include "common/backend.h"
#include "curve25519/ge25519.h"

#if M4CRYPT_ENABLE_RISTRETTO255 /* m4crypt/config.h */

typedef m4crypt_fe25519 fe;
typedef m4crypt_ge25519_p3 ge;

/* RFC 9496 section 4.1 constants (d of edwards25519, 2d, sqrt(-1), sqrt(a d - 1),
 * 1 / sqrt(a - d), 1 - d^2, (d - 1)^2) as 8 little-endian 32-bit words, C_D ... C_D_MINUS_ONE_SQ:
 * computed by gen_constants.py, beside this file. */
#include "ristretto255/constants.h"

static void fe_const(fe *h, const uint32_t w[8]) { m4crypt_fe25519_fromwords(h, w); }

static void fe_neg(fe *h, const fe *f)
{
    fe z;
    m4crypt_fe25519_set_small(&z, 0);
    m4crypt_fe25519_subc(h, &z, f);
}

/* 1 if f = 0 mod p, else 0. */
static uint32_t fe_iszero(const fe *f)
{
    uint8_t s[32];
    uint32_t acc = 0;
    m4crypt_fe25519_tobytes(s, f);
    for (int i = 0; i < 32; i++)
        acc |= s[i];
    m4crypt_memzero(s, sizeof s);
    return (acc - 1) >> 31; /* acc in 0..255 */
}

/* RFC 9496 IS_NEGATIVE: the low bit of the canonical encoding. */
static uint32_t fe_isneg(const fe *f)
{
    uint8_t s[32];
    m4crypt_fe25519_tobytes(s, f);
    const uint32_t neg = s[0] & 1u;
    m4crypt_memzero(s, sizeof s);
    return neg;
}

static uint32_t fe_eq(const fe *f, const fe *g)
{
    fe d;
    m4crypt_fe25519_subc(&d, f, g);
    const uint32_t eq = fe_iszero(&d);
    m4crypt_memzero(&d, sizeof d);
    return eq;
}

static uint32_t mask_of(uint32_t bit) { return 0u - bit; }

/* f = -f if bit (CT_NEG), |f| (CT_ABS). */
static void fe_cneg(fe *f, uint32_t bit)
{
    fe n;
    fe_neg(&n, f);
    m4crypt_fe25519_cmov(f, &n, mask_of(bit));
    m4crypt_memzero(&n, sizeof n);
}

static void fe_abs(fe *f) { fe_cneg(f, fe_isneg(f)); }

/* a = f^(2^k - 1) becomes f^(2^5k - 1), through f^(2^2k - 1) and f^(2^4k - 1) (b, c: scratch):
 * the step of the chain below from k = 10 to 50 and from 50 to 250. A macro, not a function:
 * written in place, the chain compiles to the same code as when it was written out. */
#define CHAIN_K_TO_5K(a, b, c, k)                                                                  \
    do {                                                                                           \
        m4crypt_fe25519_sqr(b, a);                                                                 \
        for (int i = 1; i < (k); i++)                                                              \
            m4crypt_fe25519_sqr(b, b);                                                             \
        m4crypt_fe25519_mul(b, b, a); /* 2^2k - 1 */                                               \
        m4crypt_fe25519_sqr(c, b);                                                                 \
        for (int i = 1; i < 2 * (k); i++)                                                          \
            m4crypt_fe25519_sqr(c, c);                                                             \
        m4crypt_fe25519_mul(b, c, b); /* 2^4k - 1 */                                               \
        for (int i = 0; i < (k); i++)                                                              \
            m4crypt_fe25519_sqr(b, b);                                                             \
        m4crypt_fe25519_mul(a, b, a); /* 2^5k - 1 */                                               \
    } while (0)

/* f^((p - 5) / 8) = f^(2^252 - 3): the inversion chain of fe25519.c up to f^(2^250 - 1), two
 * squarings, times f. */
static void fe_pow22523(fe *h, const fe *f)
{
    fe t0, t1, t2;
    m4crypt_fe25519_sqr(&t0, f);         /* 2 */
    m4crypt_fe25519_sqr(&t1, &t0);
    m4crypt_fe25519_sqr(&t1, &t1);       /* 8 */
    m4crypt_fe25519_mul(&t1, f, &t1);    /* 9 */
    m4crypt_fe25519_mul(&t0, &t0, &t1);  /* 11 */
    m4crypt_fe25519_sqr(&t0, &t0);       /* 22 */
    m4crypt_fe25519_mul(&t0, &t1, &t0);  /* 2^5 - 1 */
    m4crypt_fe25519_sqr(&t1, &t0);
    for (int i = 1; i < 5; i++)
        m4crypt_fe25519_sqr(&t1, &t1);
    m4crypt_fe25519_mul(&t0, &t1, &t0);  /* 2^10 - 1 */
    CHAIN_K_TO_5K(&t0, &t1, &t2, 10);    /* 2^50 - 1 */
    CHAIN_K_TO_5K(&t0, &t1, &t2, 50);    /* 2^250 - 1 */
    m4crypt_fe25519_sqr(&t0, &t0);
    m4crypt_fe25519_sqr(&t0, &t0);       /* 2^252 - 4 */
    m4crypt_fe25519_mul(h, &t0, f);      /* 2^252 - 3 */
    m4crypt_memzero(&t0, sizeof t0);
    m4crypt_memzero(&t1, sizeof t1);
    m4crypt_memzero(&t2, sizeof t2);
}

/* RFC 9496 section 4.2, SQRT_RATIO_M1(u, v): r = sqrt(u / v) or sqrt(i u / v), non-negative;
 * returns was_square (1 if u / v is a square). */
static uint32_t sqrt_ratio_m1(fe *r, const fe *u, const fe *v)
{
    fe v3, v7, t, check, nu, sm1;
    m4crypt_fe25519_sqr(&v3, v);
    m4crypt_fe25519_mul(&v3, &v3, v);          /* v^3 */
    m4crypt_fe25519_sqr(&v7, &v3);
    m4crypt_fe25519_mul(&v7, &v7, v);          /* v^7 */
    m4crypt_fe25519_mul(&t, u, &v7);
    fe_pow22523(&t, &t);          /* (u v^7)^((p - 5) / 8) */
    m4crypt_fe25519_mul(&t, &t, &v3);
    m4crypt_fe25519_mul(&t, &t, u);            /* r = u v^3 (u v^7)^((p - 5) / 8) */
    m4crypt_fe25519_sqr(&check, &t);
    m4crypt_fe25519_mul(&check, &check, v);    /* v r^2 */
    fe_neg(&nu, u);
    fe_const(&sm1, C_SQRT_M1);
    const uint32_t correct = fe_eq(&check, u);
    const uint32_t flipped = fe_eq(&check, &nu);
    m4crypt_fe25519_mul(&nu, &nu, &sm1);
    const uint32_t flipped_i = fe_eq(&check, &nu);
    m4crypt_fe25519_mul(&v3, &t, &sm1);        /* r' = r sqrt(-1) */
    m4crypt_fe25519_cmov(&t, &v3, mask_of(flipped | flipped_i));
    fe_abs(&t);
    *r = t;
    m4crypt_memzero(&t, sizeof t);
    m4crypt_memzero(&v3, sizeof v3);
    m4crypt_memzero(&v7, sizeof v7);
    m4crypt_memzero(&check, sizeof check);
    m4crypt_memzero(&nu, sizeof nu);
    return correct | flipped;
}

static void ge_identity(ge *h)
{
    m4crypt_fe25519_set_small(&h->X, 0);
    m4crypt_fe25519_set_small(&h->Y, 1);
    m4crypt_fe25519_set_small(&h->Z, 1);
    m4crypt_fe25519_set_small(&h->T, 0);
}

/* r = p + q (add-2008-hwcd-3, k = 2d; complete). r may alias p or q. */
static void ge_add(ge *r, const ge *p, const ge *q)
{
    fe a, b, c, d, t;
    m4crypt_fe25519_subc(&a, &p->Y, &p->X);
    m4crypt_fe25519_subc(&t, &q->Y, &q->X);
    m4crypt_fe25519_mul(&a, &a, &t);           /* A */
    m4crypt_fe25519_addc(&b, &p->Y, &p->X);
    m4crypt_fe25519_addc(&t, &q->Y, &q->X);
    m4crypt_fe25519_mul(&b, &b, &t);           /* B */
    fe_const(&t, C_D2);
    m4crypt_fe25519_mul(&c, &p->T, &t);
    m4crypt_fe25519_mul(&c, &c, &q->T);        /* C = T1 2d T2 */
    m4crypt_fe25519_addc(&d, &p->Z, &p->Z);
    m4crypt_fe25519_mul(&d, &d, &q->Z);        /* D = 2 Z1 Z2 */
    m4crypt_fe25519_subc(&t, &b, &a);          /* E */
    m4crypt_fe25519_addc(&b, &b, &a);          /* H */
    m4crypt_fe25519_subc(&a, &d, &c);          /* F */
    m4crypt_fe25519_addc(&d, &d, &c);          /* G */
    m4crypt_fe25519_mul(&r->X, &t, &a);        /* E F */
    m4crypt_fe25519_mul(&r->Y, &d, &b);        /* G H */
    m4crypt_fe25519_mul(&r->T, &t, &b);        /* E H */
    m4crypt_fe25519_mul(&r->Z, &a, &d);        /* F G */
    m4crypt_memzero(&a, sizeof a);
    m4crypt_memzero(&b, sizeof b);
    m4crypt_memzero(&c, sizeof c);
    m4crypt_memzero(&d, sizeof d);
    m4crypt_memzero(&t, sizeof t);
}

/* r = 2 p (dbl-2008-hwcd, a = -1), T only if with_t (p's T is not read). r may alias p.
 * Temporaries in w[5], which the caller wipes (once, not per doubling). */
static void ge_dbl_w(ge *r, const ge *p, fe w[5], int with_t)
{
#define a w[0]
#define b w[1]
#define c w[2]
#define e w[3]
#define g w[4]
    m4crypt_fe25519_sqr(&a, &p->X);            /* A = X^2 */
    m4crypt_fe25519_sqr(&b, &p->Y);            /* B = Y^2 */
    m4crypt_fe25519_sqr(&c, &p->Z);
    m4crypt_fe25519_addc(&c, &c, &c);          /* C = 2 Z^2 */
    m4crypt_fe25519_addc(&e, &p->X, &p->Y);
    m4crypt_fe25519_sqr(&e, &e);
    m4crypt_fe25519_subc(&g, &b, &a);          /* G = B - A (D = -A) */
    m4crypt_fe25519_addc(&a, &a, &b);          /* -H = A + B */
    m4crypt_fe25519_subc(&e, &e, &a);          /* E = (X + Y)^2 - A - B */
    m4crypt_fe25519_subc(&c, &c, &g);          /* -F = C - G */
    /* (E (-F), G (-H), (-F) G, E (-H)) = -1 times (E F, G H, F G, E H): the same point, and two
     * additions/subtractions fewer than forming H and F themselves */
    m4crypt_fe25519_mul(&r->X, &e, &c);
    m4crypt_fe25519_mul(&r->Y, &g, &a);
    m4crypt_fe25519_mul(&r->Z, &c, &g);
    if (with_t)
        m4crypt_fe25519_mul(&r->T, &e, &a);
#undef a
#undef b
#undef c
#undef e
#undef g
}

/* The "cached" form of a point for additions: (Y + X, Y - X, 2 Z, 2 d T) (Hisil et al., section
 * 3.1), the coordinates c[0..3]. Its negative is (Y - X, Y + X, 2 Z, -2 d T). */
static void to_cached(fe c[4], const ge *p)
{
    fe t;
    m4crypt_fe25519_addc(&c[0], &p->Y, &p->X);
    m4crypt_fe25519_subc(&c[1], &p->Y, &p->X);
    m4crypt_fe25519_addc(&c[2], &p->Z, &p->Z);
    fe_const(&t, C_D2);
    m4crypt_fe25519_mul(&c[3], &p->T, &t);
}

/* r = p + q, q cached (add-2008-hwcd-3 with 2 Z2 and 2 d T2 precomputed: 8 multiplications).
 * r may alias p. T only if with_t. Temporaries in w[5], wiped by the caller. */
static void ge_add_cached_w(ge *r, const ge *p, const fe q[4], fe w[5], int with_t)
{
    m4crypt_fe25519_subc(&w[0], &p->Y, &p->X);
    m4crypt_fe25519_addc(&w[1], &p->Y, &p->X);
    m4crypt_fe25519_mul(&w[1], &w[1], &q[0]);                     /* B = (Y1 + X1)(Y2 + X2) */
    m4crypt_fe25519_muladdsub(&w[4], &w[0], &q[1], &w[1], &w[0]); /* A = (Y1 - X1)(Y2 - X2); H = B + A,
                                                        E = B - A */
    m4crypt_fe25519_mul(&w[3], &p->Z, &q[2]);                     /* D = Z1 2 Z2 */
    m4crypt_fe25519_muladdsub(&w[2], &p->T, &q[3], &w[3], &w[0]); /* C = T1 2 d T2; G = D + C, F = D - C */
    m4crypt_fe25519_mul(&r->X, &w[1], &w[3]);  /* E F */
    m4crypt_fe25519_mul(&r->Y, &w[2], &w[4]);  /* G H */
    m4crypt_fe25519_mul(&r->Z, &w[3], &w[2]);  /* F G */
    if (with_t)
        m4crypt_fe25519_mul(&r->T, &w[1], &w[4]); /* E H */
}

/* 0xffffffff if a == b (both < 2^16), else 0. */
static uint32_t eq_mask(uint32_t a, uint32_t b)
{
    return (uint32_t)0 - (((a ^ b) - 1) >> 31);
}

void m4crypt_ge25519_select_cached_c(fe q[4], const fe tab[4][8], int32_t b)
{
    const uint32_t bu = (uint32_t)b;
    const uint32_t neg = 0u - (bu >> 31);
    const uint32_t babs = (bu ^ neg) - neg;
    fe n;
    for (int k = 0; k < 4; k++) {
        fe r;
        m4crypt_fe25519_set_small(&r, k < 2 ? 1 : k == 2 ? 2 : 0);
        for (uint32_t j = 1; j <= 8; j++)
            m4crypt_fe25519_cmov(&r, &tab[k][j - 1], eq_mask(babs, j));
        q[k] = r;
    }
    n = q[0];
    m4crypt_fe25519_cmov(&q[0], &q[1], neg);
    m4crypt_fe25519_cmov(&q[1], &n, neg);
    fe_neg(&n, &q[3]);
    m4crypt_fe25519_cmov(&q[3], &n, neg);
    m4crypt_memzero(&n, sizeof n);
}

void m4crypt_ge25519_varmul_c(ge *h, const int8_t e[64], const fe tab[4][8])
{
    struct {
        fe w[5], sel[4];
    } v;
    ge_identity(h);
    for (int i = 63; i >= 0; i--) {
        /* T only where the next operation reads it: doublings do not, additions do */
        for (int d = 0; d < 4; d++)
            ge_dbl_w(h, h, v.w, d == 3);
        m4crypt_ge25519_select_cached_c(v.sel, tab, e[i]);
        ge_add_cached_w(h, h, v.sel, v.w, i == 0);
    }
    m4crypt_memzero(&v, sizeof v);
}

/* RFC 9496 section 4.3.1. Returns 1 for a valid encoding (h set), 0 otherwise. */
static uint32_t decode(ge *h, const uint8_t s[32])
{
    fe sf, ss, u1, u2, u2sq, v, inv, denx, deny, t, one;
    uint8_t chk[32];
    uint32_t diff = 0;

    m4crypt_fe25519_frombytes(&sf, s);
    m4crypt_fe25519_tobytes(chk, &sf);
    for (int i = 0; i < 32; i++)
        diff |= (uint32_t)(chk[i] ^ s[i]); /* non-canonical or bit 255 set */
    const uint32_t canonical = ((diff - 1) >> 31) & (1u ^ (s[0] & 1u)); /* and non-negative */

    m4crypt_fe25519_set_small(&one, 1);
    m4crypt_fe25519_sqr(&ss, &sf);
    m4crypt_fe25519_subc(&u1, &one, &ss);      /* 1 + a s^2, a = -1 */
    m4crypt_fe25519_addc(&u2, &one, &ss);      /* 1 - a s^2 */
    m4crypt_fe25519_sqr(&u2sq, &u2);
    fe_const(&t, C_D);
    m4crypt_fe25519_sqr(&v, &u1);
    m4crypt_fe25519_mul(&v, &v, &t);
    fe_neg(&v, &v);
    m4crypt_fe25519_subc(&v, &v, &u2sq);       /* v = -(d u1^2) - u2^2 */
    m4crypt_fe25519_mul(&t, &v, &u2sq);
    const uint32_t was_square = sqrt_ratio_m1(&inv, &one, &t);
    m4crypt_fe25519_mul(&denx, &inv, &u2);
    m4crypt_fe25519_mul(&deny, &inv, &denx);
    m4crypt_fe25519_mul(&deny, &deny, &v);
    m4crypt_fe25519_addc(&t, &sf, &sf);
    m4crypt_fe25519_mul(&t, &t, &denx);
    fe_abs(&t);                   /* x = |2 s den_x| */
    h->X = t;
    m4crypt_fe25519_mul(&h->Y, &u1, &deny);    /* y = u1 den_y */
    m4crypt_fe25519_set_small(&h->Z, 1);
    m4crypt_fe25519_mul(&h->T, &h->X, &h->Y);
    return canonical & was_square & (1u ^ fe_isneg(&h->T)) & (1u ^ fe_iszero(&h->Y));
}

/* RFC 9496 section 4.3.2. */
static void encode(uint8_t s[32], const ge *p)
{
    fe u1, u2, t, inv, den1, den2, zinv, ix, iy, ench, x, y, one;
    m4crypt_fe25519_addc(&u1, &p->Z, &p->Y);
    m4crypt_fe25519_subc(&t, &p->Z, &p->Y);
    m4crypt_fe25519_mul(&u1, &u1, &t);         /* (Z + Y)(Z - Y) */
    m4crypt_fe25519_mul(&u2, &p->X, &p->Y);
    m4crypt_fe25519_sqr(&t, &u2);
    m4crypt_fe25519_mul(&t, &t, &u1);
    m4crypt_fe25519_set_small(&one, 1);
    (void)sqrt_ratio_m1(&inv, &one, &t);
    m4crypt_fe25519_mul(&den1, &inv, &u1);
    m4crypt_fe25519_mul(&den2, &inv, &u2);
    m4crypt_fe25519_mul(&zinv, &den1, &den2);
    m4crypt_fe25519_mul(&zinv, &zinv, &p->T);
    fe_const(&t, C_SQRT_M1);
    m4crypt_fe25519_mul(&ix, &p->X, &t);
    m4crypt_fe25519_mul(&iy, &p->Y, &t);
    fe_const(&t, C_INVSQRT_A_MINUS_D);
    m4crypt_fe25519_mul(&ench, &den1, &t);
    m4crypt_fe25519_mul(&t, &p->T, &zinv);
    const uint32_t rotate = mask_of(fe_isneg(&t));
    x = p->X;
    y = p->Y;
    m4crypt_fe25519_cmov(&x, &iy, rotate);
    m4crypt_fe25519_cmov(&y, &ix, rotate);
    m4crypt_fe25519_cmov(&den2, &ench, rotate); /* den_inv */
    m4crypt_fe25519_mul(&t, &x, &zinv);
    fe_cneg(&y, fe_isneg(&t));
    m4crypt_fe25519_subc(&t, &p->Z, &y);
    m4crypt_fe25519_mul(&t, &den2, &t);
    fe_abs(&t);
    m4crypt_fe25519_tobytes(s, &t);
    m4crypt_memzero(&u1, sizeof u1);
    m4crypt_memzero(&u2, sizeof u2);
    m4crypt_memzero(&t, sizeof t);
    m4crypt_memzero(&inv, sizeof inv);
    m4crypt_memzero(&den1, sizeof den1);
    m4crypt_memzero(&den2, sizeof den2);
    m4crypt_memzero(&zinv, sizeof zinv);
    m4crypt_memzero(&ix, sizeof ix);
    m4crypt_memzero(&iy, sizeof iy);
    m4crypt_memzero(&ench, sizeof ench);
    m4crypt_memzero(&x, sizeof x);
    m4crypt_memzero(&y, sizeof y);
}

/* RFC 9496 section 4.3.4, MAP(t). */
static void map(ge *h, const fe *t)
{
    fe r, u, v, s, sp, c, n, w0, w1, w2, w3, k, one;
    m4crypt_fe25519_set_small(&one, 1);
    fe_const(&k, C_SQRT_M1);
    m4crypt_fe25519_sqr(&r, t);
    m4crypt_fe25519_mul(&r, &r, &k);           /* r = sqrt(-1) t^2 */
    m4crypt_fe25519_addc(&u, &r, &one);
    fe_const(&k, C_ONE_MINUS_D_SQ);
    m4crypt_fe25519_mul(&u, &u, &k);           /* u = (r + 1) (1 - d^2) */
    fe_const(&k, C_D);
    m4crypt_fe25519_mul(&v, &r, &k);
    m4crypt_fe25519_addc(&v, &v, &one);
    fe_neg(&v, &v);               /* -1 - r d */
    m4crypt_fe25519_addc(&w0, &r, &k);         /* r + d */
    m4crypt_fe25519_mul(&v, &v, &w0);          /* v = (-1 - r d)(r + d) */
    const uint32_t was_square = mask_of(sqrt_ratio_m1(&s, &u, &v));
    m4crypt_fe25519_mul(&sp, &s, t);
    fe_abs(&sp);
    fe_neg(&sp, &sp);             /* s' = -|s t| */
    m4crypt_fe25519_cmov(&sp, &s, was_square); /* s = was_square ? s : s' */
    s = sp;
    fe_neg(&c, &one);
    m4crypt_fe25519_cmov(&r, &c, was_square);  /* c = was_square ? -1 : r (kept in r) */
    c = r;
    m4crypt_fe25519_sqr(&r, t);
    fe_const(&k, C_SQRT_M1);
    m4crypt_fe25519_mul(&r, &r, &k);           /* r again */
    m4crypt_fe25519_subc(&n, &r, &one);
    m4crypt_fe25519_mul(&n, &n, &c);
    fe_const(&k, C_D_MINUS_ONE_SQ);
    m4crypt_fe25519_mul(&n, &n, &k);
    m4crypt_fe25519_subc(&n, &n, &v);          /* N = c (r - 1) (d - 1)^2 - v */
    m4crypt_fe25519_addc(&w0, &s, &s);
    m4crypt_fe25519_mul(&w0, &w0, &v);         /* w0 = 2 s v */
    fe_const(&k, C_SQRT_AD_MINUS_ONE);
    m4crypt_fe25519_mul(&w1, &n, &k);          /* w1 = N sqrt(a d - 1) */
    m4crypt_fe25519_sqr(&w3, &s);
    m4crypt_fe25519_subc(&w2, &one, &w3);      /* w2 = 1 - s^2 */
    m4crypt_fe25519_addc(&w3, &one, &w3);      /* w3 = 1 + s^2 */
    m4crypt_fe25519_mul(&h->X, &w0, &w3);
    m4crypt_fe25519_mul(&h->Y, &w2, &w1);
    m4crypt_fe25519_mul(&h->Z, &w1, &w3);
    m4crypt_fe25519_mul(&h->T, &w0, &w2);
    /* k and one hold constants; everything else was computed from t */
    m4crypt_memzero(&r, sizeof r);
    m4crypt_memzero(&u, sizeof u);
    m4crypt_memzero(&v, sizeof v);
    m4crypt_memzero(&s, sizeof s);
    m4crypt_memzero(&sp, sizeof sp);
    m4crypt_memzero(&c, sizeof c);
    m4crypt_memzero(&n, sizeof n);
    m4crypt_memzero(&w0, sizeof w0);
    m4crypt_memzero(&w1, sizeof w1);
    m4crypt_memzero(&w2, sizeof w2);
    m4crypt_memzero(&w3, sizeof w3);
}

int m4crypt_ristretto255_is_valid_point(const uint8_t p[32])
{
    ge h;
    return decode(&h, p) ? 0 : M4CRYPT_ERR_PUBLIC_KEY;
}

/* The stack each operation's inner function uses on the Cortex-M4 (make bench's
 * ristretto255.<operation> figure, or the stack-residue check's for from_uniform_bytes, less the
 * public function's own frame): m4crypt_stack_wipe's length after it. */
#ifdef M4CRYPT_CURVE25519_RADIX32
#define SCALARMULT_STACK 2624
#define SCALARMULT_BASE_STACK 1008
#define FROM_UNIFORM_STACK 1304
#else
#define SCALARMULT_STACK 3384
#define SCALARMULT_BASE_STACK 1400
#define FROM_UNIFORM_STACK 1776
#endif

static __attribute__((noinline)) void from_uniform_inner(uint8_t p[32], const uint8_t r[64])
{
    fe t;
    ge a, b;
    m4crypt_fe25519_frombytes(&t, r);          /* bit 255 masked, values >= p reduced */
    map(&a, &t);
    m4crypt_fe25519_frombytes(&t, r + 32);
    map(&b, &t);
    ge_add(&a, &a, &b);
    encode(p, &a);
    m4crypt_memzero(&t, sizeof t);
    m4crypt_memzero(&a, sizeof a);
    m4crypt_memzero(&b, sizeof b);
}

int m4crypt_ristretto255_from_uniform_bytes(uint8_t p[32], const uint8_t r[64])
{
    from_uniform_inner(p, r);
    M4CRYPT_STACK_WIPE(FROM_UNIFORM_STACK);
    return 0;
}

static __attribute__((noinline)) int scalarmult_inner(uint8_t q[32], const uint8_t n[32],
                                                      const uint8_t p[32])
{
    /* everything secret in one place, wiped once at the end */
    struct {
        fe tab[4][8]; /* cached 1P..8P, coordinate-major: tab[k][j] = coordinate k of (j + 1) P */
        fe w[5], n4[4];
        ge h; /* jP while the table is built, then the accumulator */
        uint8_t s[32];
        int8_t e[64];
    } v;

    if (!decode(&v.h, p)) { /* the encoding is public */
        for (int i = 0; i < 32; i++)
            q[i] = 0;
        return M4CRYPT_ERR_PUBLIC_KEY;
    }
    for (int i = 0; i < 32; i++)
        v.s[i] = n[i];
    v.s[31] &= 127; /* libsodium crypto_scalarmult_ristretto255: bit 255 ignored */
    m4crypt_scalar_recode_signed4(v.e, v.s);

    /* (j + 1) P = j P + P, one point in extended coordinates at a time (P is public, and so is
     * the table) */
    to_cached(v.n4, &v.h);
    for (int j = 0; j < 8; j++) {
        fe c[4];
        if (j > 0)
            ge_add_cached_w(&v.h, &v.h, v.n4, v.w, 1);
        to_cached(c, &v.h);
        for (int k = 0; k < 4; k++)
            v.tab[k][j] = c[k];
    }

    m4crypt_ge25519_varmul(&v.h, v.e, (const fe(*)[8])v.tab);
    encode(q, &v.h);

    m4crypt_memzero(&v, sizeof v);
    return m4crypt_curve25519_zero_error(q);
}

int m4crypt_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
    const int r = scalarmult_inner(q, n, p);
    M4CRYPT_STACK_WIPE(SCALARMULT_STACK);
    return r;
}

#if M4CRYPT_ENABLE_X25519_BASE_TABLE
static __attribute__((noinline)) int scalarmult_base_inner(uint8_t q[32], const uint8_t n[32])
{
    ge h;
    uint8_t t[32];
    for (int i = 0; i < 32; i++)
        t[i] = n[i];
    t[31] &= 127; /* libsodium crypto_scalarmult_ristretto255_base: bit 255 ignored */
    m4crypt_ge25519_scalarmult_base(&h, t);
    encode(q, &h);
    m4crypt_memzero(t, sizeof t);
    m4crypt_memzero(&h, sizeof h);
    return m4crypt_curve25519_zero_error(q);
}

int m4crypt_ristretto255_scalarmult_base(uint8_t q[32], const uint8_t n[32])
{
    const int r = scalarmult_base_inner(q, n);
    M4CRYPT_STACK_WIPE(SCALARMULT_BASE_STACK);
    return r;
}
#else
/* Without the fixed-base table (m4crypt/config.h): the variable-base multiplication of the
 * generator, from its encoding (RFC 9496 Appendix A.1, the multiple 1 B). Same result and
 * return value (bit 255 of n ignored, the identity an error). */
int m4crypt_ristretto255_scalarmult_base(uint8_t q[32], const uint8_t n[32])
{
    static const uint8_t generator[32] = {
        0xe2, 0xf2, 0xae, 0x0a, 0x6a, 0xbc, 0x4e, 0x71, 0xa8, 0x84, 0xa9, 0x61, 0xc5, 0x00, 0x51, 0x5f,
        0x58, 0xe3, 0x0b, 0x6a, 0xa5, 0x82, 0xdd, 0x8d, 0xb6, 0xa6, 0x59, 0x45, 0xe0, 0x8d, 0x2d, 0x76};
    return m4crypt_ristretto255_scalarmult(q, n, generator);
}
#endif
#endif /* M4CRYPT_ENABLE_RISTRETTO255 */
