/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA parameter sets (FIPS 204 section 4, Tables 1 and 2) as run-time descriptions: one
 * implementation serves the three sets (src/mldsa/sign.c); the per-set public functions
 * (src/mldsa/mldsa.c) pass their set's description.
 */
#ifndef M4CRYPT_MLDSA_PARAMS_H
#define M4CRYPT_MLDSA_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/mldsa.h"

#define M4CRYPT_MLDSA_KMAX 8 /* largest k (ML-DSA-87) */
#define M4CRYPT_MLDSA_LMAX 7 /* largest l */
#define M4CRYPT_MLDSA_OMEGA_MAX 80
#define M4CRYPT_MLDSA_CTILDE_MAX 64

typedef struct {
    uint16_t set;         /* 44, 65, 87 */
    uint8_t k, l;         /* dimensions of A */
    uint8_t eta;          /* private key range */
    uint8_t tau;          /* nonzero coefficients of c */
    uint8_t omega;        /* maximum number of 1s in the hint */
    uint8_t ctilde_bytes; /* lambda / 4 */
    uint8_t gamma1_bits;  /* gamma1 = 2^gamma1_bits */
    uint8_t beta;         /* tau * eta */
    int32_t gamma2;       /* (q - 1) / 88 or (q - 1) / 32 */
    /* encoded sizes (section 7.2) */
    uint16_t eta_bytes;   /* BitPack(s, eta, eta): 32 bitlen(2 eta) */
    uint16_t z_bytes;     /* BitPack(z, gamma1 - 1, gamma1): 32 (1 + gamma1_bits) */
    uint16_t w1_bytes;    /* SimpleBitPack(w1): 32 bitlen((q-1)/(2 gamma2) - 1) */
    uint16_t pk_bytes, sk_bytes, sig_bytes;
} m4crypt_mldsa_params;

/* The sets' descriptions (FIPS 204 Tables 1 and 2) as initializers (sign_common.c defines the
 * objects; sign_set.h makes a compile-time copy of its set's, so that its constants fold). */
#define M4CRYPT_MLDSA44_PARAMS_INIT                                                                \
    {.set = 44, .k = 4, .l = 4, .eta = 2, .tau = 39, .omega = 80, .ctilde_bytes = 32,              \
     .gamma1_bits = 17, .beta = 78, .gamma2 = (8380417 - 1) / 88, .eta_bytes = 96,                 \
     .z_bytes = 576, .w1_bytes = 192, .pk_bytes = M4CRYPT_MLDSA44_PUBLICKEYBYTES,                  \
     .sk_bytes = M4CRYPT_MLDSA44_SECRETKEYBYTES, .sig_bytes = M4CRYPT_MLDSA44_BYTES}
#define M4CRYPT_MLDSA65_PARAMS_INIT                                                                \
    {.set = 65, .k = 6, .l = 5, .eta = 4, .tau = 49, .omega = 55, .ctilde_bytes = 48,              \
     .gamma1_bits = 19, .beta = 196, .gamma2 = (8380417 - 1) / 32, .eta_bytes = 128,               \
     .z_bytes = 640, .w1_bytes = 128, .pk_bytes = M4CRYPT_MLDSA65_PUBLICKEYBYTES,                  \
     .sk_bytes = M4CRYPT_MLDSA65_SECRETKEYBYTES, .sig_bytes = M4CRYPT_MLDSA65_BYTES}
#define M4CRYPT_MLDSA87_PARAMS_INIT                                                                \
    {.set = 87, .k = 8, .l = 7, .eta = 2, .tau = 60, .omega = 75, .ctilde_bytes = 64,              \
     .gamma1_bits = 19, .beta = 120, .gamma2 = (8380417 - 1) / 32, .eta_bytes = 96,                \
     .z_bytes = 640, .w1_bytes = 128, .pk_bytes = M4CRYPT_MLDSA87_PUBLICKEYBYTES,                  \
     .sk_bytes = M4CRYPT_MLDSA87_SECRETKEYBYTES, .sig_bytes = M4CRYPT_MLDSA87_BYTES}

extern const m4crypt_mldsa_params m4crypt_mldsa44_params, m4crypt_mldsa65_params,
    m4crypt_mldsa87_params;

/* Offsets in the secret key (Alg. 24 skEncode): rho || K || tr || s1 || s2 || t0. */
#define M4CRYPT_MLDSA_SK_S1 128
static inline size_t m4crypt_mldsa_sk_s2(const m4crypt_mldsa_params *p)
{
    return M4CRYPT_MLDSA_SK_S1 + (size_t)p->l * p->eta_bytes;
}
static inline size_t m4crypt_mldsa_sk_t0(const m4crypt_mldsa_params *p)
{
    return m4crypt_mldsa_sk_s2(p) + (size_t)p->k * p->eta_bytes;
}

/* The operations (src/mldsa/sign_set.h, dispatched by sign_common.c to the set's
 * m4crypt_mldsa<set>_keygen_core, _keygen_seeds_ct, _sign_mu_core, _sign_attempt_ct,
 * _verify_core). Each returns 0
 * or an M4CRYPT_ERR_* code. */
