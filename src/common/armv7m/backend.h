/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ARMv7E-M (Cortex-M4) backend of src/common: wiping and constant-time comparison in assembly
 * (common.S). The assembly file also carries the public names m4crypt_memzero and
 * m4crypt_verify as second labels of the same code (no extra call), so common.c leaves them out
 * when this header says so; the portable versions stay built as m4crypt_memzero_c and
 * m4crypt_verify_c for the twin test (tests/common/test_common_armv7m.c).
 */
#ifndef M4CRYPT_COMMON_ARMV7M_BACKEND_H
#define M4CRYPT_COMMON_ARMV7M_BACKEND_H

#include <stddef.h>
#include <stdint.h>

/* Same contracts as m4crypt_memzero / m4crypt_verify (include/m4crypt/common.h); any alignment
 * and any length (0 included). */
void m4crypt_memzero_armv7m(void *p, size_t len);
int m4crypt_verify_armv7m(const uint8_t *a, const uint8_t *b, size_t len);

#define M4CRYPT_COMMON_HAVE_MEMZERO 1
#define M4CRYPT_COMMON_HAVE_VERIFY 1

#endif
