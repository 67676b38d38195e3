/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Carry and borrow folds of GF(2^255 - 19) addition and subtraction on 8 words modulo 2^256 - 38,
 * shared by fe25519.S (add_int, sub_int), ge25519_base.S (its inline FADD / FSUB) and
 * ge25519_select.S (the negation of a cached entry), so that all
 * produce the same words. Included by the C preprocessor; defines macros only.
 *
 * In: r3-r10 the 256-bit sum / difference, the carry / borrow out of 2^256 in the C flag,
 * r11 = 38. Uses r12. Out: r3-r10 the folded result, congruent mod 2^256 - 38.
 *
 * FOLD_ADD: the carry c is worth 38 (2^256 = 38 mod 2^256 - 38): + 38 c, and once more + 38 if
 *   that carried (then the low word is below 38, so the last add cannot carry).
 * FOLD_SUB: a borrow is worth -38: - 38, and once more - 38 if that borrowed (then the value is at
 *   least 2^256 - 38, so the last subtraction cannot borrow).
 * The flag becomes a mask by SBC x, x, x (C - 1), ANDed / BICed with 38: no branch.
 * CARRY_IN x / BORROW_IN x: r3-r10 += x / -= x (one word into the 8-word chain; the carry /
 * borrow out of 2^256 left in C), also used by fe25519.S's tobytes and suba24.
 */
.macro CARRY_IN x
    adds.w    r3, r3, \x
    adcs.w    r4, r4, #0
    adcs.w    r5, r5, #0
    adcs.w    r6, r6, #0
    adcs.w    r7, r7, #0
    adcs.w    r8, r8, #0
    adcs.w    r9, r9, #0
    adcs.w    r10, r10, #0
.endm

.macro BORROW_IN x
    subs.w    r3, r3, \x
    sbcs.w    r4, r4, #0
    sbcs.w    r5, r5, #0
    sbcs.w    r6, r6, #0
    sbcs.w    r7, r7, #0
    sbcs.w    r8, r8, #0
    sbcs.w    r9, r9, #0
    sbcs.w    r10, r10, #0
.endm

.macro FOLD_ADD
    sbc.w     r12, r12, r12       /* C - 1: 0 if carry, -1 if not */
    bic.w     r12, r11, r12
    CARRY_IN  r12
    sbc.w     r12, r12, r12
    bic.w     r12, r11, r12
    add.w     r3, r3, r12
.endm

.macro FOLD_SUB
    sbc.w     r12, r12, r12       /* C - 1: -1 if borrow, 0 if not */
    and.w     r12, r11, r12
    BORROW_IN r12
    sbc.w     r12, r12, r12
    and.w     r12, r11, r12
    sub.w     r3, r3, r12
.endm
