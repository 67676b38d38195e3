/*
 * ChaCha20 block function + XOR (RFC 8439 sections 2.3-2.4) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_chacha20_xor_blocks_armv7m(uint8_t *out, const uint8_t *in, size_t nblocks,
 *                                           uint32_t state[16]);
 * Same contract as m4crypt_chacha20_xor_blocks_c (src/chacha20/backend.h): nblocks whole blocks,
 * out may equal in, no alignment needed (single LDR/STR only on in/out), the 64-bit counter in
 * state words 12-13 advances by one per block (carry into word 13).
 *
 * Register map inside a block (x0..x15 the working words of section 2.3):
 *   r0-r3   x0-x3   (row a)
 *   r4-r7   x4-x7   (row b, kept rotated: the true value is ROR(reg, 25) between quarter rounds)
 *   r8, r9  two of x8-x11 (row c); the other two live in stack slots and are swapped in and out
 *           once per half round: column round x8,x9 then x10,x11; diagonal round x10,x11 then x8,x9
 *   r10-r12 x12-x14, lr x15 (row d, kept rotated: true value ROR(reg, 24))
 * Rotations are folded into the barrel shifter: each quarter round is 8 ALU instructions (no
 * separate rotate), every operand rotation is applied where the value is next read.
 * Output stage: r12 = in, lr = out (post-incremented by 64), r10/r11 temporaries.
 *
 * Stack frame (sp-relative, see the .equ below): T = the 14 words loaded by one LDM at the start
 * of every block; S = a copy of the input state (feed-forward); C9/C10 cached words; W8-W15 spill
 * slots; the saved pointers. The frame is wiped before returning.
 *
 * Precomputation (public data only decides what is cached): in the first column round only
 * QR(0,4,8,12) depends on the counter word x12; QR(1,5,9,13), QR(2,6,10,14), QR(3,7,11,15) and
 * the first operations of the diagonal quarter rounds on x1,x6 and x2,x7,x13 are computed once per
 * call into T/C9/C10, and again only when word 12 wraps and word 13 changes (64-bit counter).
 *
 * Cycles (m4sim model 1.0, make bench): 830 per 64-byte block in the loop (12.97 cycles/byte),
 * about 210 per call (frame, state copy, cache, wipe); 16 blocks 13491. m4crypt_chacha20_ietf_xor:
 * 1024 bytes 13707 (13.4 c/b), 16384 bytes 13.0 c/b.
 */
    .syntax unified
    .thumb
    .text

    .equ T, 0           @ 14 words: r0..r12, lr at the start of a block
    .equ S, 56          @ 16 words: the state (S+48, the counter, is kept in T+40 instead)
    .equ C9, 120        @ x9 after the first column round (cached)
    .equ C10, 124       @ x10 after the first column round (cached)
    .equ W8, 128        @ spill slots W8..W15 at W8 + 4 * (i - 8)
    .equ W9, 132
    .equ W10, 136
    .equ W11, 140
    .equ W12, 144
    .equ W13, 148
    .equ W14, 152
    .equ W15, 156
    .equ IN, 160        @ saved pointers
    .equ OUT, 164
    .equ END, 168       @ in + 64 * nblocks
    .equ SPTR, 172      @ the caller's state
    .equ FRAME, 180     @ + 36 bytes of pushed registers = 216, a multiple of 8
    .equ WIPE_WORDS, 40 @ T, S, C9, C10, W8..W15

/* One operation of the quarter round (RFC 8439 section 2.1) on rotated b and d words:
 * on entry b is ROR 25 and d ROR 24 of the true value; on exit again. */
.macro OP1 a, b
    add.w   \a, \a, \b, ror #25         @ a += b
.endm
.macro OP2 a, d
    eor.w   \d, \a, \d, ror #24         @ d ^= a   (rotate left 16 pending: ROR 16)
.endm
.macro OP3 c, d
    add.w   \c, \c, \d, ror #16         @ c += d
.endm
.macro OP4 b, c
    eor.w   \b, \c, \b, ror #25         @ b ^= c   (rotate left 12 pending: ROR 20)
.endm
.macro OP5 a, b
    add.w   \a, \a, \b, ror #20         @ a += b
.endm
.macro OP6 a, d
    eor.w   \d, \a, \d, ror #16         @ d ^= a   (rotate left 8 pending: ROR 24)
.endm
.macro OP7 c, d
    add.w   \c, \c, \d, ror #24         @ c += d
.endm
.macro OP8 b, c
    eor.w   \b, \c, \b, ror #20         @ b ^= c   (rotate left 7 pending: ROR 25)
.endm

.macro QR12 a, b, c, d
    OP1     \a, \b
    OP2     \a, \d
.endm
.macro QR38 a, b, c, d
    OP3     \c, \d
    OP4     \b, \c
    OP5     \a, \b
    OP6     \a, \d
    OP7     \c, \d
    OP8     \b, \c
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
    OP5     \a, \b
    OP6     \a, \d
    OP7     \c, \d
    OP8     \b, \c
.endm

