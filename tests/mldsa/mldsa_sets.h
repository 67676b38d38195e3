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
#include "param_sets.h"
#include "test_bytes.h"

typedef struct {
    int set; /* first: t_set_by_id (param_sets.h) */
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

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
#define MLDSA_FN_KEYPAIR(N, name) m4crypt_mldsa##N##_##name
#else
#define MLDSA_FN_KEYPAIR(N, name) NULL
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
#define MLDSA_FN_SIGN(N, name) m4crypt_mldsa##N##_##name
#else
#define MLDSA_FN_SIGN(N, name) NULL
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
#define MLDSA_FN_VERIFY(N, name) m4crypt_mldsa##N##_##name
#else
#define MLDSA_FN_VERIFY(N, name) NULL
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
#define MLDSA_FN_MU(N, name) m4crypt_mldsa##N##_##name
#else
#define MLDSA_FN_MU(N, name) NULL
#endif

#define MLDSA_SET_ENTRY(N, K, L)                                                                   \
    {N, K, L, M4CRYPT_MLDSA##N##_PUBLICKEYBYTES, M4CRYPT_MLDSA##N##_SECRETKEYBYTES,                \
     M4CRYPT_MLDSA##N##_BYTES, MLDSA_FN_KEYPAIR(N, keypair_derand), MLDSA_FN_KEYPAIR(N, keypair),  \
     MLDSA_FN_SIGN(N, sign), MLDSA_FN_SIGN(N, sign_derand), MLDSA_FN_SIGN(N, sign_internal),       \
     MLDSA_FN_SIGN(N, sign_mu), MLDSA_FN_SIGN(N, sign_seed), MLDSA_FN_SIGN(N, sign_seed_derand),   \
     MLDSA_FN_SIGN(N, sign_mu_seed), MLDSA_FN_VERIFY(N, verify),                                   \
     MLDSA_FN_VERIFY(N, verify_internal), MLDSA_FN_VERIFY(N, verify_mu),                           \
     MLDSA_FN_VERIFY(N, verify_init), MLDSA_FN_VERIFY(N, verify_final), MLDSA_FN_MU(N, mu),        \
     MLDSA_FN_SIGN(N, check_sk)}

/* The parameter sets the configuration builds (m4crypt/config.h), in MLDSA_SETS[0 ..
 * MLDSA_NSETS - 1]; a function of an operation that is not built is NULL (the tests check
 * M4CRYPT_ENABLE_MLDSA_KEYPAIR / _SIGN / _VERIFY before they call one). */
static const mldsa_set MLDSA_SETS[] = {
#if M4CRYPT_ENABLE_MLDSA44
    MLDSA_SET_ENTRY(44, 4, 4),
#endif
#if M4CRYPT_ENABLE_MLDSA65
    MLDSA_SET_ENTRY(65, 6, 5),
#endif
#if M4CRYPT_ENABLE_MLDSA87
    MLDSA_SET_ENTRY(87, 8, 7),
#endif
};
#define MLDSA_NSETS ((int)(sizeof MLDSA_SETS / sizeof MLDSA_SETS[0]))

/* The set's entry, or NULL when it is not built or not a set. */
static inline const mldsa_set *mldsa_set_by_id(long set)
{
    return t_set_by_id(MLDSA_SETS, sizeof MLDSA_SETS[0], MLDSA_NSETS, set);
}

/* 1 for 44, 65 and 87 (built or not). */
static inline int mldsa_is_set(long set) { return set == 44 || set == 65 || set == 87; }

/* Largest sizes (ML-DSA-87), for static buffers. */
#define MLDSA_MAX_PK 2592
#define MLDSA_MAX_SK 4896
#define MLDSA_MAX_SIG 4627

#endif
