/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * GF(2^255 - 19) arithmetic, portable C, ten limbs in radix 2^25.5 (see fe25519.h for the
 * representation and the limb bounds every function relies on).
 *
 * Constant time: no branch, table index or division depends on the values; all loops have fixed
 * counts. Right shifts of negative int32_t/int64_t are arithmetic on every compiler we support
 * (gcc, clang, arm-none-eabi-gcc document it); left shifts of possibly negative values are
 * written as multiplications, which is defined behaviour.
 */
#include "curve25519/fe25519.h"
#include "m4crypt/common.h"

#if M4CRYPT_BUILD_CURVE25519 /* m4crypt/config.h */

/* Bit offset and width of each limb: offset(i) = ceil(25.5 i). */
static const uint8_t limb_off[10] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230};
static const uint8_t limb_bits[10] = {26, 25, 26, 25, 26, 25, 26, 25, 26, 25};

#define M(a, b) ((int64_t)(a) * (int64_t)(b))
/* Declares the ten limbs of the element e as the constants x0 ... x9 (LIMBS(f, f): f0 = f->v[0],
 * ..., f9 = f->v[9]): the operands of the column sums of mul and sqr. */
#define LIMBS(x, e)                                                                                \
    const int32_t x##0 = (e)->v[0], x##1 = (e)->v[1], x##2 = (e)->v[2], x##3 = (e)->v[3],          \
                  x##4 = (e)->v[4], x##5 = (e)->v[5], x##6 = (e)->v[6], x##7 = (e)->v[7],          \
                  x##8 = (e)->v[8], x##9 = (e)->v[9]
/* Declares x1_19 ... x9_19 = 19 x1 ... 19 x9, the factors of the products that wrap past 2^255
 * (2^255 = 19 mod p). sqr uses only x5_19 ... x9_19: the others are marked unused. */
#define TIMES19(x)                                                                                 \
    const int32_t x##1_19 __attribute__((unused)) = 19 * x##1,                                     \
                  x##2_19 __attribute__((unused)) = 19 * x##2,                                     \
                  x##3_19 __attribute__((unused)) = 19 * x##3,                                     \
                  x##4_19 __attribute__((unused)) = 19 * x##4, x##5_19 = 19 * x##5,                \
                  x##6_19 = 19 * x##6, x##7_19 = 19 * x##7, x##8_19 = 19 * x##8, x##9_19 = 19 * x##9

void m4crypt_fe25519_0_c(m4crypt_fe25519_c *h)
{
    for (int i = 0; i < 10; i++)
        h->v[i] = 0;
}

void m4crypt_fe25519_1_c(m4crypt_fe25519_c *h)
{
    m4crypt_fe25519_0_c(h);
    h->v[0] = 1;
}

void m4crypt_fe25519_add_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f, const m4crypt_fe25519_c *g)
{
    for (int i = 0; i < 10; i++)
        h->v[i] = f->v[i] + g->v[i];
}

void m4crypt_fe25519_sub_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f, const m4crypt_fe25519_c *g)
{
    for (int i = 0; i < 10; i++)
        h->v[i] = f->v[i] - g->v[i];
}

/*
 * Reduces ten column sums to tight limbs. Rounding carries (add half, shift) leave each limb in
 * [-2^(w-1), 2^(w-1)); the carry out of limb 9 has weight 2^255 = 19 mod p and re-enters limb 0,
 * whose carry goes once more into limb 1. For |h_k| < 2^61 the carry out of limb 9 is below
 * 2^37, 19 times it below 2^42, so the last carry into limb 1 is below 2^16: limb 1 ends below
 * 2^24 + 2^16 and every other limb at most 2^25 (even) / 2^24 (odd) in magnitude.
 * A limb left after its carry fits in 32 bits, so it is computed on the low words only
 * (arithmetic mod 2^32, exact because the result is known to lie in int32_t's range).
 */
