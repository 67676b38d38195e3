/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA inverse NTT (FIPS 204 Alg. 42) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mldsa_invntt_armv7m(m4crypt_mldsa_poly *a);
 * Input |x| < q. Output NTT^-1(a) times 2^32 (mod q), |x| < q: the same values as
 * m4crypt_mldsa_invntt_c (src/mldsa/ntt.c; gen_tables.py runs this pass order on exact integers
 * against Alg. 42).
 *
 * Arithmetic: Gentleman-Sande butterflies x, y = x + y, (x - y) z with the Montgomery product of
 * ntt.S (SMULL, MUL, SMLAL):
 *     SUB y, x, y            y = x - y
 *     RSB x, y, x, LSL #1    x = 2x - (x - y) = x + y (wrapping; the true sum fits)
 *     SMULL/MUL/SMLAL        y = (x - y) z 2^-32 mod q, |y| < q
 * The sums are not reduced: from |x| < q they stay below 256 q < 2^31 after the eight layers.
 * The last pass multiplies every output by f = 256^-1 2^64 mod q (Montgomery: 256^-1 2^32).
 *
 * Four passes of two merged layers (layers of distance 1-2, 4-8, 16-32, 64-128) over groups of
 * four coefficients L apart (L = 1, 4, 16, 64; the first pass, L = 1, is one loop of LDM / STM
 * over the 64 super-blocks): (x0, x1) and (x2, x3) with two twiddles, then
 * (x0, x2) and (x1, x3) with one; a super-block of 4L coefficients reads its three twiddles
 * (-zeta, FIPS 204 order) in a row from m4crypt_mldsa_invntt_zetas_armv7m (tables.S).
 *
 * Register map:
 *   r0        poly pointer (advances by one word per group)
 *   r1-r4     x0..x3
 *   r5        end of the polynomial (pass 1), of the super-block's groups (passes 2-3); f (pass 4)
 *   r6, r7    lo, t of the Montgomery product
 *   r8        -q
 *   r9        q^-1 mod 2^32
 *   r10       twiddle table pointer (passes 1-3); end of the groups (pass 4)
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

    /* x, y = x + y, (x - y) z (Montgomery) */
    .macro GS x, y, z
    sub \y, \x, \y
    rsb \x, \y, \x, lsl #1
    MONT \y, \z
    .endm

    .macro GROUP L
    ldr r1, [r0]
    ldr r2, [r0, #4*\L]
    ldr r3, [r0, #8*\L]
    ldr r4, [r0, #12*\L]
    GS r1, r2, r11
    GS r3, r4, r12
    GS r1, r3, lr
    GS r2, r4, lr
    .endm

    .macro STORE L
    str r2, [r0, #4*\L]
    str r3, [r0, #8*\L]
    str r4, [r0, #12*\L]
    str r1, [r0], #4
    .endm

    .macro PASS L
1:  ldmia r10!, {r11, r12, lr}
    add r5, r0, #4*\L
2:  GROUP \L
    STORE \L
    cmp r0, r5
    bne 2b
    add r0, r0, #12*\L
    ldr r5, [sp]
    cmp r0, r5
    bne 1b
    sub r0, r0, #1024
    .endm

    .global m4crypt_mldsa_invntt_armv7m
    .type m4crypt_mldsa_invntt_armv7m, %function
    .balign 4
m4crypt_mldsa_invntt_armv7m:
    push {r4-r11, lr}
    add r5, r0, #1024
    push {r5}
    ldr r8, =0xff801fff             @ -q
    ldr r9, =0x03802001             @ q^-1 mod 2^32
    ldr r10, =m4crypt_mldsa_invntt_zetas_armv7m
    /* layers of distance 1-2: 64 super-blocks of one group of four consecutive coefficients
     * each, so one loop without the inner one (r5: the end of the polynomial) */
    add r5, r0, #1024
4:  ldmia r10!, {r11, r12, lr}
    ldm r0, {r1-r4}
    GS r1, r2, r11
    GS r3, r4, r12
    GS r1, r3, lr
    GS r2, r4, lr
    stmia r0!, {r1-r4}
    cmp r0, r5
    bne 4b
    sub r0, r0, #1024
    PASS 4
    PASS 16
    /* pass 4: one super-block, 64 groups, every output times f */
    ldmia r10, {r11, r12, lr}
    ldr r5, =m4crypt_mldsa_invntt_f_armv7m
    ldr r5, [r5]
    add r10, r0, #256
3:  GROUP 64
    MONT r1, r5
    MONT r2, r5
    MONT r3, r5
    MONT r4, r5
    STORE 64
    cmp r0, r10
    bne 3b
    add sp, sp, #4
    pop {r4-r11, pc}
    .size m4crypt_mldsa_invntt_armv7m, . - m4crypt_mldsa_invntt_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
