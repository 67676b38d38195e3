/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Poly1305 block function (RFC 8439 section 2.5.1) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_poly1305_blocks_armv7m(m4crypt_poly1305_ctx *ctx, const uint8_t *m,
 *                                       size_t nblocks, uint32_t hibit);
 *   void m4crypt_poly1305_blocks2_armv7m(m4crypt_poly1305_ctx *ctx, const uint8_t *m,
 *                                        size_t nblocks, const uint8_t *m2, size_t nblocks2);
 * The second entry runs two block runs (hibit 1, nblocks >= 0, nblocks2 >= 1) in one call: the
 * AEAD's ciphertext blocks and its last (padded block +) lengths block.
 * Same contract as m4crypt_poly1305_blocks_c (src/poly1305/backend.h): for each 16-byte block,
 * h = (h + block + hibit * 2^128) * r mod 2^130 - 5, partially reduced; h, r as little-endian
 * 32-bit words in the context (h4 <= 4 in and out). m needs no alignment (single LDRs).
 * Arithmetic, register layouts and loop: docs/chacha20poly1305-armv7m.md, "Poly1305 blocks".
 * No branch or address depends on the data; the loop count is public.
 *
 * Register map (two layouts that alternate between blocks; the loop runs blocks in pairs):
 *   r10, r11, r12, lr   r0, r1, r2, r3 (the key limbs, fixed)
 *   layout A: h0..h4 = r0..r4; s1, s2, s3 = r5, r6, r7; column accumulators r8, r9
 *   layout B: h0..h4 = r8, r9, r5, r6, r7; s1, s2, s3 = r2, r3, r4; accumulators r0, r1
 *   s0 the message pointer (the blocks use offsets 0, 16, 32, 48 from it), s1 the end pointer
 *   (caller-saved, public); without an FPU (M4CRYPT_ARMV7M_NOFPU, src/common/armv7m/
 *   fpu_scratch.h) the words at [sp+20], [sp+24].
 * Stack: [sp+4] nblocks, [sp+12] ctx. hibit selects the loop (1: nblocks mod 4 blocks first,
 * then four blocks per iteration; 0, only used for a padded last block: one at a time).
 *
 * Bench rows poly1305.64B, poly1305.1024B, poly1305.16384B (m4crypt_poly1305 with init, final
 * and its wipe) and chacha20poly1305.encrypt.* (blocks2); twin test
 * tests/poly1305/test_poly1305_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_POLY1305

    .syntax unified
    .thumb
#include "common/armv7m/fpu_scratch.h"
#ifndef M4CRYPT_ARMV7M_NOFPU
    .fpu fpv4-sp-d16
#endif
    .text

    .equ M2, 0          @ blocks2: the second run, pending
    .equ NBLK, 4
    .equ N2, 8
    .equ CTX, 12
    .set m4crypt_sslot_base, 20 @ no FPU: s0, s1 in the frame's last two words (fpu_scratch.h)
    .equ FRAME, 20 + M4CRYPT_SSLOTS(2) @ + 36 bytes pushed = 56 (64 without FPU), a multiple of 8