static inline void carry_columns(m4crypt_fe25519_c *out, int64_t h[10])
{
    int64_t c;
    int32_t r[10];
    for (int i = 0; i < 9; i++) {
        const int w = limb_bits[i];
        c = (h[i] + ((int64_t)1 << (w - 1))) >> w;
        h[i + 1] += c;
        r[i] = (int32_t)((uint32_t)h[i] - ((uint32_t)c << w));
    }
    c = (h[9] + ((int64_t)1 << 24)) >> 25;
    r[9] = (int32_t)((uint32_t)h[9] - ((uint32_t)c << 25));
    const int64_t h0 = (int64_t)r[0] + 19 * c;
    c = (h0 + ((int64_t)1 << 25)) >> 26;
    r[0] = (int32_t)((uint32_t)h0 - ((uint32_t)c << 26));
    r[1] += (int32_t)c;
    for (int i = 0; i < 10; i++)
        out->v[i] = r[i];
}

void m4crypt_fe25519_carry_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f)
{
    int64_t t[10];
    for (int i = 0; i < 10; i++)
        t[i] = f->v[i];
    carry_columns(h, t);
}

/*
 * Schoolbook multiplication. With offset(i) + offset(j) = offset(i + j) + [i and j odd], a
 * product of two odd limbs carries an extra factor 2 (taken from f1_2, f3_2, ...), and a product
 * landing at offset >= 255 wraps to offset - 255 with the factor 19 (2^255 = 19 mod p), taken
 * from g1_19 ... g9_19. Every column is then one chain of 32x32->64-bit multiply-accumulates.
 *
 * Bounds: loose inputs (|even| <= 1.6 * 2^26, |odd| <= 1.6 * 2^25) keep 19 * g_j below
 * 1.6 * 19 * 2^26 < 2^31 and 2 * f_odd below 2^27; the largest column, t[0], is below
 * 1.6^2 * 19 * 2^52 * (4 + 5 / 2) + 1.6^2 * 2^52 < 2^61.
 */
void m4crypt_fe25519_mul_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f, const m4crypt_fe25519_c *g)
{
    LIMBS(f, f);
    LIMBS(g, g);
    TIMES19(g);
    const int32_t f1_2 = 2 * f1, f3_2 = 2 * f3, f5_2 = 2 * f5, f7_2 = 2 * f7, f9_2 = 2 * f9;
    int64_t t[10];

    t[0] = M(f0, g0) + M(f1_2, g9_19) + M(f2, g8_19) + M(f3_2, g7_19) + M(f4, g6_19) +
           M(f5_2, g5_19) + M(f6, g4_19) + M(f7_2, g3_19) + M(f8, g2_19) + M(f9_2, g1_19);
    t[1] = M(f0, g1) + M(f1, g0) + M(f2, g9_19) + M(f3, g8_19) + M(f4, g7_19) + M(f5, g6_19) +
           M(f6, g5_19) + M(f7, g4_19) + M(f8, g3_19) + M(f9, g2_19);
    t[2] = M(f0, g2) + M(f1_2, g1) + M(f2, g0) + M(f3_2, g9_19) + M(f4, g8_19) + M(f5_2, g7_19) +
           M(f6, g6_19) + M(f7_2, g5_19) + M(f8, g4_19) + M(f9_2, g3_19);
    t[3] = M(f0, g3) + M(f1, g2) + M(f2, g1) + M(f3, g0) + M(f4, g9_19) + M(f5, g8_19) +
           M(f6, g7_19) + M(f7, g6_19) + M(f8, g5_19) + M(f9, g4_19);
    t[4] = M(f0, g4) + M(f1_2, g3) + M(f2, g2) + M(f3_2, g1) + M(f4, g0) + M(f5_2, g9_19) +
           M(f6, g8_19) + M(f7_2, g7_19) + M(f8, g6_19) + M(f9_2, g5_19);
    t[5] = M(f0, g5) + M(f1, g4) + M(f2, g3) + M(f3, g2) + M(f4, g1) + M(f5, g0) + M(f6, g9_19) +
           M(f7, g8_19) + M(f8, g7_19) + M(f9, g6_19);
    t[6] = M(f0, g6) + M(f1_2, g5) + M(f2, g4) + M(f3_2, g3) + M(f4, g2) + M(f5_2, g1) +
           M(f6, g0) + M(f7_2, g9_19) + M(f8, g8_19) + M(f9_2, g7_19);
    t[7] = M(f0, g7) + M(f1, g6) + M(f2, g5) + M(f3, g4) + M(f4, g3) + M(f5, g2) + M(f6, g1) +
           M(f7, g0) + M(f8, g9_19) + M(f9, g8_19);
    t[8] = M(f0, g8) + M(f1_2, g7) + M(f2, g6) + M(f3_2, g5) + M(f4, g4) + M(f5_2, g3) +
           M(f6, g2) + M(f7_2, g1) + M(f8, g0) + M(f9_2, g9_19);
    t[9] = M(f0, g9) + M(f1, g8) + M(f2, g7) + M(f3, g6) + M(f4, g5) + M(f5, g4) + M(f6, g3) +
           M(f7, g2) + M(f8, g1) + M(f9, g0);
    carry_columns(h, t);
}

