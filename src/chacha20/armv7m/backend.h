/*
 * ChaCha20 assembly backend for ARMv7E-M (Cortex-M4), see src/chacha20/backend.h.
 */
#ifndef M4CRYPT_CHACHA20_ARMV7M_BACKEND_H
#define M4CRYPT_CHACHA20_ARMV7M_BACKEND_H

#include <stddef.h>
#include <stdint.h>

/* Same contract as m4crypt_chacha20_xor_blocks_c (chacha20_xor_blocks.S). */
void m4crypt_chacha20_xor_blocks_armv7m(uint8_t *out, const uint8_t *in, size_t nblocks,
                                        uint32_t state[16]);
#define M4CRYPT_CHACHA20_HAVE_XOR_BLOCKS 1

#endif
