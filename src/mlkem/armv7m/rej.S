/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM rejection sampling step of SampleNTT (FIPS 203 Alg. 7, the loop body) for ARMv7E-M
 * (Cortex-M4), Thumb-2.
 *
 *   unsigned m4crypt_mlkem_rej_uniform_armv7m(int16_t *r, unsigned len, const uint8_t *buf,
 *                                            unsigned buflen);
 * Same contract and results as m4crypt_mlkem_rej_uniform_c (src/mlkem/poly.h): parses buf
 * (buflen a multiple of 3) into 12-bit candidates d1 = b0 + 256 (b1 mod 16), d2 = b1 / 16 +
 * 16 b2, appends those below q to r, at most len; returns how many. The input is public (a
 * SHAKE128 stream of the public seed rho): this code branches on it. In place as poly.h allows
 * (r below buf, buf - r >= buflen / 3): every group's input (12 bytes; 3 in the tail) is loaded
 * before any of its at most 16 (4) output bytes is stored.
 * Groups of 12 bytes (8 candidates, each kept by a conditional STRH): first runs of k pairs of
 * groups with no per-group checks, then single groups, then triples with the exact checks of the
 * C loop. The paths and the computation of k: docs/mlkem-armv7m.md, "Rejection sampling".
 *
 * Register map (.req names below): r0 out, the output pointer; r1 out_end (r + 2 len); r2 in,
 * the input pointer; r3 in_end; r4-r6 the three words; r7 candidate (and temporary of the k
 * computation); r8 q; r12 start, the start of r (for the count); lr the iteration count k in the
 * fastest path, else the end of the single-group path's input (in_end - 11).
 *
 * m4sim regions io.rej_168 (168 bytes, len 256) and io.rej_72 (72 bytes, len 48) of the twin
 * test tests/mlkem/test_mlkem_io_armv7m.c (m4sim run --regions); inside every ML-KEM bench row
 * (matrix sampling).
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"

/* Long-lived registers; r4-r6 the group's words, r7 the candidate, lr k or the group limit. */
out     .req r0                     @ r (advances)
out_end .req r1                     @ r + 2 len
in      .req r2                     @ buf (advances)
in_end  .req r3                     @ buf + buflen
q       .req r8
start   .req r12                    @ r at entry, for the count

/* Stores candidate r7 if below q. */
.macro KEEP
    cmp     r7, q
    it      lo
    strhlo  r7, [out], #2
.endm

/* The candidate of 12 bits at bit lsb of w, kept if below q. */
.macro KEEP_FIELD w, lsb
    ubfx    r7, \w, #\lsb, #12
    KEEP
.endm

/* The candidate of 12 bits that starts at bit sh of lo and ends in hi, kept if below q. */
.macro KEEP_SPLIT lo, hi, sh
    lsr.w   r7, \lo, #\sh
    bfi     r7, \hi, #(32 - \sh), #(\sh - 20)
    KEEP
.endm

/* One group: 12 bytes at in (advanced), up to 8 candidates stored at out. */
.macro GROUP12
    ldr.w   r5, [in, #4]
    ldr.w   r6, [in, #8]
    ldr.w   r4, [in], #12
    KEEP_FIELD r4, 0
    KEEP_FIELD r4, 12
    KEEP_SPLIT r4, r5, 24
    KEEP_FIELD r5, 4
    KEEP_FIELD r5, 16
    KEEP_SPLIT r5, r6, 28
    KEEP_FIELD r6, 8
    lsr.w   r7, r6, #20
    KEEP
.endm

    .text
FUNC m4crypt_mlkem_rej_uniform_armv7m
    push    {r4-r8, lr}
    mov     start, out
    add.w   out_end, out, r1, lsl #1    @ r1 = len
    add     in_end, in, r3          @ r3 = buflen
    movw    q, #3329
    .p2align 2
5:                                  @ k = min(input bytes left / 24, output bytes left / 32)
    sub.w   r7, in_end, in
    usat    r7, #12, r7
    movw    lr, #2731
    mul     r7, r7, lr
    lsr.w   r7, r7, #16
    sub.w   lr, out_end, out
    lsr.w   lr, lr, #5
    cmp     r7, lr
    it      lo
    movlo   lr, r7
    cmp.w   lr, #0
    beq.w   0f
    .p2align 2
6:
    GROUP12
    GROUP12
    subs.w  lr, lr, #1
    bne.w   6b
    cmp     in, in_end              @ input used up (the callers' chunks, 72 or 168 bytes, are
    beq.w   4f                      @ multiples of 24): done, without the checks below
    b.w     5b
0:
    sub.w   lr, in_end, #11         @ a group needs in + 12 <= in_end, i.e. in < in_end - 11
    b       2f
    .p2align 2
1:
    GROUP12
2:
    cmp     in, lr                  @ 12 more input bytes?
    bhs     3f
    sub.w   r7, out_end, out
    cmp     r7, #16                 @ 8 more output slots?
    bhs     1b

    /* the rest: one triple at a time, as the C loop */
3:
    cmp     in, in_end
    bhs     4f
    cmp     out, out_end
    bhs     4f
    ldrb    r4, [in]
    ldrb    r5, [in, #1]
    ldrb    r6, [in, #2]
    adds    in, #3
    bfi     r4, r5, #8, #4          @ d1 = b0 | (b1 & 15) << 8
    lsrs    r5, r5, #4
    orr.w   r5, r5, r6, lsl #4      @ d2 = b1 >> 4 | b2 << 4
    cmp     r4, q
    it      lo
    strhlo  r4, [out], #2
    cmp     r5, q
    bhs     3b
    cmp     out, out_end
    it      lo
    strhlo  r5, [out], #2
    b       3b
4:
    sub.w   r0, out, start
    lsrs    r0, r0, #1
    pop     {r4-r8, pc}
ENDFUNC m4crypt_mlkem_rej_uniform_armv7m

#endif /* M4CRYPT_ENABLE_MLKEM */
