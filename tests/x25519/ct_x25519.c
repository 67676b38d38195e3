/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of X25519 under valgrind memcheck (tests/common/ct.h): the scalar is
 * marked secret for several points (random, low order, non-canonical, bit 255 set); then the
 * point is marked secret too (X-Wing decapsulation feeds attacker-chosen but key-dependent data
 * through the same code, and the ladder should not care). Base-point multiplication and key
 * generation with a secret random source are checked as well. Outputs and return codes are
 * declassified before the program looks at them: the return code says only whether the output
 * is all zero, which the API reveals by design.
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/x25519.h"

static void unhex(uint8_t *out, const char *hex)
{
    for (size_t i = 0; i < 32; i++) {
        unsigned v = 0;
        for (int k = 0; k < 2; k++) {
            char c = hex[2 * i + (size_t)k];
            v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
        }
        out[i] = (uint8_t)v;
    }
}

static const char *const points[] = {
    "0900000000000000000000000000000000000000000000000000000000000000",
    "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
    "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493", /* bit 255 set */
    "0000000000000000000000000000000000000000000000000000000000000000", /* low order */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* order 8 */
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* 2^255 - 1 >= p */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p = 0: low order */
};

static int secret_rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    t_rand_bytes(out, len);
    CT_SECRET(out, len);
    return 0;
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0xc7);
    uint8_t sk[32], pt[32], out[32], ref[32];
    const int npoints = (int)(sizeof points / sizeof points[0]);

    for (int secret_point = 0; secret_point < 2; secret_point++) {
        for (int i = 0; i < npoints; i++) {
            t_rand_bytes(sk, 32);
            unhex(pt, points[i]);
            int r0 = m4crypt_x25519(ref, sk, pt); /* undeclared run for comparison */
            CT_SECRET(sk, 32);
            if (secret_point)
                CT_SECRET(pt, 32);
            int r = m4crypt_x25519(out, sk, pt);
            CT_PUBLIC(&r, sizeof r);
            CT_PUBLIC(out, 32);
            CT_PUBLIC(sk, 32);
            CT_PUBLIC(pt, 32);
            CHECK(r == r0);
            CHECK_MEM(out, ref, 32);
            CHECK((r == M4CRYPT_ERR_ZERO_SHARED) == (i == 3 || i == 4 || i == 6));
        }
    }

    t_rand_bytes(sk, 32);
    CT_SECRET(sk, 32);
    int r = m4crypt_x25519_base(out, sk);
    CT_PUBLIC(&r, sizeof r);
    CT_PUBLIC(out, 32);
    CHECK(r == 0);

    m4crypt_set_randombytes(secret_rng, NULL);
    r = m4crypt_x25519_keypair(out, sk);
    CT_PUBLIC(&r, sizeof r);
    CT_PUBLIC(out, 32);
    CT_PUBLIC(sk, 32);
    CHECK(r == 0);
    m4crypt_set_randombytes(NULL, NULL);
    return t_summary("ct_x25519");
}
