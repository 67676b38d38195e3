/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The 16-bit forward NTT of ntt.S as a macro, shared by ML-KEM (ntt.S, q = 3329) and ML-DSA's
 * NTT modulo 769 (src/mldsa/armv7m/small_ntt.S), which differ only in the table (C = q << 16 | 8
 * is its first word). Included by the C preprocessor; defines macros only (it includes
 * plantard.i, with its LOAD8 and PLANTARD2). The method, the register map and the bounds: the
 * header of ntt.S; the table: gen_tables.py, ntt_words().
 */
#include "plantard.i"

/* Two butterflies on the words a, b (both halves) with twiddle word z; t is clobbered. */
.macro CT a, b, z
    PLANTARD2 r9, r9, \b, \b, \z
    usub16  \b, \a, r9
    uadd16  \a, \a, r9
.endm

/* op (load or store) of r2, r3, r4 at ptr + d, 2d, 3d and r6, r7 at ptr + 4 + d, 2d. */
.macro BLOCK_WORDS op, d
    \op    r2, [r0, #\d]
    \op    r3, [r0, #2*\d]
    \op    r4, [r0, #3*\d]
    \op    r6, [r0, #4+\d]
    \op    r7, [r0, #4+2*\d]
.endm

/* Layers k, k+1 on two blocks of four words: block 0 at ptr + 0, d, 2d, 3d, block 1 at
 * ptr + 4 + (0, d, 2d, 3d) (d = byte distance of layer k+1). Layer k pairs (0, 2d), (d, 3d)
 * with twiddle r11; layer k+1 pairs (0, d) with r12 and (2d, 3d) with lr. ptr advances by 8.
 * LDn/STn: the load/store instructions (16-bit encodings where the offsets allow). */
.macro BLOCK2X2 d, ldn, stn, early=0
    ldr     r1, [r0]
    ldr     r5, [r0, #4]
    BLOCK_WORDS \ldn, \d
    ldr.w   r8, [r0, #4+3*\d]
.if \early
    vmov    r9, s0              @ loop test before the butterflies (they leave NZCV alone)
    cmp     r0, r9
.endif
    CT      r1, r3, r11
    CT      r2, r4, r11
    CT      r5, r7, r11
    CT      r6, r8, r11
    CT      r1, r2, r12
    CT      r3, r4, lr
    CT      r5, r6, r12
    CT      r7, r8, lr
    BLOCK_WORDS \stn, \d
    str.w   r8, [r0, #4+3*\d]
    str     r5, [r0, #4]
.endm

/* NTT16_FUNC name, table: the function name(r0 = the polynomial) with the twiddle table table
 * (the layout of gen_tables.py's ntt_words(), on a 64-byte boundary). */
.macro NTT16_FUNC name, table
FUNC \name
    push.w  {r4-r11, lr}
    m4crypt_sslots_alloc 2         @ no FPU: s0, s1 on the stack (fpu_scratch.h)
    movw    r9, #:lower16:\table
    movt    r9, #:upper16:\table
    add.w   r1, r0, #128
    vmov    s0, r1                  @ s0: end of pass 1
    ldm.w   r9!, {r10, r11, r12, lr} @ C and the twiddles of pass 1
    vmov    s1, r9                  @ s1: twiddle pointer

    /* pass 1: layers 1-2, blocks j, j+32, j+64, j+96 (words) for j = 0..31, two at a time */
    .p2align 2
1:
    BLOCK2X2 128, ldr.w, str.w
    vmov    r9, s0
    str.w   r1, [r0], #8
    cmp     r0, r9
    bne.w   1b

    /* pass 2: layers 3-4; group b = 0..3 at word 32 b, blocks j + 32 b + 0, 8, 16, 24 for
     * j = 0..7, two at a time. s0: end of the group's blocks, s1: twiddle pointer (the loop
     * ends when it is a multiple of 64, after the 4th group, see gen_tables.py). */
    sub.w   r0, r0, #128
    .p2align 2
2:
    vmov    r1, s1
    add.w   r9, r0, #24             @ the last pair of blocks starts at r0 + 24
    vmov    s0, r9
    ldm.w   r1!, {r11, r12, lr}
    vmov    s1, r1
    .p2align 2
3:
    BLOCK2X2 32, ldr, str, 1
    str.w   r1, [r0], #8
    bne.w   3b
    adds    r0, #96
    vmov    r9, s1
    mov     r11, r9             @ pass 3's twiddle pointer after the last group
    tst.w   r9, #63
    bne.w   2b

    /* pass 3: layers 5-7 on words 8 B .. 8 B + 7, B = 0..15; twiddles r12, lr. The loop ends
     * when r11 (advanced by 28 per block) is a multiple of 64: the table is placed so that
     * this happens after block 15 and no other (gen_tables.py). */
    sub.w   r0, r0, #512
    .p2align 2
4:
    LOAD8
    ldr.w   r12, [r11], #4
    CT      r1, r5, r12         @ layer 5: distance 4 words
    CT      r2, r6, r12
    CT      r3, r7, r12
    CT      r4, r8, r12
    ldm.w   r11!, {r12, lr}
    CT      r1, r3, r12         @ layer 6: distance 2 words
    CT      r2, r4, r12
    CT      r5, r7, lr
    CT      r6, r8, lr
    ldm.w   r11!, {r12, lr}
    CT      r1, r2, r12         @ layer 7: distance 1 word
    CT      r3, r4, lr
    ldm.w   r11!, {r12, lr}
    CT      r5, r6, r12
    CT      r7, r8, lr
    stm.w   r0!, {r1-r8}
    tst.w   r11, #63
    bne.w   4b

    m4crypt_sslots_free 2
    pop.w   {r4-r11, pc}
ENDFUNC \name
.endm

