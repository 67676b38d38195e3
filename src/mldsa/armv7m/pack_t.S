/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA: the decoding of t1 and t0 and the packing of s (FIPS 204 Alg. 17 - 19) for ARMv7E-M
 * (contracts of src/mldsa/poly.h; the same values and bytes as the C twins in src/mldsa/poly.c).
 *
 *   void m4crypt_mldsa_unpack_t1_shifted_armv7m(m4crypt_mldsa_poly *r, const uint8_t in[320]);
 *       four 10-bit fields per 5 bytes (unpack: each times 2^13)
 *   void m4crypt_mldsa_unpack_t0_armv7m(m4crypt_mldsa_poly *r, const uint8_t in[416]);
 *       eight 13-bit fields 2^12 - t0_i per 13 bytes (three words and a byte)
 *   void m4crypt_mldsa_pack_eta_armv7m(uint8_t *out, const m4crypt_mldsa_poly *s, unsigned eta);
 *       eight fields eta - s_i of 3 bits (eta 2: 3 bytes) or 4 bits (eta 4: a word)
 *   void m4crypt_mldsa_add_eta_power2round_pack_armv7m(uint8_t t1_out[320], uint8_t *t0_out,
 *                       const m4crypt_mldsa_poly *t, const uint8_t *s_in, unsigned eta);
 *       key generation's t + s (s's fields as pack_eta wrote them) frozen to [0, q), Power2Round
 *       and the encodings of t1 (10 bytes) and t0 (13 bytes, or none if t0_out is NULL) for
 *       every eight coefficients; t unchanged
 * Fields are cut to their width by UBFX / BFI as the C masks them. out / in may have any
 * alignment (LDR / STR / LDRH / STRH / byte accesses); nothing beyond the encoding is touched.
 * Constant time: the only branch depends on eta.
 *
 * Register map:
 *   r0  output (advances)   r1  input (advances)   r2  end of the polynomial read or written
 *   r3  2^12 or eta   r4-r11  coefficients or fields   r12, lr  words being assembled
 * (add_eta_power2round_pack) r0 t1_out, r1 t0_out (or a stack scratch), r2 t, r3 s_in (all
 *   advance), r4 the group's fields of s, r5 q, r6 u = (t + s mod q) + 2^12 - 1, r7 scratch,
 *   r8, r9 t1's words, r10, r11 t0's words, r12 t0's step (13, or 0 into the scratch), lr end of t
 *
 * Measured by the bench rows mldsa*.keypair (pack_eta, add_eta_power2round_pack), sign
 * (unpack_t0) and verify
 * (unpack_t1_shifted);
 * twin test in tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"

FUNC m4crypt_mldsa_unpack_t1_shifted_armv7m
    push {r4-r8, lr}
    add r2, r0, #1024
