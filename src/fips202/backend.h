/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal interface of the FIPS 202 code: the replaceable Keccak-f[1600] permutation.
 *
 * The portable permutation is always built as m4crypt_keccakf1600_c (so that the twin test can
 * compare it with a backend). With M4CRYPT_ARCH_ARMV7M, src/fips202/armv7m/backend.h may declare
 * m4crypt_keccakf1600_armv7m and define M4CRYPT_FIPS202_HAVE_KECCAKF1600; the sponge and the
 * public m4crypt_keccakf1600 then use it (docs/DEVELOPING.md, "Assembly backends").
 */
#ifndef M4CRYPT_FIPS202_BACKEND_H
#define M4CRYPT_FIPS202_BACKEND_H

#include "m4crypt/fips202.h"

/* Keccak-f[1600] (FIPS 202 section 3.3, Algorithm 7 with nr = 24) on 25 lanes, lane (x, y) at
 * index x + 5y, each lane a uint64_t holding bits z = 0..63 (bit z of the lane = bit z of the
 * integer). Portable C. */
void m4crypt_keccakf1600_c(uint64_t state[25]);

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "fips202/armv7m/backend.h"
#endif

/* The permutation on the sponge's state layout (the backend's: see M4CRYPT_FIPS202_INTERLEAVED),
 * the one the sponge calls; the public m4crypt_keccakf1600 works on the standard layout. */
#ifdef M4CRYPT_FIPS202_HAVE_KECCAKF1600
#define m4crypt_keccak_permute m4crypt_keccakf1600_armv7m
#else
/* m4crypt_keccakf1600_c, then m4crypt_stack_wipe of the stack it used: the compiler spills state
 * words there (the assembly keeps the state in registers and its 40-byte frame). */
void m4crypt_keccakf1600_c_wiped(uint64_t state[25], uintptr_t zero1, uintptr_t zero2,
                                 uintptr_t zero3);
#define m4crypt_keccak_permute(state) m4crypt_keccakf1600_c_wiped((state), 0, 0, 0)
#endif

/* A backend that changes the state's layout (M4CRYPT_FIPS202_INTERLEAVED) brings the permutation
 * on that layout and the lane conversion with it; the lane conversion alone means nothing. */
#if defined(M4CRYPT_FIPS202_INTERLEAVED) && \
    !(defined(M4CRYPT_FIPS202_HAVE_KECCAKF1600) && defined(M4CRYPT_FIPS202_HAVE_LANES))
#error "M4CRYPT_FIPS202_INTERLEAVED needs M4CRYPT_FIPS202_HAVE_KECCAKF1600 and _HAVE_LANES"
#endif
#if defined(M4CRYPT_FIPS202_HAVE_LANES) && !defined(M4CRYPT_FIPS202_INTERLEAVED)
#error "M4CRYPT_FIPS202_HAVE_LANES converts to the interleaved layout: define M4CRYPT_FIPS202_INTERLEAVED"
#endif

#endif
