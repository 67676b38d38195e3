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
 * Loop: 16 iterations of 16 coefficients (8 words loaded and stored together).
 * Register map: r0 pointer, r1-r8 data, r9 temporary, r10 C = q << 16 | 8, r11 w(1), r12 end.
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
#include "common/armv7m/asm_macros.i"
#include "plantard.i"

.macro PRED x
    PLANTARD2 \x, r9, \x, \x, r11
.endm

/* Eight words at r0 + off (WORDS: asm_macros.i). */
.macro EIGHT off
    WORDS   ldr.w, r0, \off, r1, r2, r3, r4, r5, r6, r7, r8
    EACH    PRED, r1, r2, r3, r4, r5, r6, r7, r8
    WORDS   str.w, r0, \off, r1, r2, r3, r4, r5, r6, r7, r8
.endm

    .text
/* tomont: the same loop with w(2^16 mod q): x R mod q within +-1664 (|x| < q as poly.h asks). */
FUNC m4crypt_mlkem_poly_tomont_armv7m
    push.w  {r4-r11, lr}
    movw    r1, #:lower16:m4crypt_mlkem_reduce_consts_armv7m + 8
    movt    r1, #:upper16:m4crypt_mlkem_reduce_consts_armv7m + 8
    b.w     .Lreduce_common
ENDFUNC m4crypt_mlkem_poly_tomont_armv7m

FUNC m4crypt_mlkem_poly_reduce_armv7m
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
ENDFUNC m4crypt_mlkem_poly_reduce_armv7m

#endif /* M4CRYPT_ENABLE_MLKEM */
