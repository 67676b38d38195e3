/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of ML-KEM-512/768/1024 under valgrind memcheck (tests/common/ct.h).
 *
 * Secrets are marked undefined; memcheck then reports any branch or address that depends on them.
 *   - key generation: the coins d || z are secret (per-set and generic layer, and through the
 *     randombytes hook with a generator whose output is secret);
 *   - encapsulation: m is secret (pk is public);
 *   - decapsulation: the secret parts of dk (dk_PKE = ByteEncode_12(s) and z) are secret, for a
 *     valid ciphertext and for an invalid one (implicit rejection). The parts of dk that are
 *     public by construction (ek and H(ek)) are declassified, as the public key itself is.
 * Only public outputs (pk, ct), return codes and, for the comparison at the end, the shared keys
 * are declassified. One value is public although computed from a secret: rho = G(d || k)[0:32]
 * (it is part of ek, and SampleNTT branches on it); the library reports it through
 * m4crypt_mlkem_ct_declassify, which this program defines (the library's version is weak).
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/fips202.h"
#include "m4crypt/mlkem.h"
#include "mlkem_sets.h"

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS /* m4crypt/config.h: what this program needs is built */

void m4crypt_mlkem_ct_declassify(const void *p, size_t len);
void m4crypt_mlkem_ct_declassify(const void *p, size_t len)
{
    CT_PUBLIC(p, len);
}

static uint8_t pk[MLKEM_MAX_PK], sk[MLKEM_MAX_SK], ct[MLKEM_MAX_CT], ct2[MLKEM_MAX_CT];
static uint8_t pk_ref[MLKEM_MAX_PK], sk_ref[MLKEM_MAX_SK], ct_ref[MLKEM_MAX_CT];
static uint8_t zc[32 + MLKEM_MAX_CT];

/* The secret parts of a decapsulation key: dk_PKE and z. */
static void mark_sk(const mlkem_set *s, uint8_t *k)
{
    CT_SECRET(k, 384 * s->k);
    CT_PUBLIC(k + mlkem_dk_ek(s), s->pk + 32); /* ek || H(ek) */
    CT_SECRET(k + mlkem_dk_z(s), 32);
}

static int public_ret(int r)
{
    CT_PUBLIC(&r, sizeof r);
    return r;
}

static void run_set(const mlkem_set *s)
{
    uint8_t coins[64], m[32], ss[32], ss2[32], ss_ref[32], rej[32];

    for (int rep = 0; rep < 3; rep++) {
        /* Key generation, coins secret. Reference run first (unmarked) for the comparison. */
        t_rand_bytes(coins, 64);
        t_rand_bytes(m, 32);
        CHECK(s->keypair_derand(pk_ref, sk_ref, coins) == 0);
        CHECK(s->enc_derand(ct_ref, ss_ref, pk_ref, m) == 0);

        CT_SECRET(coins, 64);
        int r = public_ret(s->keypair_derand(pk, sk, coins));
        CT_PUBLIC(pk, s->pk);
        CHECK(r == 0);
        CHECK_MEM(pk, pk_ref, s->pk);
        r = public_ret(m4crypt_mlkem_keypair(s->set, pk, s->pk, sk, s->sk, coins));
        CT_PUBLIC(pk, s->pk);
        CHECK(r == 0);
        CHECK_MEM(pk, pk_ref, s->pk);
        CT_PUBLIC(coins, 64);

        /* Encapsulation, m secret. */
        CT_SECRET(m, 32);
        r = public_ret(s->enc_derand(ct, ss, pk, m));
        CT_PUBLIC(ct, s->ct);
        CHECK(r == 0);
        CHECK_MEM(ct, ct_ref, s->ct);
        r = public_ret(m4crypt_mlkem_encaps(s->set, ct, s->ct, ss2, pk, s->pk, m));
        CT_PUBLIC(ct, s->ct);
        CHECK(r == 0);
        CT_PUBLIC(ss, 32);
        CT_PUBLIC(ss2, 32);
        CHECK_MEM(ss, ss_ref, 32);
        CHECK_MEM(ss2, ss_ref, 32);

        /* Decapsulation of the valid ciphertext, sk secret. */
        memcpy(sk, sk_ref, s->sk);
        mark_sk(s, sk);
        r = public_ret(s->dec(ss, ct, sk));
        CT_PUBLIC(ss, 32);
        CHECK(r == 0);
        CHECK_MEM(ss, ss_ref, 32);
        r = public_ret(m4crypt_mlkem_decaps(s->set, ss, ct, s->ct, sk, s->sk));
        CT_PUBLIC(ss, 32);
        CHECK(r == 0);
        CHECK_MEM(ss, ss_ref, 32);

        /* Decapsulation of an invalid ciphertext (one bit changed, then random): implicit
         * rejection, K = J(z || c). */
        for (int kind = 0; kind < 2; kind++) {
            if (kind == 0) {
                memcpy(ct2, ct_ref, s->ct);
                ct2[t_rand32() % s->ct] ^= (uint8_t)(1u << (t_rand32() % 8));
            } else {
                t_rand_bytes(ct2, s->ct);
            }
            memcpy(zc, sk_ref + mlkem_dk_z(s), 32);
            memcpy(zc + 32, ct2, s->ct);
            m4crypt_shake256(rej, 32, zc, 32 + s->ct);
            r = public_ret(s->dec(ss, ct2, sk));
            CT_PUBLIC(ss, 32);
            CHECK(r == 0);
            CHECK_MEM(ss, rej, 32);
        }

        /* Through the randombytes hook, with secret random bytes. */
        m4crypt_set_randombytes(ct_secret_rng, NULL);
        r = public_ret(m4crypt_mlkem_keypair(s->set, pk, s->pk, sk, s->sk, NULL));
        CT_PUBLIC(pk, s->pk);
        CHECK(r == 0);
        mark_sk(s, sk);
        r = public_ret(m4crypt_mlkem_encaps(s->set, ct, s->ct, ss, pk, s->pk, NULL));
        CT_PUBLIC(ct, s->ct);
        CHECK(r == 0);
        r = public_ret(m4crypt_mlkem_decaps(s->set, ss2, ct, s->ct, sk, s->sk));
        CHECK(r == 0);
        CT_PUBLIC(ss, 32);
        CT_PUBLIC(ss2, 32);
        CHECK_MEM(ss, ss2, 32);
        m4crypt_set_randombytes(NULL, NULL);
    }
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x203);
    for (int i = 0; i < MLKEM_NSETS; i++)
        run_set(&MLKEM_SETS[i]);
    return t_summary("ct_mlkem");
}
#else
T_NOT_BUILT_MAIN("ct_mlkem", "ML-KEM without all three operations")
#endif
