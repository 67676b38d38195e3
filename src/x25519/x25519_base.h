/*
 * Fixed-base X25519 (internal to src/x25519): scalar * 9 through the edwards25519 base point.
 */
#ifndef M4CRYPT_X25519_BASE_H
#define M4CRYPT_X25519_BASE_H

#include <stdint.h>

/* [i][j] = (j + 1) * 256^i * B as (y + x, y - x, 2 d x y), each 8 little-endian 32-bit words
 * (base_table.c). */
extern const uint32_t m4crypt_x25519_base_table[32][8][3][8];

/* out = X25519(scalar, 9) (RFC 7748 section 5, scalar clamped), constant time. */
void m4crypt_x25519_base_fixed(uint8_t out[32], const uint8_t scalar[32]);

#endif
