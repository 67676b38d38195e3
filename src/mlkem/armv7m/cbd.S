/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM SamplePolyCBD_2 and SamplePolyCBD_3 (FIPS 203 Alg. 8) for ARMv7E-M (Cortex-M4),
 * Thumb-2.
 *
 *   void m4crypt_mlkem_poly_cbd_eta2_armv7m(m4crypt_mlkem_poly *r, const uint8_t buf[128]);
 *   void m4crypt_mlkem_poly_cbd_eta3_armv7m(m4crypt_mlkem_poly *r, const uint8_t buf[192]);
 *   void m4crypt_mlkem_poly_cbd_eta2_add_armv7m(m4crypt_mlkem_poly *r, const uint8_t buf[128]);
 *   void m4crypt_mlkem_poly_cbd_eta3_add_armv7m(m4crypt_mlkem_poly *r, const uint8_t buf[192]);
 * Same results as m4crypt_mlkem_poly_cbd_eta2_c: coefficient i is (b[4i] + b[4i+1]) - (b[4i+2] +
 * b[4i+3]) over the input bits b, least significant bit of each byte first; the _add forms do
 * r += SamplePolyCBD_eta(buf) in wrapping 16-bit lanes (m4crypt_mlkem_poly_cbd_eta2_add_c,
 * _eta3_add_c, src/mlkem/poly.c). buf may have any alignment (single word loads; nothing past
 * buf is read). SIMD within a word, no branch or table: docs/mlkem-armv7m.md, "CBD sampling".
 *
 * Register   eta2                                 eta3
 *   r0, r1   r, buf (advance)                     r, buf (advance)
 *   r2, r3   0x55555555, 0x03030303               0x6DB6DB, 0x249249
 *   r4-r6    output words (r4-r11; also the       0x1C71C7, 0x104104, 0x00040004
 *   r7-r11   input words and temporaries)         r7-r10 loaded words, r11 temporary
 *   r12, lr  r12 end of r                         r12 temporary, lr end of r
 * eta2_add: r's four words in r8-r11, the second input word in lr, temporaries r6, r7.
 * eta3_add: r's two words in lr and the group's spent input register; the end of r in the
 * stack slot of the pushed r12.
 *
 * Constant time: no branch or address depends on data.
 * m4sim regions io.cbd_eta2_add, io.cbd_eta3_add of the twin test
 * tests/mlkem/test_mlkem_io_armv7m.c; `m4sim profile build/m4-armv7m/bench.elf mlkem768.encaps`.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"

/* Both eta = 2 functions: registers saved, the constants of CBD2_PAIRS, r12 = the end of r; the
 * macro iter (8 input bytes, 16 coefficients) until r0 reaches r12. */
.macro CBD2_LOOP iter
    push.w  {r4-r11, lr}
    mov.w   r2, #0x55555555
    mov.w   r3, #0x03030303
    add.w   r12, r0, #512
    .p2align 2
1:
    \iter
    cmp.w   r0, r12
    bne.w   1b
    pop.w   {r4-r11, pc}
.endm

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

/* Word w (clobbered) to output words o0..o3 (o0 = coefficients 0, 1); t1, t2 temporaries.
 * Registers may be shared as w = o1, t1 = o3, t2 = o2 (each is read before it is written). */
.macro CBD2 w, o0, o1, o2, o3, t1, t2
    CBD2_PAIRS \w, \t1, \t2
    sxtb16  \o0, \w
    sxtb16  \o1, \w, ror #8
    sxtb16  \o2, \t1
    sxtb16  \o3, \t1, ror #8
.endm

/* eta = 2: 8 bytes of buf (advances) to 16 coefficients stored at r0 (advances). */
.macro CBD2_ITER
    ldr.w   r9, [r1, #4]
    ldr.w   r5, [r1], #8
    CBD2    r5, r4, r5, r6, r7, r7, r6  @ w = o1, t1 = o3, t2 = o2 (see the macro's order)
    CBD2    r9, r8, r9, r10, r11, r11, r10
    stm.w   r0!, {r4-r11}
.endm

    .text
FUNC m4crypt_mlkem_poly_cbd_eta2_armv7m
    CBD2_LOOP CBD2_ITER
ENDFUNC m4crypt_mlkem_poly_cbd_eta2_armv7m

/* The constants of CBD3_PAIRS: r2 = 0x6db6db, r3 = 0x249249, r4 = 0x1c71c7, r5 = 0x104104,
 * r6 = 0x00040004. */
.macro CBD3_CONSTS
    movw    r2, #0xB6DB
    movt    r2, #0x6D
    movw    r3, #0x9249
    movt    r3, #0x24
    movw    r4, #0x71C7
    movt    r4, #0x1C
    movw    r5, #0x4104
    movt    r5, #0x10
    mov.w   r6, #0x00040004
.endm

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

FUNC m4crypt_mlkem_poly_cbd_eta3_armv7m
    push.w  {r4-r11, lr}
    CBD3_CONSTS
    add.w   lr, r0, #512
    .p2align 2
1:
    CBD3_GROUP CBD3
    cmp.w   r0, lr
    bne.w   1b
    pop.w   {r4-r11, pc}
ENDFUNC m4crypt_mlkem_poly_cbd_eta3_armv7m

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

/* eta = 2, adding: 8 bytes of buf (advances) added to 16 coefficients at r0 (advances). */
.macro CBD2ADD_ITER
    ldr.w   lr, [r1, #4]
    ldr.w   r5, [r1], #8
    ldm.w   r0, {r8-r11}
    CBD2ADD r5, r6, r7, r8, r9, r10, r11
    stm.w   r0!, {r8-r11}
    ldm.w   r0, {r8-r11}
    CBD2ADD lr, r6, r7, r8, r9, r10, r11
    stm.w   r0!, {r8-r11}
.endm

FUNC m4crypt_mlkem_poly_cbd_eta2_add_armv7m
    CBD2_LOOP CBD2ADD_ITER
ENDFUNC m4crypt_mlkem_poly_cbd_eta2_add_armv7m

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

FUNC m4crypt_mlkem_poly_cbd_eta3_add_armv7m
    add.w   r12, r0, #512
    push.w  {r4-r12, lr}            @ (r12, the end of r, is read back from [sp, #32])
    CBD3_CONSTS
    .p2align 2
1:
    CBD3_GROUP CBD3ADD
    ldr.w   lr, [sp, #32]
    cmp.w   r0, lr
    bne.w   1b
    pop.w   {r4-r12, pc}
ENDFUNC m4crypt_mlkem_poly_cbd_eta3_add_armv7m

#endif /* M4CRYPT_ENABLE_MLKEM */
