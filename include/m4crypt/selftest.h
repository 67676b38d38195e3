/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Known-answer self-tests of every primitive built into the library: the cryptographic algorithm
 * self-tests (CAST) a FIPS 140-3 module runs before it first uses an algorithm (FIPS 140-3 IG
 * 10.3.A). docs/security.md lists what each test covers, where its answers come from and what it
 * costs (make bench, row "selftest").
 */
#ifndef M4CRYPT_SELFTEST_H
#define M4CRYPT_SELFTEST_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bits of m4crypt_selftest's *failed, one per primitive (each covers all of that primitive's
 * functions the library has). */
#define M4CRYPT_SELFTEST_SHA3 (1u << 0)             /* SHA3-256, SHA3-512, SHAKE128, SHAKE256 */
#define M4CRYPT_SELFTEST_MLKEM512 (1u << 1)         /* key generation, encapsulation, and */
#define M4CRYPT_SELFTEST_MLKEM768 (1u << 2)         /* decapsulation of a valid and of an   */
#define M4CRYPT_SELFTEST_MLKEM1024 (1u << 3)        /* invalid ciphertext (implicit rejection) */
#define M4CRYPT_SELFTEST_X25519 (1u << 4)           /* variable base and fixed base */
#define M4CRYPT_SELFTEST_RISTRETTO255 (1u << 5)     /* scalarmult, scalarmult_base, from_uniform_bytes */
#define M4CRYPT_SELFTEST_CHACHA20 (1u << 6)
#define M4CRYPT_SELFTEST_POLY1305 (1u << 7)
#define M4CRYPT_SELFTEST_CHACHA20POLY1305 (1u << 8) /* encryption, decryption, a forged tag */
#define M4CRYPT_SELFTEST_XWING (1u << 9)            /* key generation, encapsulation, decapsulation */
#define M4CRYPT_SELFTEST_MLDSA44 (1u << 10)         /* key generation, deterministic signing, */
#define M4CRYPT_SELFTEST_MLDSA65 (1u << 11)         /* verification of the signature and of a  */
#define M4CRYPT_SELFTEST_MLDSA87 (1u << 12)         /* modified one (the operations built; a
                                                     * known pk / signature for those not) */
/* Bits 13-31 are reserved. */

/* Runs the known-answer test of every primitive the library was built with (all of them, or the
 * selection of include/m4crypt/config.h where there is one), every test even after a failure.
 * Returns 0 if all pass, else M4CRYPT_ERR_SELFTEST; if failed is not NULL, *failed receives the
 * M4CRYPT_SELFTEST_* bits of the tests that failed (0 when all pass). Uses no randomness. Its
 * stack is ML-DSA-87's key pair and signature (12 KB) and ML-DSA-87 signing, the deepest of all
 * the library's operations (benchmark rows selftest and mldsa87.sign; the small-memory ML-DSA
 * build, make MLDSA_MEMORY=small, signs in at most 12 KB); without ML-DSA, X-Wing
 * decapsulation. */
int m4crypt_selftest(uint32_t *failed);

/* The M4CRYPT_SELFTEST_* bits of the primitives this build of the library contains: those that
 * m4crypt_selftest tests. */
uint32_t m4crypt_selftest_built(void);

#ifdef __cplusplus
}
#endif
#endif
