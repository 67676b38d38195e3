/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time scan of one row of the fixed-base table (src/curve25519/base_table.c) for ARMv7E-M
 * (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_ge25519_select_armv7m(uint32_t out[24], const uint32_t row[3][8][8], int32_t b);
 *   m4crypt_ge25519_select_int: the same with r0 = out, r1 = row, r2 = b; clobbers r0-r12, keeps
 *   lr (for ge25519_base.S); 16 bytes of stack, the secret word among them zeroed.
 *
 * out = ((y + x) / 2, (y - x) / 2, d x y) of b * 256^i * B, b in [-8, 8] (C twin and contract:
 * m4crypt_ge25519_base_select_c in ge25519_base.c / ge25519.h).
 * Each coordinate is one stream of 8 entries x 8 words; the accumulator takes entry j where
 * |b| >= j by SEL under APSR.GE (set by UADD8 from the bytes |b| - j); b < 0 negates d x y and
 * swaps the other two. Every word of the row is loaded, by LDM, at addresses that depend only on
 * the row pointer; no branch depends on b. The method: docs/x25519-armv7m.md, "Fixed-base table
 * scan".
 *
 * Register map: r3-r10 the accumulator (one coordinate), r0, r11, r12, lr the loaded words,
 * r1 the row pointer (advancing), r2 the |b| - j bytes; stack: out pointer, sign mask, lr.
 * The three coordinates are unrolled (d x y first, then (y + x) / 2, then (y - x) / 2, which
 * stays in registers for the swap).
 *
 * The calls' total in `m4sim profile build/m4-armv7m/bench.elf x25519.scalarmult_base`; twin test
 * tests/curve25519/test_ge25519_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_BUILD_CURVE25519

    .syntax unified
    .thumb
    .cpu cortex-m4

#include "fe25519_fold.i"
#include "func.i"

/* r3 = the sign mask of the digit b in r2 (all ones if b < 0), r2 = |b| in every byte. */
.macro DIGIT_ABS
    asr.w     r3, r2, #31
    eor.w     r2, r2, r3
    sub.w     r2, r2, r3
    orr.w     r2, r2, r2, lsl #8
    orr.w     r2, r2, r2, lsl #16
.endm

/* r3..r10 ^= r11 (the sign mask: ~v where negated). */
.macro EOR8_R11
    CHAIN8    eor.w, r11, eor.w, r11
.endm

/* one entry of one coordinate: GE from the next |b| - j bytes, then 8 words by SEL */
.macro SCAN_ENTRY
    sub.w     r2, r2, #0x01010101
    uadd8     r11, r2, r2
    ldm.w     r1!, {r0, r11, r12, lr}
    sel       r3, r3, r0
    sel       r4, r4, r11
    sel       r5, r5, r12
    sel       r6, r6, lr
    ldm.w     r1!, {r0, r11, r12, lr}
    sel       r7, r7, r0
    sel       r8, r8, r11
    sel       r9, r9, r12
    sel       r10, r10, lr
.endm

/* One coordinate of a row: entry 1 straight into r3-r10 (LDM of 8), entries 2..8 by SEL (r2
 * stepped to |b| - 1 first); at the end GE = 1111 exactly when |b| = 0 (from (|b| - 1) in every
 * byte: r2 + 7 * 0x01010101, as r2 then holds |b| - 8 per byte), for the identity fix-up below.
 * (Against starting from the identity and scanning all 8 entries by SEL: 5 to 7 cycles less.) */
.macro SCAN8
    ldm.w     r1!, {r3-r10}
    sub.w     r2, r2, #0x01010101
    .rept 7
    SCAN_ENTRY
    .endr
    add.w     r0, r2, #0x07070707
    uadd8     r0, r0, r0
.endm

/* the eight y + x words at the output (pointer at [sp]) swapped with r3-r10 where the sign
 * mask at [sp, #4] is set (GE = its byte signs); the y - x words stay in r3-r10 */
.macro SWAP_OUT
    ldr.w     lr, [sp, #4]
    uadd8     lr, lr, lr
    ldr.w     r0, [sp, #0]
    SWAP4     r3, r4, r5, r6
    SWAP4     r7, r8, r9, r10
    stm.w     r0, {r3-r10}
.endm

/* r3-r10 to the output + off (the output pointer at [sp]) */
.macro STORE_OUT off
    ldr.w     r0, [sp, #0]
    .if \off
    add.w     r0, r0, #\off
    .endif
    stm.w     r0, {r3-r10}
.endm

/* where GE is set: r3 = x0, r4..r9 = x, r10 = x7 (SEL, the rest kept) */
.macro SEL_WORDS x0, x, x7
    sel       r3, \x0, r3
    .irp w, r4, r5, r6, r7, r8, r9
    sel       \w, \x, \w
    .endr
    sel       r10, \x7, r10
.endm

/* where GE is set (|b| = 0): r3-r10 = 1 / 2 mod p = 2^254 - 9 (the identity's (y + x) / 2 and
 * (y - x) / 2), by SEL */
.macro ID_HALF
    mvn.w     r0, #8
    mov.w     r11, #-1
    mvn.w     r12, #0xc0000000
    SEL_WORDS r0, r11, r12
.endm

/* where GE is set: r3-r10 = the small value v */
.macro ID_SMALL v
    mov.w     r0, #\v
    mov.w     r11, #0
    SEL_WORDS r0, r11, r11
.endm

/* four words: a..d (y - x) against the four y + x words at r0 (loaded, advancing), by SEL */
.macro SWAP4 a, b, c, d
    ldm.w     r0, {r2, r11, r12, lr}
    sel       r1, \a, r2
    sel       \a, r2, \a
    sel       r2, \b, r11
    sel       \b, r11, \b
    sel       r11, \c, r12
    sel       \c, r12, \c
    sel       r12, \d, lr
    sel       \d, lr, \d
    stm.w     r0!, {r1, r2, r11, r12}
.endm

#if M4CRYPT_ENABLE_X25519_BASE_TABLE
FUNC m4crypt_ge25519_select_armv7m
    push.w    {r4-r11, lr}
    bl        m4crypt_ge25519_select_int
    movs.w    r0, #0              /* no secret left in the caller-saved registers */
    movs.w    r1, #0
    movs.w    r2, #0
    movs.w    r3, #0
    mov.w     r12, #0
    pop.w     {r4-r11, pc}
ENDFUNC m4crypt_ge25519_select_armv7m

FUNC m4crypt_ge25519_select_int
    DIGIT_ABS
    push.w    {r0, r3, r4, lr}    /* [sp] out, [sp, #4] sign mask */
    /* d x y first (identity 0), negated as ~v - 37 under the sign mask, to out + 64 */
    add.w     r1, r1, #512
    SCAN8
    ID_SMALL  0
    ldr.w     r11, [sp, #4]
    EOR8_R11
    and.w     r12, r11, #37
    CHAIN8    subs.w, r12, sbcs.w, #0, sbc.w
    STORE_OUT 64
    /* (y + x) / 2 (identity 1 / 2) to out */
    sub.w     r1, r1, #768
    add.w     r2, r2, #0x08080808 /* back to |b| per byte */
    SCAN8
    ID_HALF
    STORE_OUT 0
    /* (y - x) / 2 (identity 1 / 2), the row pointer now at its coordinate, stays in r3-r10 */
    add.w     r2, r2, #0x08080808
    SCAN8
    ID_HALF
    /* swap with y + x under the sign mask (GE = its byte signs): the y + x words come into
     * r2, r11, r12, lr, the new y + x words go out of r1, r2, r11, r12, the new y - x words
     * stay in r3-r10 */
    SWAP_OUT
    movs.w    r3, #0
    str.w     r3, [sp, #4]        /* the sign mask off the stack */
    add.w     sp, sp, #12
    pop.w     {pc}
ENDFUNC m4crypt_ge25519_select_int
#endif /* M4CRYPT_ENABLE_X25519_BASE_TABLE */

/*
 * void m4crypt_ge25519_select_cached_armv7m(uint32_t out[32], const uint32_t tab[4][8][8],
 *                                          int32_t b);
 * The variable-base scan of src/ristretto255/ristretto255.c (C twin and contract:
 * m4crypt_ge25519_select_cached_c, ge25519.h): tab[k][j] = coordinate k of the "cached" (j + 1) P
 * = (Y + X, Y - X, 2 Z, 2 d T); out = b P in that form for b in [-8, 8]: entry |b| by the same
 * SEL scan as above (every word read), the identity (1, 1, 2, 0) for b = 0, and for b < 0 the
 * first two coordinates swapped and the last negated as 0 - v with the fold of fe25519.S's sub_int
 * (v XOR M minus M over 256 bits is 2^256 - v or v; a borrow is worth - 38, twice), so the words
 * equal the C twin's. Register map as m4crypt_ge25519_select_int; r12 the fold mask.
 * Cycles: 4 x (LDM of 8 + 7 entries of 20 cycles + fix-up), stores, negation, swap; the calls'
 * total: `m4sim profile build/m4-armv7m/bench.elf ristretto255.scalarmult`.
 */
#if M4CRYPT_ENABLE_RISTRETTO255
FUNC m4crypt_ge25519_select_cached_armv7m
    push.w    {r4-r11, lr}
    DIGIT_ABS
    push.w    {r0, r3, r4, lr}    /* [sp] out, [sp, #4] M (r4, lr: padding) */
    /* 2 d T (identity 0), negated under M, to out + 96 */
    add.w     r1, r1, #768
    SCAN8
    ID_SMALL  0
    ldr.w     r11, [sp, #4]
    EOR8_R11
    CHAIN8    subs.w, r11, sbcs.w, r11
    mov.w     r11, #38
    FOLD_SUB
    STORE_OUT 96
    /* 2 Z (identity 2) to out + 64 */
    sub.w     r1, r1, #512
    add.w     r2, r2, #0x08080808 /* back to |b| per byte */
    SCAN8
    ID_SMALL  2
    STORE_OUT 64
    /* Y + X (identity 1) to out */
    sub.w     r1, r1, #768
    add.w     r2, r2, #0x08080808
    SCAN8
    ID_SMALL  1
    STORE_OUT 0
    /* Y - X (identity 1), stays in r3-r10, then the swap under M */
    add.w     r2, r2, #0x08080808
    SCAN8
    ID_SMALL  1
    SWAP_OUT
    movs.w    r0, #0              /* no secret left in the caller-saved registers or the stack */
    str.w     r0, [sp, #4]
    movs.w    r1, #0
    movs.w    r2, #0
    movs.w    r3, #0
    mov.w     r12, #0
    add.w     sp, sp, #16
    pop.w     {r4-r11, pc}
ENDFUNC m4crypt_ge25519_select_cached_armv7m
#endif /* M4CRYPT_ENABLE_RISTRETTO255 */

#endif /* M4CRYPT_BUILD_CURVE25519 */
