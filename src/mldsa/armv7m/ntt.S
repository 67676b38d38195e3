/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA forward NTT (FIPS 204 Alg. 41) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mldsa_ntt_armv7m(m4crypt_mldsa_poly *a);
 * Input |x| < q = 8380417. Output: the NTT (FIPS 204 order, no Montgomery factor), |x| < 9q, the
 * same values as m4crypt_mldsa_ntt_c (src/mldsa/ntt.c; gen_tables.py runs this pass order on
 * exact integers against Alg. 41).
 * Four passes of two merged layers (1-2, 3-4, 5-6, 7-8) over groups of four coefficients L
 * apart (L = 64, 16, 4, 1), Montgomery butterflies (mont.i), no reduction; a super-block's three
 * twiddles in a row from m4crypt_mldsa_ntt_zetas_armv7m (tables.S). The butterfly, the bound and
 * the pass structure: docs/mldsa-armv7m.md, "NTT".
 *
 * Register map:
 *   r0        poly pointer (advances by one word per group)
 *   r1-r4     x0..x3
 *   r5        where r0 stands after the first group of a super-block's last iteration (the
 *             loops compare between their two groups: ntt_macros.i), at a super-block's end the
 *             poly end (passes 1-3)
 *   r6, r7    mlo, mt: lo, t of the Montgomery product
 *   r8        negq: -q
 *   r9        qinv: q^-1 mod 2^32
 *   r10       twiddle table pointer
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

    /* x, y = x + z y, x - z y (Montgomery) */
    .macro CT x, y, z
    MONT \y, \z
    add.w \x, \x, \y
    sub \y, \x, \y, lsl #1
    .endm

    @ the butterflies of a group: layer 2k - 1 on (x0, x2), (x1, x3), layer 2k on (x0, x1), (x2, x3)
    .macro CT_GROUP
    CT r1, r3, r11
    CT r2, r4, r11
    CT r1, r2, r12
    CT r3, r4, lr
    .endm

FUNC m4crypt_mldsa_ntt_armv7m
    NTT_ENTER m4crypt_mldsa_ntt_zetas_armv7m
    PASS 64, CT_GROUP
    PASS 16, CT_GROUP
    PASS 4, CT_GROUP
    PASS_LDM CT_GROUP
    NTT_LEAVE
ENDFUNC m4crypt_mldsa_ntt_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