/* One block: h (H0..H4) -> new h in (A, B, S1, S2, S3). R0..R3 are r10, r11, r12, lr. */
.macro BLOCK H0, H1, H2, H3, H4, S1, S2, S3, A, B, hib, off
    vmov    \A, s0                      @ the message pointer
    add.w   \S1, r11, r11, lsr #2       @ s1 = 5 r1 / 4 (and no address stall on A)
    ldr.w   \S2, [\A, #\off]
    ldr.w   \S3, [\A, #\off + 4]
    ldr.w   \B, [\A, #\off + 8]
    ldr.w   \A, [\A, #\off + 12]
    adds.w  \H0, \H0, \S2               @ h += block
    adcs.w  \H1, \H1, \S3
    adcs.w  \H2, \H2, \B
    adcs.w  \H3, \H3, \A
    adc.w   \H4, \H4, #\hib             @ + hibit * 2^128
    add.w   \S2, r12, r12, lsr #2       @ s2
    add.w   \S3, lr, lr, lsr #2         @ s3
    umull   \A, \B, \H0, r10            @ column 0
    umlal   \A, \B, \H1, \S3
    umlal   \A, \B, \H2, \S2
    umlal   \A, \B, \H3, \S1
    mul     \S1, \H4, \S1               @ column 1: h4 s1 and the carry in one UMAAL
    umaal   \B, \S1, \H0, r11
    umlal   \B, \S1, \H1, r10
    umlal   \B, \S1, \H2, \S3
    umlal   \B, \S1, \H3, \S2
    mul     \S2, \H4, \S2               @ column 2
    umaal   \S1, \S2, \H0, r12
    umlal   \S1, \S2, \H1, r11
    umlal   \S1, \S2, \H2, r10
    umlal   \S1, \S2, \H3, \S3
    mul     \S3, \H4, \S3               @ column 3
    umaal   \S2, \S3, \H0, lr
    umlal   \S2, \S3, \H1, r12
    umlal   \S2, \S3, \H2, r11
    umlal   \S2, \S3, \H3, r10
    mla     \S3, \H4, r10, \S3          @ w4 = h4 r0 + carry
    bic.w   \H0, \S3, #3                @ fold 2^130 = 5: 4 q with q = w4 >> 2
    and.w   \S3, \S3, #3
    add.w   \H0, \H0, \H0, lsr #2         @ 5 q < 2^32 as w4 < 0xa0000000
    adds.w  \A, \A, \H0
    adcs.w  \B, \B, #0
    adcs.w  \S1, \S1, #0
    adcs.w  \S2, \S2, #0
    adc.w   \S3, \S3, #0
.endm

    .global m4crypt_poly1305_blocks_armv7m
    .type m4crypt_poly1305_blocks_armv7m, %function
    .p2align 2
    .global m4crypt_poly1305_blocks2_armv7m
    .type m4crypt_poly1305_blocks2_armv7m, %function
    .p2align 2
m4crypt_poly1305_blocks2_armv7m:        @ (ctx, m, nblocks, m2, nblocks2 >= 1), hibit 1
    push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    ldr     r4, [sp, #FRAME + 36]       @ nblocks2 (the fifth argument)
    cbnz    r2, 1f
    mov     r1, r3                      @ no first run: the second is the only one
    mov     r2, r4
    movs    r4, #0
1:  str     r3, [sp, #M2]
    str     r4, [sp, #N2]
    movs    r3, #1
    b       .Lstart
    .size m4crypt_poly1305_blocks2_armv7m, . - m4crypt_poly1305_blocks2_armv7m

    .global m4crypt_poly1305_blocks_armv7m
    .type m4crypt_poly1305_blocks_armv7m, %function
    .p2align 2
m4crypt_poly1305_blocks_armv7m:
    cbnz    r2, 1f
    bx      lr                          @ no blocks
1:  push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    movs    r4, #0
    str     r4, [sp, #N2]
.Lstart:
    mov     r9, r2                      @ nblocks (residue mod 4 below)
    mov     r8, r3                      @ hibit
    add.w   r2, r1, r2, lsl #4
    vmov    s0, r1                      @ message pointer
    vmov    s1, r2                      @ end
    str     r0, [sp, #CTX]
    ldrd    r10, r11, [r0, #0]          @ r0, r1
    ldrd    r12, lr, [r0, #8]           @ r2, r3
    add     r5, r0, #20
    ldm     r5, {r0-r4}                 @ h0..h4
    str     r9, [sp, #NBLK]
    tst     r8, #1
    beq     .Lhibit0
.Lrun:
    tst     r9, #1
    beq     2f
    BLOCK   r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, 1, 0    @ nblocks odd: one block
    mov     r0, r8                      @ back to layout A
    mov     r1, r9
    mov     r2, r5
    mov     r3, r6
    mov     r4, r7
    vmov    r5, s0
    add     r5, r5, #16
    vmov    s0, r5
2:  ldr     r5, [sp, #NBLK]
    tst     r5, #2
    beq     3f
    BLOCK   r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, 1, 0    @ nblocks & 2: two blocks
    BLOCK   r8, r9, r5, r6, r7, r2, r3, r4, r0, r1, 1, 16
    vmov    r5, s0
    add     r5, r5, #32
    vmov    s0, r5
3:  vmov    r5, s0
    vmov    r6, s1
    cmp     r5, r6
    beq     .Ldone

    .p2align 2
.Lloop:                                 @ whole message blocks (hibit = 1), four per iteration
    BLOCK   r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, 1, 0    @ layout A -> B
    BLOCK   r8, r9, r5, r6, r7, r2, r3, r4, r0, r1, 1, 16   @ layout B -> A
    BLOCK   r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, 1, 32
    BLOCK   r8, r9, r5, r6, r7, r2, r3, r4, r0, r1, 1, 48
    vmov    r5, s0
    vmov    r6, s1
    add.w   r5, r5, #64
    vmov    s0, r5
    cmp.w   r5, r6
    bne.w   .Lloop

.Ldone:
    ldr     r5, [sp, #N2]               @ a pending second run (blocks2)?
    cbz     r5, .Lstore
    ldr     r6, [sp, #M2]
    movs    r7, #0
    str     r7, [sp, #N2]
    str     r5, [sp, #NBLK]
    add     r7, r6, r5, lsl #4
    vmov    s0, r6
    vmov    s1, r7
    mov     r9, r5
    b       .Lrun
.Lstore:
    ldr     r5, [sp, #CTX]
    add     r5, r5, #20
    stm     r5, {r0-r4}
    add     sp, sp, #FRAME
    pop     {r4-r11, pc}

.Lhibit0:                               @ hibit = 0 (a padded last block): one at a time
    BLOCK   r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, 0, 0
    mov     r0, r8
    mov     r1, r9
    mov     r2, r5
    mov     r3, r6
    mov     r4, r7
    vmov    r5, s0
    vmov    r6, s1
    add     r5, r5, #16
    vmov    s0, r5
    cmp     r5, r6
    bne     .Lhibit0
    b       .Ldone
    .size m4crypt_poly1305_blocks_armv7m, . - m4crypt_poly1305_blocks_armv7m

#endif /* M4CRYPT_ENABLE_POLY1305 */
