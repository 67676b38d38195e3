/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Backend selection for X25519's scalar multiplication (docs/DEVELOPING.md, "Assembly backends").
 *
 * With M4CRYPT_ARCH_ARMV7M defined (the -armv7m configurations), src/x25519/armv7m/backend.h
 * brings the whole scalar multiplication on the armv7m field of src/curve25519 (8 x 32-bit words
 * mod 2^256 - 38): M4CRYPT_X25519_HAVE_SCALARMULT and m4crypt_x25519_scalarmult_armv7m (same
 * contract as m4crypt_x25519_scalarmult_c in x25519.c, which runs the portable field's _c
 * functions in every build).
 */
#ifndef M4CRYPT_X25519_BACKEND_H
#define M4CRYPT_X25519_BACKEND_H

#include "common/backend_contract.h"
#include "curve25519/fe25519.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "x25519/armv7m/backend.h"
#endif

#if defined(M4CRYPT_X25519_HAVE_SCALARMULT) && !defined(M4CRYPT_CURVE25519_RADIX32)
#error "x25519 backend: its scalar multiplication runs on the curve25519 backend's field"
#endif

/* out = X25519(scalar, point) (RFC 7748 section 5), x25519.c's contract. */
void m4crypt_x25519_scalarmult_c(uint8_t out[32], const uint8_t scalar[32],
                                 const uint8_t point[32]);
#ifdef M4CRYPT_X25519_HAVE_SCALARMULT
#define m4crypt_x25519_scalarmult m4crypt_x25519_scalarmult_armv7m
#else
#define m4crypt_x25519_scalarmult m4crypt_x25519_scalarmult_c
#endif

#endif
