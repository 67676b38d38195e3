/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM ByteEncode_12 / ByteDecode_12 (FIPS 203 Alg. 5, 6 with d = 12) for ARMv7E-M
 * (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mlkem_poly_tobytes_armv7m(uint8_t out[384], const m4crypt_mlkem_poly *a);
 *   void m4crypt_mlkem_poly_frombytes_armv7m(m4crypt_mlkem_poly *r, const uint8_t in[384]);
 * Same results as the _c versions (src/mlkem/poly.h): tobytes encodes the representatives in
 * [0, q) of any int16 coefficients; frombytes reduces each 12-bit value mod q (below 2q, one
 * conditional subtraction). The byte buffers may have any alignment (single LDR/STR only;
 * frombytes reads no byte outside in[0..383]).
 *
 * tobytes: an unsigned Plantard reduction (SMLAWB/SMLAWT, UXTH, MUL) gives the representative
 *   in [0, q); PKHTB and SMUAD pack pairs into 24-bit groups, four groups make three words.
 *   Register map: r0 out, r1 a, r2 w(1), r3 C, r4-r7 input words / groups, r8 temporary,
 *   r9 end of a, r12 q, lr 4096 << 16 | 1.
 * frombytes: one unaligned word load per pair of coefficients, PKHBT and AND split it into two
 *   halfwords, USUB16 and SEL subtract q where needed. Register map: r0 r, r1 in,
 *   r2 0x0FFF0FFF, r3 (q, q), r4-r7 loaded words and results, r8 temporary, r9 end of r.
 * Both loops do two groups (16 coefficients) per iteration. The arithmetic and the loads:
 * docs/mlkem-armv7m.md, "Byte encoding".
 *
 * Constant time: no branch or address depends on data.
 * Exclusive cycles in `m4sim profile build/m4-armv7m/bench.elf mlkem768.encaps`; inside every
 * ML-KEM bench row; twin test tests/mlkem/test_mlkem_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"

/* r5, r6, r7 from in + o5, o6, o7, then r4 from in, in advanced by step. */
.macro LOAD4 o5, o6, o7, step
    ldr.w   r5, [r1, #\o5]
    ldr.w   r6, [r1, #\o6]
    ldr.w   r7, [r1, #\o7]
    ldr.w   r4, [r1], #\step
.endm

/* Word x (clobbered) to the group t0 + 4096 t1 of its canonical coefficients, in x. */
.macro TOB x
    smlawb  r8, r2, \x, r3
    smlawt  \x, r2, \x, r3
    uxth.w  r8, r8
    uxth.w  \x, \x
    mul     r8, r8, r12
    mul     \x, \x, r12
    pkhtb   r8, \x, r8, asr #16
    smuad   \x, r8, lr
.endm

/* Word x (two 12-bit values in bits 0..23) to (c1, c0) reduced mod q, in x. */
.macro FROMB x
    pkhbt   \x, \x, \x, lsl #4
    and     \x, \x, r2
    usub16  r8, \x, r3
    sel     \x, r8, \x
.endm

/* One group of tobytes: 8 coefficients of a (advances) to 12 bytes of out (advances). */
.macro TOBYTES_GROUP
    LOAD4   4, 8, 12, 16
    EACH    TOB, r4, r5, r6, r7
    orr.w   r8, r4, r5, lsl #24
    lsr.w   r5, r5, #8
    orr.w   r5, r5, r6, lsl #16
    lsr.w   r6, r6, #16
    orr.w   r6, r6, r7, lsl #8
    str.w   r5, [r0, #4]
    str.w   r6, [r0, #8]
    str.w   r8, [r0], #12
.endm

/* One group of frombytes: 12 bytes of in (advances) to 8 coefficients of r (advances). */
.macro FROMBYTES_GROUP
    LOAD4   3, 6, 8, 12
    lsr.w   r7, r7, #8
    EACH    FROMB, r4, r5, r6, r7
    str.w   r5, [r0, #4]            @ (four STR: 4 cycles, STM: 5)
    str.w   r6, [r0, #8]
    str.w   r7, [r0, #12]
    str.w   r4, [r0], #16
.endm

/* The loop of both functions: two groups (16 coefficients) per iteration until the pointer p
 * reaches r9, then the return. */
.macro GROUP_LOOP group, p
    .p2align 2
1:
    \group
    \group
    cmp.w   \p, r9
    bne.w   1b
    pop.w   {r4-r9, pc}
.endm

    .text
FUNC m4crypt_mlkem_poly_tobytes_armv7m
    push.w  {r4-r9, lr}
    movw    r8, #:lower16:m4crypt_mlkem_reduce_consts_armv7m
    movt    r8, #:upper16:m4crypt_mlkem_reduce_consts_armv7m
    add.w   r9, r1, #512
    movw    r12, #3329
    ldrd    r3, r2, [r8]
    mov.w   lr, #0x10000000
    add.w   lr, lr, #1
    GROUP_LOOP TOBYTES_GROUP, r1
ENDFUNC m4crypt_mlkem_poly_tobytes_armv7m

FUNC m4crypt_mlkem_poly_frombytes_armv7m
    push.w  {r4-r9, lr}
    movw    r2, #0x0fff
    movt    r2, #0x0fff
    movw    r3, #3329
    movt    r3, #3329
    add.w   r9, r0, #512
    GROUP_LOOP FROMBYTES_GROUP, r0
ENDFUNC m4crypt_mlkem_poly_frombytes_armv7m

#endif /* M4CRYPT_ENABLE_MLKEM */
