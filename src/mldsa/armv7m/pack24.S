/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The packed form of ML-DSA's NTT-domain vectors and of signing's matrix (3 bytes per
 * coefficient, src/mldsa/poly.h) for ARMv7E-M; the same bytes and values as the C twins in
 * src/mldsa/poly.c.
 *
 *   void m4crypt_mldsa_pack24_armv7m(uint8_t *out, const int32_t *a, unsigned n);
 *   void m4crypt_mldsa_unpack24_armv7m(int32_t *r, const uint8_t *in, unsigned n);
 *       n a multiple of 4 (nonzero), coefficients in [0, 2^24): four per three words (ORR with
 *       shifts / UBFX, BFI); the byte side with LDR / STR (any alignment)
 *   void m4crypt_mldsa_freeze_pack24_armv7m(uint8_t out[768], const m4crypt_mldsa_poly *a);
 *       pack24 of freeze(a) (|x| < 2^31 - 2^22 to [0, q): reduce.i's FREEZE) in one pass, a
 *       unchanged
 * Constant time: no branch or address depends on data.
 *
 * Register map:
 *   r0  output (advances)   r1  input (advances)   r2  end of the int32 side
 *   r4-r7  coefficients (pack) / r4-r6 words, r8-r11 coefficients (unpack)
 *   (freeze_pack24) r2 end of a, r8 scratch, r12 q
 *
 * Measured by the bench rows mldsa*.keypair / sign / verify; twin test in
 * tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#include "reduce.i"

    @ four coefficients r4-r7 (below 2^24) packed into r4-r6 and stored at r0 (advances)
    .macro PACK4
    orr r4, r4, r5, lsl #24
    lsr r5, r5, #8
    orr r5, r5, r6, lsl #16
    lsr r6, r6, #16
    orr r6, r6, r7, lsl #8
    str r4, [r0], #4
    str r5, [r0], #4
    str r6, [r0], #4
    .endm

FUNC m4crypt_mldsa_pack24_armv7m
    push {r4-r7, lr}
    add r2, r1, r2, lsl #2
1:  ldm r1!, {r4-r7}
    PACK4
    END_LOOP_FUNC m4crypt_mldsa_pack24_armv7m, r1, r2, 1b, r4-r7

    @ reduce.i's FREEZE with t = r8, q = r12, for EACH
    .macro FREEZE24 x
    FREEZE \x, r8, r12
    .endm

FUNC m4crypt_mldsa_freeze_pack24_armv7m
    push {r4-r8, lr}
    movw r12, #0xe001
    movt r12, #0x7f                 @ q = 8380417
    add r2, r1, #1024
    .p2align 2                      @ (32-bit instructions at word addresses: m4sim's rule RUN32)
1:  ldm.w r1!, {r4-r7}
    EACH FREEZE24, r4, r5, r6, r7
    PACK4
    END_LOOP_FUNC m4crypt_mldsa_freeze_pack24_armv7m, r1, r2, 1b, r4-r8

FUNC m4crypt_mldsa_unpack24_armv7m
    push {r4-r11, lr}
    add r2, r0, r2, lsl #2
1:  ldr r4, [r1], #4
    ldr r5, [r1], #4
    ldr r6, [r1], #4
    ubfx r8, r4, #0, #24
    lsr r9, r4, #24
    bfi r9, r5, #8, #16
    lsr r10, r5, #16
    bfi r10, r6, #16, #8
    lsr r11, r6, #8
    stm r0!, {r8-r11}
    END_LOOP_FUNC m4crypt_mldsa_unpack24_armv7m, r0, r2, 1b, r4-r11

#endif /* M4CRYPT_ENABLE_MLDSA */
