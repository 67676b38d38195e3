/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The pairwise consistency test after key generation (M4CRYPT_KEYGEN_PCT, FIPS 140-3 IG 10.3.A).
 * make builds this program only with src/mlkem/kem.c (every set) and src/xwing/xwing.c compiled
 * with -DM4CRYPT_KEYGEN_PCT -DM4CRYPT_KEYGEN_PCT_BREAKAGE_TEST ahead of the library; the test's
 * m4crypt_keygen_pct_break() below makes the consistency test fail on demand.
 *
 * Checks, for ML-KEM-512/768/1024 (per-set functions, randomized form, generic layer) and X-Wing:
 * with the test passing, key generation returns 0 and its keys work (and the known-answer
 * self-test, which generates its keys through the same path, passes); with the test made to
 * fail, key generation returns M4CRYPT_ERR_SELFTEST with both keys all zero. X-Wing
 * decapsulation, which re-derives its ML-KEM key, runs no consistency test (it still works with
 * the breakage switched on).
 */
#include <string.h>

#include "harness.h"
#include "m4crypt.h"
#include "mlkem_sets.h"
#include "pct_break.h"

static uint8_t pk[MLKEM_MAX_PK], sk[MLKEM_MAX_SK], pk2[MLKEM_MAX_PK], sk2[MLKEM_MAX_SK];
static uint8_t ct[MLKEM_MAX_CT];

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x9c7);
    uint8_t coins[64], ss[32], ss2[32];

    for (size_t i = 0; i < sizeof MLKEM_SETS / sizeof MLKEM_SETS[0]; i++) {
        const mlkem_set *s = &MLKEM_SETS[i];
        t_rand_bytes(coins, sizeof coins);
        break_pct = 0;
        CHECK(s->keypair_derand(pk, sk, coins) == M4CRYPT_OK);
        CHECK(s->enc(ct, ss, pk) == M4CRYPT_OK);
        CHECK(s->dec(ss2, ct, sk) == M4CRYPT_OK);
        CHECK_MEM(ss, ss2, 32);
        CHECK(s->keypair_derand(pk2, sk2, coins) == M4CRYPT_OK); /* deterministic */
        CHECK_MEM(pk, pk2, s->pk);
        CHECK_MEM(sk, sk2, s->sk);

        break_pct = 1;
        CHECK_FAILS_ZEROED(s->keypair_derand(pk2, sk2, coins),
                           M4CRYPT_ERR_SELFTEST, pk2, s->pk, sk2, s->sk);
        CHECK_FAILS_ZEROED(s->keypair(pk2, sk2), M4CRYPT_ERR_SELFTEST, pk2, s->pk, sk2, s->sk);
        CHECK_FAILS_ZEROED(m4crypt_mlkem_keypair(s->set, pk2, s->pk, sk2, s->sk, coins),
                           M4CRYPT_ERR_SELFTEST, pk2, s->pk, sk2, s->sk);
        CHECK(s->dec(ss2, ct, sk) == M4CRYPT_OK); /* other operations run no consistency test */
        CHECK_MEM(ss, ss2, 32);
    }

    static uint8_t xpk[M4CRYPT_XWING_PUBLICKEYBYTES], xsk[M4CRYPT_XWING_SECRETKEYBYTES],
        xct[M4CRYPT_XWING_CIPHERTEXTBYTES];
    t_rand_bytes(coins, 32);
    break_pct = 0;
    CHECK(m4crypt_xwing_keypair_derand(xpk, xsk, coins) == M4CRYPT_OK);
    CHECK(m4crypt_xwing_enc(xct, ss, xpk) == M4CRYPT_OK);
    break_pct = 1;
    CHECK(m4crypt_xwing_dec(ss2, xct, xsk) == M4CRYPT_OK); /* no consistency test here */
    CHECK_MEM(ss, ss2, 32);
    CHECK_FAILS_ZEROED(m4crypt_xwing_keypair_derand(xpk, xsk, coins),
                       M4CRYPT_ERR_SELFTEST, xpk, sizeof xpk, xsk, sizeof xsk);

    /* the known-answer self-test generates its keys through the consistency test */
    break_pct = 0;
    uint32_t failed = 1;
    CHECK(m4crypt_selftest(&failed) == M4CRYPT_OK && failed == 0);
    break_pct = 1;
    CHECK(m4crypt_selftest(&failed) == M4CRYPT_ERR_SELFTEST);
    CHECK(failed == (M4CRYPT_SELFTEST_MLKEM512 | M4CRYPT_SELFTEST_MLKEM768 |
                     M4CRYPT_SELFTEST_MLKEM1024 | M4CRYPT_SELFTEST_XWING));
    return t_summary("mlkem_pct");
}
