/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA BitPack of z and SimpleBitPack of w1 (FIPS 204 Alg. 16 / 17, w1Encode Alg. 28) for
 * ARMv7E-M (contracts of src/mldsa/poly.h; the same bytes as the C twins in src/mldsa/poly.c).
 *
 *   void m4crypt_mldsa_pack_z_armv7m(uint8_t *out, const m4crypt_mldsa_poly *z,
 *                                    unsigned gamma1_bits);
 *       fields 2^gamma1_bits - z_i, 18 bits (gamma1_bits 17: four per 9 bytes) or 20 bits (19:
 *       four per 10 bytes), each cut to its width by UBFX / BFI as the C masks it
 *   void m4crypt_mldsa_pack_w1_armv7m(uint8_t *out, const m4crypt_mldsa_poly *w1, int32_t gamma2);
 *       6-bit fields (gamma2 = (q - 1) / 88: four per 3 bytes) or 4-bit fields ((q - 1) / 32:
 *       eight per word); coefficients in [0, 2^6) or [0, 2^4) (HighBits outputs)
 * out may have any alignment (STR / STRH / STRB, never STM / STRD on it); nothing beyond the
 * encoding is written. Constant time: the only branches depend on gamma1_bits / gamma2.
 *
 * Register map:
 *   r0  out (advances)   r1  z / w1 (advances)   r2  2^gamma1_bits (z)   r3  end of the input
 *   r4-r7  coefficients, then fields   r8, r9  output words (w1 4-bit: r4-r11 coefficients)
 *
 * Measured by the bench rows mldsa*.sign (pack_w1 also verify); twin test in
 * tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

    .global m4crypt_mldsa_pack_z_armv7m
    .type m4crypt_mldsa_pack_z_armv7m, %function
    .balign 4
m4crypt_mldsa_pack_z_armv7m:
    push {r4-r9, lr}
    add r3, r1, #1024
    cmp r2, #17
    mov r9, #1
    lsl r2, r9, r2                  @ gamma1
    bne 2f
1:  ldm r1!, {r4-r7}
    sub r4, r2, r4
    sub r5, r2, r5
    sub r6, r2, r6
    sub r7, r2, r7
    ubfx r8, r4, #0, #18
    bfi r8, r5, #18, #14
    ubfx r9, r5, #14, #4
    bfi r9, r6, #4, #18
    bfi r9, r7, #22, #10
    lsr r7, r7, #10
    str r8, [r0]
    str r9, [r0, #4]
    strb r7, [r0, #8]
    add r0, r0, #9
    cmp r1, r3
    bne 1b
    pop {r4-r9, pc}
2:  ldm r1!, {r4-r7}
    sub r4, r2, r4
    sub r5, r2, r5
    sub r6, r2, r6
    sub r7, r2, r7
    ubfx r8, r4, #0, #20
    bfi r8, r5, #20, #12
    ubfx r9, r5, #12, #8
    bfi r9, r6, #8, #20
    bfi r9, r7, #28, #4
    lsr r7, r7, #4
    str r8, [r0]
    str r9, [r0, #4]
    strh r7, [r0, #8]
    add r0, r0, #10
    cmp r1, r3
    bne 2b
    pop {r4-r9, pc}
    .size m4crypt_mldsa_pack_z_armv7m, . - m4crypt_mldsa_pack_z_armv7m
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

    .global m4crypt_mldsa_pack_w1_armv7m
    .type m4crypt_mldsa_pack_w1_armv7m, %function
    .balign 4
m4crypt_mldsa_pack_w1_armv7m:
    push {r4-r11, lr}
    add r3, r1, #1024
    movw r12, #0x7400
    movt r12, #0x1                  @ (q - 1) / 88
    cmp r2, r12
    bne 2f
1:  ldm r1!, {r4-r7}
    orr r4, r4, r5, lsl #6
    orr r4, r4, r6, lsl #12
    orr r4, r4, r7, lsl #18
    strh r4, [r0]
    lsr r4, r4, #16
    strb r4, [r0, #2]
    add r0, r0, #3
    cmp r1, r3
    bne 1b
    pop {r4-r11, pc}
2:  ldm r1!, {r4-r11}
    orr r4, r4, r5, lsl #4
    orr r4, r4, r6, lsl #8
    orr r4, r4, r7, lsl #12
    orr r4, r4, r8, lsl #16
    orr r4, r4, r9, lsl #20
    orr r4, r4, r10, lsl #24
    orr r4, r4, r11, lsl #28
    str r4, [r0], #4
    cmp r1, r3
    bne 2b
    pop {r4-r11, pc}
    .size m4crypt_mldsa_pack_w1_armv7m, . - m4crypt_mldsa_pack_w1_armv7m

#endif /* M4CRYPT_ENABLE_MLDSA */
