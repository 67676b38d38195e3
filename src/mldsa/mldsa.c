/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The public ML-DSA functions (include/m4crypt/mldsa.h): the per-set functions (Alg. 1, 2, 3 and
 * the internal / external-mu interfaces around Alg. 6, 7, 8 of src/mldsa/sign.c), streaming
 * verification, and the length-checked generic layer.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

#include <string.h>

#include "m4crypt/mldsa.h"
#include "params.h"
#ifdef M4CRYPT_KEYGEN_PCT
#include "common/backend.h" /* m4crypt_keygen_pct_break */
#endif

/* What is built follows the configuration (m4crypt/config.h): the parameter sets, and key
 * generation (KEYPAIR), signing (SIGN, which needs key generation for keys kept as their seed)
 * and verification (VERIFY); mu with signing or verification. */
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
static void wipe(uint8_t *p, size_t len)
{
    if (p)
        m4crypt_memzero(p, len);
}

static int keygen_checked(const m4crypt_mldsa_params *p, uint8_t *pk, uint8_t *sk,
                          const uint8_t xi[32]);

/* Alg. 1 ML-DSA.KeyGen. */
static int keypair(const m4crypt_mldsa_params *p, uint8_t *pk, uint8_t *sk)
{
    uint8_t xi[32];
    int ret = m4crypt_randombytes(xi, sizeof xi);
    if (ret == M4CRYPT_OK)
        ret = keygen_checked(p, pk, sk, xi);
    else {
        m4crypt_memzero(pk, p->pk_bytes);
        m4crypt_memzero(sk, p->sk_bytes);
    }
    m4crypt_memzero(xi, sizeof xi);
    return ret;
}
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#if M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
/* mu = H(tr || M', 64) (Alg. 2 / 3 with Alg. 7 line 6): M' = 0 || |ctx| || ctx || m for the pure
 * interface, or m itself with ctxlen = M4CRYPT_MLDSA_MSG_INTERNAL (m4crypt_mldsa_mu_start). Not
 * inlined: its SHAKE state is then not part of the caller's frame while the caller signs. */
static __attribute__((noinline)) void mu_of(uint8_t mu[64], const uint8_t tr[64], const uint8_t *m,
                                            size_t mlen, const uint8_t *ctx, size_t ctxlen)
{
    m4crypt_keccak_ctx h;
    m4crypt_mldsa_mu_start(&h, tr, ctx, ctxlen);
    m4crypt_keccak_absorb(&h, m, mlen);
    m4crypt_keccak_finalize(&h);
    m4crypt_keccak_squeeze(&h, mu, 64);
}

/* mu for the pure interface, the context's length checked. */
static int mu_pure(uint8_t mu[64], const uint8_t tr[64], const uint8_t *m, size_t mlen,
                   const uint8_t *ctx, size_t ctxlen)
{
    if (ctxlen > M4CRYPT_MLDSA_CTX_MAXBYTES)
        return M4CRYPT_ERR_LENGTH;
    mu_of(mu, tr, m, mlen, ctx, ctxlen);
    return M4CRYPT_OK;
}
#endif

#if M4CRYPT_ENABLE_MLDSA_SIGN
/* Alg. 2 with the given rnd, expanded key. */
static int sign_derand(const m4crypt_mldsa_params *p, uint8_t *sig, const uint8_t *m, size_t mlen,
                       const uint8_t *ctx, size_t ctxlen, const uint8_t *sk, const uint8_t rnd[32])
{
    uint8_t mu[64];
    int ret = mu_pure(mu, sk + 64, m, mlen, ctx, ctxlen);
    if (ret == M4CRYPT_OK)
        ret = m4crypt_mldsa_sign_mu_core(p, sig, mu, sk, rnd);
    else
        m4crypt_memzero(sig, p->sig_bytes);
    return ret;
}

