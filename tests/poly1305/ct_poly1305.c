/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check of Poly1305 under valgrind memcheck (tests/common/ct.h): key and message
 * secret, one-shot and incremental (chunk sizes are public), lengths around the block size and
 * keys/messages of all-ones bytes (the carries and the final reduction must not branch). The tag
 * is declassified after the call and compared with an unmarked run.
 */
#include <string.h>

#include "ct.h"
#include "harness.h"
#include "m4crypt/poly1305.h"

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x1305);
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 64, 100, 255, 256, 1000};
    static uint8_t msg[1000];
    uint8_t key[32], tag[16], ref[16];

    for (int kind = 0; kind < 3; kind++) {
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            const size_t len = lens[li];
            t_rand_bytes(key, sizeof key);
            t_rand_bytes(msg, len);
            if (kind == 1) {
                memset(key, 0xff, sizeof key);
                memset(msg, 0xff, len);
            }
            if (kind == 2)
                memset(msg, 0, len);
            m4crypt_poly1305(ref, msg, len, key);

            CT_SECRET(key, sizeof key);
            CT_SECRET(msg, len);
            m4crypt_poly1305(tag, msg, len, key);
            CT_PUBLIC(tag, 16);
            CHECK_MEM(tag, ref, 16);

            m4crypt_poly1305_ctx ctx;
            m4crypt_poly1305_init(&ctx, key);
            for (size_t off = 0, step = 1 + li % 7; off < len; off += step)
                m4crypt_poly1305_update(&ctx, msg + off, len - off < step ? len - off : step);
            m4crypt_poly1305_final(&ctx, tag);
            CT_PUBLIC(tag, 16);
            CHECK_MEM(tag, ref, 16);
            CT_PUBLIC(key, sizeof key);
            CT_PUBLIC(msg, len);
        }
    }
    return t_summary("ct_poly1305");
}
