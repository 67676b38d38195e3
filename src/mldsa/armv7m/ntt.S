/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA forward NTT (FIPS 204 Alg. 41) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mldsa_ntt_armv7m(m4crypt_mldsa_poly *a);
 * Input |x| < q = 8380417. Output: the NTT (FIPS 204 order, no Montgomery factor), |x| < 9q, the
 * same values as m4crypt_mldsa_ntt_c (src/mldsa/ntt.c; gen_tables.py runs this pass order on
 * exact integers against Alg. 41).
 *
 * Arithmetic: 32-bit signed Montgomery multiplication by a twiddle z = zeta 2^32 mod q:
 *     SMULL lo, b, b, z      {b:lo} = b z
 *     MUL   t, lo, qinv      t = lo q^-1 mod 2^32
 *     SMLAL lo, b, t, -q     {b:lo} = b z - t q, whose low word is 0: b = (b z - t q) / 2^32
 * then the butterfly a + b, a - b as ADD a, a, b; SUB b, a, b, LSL #1. Five instructions per
 * butterfly, no reduction: each layer adds less than q to the largest magnitude.
 *
 * Four passes of two merged layers (layers 1-2, 3-4, 5-6, 7-8), each over groups of four
 * coefficients L apart (L = 64, 16, 4, 1; the last pass, L = 1, is one loop of LDM / STM over
 * the 64 super-blocks): (x0, x2) and (x1, x3) with the first layer's twiddle,
 * then (x0, x1) and (x2, x3) with the second layer's two. A super-block of 4L coefficients shares
 * three twiddles, read in a row from m4crypt_mldsa_ntt_zetas_armv7m (tables.S).
 *
 * Register map:
 *   r0        poly pointer (advances by one word per group)
 *   r1-r4     x0..x3
 *   r5        end of the current super-block's groups, at its end the poly end (passes 1-3);
 *             the poly end (pass 4)
 *   r6, r7    lo, t of the Montgomery product
 *   r8        -q
 *   r9        q^-1 mod 2^32
 *   r10       twiddle table pointer
 *   r11, r12, lr  the super-block's three twiddles
 *   [sp]      the end of the polynomial
 *
 * Measured by the bench rows mldsa*.keypair / sign / verify (and the twin test
 * tests/mldsa/test_mldsa_armv7m.c). Constant time: no branch or address depends on data.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text

    .macro MONT y, z
    smull r6, \y, \y, \z
    mul r7, r6, r9
    smlal r6, \y, r7, r8
    .endm

    /* x, y = x + z y, x - z y (Montgomery) */
    .macro CT x, y, z
    MONT \y, \z
    add \x, \x, \y
    sub \y, \x, \y, lsl #1
    .endm

    .macro PASS L
1:  ldmia r10!, {r11, r12, lr}
    add r5, r0, #4*\L
2:  ldr r1, [r0]
    ldr r2, [r0, #4*\L]
    ldr r3, [r0, #8*\L]
    ldr r4, [r0, #12*\L]
    CT r1, r3, r11
    CT r2, r4, r11
    CT r1, r2, r12
    CT r3, r4, lr
    str r2, [r0, #4*\L]
    str r3, [r0, #8*\L]
    str r4, [r0, #12*\L]
    str r1, [r0], #4
    cmp r0, r5
    bne 2b
    add r0, r0, #12*\L
    ldr r5, [sp]
    cmp r0, r5
    bne 1b
    sub r0, r0, #1024
    .endm

    .global m4crypt_mldsa_ntt_armv7m
    .type m4crypt_mldsa_ntt_armv7m, %function
    .balign 4
m4crypt_mldsa_ntt_armv7m:
    push {r4-r11, lr}
    add r5, r0, #1024
    push {r5}
    ldr r8, =0xff801fff             @ -q
    ldr r9, =0x03802001             @ q^-1 mod 2^32
    ldr r10, =m4crypt_mldsa_ntt_zetas_armv7m
    PASS 64
    PASS 16
    PASS 4
    /* layers 7-8: 64 super-blocks of one group of four consecutive coefficients each, so one
     * loop without the inner one (r5: the end of the polynomial) */
    add r5, r0, #1024
3:  ldmia r10!, {r11, r12, lr}
    ldm r0, {r1-r4}
    CT r1, r3, r11
    CT r2, r4, r11
    CT r1, r2, r12
    CT r3, r4, lr
    stmia r0!, {r1-r4}
    cmp r0, r5
    bne 3b
    add sp, sp, #4
    pop {r4-r11, pc}
    .size m4crypt_mldsa_ntt_armv7m, . - m4crypt_mldsa_ntt_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