static int sign_hedged(const m4crypt_mldsa_params *p, uint8_t *sig, const uint8_t *m, size_t mlen,
                       const uint8_t *ctx, size_t ctxlen, const uint8_t *sk)
{
    uint8_t rnd[32];
    int ret = m4crypt_randombytes(rnd, sizeof rnd);
    if (ret == M4CRYPT_OK)
        ret = sign_derand(p, sig, m, mlen, ctx, ctxlen, sk, rnd);
    else
        m4crypt_memzero(sig, p->sig_bytes);
    m4crypt_memzero(rnd, sizeof rnd);
    return ret;
}

static int sign_internal(const m4crypt_mldsa_params *p, uint8_t *sig, const uint8_t *mp,
                         size_t mplen, const uint8_t *sk, const uint8_t rnd[32])
{
    uint8_t mu[64];
    mu_of(mu, sk + 64, mp, mplen, NULL, M4CRYPT_MLDSA_MSG_INTERNAL);
    return m4crypt_mldsa_sign_mu_core(p, sig, mu, sk, rnd);
}

/* The secret key kept as its seed: expanded on the stack (sk only, no pk), used, wiped. The
 * largest expanded key is ML-DSA-87's. */
#define SEED_SK_MAX M4CRYPT_MLDSA87_SECRETKEYBYTES
#define SEED_PK_MAX M4CRYPT_MLDSA87_PUBLICKEYBYTES
static int sign_seed(const m4crypt_mldsa_params *p, uint8_t *sig, const uint8_t *m, size_t mlen,
                     const uint8_t *ctx, size_t ctxlen, const uint8_t *mu, const uint8_t seed[32],
                     const uint8_t *rnd)
{
    uint8_t sk[SEED_SK_MAX], pk[SEED_PK_MAX], r[32];
    int ret = M4CRYPT_OK;
    if (!rnd) {
        ret = m4crypt_randombytes(r, sizeof r);
        rnd = r;
    }
    if (ret == M4CRYPT_OK)
        ret = m4crypt_mldsa_keygen(p, pk, sk, seed);
    if (ret == M4CRYPT_OK)
        ret = mu ? m4crypt_mldsa_sign_mu_core(p, sig, mu, sk, rnd)
                 : sign_derand(p, sig, m, mlen, ctx, ctxlen, sk, rnd);
    else
        m4crypt_memzero(sig, p->sig_bytes);
    m4crypt_memzero(sk, sizeof sk);
    m4crypt_memzero(r, sizeof r);
    return ret;
}
#endif /* M4CRYPT_ENABLE_MLDSA_SIGN */

#if M4CRYPT_ENABLE_MLDSA_VERIFY
/* mu is computed by the set's verification, in its workspace (params.h,
 * m4crypt_mldsa_verify_core). */
static int verify_pure(const m4crypt_mldsa_params *p, const uint8_t *sig, const uint8_t *m,
                       size_t mlen, const uint8_t *ctx, size_t ctxlen, const uint8_t *pk)
{
    if (ctxlen > M4CRYPT_MLDSA_CTX_MAXBYTES)
        return M4CRYPT_ERR_LENGTH;
    return m4crypt_mldsa_verify_core(p, sig, m, mlen, ctx, ctxlen, pk);
}

static int verify_internal(const m4crypt_mldsa_params *p, const uint8_t *sig, const uint8_t *mp,
                           size_t mplen, const uint8_t *pk)
{
    return m4crypt_mldsa_verify_core(p, sig, mp, mplen, NULL, M4CRYPT_MLDSA_MSG_INTERNAL, pk);
}

static int verify_init(const m4crypt_mldsa_params *p, m4crypt_mldsa_verify_ctx *st,
                       const uint8_t *pk, const uint8_t *ctx, size_t ctxlen)
{
    uint8_t tr[64];
    st->set = p->set;
    if (ctxlen > M4CRYPT_MLDSA_CTX_MAXBYTES) {
        st->status = M4CRYPT_ERR_LENGTH;
        m4crypt_shake256_init(&st->h); /* updates stay harmless */
        return st->status;
    }
    m4crypt_mldsa_tr(tr, pk, p->pk_bytes);
    m4crypt_mldsa_mu_start(&st->h, tr, ctx, ctxlen);
    st->status = M4CRYPT_OK;
    return M4CRYPT_OK;
}

