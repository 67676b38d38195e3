/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA pointwise products in the NTT domain (FIPS 204 Alg. 45, Montgomery) for ARMv7E-M.
 *
 *   void m4crypt_mldsa_pointwise_acc_part_armv7m(int32_t *r, const int32_t *a, const int32_t *b);
 *       r[i] += a[i] b[i] 2^-32 mod q for i < 32 (M4CRYPT_MLDSA_STEP, a streamed matrix entry)
 *   void m4crypt_mldsa_pointwise_armv7m(m4crypt_mldsa_poly *r, const m4crypt_mldsa_poly *a,
 *                                       const m4crypt_mldsa_poly *b);
 *       r = a o b 2^-32 (256 coefficients; r may be a or b)
 *   void m4crypt_mldsa_pointwise_acc_p24_armv7m(m4crypt_mldsa_poly *r, const uint8_t a[768],
 *                                               const m4crypt_mldsa_poly *b);
 *       r += a o b 2^-32 (256 coefficients), a packed 3 bytes per coefficient, any alignment
 *   void m4crypt_mldsa_pointwise_acc_part_p24_armv7m(int32_t *r, const uint8_t *a,
 *                                                    const int32_t *b);
 *       the same over 32 coefficients (M4CRYPT_MLDSA_STEP; a: 96 bytes)
 * Contracts of src/mldsa/poly.h: |a|, |b| < 9q, each product below q in magnitude, no reduction
 * of the sum; the same values as the C twins. Montgomery product MONT of mont.i. Callers and the
 * packed form: docs/mldsa-armv7m.md, "Pointwise products".
 *
 * Register map:
 *   r0        r (advances)        r1  a (advances)        r2  b (advances)
 *   r3        end of r
 *   r4, r5    a[i], a[i+1]        r6, r7  b[i], b[i+1], then the products
 *   r8, r9    r[i], r[i+1] (acc)  r10, r11  mlo, mt: lo, t of the Montgomery product
 *   r12       negq: -q            lr  qinv: q^-1 mod 2^32
 *   In _p24: r4-r6 the three packed words, then a[i..i+3] in r7, r8, r4, r5; r9 b[i+1].
 *
 * Constant time: no branch or address depends on data.
 * Bench rows mldsa*.keypair / sign / verify; twin test tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#include "mont.i"

mlo .req r10
mt .req r11
negq .req r12
qinv .req lr

    @ the function \name: r = a o b 2^-32 over \n coefficients, two per LDRD / STRD, or (\acc 1)
    @ r += a o b 2^-32
    .macro POINTWISE name, n, acc
FUNC \name
    push {r4-r11, lr}
    MONT_CONSTANTS
    add r3, r0, #4*\n
1:  ldrd r4, r5, [r1], #8
    ldrd r6, r7, [r2], #8
    .if \acc
    ldrd r8, r9, [r0]
    .endif
    MONT r6, r4
    MONT r7, r5
    .if \acc
    add r8, r8, r6
    add r9, r9, r7
    strd r8, r9, [r0], #8
    .else
    strd r6, r7, [r0], #8
    .endif
    cmp r0, r3
    bne 1b
    pop {r4-r11, pc}
ENDFUNC \name
    .ltorg
    .endm

    POINTWISE m4crypt_mldsa_pointwise_acc_part_armv7m, 32, 1   @ M4CRYPT_MLDSA_STEP coefficients
    POINTWISE m4crypt_mldsa_pointwise_armv7m, 256, 0

    @ r[0..1] += (x, y) o b[0..1] 2^-32 (b advances, r advances; x, y then hold the sums)
    .macro ACC_P24 x, y
    ldrd r6, r9, [r2], #8
    MONT r6, \x
    MONT r9, \y
    ldrd \x, \y, [r0]
    add \x, \x, r6
    add \y, \y, r9
    strd \x, \y, [r0], #8
    .endm

@ The two p24 entries share one section, as the partial one branches into the whole one's loop.
    .section .text.m4crypt_mldsa_pointwise_acc_p24_armv7m,"ax",%progbits
FUNC_ENTRY m4crypt_mldsa_pointwise_acc_part_p24_armv7m
    push {r4-r11, lr}
    add r3, r0, #4*32               @ M4CRYPT_MLDSA_STEP coefficients
    b 0f
ENDFUNC m4crypt_mldsa_pointwise_acc_part_p24_armv7m

FUNC_ENTRY m4crypt_mldsa_pointwise_acc_p24_armv7m
    push {r4-r11, lr}
    add r3, r0, #1024
0:  MONT_CONSTANTS
1:  ldr r4, [r1], #4                @ a0 | a1 << 24
    ldr r5, [r1], #4                @ a1 >> 8 | a2 << 16
    ldr r6, [r1], #4                @ a2 >> 16 | a3 << 8
    ubfx r7, r4, #0, #24            @ a0
    lsrs r8, r4, #24
    bfi r8, r5, #8, #16             @ a1
    lsrs r4, r5, #16
    bfi r4, r6, #16, #8             @ a2
    lsrs r5, r6, #8                 @ a3
    ACC_P24 r7, r8
    ACC_P24 r4, r5
    cmp r0, r3
    bne 1b
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_pointwise_acc_p24_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
