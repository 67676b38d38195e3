/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * FIPS 203 section 7.2's modulus check of an encapsulation key, written out independently of the
 * library for the fuzz targets that judge its answer (fuzz_mlkem_encaps.c, and
 * tests/xwing/fuzz_xwing_encaps.c for the ML-KEM-768 key inside an X-Wing key). Header-only.
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

#endif
