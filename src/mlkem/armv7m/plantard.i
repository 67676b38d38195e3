/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Macros shared by ntt16.i, invntt16.i and reduce.S (included by the C preprocessor; they emit
 * nothing until used).
 *
 * PLANTARD2 d, lo, hi, x, w: the Plantard product P(w x) of both halfwords of x with the
 * twiddle or constant word w, r10 = C = q << 16 | 8 (see the header of ntt.S). The low lane
 * is computed in lo, the high one in hi, and the packed result goes to d; the registers may
 * coincide as each caller needs (x is read before hi and lo are written).
 *
 * LOAD8 / STORE8: the eight words at r0 .. r0 + 28 into (from) r1 .. r8, with the 16-bit
 * encodings where the registers allow and the 32-bit ones at the ends, for alignment.
 * Guarded: ML-DSA's small_ntt.S includes it through both ntt16.i and invntt16.i.
 */
#ifndef M4CRYPT_MLKEM_PLANTARD_I
#define M4CRYPT_MLKEM_PLANTARD_I
.macro PLANTARD2 d, lo, hi, x, w
    smlawb  \lo, \w, \x, r10
    smlawt  \hi, \w, \x, r10
    smulbt  \lo, \lo, r10
    smulbt  \hi, \hi, r10
    pkhtb   \d, \hi, \lo, asr #16
.endm

.macro LOAD8
    ldr.w   r1, [r0]
    ldr     r2, [r0, #4]
    ldr     r3, [r0, #8]
    ldr     r4, [r0, #12]
    ldr     r5, [r0, #16]
    ldr     r6, [r0, #20]
    ldr     r7, [r0, #24]
    ldr.w   r8, [r0, #28]
.endm
#endif
