/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20 keystream XOR (RFC 8439 sections 2.3-2.4) for ARMv7E-M (Cortex-M4F), Thumb-2.
 *
 *   void m4crypt_chacha20_xor_job_armv7m(const m4crypt_chacha20_job *job);
 * Same contract as m4crypt_chacha20_xor_job_c (src/chacha20/backend.h): the state is words 0-3
 * from job->consts, 4-11 from the 32 key bytes job->key (any alignment), 12-13 from job->ctr
 * (the 64-bit counter: advances by one per block and is written back), 14-15 from the 8 bytes
 * job->iv (any alignment).
 * job->seg[0 .. nseg) (nseg 1..3, every nblocks >= 1) are processed in order with one running
 * counter: out = in XOR keystream, whole 64-byte blocks, out may equal in, no alignment needed
 * (single LDR/STR only on in/out/key).
 *
 * Register map inside a block (x0..x15 the working words of section 2.3):
 *   r0-r3   x0-x3   (row a)
 *   r4-r7   x4-x7   (row b, kept rotated: the true value is ROR(reg, 25) between quarter rounds)
 *   r8, r9  two of x8-x11 (row c); the other two live in s0-s3, swapped once per half round
 *   r10-r12 x12-x14, lr x15 (row d, kept rotated: true value ROR(reg, 24))
 * FPU registers (caller-saved; all but s6-s9, the public constants, wiped before returning):
 *   s0-s3   x8-x11 spill slots (W8..W11); in the output stage s0, s1 = x12, x13
 *   s4, s5  C9, C10: x9, x10 after the first column round (cached)
 *   s6-s15  the input words 0-9 (feed-forward)
 * Without an FPU (M4CRYPT_ARMV7M_NOFPU, src/common/armv7m/fpu_scratch.h) s0-s15 are the last 16
 * words of the frame instead, wiped the same way. Stack frame: the .equ below. The rotations,
 * the frame, the output stage and the precomputation: docs/chacha20poly1305-armv7m.md, "ChaCha20
 * job". The branches depend on the public lengths and counter only.
 * Bench rows chacha20.64B, chacha20.1024B, chacha20.16384B (m4crypt_chacha20_ietf_xor) and
 * chacha20poly1305.encrypt.* (three segments); twin test tests/chacha20/test_chacha20_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_CHACHA20

    .syntax unified
    .thumb
#include "common/armv7m/asm_macros.i"
#include "common/armv7m/fpu_scratch.h"
#ifndef M4CRYPT_ARMV7M_NOFPU
    .fpu fpv4-sp-d16
#endif
    .text

    .equ T, 0           @ 14 words: r0..r12, lr at the start of a block
    .equ CTR, 40        @ T+40: word 12, the counter
    .equ S10, 56        @ input words 10, 11 (key)
    .equ S11, 60
    .equ W14, 64        @ x14, x15 in the output stage
    .equ W15, 68
    .equ S13, 72        @ input words 13, 14, 15 (public)
    .equ S14, 76
    .equ S15, 80
    .equ WIPE_WORDS, 18 @ T, S10, S11, W14, W15
    .equ IN, 84         @ the running segment
    .equ OUT, 88
    .equ END, 92        @ in + 64 * nblocks
    .equ SEG, 96        @ the next segment record
    .equ SEGEND, 100    @ past the last one
    .equ CTRP, 104      @ job->ctr
    .set m4crypt_sslot_base, 108 @ no FPU: s0-s15 in the frame's last 16 words (fpu_scratch.h)
    .equ FRAME, 108 + M4CRYPT_SSLOTS(16) @ + 36 pushed = 144 (208 without FPU), a multiple of 8

    @ job layout (src/chacha20/backend.h)
    .equ J_CONSTS, 0
    .equ J_KEY, 4
    .equ J_CTR, 8
    .equ J_IV, 12
    .equ J_NSEG, 16
    .equ J_SEG, 20      @ {out, in, nblocks}, 12 bytes each

/* The quarter round (RFC 8439 section 2.1) on rotated b and d words: on entry b is ROR 25 and
 * d ROR 24 of the true value; on exit again. Each step folds the pending rotation of its
 * rotated operands into the barrel shifter:
 *   QSTEP_A a, b, d, nb, nd   a += b ROR nb;  d = a ^ (d ROR nd)
 *   QSTEP_C c, b, d, nd, nb   c += d ROR nd;  b = c ^ (b ROR nb) */
.macro QSTEP_A a, b, d, nb, nd
    add.w   \a, \a, \b, ror #\nb
    eor.w   \d, \a, \d, ror #\nd
.endm
.macro QSTEP_C c, b, d, nd, nb
    add.w   \c, \c, \d, ror #\nd
    eor.w   \b, \c, \b, ror #\nb
