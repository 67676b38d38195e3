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
 * borrow out of 2^256 left in C), also used by fe25519.S's tobytes and suba24; CHAIN8, MOV8: the
 * word-wise pattern behind them, for the other chains of these files.
 */
/* op0 r3, r3, x0, then op rk, rk, x for r4..r10 (opl, when given, for r10): a carry or borrow
 * chain, or one operation on every word; with dst the results go to dst instead (the flags are
 * what is kept). */
.macro CHAIN8 op0, x0, op, x, opl=, dst=
    CHAIN_OP  \op0, r3, \x0, \dst
    .irp w, r4, r5, r6, r7, r8, r9
    CHAIN_OP  \op, \w, \x, \dst
    .endr
    .ifb \opl
    CHAIN_OP  \op, r10, \x, \dst
    .else
    CHAIN_OP  \opl, r10, \x, \dst
    .endif
.endm

.macro CHAIN_OP op, w, x, dst=
    .ifb \dst
    \op       \w, \w, \x
    .else
    \op       \dst, \w, \x
    .endif
.endm

.macro CARRY_IN x
    CHAIN8    adds.w, \x, adcs.w, #0
.endm

.macro BORROW_IN x
    CHAIN8    subs.w, \x, sbcs.w, #0
.endm

/* r3..r10 = imm */
.macro MOV8 imm
    .irp w, r3, r4, r5, r6, r7, r8, r9, r10
    mov.w     \w, #\imm
    .endr
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
