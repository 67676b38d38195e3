/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared by the ML-DSA test programs: a table of the per-set functions, so that one loop can run
 * all three parameter sets, and small helpers. Header-only.
 */
#ifndef M4CRYPT_TEST_MLDSA_SETS_H
#define M4CRYPT_TEST_MLDSA_SETS_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/mldsa.h"
#include "test_bytes.h"

typedef struct {
    int set;
    unsigned k, l;
    size_t pk, sk, sig;
    int (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed);
    int (*keypair)(uint8_t *pk, uint8_t *sk);
    int (*sign)(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen,
                const uint8_t *sk);
    int (*sign_derand)(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                       size_t ctxlen, const uint8_t *sk, const uint8_t *rnd);
    int (*sign_internal)(uint8_t *sig, const uint8_t *mp, size_t mplen, const uint8_t *sk,
                         const uint8_t *rnd);
    int (*sign_mu)(uint8_t *sig, const uint8_t *mu, const uint8_t *sk, const uint8_t *rnd);
    int (*sign_seed)(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                     size_t ctxlen, const uint8_t *seed);
    int (*sign_seed_derand)(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                            size_t ctxlen, const uint8_t *seed, const uint8_t *rnd);
    int (*sign_mu_seed)(uint8_t *sig, const uint8_t *mu, const uint8_t *seed, const uint8_t *rnd);
    int (*verify)(const uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                  size_t ctxlen, const uint8_t *pk);
    int (*verify_internal)(const uint8_t *sig, const uint8_t *mp, size_t mplen,
                           const uint8_t *pk);
    int (*verify_mu)(const uint8_t *sig, const uint8_t *mu, const uint8_t *pk);
    int (*verify_init)(m4crypt_mldsa_verify_ctx *st, const uint8_t *pk, const uint8_t *ctx,
                       size_t ctxlen);
    int (*verify_final)(m4crypt_mldsa_verify_ctx *st, const uint8_t *sig, const uint8_t *pk);
    int (*mu)(uint8_t *mu, const uint8_t *pk, const uint8_t *m, size_t mlen, const uint8_t *ctx,
              size_t ctxlen);
    int (*check_sk)(const uint8_t *sk);
} mldsa_set;

#define MLDSA_SET_ENTRY(N, K, L)                                                                   \
    {N, K, L, M4CRYPT_MLDSA##N##_PUBLICKEYBYTES, M4CRYPT_MLDSA##N##_SECRETKEYBYTES,                \
     M4CRYPT_MLDSA##N##_BYTES, m4crypt_mldsa##N##_keypair_derand, m4crypt_mldsa##N##_keypair,      \
     m4crypt_mldsa##N##_sign, m4crypt_mldsa##N##_sign_derand, m4crypt_mldsa##N##_sign_internal,    \
     m4crypt_mldsa##N##_sign_mu, m4crypt_mldsa##N##_sign_seed,                                     \
     m4crypt_mldsa##N##_sign_seed_derand, m4crypt_mldsa##N##_sign_mu_seed,                         \
     m4crypt_mldsa##N##_verify, m4crypt_mldsa##N##_verify_internal, m4crypt_mldsa##N##_verify_mu,  \
     m4crypt_mldsa##N##_verify_init, m4crypt_mldsa##N##_verify_final, m4crypt_mldsa##N##_mu,       \
     m4crypt_mldsa##N##_check_sk}

static const mldsa_set MLDSA_SETS[3] = {MLDSA_SET_ENTRY(44, 4, 4), MLDSA_SET_ENTRY(65, 6, 5),
                                        MLDSA_SET_ENTRY(87, 8, 7)};

static inline const mldsa_set *mldsa_set_by_id(long set)
{
    for (int i = 0; i < 3; i++)
        if (MLDSA_SETS[i].set == set)
            return &MLDSA_SETS[i];
    return NULL;
}

/* Largest sizes (ML-DSA-87), for static buffers. */
#define MLDSA_MAX_PK 2592
#define MLDSA_MAX_SK 4896
#define MLDSA_MAX_SIG 4627

#endif
