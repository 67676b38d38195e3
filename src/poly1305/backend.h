/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal interface of the Poly1305 code: the context layout and the replaceable block function.
 *
 * Context (include/m4crypt/poly1305.h), the same for every backend so that only the block function
 * needs replacing:
 *   r[0..3]  r (RFC 8439 section 2.5, clamped) as little-endian 32-bit words; r[4] is 0.
 *   h[0..4]  the accumulator h = sum h[i] * 2^(32 i), partially reduced: h[4] <= 4 (h < 5 * 2^128)
 *            between calls; the final reduction mod 2^130 - 5 is done once, in final.
 *   pad[0..3] s, the second half of the key, little-endian words.
 *   buf, buflen  the bytes of an incomplete 16-byte block (buflen 0..15).
 *
 * Backend (docs/DEVELOPING.md, "Assembly backends"): the portable block function is always built
 * as m4crypt_poly1305_blocks_c. With M4CRYPT_ARCH_ARMV7M, src/poly1305/armv7m/backend.h may declare m4crypt_poly1305_blocks_armv7m and define M4CRYPT_POLY1305_HAVE_BLOCKS;
 * m4crypt_poly1305_blocks names the one in use (src/common/backend_contract.h).
 */
#ifndef M4CRYPT_POLY1305_BACKEND_H
#define M4CRYPT_POLY1305_BACKEND_H

#include "m4crypt/poly1305.h"

/* For each of the nblocks 16-byte blocks of m (no alignment needed): h = (h + block + hibit *
 * 2^128) * r mod 2^130 - 5 (partially reduced, h[4] <= 4 in and out; m4crypt_poly1305_final
 * relies on that bound). hibit is 1 for whole message blocks (RFC 8439 section 2.5.1, "add one
 * bit beyond the number of octets") and 0 for a last block that was already padded with its 0x01
 * byte. */
void m4crypt_poly1305_blocks_c(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t nblocks,
                               uint32_t hibit);

/* m4crypt_poly1305_init with the key taken from the first 32 bytes of the context itself, which
 * it then overwrites entirely (the AEAD writes ChaCha20 block 0 there). */
void m4crypt_poly1305_init_inplace(m4crypt_poly1305_ctx *ctx);
_Static_assert(sizeof(m4crypt_poly1305_ctx) >= 64, "the AEAD writes a 64-byte block over the ctx");

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "poly1305/armv7m/backend.h"
#endif

#ifdef M4CRYPT_POLY1305_HAVE_BLOCKS
#define m4crypt_poly1305_blocks m4crypt_poly1305_blocks_armv7m
#else
/* m4crypt_poly1305_blocks_c, then m4crypt_stack_wipe of the stack it used: the compiler spills
 * r and h there (the assembly keeps them in registers). */
void m4crypt_poly1305_blocks_c_wiped(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t nblocks,
                                     uint32_t hibit);
#define m4crypt_poly1305_blocks m4crypt_poly1305_blocks_c_wiped
#endif

/* Two runs of whole message blocks (hibit 1) in one call: nblocks of m (may be 0), then nblocks2
 * (>= 1) of m2. The portable version calls the block function in use twice; a backend may do it
 * with one set-up (the AEAD: ciphertext, then the lengths block). */
void m4crypt_poly1305_blocks2_c(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t nblocks,
                                const uint8_t *m2, size_t nblocks2);
#ifdef M4CRYPT_POLY1305_HAVE_BLOCKS2
#define m4crypt_poly1305_blocks2 m4crypt_poly1305_blocks2_armv7m
#else
#define m4crypt_poly1305_blocks2 m4crypt_poly1305_blocks2_c
#endif

#endif