.endm

.macro QR12 a, b, c, d
    QSTEP_A \a, \b, \d, 25, 24          @ a += b, d ^= a (rotate left 16 pending: ROR 16)
.endm
.macro QR58 a, b, c, d
    QSTEP_A \a, \b, \d, 20, 16          @ a += b, d ^= a (rotate left 8 pending: ROR 24)
    QSTEP_C \c, \b, \d, 24, 20          @ c += d, b ^= c (rotate left 7 pending: ROR 25)
.endm
.macro QR38 a, b, c, d
    QSTEP_C \c, \b, \d, 16, 25          @ c += d, b ^= c (rotate left 12 pending: ROR 20)
    QR58    \a, \b, \c, \d
.endm
.macro QR a, b, c, d
    QR12    \a, \b, \c, \d
    QR38    \a, \b, \c, \d
.endm

/* The first quarter round of a block on unrotated input words; leaves b, d rotated. */
.macro QRF a, b, c, d
    add.w   \a, \a, \b
    eor.w   \d, \a, \d
    add.w   \c, \c, \d, ror #16
    eor.w   \b, \c, \b
    QR58    \a, \b, \c, \d
.endm

/* A double round (column + diagonal) with r8, r9 = x8, x9 on entry and exit, x10, x11 in s2, s3. */
.macro DR
    QR      r0, r4, r8, r10             @ QR(0, 4, 8, 12)
    vmov    s0, r8
    QR      r1, r5, r9, r11             @ QR(1, 5, 9, 13)
    vmov    s1, r9
    QR12    r2, r6, r8, r12             @ QR(2, 6, 10, 14), its first half needs no c word
    vmov    r8, s2
    vmov    r9, s3
    QR38    r2, r6, r8, r12
    QR      r3, r7, r9, lr              @ QR(3, 7, 11, 15)
    QR      r0, r5, r8, lr              @ QR(0, 5, 10, 15)
    vmov    s2, r8
    QR      r1, r6, r9, r10             @ QR(1, 6, 11, 12)
    vmov    s3, r9
    QR12    r2, r7, r8, r11             @ QR(2, 7, 8, 13)
    vmov    r8, s0
    vmov    r9, s1
    QR38    r2, r7, r8, r11
    QR      r3, r4, r9, r12             @ QR(3, 4, 9, 14)
.endm

/* Feed-forward of two words: x += the input word in sx, y += the one in sy (x, y ROR n first
 * when n is given). */
.macro FEED2 x, y, sx, sy, n=0
    vmov    r10, \sx
    vmov    r11, \sy
    .if \n
    add.w   \x, r10, \x, ror #\n
    add.w   \y, r11, \y, ror #\n
    .else
    add.w   \x, \x, r10
    add.w   \y, \y, r11
    .endif
.endm

/* The counter-independent part of the first double round into T, C9 (s4), C10 (s5), from the
 * input words 1, 5, 9, 13 in r1, r5, r9, r11; 2, 6, 10, 14 in r2, r6, r8, r12; 3, 7, 11, 15 in
 * r3, r7, r10, lr. */
