/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM multiplication in the NTT domain with accumulation (FIPS 203 Alg. 11 MultiplyNTTs and
 * Alg. 12 BaseCaseMultiply) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mlkem_poly_basemul_acc_armv7m(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
 *                                        const m4crypt_mlkem_poly *b);
 * r += a * b times R^-1 (R = 2^16), as m4crypt_mlkem_poly_basemul_acc_c (src/mlkem/poly.h): one of
 * a, b with |x| < q, the other |x| <= M4CRYPT_MLKEM_NTT_BOUND = 14976; each call adds less
 * than q to every coefficient of r (wrapping 16-bit addition, as the C).
 * m4crypt_mlkem_poly_basemul_armv7m below: the same without accumulation.
 *
 * Per pair of words: Plantard a1 gamma, SMUADX / SMUAD (SMUSD for -gamma), two Montgomery
 * reductions, PKHTB and UADD16 into r: 11 instructions. 16 iterations of 4 groups of 4
 * coefficients. The formulas, the bounds and the loop: docs/mlkem-armv7m.md, "Base
 * multiplication".
 * Register map:
 *   r0, r1, r2   r, a, b pointers (advance)      r3  gamma table pointer, also the loop
 *   r4, r5       the group's words of a                counter (ends when it reaches a
 *   r6, r7       the group's words of b                multiple of 64, see gen_tables.py)
 *   r8, r9       the group's words of r           r10 v / m, the temporary
 *   r11          w(gamma)                         r12 C = q << 16 | 8
 *   lr           C2 = 3327 << 16 | 3329
 *
 * Constant time: no branch or address depends on data.
 * Bench row mlkem.basemul (armv7m against portable); basemul: `m4sim profile
 * build/m4-armv7m/bench.elf mlkem512.decaps`; twin test tests/mlkem/test_mlkem_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"

#include "basemul_pair.i"

    .text
BASEMUL_FUNC m4crypt_mlkem_poly_basemul_acc_armv7m, 1, 0

/* ---------------------------------------------------------------- r = a * b (no accumulation)
 *   void m4crypt_mlkem_poly_basemul_armv7m(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
 *                                    const m4crypt_mlkem_poly *b);
 * r = a * b times R^-1, as m4crypt_mlkem_poly_basemul_c: the same pair computation without the load
 * of r and the UADD16 (10 instructions per pair); output |x| < q (the Montgomery bound above).
 * r may equal a or b: a group's words are loaded before its results are stored.
 * Register map as above; r8, r9 unused. */

BASEMUL_FUNC m4crypt_mlkem_poly_basemul_armv7m, 0, 0

#endif /* M4CRYPT_ENABLE_MLKEM */
