/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target: SHA3-256, SHA3-512, SHAKE128 and SHAKE256 of arbitrary messages, fed through
 * the incremental interface in arbitrary pieces (absorb) and read back in arbitrary pieces
 * (squeeze), must equal the one-shot functions; no access outside the buffers (ASan: every piece
 * is a heap copy of exactly its length).
 *
 * Input: byte 0 picks the function (mod 4); byte 1 and 2: the SHAKE output length (mod 600);
 * then the message. The piece lengths come from a small generator seeded with the input length
 * and byte 0, so that each input is also split in a way of its own (0-length pieces included).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_reader.h"
#include "m4crypt/fips202.h"

static uint32_t next(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 16;
}

/* A piece length for the rate: 0..rate+1 (crossing the block boundary), at most left */
static size_t piece(uint32_t *s, unsigned rate, size_t left)
{
    size_t k = next(s) % (rate + 2);
    return k < left ? k : left;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    const unsigned fn = data[0] % 4;
    size_t outlen = ((size_t)data[1] << 8 | data[2]) % 600;
    const uint8_t *msg = data + 3;
    const size_t len = size - 3;
    static const unsigned rates[4] = {136, 72, 168, 136};
    if (fn < 2)
        outlen = fn == 0 ? 32 : 64;

    uint8_t *ref = fuzz_alloc(outlen), *got = fuzz_alloc(outlen);
    m4crypt_keccak_ctx ctx;
    switch (fn) {
    case 0: m4crypt_sha3_256(ref, msg, len); m4crypt_sha3_256_init(&ctx); break;
    case 1: m4crypt_sha3_512(ref, msg, len); m4crypt_sha3_512_init(&ctx); break;
    case 2: m4crypt_shake128(ref, outlen, msg, len); m4crypt_shake128_init(&ctx); break;
    default: m4crypt_shake256(ref, outlen, msg, len); m4crypt_shake256_init(&ctx); break;
    }

    uint32_t seed = (uint32_t)size * 2654435761u ^ data[0];
    for (size_t off = 0, k; off < len; off += k) {
        k = piece(&seed, rates[fn], len - off);
        uint8_t *part = fuzz_copy(msg + off, k);
        m4crypt_keccak_absorb(&ctx, part, k);
        free(part);
    }
    if (fn == 0) {
        m4crypt_sha3_256_final(&ctx, got);
    } else if (fn == 1) {
        m4crypt_sha3_512_final(&ctx, got);
    } else {
        m4crypt_keccak_finalize(&ctx);
        for (size_t off = 0, k; off < outlen; off += k) {
            k = piece(&seed, rates[fn], outlen - off);
            uint8_t *part = fuzz_alloc(k);
            m4crypt_keccak_squeeze(&ctx, part, k);
            memcpy(got + off, part, k);
            free(part);
        }
    }
    if (memcmp(ref, got, outlen) != 0)
        abort();
    free(ref);
    free(got);
    return 0;
}
