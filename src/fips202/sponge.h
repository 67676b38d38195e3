/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal interface of the sponge for code that reads an output block where the permutation left
 * it, instead of squeezing it into a buffer of its own (ML-DSA's expansion of A,
 * m4crypt_mldsa_matrix_entry_acc_p24). The state is in the backend's layout
 * (src/fips202/backend.h: bit-interleaved with M4CRYPT_FIPS202_INTERLEAVED, standard otherwise);
 * a reader either knows that layout (src/mldsa/armv7m/rej.S) or copies bytes out through
 * m4crypt_keccak_state_bytes.
 */
#ifndef M4CRYPT_FIPS202_SPONGE_H
#define M4CRYPT_FIPS202_SPONGE_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/fips202.h"

/* The next block of output into ctx->state, whose first ctx->rate bytes are then the block
 * (through m4crypt_keccak_state_bytes): finalizes if the context is still absorbing, permutes
 * unless the block the state holds is unread (just after finalize), and marks the whole block as
 * squeezed. Bytes of a partly squeezed block are skipped. An inert context (rate 0) is left
 * unchanged. */
void m4crypt_keccak_squeeze_block(m4crypt_keccak_ctx *ctx);

/* out = bytes off .. off + len - 1 of the state s (off + len <= 200), in the standard byte order
 * whatever the backend's layout. */
void m4crypt_keccak_state_bytes(const uint64_t s[25], unsigned off, uint8_t *out, size_t len);

#endif
