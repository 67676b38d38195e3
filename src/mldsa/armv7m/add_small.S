/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Signing's exact 16-bit products c s1_j, c s2_i (small_ntt.c) applied to 32-bit polynomials
 * (FIPS 204 Alg. 7 line 19 z = y + c s1, line 21's w - c s2) for ARMv7E-M; contracts of
 * src/mldsa/poly.h, the same values as the C twins in src/mldsa/small_ntt.c.
 *
 *   uint32_t m4crypt_mldsa_add_small_chknorm_armv7m(m4crypt_mldsa_poly *r,
 *                                    const m4crypt_mldsa_smallpoly *a, int32_t bound);
 *       r_i += a_i (SXTAH); returns 1 if some |r_i| >= bound after it (the norm check of z, in
 *       the same pass: the top bit of the OR of bound - 1 - |r_i|), else 0
 *   void m4crypt_mldsa_sub_small_freeze_armv7m(m4crypt_mldsa_poly *r,
 *                                              const m4crypt_mldsa_smallpoly *a);
 *       r_i = r_i - a_i mod q in [0, q), for r_i in [0, q) and |a_i| <= 384: one conditional
 *       +q (x < 0), then -q, +q (x >= q), each an AND with the sign
 * Four coefficients per pass: LDRD of a's four halfwords, LDM / STM of r's four words.
 * Constant time: no branch or address depends on data.
 *
 * Register map:
 *   r0  r (advances)    r1  a (advances)    r2  end of r    r3, lr  two halfwords of a each
 *   r4-r7  four coefficients of r             r8  sign-extended a_i, then the correction
 *   (add_small_chknorm: |r_i| and the difference)   r9 the OR (add_small_chknorm)
 *   r12 q (sub_small_freeze), bound - 1 (add_small_chknorm)
 *
 * Bench rows mldsa*.sign; twin test tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA && M4CRYPT_ENABLE_MLDSA_SIGN /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#include "reduce.i"

    @ r9 |= bound - 1 - |x| (r12 = bound - 1): negative iff |x| >= bound
    .macro NORM x
    NORM_OR \x, r8, r12, r9
    .endm

FUNC m4crypt_mldsa_add_small_chknorm_armv7m
    push {r4-r9, lr}
    sub r12, r2, #1                 @ bound - 1
    add r2, r0, #1024
    mov r9, #0
1:  ldrd r3, lr, [r1], #8
    ldm r0, {r4-r7}
    sxtah r4, r4, r3
    sxtah r5, r5, r3, ror #16
    sxtah r6, r6, lr
    sxtah r7, r7, lr, ror #16
    stm r0!, {r4-r7}
    EACH NORM, r4, r5, r6, r7
    cmp r0, r2
    bne 1b
    lsr r0, r9, #31
    pop {r4-r9, pc}
ENDFUNC m4crypt_mldsa_add_small_chknorm_armv7m

    @ x = x - a mod q into [0, q), a already sign-extended in r8
    .macro SUB_FREEZE x
    sub \x, \x, r8
    CADDQ \x, r8, r12                @ [0, q + 384]
    sub \x, \x, r12
    CADDQ \x, r8, r12                @ [0, q)
    .endm

FUNC m4crypt_mldsa_sub_small_freeze_armv7m
    push {r4-r8, lr}
    movw r12, #0xe001
    movt r12, #0x7f                 @ q = 8380417
    add r2, r0, #1024
1:  ldrd r3, lr, [r1], #8
    ldm r0, {r4-r7}
    sxth r8, r3
    SUB_FREEZE r4
    asr r8, r3, #16
    SUB_FREEZE r5
    sxth r8, lr
    SUB_FREEZE r6
    asr r8, lr, #16
    SUB_FREEZE r7
    stm r0!, {r4-r7}
    cmp r0, r2
    bne 1b
    pop {r4-r8, pc}
ENDFUNC m4crypt_mldsa_sub_small_freeze_armv7m

#endif /* M4CRYPT_ENABLE_MLDSA && M4CRYPT_ENABLE_MLDSA_SIGN */
