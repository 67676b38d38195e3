/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of ML-DSA-44/65/87 under valgrind memcheck (tests/common/ct.h).
 *
 * Secrets are marked undefined; memcheck then reports any branch or address that depends on them.
 *   - key generation: the seed xi is secret (per-set function, generic layer, and through the
 *     randombytes hook with a generator whose output is secret);
 *   - signing: the secret parts of the expanded key (K, s1, s2, t0) and rnd are secret (rho and
 *     tr are public: they come from the public key), deterministic and hedged; and signing from
 *     the seed (secret);
 *   - one attempt body (m4crypt_mldsa_sign_attempt_ct) with secret key and secret rnd.
 * Only public outputs (pk, sig), return codes and, for the comparisons, the secret keys are
 * declassified by this program. The library reports the values it makes public through
 * m4crypt_mldsa_ct_declassify, which this program defines (the library's version is weak): rho,
 * which half-bytes RejBoundedPoly rejects, c~ of each attempt, each attempt's rejection decision,
 * the accepted hint, and the validity of an expanded key (src/mldsa/sign.c, "Constant time").
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/mldsa.h"
#include "mldsa/params.h"
#include "mldsa_sets.h"

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY /* m4crypt/config.h: what this program needs is built */

void m4crypt_mldsa_ct_declassify(const void *p, size_t len);
void m4crypt_mldsa_ct_declassify(const void *p, size_t len)
{
    CT_PUBLIC(p, len);
}

static const m4crypt_mldsa_params *params_of(int set)
{
#if M4CRYPT_ENABLE_MLDSA44
    if (set == 44)
        return &m4crypt_mldsa44_params;
#endif
#if M4CRYPT_ENABLE_MLDSA65
    if (set == 65)
        return &m4crypt_mldsa65_params;
#endif
#if M4CRYPT_ENABLE_MLDSA87
    if (set == 87)
        return &m4crypt_mldsa87_params;
#endif
    return NULL;
}
static uint8_t pk[MLDSA_MAX_PK], sk[MLDSA_MAX_SK], sig[MLDSA_MAX_SIG];
static uint8_t pk_ref[MLDSA_MAX_PK], sk_ref[MLDSA_MAX_SK], sig_ref[MLDSA_MAX_SIG];

/* The secret parts of an expanded key: K (bytes 32..63) and s1 || s2 || t0 (from byte 128). */
static void mark_sk(const mldsa_set *s, uint8_t *k)
{
    CT_SECRET(k + 32, 32);
    CT_SECRET(k + 128, s->sk - 128);
}

static int public_ret(int r)
{
    CT_PUBLIC(&r, sizeof r);
    return r;
}

static void run_set(int idx)
{
    const mldsa_set *s = &MLDSA_SETS[idx];
    uint8_t seed[32], rnd[32], msg[77], ctx[9];
    static const uint8_t zero32[32];
    t_rand_bytes(msg, sizeof msg);
    t_rand_bytes(ctx, sizeof ctx);
    for (int rep = 0; rep < 2; rep++) {
        t_rand_bytes(seed, 32);
        t_rand_bytes(rnd, 32);
        CHECK(s->keypair_derand(pk_ref, sk_ref, seed) == 0);
        CHECK(s->sign_derand(sig_ref, msg, sizeof msg, ctx, sizeof ctx, sk_ref, rnd) == 0);

        /* key generation, seed secret */
        CT_SECRET(seed, 32);
        int r = public_ret(s->keypair_derand(pk, sk, seed));
        CT_PUBLIC(pk, s->pk);
        CT_PUBLIC(sk, s->sk);
        CHECK(r == 0);
        CHECK_MEM(pk, pk_ref, s->pk);
        CHECK_MEM(sk, sk_ref, s->sk);
        r = public_ret(m4crypt_mldsa_keypair(s->set, pk, s->pk, sk, s->sk, seed));
        CT_PUBLIC(pk, s->pk);
        CHECK(r == 0);
        CHECK_MEM(pk, pk_ref, s->pk);

        /* signing with the expanded key and rnd secret; then deterministic */
        mark_sk(s, sk);
        CT_SECRET(rnd, 32);
        r = public_ret(s->sign_derand(sig, msg, sizeof msg, ctx, sizeof ctx, sk, rnd));
        CT_PUBLIC(sig, s->sig);
        CHECK(r == 0);
        CHECK_MEM(sig, sig_ref, s->sig);
        r = public_ret(s->sign_derand(sig, msg, sizeof msg, NULL, 0, sk, zero32));
        CT_PUBLIC(sig, s->sig);
        CHECK(r == 0);
        CHECK(s->verify(sig, msg, sizeof msg, NULL, 0, pk_ref) == 0);

        /* signing from the seed */
        r = public_ret(s->sign_seed_derand(sig, msg, sizeof msg, ctx, sizeof ctx, seed, rnd));
        CT_PUBLIC(sig, s->sig);
        CHECK(r == 0);
        CHECK_MEM(sig, sig_ref, s->sig);

        /* one attempt body, both parts, no decision taken */
        uint8_t mu[64];
        memset(mu, 0x3c, sizeof mu);
        uint32_t bad = m4crypt_mldsa_sign_attempt_ct(params_of(s->set), sig, mu, sk, rnd, 7 * s->l);
        CT_PUBLIC(&bad, sizeof bad);
        CT_PUBLIC(sig, s->sig);
        CHECK(bad <= 7);

        CT_PUBLIC(sk, s->sk);
        CT_PUBLIC(seed, 32);
        CT_PUBLIC(rnd, 32);
    }
    /* key generation and hedged signing through the randombytes hook (secret output) */
    m4crypt_set_randombytes(ct_secret_rng, NULL);
    int r = public_ret(s->keypair(pk, sk));
    CT_PUBLIC(pk, s->pk);
    CHECK(r == 0);
    r = public_ret(s->sign(sig, msg, sizeof msg, NULL, 0, sk));
    CT_PUBLIC(sig, s->sig);
    CT_PUBLIC(sk, s->sk);
    CHECK(r == 0);
    CHECK(s->verify(sig, msg, sizeof msg, NULL, 0, pk) == 0);
    m4crypt_set_randombytes(NULL, NULL);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x63745f64);
    for (int i = 0; i < MLDSA_NSETS; i++)
        run_set(i);
    return t_summary("ct_mldsa");
}
#else
T_NOT_BUILT_MAIN("ct_mldsa", "needs ML-DSA key generation, signing and verification")
#endif
