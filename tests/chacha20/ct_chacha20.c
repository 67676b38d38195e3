/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of ChaCha20 under valgrind memcheck (tests/common/ct.h): key and message
 * secret (nonce, counter and length are public: the counter-limit check branches on them), for the
 * RFC 8439 block and XOR functions and the original 64-bit-counter variant, whole and partial
 * blocks, including a counter carry. Outputs are declassified after each call and compared with an
 * unmarked run.
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/chacha20.h"

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0xc20);
    static const size_t lens[] = {0, 1, 63, 64, 65, 127, 128, 200, 1000};
    static uint8_t in[1000], out[1000], ref[1000];
    uint8_t key[32], nonce[12], blk[64], blk_ref[64];

    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        const size_t len = lens[li];
        const uint32_t counter = li % 2 ? 0xfffffff0u : (uint32_t)li;
        const uint64_t counter64 = li % 2 ? 0xffffffffull : li;
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(nonce, sizeof nonce);
        t_rand_bytes(in, len);

        CHECK(m4crypt_chacha20_ietf_xor(ref, in, len, key, nonce, counter) == 0);
        CT_SECRET(key, sizeof key);
        CT_SECRET(in, len);
        int r = m4crypt_chacha20_ietf_xor(out, in, len, key, nonce, counter);
        CT_PUBLIC(out, len);
        CHECK(r == 0);
        CHECK_MEM(out, ref, len);

        m4crypt_chacha20_ietf_block(blk, key, nonce, counter);
        CT_PUBLIC(blk, 64);
        CT_PUBLIC(key, sizeof key);
        CT_PUBLIC(in, len);
        m4crypt_chacha20_ietf_block(blk_ref, key, nonce, counter);
        CHECK_MEM(blk, blk_ref, 64);

        m4crypt_chacha20_xor(ref, in, len, key, nonce, counter64);
        CT_SECRET(key, sizeof key);
        CT_SECRET(in, len);
        m4crypt_chacha20_xor(out, in, len, key, nonce, counter64);
        CT_PUBLIC(out, len);
        CHECK_MEM(out, ref, len);
        CT_PUBLIC(key, sizeof key);
        CT_PUBLIC(in, len);
    }
    return t_summary("ct_chacha20");
}
