/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The test harness shared by every test program, on the host and on the emulated M4.
 *
 * A test program is `int main(int argc, char **argv)`; argv[1] is the directory of converted
 * vectors (build/vectors); "--quick" asks for the M4 subset (see t_limit()) and "--slow" for the
 * slow checks too (the host runs them once, in host-gcc; e.g. X25519's 1,000,000 iterations).
 * It counts checks with CHECK()/CHECK_MEM() and ends with `return t_summary("name");`, which
 * prints "name: N passed, M failed" and returns the exit code.
 *
 * Vector files (.vec, written by tools/vectors/convert.py) are text: one "key = value" per line
 * (value: hex bytes, a decimal number or a word; empty means zero bytes), '#' comments, and a
 * blank line after each record. A "group" key names the edge-case group a record belongs to.
 */
#ifndef M4CRYPT_TEST_HARNESS_H
#define M4CRYPT_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "platform.h"
#include "test_bytes.h"

/* printf subset: %s %c %d %u %x %ld %lu %lx %zu %%, with width and '0' flag (e.g. %02x). */
void t_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void t_hexdump(const char *label, const uint8_t *p, size_t len);
/* Decodes a hex string constant (test vectors printed in RFCs) into out; returns the length. */
size_t t_unhex(uint8_t *out, const char *hex);

/* Parse argv: sets the vector directory and quick mode. Call first in main. */
void t_init(int argc, char **argv);
const char *t_vecdir(void);
int t_quick(void);
int t_slow(void);
/* Per group of a vector file: the number of records to run (0 = all). On the host all; with
 * --quick the M4 subset (25 per group, every group). */
unsigned t_limit(void);

extern unsigned t_passed, t_failed;
void t_fail(const char *file, int line, const char *what);
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (cond)                                                                                  \
            t_passed++;                                                                            \
        else                                                                                       \
            t_fail(__FILE__, __LINE__, #cond);                                                     \
    } while (0)
#define CHECK_MEM(a, b, n) CHECK(t_memeq((a), (b), (n)))
/* Two checks of a call that must fail: with its outputs a (alen bytes) and b (blen bytes) filled
 * with a nonzero byte first, it returns err, and leaves both zeroed over those lengths. */
#define CHECK_FAILS_ZEROED(call, err, a, alen, b, blen)                                            \
    do {                                                                                           \
        memset((a), 0xa5, (alen));                                                                 \
        memset((b), 0xa5, (blen));                                                                 \
        CHECK((call) == (err));                                                                    \
        CHECK(t_all_zero((a), (alen)) && t_all_zero((b), (blen)));                                 \
    } while (0)
int t_memeq(const void *a, const void *b, size_t n);
/* Prints "name: N passed, M failed" and returns 0 if nothing failed (and something passed). */
int t_summary(const char *name);
/* For a program with nothing to test in this configuration (m4crypt/config.h: what it tests is
 * not built): prints "name: not built in this configuration (what)" and returns 0.
 * tools/run_tests.py reports such a program as skipped. */
int t_not_built(const char *name, const char *what);
/* The main of a program whose operations this configuration leaves out (t_not_built). */
#define T_NOT_BUILT_MAIN(name, what)                                                               \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        t_init(argc, argv);                                                                        \
        return t_not_built(name, what);                                                            \
    }

/* Deterministic test randomness (xoshiro-style generator, seedable), not for keys. */
void t_rand_seed(uint64_t seed);
uint32_t t_rand32(void);
void t_rand_bytes(uint8_t *out, size_t len);

/* Vector files. */
typedef struct {
    int handle;
    char name[96];
    unsigned records;         /* records returned so far */
    unsigned group_records;   /* records returned in the current group */
    char group[64];
    /* read buffer */
    char *buf;
    size_t buf_len, buf_pos;
    int eof;
} vec_file;

/* Opens VECDIR/name for reading its records:
 *     for (vec_file f = vec_begin("x.vec"); vec_next(&f);) { ... }
 * A missing file is a test failure (reported here), and vec_next() then returns 0 at once. */
vec_file vec_begin(const char *name);
/* Next record (honouring t_limit() per group); 1 if one was read, 0 at the end of the file,
 * which it closes. */
int vec_next(vec_file *f);
/* Closes the file before its end (a loop that stops early). */
void vec_close(vec_file *f);
/* For the tests of a primitive with parameter sets (param_sets.h): steps f to its next record
 * whose "set" is one this build has (an entry of table: n entries of entry_size bytes) and that
 * has the field key (any record when key is NULL), and returns that entry, with the field's value
 * in *value (when value is not NULL); NULL at the end of the file. A "set" that is_set() says is
 * no parameter set at all is a failed check; records of sets not built count in *skipped. */
const void *vec_next_of_set(vec_file *f, const void *table, size_t entry_size, int n,
                            int (*is_set)(long), unsigned *skipped, const char *key,
                            const char **value);
/* Fields of the current record. */
const char *vec_str(const char *key);            /* NULL if absent */
int vec_has(const char *key);
/* Decodes hex into out (at most max bytes); returns the length, or -1 if absent/too long/bad. */
long vec_hex(const char *key, uint8_t *out, size_t max);
long vec_int(const char *key, long dflt);
/* The M4CRYPT_ERR_* code named by the record's "error" field (tools/vectors: length, public_key,
 * secret_key, signature); 1 when there is none and 2 for an unknown name, neither of which any
 * function returns, so that a comparison with them fails. */
int vec_error(void);
/* Identifies the record in failure messages: "file:record (tcId ...)". */
const char *vec_where(void);

#endif
