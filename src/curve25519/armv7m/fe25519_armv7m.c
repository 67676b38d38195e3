/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The field's decoding on the ARMv7E-M representation (backend.h): 32 little-endian bytes are
 * the 8 words. The rest of the field is assembly (fe25519.S, fe25519_mul.S).
 */
#include <string.h>

#include "curve25519/fe25519.h"

#if M4CRYPT_BUILD_CURVE25519 /* m4crypt/config.h */

/* The Cortex-M4 runs little-endian: byte i of word w is s[4 w + i], so the conversion is a copy
 * (GCC inlines it as unaligned word loads and stores, which ARMv7-M allows). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "fe25519_armv7m.c assumes a little-endian target"
#endif

void m4crypt_fe25519_frombytes_armv7m(uint32_t h[8], const uint8_t s[32])
{
    memcpy(h, s, 32);
    h[7] &= 0x7fffffff; /* RFC 7748 section 5: mask bit 255 (decodeUCoordinate) */
}

#endif /* M4CRYPT_BUILD_CURVE25519 */
