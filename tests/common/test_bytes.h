/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Byte-buffer predicates shared by the test programs (through harness.h) and the fuzz targets
 * (which do not link the harness). Header-only.
 */
#ifndef M4CRYPT_TEST_BYTES_H
#define M4CRYPT_TEST_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* 1 if the n bytes at p all equal v. */
static inline int t_all_eq(const void *p, uint8_t v, size_t n)
{
    const uint8_t *b = p;
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= (uint8_t)(b[i] ^ v);
    return acc == 0;
}

/* 1 if the n bytes at p are all zero. */
static inline int t_all_zero(const void *p, size_t n)
{
    return t_all_eq(p, 0, n);
}

#endif
