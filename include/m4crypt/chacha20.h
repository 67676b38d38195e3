/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20 stream cipher: RFC 8439 (96-bit nonce, 32-bit block counter) and the original
 * 64-bit-nonce, 64-bit-counter variant of D. J. Bernstein.
 *
 * The *_xor functions encrypt or decrypt (the same operation); out may equal in.
 */
#ifndef M4CRYPT_CHACHA20_H
#define M4CRYPT_CHACHA20_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_CHACHA20_KEYBYTES 32
#define M4CRYPT_CHACHA20_IETF_NONCEBYTES 12
#define M4CRYPT_CHACHA20_NONCEBYTES 8
#define M4CRYPT_CHACHA20_BLOCKBYTES 64

/* RFC 8439 section 2.3: one 64-byte keystream block. */
#if M4CRYPT_ENABLE_CHACHA20 /* m4crypt/config.h */
void m4crypt_chacha20_ietf_block(uint8_t out[64], const uint8_t key[32], const uint8_t nonce[12],
                                 uint32_t counter);
/* RFC 8439 section 2.4. Returns M4CRYPT_ERR_PARAM (and writes nothing) if the 32-bit block
 * counter would wrap, i.e. counter + ceil(len / 64) > 2^32. */
int m4crypt_chacha20_ietf_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                              const uint8_t nonce[12], uint32_t counter);
/* Original variant: 64-bit nonce, 64-bit counter (words 12-13 counter, 14-15 nonce). */
void m4crypt_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                          const uint8_t nonce[8], uint64_t counter);
#endif

#ifdef __cplusplus
}
#endif
#endif
