/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal interface of src/xwing: the expanded decapsulation key of X-Wing and decapsulation
 * with it. m4crypt_xwing_dec is m4crypt_xwing_expand followed by m4crypt_xwing_dec_expanded; the
 * split lets the constant-time test mark exactly the secret parts of the expanded key (the
 * ML-KEM key's ek and H(ek) are public, which valgrind cannot infer when they are derived from
 * the secret seed), and would let a caller keep the expanded key between decapsulations.
 */
#ifndef M4CRYPT_XWING_INTERNAL_H
#define M4CRYPT_XWING_INTERNAL_H

#include "m4crypt/mlkem.h"
#include "m4crypt/xwing.h"

typedef struct {
    /* ML-KEM-768 decapsulation key (FIPS 203): dk_PKE (1152, secret) || ek (1184) || H(ek) (32)
     * || z (32, secret). */
    uint8_t sk_m[M4CRYPT_MLKEM768_SECRETKEYBYTES];
    uint8_t sk_x[32]; /* X25519 secret key (secret) */
    uint8_t pk_x[32]; /* X25519 public key */
} m4crypt_xwing_expanded;

/* expandDecapsulationKey(seed): fills k and pk_m, the ML-KEM-768 ek (a copy of the one inside
 * k->sk_m, written by ML-KEM key generation). Returns 0 or the error of ML-KEM key generation. */
int m4crypt_xwing_expand(m4crypt_xwing_expanded *k,
                         uint8_t pk_m[M4CRYPT_MLKEM768_PUBLICKEYBYTES], const uint8_t seed[32]);
/* Decapsulate(ct) with an expanded key. Returns 0 (or ML-KEM's hash-check error, ss zeroed). */
int m4crypt_xwing_dec_expanded(uint8_t ss[32], const uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES],
                               const m4crypt_xwing_expanded *k);

#endif
