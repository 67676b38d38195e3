/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM coefficient reduction for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mlkem_poly_reduce_armv7m(m4crypt_mlkem_poly *r);
 *   void m4crypt_mlkem_poly_tomont_armv7m(m4crypt_mlkem_poly *r);   (shares the loop)
 * Every coefficient (any int16) to its representative in [-(q-1)/2, (q-1)/2], the same values
 * as the Barrett reduction of m4crypt_mlkem_poly_reduce_c (the range is a complete residue system,
 * so the representative is unique).
 *
 * Per word (two coefficients) a Plantard product by 1 (ntt.S, gen_tables.py): SMLAWB, SMLAWT,
 * SMULBT, SMULBT, PKHTB with the table word w(1); gen_tables.py checks for every int16 input
 * that the result is x mod q within +-1664 = +-(q-1)/2. tomont multiplies by 2^16 mod q the
 * same way (output within +-1664, any int16 input; C's Montgomery version is below q).
 *
 * Loop: 16 iterations of 16 coefficients (8 words loaded and stored together). Register map: r0 pointer, r1-r8 data, r9 temporary, r10 C = q << 16 | 8,
 * r11 w(1), r12 end.
 *
 * Cycles: the exclusive cycles of each in `m4sim profile build/m4-armv7m/bench.elf
 * mlkem768.keypair`; inside every ML-KEM bench row.
 * Constant time: no branch or address depends on data.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
    .cpu cortex-m4

.macro PRED x
    smlawb  r9, r11, \x, r10
    smlawt  \x, r11, \x, r10
    smulbt  r9, r9, r10
    smulbt  \x, \x, r10
    pkhtb   \x, \x, r9, asr #16
.endm

/* Eight words at r0 + off. */
.macro EIGHT off
    ldr.w   r1, [r0, #\off]
    ldr.w   r2, [r0, #\off+4]
    ldr.w   r3, [r0, #\off+8]
    ldr.w   r4, [r0, #\off+12]
    ldr.w   r5, [r0, #\off+16]
    ldr.w   r6, [r0, #\off+20]
    ldr.w   r7, [r0, #\off+24]
    ldr.w   r8, [r0, #\off+28]
    PRED    r1
    PRED    r2
    PRED    r3
    PRED    r4
    PRED    r5
    PRED    r6
    PRED    r7
    PRED    r8
    str.w   r1, [r0, #\off]
    str.w   r2, [r0, #\off+4]
    str.w   r3, [r0, #\off+8]
    str.w   r4, [r0, #\off+12]
    str.w   r5, [r0, #\off+16]
    str.w   r6, [r0, #\off+20]
    str.w   r7, [r0, #\off+24]
    str.w   r8, [r0, #\off+28]
.endm

    .text
/* tomont: the same loop with w(2^16 mod q): x R mod q within +-1664 (|x| < q as poly.h asks). */
    .global m4crypt_mlkem_poly_tomont_armv7m
    .type m4crypt_mlkem_poly_tomont_armv7m, %function
    .p2align 2
m4crypt_mlkem_poly_tomont_armv7m:
    push.w  {r4-r11, lr}
    movw    r1, #:lower16:m4crypt_mlkem_reduce_consts_armv7m + 8
    movt    r1, #:upper16:m4crypt_mlkem_reduce_consts_armv7m + 8
    b.w     .Lreduce_common
    .size m4crypt_mlkem_poly_tomont_armv7m, .-m4crypt_mlkem_poly_tomont_armv7m

    .global m4crypt_mlkem_poly_reduce_armv7m
    .type m4crypt_mlkem_poly_reduce_armv7m, %function
    .p2align 2
m4crypt_mlkem_poly_reduce_armv7m:
    push.w  {r4-r11, lr}
    movw    r1, #:lower16:m4crypt_mlkem_reduce_consts_armv7m
    movt    r1, #:upper16:m4crypt_mlkem_reduce_consts_armv7m
.Lreduce_common:
    add.w   r12, r0, #512
    ldrd    r10, r11, [r1]
    .p2align 2
1:
    EIGHT   0
    add.w   r0, r0, #32
    cmp.w   r0, r12
    bne.w   1b
    pop.w   {r4-r11, pc}
    .size m4crypt_mlkem_poly_reduce_armv7m, .-m4crypt_mlkem_poly_reduce_armv7m

#endif /* M4CRYPT_ENABLE_MLKEM */
