/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM K-PKE level helpers for ARMv7E-M (Cortex-M4), Thumb-2: the pieces that let
 * src/mlkem/kpke.c stream SampleNTT into the product (no matrix entry held) and add without
 * halfword loops. C twins in src/mlkem/poly.c (suffix _c), contracts in src/mlkem/poly.h.
 *
 *   void m4crypt_mlkem_basemul_acc_part_armv7m(int16_t *r, const int16_t *a, const int16_t *b,
 *                                              unsigned start);
 *   void m4crypt_mlkem_basemul_part_armv7m(int16_t *r, const int16_t *a, const int16_t *b,
 *                                          unsigned start);
 * Coefficients start .. start + 63 of a * b R^-1 in the NTT domain (FIPS 203 Alg. 11, 12; one
 * M4CRYPT_MLKEM_SAMPLE_STEP), added to r (_acc) or written to r; r and b point at coefficient
 * start, a at the 64 coefficients of the matrix entry; start a multiple of 64. Results are
 * bit-identical to m4crypt_mlkem_poly_basemul(_acc)_armv7m: docs/mlkem-armv7m.md, "Streamed
 * base multiplication". Registers: r0-r2 r, a, b (advance); r3 gamma table pointer (advances);
 * r4, r5 words of a; r6, r7 words of b; r8, r9 words of r (_acc); r10 temporary; r11 w(gamma);
 * r12 C = q << 16 | 8; lr C2 = 3327 << 16 | 3329 (-q^-1 mod 2^16, q).
 *   void m4crypt_mlkem_poly_add_msg_armv7m(m4crypt_mlkem_poly *r, const uint8_t m[32]);
 * r += Decompress_1(ByteDecode_1(m)), see its section below.
 *   void m4crypt_mlkem_poly_add_armv7m(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
 *                                      const m4crypt_mlkem_poly *b);
 *   void m4crypt_mlkem_poly_sub_armv7m(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
 *                                      const m4crypt_mlkem_poly *b);
 * r = a + b, a - b with SADD16 / SSUB16 (wrapping 16-bit lanes, as the C); r may equal a or b.
 * Register map: r0, r1, r2 r, a, b (advance); r3-r6 words of a; r7-r10 words of b; r12 end.
 *
 * Constant time: no branch or address depends on data (start is a public step index).
 * Exclusive cycles in `m4sim profile build/m4-armv7m/bench.elf mlkem512.encaps` (basemul parts)
 * and mlkem512.decaps; twin test tests/mlkem/test_mlkem_fused_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"

#include "basemul_pair.i"

    .text
BASEMUL_FUNC m4crypt_mlkem_basemul_acc_part_armv7m, 1, 1
BASEMUL_FUNC m4crypt_mlkem_basemul_part_armv7m, 0, 1

/* Eight coefficients of r = a op b. */
.macro ADDSUB8 op
    ldm.w   r1!, {r3-r6}
    ldm.w   r2!, {r7-r10}
    \op     r3, r3, r7
    \op     r4, r4, r8
    \op     r5, r5, r9
    \op     r6, r6, r10
    stm.w   r0!, {r3-r6}
.endm

/* Both functions: r = a op b, 16 coefficients per iteration. */
.macro ADDSUB_LOOP op
    push.w  {r4-r10, lr}
    add.w   r12, r0, #512
    .p2align 2
1:
    ADDSUB8 \op
    ADDSUB8 \op
    cmp.w   r0, r12
    bne.w   1b
    pop.w   {r4-r10, pc}
.endm

FUNC m4crypt_mlkem_poly_add_armv7m
    ADDSUB_LOOP sadd16
ENDFUNC m4crypt_mlkem_poly_add_armv7m

FUNC m4crypt_mlkem_poly_sub_armv7m
    ADDSUB_LOOP ssub16
ENDFUNC m4crypt_mlkem_poly_sub_armv7m

/* ---------------------------------------------------------------- r += Decompress_1(m)
 *   void m4crypt_mlkem_poly_add_msg_armv7m(m4crypt_mlkem_poly *r, const uint8_t m[32]);
 * As m4crypt_mlkem_poly_add_msg_c: coefficient 8i + j gets 1665 = round(q/2) added when bit j of
 * m[i] is set (FIPS 203 Alg. 14 line 20, Decompress_1 of ByteDecode_1), wrapping halfword adds.
 * Per byte b: t = b | b << 15 puts bit 2k at position 2k and bit 2k+1 at position 2k + 16, so
 * (t >> 2k) & 0x00010001 is the word (bit 2k, bit 2k+1) of halfwords; times 1665 (MUL: the
 * halves cannot carry into each other) it is added to r's word k by UADD16. No branch, table or
 * address depends on m (the message is secret).
 * Register map: r0 r (advances), r1 m (advances), r2 the byte, then t, r3 end of m, r4-r7 the
 * four words of r, r8 temporary, r12 0x00010001, lr 1665.
 * Cycles: exclusive, `m4sim profile build/m4-armv7m/bench.elf mlkem512.decaps`. */
.macro MSGWORD w, k
.if \k
    and.w   r8, r12, r2, lsr #(2 * \k)
.else
    and.w   r8, r12, r2
.endif
    mul     r8, r8, lr
    uadd16  \w, \w, r8
.endm

    .text
FUNC m4crypt_mlkem_poly_add_msg_armv7m
    push.w  {r4-r8, lr}
    movw    r12, #1
    movt    r12, #1
    movw    lr, #1665
    add.w   r3, r1, #32
    .p2align 2
1:
    ldrb.w  r2, [r1], #1
    ldm.w   r0, {r4-r7}
    orr.w   r2, r2, r2, lsl #15
    MSGWORD r4, 0
    MSGWORD r5, 1
    MSGWORD r6, 2
    MSGWORD r7, 3
    stm.w   r0!, {r4-r7}
    cmp.w   r1, r3
    bne.w   1b
    pop.w   {r4-r8, pc}
ENDFUNC m4crypt_mlkem_poly_add_msg_armv7m

#include "fused_gammas.i"

#endif /* M4CRYPT_ENABLE_MLKEM */
