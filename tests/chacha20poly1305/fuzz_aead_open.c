/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target: ChaCha20-Poly1305 decryption of arbitrary bytes never crashes, never touches
 * memory outside its buffers (ASan; buffers are allocated at their exact sizes) and either
 * succeeds, in which case encrypting the plaintext again gives the same ciphertext and tag, or
 * returns M4CRYPT_ERR_AUTH / M4CRYPT_ERR_LENGTH with the output all zero.
 *
 * Input: mode (1 byte), key (32), nonce (12), AD length (1), AD, then the combined ciphertext.
 * mode bit 0: decrypt the input as is (almost always a forgery);
 *         else: first encrypt the "ciphertext" bytes as a plaintext, optionally flip the bit that
 *               mode selects, then decrypt, so that valid messages are reached too.
 * mode bit 1: in place; bit 2: the detached API.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_reader.h"
#include "m4crypt/chacha20poly1305.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 + 32 + 12 + 1)
        return 0;
    const uint8_t mode = data[0];
    const uint8_t *key = data + 1, *nonce = data + 33;
    size_t ad_len = data[45];
    data += 46;
    size = size - 46;
    if (ad_len > size)
        ad_len = size;
    uint8_t *ad = malloc(ad_len ? ad_len : 1);
    memcpy(ad, data, ad_len);
    data += ad_len;
    size -= ad_len;

    const int inplace = mode & 2, detached = mode & 4;
    size_t c_len = size;
    uint8_t *c = malloc(c_len ? c_len : 1);
    if (mode & 1) {
        memcpy(c, data, c_len);
    } else {
        /* make a valid message from the bytes, then maybe corrupt one bit */
        c_len = size + 16;
        free(c);
        c = malloc(c_len);
        if (m4crypt_aead_chacha20poly1305_encrypt(c, c_len, data, size, ad, ad_len, nonce, key) !=
            0)
            abort();
        if (mode & 0x80) {
            size_t bit = ((size_t)(mode & 0x78) * 977u) % (8 * c_len);
            c[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
    }

    int r;
    size_t m_len = c_len >= 16 ? c_len - 16 : 0;
    uint8_t *m;
    if (inplace) {
        m = c;
    } else {
        m = malloc(m_len ? m_len : 1);
        memset(m, 0xa5, m_len);
    }
    uint8_t *orig = malloc(c_len ? c_len : 1);
    memcpy(orig, c, c_len);
    if (detached && c_len >= 16)
        r = m4crypt_aead_chacha20poly1305_decrypt_detached(m, c, m_len, c + m_len, ad, ad_len,
                                                           nonce, key);
    else
        r = m4crypt_aead_chacha20poly1305_decrypt(m, m_len, c, c_len, ad, ad_len, nonce, key);

    if (c_len < 16) {
        if (r != M4CRYPT_ERR_LENGTH)
            abort();
    } else if (r == 0) {
        /* re-encrypting the plaintext gives back the exact ciphertext and tag */
        uint8_t *c2 = malloc(c_len);
        if (m4crypt_aead_chacha20poly1305_encrypt(c2, c_len, m, m_len, ad, ad_len, nonce, key) !=
            0)
            abort();
        if (memcmp(c2, orig, c_len) != 0)
            abort();
        if (!(mode & 1) && (mode & 0x80))
            abort(); /* a flipped bit was accepted */
        free(c2);
    } else {
        if (r != M4CRYPT_ERR_AUTH || !t_all_zero(m, m_len))
            abort();
        if (!(mode & 1) && !(mode & 0x80))
            abort(); /* an untouched message was rejected */
        if (memcmp(orig + m_len, c + m_len, 16) != 0)
            abort(); /* the tag is never written */
    }

    if (!inplace)
        free(m);
    free(orig);
    free(c);
    free(ad);
    return 0;
}
