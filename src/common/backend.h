/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal interface of src/common: the replaceable wiping and comparison functions.
 *
 * The portable versions are always built as m4crypt_memzero_c and m4crypt_verify_c. With
 * M4CRYPT_ARCH_ARMV7M, src/common/armv7m/backend.h declares the assembly versions (suffix
 * _armv7m) and defines M4CRYPT_COMMON_HAVE_MEMZERO / _VERIFY; the public m4crypt_memzero and
 * m4crypt_verify are then the assembly (docs/DEVELOPING.md, "Assembly backends").
 */
#ifndef M4CRYPT_COMMON_BACKEND_H
#define M4CRYPT_COMMON_BACKEND_H

#include "m4crypt/common.h"

void m4crypt_memzero_c(void *p, size_t len);
int m4crypt_verify_c(const uint8_t *a, const uint8_t *b, size_t len);

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "common/armv7m/backend.h"
#endif

#endif
