/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20-Poly1305 AEAD (RFC 8439 section 2.8), portable C over the ChaCha20 and Poly1305 code.
 *
 * Encryption: the one-time Poly1305 key is the first 32 bytes of ChaCha20 block 0 (section 2.6);
 * the message is encrypted with the blocks 1, 2, ...; the tag is Poly1305 over
 *   AD || zeros to a multiple of 16 || ciphertext || zeros to a multiple of 16 ||
 *   le64(AD length) || le64(ciphertext length)                    (section 2.8).
 *
 * Decryption computes the tag over the ciphertext first, then decrypts the ciphertext into the
 * output, compares the tags with m4crypt_verify and ANDs the output with a mask: 0xff..ff if the
 * tags matched, 0 if not. So a forged message leaves the output all zero when the function
 * returns (the plaintext exists in the output buffer only between those two steps, inside this
 * call), and the only decision that depends on the secret comparison is the returned error code,
 * computed arithmetically, which the caller learns anyway. No branch depends on the key, the tag
 * or the data.
 *
 * Passes over memory (the ARMv7E-M code in src/chacha20/armv7m/ and src/poly1305/armv7m/):
 * encryption makes one keystream call (block 0
 * written over the Poly1305 context, then the message blocks, then a padded last block: one
 * set-up) and one Poly1305 call over the ciphertext, its padded tail and the lengths block
 * (blocks2). A fused loop (Poly1305 fed from the ciphertext words still in registers) was
 * considered and not written: of the cycles of a 16-byte block in the Poly1305 loop only 6 go
 * to fetching the message (one VMOV of the pointer, four LDRs), so fusing can save at most 24
 * cycles per 64-byte ChaCha20 block, a few percent of its cost; but ChaCha20 needs all 14
 * usable core registers for its 16 state words (2 in FPU registers, 10 input words and 2 cached
 * words in the other FPU registers) and Poly1305 needs 14 more (h, r, 5r/4, two accumulators)
 * besides the 4 message words, so each fused 16-byte step would have to move about 18 words
 * between core and FPU/stack registers (at least 36 cycles). Overheads were reduced instead
 * (bench rows chacha20poly1305.encrypt.*).
 * Decryption stays two-pass by design: the tag is computed over the ciphertext before any
 * plaintext is produced (see below), and the comparison comes after the last call, so that its
 * outcome is never saved on the stack by a callee. The block counter (words 12-13 of the state,
 * ctr[0..1]) carries over from the block-0 call to the message call.
 */
#include <string.h>

#include "chacha20/backend.h"
#include "m4crypt/chacha20poly1305.h"
#include "poly1305/backend.h"

#if M4CRYPT_ENABLE_CHACHA20POLY1305 /* m4crypt/config.h */

/* RFC 8439 section 2.8: at most 2^32 - 1 blocks of 64 bytes after block 0. */
#define MAX_MESSAGE (((uint64_t)1 << 38) - 64)
/* Whether len exceeds that; never on 32-bit targets (size_t cannot hold it). */
#if SIZE_MAX > 0xffffffffu
#define TOO_LONG(len) ((uint64_t)(len) > MAX_MESSAGE)
#else
#define TOO_LONG(len) 0
#endif

static void store64_le(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8); /* word stores where the target allows unaligned ones */
#else
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
#endif
}

static const uint8_t zeros[16];

/* Zeroes n bytes (a multiple of 4, 4-byte aligned) with volatile word stores: never removed, and
 * no call, so no register of the caller is saved on the stack around it. */
static inline void wipe_words(void *p, size_t n)
{
    volatile uint32_t *w = (volatile uint32_t *)p;
#pragma GCC unroll 8
    for (size_t i = 0; i < n / 4; i++)
        w[i] = 0;
}

/* RFC 8439 section 2.8.1 pad16: zeros up to the next multiple of 16. */
static void pad16(m4crypt_poly1305_ctx *ctx, size_t len)
{
    if (len % 16 != 0)
        m4crypt_poly1305_update(ctx, zeros, 16 - len % 16);
}

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Words 12-13 of the ChaCha20 state at block 0 (RFC 8439 section 2.8: counter 0, then the first
 * nonce word; words 14-15 are nonce + 4). Public. */
static void ctr_init(uint32_t ctr[2], const uint8_t nonce[12])
{
    ctr[0] = 0;
    ctr[1] = load32_le(nonce);
}

/* With block 0 of the keystream in the first 32 bytes of ctx: the one-time Poly1305 key (section
 * 2.6), then MACs the padded AD. */
static void start(m4crypt_poly1305_ctx *ctx, const uint8_t *ad, size_t ad_len)
{
    m4crypt_poly1305_init_inplace(ctx);
    m4crypt_poly1305_update(ctx, ad, ad_len);
    pad16(ctx, ad_len);
}

/* MACs the padded ciphertext and the two lengths; the tag (wipes ctx). */
static inline __attribute__((always_inline)) void finish(m4crypt_poly1305_ctx *ctx, uint8_t tag[16], const uint8_t *c, size_t len,
                   size_t ad_len)
{
    /* The padded AD left no buffered bytes (ctx->buflen == 0), so the whole ciphertext blocks go
     * straight to the block function, then the last partial block (zero-padded) and the
     * lengths block, in one call. All of it is public. */
    const size_t full = len / 16, rest = len % 16;
    _Alignas(4) uint8_t last[32];
    size_t n = 0;
    if (rest > 0) {
        memset(last, 0, 16);
        memcpy(last, c + 16 * full, rest);
        n = 16;
    }
    store64_le(last + n, (uint64_t)ad_len);
    store64_le(last + n + 8, (uint64_t)len);
    m4crypt_poly1305_blocks2(ctx, c, full, last, n / 16 + 1);
    m4crypt_poly1305_final(ctx, tag);
    wipe_words(last, sizeof last); /* public (the ciphertext's tail, the lengths), wiped all the
                                     * same: nothing this call computed stays behind */
}

