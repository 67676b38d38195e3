/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA's pairwise consistency test after key generation (M4CRYPT_KEYGEN_PCT, FIPS 140-3 IG
 * 10.3.A). make builds this program only with src/mldsa/mldsa.c compiled with
 * -DM4CRYPT_KEYGEN_PCT -DM4CRYPT_KEYGEN_PCT_BREAKAGE_TEST ahead of the library; the test's
 * m4crypt_keygen_pct_break() below makes the consistency test fail on demand.
 *
 * Checks, for ML-DSA-44/65/87 (derandomized and randomized key generation, the public key alone
 * from a seed, the generic layer): with the test passing, key generation returns 0, is still
 * deterministic, and its keys sign and verify (and the known-answer self-test, which generates
 * its keys through the same path, passes); with the test made to fail, key generation returns
 * M4CRYPT_ERR_SELFTEST with the keys all zero, and the self-test reports the three ML-DSA bits
 * (and only those: ML-KEM here is the library's, built without the test). Signing, including
 * signing from a seed (which expands the key every time), runs no consistency test.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt.h"
#include "mldsa_sets.h"
#include "pct_break.h"

static uint8_t pk[MLDSA_MAX_PK], sk[MLDSA_MAX_SK], pk2[MLDSA_MAX_PK], sk2[MLDSA_MAX_SK];
static uint8_t sig[MLDSA_MAX_SIG];

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x9d5);
    static const uint8_t msg[] = "a message";
    uint8_t seed[32];

    for (size_t i = 0; i < sizeof MLDSA_SETS / sizeof MLDSA_SETS[0]; i++) {
        const mldsa_set *s = &MLDSA_SETS[i];
        t_rand_bytes(seed, sizeof seed);
        break_pct = 0;
        CHECK(s->keypair_derand(pk, sk, seed) == M4CRYPT_OK);
        CHECK(s->sign(sig, msg, sizeof msg, NULL, 0, sk) == M4CRYPT_OK);
        CHECK(s->verify(sig, msg, sizeof msg, NULL, 0, pk) == M4CRYPT_OK);
        CHECK(s->keypair_derand(pk2, sk2, seed) == M4CRYPT_OK); /* deterministic */
        CHECK_MEM(pk, pk2, s->pk);
        CHECK_MEM(sk, sk2, s->sk);
        memset(pk2, 0, s->pk);
        CHECK(s->keypair_derand(pk2, NULL, seed) == M4CRYPT_OK); /* the public key alone */
        CHECK_MEM(pk, pk2, s->pk);
        CHECK(s->keypair(pk2, sk2) == M4CRYPT_OK);
        CHECK(m4crypt_mldsa_keypair(s->set, pk2, s->pk, sk2, s->sk, seed) == M4CRYPT_OK);
        CHECK_MEM(pk, pk2, s->pk);

        break_pct = 1;
        CHECK_FAILS_ZEROED(s->keypair_derand(pk2, sk2, seed),
                           M4CRYPT_ERR_SELFTEST, pk2, s->pk, sk2, s->sk);
        memset(pk2, 0xa5, s->pk);
        CHECK(s->keypair_derand(pk2, NULL, seed) == M4CRYPT_ERR_SELFTEST);
        CHECK(t_all_zero(pk2, s->pk));
        CHECK_FAILS_ZEROED(s->keypair(pk2, sk2), M4CRYPT_ERR_SELFTEST, pk2, s->pk, sk2, s->sk);
        CHECK_FAILS_ZEROED(m4crypt_mldsa_keypair(s->set, pk2, s->pk, sk2, s->sk, seed),
                           M4CRYPT_ERR_SELFTEST, pk2, s->pk, sk2, s->sk);
        CHECK_FAILS_ZEROED(m4crypt_mldsa_keypair(s->set, pk2, s->pk, sk2, s->sk, NULL),
                           M4CRYPT_ERR_SELFTEST, pk2, s->pk, sk2, s->sk);
        /* other operations run no consistency test */
        CHECK(s->sign(sig, msg, sizeof msg, NULL, 0, sk) == M4CRYPT_OK);
        CHECK(s->verify(sig, msg, sizeof msg, NULL, 0, pk) == M4CRYPT_OK);
        CHECK(s->sign_seed(sig, msg, sizeof msg, NULL, 0, seed) == M4CRYPT_OK);
        CHECK(s->verify(sig, msg, sizeof msg, NULL, 0, pk) == M4CRYPT_OK);
    }

    /* the known-answer self-test generates its ML-DSA keys through the consistency test */
    break_pct = 0;
    uint32_t failed = 1;
    CHECK(m4crypt_selftest(&failed) == M4CRYPT_OK && failed == 0);
    break_pct = 1;
    CHECK(m4crypt_selftest(&failed) == M4CRYPT_ERR_SELFTEST);
    CHECK(failed == (M4CRYPT_SELFTEST_MLDSA44 | M4CRYPT_SELFTEST_MLDSA65 | M4CRYPT_SELFTEST_MLDSA87));
    return t_summary("mldsa_pct");
}
