/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA pointwise products in the NTT domain (FIPS 204 Alg. 45, Montgomery) for ARMv7E-M.
 *
 *   void m4crypt_mldsa_pointwise_acc_part_armv7m(int32_t *r, const int32_t *a, const int32_t *b);
 *       r[i] += a[i] b[i] 2^-32 mod q for i < 32 (M4CRYPT_MLDSA_STEP, a streamed matrix entry)
 *   void m4crypt_mldsa_pointwise_armv7m(m4crypt_mldsa_poly *r, const m4crypt_mldsa_poly *a,
 *                                       const m4crypt_mldsa_poly *b);
 *       r = a o b 2^-32 (256 coefficients; r may be a or b)
 *   void m4crypt_mldsa_pointwise_sum_p24_armv7m(m4crypt_mldsa_poly *r, const uint8_t *a,
 *                    const m4crypt_mldsa_poly *b, unsigned ncols, int acc);
 *       r = sum of a_c o b[c] 2^-32 over ncols = 1, 2 or 3 packed entries a_c = a + 768 c (a
 *       4-byte aligned), in 64 bits, one Montgomery reduction per coefficient; with acc (ncols 2
 *       or 3) r's old value joins the sum as r (2^32 mod q), so the reduction adds it: |r| < q
 * Contracts (bounds, no reduction of the accumulator): src/mldsa/poly.h; the same values as the
 * C twins. MONT of mont.i. Callers and the packed form: docs/mldsa-armv7m.md, "Pointwise products".
 * Register map: r0 r (advances), r1 a (advances), r2 b (advances), r3 end of r, r12 negq = -q,
 * lr qinv = q^-1 mod 2^32; r4-r11:
 *   full words   r4, r5 a[i], a[i+1]; r6, r7 b[i], b[i+1], then the products; r8, r9 r[i], r[i+1]
 *                (acc); r10, r11 mlo, mt (lo, t of MONT)
 *   _sum_p24     {r5:r4}, {r7:r6} the 64-bit sums of two coefficients; r8, r9 a of a column, then
 *                r (acc), then t of the reductions; r10, r11 b, then (acc) 2^32 mod q in r10
 * Constant time: no branch or address depends on data (_sum_p24 selects its loop by ncols, acc).
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
    .equ MONT_R_MOD_Q, 4193792      @ 2^32 mod q
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


    @ column \c of the sum for two coefficients: half 0 is coefficients 4t, 4t + 1 (bytes 0-5 of
    @ the group's 12: a word and a halfword), half 1 is 4t + 2, 4t + 3 (bytes 6-11: a halfword and
    @ a word), so that every load is aligned; {r5:r4}, {r7:r6} (+)= a b
    .macro SUM_COLUMN c, half, first
    .if \half == 0
    ldr r8, [r1, #\c*768]           @ a0 | a1 << 24
    ldrh r9, [r1, #\c*768+4]        @ a1 >> 8
    ldr r10, [r2, #\c*1024]
    ldr r11, [r2, #\c*1024+4]
    lsl r9, r9, #8
    orr r9, r9, r8, lsr #24         @ a1
    ubfx r8, r8, #0, #24            @ a0
    .else
    ldrh r8, [r1, #\c*768+6]        @ a2 & 0xffff
    ldr r9, [r1, #\c*768+8]         @ a2 >> 16 | a3 << 8
    ldr r10, [r2, #\c*1024+8]
    ldr r11, [r2, #\c*1024+12]
    bfi r8, r9, #16, #8             @ a2
    lsr r9, r9, #8                  @ a3
    .endif
    .if \first
    smull r4, r5, r8, r10
    smull r6, r7, r9, r11
    .else
    smlal r4, r5, r8, r10
    smlal r6, r7, r9, r11
    .endif
    .endm

    @ two coefficients of r: the sums over \ncols columns, one Montgomery reduction each
    .macro SUM_HALF ncols, half, acc
    SUM_COLUMN 0, \half, 1
    .if \ncols >= 2
    SUM_COLUMN 1, \half, 0
    .endif
    .if \ncols == 3
    SUM_COLUMN 2, \half, 0
    .endif
    .if \acc
    ldrd r8, r9, [r0]               @ r
    movw r10, #(MONT_R_MOD_Q & 0xffff)
    movt r10, #(MONT_R_MOD_Q >> 16)
    smlal r4, r5, r8, r10           @ + r (2^32 mod q): the reduction adds r mod q
    smlal r6, r7, r9, r10
    .endif
    mul r8, r4, qinv
    smlal r4, r5, r8, negq          @ r5 = sum 2^-32 mod q, |r5| < q
    mul r9, r6, qinv
    smlal r6, r7, r9, negq
    strd r5, r7, [r0], #8
    .endm

    .macro SUM_LOOP ncols, acc
1:  SUM_HALF \ncols, 0, \acc
    SUM_HALF \ncols, 1, \acc
    add r1, r1, #12
    add r2, r2, #16
    cmp r0, r3
    bne 1b
    pop {r4-r11, pc}
    .endm

FUNC m4crypt_mldsa_pointwise_sum_p24_armv7m
    push {r4-r11, lr}
    ldr r4, [sp, #36]               @ acc
    MONT_CONSTANTS
    cmp r3, #2
    add r3, r0, #1024
    bhi 3f
    bne 11f
    cmp r4, #0
    bne 21f
    SUM_LOOP 2, 0
21: SUM_LOOP 2, 1
11: SUM_LOOP 1, 0                   @ ncols = 1 (acc 0 only)
3:  cmp r4, #0
    bne 31f
    SUM_LOOP 3, 0
31: SUM_LOOP 3, 1
ENDFUNC m4crypt_mldsa_pointwise_sum_p24_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
