/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA pointwise products in the NTT domain (FIPS 204 Alg. 45, Montgomery) for ARMv7E-M.
 *
 *   void m4crypt_mldsa_pointwise_acc_part_armv7m(int32_t *r, const int32_t *a, const int32_t *b);
 *       r[i] += a[i] b[i] 2^-32 mod q for i < 32 (M4CRYPT_MLDSA_STEP): the product of a streamed
 *       matrix entry's next 32 coefficients (src/mldsa/poly.c, m4crypt_mldsa_matrix_entry_acc)
 *   void m4crypt_mldsa_pointwise_armv7m(m4crypt_mldsa_poly *r, const m4crypt_mldsa_poly *a,
 *                                       const m4crypt_mldsa_poly *b);
 *       r = a o b 2^-32 (256 coefficients; r may be a or b)
 *   void m4crypt_mldsa_pointwise_acc_p24_armv7m(m4crypt_mldsa_poly *r, const uint8_t a[768],
 *                                               const m4crypt_mldsa_poly *b);
 *       r += a o b 2^-32 (256 coefficients), a packed 3 bytes per coefficient (signing's
 *       expanded A): four coefficients from three words (LDR, any alignment), UBFX / BFI
 *   void m4crypt_mldsa_pointwise_acc_part_p24_armv7m(int32_t *r, const uint8_t *a,
 *                                                    const int32_t *b);
 *       the same over 32 coefficients (M4CRYPT_MLDSA_STEP; a: 96 bytes): key generation's and
 *       verification's products of a streamed matrix entry b with the packed NTT(s1_j) / NTT(z_j),
 *       without unpacking them first (the same loop, entered with a nearer end)
 * Contracts of src/mldsa/poly.h: |a|, |b| < 9q, each product below q in magnitude, no reduction
 * of the sum. Montgomery product as in ntt.S: SMULL, MUL by q^-1, SMLAL by -q; the same values
 * as the C twins.
 *
 * Register map:
 *   r0        r (advances)        r1  a (advances)        r2  b (advances)
 *   r3        end of r
 *   r4, r5    a[i], a[i+1]        r6, r7  b[i], b[i+1], then the products
 *   r8, r9    r[i], r[i+1] (acc)  r10, r11  lo, t of the Montgomery product
 *   r12       -q                  lr  q^-1 mod 2^32
 *
 * In _p24: r4-r6 the three packed words, then a[i..i+3] in r7, r8, r4, r5; r9 b[i+1].
 *
 * Measured by the bench rows mldsa*.keypair / sign / verify (and the twin test
 * tests/mldsa/test_mldsa_armv7m.c). Constant time: no branch or address depends on data.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"

    .macro MONT y, x
    smull r10, \y, \y, \x
    mul r11, r10, lr
    smlal r10, \y, r11, r12
    .endm

@ One section per function (FUNC), so that --gc-sections drops what a firmware does not call; the
@ two p24 entries share one, as the partial one branches into the whole one's loop.
FUNC m4crypt_mldsa_pointwise_acc_part_armv7m
    push {r4-r11, lr}
    ldr r12, =0xff801fff            @ -q
    ldr lr, =0x03802001             @ q^-1 mod 2^32
    add r3, r0, #128
1:  ldrd r4, r5, [r1], #8
    ldrd r6, r7, [r2], #8
    ldrd r8, r9, [r0]
    MONT r6, r4
    MONT r7, r5
    add r8, r8, r6
    add r9, r9, r7
    strd r8, r9, [r0], #8
    cmp r0, r3
    bne 1b
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_pointwise_acc_part_armv7m
    .ltorg

FUNC m4crypt_mldsa_pointwise_armv7m
    push {r4-r11, lr}
    ldr r12, =0xff801fff            @ -q
    ldr lr, =0x03802001             @ q^-1 mod 2^32
    add r3, r0, #1024
1:  ldrd r4, r5, [r1], #8
    ldrd r6, r7, [r2], #8
    MONT r6, r4
    MONT r7, r5
    strd r6, r7, [r0], #8
    cmp r0, r3
    bne 1b
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_pointwise_armv7m
    .ltorg

    .section .text.m4crypt_mldsa_pointwise_acc_p24_armv7m,"ax",%progbits
    .global m4crypt_mldsa_pointwise_acc_part_p24_armv7m
    .type m4crypt_mldsa_pointwise_acc_part_p24_armv7m, %function
    .balign 4
m4crypt_mldsa_pointwise_acc_part_p24_armv7m:
    push {r4-r11, lr}
    add r3, r0, #4*32               @ M4CRYPT_MLDSA_STEP coefficients
    b 0f
    .size m4crypt_mldsa_pointwise_acc_part_p24_armv7m, . - m4crypt_mldsa_pointwise_acc_part_p24_armv7m

    .global m4crypt_mldsa_pointwise_acc_p24_armv7m
    .type m4crypt_mldsa_pointwise_acc_p24_armv7m, %function
    .balign 4
m4crypt_mldsa_pointwise_acc_p24_armv7m:
    push {r4-r11, lr}
    add r3, r0, #1024
0:  ldr r12, =0xff801fff            @ -q
    ldr lr, =0x03802001             @ q^-1 mod 2^32
1:  ldr r4, [r1], #4                @ a0 | a1 << 24
    ldr r5, [r1], #4                @ a1 >> 8 | a2 << 16
    ldr r6, [r1], #4                @ a2 >> 16 | a3 << 8
    ubfx r7, r4, #0, #24            @ a0
    lsrs r8, r4, #24
    bfi r8, r5, #8, #16             @ a1
    lsrs r4, r5, #16
    bfi r4, r6, #16, #8             @ a2
    lsrs r5, r6, #8                 @ a3
    ldrd r6, r9, [r2], #8
    MONT r6, r7
    MONT r9, r8
    ldrd r7, r8, [r0]
    add r7, r7, r6
    add r8, r8, r9
    strd r7, r8, [r0], #8
    ldrd r6, r9, [r2], #8
    MONT r6, r4
    MONT r9, r5
    ldrd r4, r5, [r0]
    add r4, r4, r6
    add r5, r5, r9
    strd r4, r5, [r0], #8
    cmp r0, r3
    bne 1b
    pop {r4-r11, pc}
    .size m4crypt_mldsa_pointwise_acc_p24_armv7m, . - m4crypt_mldsa_pointwise_acc_p24_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
