/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA inverse NTT (FIPS 204 Alg. 42) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mldsa_invntt_armv7m(m4crypt_mldsa_poly *a);
 *   void m4crypt_mldsa_invntt_caddq_armv7m(m4crypt_mldsa_poly *a);
 *   void m4crypt_mldsa_invntt_reduce_armv7m(m4crypt_mldsa_poly *a);
 * Input |x| < q. Output NTT^-1(a) times 2^32 (mod q), |x| < q: the same values as
 * m4crypt_mldsa_invntt_c (src/mldsa/ntt.c; gen_tables.py runs this pass order on exact integers
 * against Alg. 42); _caddq: in [0, q), the last pass adding q to each negative output (AND with
 * the sign, SUB of -q), as m4crypt_mldsa_invntt_caddq_c; _reduce: centered, reduce32 of each
 * output in the last pass (ADD 2^22, ASR 23, MLA by -q: |x| <= 2^22), as invntt_c then reduce_c.
 * Four passes of two merged layers (distances 1-2, 4-8, 16-32, 64-128) of Gentleman-Sande
 * butterflies (Montgomery product of mont.i) over groups of four coefficients L apart (L = 1, 4,
 * 16, 64), sums not reduced; the last pass multiplies by f = 256^-1 2^64 mod q: the last
 * layer's sums by MONT with f, its differences through their twiddle, which tables.S stores as
 * z f 2^-32. A super-block's three twiddles (-zeta) in a row from
 * m4crypt_mldsa_invntt_zetas_armv7m (tables.S). The
 * butterfly, the bounds and the passes: docs/mldsa-armv7m.md, "Inverse NTT".
 *
 * Register map:
 *   r0        poly pointer (advances by one word per group)
 *   r1-r4     x0..x3
 *   r5        (passes 1-3) where r0 stands after the first group of the last iteration (the
 *             loops compare between their two groups: ntt_macros.i); f (pass 4)
 *   r6, r7    mlo, mt: lo, t of the Montgomery product; (_caddq, pass 4) -q or 0; (_reduce,
 *             pass 4) the rounded quotient
 *   r8        negq: -q
 *   r9        qinv: q^-1 mod 2^32
 *   r10       twiddle table pointer (passes 1-3); (pass 4) the same compare's operand
 *   r11, r12, lr  the super-block's three twiddles
 *   [sp]      the end of the polynomial; [sp, #4] the variant (1: _caddq, 2: _reduce)
 *
 * Constant time: no branch or address depends on data (the variant selects the last pass).
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

    @ pass 4: one super-block, 64 groups, every output times f; \mode 1: then to [0, q), 2: then
    @ reduce32 (centered)
    @ one group of pass 4: the butterflies, every output times f; \mode 1: then to [0, q), 2:
    @ then reduce32 (centered)
    .macro LAST_GROUP mode
    LOAD_GROUP 64
    GS_GROUP
    MONT r1, r5                     @ the last layer's sums times f; its differences r3, r4
    MONT r2, r5                     @ already carry f from lr
    .if \mode == 1
    .irp x, r1, r2, r3, r4
    and mlo, negq, \x, asr #31     @ -q if x < 0, else 0
    sub \x, \x, mlo
    .endr
    .elseif \mode == 2
    .irp x, r1, r2, r3, r4
    add mlo, \x, #0x400000
    asr mlo, mlo, #23               @ round(x / 2^23)
    mla \x, mlo, negq, \x
    .endr
    .endif
    STORE_GROUP 64
    .endm

    @ pass 4: one super-block, 64 groups, two per iteration (the compare between them, as in
    @ PASS)
    .macro LAST_PASS mode
    ldmia r10, {r11, r12, lr}       @ lr: the last layer's z f 2^-32 (tables.S)
    ldr r5, =m4crypt_mldsa_invntt_f_armv7m
    ldr r5, [r5]
    add r10, r0, #256-4
    .p2align 2
4:  LAST_GROUP \mode
    cmp.w r0, r10                   @ (.w: the next group's instructions at word addresses)
    LAST_GROUP \mode
    bne 4b
    .endm

    @ one body for the three functions: r1 says which last pass runs (_caddq and _reduce set it
    @ and branch in)
FUNC m4crypt_mldsa_invntt_caddq_armv7m
    movs r1, #1
    b.w 8f
ENDFUNC m4crypt_mldsa_invntt_caddq_armv7m

FUNC m4crypt_mldsa_invntt_reduce_armv7m
    movs r1, #2
    b.w 8f
ENDFUNC m4crypt_mldsa_invntt_reduce_armv7m

FUNC m4crypt_mldsa_invntt_armv7m
    movs r1, #0
8:  NTT_ENTER m4crypt_mldsa_invntt_zetas_armv7m
    push {r5}                       @ [sp] the end of the polynomial, as the passes expect
    str r1, [sp, #4]                @ [sp, #4] the variant
    PASS_LDM GS_GROUP
    sub r0, r0, #1024
    PASS 4, GS_GROUP
    PASS 16, GS_GROUP
    ldr r5, [sp, #4]
    cmp r5, #1
    beq 5f
    bhi 7f
    LAST_PASS 0
    b 6f
5:  LAST_PASS 1
    b 6f
7:  LAST_PASS 2
6:  add sp, sp, #8
    pop {r4-r11, pc}
ENDFUNC m4crypt_mldsa_invntt_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
