/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Poly1305 assembly backend for ARMv7E-M (Cortex-M4), see src/poly1305/backend.h.
 */
#ifndef M4CRYPT_POLY1305_ARMV7M_BACKEND_H
#define M4CRYPT_POLY1305_ARMV7M_BACKEND_H

#include "m4crypt/poly1305.h"

/* Same contract as m4crypt_poly1305_blocks_c (poly1305_blocks.S). */
void m4crypt_poly1305_blocks_armv7m(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t nblocks,
                                    uint32_t hibit);
#define M4CRYPT_POLY1305_HAVE_BLOCKS 1

/* Same contract as m4crypt_poly1305_blocks2_c. */
void m4crypt_poly1305_blocks2_armv7m(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t nblocks,
                                     const uint8_t *m2, size_t nblocks2);
#define M4CRYPT_POLY1305_HAVE_BLOCKS2 1

#endif
