/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA inverse NTT (FIPS 204 Alg. 42) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mldsa_invntt_armv7m(m4crypt_mldsa_poly *a);
 * Input |x| < q. Output NTT^-1(a) times 2^32 (mod q), |x| < q: the same values as
 * m4crypt_mldsa_invntt_c (src/mldsa/ntt.c; gen_tables.py runs this pass order on exact integers
 * against Alg. 42).
 * Four passes of two merged layers (distances 1-2, 4-8, 16-32, 64-128) of Gentleman-Sande
 * butterflies (Montgomery product of mont.i) over groups of four coefficients L apart (L = 1, 4,
 * 16, 64), sums not reduced; the last pass multiplies by f = 256^-1 2^64 mod q. A super-block's
 * three twiddles (-zeta) in a row from m4crypt_mldsa_invntt_zetas_armv7m (tables.S). The
 * butterfly, the bounds and the passes: docs/mldsa-armv7m.md, "Inverse NTT".
 *
 * Register map:
 *   r0        poly pointer (advances by one word per group)
 *   r1-r4     x0..x3
 *   r5        end of the polynomial (pass 1), of the super-block's groups (passes 2-3); f (pass 4)
 *   r6, r7    mlo, mt: lo, t of the Montgomery product
 *   r8        negq: -q
 *   r9        qinv: q^-1 mod 2^32
 *   r10       twiddle table pointer (passes 1-3); end of the groups (pass 4)
 *   r11, r12, lr  the super-block's three twiddles
 *   [sp]      the end of the polynomial
 *
 * Constant time: no branch or address depends on data.
 * Bench rows mldsa*.keypair / sign / verify; twin test tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#include "ntt_macros.i"

    /* x, y = x + y, (x - y) z (Montgomery) */
    .macro GS x, y, z
    sub \y, \x, \y
    rsb \x, \y, \x, lsl #1
    MONT \y, \z
    .endm

    @ the butterflies of a group: the first layer on (x0, x1), (x2, x3), the second on (x0, x2),
    @ (x1, x3)
    .macro GS_GROUP
    GS r1, r2, r11
    GS r3, r4, r12
    GS r1, r3, lr
    GS r2, r4, lr
    .endm

FUNC m4crypt_mldsa_invntt_armv7m
    NTT_ENTER m4crypt_mldsa_invntt_zetas_armv7m
    PASS_LDM GS_GROUP
    sub r0, r0, #1024
    PASS 4, GS_GROUP
    PASS 16, GS_GROUP
    /* pass 4: one super-block, 64 groups, every output times f */
    ldmia r10, {r11, r12, lr}
    ldr r5, =m4crypt_mldsa_invntt_f_armv7m
    ldr r5, [r5]
    add r10, r0, #256
4:  LOAD_GROUP 64
    GS_GROUP
    .irp x, r1, r2, r3, r4
    MONT \x, r5
    .endr
    STORE_GROUP 64
    cmp r0, r10
    bne 4b
    NTT_LEAVE
ENDFUNC m4crypt_mldsa_invntt_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
