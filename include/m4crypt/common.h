/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt common definitions: error codes, the randombytes hook, secret wiping.
 *
 * Every function of m4crypt that can fail returns int: 0 (M4CRYPT_OK) on success and one of the
 * negative codes below otherwise. No function allocates memory.
 */
#ifndef M4CRYPT_COMMON_H
#define M4CRYPT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/version.h"
#include "config.h" /* what this build of m4crypt contains (docs/configuration.md) */

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_OK 0
/* An input or output buffer has the wrong length for the operation. */
#define M4CRYPT_ERR_LENGTH (-1)
/* FIPS 203 section 7.2 "modulus check" failed: an encapsulation key has a coefficient >= q
 * (or an X-Wing public key carries such an ML-KEM key). */
#define M4CRYPT_ERR_PUBLIC_KEY (-2)
/* FIPS 203 section 7.3 "hash check" failed: H(ek) stored in the decapsulation key does not match;
 * or an expanded ML-DSA secret key has an s1 / s2 coefficient outside [-eta, eta] (FIPS 204). */
#define M4CRYPT_ERR_SECRET_KEY (-3)
/* AEAD tag mismatch: the message is forged or corrupted; no plaintext is released. */
#define M4CRYPT_ERR_AUTH (-4)
/* X25519 produced the all-zero shared secret (a low-order or small-subgroup point was given).
 * The output is still written, as libsodium does, so callers that accept it can. */
#define M4CRYPT_ERR_ZERO_SHARED (-5)
/* The random number generator failed; outputs must not be used. */
#define M4CRYPT_ERR_RANDOM (-6)
/* An argument is out of its domain: unknown parameter set, NULL pointer, counter overflow. */
#define M4CRYPT_ERR_PARAM (-7)
/* A signature does not verify (also: malformed encoding, hint or norm bound of FIPS 204), or
 * ML-DSA signing gave up after the loop limit of FIPS 204 Appendix C. */
#define M4CRYPT_ERR_SIGNATURE (-8)
/* A self-test failed: a known-answer test of m4crypt_selftest() (m4crypt/selftest.h), or the
 * pairwise consistency test after key generation (built with M4CRYPT_KEYGEN_PCT; the keys are then
 * wiped). The library's results cannot be trusted. */
#define M4CRYPT_ERR_SELFTEST (-9)

/* Returns a short English description of an error code (static string). */
const char *m4crypt_strerror(int code);

/*
 * Randomness (docs/rng.md). m4crypt_randombytes() fills out with len random bytes and returns 0,
 * or M4CRYPT_ERR_RANDOM with out zeroed. It calls, in this order of preference:
 *   1. the function installed with m4crypt_set_randombytes() (runtime override), else
 *   2. m4crypt_platform_randombytes(), defined once per program:
 *      - host library: getrandom(2) (src/rng/getrandom.c; a definition of your own replaces it);
 *      - STM32F4 / STM32L4R-L4S firmware: link libm4crypt_rng_stm32f4.a or _stm32l4.a after
 *        libm4crypt.a (include/m4crypt/rng_stm32.h);
 *      - any other chip: define it yourself.
 *      A Cortex-M libm4crypt has no default: firmware that uses randomness and defines none fails
 *      to link with "undefined reference to `m4crypt_platform_randombytes'".
 * The contract of both: fill all len bytes and return 0, or return nonzero (there is no partial
 * success). On nonzero the library zeroes out and the operation that asked (key generation,
 * encapsulation) wipes its outputs and returns M4CRYPT_ERR_RANDOM; nothing is retried and no other
 * source is tried. Called from the thread that runs the operation, never from an interrupt.
 */
typedef int (*m4crypt_randombytes_fn)(void *ctx, uint8_t *out, size_t len);
void m4crypt_set_randombytes(m4crypt_randombytes_fn fn, void *ctx);
int m4crypt_randombytes(uint8_t *out, size_t len);
int m4crypt_platform_randombytes(uint8_t *out, size_t len);

/* Overwrite len bytes at p with zeros in a way the compiler cannot remove. */
void m4crypt_memzero(void *p, size_t len);

/* Constant-time comparison: 0 if a and b are equal over len bytes, -1 otherwise.
 * The running time depends on len only. */
int m4crypt_verify(const uint8_t *a, const uint8_t *b, size_t len);

#ifdef __cplusplus
}
#endif
#endif
