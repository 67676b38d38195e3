/*
 * Constant-time check of X-Wing under valgrind memcheck (tests/common/ct.h).
 *
 * Default run (must be clean):
 *  - encapsulation with the eseed secret (ML-KEM m and the X25519 ephemeral key), on an honest
 *    public key and on one whose X25519 part has low order (all-zero ss_X, not rejected);
 *  - the X-Wing-specific secret flow of key generation and decapsulation with the secret in the
 *    X25519 half: the seed is public there (see below), the X25519 secret and ciphertext part are
 *    marked secret through m4crypt_x25519 as X-Wing calls it, and the combiner's inputs are
 *    secret through SHA3-256.
 *
 * "--seed-secret" (opt-in): key generation and decapsulation with the whole seed marked secret.
 * memcheck then reports ML-KEM's branches on rho (rejection sampling of the matrix A) and on the
 * FIPS 203 hash check: both depend on the seed only through the public key, which valgrind cannot
 * know, so they are false positives that need a declassification hook inside ML-KEM (not there
 * yet). No report may point into src/xwing, src/x25519 or src/fips202.
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/fips202.h"
#include "m4crypt/x25519.h"
#include "m4crypt/xwing.h"

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
    int seed_secret = 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--seed-secret") == 0)
            seed_secret = 1;
    t_init(argc, argv);
    t_rand_seed(0xc7c7);
    uint8_t seed[32], sk[32], eseed[64], ss[32], ss2[32];

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

    /* Decapsulation's secret X25519 half and combiner, as X-Wing runs them: X25519 with a secret
     * scalar on the (attacker-chosen) ciphertext part, then SHA3-256 over secret ss_M || ss_X. */
    t_rand_bytes(eseed, 64);
    CHECK(m4crypt_xwing_enc_derand(ct, ss, pk, eseed) == 0);
    CHECK(m4crypt_xwing_dec(ss2, ct, sk) == 0);
    CHECK_MEM(ss, ss2, 32);
    {
        uint8_t sk_x[32], ss_x[32], in[134];
        m4crypt_shake256(in, 96, sk, 32);
        memcpy(sk_x, in + 64, 32);
        CT_SECRET(sk_x, 32);
        int r = m4crypt_x25519(ss_x, sk_x, ct + 1088);
        CT_PUBLIC(&r, sizeof r);
        CHECK(r == 0);
        t_rand_bytes(in, 32);
        memcpy(in + 32, ss_x, 32);
        CT_SECRET(in, 64);
        m4crypt_sha3_256(ss2, in, sizeof in);
        CT_PUBLIC(ss2, 32);
    }

    if (seed_secret)
        seed_secret_run();
    return t_summary("ct_xwing");
}
