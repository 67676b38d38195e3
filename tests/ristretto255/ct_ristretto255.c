/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of ristretto255 under valgrind memcheck (tests/common/ct.h): the scalar is
 * secret; the public input point, the from-uniform-bytes input (public in hash-to-group uses) and
 * the results are public. Any branch or address that depends on the scalar is reported.
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/ristretto255.h"

static const uint8_t GEN[32] = {0xe2, 0xf2, 0xae, 0x0a, 0x6a, 0xbc, 0x4e, 0x71, 0xa8, 0x84, 0xa9,
                                0x61, 0xc5, 0x00, 0x51, 0x5f, 0x58, 0xe3, 0x0b, 0x6a, 0xa5, 0x82,
                                0xdd, 0x8d, 0xb6, 0xa6, 0x59, 0x45, 0xe0, 0x8d, 0x2d, 0x76};

int main(int argc, char **argv)
{
    t_init(argc, argv);
    for (int i = 0; i < 4; i++) {
        uint8_t n[32], q[32], q2[32];
        t_rand_bytes(n, 32);
        CT_SECRET(n, 32);
        int r = m4crypt_ristretto255_scalarmult_base(q, n);
        CT_PUBLIC(q, 32);
        CT_PUBLIC(&r, sizeof r);
        CHECK(r == 0);
        r = m4crypt_ristretto255_scalarmult(q2, n, GEN);
        CT_PUBLIC(q2, 32);
        CT_PUBLIC(&r, sizeof r);
        CHECK(r == 0);
        CHECK_MEM(q, q2, 32);
    }
    return t_summary("ct_ristretto255");
}
