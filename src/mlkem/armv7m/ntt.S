/*
 * ML-KEM forward NTT (FIPS 203 Alg. 9) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_poly_ntt_armv7m(m4crypt_poly *r);
 * Input |x| < q. Output: the NTT (FIPS 203 section 4.3 order, plain domain: no Montgomery
 * factor), |x| <= q - 1 + 7 * 1664 = 14976 (src/mlkem/poly.h, M4CRYPT_MLKEM_NTT_BOUND).
 *
 * Arithmetic: two coefficients per 32-bit word. Since the last layer pairs coefficients 2 apart,
 * both halves of a word always meet the same twiddle factor, so every butterfly works on whole
 * words. The product b * zeta is a Plantard multiplication (Huang et al., "Improved Plantard
 * arithmetic for lattice-based cryptography", TCHES 2022/4) by a precomputed 32-bit word
 * w(zeta) (gen_tables.py explains it and proves, for every table word and every int16 b, that
 * the result t satisfies t = b zeta mod q and |t| <= 1664):
 *     SMLAWB t0, w, b, C     t0 low half = h0 + 8   (h0 = bits 16..31 of w * b_lo)
 *     SMLAWT t1, w, b, C     t1 low half = h1 + 8
 *     SMULBT t0, t0, C       t0 high half = floor((h0 + 8) q / 2^16) = b_lo zeta mod q
 *     SMULBT t1, t1, C
 *     PKHTB  t, t1, t0, ASR #16
 *     USUB16 b, a, t         b = a - b zeta, both halves
 *     UADD16 a, a, t         a = a + b zeta
 * with the one constant register C = q << 16 | 8. Seven instructions per two butterflies.
 * Lazy reduction: no reduction at all. Each layer adds at most 1664 to the largest magnitude,
 * so from |x| <= q - 1 the values stay within 3328 + 7 * 1664 = 14976 < 2^15: no 16-bit lane
 * ever wraps (the tests drive all coefficients at +-(q - 1) and alternating signs).
 *
 * Layers are merged into three passes over the polynomial, values kept in registers inside a
 * pass (the merged-layer idea of Alkim, Bilgin, Cenk, Gerard, "Cortex-M4 optimizations for
 * {R,M}LWE schemes", TCHES 2020/3, and Abdulrahman et al., "Multi-moduli NTTs for Saber on
 * Cortex-M3 and Cortex-M4", TCHES 2022/1):
 *   pass 1: layers 1-2 on 4 words 32 words apart (32 blocks), twiddles fixed in registers
 *   pass 2: layers 3-4 on 4 words 8 words apart (4 groups of 8 blocks), 3 twiddles per group
 *   pass 3: layers 5-7 on 8 consecutive words (16 blocks), 7 twiddles per block
 * Twiddles: m4crypt_mlkem_ntt_twiddles_armv7m (tables.S), in reading order.
 *
 * Register map:
 *   r0        poly pointer (advances)
 *   r9        t, the butterfly's temporary
 *   r10       C = q << 16 | 8
 *   pass 1    r1-r8 two blocks of four words; r11, r12, lr the twiddles of layers 1, 2, 2;
 *             s0 the end of the loop, s1 the twiddle pointer
 *   pass 2    r1-r4 one block; r5, r6, r7 the group's twiddles; r8 the end of the group's
 *             blocks, lr the end of the pass, r11 the twiddle pointer
 *   pass 3    r1-r8 eight words; r12, lr twiddles; r11 the twiddle pointer, also the loop
 *             counter (the loop ends when it reaches a multiple of 64, see gen_tables.py)
 *
 * Cycles (m4sim-model 1.0, benchmarks region mlkem.ntt): 4455 (pass 1: 16 x 78, pass 2:
 * 4 x (8 x 41 + 10), pass 3: 16 x 114). Portable C: 24268.
 * Code: 928 bytes. Constant time: no branch or address depends on data.
 */
    .syntax unified
    .thumb
    .cpu cortex-m4

/* Two butterflies on the words a, b (both halves) with twiddle word z; t is clobbered. */
.macro CT a, b, z
    smlawb  r9, \z, \b, r10
    smlawt  \b, \z, \b, r10
    smulbt  r9, r9, r10
    smulbt  \b, \b, r10
    pkhtb   r9, \b, r9, asr #16
    usub16  \b, \a, r9
    uadd16  \a, \a, r9
.endm

/* Pass 1 body: layers 1-2 on two blocks of four words, block 0 at words j, j+32, j+64, j+96
 * (byte offsets 0, 128, 256, 384) and block 1 at j+1, ... Layer 1 pairs (0, 256), (128, 384)
 * with twiddle r11; layer 2 pairs (0, 128) with r12 and (256, 384) with lr. ptr advances by 8. */