/* Squaring: the multiplication above with the symmetric products f_i f_j (i != j) taken once
 * and doubled (f0_2 ...), and doubled again for two odd limbs (f1_4 ...). Same bounds. */
void m4crypt_fe25519_sqr_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f)
{
    LIMBS(f, f);
    TIMES19(f);
    const int32_t f0_2 = 2 * f0, f1_2 = 2 * f1, f2_2 = 2 * f2, f3_2 = 2 * f3, f4_2 = 2 * f4;
    const int32_t f5_2 = 2 * f5, f6_2 = 2 * f6, f7_2 = 2 * f7, f8_2 = 2 * f8, f9_2 = 2 * f9;
    const int32_t f1_4 = 4 * f1, f3_4 = 4 * f3, f5_4 = 4 * f5, f7_4 = 4 * f7;
    int64_t t[10];

    t[0] = M(f0, f0) + M(f1_4, f9_19) + M(f2_2, f8_19) + M(f3_4, f7_19) + M(f4_2, f6_19) +
           M(f5_2, f5_19);
    t[1] = M(f0_2, f1) + M(f2_2, f9_19) + M(f3_2, f8_19) + M(f4_2, f7_19) + M(f5_2, f6_19);
    t[2] = M(f0_2, f2) + M(f1_2, f1) + M(f3_4, f9_19) + M(f4_2, f8_19) + M(f5_4, f7_19) +
           M(f6, f6_19);
    t[3] = M(f0_2, f3) + M(f1_2, f2) + M(f4_2, f9_19) + M(f5_2, f8_19) + M(f6_2, f7_19);
    t[4] = M(f0_2, f4) + M(f1_4, f3) + M(f2, f2) + M(f5_4, f9_19) + M(f6_2, f8_19) +
           M(f7_2, f7_19);
    t[5] = M(f0_2, f5) + M(f1_2, f4) + M(f2_2, f3) + M(f6_2, f9_19) + M(f7_2, f8_19);
    t[6] = M(f0_2, f6) + M(f1_4, f5) + M(f2_2, f4) + M(f3_2, f3) + M(f7_4, f9_19) + M(f8, f8_19);
    t[7] = M(f0_2, f7) + M(f1_2, f6) + M(f2_2, f5) + M(f3_2, f4) + M(f8_2, f9_19);
    t[8] = M(f0_2, f8) + M(f1_4, f7) + M(f2_2, f6) + M(f3_4, f5) + M(f4, f4) + M(f9_2, f9_19);
    t[9] = M(f0_2, f9) + M(f1_2, f8) + M(f2_2, f7) + M(f3_2, f6) + M(f4_2, f5);
    carry_columns(h, t);
}

