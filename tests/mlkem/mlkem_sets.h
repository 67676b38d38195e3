/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared by the ML-KEM test programs: a table of the per-set functions, so that one loop can run
 * all three parameter sets, and small helpers. Header-only (the build compiles tests/<p>/test_*.c,
 * ct_*.c and fuzz_*.c as programs).
 */
#ifndef M4CRYPT_TEST_MLKEM_SETS_H
#define M4CRYPT_TEST_MLKEM_SETS_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/mlkem.h"
#include "param_sets.h"
#include "test_bytes.h"

/* The parameter sets the configuration builds (m4crypt/config.h), in MLKEM_SETS[0 ..
 * MLKEM_NSETS - 1]; a function of an operation that is not built is NULL (the tests check
 * M4CRYPT_ENABLE_MLKEM_KEYPAIR / _ENCAPS / _DECAPS before they call one). */
typedef struct {
    int set; /* first: t_set_by_id (param_sets.h) */
    unsigned k;
    size_t pk, sk, ct;
    int (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *coins);
    int (*keypair)(uint8_t *pk, uint8_t *sk);
    int (*enc_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m);
    int (*enc)(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
    int (*dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
    int (*check_pk)(const uint8_t *pk);
    int (*check_sk)(const uint8_t *sk);
} mlkem_set;

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
#define MLKEM_FN_KEYPAIR(N, name) m4crypt_mlkem##N##_##name
#else
#define MLKEM_FN_KEYPAIR(N, name) NULL
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
#define MLKEM_FN_ENCAPS(N, name) m4crypt_mlkem##N##_##name
#else
#define MLKEM_FN_ENCAPS(N, name) NULL
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
#define MLKEM_FN_DECAPS(N, name) m4crypt_mlkem##N##_##name
#else
#define MLKEM_FN_DECAPS(N, name) NULL
#endif

#define MLKEM_SET_ENTRY(N, K)                                                                      \
    {N,                                                                                            \
     K,                                                                                            \
     M4CRYPT_MLKEM##N##_PUBLICKEYBYTES,                                                            \
     M4CRYPT_MLKEM##N##_SECRETKEYBYTES,                                                            \
     M4CRYPT_MLKEM##N##_CIPHERTEXTBYTES,                                                           \
     MLKEM_FN_KEYPAIR(N, keypair_derand),                                                          \
     MLKEM_FN_KEYPAIR(N, keypair),                                                                 \
     MLKEM_FN_ENCAPS(N, enc_derand),                                                               \
     MLKEM_FN_ENCAPS(N, enc),                                                                      \
     MLKEM_FN_DECAPS(N, dec),                                                                      \
     m4crypt_mlkem##N##_check_pk,                                                                  \
     m4crypt_mlkem##N##_check_sk}

static const mlkem_set MLKEM_SETS[] = {
#if M4CRYPT_ENABLE_MLKEM512
    MLKEM_SET_ENTRY(512, 2),
#endif
#if M4CRYPT_ENABLE_MLKEM768
    MLKEM_SET_ENTRY(768, 3),
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    MLKEM_SET_ENTRY(1024, 4),
#endif
};
#define MLKEM_NSETS ((int)(sizeof MLKEM_SETS / sizeof MLKEM_SETS[0]))

/* The set's entry, or NULL when it is not built or not a set. */
static inline const mlkem_set *mlkem_set_by_id(long set)
{
    return t_set_by_id(MLKEM_SETS, sizeof MLKEM_SETS[0], MLKEM_NSETS, set);
}

/* 1 for 512, 768 and 1024 (built or not). */
static inline int mlkem_is_set(long set) { return set == 512 || set == 768 || set == 1024; }

/* The sizes of every set, built or not (FIPS 203 Table 3), k = set / 256. */
static inline size_t mlkem_pk_bytes(long set) { return 384 * (size_t)(set / 256) + 32; }
static inline size_t mlkem_sk_bytes(long set) { return 768 * (size_t)(set / 256) + 96; }
static inline size_t mlkem_ct_bytes(long set)
{
    return set == 1024 ? 32 * (11 * 4 + 5) : 32 * (10 * (size_t)(set / 256) + 4);
}

/* Largest sizes, for static buffers (with room for "too long" inputs of the vector files). */
#define MLKEM_MAX_PK 1568
#define MLKEM_MAX_SK 3168
#define MLKEM_MAX_CT 1568
#define MLKEM_VEC_BUF 4096

/* Offsets in the decapsulation key (FIPS 203 Alg. 16): dk_PKE || ek || H(ek) || z. */
static inline size_t mlkem_dk_ek(const mlkem_set *s) { return 384 * s->k; }
static inline size_t mlkem_dk_h(const mlkem_set *s) { return 768 * s->k + 32; }
static inline size_t mlkem_dk_z(const mlkem_set *s) { return 768 * s->k + 64; }

#endif
