/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The 16-bit inverse NTT of invntt.S as a macro, shared by ML-KEM (invntt.S, q = 3329) and ML-DSA's
 * NTT modulo 769 (src/mldsa/armv7m/small_ntt.S),
 * with an optional final reduction, which differ only in the table (C = q << 16 | 8
 * is its first word). Included by the C preprocessor; defines macros only (it includes
 * plantard.i, with its LOAD8 and PLANTARD2). The method, the register map and the bounds: the
 * header of invntt.S; the table: gen_tables.py, invntt_table_words().
 */
#include "plantard.i"

/* P(z t) of both halves of t into b, with t = r9 as input (clobbered). */
.macro PMUL b, z
    PLANTARD2 \b, \b, r9, r9, \z
.endm

/* x = P(w x), both halves (reduction by a constant); r9 clobbered. */
.macro PRED x, w
    PLANTARD2 \x, r9, \x, \x, \w
.endm

/* Gentleman-Sande butterflies on the words a, b: a = a + b, b = P(z (b - a)). */
.macro GS a, b, z
    usub16  r9, \b, \a
    uadd16  \a, \a, \b
    PMUL    \b, \z
.endm

/* The same with the sum reduced: a = P(w (a + b)). */
.macro GSR a, b, z, w
    GS      \a, \b, \z
    PRED    \a, \w
.endm

/* INVNTT16_FUNC name, table, centre: the function name(r0 = the polynomial) with the table
 * table (the layout of gen_tables.py's invntt_table_words(), on a 64-byte boundary). centre = 1
 * (ML-DSA's small_invntt) reduces every output word of pass C by P(w(1) x), read from the
 * table's word 144 into r5 (free in pass C): each coefficient becomes its representative in
 * [-(q-1)/2, (q-1)/2] (gen_tables.py checks P(w(1) b) for every int16 b). */
.macro INVNTT16_FUNC name, table, centre=0
FUNC \name
    push.w  {r4-r11, lr}
    m4crypt_sslots_alloc 4         @ no FPU: s0, s1, s3 on the stack (fpu_scratch.h)
    movw    r11, #:lower16:\table
    movt    r11, #:upper16:\table
    ldr.w   r10, [r11, #652]        @ C

    /* pass A: layers 1-3 on words 8 B .. 8 B + 7, B = 0..15, with the block's record of 9
     * table words at r11 (see gen_tables.py). The loop ends when r11 is a multiple of 64,
     * which the table's placement makes happen after block 15 and no other. */
    .p2align 2
1:
    LOAD8
    ldr.w   r12, [r11, #8]
    ldr.w   lr, [r11, #12]
    GS      r1, r2, r12         @ layer 1: distance 1 word, differences times zeta F
    GS      r3, r4, lr
    ldrd    r12, lr, [r11, #16]
    GS      r5, r6, r12
    GS      r7, r8, lr
    ldrd    r12, lr, [r11, #24] @ r12 = w(F): layer 1's sums times F, reduced
    PRED    r1, r12
    PRED    r3, r12
    PRED    r5, r12
    PRED    r7, r12
    GS      r1, r3, lr          @ layer 2: distance 2 words
    GS      r2, r4, lr
    ldrd    r12, lr, [r11], #36
    GS      r5, r7, r12
    GS      r6, r8, r12
    GS      r1, r5, lr          @ layer 3: distance 4 words
    GS      r2, r6, lr
    GS      r3, r7, lr
    GS      r4, r8, lr
    WORDS   str, r0, 4, r2, r3, r4, r5, r6, r7, r8
    str.w   r1, [r0], #32
    tst.w   r11, #63
    bne.w   1b

    /* pass B: layers 4-5; group g = 0..3 at word 32 g, blocks j + 32 g + 0, 8, 16, 24 for
     * j = 0..7, two per iteration: block j + 4 first (no reduction), then block j, whose word 0
     * (the sum of both layers, up to 16 U) is reduced (j = 0..3, see the bounds above).
     * s0: end of the group's iterations, s1: table pointer, s3: w(1). The group loop ends when
     * the table pointer is a multiple of 64, after the last group only (gen_tables.py). */
    sub.w   r0, r0, #512
    ldr.w   r12, [r11], #16         @ w(1), then pass B's twiddles
    mov.w   r9, r11
    vmov    s3, r12
    .p2align 2
2:
    ldm.w   r9!, {r11, r12, lr}
    vmov    s1, r9
    add.w   r1, r0, #16
    vmov    s0, r1
    .p2align 2
3:
    ldr     r1, [r0, #16]
    ldr     r2, [r0, #48]
    ldr     r3, [r0, #80]
    ldr     r4, [r0, #112]
    ldr     r5, [r0]
    ldr     r6, [r0, #32]
    ldr.w   r7, [r0, #64]
    ldr.w   r8, [r0, #96]
    GS      r1, r2, r11         @ block j + 4, layer 4: distance 8 words
    GS      r3, r4, r12
    GS      r1, r3, lr          @ layer 5: distance 16 words
    GS      r2, r4, lr
    str     r1, [r0, #16]
    str     r2, [r0, #48]
    str     r3, [r0, #80]
    str     r4, [r0, #112]
    GS      r5, r6, r11         @ block j
    GS      r7, r8, r12
    GS      r5, r7, lr
    GS      r6, r8, lr
    vmov    r1, s3
    PRED    r5, r1
    str     r6, [r0, #32]
    str     r7, [r0, #64]
    str.w   r8, [r0, #96]
    str.w   r5, [r0], #4
    vmov    r9, s0
    cmp     r0, r9
    bne.w   3b
    adds    r0, #112
    vmov    r9, s1
    tst.w   r9, #63
    bne.w   2b

    /* pass C: layers 6-7, blocks j, j+32, j+64, j+96 (words) for j = 0..31 */
    sub.w   r0, r0, #512
    add.w   r8, r0, #128
    ldm.w   r9, {r11, r12, lr}
.if \centre
    ldr.w   r5, [r9, #-64]      @ w(1): table word 144 (pass C's twiddles are words 160..162)
.endif
    .p2align 2
4:
    ldr.w   r1, [r0]
    ldr.w   r2, [r0, #128]
    ldr.w   r3, [r0, #256]
    ldr.w   r4, [r0, #384]
    GS      r1, r2, r11         @ layer 6: distance 32 words
    GS      r3, r4, r12
    GS      r1, r3, lr          @ layer 7: distance 64 words
    GS      r2, r4, lr
.if \centre
    PRED    r1, r5
    PRED    r2, r5
    PRED    r3, r5
    PRED    r4, r5
.endif
    str.w   r2, [r0, #128]
    str.w   r3, [r0, #256]
    str.w   r4, [r0, #384]
    str.w   r1, [r0], #4
    cmp     r0, r8
    bne.w   4b

    m4crypt_sslots_free 4
    pop.w   {r4-r11, pc}
ENDFUNC \name
.endm

