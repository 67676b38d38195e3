/*
 * Constant-time scan of one row of the fixed-base table (src/x25519/base_table.c) for ARMv7E-M
 * (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_ge25519_select_armv7m(uint32_t out[24], const uint32_t row[3][8][8], int32_t b);
 *   m4crypt_ge25519_select_int: the same with r0 = out, r1 = row, r2 = b; clobbers r0-r12, keeps
 *   lr (for ge25519_base.S); 16 bytes of stack, the secret word among them zeroed.
 *
 * out = (y + x, y - x, 2 d x y) of b * 256^i * B, b in [-8, 8] (C twin and contract:
 * m4crypt_x25519_base_select_c in x25519_base.c / x25519_base.h).
 *
 * Method: the row is laid out coordinate by coordinate ([k][j][w]), so each coordinate is one
 * stream of 8 entries x 8 words. Eight accumulator words start at the identity's coordinate and
 * take entry j (j = 1..8, in order) where |b| >= j, so the last one taken is entry |b|. The
 * condition is set into the APSR.GE flags once per entry: r2 holds |b| - j in every byte
 * (|b| * 0x01010101 minus 0x01010101 per entry), UADD8 of r2 with itself sets GE[i] to the carry
 * of 2 * byte i, i.e. to its sign bit: GE = 1111 where |b| < j, 0000 where |b| >= j; then
 * SEL acc, acc, entry keeps the accumulator or takes the entry word (one cycle per word,
 * against three for masked EOR/AND/EOR). For b < 0: 2 d x y is negated as ~v - 37 = 2^256 - 38
 * - v (EOR with the sign mask, then subtract 37 & mask with borrow), and y + x / y - x are swapped
 * by SEL under GE = the sign mask's bytes. Every word of the row is loaded, by LDM, at addresses
 * that depend only on the row pointer; no branch depends on b.
 *
 * Register map: r3-r10 the accumulator (one coordinate), r0, r11, r12, lr the loaded words,
 * r1 the row pointer (advancing), r2 the |b| - j bytes; stack: out pointer (advancing), sign
 * mask, coordinate counter, lr.
 * Cycles (m4sim model 1.1): about 590 per call of the internal entry (24 entry-coordinates of
 * 2 + 2 LDM of 4 + 8 SEL = 20 cycles, stores, negation and swap); code 322 bytes.
 */
    .syntax unified
    .thumb
    .cpu cortex-m4

/* one entry of one coordinate: GE from the next |b| - j bytes, then 8 words by SEL */
.macro SCAN_ENTRY
    sub.w     r2, r2, #0x01010101
    uadd8     r11, r2, r2
    ldm.w     r1!, {r0, r11, r12, lr}
    sel       r3, r3, r0
    sel       r4, r4, r11
    sel       r5, r5, r12
    sel       r6, r6, lr
    ldm.w     r1!, {r0, r11, r12, lr}
    sel       r7, r7, r0
    sel       r8, r8, r11
    sel       r9, r9, r12
    sel       r10, r10, lr
.endm

    .section .text.m4crypt_ge25519_select_armv7m,"ax",%progbits
    .global m4crypt_ge25519_select_armv7m
    .type m4crypt_ge25519_select_armv7m, %function
    .align 2
m4crypt_ge25519_select_armv7m:
    push.w    {r4-r11, lr}
    bl        m4crypt_ge25519_select_int
    movs.w    r0, #0              /* no secret left in the caller-saved registers */
    movs.w    r1, #0
    movs.w    r2, #0
    movs.w    r3, #0
    mov.w     r12, #0
    pop.w     {r4-r11, pc}
    .size m4crypt_ge25519_select_armv7m, .-m4crypt_ge25519_select_armv7m

    .section .text.m4crypt_ge25519_select_int,"ax",%progbits
    .global m4crypt_ge25519_select_int
    .type m4crypt_ge25519_select_int, %function
    .align 2
m4crypt_ge25519_select_int:
    asr.w     r3, r2, #31         /* sign mask: all ones if b < 0 */
    eor.w     r2, r2, r3
    sub.w     r2, r2, r3          /* |b| */
    orr.w     r2, r2, r2, lsl #8
    orr.w     r2, r2, r2, lsl #16 /* |b| in every byte */
    mov.w     r4, #3              /* coordinates left */
    push.w    {r0, r3, r4, lr}    /* [sp] out, [sp, #4] sign mask, [sp, #8] counter */
1:  /* one coordinate: the identity's (1 for y + x and y - x, 0 for 2 d x y), then the scan */
    ldr.w     r3, [sp, #8]
    lsr.w     r3, r3, #1          /* counter 3, 2 -> 1; 1 -> 0 */
    mov.w     r4, #0
    mov.w     r5, #0
    mov.w     r6, #0
    mov.w     r7, #0
    mov.w     r8, #0
    mov.w     r9, #0
    mov.w     r10, #0
    .rept 8
    SCAN_ENTRY
    .endr
    add.w     r2, r2, #0x08080808 /* back to |b| per byte */
    ldr.w     r0, [sp, #0]
    stm.w     r0!, {r3-r10}
    str.w     r0, [sp, #0]
    ldr.w     r0, [sp, #8]
    subs.w    r0, r0, #1
    str.w     r0, [sp, #8]
    bne.w     1b
    /* 2 d x y (still in r3-r10): ~v - 37 under the sign mask */
    ldr.w     r11, [sp, #4]
    eor.w     r3, r3, r11
    eor.w     r4, r4, r11
    eor.w     r5, r5, r11
    eor.w     r6, r6, r11
    eor.w     r7, r7, r11
    eor.w     r8, r8, r11
    eor.w     r9, r9, r11
    eor.w     r10, r10, r11
    and.w     r12, r11, #37
    subs.w    r3, r3, r12
    sbcs.w    r4, r4, #0
    sbcs.w    r5, r5, #0
    sbcs.w    r6, r6, #0
    sbcs.w    r7, r7, #0
    sbcs.w    r8, r8, #0
    sbcs.w    r9, r9, #0
    sbc.w     r10, r10, #0
    ldr.w     r0, [sp, #0]
    sub.w     r0, r0, #32
    stm.w     r0, {r3-r10}
    /* swap y + x and y - x under the sign mask: GE = its byte signs */
    uadd8     r12, r11, r11
    sub.w     r0, r0, #64
    add.w     r2, r0, #32
    .rept 2
    ldm.w     r0, {r3-r6}         /* y + x */
    ldm.w     r2, {r7-r10}        /* y - x */
    sel       r1, r7, r3
    sel       r11, r8, r4
    sel       r12, r9, r5
    sel       lr, r10, r6
    sel       r7, r3, r7
    sel       r8, r4, r8
    sel       r9, r5, r9
    sel       r10, r6, r10
    stm.w     r0!, {r1, r11, r12, lr}
    stm.w     r2!, {r7-r10}
    .endr
    movs.w    r3, #0
    str.w     r3, [sp, #4]        /* the sign mask off the stack */
    add.w     sp, sp, #12
    pop.w     {pc}
    .size m4crypt_ge25519_select_int, .-m4crypt_ge25519_select_int