void m4crypt_mldsa_verify_update(m4crypt_mldsa_verify_ctx *st, const uint8_t *m, size_t mlen)
{
    m4crypt_keccak_absorb(&st->h, m, mlen);
}

/* Squeezes mu out of the finished state and keeps it in that state's memory, which the
 * verification then reads: not inlined, so that the 64-byte buffer is not in verify_final's frame
 * while it verifies. */
static __attribute__((noinline)) const uint8_t *stream_mu(m4crypt_mldsa_verify_ctx *st)
{
    uint8_t mu[64];
    m4crypt_keccak_finalize(&st->h);
    m4crypt_keccak_squeeze(&st->h, mu, 64);
    uint8_t *kept = (uint8_t *)st->h.state;
    memcpy(kept, mu, 64);
    m4crypt_memzero(mu, sizeof mu);
    return kept;
}

static int verify_final(const m4crypt_mldsa_params *p, m4crypt_mldsa_verify_ctx *st,
                        const uint8_t *sig, const uint8_t *pk)
{
    if (st->set != p->set)
        return M4CRYPT_ERR_PARAM;
    if (st->status != M4CRYPT_OK)
        return st->status;
    st->status = M4CRYPT_ERR_PARAM; /* final consumes the state */
    const uint8_t *mu = stream_mu(st);
    return m4crypt_mldsa_verify_core(p, sig, mu, 64, NULL, M4CRYPT_MLDSA_MSG_MU, pk);
}
#endif /* M4CRYPT_ENABLE_MLDSA_VERIFY */

#if M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
static int public_mu(const m4crypt_mldsa_params *p, uint8_t mu[64], const uint8_t *pk,
                     const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen)
{
    uint8_t tr[64];
    m4crypt_mldsa_tr(tr, pk, p->pk_bytes);
    int ret = mu_pure(mu, tr, m, mlen, ctx, ctxlen);
    if (ret != M4CRYPT_OK)
        memset(mu, 0, 64);
    return ret;
}
#endif

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
/* Key generation (Alg. 6 from xi), and with -DM4CRYPT_KEYGEN_PCT its pairwise consistency test
 * (FIPS 140-3 IG 10.3.A; src/common/backend.h, docs/security.md): the new key signs a fixed
 * message (deterministically, rnd = 0, so no randomness is needed; with the seed when sk is NULL)
 * and pk must verify the signature. On a failure pk and sk are wiped and the result is
 * M4CRYPT_ERR_SELFTEST. With -DM4CRYPT_KEYGEN_PCT_BREAKAGE_TEST, m4crypt_keygen_pct_break()
 * nonzero flips a bit of the signature's c-tilde before the verification (tests/mldsa/
 * test_mldsa_pct.c). */
#ifdef M4CRYPT_KEYGEN_PCT
static const uint8_t pct_message[] = "m4crypt ML-DSA pairwise consistency test";

static __attribute__((noinline)) int keygen_pct(const m4crypt_mldsa_params *p, const uint8_t *pk,
                                                const uint8_t *sk, const uint8_t xi[32])
{
    static const uint8_t zero_rnd[32];
    uint8_t sig[M4CRYPT_MLDSA87_BYTES];
    const size_t mlen = sizeof pct_message - 1;
    int ret = sk ? sign_derand(p, sig, pct_message, mlen, NULL, 0, sk, zero_rnd)
                 : sign_seed(p, sig, pct_message, mlen, NULL, 0, NULL, xi, zero_rnd);
#ifdef M4CRYPT_KEYGEN_PCT_BREAKAGE_TEST
    if (m4crypt_keygen_pct_break())
        sig[0] ^= 1;
#endif
    if (ret == M4CRYPT_OK && verify_pure(p, sig, pct_message, mlen, NULL, 0, pk) != M4CRYPT_OK)
        ret = M4CRYPT_ERR_SELFTEST;
    else if (ret != M4CRYPT_OK)
        ret = M4CRYPT_ERR_SELFTEST;
    m4crypt_memzero(sig, sizeof sig);
    return ret;
}
#endif

