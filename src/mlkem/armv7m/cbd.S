/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM SamplePolyCBD_2 and SamplePolyCBD_3 (FIPS 203 Alg. 8) for ARMv7E-M (Cortex-M4),
 * Thumb-2.
 *
 *   void m4crypt_poly_cbd_eta2_armv7m(m4crypt_poly *r, const uint8_t buf[128]);
 *   void m4crypt_poly_cbd_eta3_armv7m(m4crypt_poly *r, const uint8_t buf[192]);
 * Same results as m4crypt_poly_cbd_eta2_c: coefficient i is (b[4i] + b[4i+1]) - (b[4i+2] +
 * b[4i+3]) over the input bits b, least significant bit of each byte first. buf may have any
 * alignment (single word loads).
 *
 * Per input word w (8 coefficients), SIMD within the word, no branch or table:
 *     s  = (w & 0x55..) + ((w >> 1) & 0x55..)        16 two-bit sums s_0..s_15
 *     a0 = s & 0x03..,  b0 = (s >> 2) & 0x03..        bytes k: s_4k, s_4k+1 (coefficient 2k)
 *     a1 = (s >> 4) & 0x03.., b1 = (s >> 6) & 0x03..  bytes k: s_4k+2, s_4k+3 (2k+1)
 *     ce = SSUB8(a0, b0) = [c0, c2, c4, c6],  co = SSUB8(a1, b1) = [c1, c3, c5, c7]
 *     z1 = PKHBT(ce, co << 16) = [c0, c2, c1, c3],  z2 = PKHTB(co, ce >> 16) = [c4, c6, c5, c7]
 *     SXTB16 z1 = (c1, c0), SXTB16 z1 ror 8 = (c3, c2), likewise z2: the four output words.
 * Two input words per iteration.
 *
 * Register map: r0 r (advances), r1 buf (advances), r2 0x55555555, r3 0x03030303, r4-r11
 * the eight output words (also the input words and temporaries), r12 end of r.
 *
 * eta = 3, per 24-bit group t (4 coefficients; one unaligned word load at byte offsets 0, 3, 6
 * and 8 (shifted) of every 12 bytes, so nothing past buf is read; bits above 23 do not matter):
 *     s = t - ((t >> 1) & 0x6DB6DB) - ((t >> 2) & 0x249249)   3-bit sums f0..f7 (no borrows)
 *     D = (s & 0x1C71C7) + 0x104104 - ((s >> 3) & 0x1C71C7)   f(2i) - f(2i+1) + 4 at bit 6i
 *     PKHBT x, D, D, LSL #10; AND x, #0x70007; SSUB16 x, x, (4, 4)  -> (c1, c0); likewise
 *     from D >> 12 -> (c3, c2).
 * Register map: r0 r, r1 buf, r2 0x6DB6DB, r3 0x249249, r4 0x1C71C7, r5 0x104104,
 * r6 0x00040004, r7-r10 the loaded words, r11, r12 temporaries, lr end of r.
 *
 *   void m4crypt_poly_cbd_eta2_add_armv7m(m4crypt_poly *r, const uint8_t buf[128]);
 *   void m4crypt_poly_cbd_eta3_add_armv7m(m4crypt_poly *r, const uint8_t buf[192]);
 * r += SamplePolyCBD_eta(buf), wrapping 16-bit lanes (the contract of m4crypt_poly_cbd_eta2_add_c
 * and _eta3_add_c, src/mlkem/poly.c), so that a noise term needs no polynomial of its own.
 * eta2_add: one input word per half iteration; r's four words loaded by LDM into r8-r11 and the
 * sums formed by SXTAB16 in place of SXTB16 (sign extension and wrapping addition in one
 * instruction); the second input word in lr, temporaries r6, r7. eta3_add: SADD16 of r's two
 * words per group (in lr and the group's spent input register) before the stores; the end of r
 * in the stack slot of the pushed r12 (all registers are in use).
 *
 * Cycles: m4sim regions io.cbd_eta2_add and io.cbd_eta3_add of tests/mlkem/test_mlkem_io_armv7m.c
 * (m4sim run --regions; the _add forms measured fewer than SXTB16 + SADD16), and the exclusive
 * cycles of each in `m4sim profile build/m4-armv7m/bench.elf mlkem768.encaps`.
 * Constant time: no branch or address depends on data.
 */
    .syntax unified
    .thumb
    .cpu cortex-m4

/* Word w (clobbered) to output words o0..o3 (o0 = coefficients 0, 1); t1, t2 temporaries.
 * Registers may be shared as w = o1, t1 = o3, t2 = o2 (each is read before it is written). */
/* The packed eta = 2 coefficients of word w (clobbered): w = [c0, c2, c1, c3] and
 * t1 = [c4, c6, c5, c7] as signed bytes (r2 = 0x55555555, r3 = 0x03030303); t2 clobbered.
 * Shared by CBD2 and CBD2ADD. */
.macro CBD2_PAIRS w, t1, t2
    and.w   \t1, r2, \w
    and.w   \w, r2, \w, lsr #1
    add.w   \w, \w, \t1             @ s
    and.w   \t1, r3, \w             @ a0
    and.w   \t2, r3, \w, lsr #2     @ b0
    ssub8   \t1, \t1, \t2           @ ce
    and.w   \t2, r3, \w, lsr #4     @ a1
    and.w   \w, r3, \w, lsr #6      @ b1
    ssub8   \t2, \t2, \w            @ co
    pkhbt   \w, \t1, \t2, lsl #16   @ [c0, c2, c1, c3]
    pkhtb   \t1, \t2, \t1, asr #16  @ [c4, c6, c5, c7]
.endm

.macro CBD2 w, o0, o1, o2, o3, t1, t2
    CBD2_PAIRS \w, \t1, \t2
    sxtb16  \o0, \w
    sxtb16  \o1, \w, ror #8
    sxtb16  \o2, \t1
    sxtb16  \o3, \t1, ror #8
.endm

    .text
    .global m4crypt_poly_cbd_eta2_armv7m
    .type m4crypt_poly_cbd_eta2_armv7m, %function
    .p2align 2
m4crypt_poly_cbd_eta2_armv7m:
    push.w  {r4-r11, lr}
    mov.w   r2, #0x55555555
    mov.w   r3, #0x03030303
    add.w   r12, r0, #512
    .p2align 2
1:
    ldr.w   r9, [r1, #4]
    ldr.w   r5, [r1], #8
    CBD2    r5, r4, r5, r6, r7, r7, r6  @ w = o1, t1 = o3, t2 = o2 (see the macro's order)
    CBD2    r9, r8, r9, r10, r11, r11, r10
    stm.w   r0!, {r4-r11}
    cmp.w   r0, r12
    bne.w   1b
    pop.w   {r4-r11, pc}
    .size m4crypt_poly_cbd_eta2_armv7m, .-m4crypt_poly_cbd_eta2_armv7m

/* eta = 3: the group in the low 24 bits of t (clobbered) to the coefficient pairs r11 = (c1, c0),
 * r12 = (c3, c2). */
.macro CBD3_PAIRS t
    and.w   r11, r2, \t, lsr #1
    sub.w   r11, \t, r11
    and.w   \t, r3, \t, lsr #2
    sub.w   \t, r11, \t             @ s
    and.w   r11, r4, \t
    add.w   r11, r11, r5
    and.w   \t, r4, \t, lsr #3
    sub.w   \t, r11, \t             @ D
    pkhbt   r11, \t, \t, lsl #10
    and.w   r11, r11, #0x00070007
    ssub16  r11, r11, r6            @ (c1, c0)
    lsr.w   \t, \t, #12
    pkhbt   r12, \t, \t, lsl #10
    and.w   r12, r12, #0x00070007
    ssub16  r12, r12, r6            @ (c3, c2)
.endm

/* Twelve bytes of buf (advances) as four 24-bit groups, each handed to the macro m (CBD3 or
 * CBD3ADD): words at offsets 0, 3, 6 and the top three bytes of the word at 8. */
.macro CBD3_GROUP m
    ldr.w   r8, [r1, #3]
    ldr.w   r9, [r1, #6]
    ldr.w   r10, [r1, #8]
    ldr.w   r7, [r1], #12
    \m     r7
    \m     r8
    \m     r9
    lsr.w   r10, r10, #8
    \m     r10
.endm

/* eta = 3: group in the low 24 bits of t (clobbered) to two output words stored at r0. */
.macro CBD3 t
    CBD3_PAIRS \t
    str.w   r12, [r0, #4]
    str.w   r11, [r0], #8
.endm

    .global m4crypt_poly_cbd_eta3_armv7m
    .type m4crypt_poly_cbd_eta3_armv7m, %function
    .p2align 2
m4crypt_poly_cbd_eta3_armv7m:
    push.w  {r4-r11, lr}
    movw    r2, #0xB6DB
    movt    r2, #0x6D
    movw    r3, #0x9249
    movt    r3, #0x24
    movw    r4, #0x71C7
    movt    r4, #0x1C
    movw    r5, #0x4104
    movt    r5, #0x10
    mov.w   r6, #0x00040004
    add.w   lr, r0, #512
    .p2align 2
1:
    CBD3_GROUP CBD3
    cmp.w   r0, lr
    bne.w   1b
    pop.w   {r4-r11, pc}
    .size m4crypt_poly_cbd_eta3_armv7m, .-m4crypt_poly_cbd_eta3_armv7m

/* eta = 2, adding: as CBD2 up to the two packed words, then SXTAB16 (sign-extend bytes 0 and 2,
 * add to the halfwords of r's word: the wrapping addition in the same instruction) into r's
 * words a0..a3; w, t1, t2 are clobbered. */
.macro CBD2ADD w, t1, t2, a0, a1, a2, a3
    CBD2_PAIRS \w, \t1, \t2
    sxtab16 \a0, \a0, \w
    sxtab16 \a1, \a1, \w, ror #8
    sxtab16 \a2, \a2, \t1
    sxtab16 \a3, \a3, \t1, ror #8
.endm

    .global m4crypt_poly_cbd_eta2_add_armv7m
    .type m4crypt_poly_cbd_eta2_add_armv7m, %function
    .p2align 2
m4crypt_poly_cbd_eta2_add_armv7m:
    push.w  {r4-r11, lr}
    mov.w   r2, #0x55555555
    mov.w   r3, #0x03030303
    add.w   r12, r0, #512
    .p2align 2
1:
    ldr.w   lr, [r1, #4]
    ldr.w   r5, [r1], #8
    ldm.w   r0, {r8-r11}
    CBD2ADD r5, r6, r7, r8, r9, r10, r11
    stm.w   r0!, {r8-r11}
    ldm.w   r0, {r8-r11}
    CBD2ADD lr, r6, r7, r8, r9, r10, r11
    stm.w   r0!, {r8-r11}
    cmp.w   r0, r12
    bne.w   1b
    pop.w   {r4-r11, pc}
    .size m4crypt_poly_cbd_eta2_add_armv7m, .-m4crypt_poly_cbd_eta2_add_armv7m

/* eta = 3, adding: as CBD3, then r's two words (in lr and the spent t) added before the stores. */
.macro CBD3ADD t
    CBD3_PAIRS \t
    ldr.w   lr, [r0]
    ldr.w   \t, [r0, #4]
    sadd16  r11, r11, lr
    sadd16  r12, r12, \t
    str.w   r12, [r0, #4]
    str.w   r11, [r0], #8
.endm

    .global m4crypt_poly_cbd_eta3_add_armv7m
    .type m4crypt_poly_cbd_eta3_add_armv7m, %function
    .p2align 2
m4crypt_poly_cbd_eta3_add_armv7m:
    add.w   r12, r0, #512
    push.w  {r4-r12, lr}            @ (r12, the end of r, is read back from [sp, #32])
    movw    r2, #0xB6DB
    movt    r2, #0x6D
    movw    r3, #0x9249
    movt    r3, #0x24
    movw    r4, #0x71C7
    movt    r4, #0x1C
    movw    r5, #0x4104
    movt    r5, #0x10
    mov.w   r6, #0x00040004
    .p2align 2
1:
    CBD3_GROUP CBD3ADD
    ldr.w   lr, [sp, #32]
    cmp.w   r0, lr
    bne.w   1b
    pop.w   {r4-r12, pc}
    .size m4crypt_poly_cbd_eta3_add_armv7m, .-m4crypt_poly_cbd_eta3_add_armv7m
