/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Backend selection for the GF(2^255 - 19) functions (docs/DEVELOPING.md, "Assembly backends").
 *
 * With M4CRYPT_ARCH_ARMV7M defined (configuration m4-armv7m), src/x25519/armv7m/backend.h
 * replaces the whole scalar multiplication with its own field representation (8 x 32-bit words mod
 * 2^256 - 38, chosen because its multiplication takes fewer than half the cycles of the ten-limb
 * one: bench rows fe25519.mul, armv7m and portable): it defines M4CRYPT_X25519_HAVE_SCALARMULT and
 * m4crypt_x25519_scalarmult_armv7m (same contract as m4crypt_x25519_scalarmult_c in x25519.c). The
 * fixed-base code (x25519_base.c) and Ristretto255 pick the same field (fe_select.h).
 *
 * Included by fe25519.h; do not include directly.
 */
#ifndef M4CRYPT_X25519_BACKEND_H
#define M4CRYPT_X25519_BACKEND_H

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "x25519/armv7m/backend.h"
#endif

/* The portable field (fe25519.h) under the names the rest of the code uses. A backend does not
 * replace single functions of it: it brings its own field representation with its scalar
 * multiplication (below). */
#define m4crypt_fe25519_mul m4crypt_fe25519_mul_c
#define m4crypt_fe25519_sqr m4crypt_fe25519_sqr_c
#define m4crypt_fe25519_add m4crypt_fe25519_add_c
#define m4crypt_fe25519_sub m4crypt_fe25519_sub_c
#define m4crypt_fe25519_mul121666 m4crypt_fe25519_mul121666_c
#define m4crypt_fe25519_invert m4crypt_fe25519_invert_c
#define m4crypt_fe25519_frombytes m4crypt_fe25519_frombytes_c
#define m4crypt_fe25519_tobytes m4crypt_fe25519_tobytes_c
#define m4crypt_fe25519_cswap m4crypt_fe25519_cswap_c

#ifdef M4CRYPT_X25519_HAVE_SCALARMULT
#define m4crypt_x25519_scalarmult m4crypt_x25519_scalarmult_armv7m
#else
#define m4crypt_x25519_scalarmult m4crypt_x25519_scalarmult_c
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
