/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time checking on the host with valgrind memcheck (the ctgrind technique of A. Langley,
 * 2010): secrets are marked undefined, and memcheck reports every branch or memory address that
 * depends on them ("Conditional jump or move depends on uninitialised value", "Use of
 * uninitialised value of size N"). Outputs are declassified before the program looks at them.
 * Without valgrind headers (or outside valgrind) the macros do nothing.
 */
#ifndef M4CRYPT_TEST_CT_H
#define M4CRYPT_TEST_CT_H
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define CT_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define CT_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#endif
#endif
#ifndef CT_SECRET
#define CT_SECRET(p, n) ((void)(p), (void)(n))
#define CT_PUBLIC(p, n) ((void)(p), (void)(n))
#endif

#include "harness.h"

/* A randomness source for m4crypt_set_randombytes whose output is secret: the harness's
 * generator, marked undefined. */
static inline int ct_secret_rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    t_rand_bytes(out, len);
    CT_SECRET(out, len);
    return 0;
}
#endif