/* 121666 * f: each product of a loose limb is below 1.6 * 2^26 * 2^17 < 2^44. */
void m4crypt_fe25519_mul121666_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f)
{
    int64_t t[10];
    for (int i = 0; i < 10; i++)
        t[i] = M(f->v[i], 121666);
    carry_columns(h, t);
}

/* h = f^(2^n) for n >= 1. */
static void sqr_n(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f, int n)
{
    m4crypt_fe25519_sqr_c(h, f);
    for (int i = 1; i < n; i++)
        m4crypt_fe25519_sqr_c(h, h);
}

/* a = z^(2^k - 1) becomes z^(2^5k - 1), through z^(2^2k - 1) and z^(2^4k - 1) (b, c: scratch):
 * the step that takes the chain below from k = 10 to 50 and from 50 to 250. */
static inline __attribute__((always_inline)) void
chain_k_to_5k(m4crypt_fe25519_c *a, m4crypt_fe25519_c *b, m4crypt_fe25519_c *c, int k)
{
    sqr_n(b, a, k);
    m4crypt_fe25519_mul_c(b, b, a); /* z^(2^2k - 1) */
    sqr_n(c, b, 2 * k);
    m4crypt_fe25519_mul_c(b, c, b); /* z^(2^4k - 1) */
    sqr_n(b, b, k);
    m4crypt_fe25519_mul_c(a, b, a); /* z^(2^5k - 1) */
}

/*
 * f^(p-2), p - 2 = 2^255 - 21 = (2^250 - 1) * 2^5 + 11. The chain (from D. J. Bernstein,
 * "Curve25519: new Diffie-Hellman speed records", 2006) builds z^(2^k - 1) for k = 5, 10, 20,
 * 40, 50, 100, 200, 250 and finishes with five squarings and a multiplication by z^11.
 */
void m4crypt_fe25519_invert_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f)
{
    m4crypt_fe25519_c z2, z9, z11, a, b, c;

    m4crypt_fe25519_sqr_c(&z2, f);           /* z^2 */
    sqr_n(&a, &z2, 2);                     /* z^8 */
    m4crypt_fe25519_mul_c(&z9, &a, f);       /* z^9 */
    m4crypt_fe25519_mul_c(&z11, &z9, &z2);   /* z^11 */
    m4crypt_fe25519_sqr_c(&a, &z11);         /* z^22 */
    m4crypt_fe25519_mul_c(&a, &a, &z9);      /* z^31 = z^(2^5 - 1) */
    sqr_n(&b, &a, 5);
    m4crypt_fe25519_mul_c(&a, &b, &a);       /* z^(2^10 - 1) */
    chain_k_to_5k(&a, &b, &c, 10);           /* z^(2^50 - 1) */
    chain_k_to_5k(&a, &b, &c, 50);           /* z^(2^250 - 1) */
    sqr_n(&a, &a, 5);                      /* z^(2^255 - 32) */
    m4crypt_fe25519_mul_c(h, &a, &z11);      /* z^(2^255 - 21) */
}

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* Limb i is bits [off, off + w) of the 255-bit integer; off % 8 + w <= 32 for every limb, so one
 * 32-bit little-endian load at byte off / 8 holds it (the last load, bytes 28..31, still holds
 * bit 255, which the mask of limb 9 drops). */
void m4crypt_fe25519_frombytes_c(m4crypt_fe25519_c *h, const uint8_t s[32])
{
    int32_t t[10], c;
    for (int i = 0; i < 10; i++) {
        const uint32_t word = load32_le(s + limb_off[i] / 8);
        t[i] = (int32_t)((word >> (limb_off[i] % 8)) & ((1u << limb_bits[i]) - 1));
    }
    /* Centre the limbs (rounding carries) so that they meet the "tight" bound of fe25519.h:
     * each ends in [-2^(w-1), 2^(w-1)), limb 0 takes 19 times the carry out of limb 9. */
    for (int i = 0; i < 9; i++) {
        c = (t[i] + ((int32_t)1 << (limb_bits[i] - 1))) >> limb_bits[i];
        t[i] -= c * ((int32_t)1 << limb_bits[i]);
        t[i + 1] += c;
    }
    c = (t[9] + ((int32_t)1 << 24)) >> 25;
    t[9] -= c * ((int32_t)1 << 25);
    t[0] += 19 * c;
    for (int i = 0; i < 10; i++)
        h->v[i] = t[i];
}