.macro CACHE_CORE
    QRF     r1, r5, r9, r11             @ QR(1, 5, 9, 13)
    QRF     r2, r6, r8, r12             @ QR(2, 6, 10, 14)
    QRF     r3, r7, r10, lr             @ QR(3, 7, 11, 15)
    add.w   r1, r1, r6, ror #25         @ diagonal QR(1, 6, 11, 12): x1 += x6
    QR12    r2, r7, r8, r11             @ diagonal QR(2, 7, 8, 13): x2 += x7, x13 ^= x2
    WORDS   str.w, sp, T + 4, r1, r2, r3    @ T words 1-3, 5-7, 9, 11-13
    WORDS   str.w, sp, T + 20, r5, r6, r7
    str.w   r10, [sp, #T + 36]          @ x11 -> r9 at the start of a block
    WORDS   str.w, sp, T + 44, r11, r12, lr
    vmov    s4, r9                      @ C9
    vmov    s5, r8                      @ C10
.endm

/* The same from s6-s15 and the frame (after a carry into word 13). */
.macro CACHE
    vmov    r1, s7
    vmov    r5, s11
    vmov    r9, s15
    vmov    r2, s8
    vmov    r6, s12
    vmov    r3, s9
    vmov    r7, s13
    ldr.w   r11, [sp, #S13]
    ldr.w   r8, [sp, #S10]
    ldr.w   r12, [sp, #S14]
    ldr.w   r10, [sp, #S11]
    ldr.w   lr, [sp, #S15]
    CACHE_CORE
.endm

/* Output stage: x4..x7 (r4-r7) ^= the input words in r10, r11, r0, r1. */
.macro XOR4
    eor.w   r4, r4, r10
    eor.w   r5, r5, r11
    eor.w   r6, r6, r0
    eor.w   r7, r7, r1
.endm

FUNC m4crypt_chacha20_xor_job_armv7m
    push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    ldr     r1, [r0, #J_CONSTS]
    ldr     r2, [r0, #J_KEY]
    ldr     r3, [r0, #J_CTR]
    ldr     r9, [r0, #J_IV]
    ldr     r4, [r0, #J_NSEG]
    WORDS   ldr, r0, J_SEG, r6, r7, r8  @ segment 0: out, in, nblocks
    ldr     r10, [r3, #0]               @ words 12-15 (13-15 stay in r11, r12, lr)
    ldr     r11, [r3, #4]
    ldr     r12, [r9, #0]
    ldr     lr, [r9, #4]
    add     r5, r0, #J_SEG + 12         @ the next segment record
    add     r4, r4, r4, lsl #1          @ 3 nseg
    add     r4, r0, r4, lsl #2
    add     r4, r4, #J_SEG              @ past the last segment record
    add     r8, r7, r8, lsl #6
    str     r3, [sp, #CTRP]
    str     r4, [sp, #SEGEND]
    str     r5, [sp, #SEG]
    str     r6, [sp, #OUT]
    str     r7, [sp, #IN]
    str     r8, [sp, #END]
    str     r10, [sp, #CTR]
    str     r11, [sp, #S13]
    str     r12, [sp, #S14]
    str     lr, [sp, #S15]
    ldr     r0, [r1, #0]                @ words 0-11 into the registers CACHE_CORE takes
    ldr     r3, [r1, #12]
    WORDS   ldr, r2, 0, r4, r5, r6, r7  @ words 4-7
    WORDS   ldr, r2, 20, r9, r8, r10    @ words 9-11
    ldr     r2, [r2, #16]               @ word 8
    vmov    s6, r0
    add     r0, r0, r4                  @ T word 0: x0 + x4 (counter-independent)
    str     r0, [sp, #T + 0]            @ T words 0, 4, 8
    str     r4, [sp, #T + 16]
    str     r2, [sp, #T + 32]
    str     r8, [sp, #S10]
    str     r10, [sp, #S11]
    vmov    s9, r3
    vmov    s10, r4
    vmov    s11, r5
    vmov    s12, r6
    vmov    s13, r7
    vmov    s14, r2
    vmov    s15, r9
    ldr     r2, [r1, #8]
    ldr     r1, [r1, #4]
    vmov    s8, r2
    vmov    s7, r1
    CACHE_CORE                          @ (words 13-15 are in r11, r12, lr)

    .p2align 2
.Lblock:
    ldm.w   sp, {r0-r12, lr}

    /* Double round 1: the column round is QR(0, 4, 8, 12) only (the rest is cached); the
     * diagonal round starts with x10 (C10) and x11 (in r9), then x8 and x9 (C9). */
    eor.w   r10, r0, r10                @ QR(0, 4, 8, 12), x0 += x4 was cached
    add.w   r8, r8, r10, ror #16
    eor.w   r4, r8, r4
    QR58    r0, r4, r8, r10
    vmov    s0, r8
    QR12    r0, r5, r8, lr              @ QR(0, 5, 10, 15)
    vmov    r8, s5
    QR38    r0, r5, r8, lr
    vmov    s2, r8
    eor.w   r10, r1, r10, ror #24       @ QR(1, 6, 11, 12), x1 += x6 was cached
    QR38    r1, r6, r9, r10
    vmov    s3, r9
    QR12    r3, r4, r9, r12             @ QR(3, 4, 9, 14), first half
    vmov    r8, s0
    vmov    r9, s4
    QR38    r2, r7, r8, r11             @ QR(2, 7, 8, 13), first half was cached
    QR38    r3, r4, r9, r12

    /* Double rounds 2..10. */
    .rept 9
    DR
    .endr

    /* Output: out = in XOR (x + input). x14, x15 to the frame, x12, x13 to s0, s1. */
    str.w   r12, [sp, #W14]
    str.w   lr, [sp, #W15]
    vmov    s0, r10
    vmov    s1, r11
    FEED2   r0, r1, s6, s7              @ feed-forward of words 0-9
    FEED2   r2, r3, s8, s9
    FEED2   r4, r5, s10, s11, 25
    FEED2   r6, r7, s12, s13, 25
    FEED2   r8, r9, s14, s15
    ldr.w   r12, [sp, #IN]              @ in, out, words 0, 1 (in += 64) in one run
    ldr.w   lr, [sp, #OUT]
    ldr.w   r11, [r12, #4]
    ldr.w   r10, [r12], #64
    eor.w   r0, r0, r10
    eor.w   r1, r1, r11
    WORDS   ldr.w, r12, -56, r10, r11   @ words 2, 3
    str.w   r1, [lr, #4]                @ out += 64
    str.w   r0, [lr], #64
    eor.w   r2, r2, r10
    eor.w   r3, r3, r11
    WORDS   ldr.w, r12, -48, r10, r11, r0, r1   @ words 4-7
    WORDS   str.w, lr, -56, r2, r3
    XOR4
    WORDS   ldr.w, r12, -32, r10, r11   @ words 8, 9; input words 10-13
    ldr.w   r0, [sp, #S10]
    ldr.w   r1, [sp, #S11]
    ldr.w   r2, [sp, #CTR]
    ldr.w   r3, [sp, #S13]
    WORDS   str.w, lr, -48, r4, r5, r6, r7
    eor.w   r8, r8, r10
    eor.w   r9, r9, r11
    vmov    r4, s2                      @ x10-x13
    vmov    r5, s3
    vmov    r6, s0
    vmov    r7, s1
    add.w   r4, r4, r0
    add.w   r5, r5, r1
    add.w   r6, r2, r6, ror #24
    add.w   r7, r3, r7, ror #24
    WORDS   ldr.w, r12, -24, r10, r11, r0, r1   @ words 10-13
    ldr.w   r3, [sp, #S14]
    WORDS   str.w, lr, -32, r8, r9
    XOR4
    ldr.w   r8, [sp, #W14]              @ words 14, 15
    ldr.w   r9, [sp, #W15]
    ldr.w   r10, [sp, #S15]
    WORDS   ldr.w, r12, -8, r11, r0
    ldr.w   r1, [sp, #END]
    WORDS   str.w, lr, -24, r4, r5, r6, r7
    add.w   r8, r3, r8, ror #24
    add.w   r9, r10, r9, ror #24
    eor.w   r8, r8, r11
    eor.w   r9, r9, r0
    WORDS   str.w, lr, -8, r8, r9
    adds.w  r2, r2, #1                  @ next counter; C set if word 12 wraps
    str.w   r2, [sp, #CTR]
    str.w   r12, [sp, #IN]
    str.w   lr, [sp, #OUT]
    bcs.w   .Lcarry
.Lnext:
    cmp.w   r12, r1
    bne.w   .Lblock
    ldr.w   r0, [sp, #SEG]              @ the next segment, if any
    ldr.w   r1, [sp, #SEGEND]
    cmp.w   r0, r1
    bne.w   .Lseg

.Ldone:                                 @ write the counter back, wipe the frame and s0-s5, s10-s15
    ldr     r0, [sp, #CTRP]
    ldr     r1, [sp, #CTR]
    ldr     r2, [sp, #S13]
    str     r1, [r0, #0]
    str     r2, [r0, #4]
    add     r11, sp, #4 * 9
    movs    r0, #0
    movs    r1, #0
    movs    r2, #0
    movs    r3, #0
    movs    r4, #0
    movs    r5, #0
    movs    r6, #0
    movs    r7, #0
    mov     r8, r0
    stmia   sp, {r0-r8}                 @ words 0-17: T, 10, 11, W14, W15
    stmia   r11, {r0-r8}
    vmov    s0, s1, r0, r1              @ s6-s9 hold the constants (public)
    vmov    s2, s3, r0, r1
    vmov    s4, s5, r0, r1
    vmov    s10, s11, r0, r1
    vmov    s12, s13, r0, r1
    vmov    s14, s15, r0, r1
    add     sp, sp, #FRAME
    pop     {r4-r11, pc}

.Lcarry:                                @ word 12 wrapped: word 13 + 1, recompute the cache
    ldr.w   r1, [sp, #S13]
    add.w   r1, r1, #1
    str.w   r1, [sp, #S13]
    CACHE
    ldr.w   r12, [sp, #IN]
    ldr.w   r1, [sp, #END]
    b.w     .Lnext

.Lseg:                                  @ the next segment (r0: its record)
    WORDS   ldr.w, r0, 0, r2, r3, r4
    add.w   r0, r0, #12
    str.w   r0, [sp, #SEG]
    str.w   r2, [sp, #OUT]
    str.w   r3, [sp, #IN]
    add.w   r4, r3, r4, lsl #6
    str.w   r4, [sp, #END]
    b.w     .Lblock
ENDFUNC m4crypt_chacha20_xor_job_armv7m

#endif /* M4CRYPT_ENABLE_CHACHA20 */
