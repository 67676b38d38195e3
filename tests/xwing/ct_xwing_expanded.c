/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of X-Wing decapsulation from an expanded key (m4crypt_xwing_expand_key,
 * m4crypt_xwing_dec_expanded) under valgrind memcheck (tests/common/ct.h).
 *
 * Must be clean under memcheck:
 *  - expansion with the whole seed marked secret. ML-KEM key generation branches on rho
 *    (rejection sampling of the matrix A), which the seed determines but which is public (it is
 *    in ek); ML-KEM declassifies it through its hook m4crypt_mlkem_ct_declassify, which this
 *    program defines (the library's version is weak and does nothing);
 *  - decapsulation with exactly the secret parts of the expanded key marked (dk_PKE and z of the
 *    ML-KEM key, the X25519 secret key; include/m4crypt/xwing.h lists them), on an honest
 *    ciphertext, one with a corrupted ML-KEM part (implicit rejection), one with a low-order
 *    X25519 part and one with both, each compared with the seed API's result;
 *  - decapsulation from a key expanded with the seed secret, without declassifying anything of
 *    the key but ek and H(ek) (the public key's parts that decapsulation re-encrypts with).
 * And m4crypt_xwing_expanded_key_wipe leaves every byte of the key zero.
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/xwing.h"

void m4crypt_mlkem_ct_declassify(const void *p, size_t len);
void m4crypt_mlkem_ct_declassify(const void *p, size_t len)
{
    CT_PUBLIC(p, len);
}

#define DK_PKE 1152 /* offsets inside sk_m (FIPS 203 Alg. 16) */
#define DK_EK 1152
#define DK_Z 2368

static uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES], pk2[M4CRYPT_XWING_PUBLICKEYBYTES];
static uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES];
static m4crypt_xwing_expanded_key k;

static void mark_key_secret(m4crypt_xwing_expanded_key *key)
{
    CT_SECRET(key->sk_m, DK_PKE);
    CT_SECRET(key->sk_m + DK_Z, 32);
    CT_SECRET(key->sk_x, 32);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0xe7e7);
    uint8_t seed[32], sk[32], eseed[64], ss[32], ss2[32], ss3[32];

    t_rand_bytes(seed, 32);
    CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);

    /* Expansion with the seed secret; the public key it holds comes out public. */
    CT_SECRET(sk, 32);
    int r = m4crypt_xwing_expand_key(&k, sk);
    CT_PUBLIC(&r, sizeof r);
    CHECK(r == 0);
    CT_PUBLIC(k.sk_m + DK_EK, 1184 + 32); /* ek || H(ek) */
    CT_PUBLIC(k.pk_x, 32);
    m4crypt_xwing_expanded_key_public(pk2, &k);
    CHECK(memcmp(pk2, pk, sizeof pk) == 0);
    CT_PUBLIC(sk, 32);

    /* Decapsulation from the expanded key as expansion left it (its secret parts undefined). */
    t_rand_bytes(eseed, 64);
    CHECK(m4crypt_xwing_enc_derand(ct, ss, pk, eseed) == 0);
    r = m4crypt_xwing_dec_expanded(ss2, ct, &k);
    CT_PUBLIC(&r, sizeof r);
    CT_PUBLIC(ss2, 32);
    CHECK(r == 0 && memcmp(ss, ss2, 32) == 0);

    /* Exactly the secret parts marked, over four kinds of ciphertext. */
    CT_PUBLIC(&k, sizeof k);
    for (int variant = 0; variant < 4; variant++) {
        CHECK(m4crypt_xwing_enc_derand(ct, ss, pk, eseed) == 0);
        if (variant & 1)
            ct[100] ^= 0x10; /* ML-KEM part: implicit rejection */
        if (variant & 2)
            memset(ct + 1088, 0, 32); /* X25519 part: low order */
        mark_key_secret(&k);
        r = m4crypt_xwing_dec_expanded(ss2, ct, &k);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(ss2, 32);
        CT_PUBLIC(&k, sizeof k);
        CHECK(r == 0);
        CHECK((memcmp(ss, ss2, 32) == 0) == (variant == 0));
        CHECK(m4crypt_xwing_dec(ss3, ct, sk) == 0 && memcmp(ss3, ss2, 32) == 0);
    }

    m4crypt_xwing_expanded_key_wipe(&k);
    unsigned nonzero = 0;
    for (size_t i = 0; i < sizeof k; i++)
        nonzero += ((const uint8_t *)&k)[i] != 0;
    CHECK(nonzero == 0);
    return t_summary("ct_xwing_expanded");
}