/*
 * Canonical encoding (RFC 7748 section 5, encodeUCoordinate of a reduced value).
 *  1. Two passes of floor carries (limb 9's carry re-enters limb 0 times 19). For input limbs
 *     below 2^30 the first pass leaves limbs 1..9 in [0, 2^w) and limb 0 within 2^10 of that
 *     range; the second pass then propagates at most a carry or borrow of 1 and ends with every
 *     limb in [0, 2^w): a value V in [0, 2^255). (A borrow out of limb 9 means limbs 1..9 were
 *     zero and limb 0 close to -0; it turns into 2^26 - small - 19 >= 0. A carry out of limb 9
 *     leaves limbs 1..9 zero and limb 0 small, + 19 still < 2^26.)
 *  2. V < 2^255 = p + 19, so V - p >= 0 iff V + 19 >= 2^255: q = floor((V + 19) / 2^255) in
 *     {0, 1}, computed exactly by a carry chain of floor shifts.
 *  3. V - q p = V + 19 q - q 2^255: add 19 q, carry, and drop bit 255.
 *  4. Pack the 255 bits little-endian.
 */
void m4crypt_fe25519_tobytes_c(uint8_t s[32], const m4crypt_fe25519_c *f)
{
    int32_t t[10];
    int32_t c, q;
    for (int i = 0; i < 10; i++)
        t[i] = f->v[i];

    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < 9; i++) {
            c = t[i] >> limb_bits[i];
            t[i] -= c * ((int32_t)1 << limb_bits[i]);
            t[i + 1] += c;
        }
        c = t[9] >> 25;
        t[9] -= c * ((int32_t)1 << 25);
        t[0] += 19 * c;
    }

    q = (t[0] + 19) >> 26;
    for (int i = 1; i < 10; i++)
        q = (t[i] + q) >> limb_bits[i];

    t[0] += 19 * q;
    for (int i = 0; i < 9; i++) {
        c = t[i] >> limb_bits[i];
        t[i] -= c * ((int32_t)1 << limb_bits[i]);
        t[i + 1] += c;
    }
    t[9] &= ((int32_t)1 << 25) - 1;

    /* Pack: the limbs are now non-negative and below 2^w. */
    uint64_t acc = 0;
    int accbits = 0, n = 0;
    for (int i = 0; i < 10; i++) {
        acc |= (uint64_t)(uint32_t)t[i] << accbits;
        accbits += limb_bits[i];
        while (accbits >= 8) {
            s[n++] = (uint8_t)acc;
            acc >>= 8;
            accbits -= 8;
        }
    }
    s[31] = (uint8_t)acc; /* the last 7 bits (248..254); bit 255 is 0 */
}

void m4crypt_fe25519_cswap_c(m4crypt_fe25519_c *f, m4crypt_fe25519_c *g, uint32_t b)
{
    uint32_t mask = 0u - b; /* all ones or all zeros */
#if defined(__GNUC__)
    /* Hide the mask's origin from the optimiser so that it cannot turn the swap into a branch. */
    __asm__("" : "+r"(mask));
#endif
    for (int i = 0; i < 10; i++) {
        const uint32_t x = ((uint32_t)f->v[i] ^ (uint32_t)g->v[i]) & mask;
        f->v[i] = (int32_t)((uint32_t)f->v[i] ^ x);
        g->v[i] = (int32_t)((uint32_t)g->v[i] ^ x);
    }
}
#endif /* M4CRYPT_BUILD_CURVE25519 */
