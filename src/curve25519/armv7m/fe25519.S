/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * GF(2^255 - 19) linear operations for ARMv7E-M (Cortex-M4), Thumb-2, on the representation of
 * src/curve25519/armv7m/backend.h: 8 little-endian 32-bit words, any value in [0, 2^256), arithmetic
 * modulo 2^256 - 38 = 2 p.
 *
 *   void m4crypt_fe25519_add_armv7m(uint32_t h[8], const uint32_t f[8], const uint32_t g[8]);
 *   void m4crypt_fe25519_sub_armv7m(uint32_t h[8], const uint32_t f[8], const uint32_t g[8]);
 *   void m4crypt_fe25519_mul121666_armv7m(uint32_t h[8], const uint32_t f[8]);
 *   void m4crypt_fe25519_tobytes_armv7m(uint8_t s[32], const uint32_t f[8]);
 *
 * add: f + g; the carry c out of 2^256 is worth 38 (2^256 = 38 mod 2^256 - 38): + 38 c, and once
 *      more + 38 if that carried (then the low word is below 38, so the last add cannot carry).
 * sub: f - g; a borrow is worth -38: - 38, and once more - 38 if that borrowed (then the value is
 *      at least 2^256 - 38, so the last subtraction cannot borrow).
 * mul121666: f * 121666 = f * 121665 + f: one UMAAL per word with the word itself as the low
 *      accumulator; the carry word c < 121666 is folded as 38 c, then as in add.
 * tobytes: the full reduction into [0, p) by three carry chains (see the routine), stored as
 *      little-endian words (unaligned STR).
 * The carry folds (macros FOLD_ADD / FOLD_SUB of fe25519_fold.i, shared with ge25519_base.S) turn
 * the flag into a mask (SBC x, x, x = C - 1) and AND/BIC it with 38:
 * no branch, no data-dependent address anywhere.
 *
 * Internal entries (*_int, used by the ladder in fe25519_mul.S and by ge25519_base.S): the same
 * operations without register saves (they clobber r0-r12, s0-s15 and the flags, and keep lr);
 * the AAPCS functions wrap them. Also here: suba24_int (e = a - b for b <= 2^256 - 38, then
 * b = b + 121666 e: the subtraction of sub_int inline with one borrow fold, then one UMAAL per word with E still in registers and b as the
 * accumulator, reduced mod p word 7 first). The fixed-base table scan is X2's ge25519_select.S.
 *
 * Register map: r3-r10 the eight words of the result, r11 = 38, r12 scratch/carry word, r1/r2
 * input pointers (then scratch), r0 output pointer. suba24 after its subtraction: r3-r10 E
 * (multiplicand), r1 = 121666, r11 = 38, r12 the carry word, r2 = b (see the routine).
 * Cycles: the exclusive cycles of each in `m4sim profile build/m4-armv7m/bench.elf
 * x25519.scalarmult` (the internal entries save the AAPCS wrapper's cost); all instructions in
 * 32-bit encodings, .w: no misaligned runs of 32-bit instructions.
 */
#include "m4crypt/config.h"
#if M4CRYPT_BUILD_CURVE25519

    .syntax unified
    .thumb
    .cpu cortex-m4

#include "fe25519_fold.i"
#include "func.i"
#include "common/armv7m/fpu_scratch.h"
    /* Without an FPU, s14 is the stack word at the caller's sp + 56 (fe25519_mul.S's convention:
     * an internal routine's s0..s15 are the 16 words at its caller's sp). */
    .set m4crypt_sslot_base, 0

/* h = f + g, h = f - g mod 2^256 - 38 (r0 = h, r1 = f, r2 = g): the 8-word chain (op0, then op
 * with the carry / borrow), then the fold of fe25519_fold.i. */
.macro ADDSUB_INT name, op0, op, fold
FUNC \name
    ldm.w     r1, {r3-r10}
    ldm.w     r2!, {r1, r11, r12}
    \op0    r3, r3, r1
    \op     r4, r4, r11
    \op     r5, r5, r12
    ldm.w     r2!, {r1, r11, r12}
    \op     r6, r6, r1
    \op     r7, r7, r11
    \op     r8, r8, r12
    ldm.w     r2, {r1, r11}
    \op     r9, r9, r1
    \op     r10, r10, r11
    mov.w     r11, #38            /* MOV without S: flags kept */
    \fold
    stm.w     r0, {r3-r10}
    bx      lr
ENDFUNC \name
.endm

AAPCS_ENTRY m4crypt_fe25519_add_armv7m, m4crypt_fe25519_add_int

ADDSUB_INT m4crypt_fe25519_add_int, adds.w, adcs.w, FOLD_ADD

AAPCS_ENTRY m4crypt_fe25519_sub_armv7m, m4crypt_fe25519_sub_int

ADDSUB_INT m4crypt_fe25519_sub_int, subs.w, sbcs.w, FOLD_SUB

FUNC m4crypt_fe25519_mul121666_armv7m
    push.w    {r4-r11}
    ldm.w     r1, {r3-r10}
    movw    r2, #(121665 & 0xffff)
    movt    r2, #(121665 >> 16)
    movs.w    r12, #0
    .irp w, r3, r4, r5, r6, r7, r8, r9, r10
    umaal     \w, r12, \w, r2
    .endr
    mov.w     r11, #38
    mul.w     r12, r12, r11
    CARRY_IN  r12
    sbc.w     r12, r12, r12
    bic.w     r12, r11, r12
    add.w     r3, r3, r12
    stm.w     r0, {r3-r10}
    pop.w     {r4-r11}
    bx      lr
ENDFUNC m4crypt_fe25519_mul121666_armv7m

/* Internal: e = a - b, then b = b + 121666 e (r0 = e, r1 = a, r2 = b; e must not alias a or b).
 * Input contract: a any value in [0, 2^256), b <= 2^256 - 38 (the ladder's b = BB is a squaring
 * output, below 2^255 + 40; any mul or sqr output, < 2^255 + 2^230, qualifies).
 * The ladder's E = AA - BB and BB + a24 E in one call. E = a - b with one borrow fold (- 38 if
 * it borrowed; with b <= 2^256 - 38 that cannot borrow again, so E equals sub_int's words),
 * left in r3-r10 and stored by one STM; then b + 121666 E with E as the UMAAL
 * multiplicand (r1 = 121666, r12 the carry) and the words of b as the accumulators, reduced mod p
 * word 7 first as fe25519_mul.S's mul: b7 + 121666 E7 = hi:lo, 38 hi + 19 bit31(lo) (< 2^23) starts
 * the chain from word 0 and lo mod 2^31 + its carry (< 2^18) is word 7: no final carry fold,
 * output below 2^255 + 2^249. Register map: r3-r10 E, a's words; b0..b3 / b4..b7 in r1 r11 r12
 * lr (one LDM each), r2 = b (b + 16), r11 = 38; then b7 in r0, b0..b2 in r10 r11 lr, b3..b6
 * in r3 r4 r5 r10 (their E words used up). lr waits in s14. Clobbers r0-r12, s14, keeps lr.
 * gen_fe25519.py copies this body into x25519_ladder_inlined.S: after an edit, `make regen` (make
 * test fails until the copy matches). */
FUNC m4crypt_fe25519_suba24_int
    vmov      s14, lr
    ldm.w     r1, {r3-r10}
    ldm.w     r2!, {r1, r11, r12, lr}
    subs.w    r3, r3, r1
    sbcs.w    r4, r4, r11
    sbcs.w    r5, r5, r12
    sbcs.w    r6, r6, lr
    ldm.w     r2, {r1, r11, r12, lr}
    sbcs.w    r7, r7, r1
    sbcs.w    r8, r8, r11
    sbcs.w    r9, r9, r12
    sbcs.w    r10, r10, lr
    mov.w     r11, #38            /* MOV without S: flags kept */
    /* one borrow fold (FOLD_SUB's first half): after a borrow a - b + 2^256 >= 2^256 - b >= 38
     * (b <= 2^256 - 38), so subtracting 38 cannot borrow again */
    sbc.w     r12, r12, r12       /* C - 1: -1 if borrow, 0 if not */
    and.w     r12, r11, r12
    BORROW_IN r12
    stm.w     r0, {r3-r10}        /* E */
    ldr.w     r0, [r2, #12]       /* b7 */
    movw      r1, #(121666 & 0xffff)
    movt      r1, #(121666 >> 16)
    mov.w     r12, #0
    umaal     r0, r12, r10, r1    /* b7 + 121666 E7 = r12:r0 */
    asr.w     lr, r0, #31
    sub.w     r2, r2, #16
    and.w     lr, lr, #19
    mla       r12, r12, r11, lr   /* 38 hi + 19 bit31(lo) */
    bic.w     r0, r0, #0x80000000
    ldm.w     r2, {r10, r11, lr}  /* b0..b2 */
    umaal     r10, r12, r3, r1
    add.w     r3, r2, #12
    str.w     r10, [r2]
    umaal     r11, r12, r4, r1
    umaal     lr, r12, r5, r1
    ldm.w     r3, {r3, r4, r5, r10} /* b3..b6 (not right after a store: no +1) */
    str.w     r11, [r2, #4]
    str.w     lr, [r2, #8]
    umaal     r3, r12, r6, r1
    umaal     r4, r12, r7, r1
    umaal     r5, r12, r8, r1
    umaal     r10, r12, r9, r1
    add.w     r0, r0, r12
    str.w     r3, [r2, #12]
    str.w     r4, [r2, #16]
    str.w     r5, [r2, #20]
    str.w     r10, [r2, #24]
    str.w     r0, [r2, #28]
    vmov      lr, s14
    bx        lr
ENDFUNC m4crypt_fe25519_suba24_int

/* s = the unique representative of f in [0, p) as 32 little-endian bytes (r0 = s, any alignment:
 * ARMv7-M STR allows unaligned addresses; r1 = f, 8 words, any value in [0, 2^256)):
 *  1. v = (f mod 2^255) + 19 bit255(f)   (2^255 = 19 mod p), now v < 2^255 + 19 < 2 p;
 *  2. q = bit 255 of v + 19 (< 2^256), 1 exactly when v >= p; v = (v + 19 q) mod 2^255.
 * Carry chains only, no branch. Register map: r3-r10 the words, r12 = 19, r2 the top word of
 * v + 19, then 19 q. (The ladder's output is public, so are these registers.) */
FUNC m4crypt_fe25519_tobytes_armv7m
    push.w    {r4-r10}
    ldm.w     r1, {r3-r10}
    mov.w     r12, #19
    lsr.w     r2, r10, #31
    bic.w     r10, r10, #0x80000000
    mul.w     r2, r2, r12
    CARRY_IN  r2
    CHAIN8    adds.w, #19, adcs.w, #0, adc.w, r2 /* the top word of v + 19 */
    lsr.w     r2, r2, #31
    mul.w     r2, r2, r12
    CARRY_IN  r2
    bic.w     r10, r10, #0x80000000
    STORE8    r0
    pop.w     {r4-r10}
    bx        lr
ENDFUNC m4crypt_fe25519_tobytes_armv7m

/* AAPCS entry of suba24_int, for the twin test (not used by the library itself). */
FUNC m4crypt_fe25519_suba24_armv7m
    push      {r4-r11, lr}
    m4crypt_sslots_alloc 16
    bl        m4crypt_fe25519_suba24_int
    m4crypt_sslots_wipe 16, r0, r1
    m4crypt_sslots_free 16
    pop       {r4-r11, pc}
ENDFUNC m4crypt_fe25519_suba24_armv7m



#endif /* M4CRYPT_BUILD_CURVE25519 */