/* The body of both encryption forms, written into each (one call less for the combined form). */
static inline __attribute__((always_inline)) int
encrypt_detached(uint8_t *c, uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t *ad,
                 size_t ad_len, const uint8_t nonce[12], const uint8_t key[32])
{
    if (TOO_LONG(len))
        return M4CRYPT_ERR_LENGTH;
    uint32_t ctr[2];
    m4crypt_poly1305_ctx ctx;
    ctr_init(ctr, nonce);
    /* One keystream call: block 0 over the context (the Poly1305 key), then the message with
     * blocks 1, 2, ... */
    m4crypt_chacha20_xor_key((uint8_t *)&ctx, c, m, len, key, ctr, nonce + 4);
    start(&ctx, ad, ad_len);
    finish(&ctx, tag, c, len, ad_len);
    return M4CRYPT_OK;
}

int m4crypt_aead_chacha20poly1305_encrypt_detached(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                                                   size_t len, const uint8_t *ad, size_t ad_len,
                                                   const uint8_t nonce[12], const uint8_t key[32])
{
    return encrypt_detached(c, tag, m, len, ad, ad_len, nonce, key);
}

int m4crypt_aead_chacha20poly1305_decrypt_detached(uint8_t *m, const uint8_t *c, size_t len,
                                                   const uint8_t tag[16], const uint8_t *ad,
                                                   size_t ad_len, const uint8_t nonce[12],
                                                   const uint8_t key[32])
{
    if (TOO_LONG(len))
        return M4CRYPT_ERR_LENGTH;
    uint32_t ctr[2];
    m4crypt_poly1305_ctx ctx;
    _Alignas(4) uint8_t expected[16];
    _Alignas(4) uint8_t computed[16];

    memcpy(expected, tag, 16); /* the tag may live in the output buffer */
    ctr_init(ctr, nonce);
    m4crypt_chacha20_xor_key((uint8_t *)&ctx, NULL, NULL, 0, key, ctr, nonce + 4); /* block 0 */
    start(&ctx, ad, ad_len);
    finish(&ctx, computed, c, len, ad_len);
    m4crypt_chacha20_xor_key(NULL, m, c, len, key, ctr, nonce + 4); /* blocks 1, 2, ... */

    /* ok = 0 if the tags match, -1 otherwise (constant time); keep = all ones or 0. Compared
     * after the last call that could save a register on the stack, so that the outcome never
     * sits in a register across a call (it is returned, but nothing computed here stays behind
     * on the stack). */
    const int ok = m4crypt_verify(computed, expected, 16);
    const uint32_t keep = ~(uint32_t)ok;
    uint8_t *p = m;
    size_t n = len;
    for (; n >= 16; n -= 16, p += 16) {
        uint32_t w0, w1, w2, w3;
        memcpy(&w0, p, 4);
        memcpy(&w1, p + 4, 4);
        memcpy(&w2, p + 8, 4);
        memcpy(&w3, p + 12, 4);
        w0 &= keep, w1 &= keep, w2 &= keep, w3 &= keep;
        memcpy(p, &w0, 4);
        memcpy(p + 4, &w1, 4);
        memcpy(p + 8, &w2, 4);
        memcpy(p + 12, &w3, 4);
    }
    for (; n > 0; n--, p++)
        *p = (uint8_t)(*p & keep);
    wipe_words(computed, sizeof computed);
    wipe_words(expected, sizeof expected); /* public (the tag received): wiped all the same */
    /* 0 or M4CRYPT_ERR_AUTH without a branch: ok is 0 or -1 (all ones). */
    return ok & M4CRYPT_ERR_AUTH;
}

/* Combined form: c = ciphertext || tag, c_len == m_len + 16. */
#define BAD_COMBINED_LENGTH(c_len, m_len)                                                          \
    ((c_len) < M4CRYPT_AEAD_CHACHA20POLY1305_TAGBYTES ||                                           \
     (c_len) - M4CRYPT_AEAD_CHACHA20POLY1305_TAGBYTES != (m_len))

int m4crypt_aead_chacha20poly1305_encrypt(uint8_t *c, size_t c_len, const uint8_t *m, size_t m_len,
                                          const uint8_t *ad, size_t ad_len,
                                          const uint8_t nonce[12], const uint8_t key[32])
{
    if (BAD_COMBINED_LENGTH(c_len, m_len))
        return M4CRYPT_ERR_LENGTH;
    return encrypt_detached(c, c + m_len, m, m_len, ad, ad_len, nonce, key);
}

int m4crypt_aead_chacha20poly1305_decrypt(uint8_t *m, size_t m_len, const uint8_t *c, size_t c_len,
                                          const uint8_t *ad, size_t ad_len,
                                          const uint8_t nonce[12], const uint8_t key[32])
{
    if (BAD_COMBINED_LENGTH(c_len, m_len))
        return M4CRYPT_ERR_LENGTH;
    return m4crypt_aead_chacha20poly1305_decrypt_detached(m, c, m_len, c + m_len, ad, ad_len, nonce,
                                                          key);
}
#endif /* M4CRYPT_ENABLE_CHACHA20POLY1305 */