1:  ldr r8, [r1]
    ldrb r7, [r1, #4]
    add r1, r1, #5
    UBFX_FIELDS r8, 0, 10, r4, r5, r6
    lsr r8, r8, #30
    orr r7, r8, r7, lsl #2
    lsl r4, r4, #13
    lsl r5, r5, #13
    lsl r6, r6, #13
    lsl r7, r7, #13
    stm r0!, {r4-r7}
    END_LOOP_FUNC m4crypt_mldsa_unpack_t1_shifted_armv7m, r0, r2, 1b, r4-r8
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

FUNC m4crypt_mldsa_unpack_t0_armv7m
    push {r4-r11, lr}
    mov r3, #4096
    add r2, r0, #1024
1:  ldr r12, [r1]
    ldr lr, [r1, #4]
    UBFX_FIELDS r12, 0, 13, r4, r5
    lsr r6, r12, #26
    bfi r6, lr, #6, #7
    ubfx r7, lr, #7, #13
    lsr r8, lr, #20
    ldr r12, [r1, #8]
    ldrb lr, [r1, #12]
    add r1, r1, #13
    bfi r8, r12, #12, #1
    UBFX_FIELDS r12, 1, 13, r9, r10
    lsr r11, r12, #27
    bfi r11, lr, #5, #8
    RSUB r3, r4, r5, r6, r7, r8, r9, r10, r11
    stm r0!, {r4-r11}
    END_LOOP_FUNC m4crypt_mldsa_unpack_t0_armv7m, r0, r2, 1b, r4-r11

    @ one group of pack_eta: eight fields eta - s_i of \w bits into r12, stored
    .macro PACK_ETA w
    ldm r1!, {r4-r11}
    RSUB r3, r4, r5, r6, r7, r8, r9, r10, r11
    BFI_FIELDS r12, \w, r4, r5, r6, r7, r8, r9, r10, r11
    .if \w == 3
    strh r12, [r0]
    lsr r12, r12, #16
    strb r12, [r0, #2]
    add r0, r0, #3
    .else
    str r12, [r0], #4
    .endif
    .endm

FUNC m4crypt_mldsa_pack_eta_armv7m
    push {r4-r11, lr}
    mov r3, r2
    add r2, r1, #1024
    cmp r3, #2
    TWO_LOOPS PACK_ETA, 3, 4, r1, r2, r4-r11  @ eta 2: 3-bit fields, else 4
ENDFUNC m4crypt_mldsa_pack_eta_armv7m

    @ coefficient \k of the group: r6 = u = ((t_k + eta - field_k) mod q) + 2^12 - 1, the
    @ field of \w bits from r4; reduce32 (arithmetic shift, MLS) then + q if negative, as the C
    .macro P2R_U k, w, eta
    ldr r6, [r2], #4
    ubfx r7, r4, #\w*\k, #\w
    sub r6, r6, r7
    add r6, r6, #\eta
    add r7, r6, #0x400000
    asr r7, r7, #23
    mls r6, r7, r5, r6
    and r7, r5, r6, asr #31
    add.w r6, r6, r7
    add r6, r6, #4095
    .endm

    @ one group of eight coefficients: the fields of s (3 bytes for eta 2, a word for eta 4),
    @ then u_k >> 13 into t1's 10-bit fields (r8, r9: 10 bytes) and ~u_k mod 2^13 into t0's
    @ 13-bit fields (r10, r11: 13 bytes), each word stored as soon as it is complete
    .macro P2R_GROUP w, eta
    .if \w == 3
    ldrh.w r4, [r3]
    ldrb.w r7, [r3, #2]
    add.w r3, r3, #3
    orr r4, r4, r7, lsl #16
    .else
    ldr r4, [r3], #4
    .endif
    P2R_U 0, \w, \eta
    lsr r8, r6, #13                 @ t1 bits 0-9
    mvn r7, r6
    ubfx r10, r7, #0, #13           @ t0 bits 0-12
    P2R_U 1, \w, \eta
    lsr r7, r6, #13
    bfi r8, r7, #10, #10
    mvn r7, r6
    bfi r10, r7, #13, #13
    P2R_U 2, \w, \eta
    lsr r7, r6, #13
    bfi r8, r7, #20, #10
    mvn r7, r6
    bfi r10, r7, #26, #6
    ubfx r11, r7, #6, #7
    str r10, [r1]                   @ t0 bytes 0-3
    P2R_U 3, \w, \eta
    lsr r7, r6, #13
    bfi r8, r7, #30, #2
    lsr r9, r7, #2
    str r8, [r0]                    @ t1 bytes 0-3
    mvn r7, r6
    bfi r11, r7, #7, #13
    P2R_U 4, \w, \eta
    lsr r7, r6, #13
    bfi r9, r7, #8, #10
    mvn r7, r6
    bfi r11, r7, #20, #12
    ubfx r10, r7, #12, #1
    str r11, [r1, #4]               @ t0 bytes 4-7
    P2R_U 5, \w, \eta
    lsr r7, r6, #13
    bfi r9, r7, #18, #10
    mvn r7, r6
    bfi r10, r7, #1, #13
    P2R_U 6, \w, \eta
    lsr r7, r6, #13
    bfi r9, r7, #28, #4
    lsr r8, r7, #4
    str r9, [r0, #4]                @ t1 bytes 4-7
    mvn r7, r6
    bfi r10, r7, #14, #13
    P2R_U 7, \w, \eta
    lsr r7, r6, #13
    bfi r8, r7, #6, #10
    strh.w r8, [r0, #8]             @ t1 bytes 8-9
    mvn r7, r6
    bfi r10, r7, #27, #5
    ubfx r11, r7, #5, #8
    str r10, [r1, #8]               @ t0 bytes 8-11
    strb r11, [r1, #12]             @ t0 byte 12
    add.w r0, r0, #10
    add.w r1, r1, r12
    cmp r2, lr
    .endm

FUNC m4crypt_mldsa_add_eta_power2round_pack_armv7m
    push {r4-r11, lr}
    ldr r4, [sp, #36]               @ eta
    sub sp, sp, #16                 @ t0's bytes when t0_out is NULL (overwritten group by group)
    ldr r5, =8380417                @ q
    add lr, r2, #1024
    mov r12, #13                    @ t0's step
    cmp r1, #0
    bne 1f
    mov r1, sp
    mov r12, #0
1:  cmp r4, #2
    bne 4f
    .p2align 2                      @ (the loops' 32-bit instructions at word addresses: m4sim's
2:  P2R_GROUP 3, 2                  @ rule RUN32)
    bne 2b
    b 5f
    .p2align 2
4:  P2R_GROUP 4, 4
    bne 4b
5:  add sp, sp, #16
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_add_eta_power2round_pack_armv7m
    .ltorg
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#endif /* M4CRYPT_ENABLE_MLDSA */
