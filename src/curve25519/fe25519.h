/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Arithmetic in GF(p), p = 2^255 - 19, the field of Curve25519 (RFC 7748 section 4.1), for X25519
 * and Ristretto255. Internal (not installed).
 *
 * m4crypt_fe25519 and m4crypt_fe25519_<fn> are the field the build selects (curve25519/backend.h):
 * the portable one below, or with the armv7m backend its own representation, 8 little-endian
 * 32-bit words holding any value in [0, 2^256) with the arithmetic mod 2^256 - 38 = 2 p
 * (M4CRYPT_CURVE25519_RADIX32, curve25519/armv7m/backend.h). Code on the selected field reads
 * only v[0 .. M4CRYPT_FE25519_WORDS - 1] directly.
 *
 * The portable field (always compiled, suffix _c: the twin tests and X25519's portable ladder use
 * it in every build): ten signed 32-bit limbs in radix 2^25.5. Limb i has weight
 * 2^ceil(25.5 i), that is offsets 0, 26, 51, 77, 102, 128, 153, 179, 204, 230 bits; even limbs
 * nominally hold 26 bits, odd limbs 25. The value is sum(v[i] * 2^off[i]) mod p; limbs may be
 * negative. This radix keeps every partial product of a multiplication in a 32x32->64-bit
 * multiply (one UMULL/SMULL on the Cortex-M4) and every column sum inside int64_t.
 *
 * Limb bounds of the portable field (|v[i]| for even i / odd i), the contract between the functions:
 *   "tight" : <= 2^25 + 2^18 / <= 2^24 + 2^18   output of frombytes, mul, sqr, mul121666
 *   "loose" : <= 1.6 * 2^26  / <= 1.6 * 2^25    covers add or sub of two tight elements
 * mul, sqr and mul121666 accept loose inputs (so that 19 times a limb fits in int32_t); add and
 * sub accept tight inputs; tobytes accepts any limbs below 2^30 in magnitude; cswap any.
 */
#ifndef M4CRYPT_CURVE25519_FE25519_H
#define M4CRYPT_CURVE25519_FE25519_H

#include <stdint.h>

#include "m4crypt/common.h"

typedef struct {
    int32_t v[10];
} m4crypt_fe25519_c;

/* h = f * g mod p. h may alias f or g. */
void m4crypt_fe25519_mul_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f,
                           const m4crypt_fe25519_c *g);
/* h = f^2 mod p. */
void m4crypt_fe25519_sqr_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f);
/* h = f + g, limb-wise, no carry. */
void m4crypt_fe25519_add_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f,
                           const m4crypt_fe25519_c *g);
/* h = f - g, limb-wise, no carry. */
void m4crypt_fe25519_sub_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f,
                           const m4crypt_fe25519_c *g);
/* h = 121666 * f mod p (121666 = (A + 2) / 4, A = 486662; RFC 7748 section 5). */
void m4crypt_fe25519_mul121666_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f);
/* h = f^(p-2) = 1/f mod p (Fermat; 0 maps to 0). Addition chain of 254 squarings and 11
 * multiplications. */
void m4crypt_fe25519_invert_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f);
/* Decodes 32 little-endian bytes, ignoring bit 255 (RFC 7748 section 5, decodeUCoordinate).
 * Values in [p, 2^255) are accepted (tobytes reduces them). The limbs come out centred, tight. */
void m4crypt_fe25519_frombytes_c(m4crypt_fe25519_c *h, const uint8_t s[32]);
/* Encodes the unique representative in [0, p) as 32 little-endian bytes (constant time). */
void m4crypt_fe25519_tobytes_c(uint8_t s[32], const m4crypt_fe25519_c *f);
/* Swaps f and g if b == 1, leaves them if b == 0 (b must be 0 or 1), by masked XOR of every limb:
 * the same instructions and addresses either way. */
void m4crypt_fe25519_cswap_c(m4crypt_fe25519_c *f, m4crypt_fe25519_c *g, uint32_t b);
/* h = 0, h = 1; h = f with the limbs carried to the "tight" bound (f's limbs below 2^30 in
 * magnitude). */
void m4crypt_fe25519_0_c(m4crypt_fe25519_c *h);
void m4crypt_fe25519_1_c(m4crypt_fe25519_c *h);
void m4crypt_fe25519_carry_c(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f);

/* m4crypt_fe25519, M4CRYPT_FE25519_WORDS and the selected m4crypt_fe25519_mul, _sqr, _add, _sub
 * (raw: on the portable field no carry, see the bounds above), _addc, _subc (always a "tight"
 * result), _muladdsub, _invert, _frombytes, _tobytes, _fromwords (a canonical value as 8
 * little-endian words). */
#include "curve25519/backend.h"

/* h = v for a small v (< 2^25). */
static inline void m4crypt_fe25519_set_small(m4crypt_fe25519 *h, uint32_t v)
{
    for (int i = 0; i < M4CRYPT_FE25519_WORDS; i++)
        h->v[i] = 0;
    h->v[0] = v;
}

/* f = g where mask is all ones, unchanged where it is zero. */
static inline void m4crypt_fe25519_cmov(m4crypt_fe25519 *f, const m4crypt_fe25519 *g, uint32_t mask)
{
    for (int i = 0; i < M4CRYPT_FE25519_WORDS; i++) {
        const uint32_t x = ((uint32_t)f->v[i] ^ (uint32_t)g->v[i]) & mask;
        f->v[i] = (int32_t)((uint32_t)f->v[i] ^ x);
    }
}

/* M4CRYPT_ERR_ZERO_SHARED if the 32 bytes q (a result encoding of X25519 or Ristretto255) are
 * all zero, else 0, without a branch on q's bytes (the result itself is all it reveals). */
static inline int m4crypt_curve25519_zero_error(const uint8_t q[32])
{
    uint32_t acc = 0;
    for (int i = 0; i < 32; i++)
        acc |= q[i];
    const uint32_t is_zero = (acc - 1) >> 31; /* acc in 0..255 */
    return (int)(0u - is_zero) & M4CRYPT_ERR_ZERO_SHARED;
}

#endif
