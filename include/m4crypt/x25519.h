/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 (RFC 7748): Diffie-Hellman on Curve25519, Montgomery u-coordinates only.
 *
 * Scalars are clamped (RFC 7748 section 5, decodeScalar25519) and bit 255 of the input point is
 * masked (decodeUCoordinate); non-canonical u >= p are accepted and reduced, as the RFC asks.
 * The ladder is constant time: no secret-dependent branch or address.
 */
#ifndef M4CRYPT_X25519_H
#define M4CRYPT_X25519_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_X25519_BYTES 32
#define M4CRYPT_X25519_SCALARBYTES 32

#if M4CRYPT_ENABLE_X25519 /* m4crypt/config.h */
/* out = scalar * point. Returns M4CRYPT_ERR_ZERO_SHARED if out is all zero (point of small
 * order); out is written in every case. */
int m4crypt_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
/* out = scalar * 9 (the public key of scalar): with the fixed-base table
 * (M4CRYPT_ENABLE_X25519_BASE_TABLE) or, without it, the ladder on u = 9. */
int m4crypt_x25519_base(uint8_t out[32], const uint8_t scalar[32]);
/* A fresh secret key from m4crypt_randombytes and its public key. */
int m4crypt_x25519_keypair(uint8_t pk[32], uint8_t sk[32]);
#endif

#ifdef __cplusplus
}
#endif
#endif
