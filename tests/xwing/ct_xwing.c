/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of X-Wing under valgrind memcheck (tests/common/ct.h).
 *
 * Must be clean under memcheck:
 *  - encapsulation with the eseed secret (ML-KEM m and the X25519 ephemeral key), on an honest
 *    public key and on one whose X25519 part has low order (all-zero ss_X, not rejected);
 *  - key generation and decapsulation with the whole seed marked secret, on an honest
 *    ciphertext, one with a corrupted ML-KEM part (implicit rejection) and one with a low-order
 *    X25519 part.
 * Decapsulation from an expanded key, with exactly its secret parts marked: ct_xwing_expanded.c.
 *
 * With the whole seed secret: ML-KEM branches on
 * rho (rejection sampling of the matrix A) and on the outcome of the FIPS 203 hash check; both
 * depend on the seed only through the public key, so ML-KEM declassifies them through its hook
 * m4crypt_mlkem_ct_declassify, which this program defines (the library's version is weak).
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/xwing.h"

#if M4CRYPT_ENABLE_XWING_KEYPAIR && M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS /* m4crypt/config.h: what this program needs is built */

void m4crypt_mlkem_ct_declassify(const void *p, size_t len);
void m4crypt_mlkem_ct_declassify(const void *p, size_t len)
{
    CT_PUBLIC(p, len);
}

static uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES], pk2[M4CRYPT_XWING_PUBLICKEYBYTES];
static uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES];

static void seed_secret_run(void)
{
    uint8_t seed[32], sk[32], eseed[64], ss[32], ss2[32];
    t_rand_bytes(seed, 32);
    CT_SECRET(seed, 32);
    int r = m4crypt_xwing_keypair_derand(pk, sk, seed);
    CT_PUBLIC(&r, sizeof r);
    CT_PUBLIC(pk, sizeof pk);
    CHECK(r == 0);
    t_rand_bytes(eseed, 64);
    r = m4crypt_xwing_enc_derand(ct, ss, pk, eseed);
    CHECK(r == 0);
    for (int variant = 0; variant < 3; variant++) {
        if (variant == 1)
            ct[100] ^= 0x10; /* ML-KEM part: implicit rejection */
        if (variant == 2)
            memset(ct + 1088, 0, 32); /* X25519 part: low order */
        CT_SECRET(sk, 32);
        r = m4crypt_xwing_dec(ss2, ct, sk);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(ss2, 32);
        CHECK(r == 0);
        CHECK((memcmp(ss, ss2, 32) == 0) == (variant == 0));
    }
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0xc7c7);
    uint8_t seed[32], sk[32], eseed[64], ss[32];

    t_rand_bytes(seed, 32);
    CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);

    /* Encapsulation: eseed secret, honest key and low-order X25519 key. */
    memcpy(pk2, pk, sizeof pk);
    memset(pk2 + 1184, 0, 32);
    for (int variant = 0; variant < 2; variant++) {
        t_rand_bytes(eseed, 64);
        CT_SECRET(eseed, 64);
        int r = m4crypt_xwing_enc_derand(ct, ss, variant ? pk2 : pk, eseed);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(ct, sizeof ct);
        CT_PUBLIC(ss, 32);
        CT_PUBLIC(eseed, 64);
        CHECK(r == 0);
    }

    seed_secret_run();
    return t_summary("ct_xwing");
}
#else
T_NOT_BUILT_MAIN("ct_xwing", "X-Wing without all three operations")
#endif
