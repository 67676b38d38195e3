/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * FIPS 203 section 7.2's modulus check of an encapsulation key, written out independently of the
 * library for the fuzz targets that judge its answer (fuzz_mlkem_encaps.c, and
 * tests/xwing/fuzz_xwing_encaps.c for the ML-KEM-768 key inside an X-Wing key), and the edit the
 * tests make to break it (test_mlkem.c, tests/xwing/test_xwing.c). Header-only.
 */
#ifndef M4CRYPT_TEST_MLKEM_EK_CHECK_H
#define M4CRYPT_TEST_MLKEM_EK_CHECK_H

#include <stdint.h>

/* 1 if every 12-bit value of ek[0 : 384 k] is below q = 3329. */
static inline int mlkem_ek_reduced(const uint8_t *ek, unsigned k)
{
    for (unsigned i = 0; i < 128 * k; i++) {
        const uint8_t *p = ek + 3 * i;
        unsigned a = p[0] | (p[1] & 15u) << 8, b = p[1] >> 4 | (unsigned)p[2] << 4;
        if (a >= 3329 || b >= 3329)
            return 0;
    }
    return 1;
}

/* Sets the 12-bit value number i of an encoded key (ByteEncode_12: two values in three bytes) to
 * v. */
static inline void mlkem_set_coeff12(uint8_t *b, unsigned i, unsigned v)
{
    uint8_t *p = b + 3 * (i / 2);
    if (i % 2 == 0) {
        p[0] = (uint8_t)v;
        p[1] = (uint8_t)((p[1] & 0xf0) | (v >> 8));
    } else {
        p[1] = (uint8_t)((p[1] & 0x0f) | ((v & 0x0f) << 4));
        p[2] = (uint8_t)(v >> 4);
    }
}

#endif
