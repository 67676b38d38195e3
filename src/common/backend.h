/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal interface of src/common: the replaceable wiping and comparison functions.
 *
 * The portable versions are always built as m4crypt_memzero_c and m4crypt_verify_c. With
 * M4CRYPT_ARCH_ARMV7M, src/common/armv7m/backend.h declares the assembly versions (suffix
 * _armv7m) and defines M4CRYPT_COMMON_HAVE_MEMZERO / _VERIFY; the public m4crypt_memzero and
 * m4crypt_verify are then the assembly (docs/DEVELOPING.md, "Assembly backends").
 */
#ifndef M4CRYPT_COMMON_INTERNAL_H
#define M4CRYPT_COMMON_INTERNAL_H

#include "m4crypt/common.h"

void m4crypt_memzero_c(void *p, size_t len);
int m4crypt_verify_c(const uint8_t *a, const uint8_t *b, size_t len);

/* Zeroes len bytes of the stack just below the caller's stack pointer: where the frames of the
 * functions the caller called last were, with the register spills and saved registers that no
 * m4crypt_memzero of a named buffer reaches (FIPS 203 section 3.3, docs/security.md). len must
 * cover the deepest of those frames (each caller names its figures: gcc -fstack-usage or make
 * bench's stack column; the stack-residue check of make test confirms them on both Cortex-M4
 * builds).
 * Its own frame, above the zeroed area, saves a few registers as they were at the call, so:
 *  - the caller must not hold a secret in a callee-saved register across the call: the pattern
 *    is a noinline function doing the work, called by one that holds only pointers and the
 *    return code, which then calls this;
 *  - call it through M4CRYPT_STACK_WIPE, which passes three zero arguments so that the argument
 *    registers r1-r3 (AAPCS) hold no leftover of the caller, and which keeps the compiler from
 *    making it a tail call (that would run it after the caller's own frame is gone, too high). */
void m4crypt_stack_wipe(size_t len, uintptr_t zero1, uintptr_t zero2, uintptr_t zero3);

/* Key generation's pairwise consistency test (FIPS 140-3 IG 10.3.A), built with
 * -DM4CRYPT_KEYGEN_PCT: ML-KEM's key generation encapsulates to the new key and decapsulates
 * (src/mlkem/kem.c); ML-DSA's signs and verifies (src/mldsa/mldsa.c). With
 * -DM4CRYPT_KEYGEN_PCT_BREAKAGE_TEST as well, the application (a test) provides this function;
 * a nonzero result makes the test fail, to exercise the error path (keys wiped,
 * M4CRYPT_ERR_SELFTEST). */
#ifdef M4CRYPT_KEYGEN_PCT_BREAKAGE_TEST
int m4crypt_keygen_pct_break(void);
#endif
#define M4CRYPT_STACK_WIPE(len)                                                                    \
    do {                                                                                           \
        m4crypt_stack_wipe((len), 0, 0, 0);                                                        \
        __asm__ volatile("" : : : "memory"); /* not a tail call */                                 \
    } while (0)

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "common/armv7m/backend.h"
#endif

#endif
