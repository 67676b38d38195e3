/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared by the libFuzzer targets (tests/<prim>/fuzz_*.c): reading the fuzzer's input as a
 * stream of lengths and buffers, heap buffers of exactly the length asked for (so that ASan sees
 * any overread), and the target of a program whose operations the configuration leaves out.
 * Header-only (each fuzz_*.c is a program).
 */
#ifndef M4CRYPT_TEST_FUZZ_READER_H
#define M4CRYPT_TEST_FUZZ_READER_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_bytes.h"

/* libFuzzer's entry points: LLVMFuzzerTestOneInput runs one input, LLVMFuzzerInitialize (when a
 * target has one) runs once before the first. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A heap buffer of exactly len bytes (one byte for len 0); aborts when memory runs out. */
static inline uint8_t *fuzz_alloc(size_t len)
{
    uint8_t *b = malloc(len ? len : 1);
    if (!b)
        abort();
    return b;
}

/* A heap copy of len bytes of src, allocated as fuzz_alloc does. */
static inline uint8_t *fuzz_copy(const uint8_t *src, size_t len)
{
    uint8_t *b = fuzz_alloc(len);
    memcpy(b, src, len);
    return b;
}

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
    uint8_t *b = fuzz_alloc(len);
    size_t k = len < r->n ? len : r->n;
    memcpy(b, r->p, k);
    memset(b + k, 0, len - k);
    r->p += k, r->n -= k;
    return b;
}

/* The input's first two bytes: a choice of 8 (byte 0 mod 8) and flags (byte 1); r reads the
 * rest. 0 when the input is shorter than that. */
static inline int fuzz_begin(const uint8_t *data, size_t size, reader *r, unsigned *choice,
                             unsigned *flags)
{
    if (size < 2)
        return 0;
    r->p = data + 2;
    r->n = size - 2;
    *choice = data[0] % 8;
    *flags = data[1];
    return 1;
}

/* b[j] = j * step + i for j < n: the pattern a target derives the seed of its fixed keys for the
 * set of index i from. */
static inline void fuzz_pattern(uint8_t *b, size_t n, unsigned step, int i)
{
    for (size_t j = 0; j < n; j++)
        b[j] = (uint8_t)(j * step + (unsigned)i);
}

/* One input of a target of a function with a parameter-set argument: byte 0 picks the set id
 * sets[byte 0 mod 8] (a mix of the sets and of ids the build has not got), byte 1 holds flags,
 * and fuzz_set(&r, set, flags) gets the rest of the input in r. An input shorter than two bytes
 * is passed over. Returns 0, LLVMFuzzerTestOneInput's answer. */
static inline int fuzz_sets(const uint8_t *data, size_t size, const int sets[8],
                            void (*fuzz_set)(reader *r, int set, unsigned flags))
{
    reader r;
    unsigned choice, flags;
    if (fuzz_begin(data, size, &r, &choice, &flags))
        fuzz_set(&r, sets[choice], flags);
    return 0;
}

/* The entry points of such a target (fuzz_sets), written before its two functions:
 * `static void setup(void)`, run once before the first input (it makes the target's fixed keys),
 * and `static void fuzz_set(reader *r, int set, unsigned flags)`, run on each input; the
 * arguments after them are the 8 set ids byte 0 chooses from. */
#define FUZZ_TARGET_SETS(setup, fuzz_set, ...)                                                     \
    static void setup(void);                                                                       \
    static void fuzz_set(reader *r, int set, unsigned flags);                                      \
    int LLVMFuzzerInitialize(int *argc, char ***argv)                                              \
    {                                                                                              \
        (void)argc, (void)argv;                                                                    \
        setup();                                                                                   \
        return 0;                                                                                  \
    }                                                                                              \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                                   \
    {                                                                                              \
        static const int sets[8] = {__VA_ARGS__};                                                  \
        return fuzz_sets(data, size, sets, fuzz_set);                                              \
    }

/* The target of a program with nothing to fuzz in this configuration: accepts every input. */
#define FUZZ_TARGET_NOT_BUILT                                                                      \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                                   \
    {                                                                                              \
        (void)data, (void)size; /* not built in this configuration */                             \
        return 0;                                                                                  \
    }

#endif
