/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared by the ML-KEM libFuzzer targets (fuzz_mlkem_encaps.c, fuzz_mlkem_decaps.c): reading the
 * fuzzer's input as a stream of lengths and buffers. Header-only (each fuzz_*.c is a program).
 */
#ifndef M4CRYPT_TEST_MLKEM_FUZZ_READER_H
#define M4CRYPT_TEST_MLKEM_FUZZ_READER_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

/* A length from the next two input bytes (big-endian, 0 past the end), mod 4096. */
static inline size_t take_len(reader *r)
{
    size_t v = 0;
    for (int i = 0; i < 2; i++) {
        v = v << 8 | (r->n ? *r->p : 0);
        if (r->n)
            r->p++, r->n--;
    }
    return v % 4096;
}

/* A heap copy of the next len input bytes (zero-padded when the input runs out), allocated at
 * exactly len bytes so that ASan sees any overread. */
static inline uint8_t *take(reader *r, size_t len)
{
    uint8_t *b = malloc(len ? len : 1);
    if (!b)
        abort();
    size_t k = len < r->n ? len : r->n;
    memcpy(b, r->p, k);
    memset(b + k, 0, len - k);
    r->p += k, r->n -= k;
    return b;
}

#endif