static int keygen_checked(const m4crypt_mldsa_params *p, uint8_t *pk, uint8_t *sk,
                          const uint8_t xi[32])
{
    int ret = m4crypt_mldsa_keygen(p, pk, sk, xi);
#ifdef M4CRYPT_KEYGEN_PCT
    if (ret == M4CRYPT_OK && keygen_pct(p, pk, sk, xi) != M4CRYPT_OK) {
        m4crypt_memzero(pk, p->pk_bytes);
        wipe(sk, p->sk_bytes);
        ret = M4CRYPT_ERR_SELFTEST;
    }
#endif
    return ret;
}
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

/* The per-set functions of each operation. */
#define M4CRYPT_MLDSA_DEFINE_KEYPAIR(N)                                                           \
    int m4crypt_mldsa##N##_keypair_derand(uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES],          \
                                          uint8_t *sk, const uint8_t seed[32])                    \
    {                                                                                             \
        return keygen_checked(&m4crypt_mldsa##N##_params, pk, sk, seed);                          \
    }                                                                                             \
    int m4crypt_mldsa##N##_keypair(uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES],                 \
                                   uint8_t sk[M4CRYPT_MLDSA##N##_SECRETKEYBYTES])                 \
    {                                                                                             \
        return keypair(&m4crypt_mldsa##N##_params, pk, sk);                                       \
    }
#define M4CRYPT_MLDSA_DEFINE_SIGN(N)                                                              \
    int m4crypt_mldsa##N##_sign(uint8_t sig[M4CRYPT_MLDSA##N##_BYTES], const uint8_t *m,          \
                                size_t mlen, const uint8_t *ctx, size_t ctxlen,                   \
                                const uint8_t sk[M4CRYPT_MLDSA##N##_SECRETKEYBYTES])              \
    {                                                                                             \
        return sign_hedged(&m4crypt_mldsa##N##_params, sig, m, mlen, ctx, ctxlen, sk);            \
    }                                                                                             \
    int m4crypt_mldsa##N##_sign_derand(uint8_t sig[M4CRYPT_MLDSA##N##_BYTES], const uint8_t *m,   \
                                       size_t mlen, const uint8_t *ctx, size_t ctxlen,            \
                                       const uint8_t sk[M4CRYPT_MLDSA##N##_SECRETKEYBYTES],       \
                                       const uint8_t rnd[32])                                     \
    {                                                                                             \
        return sign_derand(&m4crypt_mldsa##N##_params, sig, m, mlen, ctx, ctxlen, sk, rnd);       \
    }                                                                                             \
    int m4crypt_mldsa##N##_sign_internal(uint8_t sig[M4CRYPT_MLDSA##N##_BYTES],                   \
                                         const uint8_t *mp, size_t mplen,                         \
                                         const uint8_t sk[M4CRYPT_MLDSA##N##_SECRETKEYBYTES],     \
                                         const uint8_t rnd[32])                                   \
    {                                                                                             \
        return sign_internal(&m4crypt_mldsa##N##_params, sig, mp, mplen, sk, rnd);                \
    }                                                                                             \
    int m4crypt_mldsa##N##_sign_mu(uint8_t sig[M4CRYPT_MLDSA##N##_BYTES], const uint8_t mu[64],   \
                                   const uint8_t sk[M4CRYPT_MLDSA##N##_SECRETKEYBYTES],           \
                                   const uint8_t rnd[32])                                         \
    {                                                                                             \
        return m4crypt_mldsa_sign_mu_core(&m4crypt_mldsa##N##_params, sig, mu, sk, rnd);          \
    }                                                                                             \
    int m4crypt_mldsa##N##_sign_seed(uint8_t sig[M4CRYPT_MLDSA##N##_BYTES], const uint8_t *m,     \
                                     size_t mlen, const uint8_t *ctx, size_t ctxlen,              \
                                     const uint8_t seed[32])                                      \
    {                                                                                             \
        return sign_seed(&m4crypt_mldsa##N##_params, sig, m, mlen, ctx, ctxlen, NULL, seed,       \
                         NULL);                                                                   \
    }                                                                                             \
    int m4crypt_mldsa##N##_sign_seed_derand(uint8_t sig[M4CRYPT_MLDSA##N##_BYTES],                \
                                            const uint8_t *m, size_t mlen, const uint8_t *ctx,    \
                                            size_t ctxlen, const uint8_t seed[32],                \
                                            const uint8_t rnd[32])                                \
    {                                                                                             \
        return sign_seed(&m4crypt_mldsa##N##_params, sig, m, mlen, ctx, ctxlen, NULL, seed, rnd); \
    }                                                                                             \
    int m4crypt_mldsa##N##_sign_mu_seed(uint8_t sig[M4CRYPT_MLDSA##N##_BYTES],                    \
                                        const uint8_t mu[64], const uint8_t seed[32],             \
                                        const uint8_t rnd[32])                                    \
    {                                                                                             \
        return sign_seed(&m4crypt_mldsa##N##_params, sig, NULL, 0, NULL, 0, mu, seed, rnd);       \
    }                                                                                             \
    int m4crypt_mldsa##N##_check_sk(const uint8_t sk[M4CRYPT_MLDSA##N##_SECRETKEYBYTES])          \
    {                                                                                             \
        return m4crypt_mldsa_check_sk_core(&m4crypt_mldsa##N##_params, sk);                       \
    }
#define M4CRYPT_MLDSA_DEFINE_VERIFY(N)                                                            \
    int m4crypt_mldsa##N##_verify(const uint8_t sig[M4CRYPT_MLDSA##N##_BYTES], const uint8_t *m,  \
                                  size_t mlen, const uint8_t *ctx, size_t ctxlen,                 \
                                  const uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES])            \
    {                                                                                             \
        if (ctxlen > M4CRYPT_MLDSA_CTX_MAXBYTES)                                                  \
            return M4CRYPT_ERR_LENGTH;                                                            \
        return m4crypt_mldsa##N##_verify_core(sig, m, mlen, ctx, ctxlen, pk); /* a tail call */   \
    }                                                                                             \
    int m4crypt_mldsa##N##_verify_internal(const uint8_t sig[M4CRYPT_MLDSA##N##_BYTES],           \
                                           const uint8_t *mp, size_t mplen,                       \
                                           const uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES])   \
    {                                                                                             \
        return verify_internal(&m4crypt_mldsa##N##_params, sig, mp, mplen, pk);                   \
    }                                                                                             \
    int m4crypt_mldsa##N##_verify_mu(const uint8_t sig[M4CRYPT_MLDSA##N##_BYTES],                 \
                                     const uint8_t mu[64],                                        \
                                     const uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES])         \
    {                                                                                             \
        return m4crypt_mldsa_verify_core(&m4crypt_mldsa##N##_params, sig, mu, 64, NULL,           \
                                         M4CRYPT_MLDSA_MSG_MU, pk);                               \
    }                                                                                             \
    int m4crypt_mldsa##N##_verify_init(m4crypt_mldsa_verify_ctx *st,                              \
                                       const uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES],       \
                                       const uint8_t *ctx, size_t ctxlen)                         \
    {                                                                                             \
        return verify_init(&m4crypt_mldsa##N##_params, st, pk, ctx, ctxlen);                      \
    }                                                                                             \
    int m4crypt_mldsa##N##_verify_final(m4crypt_mldsa_verify_ctx *st,                             \
                                        const uint8_t sig[M4CRYPT_MLDSA##N##_BYTES],              \
                                        const uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES])      \
    {                                                                                             \
        return verify_final(&m4crypt_mldsa##N##_params, st, sig, pk);                             \
    }
#define M4CRYPT_MLDSA_DEFINE_MU(N)                                                                \
    int m4crypt_mldsa##N##_mu(uint8_t mu[64], const uint8_t pk[M4CRYPT_MLDSA##N##_PUBLICKEYBYTES], \
                              const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen)   \
    {                                                                                             \
        return public_mu(&m4crypt_mldsa##N##_params, mu, pk, m, mlen, ctx, ctxlen);               \
    }
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
#define M4CRYPT_MLDSA_KEYPAIR_(N) M4CRYPT_MLDSA_DEFINE_KEYPAIR(N)
#else
#define M4CRYPT_MLDSA_KEYPAIR_(N)
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
#define M4CRYPT_MLDSA_SIGN_(N) M4CRYPT_MLDSA_DEFINE_SIGN(N)
#else
#define M4CRYPT_MLDSA_SIGN_(N)
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
#define M4CRYPT_MLDSA_VERIFY_(N) M4CRYPT_MLDSA_DEFINE_VERIFY(N)
#else
#define M4CRYPT_MLDSA_VERIFY_(N)
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
#define M4CRYPT_MLDSA_MU_(N) M4CRYPT_MLDSA_DEFINE_MU(N)
#else
#define M4CRYPT_MLDSA_MU_(N)
#endif
#define M4CRYPT_MLDSA_DEFINE(N)                                                                   \
    M4CRYPT_MLDSA_KEYPAIR_(N)                                                                     \
    M4CRYPT_MLDSA_SIGN_(N)                                                                        \
    M4CRYPT_MLDSA_VERIFY_(N)                                                                      \
    M4CRYPT_MLDSA_MU_(N)

#if M4CRYPT_ENABLE_MLDSA44
M4CRYPT_MLDSA_DEFINE(44)
#endif
#if M4CRYPT_ENABLE_MLDSA65
M4CRYPT_MLDSA_DEFINE(65)
#endif
#if M4CRYPT_ENABLE_MLDSA87
M4CRYPT_MLDSA_DEFINE(87)
#endif

/* ---------------------------------------------------------------- generic layer */

static const m4crypt_mldsa_params *params_of(int set)
{
    switch (set) {
#if M4CRYPT_ENABLE_MLDSA44
    case 44: return &m4crypt_mldsa44_params;
#endif
#if M4CRYPT_ENABLE_MLDSA65
    case 65: return &m4crypt_mldsa65_params;
#endif
#if M4CRYPT_ENABLE_MLDSA87
    case 87: return &m4crypt_mldsa87_params;
#endif
    default: return NULL;
    }
}

size_t m4crypt_mldsa_publickeybytes(int set)
{
    const m4crypt_mldsa_params *p = params_of(set);
    return p ? p->pk_bytes : 0;
}

size_t m4crypt_mldsa_secretkeybytes(int set)
{
    const m4crypt_mldsa_params *p = params_of(set);
    return p ? p->sk_bytes : 0;
}

size_t m4crypt_mldsa_bytes(int set)
{
    const m4crypt_mldsa_params *p = params_of(set);
    return p ? p->sig_bytes : 0;
}

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
int m4crypt_mldsa_keypair(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len,
                          const uint8_t *seed)
{
    const m4crypt_mldsa_params *p = params_of(set);
    int ret;
    if (!p || !pk || !sk)
        ret = M4CRYPT_ERR_PARAM;
    else if (pk_len != p->pk_bytes || sk_len != p->sk_bytes)
        ret = M4CRYPT_ERR_LENGTH;
    else
        ret = seed ? keygen_checked(p, pk, sk, seed) : keypair(p, pk, sk);
    if (ret != M4CRYPT_OK) {
        wipe(pk, pk_len);
        wipe(sk, sk_len);
    }
    return ret;
}
#endif

#if M4CRYPT_ENABLE_MLDSA_SIGN
int m4crypt_mldsa_sign(int set, uint8_t *sig, size_t sig_len, const uint8_t *m, size_t mlen,
                       const uint8_t *ctx, size_t ctxlen, const uint8_t *sk, size_t sk_len,
                       const uint8_t *rnd)
{
    const m4crypt_mldsa_params *p = params_of(set);
    int ret;
    if (!p || !sig || !sk || (!m && mlen) || (!ctx && ctxlen))
        ret = M4CRYPT_ERR_PARAM;
    else if (sig_len != p->sig_bytes || (sk_len != p->sk_bytes && sk_len != 32) ||
             ctxlen > M4CRYPT_MLDSA_CTX_MAXBYTES)
        ret = M4CRYPT_ERR_LENGTH;
    else if (sk_len == 32)
        ret = sign_seed(p, sig, m, mlen, ctx, ctxlen, NULL, sk, rnd);
    else
        ret = rnd ? sign_derand(p, sig, m, mlen, ctx, ctxlen, sk, rnd)
                  : sign_hedged(p, sig, m, mlen, ctx, ctxlen, sk);
    if (ret != M4CRYPT_OK)
        wipe(sig, sig_len);
    return ret;
}
#endif

#if M4CRYPT_ENABLE_MLDSA_VERIFY
int m4crypt_mldsa_verify(int set, const uint8_t *sig, size_t sig_len, const uint8_t *m,
                         size_t mlen, const uint8_t *ctx, size_t ctxlen, const uint8_t *pk,
                         size_t pk_len)
{
    const m4crypt_mldsa_params *p = params_of(set);
    if (!p || !sig || !pk || (!m && mlen) || (!ctx && ctxlen))
        return M4CRYPT_ERR_PARAM;
    if (sig_len != p->sig_bytes || pk_len != p->pk_bytes || ctxlen > M4CRYPT_MLDSA_CTX_MAXBYTES)
        return M4CRYPT_ERR_LENGTH;
    return verify_pure(p, sig, m, mlen, ctx, ctxlen, pk);
}

int m4crypt_mldsa_verify_init(m4crypt_mldsa_verify_ctx *st, int set, const uint8_t *pk,
                              size_t pk_len, const uint8_t *ctx, size_t ctxlen)
{
    const m4crypt_mldsa_params *p = params_of(set);
    if (!st)
        return M4CRYPT_ERR_PARAM;
    if (!p || !pk || (!ctx && ctxlen)) {
        st->set = 0;
        st->status = M4CRYPT_ERR_PARAM;
        m4crypt_shake256_init(&st->h);
        return st->status;
    }
    if (pk_len != p->pk_bytes) {
        st->set = set;
        st->status = M4CRYPT_ERR_LENGTH;
        m4crypt_shake256_init(&st->h);
        return st->status;
    }
    return verify_init(p, st, pk, ctx, ctxlen);
}

int m4crypt_mldsa_verify_final(m4crypt_mldsa_verify_ctx *st, const uint8_t *sig, size_t sig_len,
                               const uint8_t *pk, size_t pk_len)
{
    const m4crypt_mldsa_params *p;
    if (!st)
        return M4CRYPT_ERR_PARAM;
    p = params_of(st->set);
    if (!p)
        return st->status != M4CRYPT_OK ? st->status : M4CRYPT_ERR_PARAM;
    if (st->status != M4CRYPT_OK)
        return st->status;
    if (!sig || !pk)
        return M4CRYPT_ERR_PARAM;
    if (sig_len != p->sig_bytes || pk_len != p->pk_bytes)
        return M4CRYPT_ERR_LENGTH;
    return verify_final(p, st, sig, pk);
}
#endif /* M4CRYPT_ENABLE_MLDSA_VERIFY */

#endif /* M4CRYPT_ENABLE_MLDSA */
