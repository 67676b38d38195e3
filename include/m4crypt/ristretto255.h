/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ristretto255 (RFC 9496): a prime-order group of order L = 2^252 + 27742317777372353535851937790883648493
 * built on edwards25519, with canonical 32-byte encodings.
 *
 * Scalar multiplication follows libsodium's crypto_scalarmult_ristretto255 and
 * crypto_scalarmult_ristretto255_base: the scalar is 32 little-endian bytes, its top bit (bit
 * 255) is ignored, it is neither clamped nor reduced mod L; an invalid input encoding and an
 * identity result are errors (the output is then all zero).
 */
#ifndef M4CRYPT_RISTRETTO255_H
#define M4CRYPT_RISTRETTO255_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_RISTRETTO255_BYTES 32
#define M4CRYPT_RISTRETTO255_SCALARBYTES 32
#define M4CRYPT_RISTRETTO255_HASHBYTES 64

#if M4CRYPT_ENABLE_RISTRETTO255 /* m4crypt/config.h */
/* 0 if p is a valid (canonical) encoding of a group element, else M4CRYPT_ERR_PUBLIC_KEY
 * (RFC 9496 section 4.3.1). */
int m4crypt_ristretto255_is_valid_point(const uint8_t p[32]);
/* q = n * p. Returns M4CRYPT_ERR_PUBLIC_KEY if p is not a valid encoding, M4CRYPT_ERR_ZERO_SHARED
 * if the result is the identity (q is then all zero in both cases), else 0. Constant time in n. */
int m4crypt_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32], const uint8_t p[32]);
/* q = n * G (G the generator). M4CRYPT_ERR_ZERO_SHARED if the result is the identity. */
int m4crypt_ristretto255_scalarmult_base(uint8_t q[32], const uint8_t n[32]);
/* p = the element derived from 64 uniformly random bytes (RFC 9496 section 4.3.4,
 * "from uniform bytes", the map used by hash-to-group; libsodium's
 * crypto_core_ristretto255_from_hash). Returns 0. */
int m4crypt_ristretto255_from_uniform_bytes(uint8_t p[32], const uint8_t r[64]);
#endif

#ifdef __cplusplus
}
#endif
#endif
