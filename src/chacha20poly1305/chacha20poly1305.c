/*
 * ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8), portable C over the ChaCha20 and Poly1305 code.
 *
 * Encryption: the one-time Poly1305 key is the first 32 bytes of ChaCha20 block 0 (section 2.6);
 * the message is encrypted with the blocks 1, 2, ...; the tag is Poly1305 over
 *   AD || zeros to a multiple of 16 || ciphertext || zeros to a multiple of 16 ||
 *   le64(AD length) || le64(ciphertext length)                    (section 2.8).
 *
 * Decryption computes the tag over the ciphertext first and compares it with m4crypt_verify.
 * Only then is the plaintext produced, and it is written through a mask: each output byte is
 * (ciphertext XOR keystream) AND mask, mask 0xff if the tags match and 0x00 if not. So a forged
 * message leaves the output all zero without ever having held plaintext, and the only decision
 * that depends on the secret comparison is the returned error code (computed arithmetically),
 * which the caller learns anyway. No branch depends on the key, the tag or the data.
 */
#include <string.h>

#include "chacha20/backend.h"
#include "m4crypt/chacha20poly1305.h"
#include "poly1305/backend.h"

/* RFC 8439 section 2.8: at most 2^32 - 1 blocks of 64 bytes after block 0. */
#define MAX_MESSAGE (((uint64_t)1 << 38) - 64)
/* Whether len exceeds that; never on 32-bit targets (size_t cannot hold it). */
#if SIZE_MAX > 0xffffffffu
#define TOO_LONG(len) ((uint64_t)(len) > MAX_MESSAGE)
#else
#define TOO_LONG(len) 0
#endif
/* Decryption writes the plaintext in chunks of this many bytes (a multiple of 64). */
#define CHUNK 256

