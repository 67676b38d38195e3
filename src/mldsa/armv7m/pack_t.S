/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA Power2Round (FIPS 204 Alg. 35) and the packing of t1, t0 and s (Alg. 16 - 19) for
 * ARMv7E-M (contracts of src/mldsa/poly.h; the same values and bytes as the C twins in
 * src/mldsa/poly.c).
 *
 *   void m4crypt_mldsa_power2round_armv7m(m4crypt_mldsa_poly *a1, m4crypt_mldsa_poly *a);
 *       a1 = (a + 2^12 - 1) >> 13, a -= a1 << 13
 *   void m4crypt_mldsa_pack_t1_armv7m(uint8_t out[320], const m4crypt_mldsa_poly *t1);
 *   void m4crypt_mldsa_unpack_t1_shifted_armv7m(m4crypt_mldsa_poly *r, const uint8_t in[320]);
 *       four 10-bit fields per 5 bytes (unpack: each times 2^13)
 *   void m4crypt_mldsa_pack_t0_armv7m(uint8_t out[416], const m4crypt_mldsa_poly *t0);
 *   void m4crypt_mldsa_unpack_t0_armv7m(m4crypt_mldsa_poly *r, const uint8_t in[416]);
 *       eight 13-bit fields 2^12 - t0_i per 13 bytes (three words and a byte)
 *   void m4crypt_mldsa_pack_eta_armv7m(uint8_t *out, const m4crypt_mldsa_poly *s, unsigned eta);
 *       eight fields eta - s_i of 3 bits (eta 2: 3 bytes) or 4 bits (eta 4: a word)
 * Fields are cut to their width by UBFX / BFI as the C masks them. out / in may have any
 * alignment (LDR / STR / LDRH / STRH / byte accesses); nothing beyond the encoding is touched.
 * Constant time: the only branch depends on eta.
 *
 * Register map:
 *   r0  output (advances)   r1  input (advances)   r2  end of the polynomial read or written
 *   r3  2^12 or eta   r4-r11  coefficients or fields   r12, lr  words being assembled
 *
 * Measured by the bench rows mldsa*.keypair (and sign: unpack_t0; verify: unpack_t1_shifted);
 * twin test in tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

FUNC m4crypt_mldsa_power2round_armv7m
    push {r4-r7, lr}
    movw r3, #4095
    add r2, r1, #1024
1:  ldr r4, [r1]
    add r5, r4, r3
    asr r5, r5, #13                 @ a1
    sub r4, r4, r5, lsl #13         @ a0
    str r5, [r0], #4
    str r4, [r1], #4
    END_LOOP_FUNC m4crypt_mldsa_power2round_armv7m, r1, r2, 1b, r4-r7

FUNC m4crypt_mldsa_pack_t1_armv7m
    push {r4-r8, lr}
    add r2, r1, #1024
1:  ldm r1!, {r4-r7}
    BFI_FIELDS r8, 10, r4, r5, r6
    bfi r8, r7, #30, #2
    lsr r7, r7, #2
    str r8, [r0]
    strb r7, [r0, #4]
    add r0, r0, #5
    END_LOOP_FUNC m4crypt_mldsa_pack_t1_armv7m, r1, r2, 1b, r4-r8
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

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

FUNC m4crypt_mldsa_pack_t0_armv7m
    push {r4-r11, lr}
    mov r3, #4096
    add r2, r1, #1024
1:  ldm r1!, {r4-r11}
    RSUB r3, r4, r5, r6, r7, r8, r9, r10, r11
    ubfx r12, r4, #0, #13           @ word 0: v0 | v1 << 13 | v2 << 26 (6 bits)
    bfi r12, r5, #13, #13
    bfi r12, r6, #26, #6
    str r12, [r0]
    ubfx r12, r6, #6, #7            @ word 1: v2 >> 6 | v3 << 7 | v4 << 20 (12 bits)
    bfi r12, r7, #7, #13
    bfi r12, r8, #20, #12
    str r12, [r0, #4]
    ubfx r12, r8, #12, #1           @ word 2: v4 >> 12 | v5 << 1 | v6 << 14 | v7 << 27 (5 bits)
    bfi r12, r9, #1, #13
    bfi r12, r10, #14, #13
    bfi r12, r11, #27, #5
    str r12, [r0, #8]
    lsr r11, r11, #5                @ byte 12: v7 >> 5
    strb r11, [r0, #12]
    add r0, r0, #13
    END_LOOP_FUNC m4crypt_mldsa_pack_t0_armv7m, r1, r2, 1b, r4-r11

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
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#endif /* M4CRYPT_ENABLE_MLDSA */
