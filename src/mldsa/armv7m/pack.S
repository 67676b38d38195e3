/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA BitPack of z (FIPS 204 Alg. 17) for ARMv7E-M (contracts of src/mldsa/poly.h; the same
 * bytes as the C twin in src/mldsa/poly.c). w1Encode is rounding.S's highbits_pack_w1.
 *
 *   void m4crypt_mldsa_pack_z_armv7m(uint8_t *out, const m4crypt_mldsa_poly *z,
 *                                    unsigned gamma1_bits);
 *       fields 2^gamma1_bits - z_i, 18 bits (gamma1_bits 17: four per 9 bytes) or 20 bits (19:
 *       four per 10 bytes), each cut to its width by UBFX / BFI as the C masks it
 * out may have any alignment (STR / STRH / STRB, never STM / STRD on it); nothing beyond the
 * encoding is written. Constant time: the only branches depend on gamma1_bits.
 *
 * Register map:
 *   r0  out (advances)   r1  z (advances)   r2  2^gamma1_bits   r3  end of the input
 *   r4-r7  coefficients, then fields   r8, r9  output words
 *
 * Measured by the bench rows mldsa*.sign; twin test in
 * tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

    @ one group of pack_z: four fields gamma1 - z_i of \b bits (18 or 20) in \b / 2 bytes
    .macro PACK_Z b
    ldm r1!, {r4-r7}
    RSUB r2, r4, r5, r6, r7
    ubfx r8, r4, #0, #\b
    bfi r8, r5, #\b, #(32 - \b)
    ubfx r9, r5, #(32 - \b), #(2 * \b - 32)
    bfi r9, r6, #(2 * \b - 32), #\b
    bfi r9, r7, #(3 * \b - 32), #(64 - 3 * \b)
    lsr r7, r7, #(64 - 3 * \b)
    str r8, [r0]
    str r9, [r0, #4]
    STR_BYTES (\b / 2 - 8), r7, [r0, #8]      @ the group's last one or two bytes
    add r0, r0, #(\b / 2)
    .endm

FUNC m4crypt_mldsa_pack_z_armv7m
    push {r4-r9, lr}
    add r3, r1, #1024
    cmp r2, #17
    mov r9, #1
    lsl r2, r9, r2                  @ gamma1
    TWO_LOOPS PACK_Z, 18, 20, r1, r3, r4-r9   @ gamma1_bits 17: 18-bit fields, else 20
ENDFUNC m4crypt_mldsa_pack_z_armv7m
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#endif /* M4CRYPT_ENABLE_MLDSA */