#define M4CRYPT_MLDSA_DECLARE_CORE(N)                                                              \
    int m4crypt_mldsa##N##_keygen_core(uint8_t *pk, uint8_t *sk, const uint8_t xi[32]);            \
    int m4crypt_mldsa##N##_keygen_seeds_ct(uint8_t *pk, uint8_t *sk, const uint8_t seeds[128]);    \
    int m4crypt_mldsa##N##_sign_mu_core(uint8_t *sig, const uint8_t mu[64], const uint8_t *sk,     \
                                        const uint8_t rnd[32]);                                    \
    uint32_t m4crypt_mldsa##N##_sign_attempt_ct(uint8_t *sig, const uint8_t mu[64],                \
                                                const uint8_t *sk, const uint8_t rnd[32],          \
                                                unsigned kappa);                                   \
    int m4crypt_mldsa##N##_verify_core(const uint8_t *sig, const uint8_t *m, size_t mlen,          \
                                       const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);      \
    size_t m4crypt_mldsa##N##_keygen_ws_bytes(void);                                               \
    size_t m4crypt_mldsa##N##_sign_ws_bytes(void);
M4CRYPT_MLDSA_DECLARE_CORE(44)
M4CRYPT_MLDSA_DECLARE_CORE(65)
M4CRYPT_MLDSA_DECLARE_CORE(87)
/* Alg. 6 ML-DSA.KeyGen_internal; sk may be NULL. */
int m4crypt_mldsa_keygen(const m4crypt_mldsa_params *p, uint8_t *pk, uint8_t *sk,
                         const uint8_t xi[32]);
/* The same from seeds = rho || rho' || K, the output of its line 1 (for
 * tests/common/m4ct_library.c, which keeps rho fixed). */
int m4crypt_mldsa_keygen_seeds_ct(const m4crypt_mldsa_params *p, uint8_t *pk, uint8_t *sk,
                                  const uint8_t seeds[128]);
/* Alg. 7 ML-DSA.Sign_internal from mu (lines 6-33); sk is the expanded key. */
int m4crypt_mldsa_sign_mu_core(const m4crypt_mldsa_params *p, uint8_t *sig, const uint8_t mu[64],
                               const uint8_t *sk, const uint8_t rnd[32]);
/* Alg. 3 ML-DSA.Verify and Alg. 8 ML-DSA.Verify_internal, mu computed inside, in the
 * verification's workspace (no 64-byte mu in the caller's frame). The message is given by ctxlen:
 * at most M4CRYPT_MLDSA_CTX_MAXBYTES, the pure interface (mu = H(tr || 0 || |ctx| || ctx || m),
 * Alg. 3 lines 5-6 with Alg. 8 lines 6-7); M4CRYPT_MLDSA_MSG_INTERNAL, the internal interface (m
 * is M', mu = H(tr || M')); M4CRYPT_MLDSA_MSG_MU, m is mu itself (64 bytes, mlen and ctx
 * unused). The caller's M4CRYPT_MLDSA_CTX_MAXBYTES check keeps a context length from reaching
 * these values. Any other ctxlen: M4CRYPT_ERR_LENGTH. The set's function has the arguments of the
 * public m4crypt_mldsa<set>_verify, so that it is called as a tail call, without a frame of the
 * caller above its workspace. */
#define M4CRYPT_MLDSA_MSG_INTERNAL ((size_t)-1)
#define M4CRYPT_MLDSA_MSG_MU ((size_t)-2)
int m4crypt_mldsa_verify_core(const m4crypt_mldsa_params *p, const uint8_t *sig, const uint8_t *m,
                              size_t mlen, const uint8_t *ctx, size_t ctxlen, const uint8_t *pk);
/* The body of one signing attempt of m4crypt_mldsa_sign_mu_core with nonce kappa, both parts and
 * no decision (for tests/common/m4ct_library.c): bit 0 = z rejected, bit 1 = r0 rejected,
 * bit 2 = ct0 / hint rejected. */
uint32_t m4crypt_mldsa_sign_attempt_ct(const m4crypt_mldsa_params *p, uint8_t *sig,
                                       const uint8_t mu[64], const uint8_t *sk,
                                       const uint8_t rnd[32], unsigned kappa);
/* The range check of s1 and s2 in an expanded secret key; _in unpacks into the caller's s (for
 * signing, a polynomial of its workspace, wiped with it; left holding part of the key). */
int m4crypt_mldsa_check_sk_core(const m4crypt_mldsa_params *p, const uint8_t *sk);
struct m4crypt_mldsa_poly; /* poly.h */
int m4crypt_mldsa_check_sk_in(const m4crypt_mldsa_params *p, const uint8_t *sk,
                              struct m4crypt_mldsa_poly *s);
/* mu = H(tr || M', 64) in pieces: start absorbs tr = H(pk, 64) (or the tr given) and
 * M'[0:2 + |ctx|] = 0 || |ctx| || ctx (Alg. 2 / 3 lines 5 and 10 with Alg. 7 line 6), or with
 * ctxlen = M4CRYPT_MLDSA_MSG_INTERNAL tr alone (the internal interface, whose M' follows whole);
 * the message follows with m4crypt_keccak_absorb, then squeeze 64 bytes after finalize. */
void m4crypt_mldsa_mu_start(m4crypt_keccak_ctx *h, const uint8_t tr[64], const uint8_t *ctx,
                            size_t ctxlen);
void m4crypt_mldsa_tr(uint8_t tr[64], const uint8_t *pk, size_t pk_bytes);
/* The same in the caller's state h. */
void m4crypt_mldsa_tr_ctx(m4crypt_keccak_ctx *h, uint8_t tr[64], const uint8_t *pk,
                          size_t pk_bytes);

#endif
