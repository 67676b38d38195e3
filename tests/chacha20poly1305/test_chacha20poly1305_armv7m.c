/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin test of the AEAD as built (in the m4-armv7m configuration: one ChaCha20 job call for block
 * 0 and the message, the Poly1305 blocks2 call for ciphertext + lengths) against a reference
 * built here from the portable pieces only: m4crypt_chacha20_xor_blocks_c block by block from
 * counter 1, m4crypt_poly1305_blocks_c over the RFC 8439 section 2.8 MAC data laid out in one
 * buffer. Random keys, nonces, AD; every message length 0..200 and random lengths up to 4096;
 * unaligned buffers; in place; decryption of the valid message and of forged tags, ciphertexts
 * and AD (return code and an all-zero output). Counters near 2^32 cannot occur in the AEAD (it
 * starts at 0 and is limited to 2^32 - 1 blocks); the job twin test in
 * tests/chacha20/test_chacha20_armv7m.c covers them.
 */
#include <string.h>

#include "chacha20/backend.h"
#include "harness.h"
#include "m4crypt/chacha20poly1305.h"
#include "poly1305/backend.h"

#define MAXLEN 4096
#define MAXAD 80

static uint8_t msg[MAXLEN + 4], ct[MAXLEN + 16 + 4], pt[MAXLEN + 4], ref[MAXLEN + 64];
static uint8_t orig[MAXLEN], forged[MAXLEN + 16];
static uint8_t ad[MAXAD + 4], macdata[MAXAD + 16 + MAXLEN + 16 + 16];

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* RFC 8439 section 2.8 from the portable block functions: ref = ciphertext, reftag. */
static void reference(uint8_t reftag[16], const uint8_t *m, size_t len, const uint8_t *a,
                      size_t alen, const uint8_t nonce[12], const uint8_t key[32])
{
    uint32_t s[16];
    uint8_t block0[64];
    m4crypt_chacha20_state_ietf(s, key, nonce, 0);
    memset(block0, 0, sizeof block0);
    m4crypt_chacha20_xor_blocks_c(block0, block0, 1, s); /* counter now 1 */
    memset(ref, 0, sizeof ref);
    memcpy(ref, m, len);
    m4crypt_chacha20_xor_blocks_c(ref, ref, (len + 63) / 64, s);

    size_t n = 0;
    memset(macdata, 0, sizeof macdata);
    memcpy(macdata, a, alen);
    n = (alen + 15) / 16 * 16;
    memcpy(macdata + n, ref, len);
    n += (len + 15) / 16 * 16;
    put64(macdata + n, alen);
    put64(macdata + n + 8, len);
    n += 16;
    m4crypt_poly1305_ctx ctx;
    m4crypt_poly1305_init(&ctx, block0);
    m4crypt_poly1305_blocks_c(&ctx, macdata, n / 16, 1);
    m4crypt_poly1305_final(&ctx, reftag);
}

static void one(size_t len, size_t alen, int inplace)
{
    uint8_t key[32], nonce[12], reftag[16];
    const unsigned mo = t_rand32() % 4, co = t_rand32() % 4, ao = t_rand32() % 4;
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(nonce, sizeof nonce);
    t_rand_bytes(msg, sizeof msg);
    t_rand_bytes(ad, sizeof ad);
    reference(reftag, msg + mo, len, ad + ao, alen, nonce, key);
    memcpy(orig, msg + mo, len);

    /* encrypt (combined form: ciphertext || tag), separate or in place */
    uint8_t *c = inplace ? msg + mo : ct + co;
    memset(ct, 0xa5, sizeof ct);
    CHECK(m4crypt_aead_chacha20poly1305_encrypt(c, len + 16, msg + mo, len, ad + ao, alen, nonce,
                                                key) == 0);
    CHECK_MEM(c, ref, len);
    CHECK_MEM(c + len, reftag, 16);
    if (!inplace) {
        CHECK(ct[0] == 0xa5 || co == 0); /* nothing before the output */
        CHECK(ct[co + len + 16] == 0xa5 || co + len + 16 >= sizeof ct);
    }

    /* decrypt: valid, then forged tag / ciphertext bit / AD bit: error and all-zero output */
    if (inplace) {
        memcpy(ct + co, c, len + 16);
        c = ct + co;
    }
    uint8_t *p = inplace ? c : pt + mo;
    const int r = m4crypt_aead_chacha20poly1305_decrypt(p, len, c, len + 16, ad + ao, alen, nonce,
                                                        key);
    CHECK(r == 0);
    CHECK_MEM(p, orig, len);

    const unsigned kind = t_rand32() % 3;
    memcpy(forged, ref, len);
    memcpy(forged + len, reftag, 16);
    uint8_t *a = ad + ao;
    if (kind == 0 || len == 0)
        forged[len + t_rand32() % 16] ^= (uint8_t)(1u << (t_rand32() % 8));
    else if (kind == 1)
        forged[t_rand32() % len] ^= (uint8_t)(1u << (t_rand32() % 8));
    else if (alen > 0)
        a[t_rand32() % alen] ^= 1;
    else
        forged[len] ^= 0x80;
    memset(pt, 0x5a, sizeof pt);
    uint8_t *q = inplace ? forged : pt + mo;
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(q, len, forged, len + 16, a, alen, nonce, key) ==
          M4CRYPT_ERR_AUTH);
    CHECK(t_all_zero(q, len));
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
#if defined(M4CRYPT_CHACHA20_HAVE_XOR_JOB) || defined(M4CRYPT_POLY1305_HAVE_BLOCKS2)
    t_printf("chacha20poly1305_armv7m: the AEAD over the assembly backends vs the portable "
             "block functions\n");
#else
    t_printf("chacha20poly1305_armv7m: no backend in this build; checking the portable C\n");
#endif
    t_rand_seed(0xae4d);
    for (size_t len = 0; len <= 200; len++)
        one(len, t_rand32() % (MAXAD + 1), (int)(len % 3 == 0));
    const unsigned n = t_quick() ? 40 : 300;
    for (unsigned i = 0; i < n; i++) {
        size_t len = i < 8 ? MAXLEN - i * 17 : t_rand32() % (MAXLEN + 1);
        one(len, t_rand32() % (MAXAD + 1), (int)(i % 4 == 1));
    }
    return t_summary("chacha20poly1305_armv7m");
}
