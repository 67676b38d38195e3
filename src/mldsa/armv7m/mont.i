/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA's 32-bit signed Montgomery product for ARMv7E-M, used by the NTTs (ntt_macros.i) and
 * the pointwise products (pointwise.S). C preprocessor include, after .text; macros only, no
 * code. The including file names four registers with .req:
 *   mlo, mt      lo and t of the product (scratch)
 *   negq, qinv   -q and q^-1 mod 2^32 (loaded by MONT_CONSTANTS)
 *
 *   MONT y, z        y = y z 2^-32 mod q, |y| < q for |y z| < 2^31 q:
 *                        SMULL mlo, y, y, z      {y:mlo} = y z
 *                        MUL   mt, mlo, qinv     t = lo q^-1 mod 2^32
 *                        SMLAL mlo, y, mt, negq  {y:mlo} = y z - t q, low word 0: y = high word
 *   MONT_CONSTANTS   negq, qinv from the literal pool
 */
    .macro MONT y, z
    smull mlo, \y, \y, \z
    mul mt, mlo, qinv
    smlal mlo, \y, mt, negq
    .endm

    .macro MONT_CONSTANTS
    ldr negq, =0xff801fff           @ -q
    ldr qinv, =0x03802001           @ q^-1 mod 2^32
    .endm
