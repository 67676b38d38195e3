/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Fixed-base X25519 (internal to src/x25519): scalar * 9 through the edwards25519 base point
 * (src/curve25519/ge25519.h).
 */
#ifndef M4CRYPT_X25519_BASE_H
#define M4CRYPT_X25519_BASE_H

#include <stdint.h>

/* out = X25519(scalar, 9) (RFC 7748 section 5, scalar clamped), constant time. */
void m4crypt_x25519_base_fixed(uint8_t out[32], const uint8_t scalar[32]);

#endif
