/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA's rounding (FIPS 204 Alg. 36 Decompose, as w1Encode(HighBits)), MakeHint (Alg. 39)
 * and the norm check for ARMv7E-M (contracts of src/mldsa/poly.h;
 * the same values as the C twins in src/mldsa/poly.c).
 *   void m4crypt_mldsa_highbits_pack_w1_armv7m(uint8_t *out, const m4crypt_mldsa_poly *a,
 *                                              int32_t gamma2);
 *       w1Encode(HighBits(a)) (Alg. 28 of Decompose's r1, a in [0, q)) in one pass: signing's
 *       commitment, and verification's before the hinted fields are changed; out any alignment
 *   uint32_t m4crypt_mldsa_make_hint_armv7m(uint8_t h[32], const m4crypt_mldsa_poly *a,
 *       const m4crypt_mldsa_poly *t, int32_t gamma2, int32_t r0_bound);   (|t_i| < q)
 *       bit i of h: x_i + t_i outside [0, 2 gamma2), x_i = (a_i + gamma2 - 1) mod 2 gamma2 (the
 *       hint when |t_i| < gamma2); returns the number of ones | (some |r0| >= r0_bound) << 31
 *   uint32_t m4crypt_mldsa_chknorm_lowbits_armv7m(const m4crypt_mldsa_poly *a, int32_t gamma2,
 *       int32_t r0_bound);
 *       1 if some |LowBits(a_i)| >= r0_bound (a in [0, q)): make_hint's r0 bound alone
 *   uint32_t m4crypt_mldsa_chknorm_armv7m(const m4crypt_mldsa_poly *a, int32_t bound);
 *       1 if some |a_i| >= bound
 * The branch-free arithmetic of each: docs/mldsa-armv7m.md, "Decompose, hints and the norm check".
 * Constant time: the only branches depend on gamma2 and the loop counts.
 * Register map (highbits_pack_w1): r0 out (advances)   r1 a (advances)   r2 gamma2 - 1   r3 end of a
 *   r4-r11 coefficients, then r1 and the fields   r12 scratch   lr ceil(2^48 / (2 gamma2))
 * (make_hint): r0 h (advances)   r1 a   r2 t (advance)   r3 gamma2 - 1   r4 ceil(2^48 / (2 gamma2))
 *   r5 2 gamma2   r6 top 2^16 - 1   r7 gamma2 - r0_bound   r8 2 r0_bound - 1   r9 number of
 *   |r0| >= r0_bound   r10 hint bits   r11 u, then x (+ t_i)   r12, lr scratch   [sp] end of a;
 *   then (ones) r2 h (advances)   r1 byte counts   r10 a word of h   r11, r12 scratch
 * (chknorm_lowbits): r0 a (advances)   r1, r2, r10, r11 four coefficients   r3-r9 as in
 *   make_hint   r12, lr scratch   [sp] end of a
 * (chknorm): r0  a (advances)   r1  bound - 1   r3  end   r4-r7  coefficients   r8  |x|
 *   r12  OR
 * Bench rows mldsa*.sign (and verify: highbits_pack_w1); twin test
 * tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#include "reduce.i"
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

    @ The constants of the r0 arithmetic (make_hint, chknorm_lowbits), from gamma2 in \g and
    @ r0_bound in \b: r3 gamma2 - 1, r4 ceil(2^48 / (2 gamma2)), r5 2 gamma2, r6 top 2^16 - 1,
    @ r7 gamma2 - r0_bound, r8 2 r0_bound - 1, r9 = 0 (the bound count); r12 scratch
    .macro R0_CONSTANTS g, b
    movw r12, #0x7400
    movt r12, #0x1                  @ (q - 1) / 88
    ldr r4, =1477838210             @ ceil(2^48 / (2 (q - 1) / 88))
    ldr r6, =(44 << 16) - 1
    cmp \g, r12
    beq 1f
    ldr r4, =537395713              @ ceil(2^48 / (2 (q - 1) / 32))
    ldr r6, =(16 << 16) - 1
1:  lsl r5, \g, #1
    sub r7, \g, \b
    sub r3, \g, #1
    lsl r8, \b, #1
    sub r8, r8, #1
    mov r9, #0
    .endm

    @ r9 += (|LowBits(a_i)| >= r0_bound) for \x = a_i in [0, q), leaving \x = (a_i + gamma2 - 1)
    @ mod 2 gamma2 (make_hint's x); r12, lr scratch
    .macro LOWBITS_NORM x
    add.w \x, \x, r3              @ u = a_i + gamma2 - 1
    umull r12, lr, \x, r4
    lsr r12, lr, #16                @ k = floor(u / (2 gamma2))
    mls \x, r12, r5, \x            @ x = u - 2 gamma2 k, in [0, 2 gamma2)
    cmp r6, lr                      @ C = 0 iff k == top (Alg. 36's wrap: r0 one lower)
    sbc r12, \x, r7                @ r0 + r0_bound - 1, r0 = x - (gamma2 - 1) - (k == top)
    cmp r12, r8                     @ C = 1 iff r0 outside (-r0_bound, r0_bound)
    adc r9, r9, #0
    .endm

    @ coefficient j of 8 (bit j of a byte of h): 13 instructions, no branch
    .macro HINT j
    ldr r11, [r1, #4 * \j]          @ a_i
    LOWBITS_NORM r11
    ldr r12, [r2, #4 * \j]          @ t_i
    add r11, r11, r12
    cmp r11, r5                     @ C = 1 iff x + t_i outside [0, 2 gamma2): the hint bit
    adc r10, r10, r10               @ shifts it in (j = 7 first: bit j is coefficient j)
    .endm

FUNC m4crypt_mldsa_make_hint_armv7m
    push {r4-r11, lr}
    ldr r8, [sp, #36]               @ r0_bound
    add r12, r1, #1024
    sub sp, sp, #8
    str r12, [sp]                   @ end of a
    R0_CONSTANTS r3, r8
    .p2align 2                      @ (32-bit instructions at word addresses: m4sim's rule RUN32)
2:  .irp j, 7, 6, 5, 4, 3, 2, 1, 0
    HINT \j
    .endr
    strb r10, [r0], #1              @ the last 8 bits shifted in: a byte of h
    add r1, r1, #32
    add r2, r2, #32
    ldr r12, [sp]
    cmp r1, r12
    bne 2b
    sub r2, r0, #32                 @ the number of ones: population counts of h's 8 words
    mov r1, #0
3:  ldr r10, [r2], #4               @ (h may be unaligned: LDR allows it)
    and r11, r10, #0x55555555
    and r12, r10, #0xaaaaaaaa
    add r11, r11, r12, lsr #1
    and r12, r11, #0xcccccccc
    and r11, r11, #0x33333333
    add r11, r11, r12, lsr #2
    add r11, r11, r11, lsr #4
    and r11, r11, #0x0f0f0f0f
    add r1, r1, r11                 @ four byte counts, each at most 64
    cmp r2, r0
    bne 3b
    mov r3, #0
    usad8 r0, r1, r3                @ ones: the sum of the four
    rsb r9, r9, #0                  @ the bound count, at most 256: bit 31 iff nonzero
    and r9, r9, #0x80000000
    orr r0, r0, r9
    add sp, sp, #8
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_make_hint_armv7m

FUNC m4crypt_mldsa_chknorm_lowbits_armv7m
    push {r4-r11, lr}
    sub sp, sp, #4
    R0_CONSTANTS r1, r2
    add r12, r0, #1024
    str r12, [sp]                   @ end of a
    .p2align 2                      @ (32-bit instructions at word addresses: m4sim's rule RUN32)
2:  ldm r0!, {r1, r2, r10, r11}
    LOWBITS_NORM r1
    LOWBITS_NORM r2
    LOWBITS_NORM r10
    LOWBITS_NORM r11
    ldr r12, [sp]
    cmp r0, r12
    bne 2b
    rsb r9, r9, #0                  @ the count, at most 256: bit 31 iff nonzero
    lsr r0, r9, #31
    add sp, sp, #4
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_chknorm_lowbits_armv7m
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

    @ r12 |= bound - 1 - |x| (r1 = bound - 1)
    .macro NORM x
    NORM_OR \x, r8, r1, r12
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

    @ HighBits (Decompose's r1) of \x in [0, q): k = ((x + gamma2 - 1) M) >> 48 with r2 = gamma2 - 1,
    @ lr = M = ceil(2^48 / (2 gamma2)), r12 scratch; then top = 44 to 0 (HB88: k AND the sign
    @ of k - 44) or top = 16 to 0 (HB32: the low four bits)
    .macro HB x
    add.w \x, \x, r2
    umull r12, \x, \x, lr
    lsr \x, \x, #16
    .endm

    .macro HB88 x
    HB \x
    sub r12, \x, #44
    and \x, \x, r12, asr #31
    .endm

    .macro HB32 x
    HB \x
    and \x, \x, #15
    .endm

FUNC m4crypt_mldsa_highbits_pack_w1_armv7m
    push {r4-r11, lr}
    add r3, r1, #1024
    movw r12, #0x7400
    movt r12, #0x1                  @ (q - 1) / 88
    cmp r2, r12
    sub r2, r2, #1
    bne 2f
    ldr lr, =1477838210             @ ceil(2^48 / (2 (q - 1) / 88))
    .p2align 2                      @ (the loops' 32-bit instructions at word addresses: m4sim's
1:  ldm.w r1!, {r4-r7}              @ rule RUN32)
    EACH HB88, r4, r5, r6, r7
    ORR_FIELDS r4, 6, r5, r6, r7    @ four 6-bit fields: 3 bytes
    strh.w r4, [r0]
    lsr r4, r4, #16
    strb.w r4, [r0, #2]
    add.w r0, r0, #3
    cmp r1, r3
    bne 1b
    pop {r4-r11, pc}
2:  ldr lr, =537395713              @ ceil(2^48 / (2 (q - 1) / 32))
    .p2align 2
3:  ldm r1!, {r4-r11}
    EACH HB32, r4, r5, r6, r7, r8, r9, r10, r11
    ORR_FIELDS r4, 4, r5, r6, r7, r8, r9, r10, r11  @ eight 4-bit fields: a word
    str r4, [r0], #4
    cmp r1, r3
    bne 3b
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_highbits_pack_w1_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
