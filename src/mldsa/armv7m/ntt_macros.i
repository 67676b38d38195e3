/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The passes of ML-DSA's forward and inverse NTT for ARMv7E-M (ntt.S, invntt.S). C preprocessor
 * include, after .text; macros only, no code. The two share one register map (each file's header
 * gives it in full): r0 the polynomial, r1-r4 x0..x3 of a group, r5 an end, r6-r9 the Montgomery
 * product's registers (mont.i; named here), r10 the twiddles, r11, r12, lr a super-block's three
 * twiddles, [sp] the end of the polynomial. \bfly is a macro of the four butterflies of a group.
 *
 *   NTT_ENTER table  push, [sp] = the end of the polynomial, MONT_CONSTANTS, r10 = table
 *   NTT_LEAVE        pop and return
 *   PASS L, bfly     two merged layers over the groups of four coefficients L apart (L = 4, 16,
 *                    64): for each super-block of 4L coefficients, its three twiddles, then for
 *                    each of its L groups the loads, \bfly, the stores (two groups per
 *                    iteration); r0 back to the start
 *   PASS_LDM bfly    the same for L = 1: 64 super-blocks of one group of four consecutive
 *                    coefficients, one loop of LDM / STM, two super-blocks per iteration (r5:
 *                    the end of the polynomial; r0 ends there)
 *   LOAD_GROUP L, STORE_GROUP L   x0..x3 = the words at r0 + 4 L k; the stores advance r0 by
 *                    one word
 */
#include "mont.i"

mlo .req r6
mt .req r7
negq .req r8
qinv .req r9

    .macro NTT_ENTER table
    push {r4-r11, lr}
    add r5, r0, #1024
    push {r5}
    MONT_CONSTANTS
    ldr r10, =\table
    .endm

    .macro NTT_LEAVE
    add sp, sp, #4
    pop {r4-r11, pc}
    .endm

    .macro LOAD_GROUP L
    ldr.w r1, [r0]
    ldr.w r2, [r0, #4*\L]
    ldr.w r3, [r0, #8*\L]
    ldr.w r4, [r0, #12*\L]
    .endm

    .macro STORE_GROUP L
    str.w r2, [r0, #4*\L]
    str.w r3, [r0, #8*\L]
    str.w r4, [r0, #12*\L]
    str.w r1, [r0], #4
    .endm

    @ (the loops' 32-bit instructions at word addresses: .p2align at each loop head, .w encodings
    @ in the bodies, and butterflies of whole words; m4sim's rule RUN32, docs/mldsa-armv7m.md)
    .macro PASS L, bfly
    .p2align 2
1:  ldmia.w r10!, {r11, r12, lr}
    add.w r5, r0, #4*\L-4
2:  LOAD_GROUP \L
    \bfly
    STORE_GROUP \L
    cmp.w r0, r5                    @ (between a store and a load: neither waits; no
                                    @ instruction below sets the flags)
    LOAD_GROUP \L                   @ two groups per iteration (L is even)
    \bfly
    STORE_GROUP \L
    bne 2b
    add r0, r0, #12*\L
    ldr r5, [sp]
    cmp r0, r5
    bne 1b
    sub r0, r0, #1024
    .endm

    .macro PASS_LDM bfly
    add r5, r0, #1024-16
    .p2align 2
3:  ldmia.w r10!, {r11, r12, lr}
    ldm.w r0, {r1-r4}
    \bfly
    stmia.w r0!, {r1-r4}
    cmp.w r0, r5                    @ (as in PASS)
    ldmia.w r10!, {r11, r12, lr}    @ two super-blocks per iteration
    ldm.w r0, {r1-r4}
    \bfly
    stmia.w r0!, {r1-r4}
    bne 3b
    .endm
