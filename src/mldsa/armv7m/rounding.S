/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA Decompose (FIPS 204 Alg. 36), MakeHint (Alg. 39) and the norm check for ARMv7E-M
 * (contracts of src/mldsa/poly.h; the same values as the C twins in src/mldsa/poly.c).
 *
 *   void m4crypt_mldsa_decompose_armv7m(m4crypt_mldsa_poly *a1, m4crypt_mldsa_poly *a0,
 *                                       const m4crypt_mldsa_poly *a, int32_t gamma2);
 *   uint32_t m4crypt_mldsa_make_hint_armv7m(uint8_t h[32], const m4crypt_mldsa_poly *a,
 *                                           const m4crypt_mldsa_poly *t, int32_t gamma2,
 *                                           int32_t r0_bound);
 *       the hint bits of a + t against a, eight per byte of h; returns the number of ones |
 *       (some |r0| >= r0_bound) << 31
 *   uint32_t m4crypt_mldsa_chknorm_armv7m(const m4crypt_mldsa_poly *a, int32_t bound);
 *       1 if some |a_i| >= bound
 * The branch-free arithmetic of each: docs/mldsa-armv7m.md, "Decompose, hints and the norm check".
 * Constant time: the only branch depends on gamma2.
 *
 * Register map (decompose):
 *   r0  a1 (advances)   r1  a0 (advances)   r2  a (advances)   r3  gamma2 - 1
 *   r4  ceil(2^48 / (2 gamma2))   r5  2 gamma2   r6  top   lr  end of a
 *   r7  a_i   r8  r1   r9  r0   r10  sum, then the wrap flag   r11  low product word
 * (make_hint): r1 a   r2 t   r3 gamma2 - 1   r4 multiplier   r5 2 gamma2   r6 r0_bound - 1
 *   r7 top   r8 ones   r9 OR of r0_bound - 1 - |r0|   r10 the byte of h   r11 a_i, then s
 *   r12 r1 of a_i   r0, lr scratch (q loaded into lr)   [sp] h (advances)   [sp, #4] end of a
 * (chknorm): r0  a (advances)   r1  bound - 1   r3  end   r4-r7  coefficients   r8  |x|
 *   r12  OR
 *
 * Bench rows mldsa*.sign (and verify: decompose); twin test tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

FUNC m4crypt_mldsa_decompose_armv7m
    push {r4-r11, lr}
    movw r12, #0x7400
    movt r12, #0x1                  @ (q - 1) / 88
    ldr r4, =1477838210             @ ceil(2^48 / (2 (q - 1) / 88))
    mov r6, #44
    cmp r3, r12
    beq 1f
    ldr r4, =537395713              @ ceil(2^48 / (2 (q - 1) / 32))
    mov r6, #16
1:  lsl r5, r3, #1
    sub r3, r3, #1
    add lr, r2, #1024
2:  ldr r7, [r2], #4
    add r10, r7, r3
    umull r11, r8, r10, r4
    lsr r8, r8, #16                 @ r1
    mls r9, r8, r5, r7              @ r0 = a - 2 gamma2 r1
    eor r10, r8, r6
    sub r10, r10, #1
    lsr r10, r10, #31               @ 1 iff r1 == top
    sub r9, r9, r10
    mls r8, r8, r10, r8             @ r1 = 0 if it was top
    str r8, [r0], #4
    str r9, [r1], #4
    END_LOOP_FUNC m4crypt_mldsa_decompose_armv7m, r2, lr, 2b, r4-r11

    @ one coefficient of make_hint, bit \b of the byte
    .macro HINT b
    ldr r11, [r1], #4               @ a_i
    add r12, r11, r3
    umull r0, r12, r12, r4
    lsr r12, r12, #16               @ r1
    mls r0, r12, r5, r11            @ r0
    eor lr, r12, r7
    sub lr, lr, #1
    lsr lr, lr, #31                 @ r1 == top
    sub r0, r0, lr
    mls r12, r12, lr, r12
    eor lr, r0, r0, asr #31
    sub lr, lr, r0, asr #31         @ |r0|
    sub lr, r6, lr
    orr r9, r9, lr
    ldr r0, [r2], #4                @ t_i
    add r11, r11, r0                @ s in (-q, 2q)
    movw lr, #0xe001
    movt lr, #0x7f                  @ q
    and r0, lr, r11, asr #31
    add r11, r11, r0                @ [0, 2q)
    sub r0, r11, lr
    and lr, lr, r0, asr #31
    add r11, r0, lr                 @ [0, q)
    add r11, r11, r3
    umull r0, r11, r11, r4
    lsr r11, r11, #16               @ r1 of s
    eor lr, r11, r7
    sub lr, lr, #1
    lsr lr, lr, #31
    mls r11, r11, lr, r11
    eor r11, r11, r12
    rsb r0, r11, #0
    orr r11, r11, r0
    lsr r11, r11, #31               @ r1 of s != r1
    orr r10, r10, r11, lsl #\b
    add r8, r8, r11
    .endm

FUNC m4crypt_mldsa_make_hint_armv7m
    push {r4-r11, lr}
    ldr r6, [sp, #36]               @ r0_bound
    sub r6, r6, #1
    sub sp, sp, #8
    str r0, [sp]
    add r0, r1, #1024
    str r0, [sp, #4]
    movw r12, #0x7400
    movt r12, #0x1                  @ (q - 1) / 88
    ldr r4, =1477838210
    mov r7, #44
    cmp r3, r12
    beq 1f
    ldr r4, =537395713
    mov r7, #16
1:  lsl r5, r3, #1
    sub r3, r3, #1
    mov r8, #0
    mov r9, #0
2:  mov r10, #0
    .irp b, 0, 1, 2, 3, 4, 5, 6, 7
    HINT \b
    .endr
    ldr r0, [sp]
    strb r10, [r0], #1
    str r0, [sp]
    ldr r0, [sp, #4]
    cmp r1, r0
    bne 2b
    and r9, r9, #0x80000000
    orr r0, r8, r9
    add sp, sp, #8
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_make_hint_armv7m
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

    .macro NORM x
    eor r8, \x, \x, asr #31
    sub r8, r8, \x, asr #31         @ |x|
    sub r8, r1, r8
    orr r12, r12, r8
    .endm

FUNC m4crypt_mldsa_chknorm_armv7m
    push {r4-r8, lr}
    sub r1, r1, #1
    mov r12, #0
    add r3, r0, #1024
1:  ldm r0!, {r4-r7}
    EACH NORM, r4, r5, r6, r7
    cmp r0, r3
    bne 1b
    lsr r0, r12, #31
    pop {r4-r8, pc}
ENDFUNC m4crypt_mldsa_chknorm_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
