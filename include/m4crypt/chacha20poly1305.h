/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8), 96-bit nonce.
 *
 * Combined form: ciphertext || 16-byte tag. Detached form: tag separate.
 * Decryption checks the tag in constant time before releasing anything: on a mismatch it returns
 * M4CRYPT_ERR_AUTH and the whole plaintext buffer is zeroed. In-place operation (m == c) works.
 * Lengths: c_len must be m_len + 16 (combined) else M4CRYPT_ERR_LENGTH; a combined ciphertext
 * shorter than 16 bytes is M4CRYPT_ERR_LENGTH; messages longer than 2^38 - 64 bytes are
 * M4CRYPT_ERR_LENGTH (RFC 8439 limit).
 */
#ifndef M4CRYPT_CHACHA20POLY1305_H
#define M4CRYPT_CHACHA20POLY1305_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_AEAD_CHACHA20POLY1305_KEYBYTES 32
#define M4CRYPT_AEAD_CHACHA20POLY1305_NONCEBYTES 12
#define M4CRYPT_AEAD_CHACHA20POLY1305_TAGBYTES 16

#if M4CRYPT_ENABLE_CHACHA20POLY1305 /* m4crypt/config.h */
int m4crypt_aead_chacha20poly1305_encrypt(uint8_t *c, size_t c_len, const uint8_t *m, size_t m_len,
                                          const uint8_t *ad, size_t ad_len,
                                          const uint8_t nonce[12], const uint8_t key[32]);
int m4crypt_aead_chacha20poly1305_decrypt(uint8_t *m, size_t m_len, const uint8_t *c, size_t c_len,
                                          const uint8_t *ad, size_t ad_len,
                                          const uint8_t nonce[12], const uint8_t key[32]);
int m4crypt_aead_chacha20poly1305_encrypt_detached(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                                                   size_t len, const uint8_t *ad, size_t ad_len,
                                                   const uint8_t nonce[12],
                                                   const uint8_t key[32]);
int m4crypt_aead_chacha20poly1305_decrypt_detached(uint8_t *m, const uint8_t *c, size_t len,
                                                   const uint8_t tag[16], const uint8_t *ad,
                                                   size_t ad_len, const uint8_t nonce[12],
                                                   const uint8_t key[32]);
#endif

#ifdef __cplusplus
}
#endif
#endif
