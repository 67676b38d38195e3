/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of ChaCha20-Poly1305 under valgrind memcheck (tests/common/ct.h).
 *
 * Encryption: key and message secret. Decryption: key secret (the ciphertext, AD and tag are
 * what an attacker sends), for a valid message and for forgeries (one tag bit, one ciphertext
 * bit flipped). The decryption must not branch on the tag comparison: it writes the plaintext
 * through a mask and computes the return code arithmetically, so only after the call are the
 * output and the return code declassified (CT_PUBLIC), exactly what the caller learns anyway.
 * Lengths are public. Every result is also compared with an unmarked run.
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/chacha20poly1305.h"

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0xae);
    static const size_t lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 129, 255, 256, 257, 1000};
    static const size_t ad_lens[] = {0, 1, 12, 16, 33};
    static uint8_t m[1000], c[1000 + 16], c2[1000 + 16], out[1000], ref[1000];
    uint8_t key[32], nonce[12], ad[33];

    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        const size_t len = lens[li], ad_len = ad_lens[li % 5];
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(nonce, sizeof nonce);
        t_rand_bytes(ad, sizeof ad);
        t_rand_bytes(m, len);

        /* reference run, nothing marked */
        CHECK(m4crypt_aead_chacha20poly1305_encrypt(c2, len + 16, m, len, ad, ad_len, nonce, key) ==
              0);

        /* encrypt: key and message secret */
        CT_SECRET(key, sizeof key);
        CT_SECRET(m, len);
        int r = m4crypt_aead_chacha20poly1305_encrypt(c, len + 16, m, len, ad, ad_len, nonce, key);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(c, len + 16);
        CT_PUBLIC(m, len);
        CHECK(r == 0);
        CHECK_MEM(c, c2, len + 16);

        /* detached encrypt, in place */
        uint8_t tag[16];
        memcpy(out, m, len);
        CT_SECRET(out, len);
        r = m4crypt_aead_chacha20poly1305_encrypt_detached(out, tag, out, len, ad, ad_len, nonce,
                                                           key);
        CT_PUBLIC(&r, sizeof r);
        CT_PUBLIC(out, len);
        CT_PUBLIC(tag, 16);
        CHECK(r == 0 && t_memeq(out, c2, len) && t_memeq(tag, c2 + len, 16));

        /* decrypt: valid, then a flipped tag bit, then a flipped ciphertext bit */
        for (int forge = 0; forge < 3; forge++) {
            memcpy(c, c2, len + 16);
            if (forge == 1)
                c[len + (t_rand32() % 16)] ^= (uint8_t)(1u << (t_rand32() % 8));
            if (forge == 2 && len > 0)
                c[t_rand32() % len] ^= (uint8_t)(1u << (t_rand32() % 8));
            const int expect_ok = forge == 0 || (forge == 2 && len == 0);
            memset(out, 0x55, sizeof out);
            r = m4crypt_aead_chacha20poly1305_decrypt(out, len, c, len + 16, ad, ad_len, nonce,
                                                      key);
            CT_PUBLIC(&r, sizeof r);
            CT_PUBLIC(out, len);
            CHECK(r == (expect_ok ? 0 : M4CRYPT_ERR_AUTH));
            if (expect_ok) {
                CHECK_MEM(out, m, len);
            } else {
                memset(ref, 0, len);
                CHECK_MEM(out, ref, len);
            }
            /* detached, in place */
            memcpy(out, c, len);
            r = m4crypt_aead_chacha20poly1305_decrypt_detached(out, out, len, c + len, ad, ad_len,
                                                               nonce, key);
            CT_PUBLIC(&r, sizeof r);
            CT_PUBLIC(out, len);
            CHECK(r == (expect_ok ? 0 : M4CRYPT_ERR_AUTH));
        }
        CT_PUBLIC(key, sizeof key);
    }
    return t_summary("ct_chacha20poly1305");
}
