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
 * Fields are cut to their width by UBFX / BFI as the C masks them. out / in may have any
 * alignment (LDR / STR / LDRH / STRH / byte accesses); nothing beyond the encoding is touched.
 * Constant time: the only branch depends on eta.
 *
 * Register map:
 *   r0  output (advances)   r1  input (advances)   r2  end of the polynomial read or written
 *   r3  2^12 or eta   r4-r11  coefficients or fields   r12, lr  words being assembled
 *
 * Measured by the bench rows mldsa*.keypair (pack_eta), sign (unpack_t0) and verify
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
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#endif /* M4CRYPT_ENABLE_MLDSA */
