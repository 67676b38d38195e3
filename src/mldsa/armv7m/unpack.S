/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA BitUnpack (FIPS 204 Alg. 19) of z and of s1 / s2 for ARMv7E-M (contracts of
 * src/mldsa/poly.h; the same values as the C twins in src/mldsa/poly.c).
 *
 *   void m4crypt_mldsa_unpack_z_armv7m(m4crypt_mldsa_poly *r, const uint8_t *in,
 *                                      unsigned gamma1_bits);
 *       gamma1_bits 17: four 18-bit fields per 9 bytes; 19: four 20-bit fields per 10 bytes;
 *       r_i = 2^gamma1_bits - field
 *   uint32_t m4crypt_mldsa_unpack_eta_armv7m(m4crypt_mldsa_poly *r, const uint8_t *in,
 *                                            unsigned eta);
 *       eta 2: eight 3-bit fields per 3 bytes; eta 4: eight 4-bit fields per word;
 *       r_i = eta - field; returns 1 if some field exceeds 2 eta (the top bit of the OR of
 *       2 eta - field), else 0
 * in may have any alignment (LDR / LDRH, never LDM / LDRD on it); nothing beyond the encoding
 * is read. Constant time: the only branches depend on gamma1_bits / eta.
 *
 * Register map:
 *   r0  r (advances)   r1  in (advances)   r2  gamma1_bits / eta   r3  end of r
 *   r4-r6  input words, then coefficients (z: r7, r8, r4, r5)
 *   r9  2^gamma1_bits (z)   r8  2 eta (eta)   r12  OR of 2 eta - field (eta)
 *
 * Measured by the bench rows mldsa*.sign / verify; twin test in tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"

    @ one group of unpack_z: four fields of \b bits (18 or 20) from \b / 2 bytes, each
    @ gamma1 - field
    .macro UNPACK_Z b
    ldr r4, [r1]
    ldr r5, [r1, #4]
    LDR_BYTES (\b / 2 - 8), r6, [r1, #8]      @ the group's last one or two bytes
    add r1, r1, #(\b / 2)
    ubfx r7, r4, #0, #\b            @ field 0
    lsrs r8, r4, #\b
    bfi r8, r5, #(32 - \b), #(2 * \b - 32)   @ field 1
    ubfx r4, r5, #(2 * \b - 32), #\b          @ field 2
    lsrs r5, r5, #(3 * \b - 32)
    bfi r5, r6, #(64 - 3 * \b), #(4 * \b - 64) @ field 3
    RSUB r9, r7, r8, r4, r5
    strd r7, r8, [r0], #8
    strd r4, r5, [r0], #8
    .endm

FUNC m4crypt_mldsa_unpack_z_armv7m
    push {r4-r9, lr}
    mov r9, #1
    lsl r9, r9, r2                  @ gamma1
    add r3, r0, #1024
    cmp r2, #17
    TWO_LOOPS UNPACK_Z, 18, 20, r0, r3, r4-r9 @ gamma1_bits 17: 18-bit fields, else 20
ENDFUNC m4crypt_mldsa_unpack_z_armv7m
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

    @ one coefficient: field at bit \sh, \bits wide, of r4
    .macro ETA sh, bits
    ubfx r5, r4, #\sh, #\bits
    rsb r5, r5, r8                  @ 2 eta - field
    orr r12, r12, r5
    sub r5, r5, r2                  @ eta - field
    str r5, [r0], #4
    .endm

FUNC m4crypt_mldsa_unpack_eta_armv7m
    push {r4-r8, lr}
    lsl r8, r2, #1                  @ 2 eta
    mov r12, #0
    add r3, r0, #1024
    cmp r2, #2
    bne 2f
1:  ldrh r4, [r1]
    ldrb r5, [r1, #2]
    add r1, r1, #3
    orr r4, r4, r5, lsl #16
    .irp sh, 0, 3, 6, 9, 12, 15, 18, 21
    ETA \sh, 3
    .endr
    cmp r0, r3
    bne 1b
    b 3f
2:  ldr r4, [r1], #4
    .irp sh, 0, 4, 8, 12, 16, 20, 24, 28
    ETA \sh, 4
    .endr
    cmp r0, r3
    bne 2b
3:  lsr r0, r12, #31
    pop {r4-r8, pc}
ENDFUNC m4crypt_mldsa_unpack_eta_armv7m
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#endif /* M4CRYPT_ENABLE_MLDSA */
