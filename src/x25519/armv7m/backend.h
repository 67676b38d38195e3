/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ARMv7E-M (Cortex-M4) backend of X25519 (src/x25519/backend.h selects it): the Montgomery
 * ladder on the field of src/curve25519/armv7m (8 x 32-bit words mod 2^256 - 38, that
 * backend.h), and the whole scalar multiplication around it (x25519_armv7m.c).
 *
 * Files: x25519_ladder.S (the compact ladder, calling the field's internal routines) and
 * x25519_ladder_inlined.S (the ladder with its routines inlined, for more flash), both generated
 * by src/curve25519/armv7m/gen_fe25519.py (--ladder, --inlined-ladder); x25519_armv7m.c
 * (clamping and the glue). Without an FPU
 * (M4CRYPT_ARMV7M_NOFPU) the inlined ladder is left out (m4crypt_x25519 runs the compact one).
 *
 * Measured by make bench (cycles, stack, code): x25519.scalarmult, x25519.scalarmult_inlined.
 */
#ifndef M4CRYPT_X25519_ARMV7M_BACKEND_H
#define M4CRYPT_X25519_ARMV7M_BACKEND_H

#include <stdint.h>

#include "curve25519/armv7m/backend.h"

/* The Montgomery ladder of RFC 7748 section 5 in assembly (x25519_ladder.S): from x_1 (8 words) and
 * the clamped scalar k, 255 steps on bits 254..0; writes X then Z (16 words) to xz2 with
 * X / Z = x_2 / z_2 (X = 2 x_2, Z = 2 z_2: the state is kept as x2 + z2, x2 - z2, x3 + z3,
 * x3 - z3). All field operations stay on its own stack frame, which it wipes, and in s0..s15,
 * which it zeroes. k must be 4-byte aligned (read and written by LDM/STM) and clamped (bit 255
 * clear, bit 254 set, bits 2..0 clear: those steps are done as doublings alone); it
 * is overwritten by the swap bits k ^ (k >> 1) (bit t = k_t ^ k_(t+1)), secret like k. */
void m4crypt_x25519_ladder_armv7m(uint32_t xz2[16], const uint32_t x1[8], uint8_t k[32]);

/* The same ladder with its main loop's field routines inlined (x25519_ladder_inlined.S, generated
 * by gen_fe25519.py --inlined-ladder): same contract, fewer cycles for more code and a little more
 * stack (bench rows x25519.scalarmult_inlined against x25519.scalarmult). */
void m4crypt_x25519_ladder_inlined_armv7m(uint32_t xz2[16], const uint32_t x1[8], uint8_t k[32]);

/* X25519 on this representation (contract of m4crypt_x25519_scalarmult_c): with the compact
 * ladder, or the inlined one when the library is compiled with -DM4CRYPT_X25519_INLINED_LADDER
 * (cycles and code of each: make bench's x25519.scalarmult and x25519.scalarmult_inlined).
 * _inlined_ always runs the inlined ladder (tests, benchmark, ct regions). */
void m4crypt_x25519_scalarmult_armv7m(uint8_t out[32], const uint8_t scalar[32],
                                      const uint8_t point[32]);
#ifndef M4CRYPT_ARMV7M_NOFPU /* the inlined ladder keeps products in s16..s29: FPU builds only */
void m4crypt_x25519_scalarmult_inlined_armv7m(uint8_t out[32], const uint8_t scalar[32],
                                              const uint8_t point[32]);
#define M4CRYPT_X25519_HAVE_INLINED_LADDER 1
#endif

#define M4CRYPT_X25519_HAVE_SCALARMULT 1

#endif
