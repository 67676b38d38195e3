/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA's coefficient-wise reductions and norm check for ARMv7E-M, shared by reduce.S,
 * pack24.S, add_small.S and rounding.S. C preprocessor include, after .text; macros only, no
 * code. Each takes its registers as arguments: x the coefficient, t a scratch register, q a
 * register holding q = 8380417.
 *
 *   REDUCE32 x, t, q   x = x - q ((x + 2^22) >> 23): a representative in [-6283008, 6283008]
 *                      for |x| < 2^31 - 2^22 (arithmetic shift, MLS)
 *   CADDQ x, t, q      x = x + q if x < 0 (AND of q with the sign, ADD)
 *   FREEZE x, t, q     REDUCE32, then CADDQ: x mod q in [0, q)
 *   NORM_OR x, t, bm1, acc   acc |= bm1 - |x|, bm1 = bound - 1: acc's top bit is set iff some
 *                      |x| >= bound (EOR and SUB with the sign give |x|)
 */
    .macro REDUCE32 x, t, q
    add \t, \x, #0x400000
    asr \t, \t, #23
    mls \x, \t, \q, \x
    .endm

    .macro CADDQ x, t, q
    and \t, \q, \x, asr #31
    add.w \x, \x, \t
    .endm

    .macro FREEZE x, t, q
    REDUCE32 \x, \t, \q
    CADDQ \x, \t, \q
    .endm

    .macro NORM_OR x, t, bm1, acc
    eor \t, \x, \x, asr #31
    sub \t, \t, \x, asr #31
    sub \t, \bm1, \t
    orr \acc, \acc, \t
    .endm
