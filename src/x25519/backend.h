/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Backend selection for the GF(2^255 - 19) functions (docs/DEVELOPING.md, "Assembly backends").
 *
 * With M4CRYPT_ARCH_ARMV7M defined (configuration m4-armv7m), src/x25519/armv7m/backend.h, when it
 * exists, declares m4crypt_fe25519_<name>_armv7m and defines M4CRYPT_X25519_HAVE_FE_<NAME> for each
 * function it provides; every name it does not provide falls back to the portable _c function.
 * An assembly function must keep the limb representation and bounds of fe25519.h. A backend with
 * its own representation replaces the whole scalar multiplication instead: it defines
 * M4CRYPT_X25519_HAVE_SCALARMULT and m4crypt_x25519_scalarmult_armv7m (same contract as
 * m4crypt_x25519_scalarmult_c in x25519.c).
 * The armv7m backend does the latter (8 x 32-bit words mod 2^256 - 38, chosen by measurement:
 * 279 cycles per multiplication against 631 for the ten limbs; see armv7m/backend.h); the
 * fixed-base code (x25519_base.c) picks the same field as the ladder.
 *
 * Included by fe25519.h; do not include directly.
 */
#ifndef M4CRYPT_X25519_BACKEND_H
#define M4CRYPT_X25519_BACKEND_H

#if defined(M4CRYPT_ARCH_ARMV7M) && defined(__has_include)
#if __has_include("x25519/armv7m/backend.h")
#include "x25519/armv7m/backend.h"
#endif
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_MUL
#define m4crypt_fe25519_mul m4crypt_fe25519_mul_armv7m
#else
#define m4crypt_fe25519_mul m4crypt_fe25519_mul_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_SQR
#define m4crypt_fe25519_sqr m4crypt_fe25519_sqr_armv7m
#else
#define m4crypt_fe25519_sqr m4crypt_fe25519_sqr_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_ADD
#define m4crypt_fe25519_add m4crypt_fe25519_add_armv7m
#else
#define m4crypt_fe25519_add m4crypt_fe25519_add_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_SUB
#define m4crypt_fe25519_sub m4crypt_fe25519_sub_armv7m
#else
#define m4crypt_fe25519_sub m4crypt_fe25519_sub_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_MUL121666
#define m4crypt_fe25519_mul121666 m4crypt_fe25519_mul121666_armv7m
#else
#define m4crypt_fe25519_mul121666 m4crypt_fe25519_mul121666_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_INVERT
#define m4crypt_fe25519_invert m4crypt_fe25519_invert_armv7m
#else
#define m4crypt_fe25519_invert m4crypt_fe25519_invert_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_FROMBYTES
#define m4crypt_fe25519_frombytes m4crypt_fe25519_frombytes_armv7m
#else
#define m4crypt_fe25519_frombytes m4crypt_fe25519_frombytes_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_TOBYTES
#define m4crypt_fe25519_tobytes m4crypt_fe25519_tobytes_armv7m
#else
#define m4crypt_fe25519_tobytes m4crypt_fe25519_tobytes_c
#endif

#ifdef M4CRYPT_X25519_HAVE_FE_CSWAP
#define m4crypt_fe25519_cswap m4crypt_fe25519_cswap_armv7m
#else
#define m4crypt_fe25519_cswap m4crypt_fe25519_cswap_c
#endif

#ifdef M4CRYPT_X25519_HAVE_SCALARMULT
#define M4CRYPT_X25519_SCALARMULT_IMPL m4crypt_x25519_scalarmult_armv7m
#else
#define M4CRYPT_X25519_SCALARMULT_IMPL m4crypt_x25519_scalarmult_c
#endif

/* The field element and functions the selected scalar multiplication runs on, for the
 * benchmark regions fe25519.* (benchmarks/bench_internal.c). A backend with its own
 * representation defines these itself. */
#ifndef M4CRYPT_FE25519_BENCH_DEFINED
typedef m4crypt_fe25519 m4crypt_fe25519_bench;
#define M4CRYPT_FE25519_BENCH_MUL(h, f, g) m4crypt_fe25519_mul((h), (f), (g))
#define M4CRYPT_FE25519_BENCH_SQR(h, f) m4crypt_fe25519_sqr((h), (f))
#define M4CRYPT_FE25519_BENCH_INVERT(h, f) m4crypt_fe25519_invert((h), (f))
#endif

#endif
