/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt_selftest: every known-answer test of the primitives built in passes, and reports no
 * failure; m4crypt_selftest_built names exactly those primitives.
 *
 * Built a second time by make with -DM4CRYPT_PLANT_SELFTEST_KAT for this file and for
 * src/selftest/selftest.c (test_selftest_planted): every known answer is then wrong in its first
 * byte, and every test must report its failure (the checks can fail).
 */
#include <string.h>

#include "harness.h"
#include "m4crypt.h"

/* Without a configuration header, the library has every primitive (as src/selftest/selftest.c). */
#ifndef M4CRYPT_ENABLE_MLKEM512
#define M4CRYPT_ENABLE_MLKEM512 1
#define M4CRYPT_ENABLE_MLKEM768 1
#define M4CRYPT_ENABLE_MLKEM1024 1
#define M4CRYPT_ENABLE_X25519 1
#define M4CRYPT_ENABLE_RISTRETTO255 1
#define M4CRYPT_ENABLE_CHACHA20 1
#define M4CRYPT_ENABLE_POLY1305 1
#define M4CRYPT_ENABLE_CHACHA20POLY1305 1
#define M4CRYPT_ENABLE_XWING 1
#define M4CRYPT_ENABLE_MLDSA44 1
#define M4CRYPT_ENABLE_MLDSA65 1
#define M4CRYPT_ENABLE_MLDSA87 1
#endif

int main(int argc, char **argv)
{
    t_init(argc, argv);
    /* Each part's bit, and whether the configuration builds it. */
    static const struct {
        uint32_t bit;
        int enabled;
    } parts[] = {
        {M4CRYPT_SELFTEST_SHA3, 1},
        {M4CRYPT_SELFTEST_MLKEM512, M4CRYPT_ENABLE_MLKEM512},
        {M4CRYPT_SELFTEST_MLKEM768, M4CRYPT_ENABLE_MLKEM768},
        {M4CRYPT_SELFTEST_MLKEM1024, M4CRYPT_ENABLE_MLKEM1024},
        {M4CRYPT_SELFTEST_X25519, M4CRYPT_ENABLE_X25519},
        {M4CRYPT_SELFTEST_RISTRETTO255, M4CRYPT_ENABLE_RISTRETTO255},
        {M4CRYPT_SELFTEST_CHACHA20, M4CRYPT_ENABLE_CHACHA20},
        {M4CRYPT_SELFTEST_POLY1305, M4CRYPT_ENABLE_POLY1305},
        {M4CRYPT_SELFTEST_CHACHA20POLY1305, M4CRYPT_ENABLE_CHACHA20POLY1305},
        {M4CRYPT_SELFTEST_XWING, M4CRYPT_ENABLE_XWING},
        {M4CRYPT_SELFTEST_MLDSA44, M4CRYPT_ENABLE_MLDSA44},
        {M4CRYPT_SELFTEST_MLDSA65, M4CRYPT_ENABLE_MLDSA65},
        {M4CRYPT_SELFTEST_MLDSA87, M4CRYPT_ENABLE_MLDSA87},
    };
    uint32_t expect_built = 0;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        expect_built |= parts[i].enabled ? parts[i].bit : 0;
    const uint32_t built = m4crypt_selftest_built();
    CHECK(built == expect_built);

    uint32_t failed = 0xa5a5a5a5u;
    const int r = m4crypt_selftest(&failed);
#ifdef M4CRYPT_PLANT_SELFTEST_KAT
    t_printf("selftest_planted: every known answer wrong: failures 0x%x of 0x%x built\n",
             (unsigned)failed, (unsigned)built);
    CHECK(r == M4CRYPT_ERR_SELFTEST);
    CHECK(failed == built); /* every test found its wrong answer, no other bit */
    CHECK(m4crypt_selftest(NULL) == M4CRYPT_ERR_SELFTEST);
    return t_summary("selftest_planted");
#else
    CHECK(r == M4CRYPT_OK);
    CHECK(failed == 0);
    CHECK(m4crypt_selftest(NULL) == M4CRYPT_OK);
    CHECK(strcmp(m4crypt_strerror(M4CRYPT_ERR_SELFTEST), "self-test failed") == 0);
    return t_summary("selftest");
#endif
}
