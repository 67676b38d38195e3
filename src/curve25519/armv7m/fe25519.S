/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * GF(2^255 - 19) linear operations for ARMv7E-M (Cortex-M4), Thumb-2, on the representation of
 * src/curve25519/armv7m/backend.h: 8 little-endian 32-bit words, any value in [0, 2^256),
 * arithmetic modulo 2^256 - 38 = 2 p.
 *
 *   void m4crypt_fe25519_add_armv7m(uint32_t h[8], const uint32_t f[8], const uint32_t g[8]);
 *   void m4crypt_fe25519_sub_armv7m(uint32_t h[8], const uint32_t f[8], const uint32_t g[8]);
 *   void m4crypt_fe25519_mul121666_armv7m(uint32_t h[8], const uint32_t f[8]);
 *   void m4crypt_fe25519_tobytes_armv7m(uint8_t s[32], const uint32_t f[8]);
 * add: f + g; sub: f - g; mul121666: f * 121666, each mod 2^256 - 38, the carry or borrow out of
 * 2^256 folded twice (macros FOLD_ADD / FOLD_SUB of fe25519_fold.i, shared with ge25519_base.S).
 * tobytes: the full reduction into [0, p), stored as little-endian words (unaligned STR).
 * No branch, no data-dependent address anywhere. Why the folds suffice and the reduction of
 * tobytes: docs/x25519-armv7m.md, "Linear operations".
 *
 * Internal entries (*_int, used by the ladder in fe25519_mul.S and by ge25519_base.S): the same
 * operations without register saves (they clobber r0-r12, s0-s15 and the flags, and keep lr);
 * the AAPCS functions wrap them. Also here: suba24_int (e = a - b for b <= 2^256 - 38, then
 * b = b + 121666 e), generated into fe25519_suba24.i by gen_fe25519.py --suba24, whose header has
 * its contract. The fixed-base table scan is ge25519_select.S.
 *
 * Register map: r3-r10 the eight words of the result, r11 = 38, r12 scratch/carry word, r1/r2
 * input pointers (then scratch), r0 output pointer (suba24: fe25519_suba24.i).
 *
 * Exclusive cycles of each in `m4sim profile build/m4-armv7m/bench.elf x25519.scalarmult`; twin
 * test tests/x25519/test_x25519_armv7m.c.
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

/* Internal: e = a - b, then b = b + 121666 e, and its AAPCS entry for the twin test: generated
 * (gen_fe25519.py --suba24, which also inlines it in x25519_ladder_inlined.S). */
#include "fe25519_suba24.i"

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

#endif /* M4CRYPT_BUILD_CURVE25519 */