static void store64_le(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static const uint8_t zeros[16];

/* RFC 8439 section 2.8.1 pad16: zeros up to the next multiple of 16. */
static void pad16(m4crypt_poly1305_ctx *ctx, size_t len)
{
    if (len % 16 != 0)
        m4crypt_poly1305_update(ctx, zeros, 16 - len % 16);
}

/* The tag over ad and the ciphertext c; s is the ChaCha20 state at block 0 (advanced to 1). */
static void compute_tag(uint8_t tag[16], uint32_t s[16], const uint8_t *c, size_t len,
                        const uint8_t *ad, size_t ad_len)
{
    uint8_t block0[64];
    m4crypt_poly1305_ctx ctx;
    uint8_t lens[16];

    /* RFC 8439 section 2.6: poly1305_key_gen = first 32 bytes of block(key, 0, nonce). */
    memset(block0, 0, sizeof block0);
    M4CRYPT_CHACHA20_XOR_BLOCKS(block0, block0, 1, s);
    m4crypt_poly1305_init(&ctx, block0);
    m4crypt_memzero(block0, sizeof block0);

    m4crypt_poly1305_update(&ctx, ad, ad_len);
    pad16(&ctx, ad_len);
    m4crypt_poly1305_update(&ctx, c, len);
    pad16(&ctx, len);
    store64_le(lens, (uint64_t)ad_len);
    store64_le(lens + 8, (uint64_t)len);
    m4crypt_poly1305_update(&ctx, lens, sizeof lens);
    m4crypt_poly1305_final(&ctx, tag); /* wipes ctx */
}

int m4crypt_aead_chacha20poly1305_encrypt_detached(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                                                   size_t len, const uint8_t *ad, size_t ad_len,
                                                   const uint8_t nonce[12], const uint8_t key[32])
{
    if (TOO_LONG(len))
        return M4CRYPT_ERR_LENGTH;
    uint32_t s[16], s1[16];
    m4crypt_chacha20_state_ietf(s, key, nonce, 0);
    /* encrypt with blocks 1.. (RFC 8439 section 2.8: "initial counter = 1") */
    memcpy(s1, s, sizeof s);
    s1[12] = 1;
    if (len > 0)
        m4crypt_chacha20_xor_state(c, m, len, s1);
    compute_tag(tag, s, c, len, ad, ad_len);
    m4crypt_memzero(s, sizeof s);
    m4crypt_memzero(s1, sizeof s1);
    return M4CRYPT_OK;
}

int m4crypt_aead_chacha20poly1305_decrypt_detached(uint8_t *m, const uint8_t *c, size_t len,
                                                   const uint8_t tag[16], const uint8_t *ad,
                                                   size_t ad_len, const uint8_t nonce[12],
                                                   const uint8_t key[32])
{
    if (TOO_LONG(len))
        return M4CRYPT_ERR_LENGTH;
    uint32_t s[16], s1[16];
    uint8_t expected[16], computed[16], buf[CHUNK];

    memcpy(expected, tag, 16); /* the tag may live in the output buffer */
    m4crypt_chacha20_state_ietf(s, key, nonce, 0);
    memcpy(s1, s, sizeof s);
    s1[12] = 1;
    compute_tag(computed, s, c, len, ad, ad_len);

    /* ok = 0 if the tags match, -1 otherwise (constant time); keep = 0xff..ff or 0. */
    const int ok = m4crypt_verify(computed, expected, 16);
    const uint32_t keep = ~(uint32_t)ok;

    /* m = (c XOR keystream) AND keep, chunk by chunk through buf (c == m is fine: each chunk of
     * c is read completely before the same chunk of m is written). */
    for (size_t done = 0; done < len;) {
        size_t n = len - done < CHUNK ? len - done : CHUNK;
        m4crypt_chacha20_xor_state(buf, c + done, n, s1);
        size_t i = 0;
        for (; i + 4 <= n; i += 4) {
            uint32_t w;
            memcpy(&w, buf + i, 4);
            w &= keep;
            memcpy(m + done + i, &w, 4);
        }
        for (; i < n; i++)
            m[done + i] = (uint8_t)(buf[i] & keep);
        done += n;
    }

    m4crypt_memzero(buf, sizeof buf);
    m4crypt_memzero(computed, sizeof computed);
    m4crypt_memzero(s, sizeof s);
    m4crypt_memzero(s1, sizeof s1);
    /* 0 or M4CRYPT_ERR_AUTH without a branch: ok is 0 or -1 (all ones). */
    return ok & M4CRYPT_ERR_AUTH;
}

/* Combined form: c = ciphertext || tag, c_len == m_len + 16. */
int m4crypt_aead_chacha20poly1305_encrypt(uint8_t *c, size_t c_len, const uint8_t *m, size_t m_len,
                                          const uint8_t *ad, size_t ad_len,
                                          const uint8_t nonce[12], const uint8_t key[32])
{
    if (c_len < M4CRYPT_AEAD_CHACHA20POLY1305_TAGBYTES ||
        c_len - M4CRYPT_AEAD_CHACHA20POLY1305_TAGBYTES != m_len)
        return M4CRYPT_ERR_LENGTH;
    return m4crypt_aead_chacha20poly1305_encrypt_detached(c, c + m_len, m, m_len, ad, ad_len, nonce,
                                                          key);
}

int m4crypt_aead_chacha20poly1305_decrypt(uint8_t *m, size_t m_len, const uint8_t *c, size_t c_len,
                                          const uint8_t *ad, size_t ad_len,
                                          const uint8_t nonce[12], const uint8_t key[32])
{
    if (c_len < M4CRYPT_AEAD_CHACHA20POLY1305_TAGBYTES ||
        c_len - M4CRYPT_AEAD_CHACHA20POLY1305_TAGBYTES != m_len)
        return M4CRYPT_ERR_LENGTH;
    return m4crypt_aead_chacha20poly1305_decrypt_detached(m, c, m_len, c + m_len, ad, ad_len, nonce,
                                                          key);
}
