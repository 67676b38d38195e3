/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA coefficient-wise reductions for ARMv7E-M (contracts of src/mldsa/poly.h; the same values
 * as the C twins in src/mldsa/ntt.c).
 *
 *   void m4crypt_mldsa_reduce_armv7m(m4crypt_mldsa_poly *a);
 *       a_i - q ((a_i + 2^22) >> 23) for every coefficient (reduce32)
 *   void m4crypt_mldsa_freeze_armv7m(m4crypt_mldsa_poly *a);
 *       reduce32, then a_i + (q if a_i < 0): a_i mod q in [0, q), one pass
 * Four coefficients per LDM / STM. Constant time: no branch or address depends on data.
 *
 * Register map:
 *   r0  a (advances)     r3  end of a     r4-r7  four coefficients
 *   r8  t                r12 q
 *
 * Measured by the bench rows mldsa*.keypair / sign / verify; twin test in
 * tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#include "reduce.i"

    @ reduce.i's macros with t = r8, q = r12, for EACH
    .macro RED x
    REDUCE32 \x, r8, r12
    .endm

    .macro FREEZE_R8 x
    FREEZE \x, r8, r12
    .endm

    @ the function \name: the macro \op on every coefficient of a, four per LDM / STM
    .macro COEFFWISE name, op
FUNC \name
    push {r4-r8, lr}
    movw r12, #0xe001
    movt r12, #0x7f                 @ q = 8380417
    add r3, r0, #1024
1:  ldm r0, {r4-r7}
    EACH \op, r4, r5, r6, r7
    stm r0!, {r4-r7}
    cmp r0, r3
    bne 1b
    pop {r4-r8, pc}
ENDFUNC \name
    .endm

    COEFFWISE m4crypt_mldsa_reduce_armv7m, RED
    COEFFWISE m4crypt_mldsa_freeze_armv7m, FREEZE_R8

#endif /* M4CRYPT_ENABLE_MLDSA */
