/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 (RFC 7748 section 5) on the ARMv7E-M field backend of src/curve25519 (8 x 32-bit words
 * mod 2^256 - 38, curve25519/armv7m/backend.h): decoding and the glue around the assembly ladder,
 * inversion (fe25519_mul.S) and final encoding (fe25519.S).
 *
 * Constant time: no loops or branches here; the scalar only enters the assembly ladder (selection
 * by SEL, no branch or address on its bits); the final reduction is carry arithmetic without
 * branches.
 */
#include "m4crypt/x25519.h"

#include <string.h>

#include "x25519/backend.h"

#if M4CRYPT_ENABLE_X25519 /* m4crypt/config.h */

/* The Cortex-M4 runs little-endian: byte i of word w is s[4 w + i], so the conversions are
 * copies (GCC inlines them as unaligned word loads and stores, which ARMv7-M allows). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "x25519_armv7m.c assumes a little-endian target"
#endif

/* RFC 7748 section 5, as m4crypt_x25519_scalarmult_c (x25519.c): clamping and decoding here, the
 * ladder in assembly (it returns X, Z with X / Z = x_2 / z_2), then X / Z and the canonical
 * encoding. ladder: the compact one (x25519_ladder.S) or the inlined one (x25519_ladder_inlined.S),
 * which have the same contract; a constant at each call site. */
static inline void scalarmult(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32],
                              void (*ladder)(uint32_t xz2[16], const uint32_t x1[8], uint8_t k[32]))
{
    _Alignas(4) uint8_t k[32]; /* the ladder reads and overwrites it by LDM/STM */
    uint32_t x1[8], xz[16];

    memcpy(k, scalar, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;

    memcpy(x1, point, 32); /* m4crypt_fe25519_frombytes_armv7m, inlined: */
    x1[7] &= 0x7fffffff;   /* RFC 7748 section 5: mask bit 255 (decodeUCoordinate) */
    ladder(xz, x1, k);
    m4crypt_fe25519_invert_armv7m(xz + 8, xz + 8);
    m4crypt_fe25519_mul_armv7m(xz, xz, xz + 8);
    m4crypt_fe25519_tobytes_armv7m(out, xz);

    m4crypt_memzero(k, sizeof k);
    m4crypt_memzero(xz, sizeof xz);
    m4crypt_memzero(x1, sizeof x1); /* the point: public, wiped all the same (it may be a ct) */
}

/* What m4crypt_x25519 runs: the compact ladder, or with -DM4CRYPT_X25519_INLINED_LADDER the
 * inlined one (more code, fewer cycles: bench rows x25519.scalarmult and
 * x25519.scalarmult_inlined), which exists in builds with an FPU only. */
void m4crypt_x25519_scalarmult_armv7m(uint8_t out[32], const uint8_t scalar[32],
                                      const uint8_t point[32])
{
#if defined(M4CRYPT_X25519_INLINED_LADDER) && defined(M4CRYPT_X25519_HAVE_INLINED_LADDER)
    scalarmult(out, scalar, point, m4crypt_x25519_ladder_inlined_armv7m);
#else
    scalarmult(out, scalar, point, m4crypt_x25519_ladder_armv7m);
#endif
}

#ifdef M4CRYPT_X25519_HAVE_INLINED_LADDER
/* The inlined ladder whatever the build selects (its tests and benchmark region). */
void m4crypt_x25519_scalarmult_inlined_armv7m(uint8_t out[32], const uint8_t scalar[32],
                                              const uint8_t point[32])
{
    scalarmult(out, scalar, point, m4crypt_x25519_ladder_inlined_armv7m);
}
#endif /* M4CRYPT_X25519_HAVE_INLINED_LADDER */
#endif /* M4CRYPT_ENABLE_X25519 */