/* A double round (column + diagonal) with r8, r9 = x8, x9 on entry and exit, x10, x11 in W10/W11. */
.macro DR
    QR      r0, r4, r8, r10             @ QR(0, 4, 8, 12)
    str.w   r8, [sp, #W8]
    QR      r1, r5, r9, r11             @ QR(1, 5, 9, 13)
    str.w   r9, [sp, #W9]
    QR12    r2, r6, r8, r12             @ QR(2, 6, 10, 14), its first half needs no c word
    ldr.w   r8, [sp, #W10]
    ldr.w   r9, [sp, #W11]
    QR38    r2, r6, r8, r12
    QR      r3, r7, r9, lr              @ QR(3, 7, 11, 15)
    QR      r0, r5, r8, lr              @ QR(0, 5, 10, 15)
    str.w   r8, [sp, #W10]
    QR      r1, r6, r9, r10             @ QR(1, 6, 11, 12)
    str.w   r9, [sp, #W11]
    QR12    r2, r7, r8, r11             @ QR(2, 7, 8, 13)
    ldr.w   r8, [sp, #W8]
    ldr.w   r9, [sp, #W9]
    QR38    r2, r7, r8, r11
    QR      r3, r4, r9, r12             @ QR(3, 4, 9, 14)
.endm

/* The counter-independent part of the first double round, from S into T, C9, C10. */
.macro CACHE
    ldr.w   r1, [sp, #S + 4]
    ldr.w   r5, [sp, #S + 20]
    ldr.w   r9, [sp, #S + 36]
    ldr.w   r11, [sp, #S + 52]
    QRF     r1, r5, r9, r11             @ QR(1, 5, 9, 13)
    ldr.w   r2, [sp, #S + 8]
    ldr.w   r6, [sp, #S + 24]
    ldr.w   r8, [sp, #S + 40]
    ldr.w   r12, [sp, #S + 56]
    QRF     r2, r6, r8, r12             @ QR(2, 6, 10, 14)
    ldr.w   r3, [sp, #S + 12]
    ldr.w   r7, [sp, #S + 28]
    ldr.w   r10, [sp, #S + 44]
    ldr.w   lr, [sp, #S + 60]
    QRF     r3, r7, r10, lr             @ QR(3, 7, 11, 15)
    OP1     r1, r6                      @ diagonal QR(1, 6, 11, 12): x1 += x6
    QR12    r2, r7, r8, r11             @ diagonal QR(2, 7, 8, 13): x2 += x7, x13 ^= x2
    str.w   r1, [sp, #T + 4]
    str.w   r2, [sp, #T + 8]
    str.w   r3, [sp, #T + 12]
    str.w   r5, [sp, #T + 20]
    str.w   r6, [sp, #T + 24]
    str.w   r7, [sp, #T + 28]
    str.w   r10, [sp, #T + 36]          @ x11 -> r9 at the start of a block
    str.w   r11, [sp, #T + 44]
    str.w   r12, [sp, #T + 48]
    str.w   lr, [sp, #T + 52]
    str.w   r9, [sp, #C9]
    str.w   r8, [sp, #C10]
.endm

/* Feed-forward of one word: x = s + x (x rotated by rot). */
.macro FF x, s, rot
  .if \rot
    add.w   \x, \s, \x, ror #\rot
  .else
    add.w   \x, \s, \x
  .endif
.endm

/* Output word i (1..9, in register x) while storing word i-1 (register prev). */
.macro OUTW i, x, prev, soff, rot
    ldr.w   r10, [sp, #\soff]
    ldr.w   r11, [r12, #(4 * \i - 64)]
    str.w   \prev, [lr, #(4 * \i - 68)]
    FF      \x, r10, \rot
    eor.w   \x, \x, r11
.endm

/* Output word i (10..15) whose x is in a stack slot, loaded into register x. */
.macro OUTS i, x, prev, soff, slot, rot
    ldr.w   r10, [sp, #\soff]
    ldr.w   r11, [r12, #(4 * \i - 64)]
    ldr.w   \x, [sp, #\slot]
    str.w   \prev, [lr, #(4 * \i - 68)]
    FF      \x, r10, \rot
    eor.w   \x, \x, r11
.endm

    .global m4crypt_chacha20_xor_blocks_armv7m
    .type m4crypt_chacha20_xor_blocks_armv7m, %function
    .p2align 2
m4crypt_chacha20_xor_blocks_armv7m:
    cbnz    r2, 1f
    bx      lr                          @ no blocks: nothing to do
1:  push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    add.w   r2, r1, r2, lsl #6
    str     r1, [sp, #IN]
    str     r0, [sp, #OUT]
    str     r2, [sp, #END]
    str     r3, [sp, #SPTR]
    add     r12, sp, #S
    ldmia   r3!, {r4-r11}
    stmia   r12!, {r4-r11}
    ldmia   r3, {r4-r11}
    stmia   r12, {r4-r11}
    ldr     r0, [sp, #S + 0]            @ T: the words QR(0, 4, 8, 12) starts from
    str     r0, [sp, #T + 0]
    ldr     r0, [sp, #S + 16]
    str     r0, [sp, #T + 16]
    ldr     r0, [sp, #S + 32]
    str     r0, [sp, #T + 32]
    ldr     r0, [sp, #S + 48]
    str     r0, [sp, #T + 40]
    CACHE
    b.w     .Lblock

.Lcarry:                                @ word 12 wrapped: word 13 + 1, recompute the cache
    ldr.w   r1, [sp, #S + 52]
    add.w   r1, r1, #1
    str.w   r1, [sp, #S + 52]
    CACHE
    ldr.w   r0, [sp, #END]
    ldr.w   r12, [sp, #IN]
    b.w     .Lnext

    .p2align 2
.Lblock:
    ldm.w   sp, {r0-r12, lr}

    /* Double round 1: the column round is QR(0, 4, 8, 12) only (the rest is cached); the
     * diagonal round starts with x10 (C10) and x11 (in r9), then x8 and x9 (C9). */
    QRF     r0, r4, r8, r10             @ QR(0, 4, 8, 12)
    str.w   r8, [sp, #W8]
    QR12    r0, r5, r8, lr              @ QR(0, 5, 10, 15)
    ldr.w   r8, [sp, #C10]
    QR38    r0, r5, r8, lr
    str.w   r8, [sp, #W10]
    OP2     r1, r10                     @ QR(1, 6, 11, 12), x1 += x6 was cached
    QR38    r1, r6, r9, r10
    str.w   r9, [sp, #W11]
    QR12    r3, r4, r9, r12             @ QR(3, 4, 9, 14), first half
    ldr.w   r8, [sp, #W8]
    ldr.w   r9, [sp, #C9]
    QR38    r2, r7, r8, r11             @ QR(2, 7, 8, 13), first half was cached
    QR38    r3, r4, r9, r12

    /* Double rounds 2..10. */
    .rept 9
    DR
    .endr

    /* Output: out = in XOR (x + s). Free r10-r12, lr by spilling x12..x15. */
    str.w   r10, [sp, #W12]
    str.w   r11, [sp, #W13]
    str.w   r12, [sp, #W14]
    str.w   lr, [sp, #W15]
    ldr.w   r12, [sp, #IN]
    ldr.w   lr, [sp, #OUT]
    ldr.w   r10, [sp, #T + 0]
    ldr.w   r11, [r12], #64
    add.w   r0, r10, r0
    eor.w   r0, r0, r11
    ldr.w   r10, [sp, #S + 4]           @ word 1, storing word 0 with lr += 64
    ldr.w   r11, [r12, #-60]
    str.w   r0, [lr], #64
    add.w   r1, r10, r1
    eor.w   r1, r1, r11
    OUTW    2, r2, r1, S + 8, 0
    OUTW    3, r3, r2, S + 12, 0
    OUTW    4, r4, r3, S + 16, 25
    OUTW    5, r5, r4, S + 20, 25
    OUTW    6, r6, r5, S + 24, 25
    OUTW    7, r7, r6, S + 28, 25
    OUTW    8, r8, r7, S + 32, 0
    OUTW    9, r9, r8, S + 36, 0
    OUTS    10, r0, r9, S + 40, W10, 0
    OUTS    11, r1, r0, S + 44, W11, 0
    OUTS    12, r2, r1, T + 40, W12, 24
    adds.w  r6, r10, #1                 @ next counter; C set if word 12 wraps
    OUTS    13, r3, r2, S + 52, W13, 24
    OUTS    14, r4, r3, S + 56, W14, 24
    ldr.w   r10, [sp, #S + 60]          @ word 15, also loading END
    ldr.w   r11, [r12, #-4]
    ldr.w   r5, [sp, #W15]
    ldr.w   r0, [sp, #END]
    str.w   r4, [lr, #-8]
    add.w   r5, r10, r5, ror #24
    eor.w   r5, r5, r11
    str.w   r5, [lr, #-4]
    str.w   r6, [sp, #T + 40]
    str.w   r12, [sp, #IN]
    str.w   lr, [sp, #OUT]
    bcs.w   .Lcarry
.Lnext:
    cmp.w   r12, r0
    bne.w   .Lblock

    /* Write the counter back, wipe the frame. */
    ldr     r0, [sp, #SPTR]
    ldr     r1, [sp, #T + 40]
    ldr     r2, [sp, #S + 52]
    str     r1, [r0, #48]
    str     r2, [r0, #52]
    movs    r0, #0
    movs    r1, #0
    movs    r2, #0
    movs    r3, #0
    movs    r4, #0
    movs    r5, #0
    movs    r6, #0
    movs    r7, #0
    mov     r8, r0
    mov     r9, r0
    mov     r11, sp
    stmia   r11!, {r0-r9}
    stmia   r11!, {r0-r9}
    stmia   r11!, {r0-r9}
    stmia   r11!, {r0-r9}
    add     sp, sp, #FRAME
    pop     {r4-r11, pc}
    .size m4crypt_chacha20_xor_blocks_armv7m, . - m4crypt_chacha20_xor_blocks_armv7m