.macro PASS1_BODY
    ldr.w   r1, [r0]
    ldr.w   r2, [r0, #128]
    ldr.w   r3, [r0, #256]
    ldr.w   r4, [r0, #384]
    ldr.w   r5, [r0, #4]
    ldr.w   r6, [r0, #132]
    ldr.w   r7, [r0, #260]
    ldr.w   r8, [r0, #388]
    CT      r1, r3, r11
    CT      r2, r4, r11
    CT      r5, r7, r11
    CT      r6, r8, r11
    CT      r1, r2, r12
    CT      r3, r4, lr
    CT      r5, r6, r12
    CT      r7, r8, lr
    str.w   r2, [r0, #128]
    str.w   r3, [r0, #256]
    str.w   r4, [r0, #384]
    str.w   r5, [r0, #4]
    str.w   r6, [r0, #132]
    str.w   r7, [r0, #260]
    str.w   r8, [r0, #388]
    str.w   r1, [r0], #8
.endm

    .text
    .global m4crypt_poly_ntt_armv7m
    .type m4crypt_poly_ntt_armv7m, %function
    .p2align 2
m4crypt_poly_ntt_armv7m:
    push.w  {r4-r11, lr}
    movw    r9, #:lower16:m4crypt_mlkem_ntt_twiddles_armv7m
    movt    r9, #:upper16:m4crypt_mlkem_ntt_twiddles_armv7m
    movw    r10, #8
    movt    r10, #3329
    ldm.w   r9!, {r11, r12, lr}
    vmov    s1, r9                  @ s1: twiddle pointer
    add.w   r9, r0, #128
    vmov    s0, r9                  @ s0: end of pass 1

    /* pass 1: layers 1-2, blocks j, j+32, j+64, j+96 (words) for j = 0..31, two at a time */
    .p2align 2
1:
    PASS1_BODY
    vmov    r9, s0
    cmp.w   r0, r9
    bne.w   1b

    /* pass 2: layers 3-4; group b = 0..3 at word 32 b, blocks j + 32 b + 0, 8, 16, 24 for
     * j = 0..7. r5-r7 the group's twiddles, r8 the end of the group's blocks, lr end of pass. */
    vmov    r11, s1
    sub.w   r0, r0, #128
    add.w   lr, r0, #512
2:
    ldm.w   r11!, {r5, r6, r7}
    add.w   r8, r0, #32
    .p2align 2
3:
    ldr     r1, [r0]
    ldr     r2, [r0, #32]
    ldr     r3, [r0, #64]
    ldr     r4, [r0, #96]
    CT      r1, r3, r5          @ layer 3: distance 16 words
    CT      r2, r4, r5
    CT      r1, r2, r6          @ layer 4: distance 8 words
    CT      r3, r4, r7
    str     r2, [r0, #32]
    str     r3, [r0, #64]
    str.w   r4, [r0, #96]
    str.w   r1, [r0], #4
    cmp.w   r0, r8
    bne.w   3b
    add.w   r0, r0, #96
    cmp.w   r0, lr
    bne.w   2b

    /* pass 3: layers 5-7 on words 8 B .. 8 B + 7, B = 0..15; twiddles r12, lr. r11 points 4
     * bytes before the block's 7 twiddles (a pad word in the table after pass 2's; pre-indexed
     * writeback on the last one). The loop ends when r11 is a multiple of 64: the table is
     * placed so that this happens after block 15 and no other (gen_tables.py). */
    sub.w   r0, r0, #512
    .p2align 2
4:
    ldr.w   r1, [r0]
    ldr     r2, [r0, #4]
    ldr     r3, [r0, #8]
    ldr     r4, [r0, #12]
    ldr     r5, [r0, #16]
    ldr     r6, [r0, #20]
    ldr     r7, [r0, #24]
    ldr.w   r8, [r0, #28]
    ldr.w   r12, [r11, #4]
    CT      r1, r5, r12         @ layer 5: distance 4 words
    CT      r2, r6, r12
    CT      r3, r7, r12
    CT      r4, r8, r12
    ldr.w   r12, [r11, #8]
    ldr.w   lr, [r11, #12]
    CT      r1, r3, r12         @ layer 6: distance 2 words
    CT      r2, r4, r12
    CT      r5, r7, lr
    CT      r6, r8, lr
    ldr.w   r12, [r11, #16]
    ldr.w   lr, [r11, #20]
    CT      r1, r2, r12         @ layer 7: distance 1 word
    CT      r3, r4, lr
    ldr.w   r12, [r11, #24]
    ldr.w   lr, [r11, #28]!
    str     r2, [r0, #4]
    str     r3, [r0, #8]
    CT      r5, r6, r12
    CT      r7, r8, lr
    str     r4, [r0, #12]
    str     r5, [r0, #16]
    str     r6, [r0, #20]
    str     r7, [r0, #24]
    str.w   r8, [r0, #28]
    str.w   r1, [r0], #32
    tst.w   r11, #63
    bne.w   4b

    pop.w   {r4-r11, pc}
    .size m4crypt_poly_ntt_armv7m, .-m4crypt_poly_ntt_armv7m
