/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * One pair of ML-KEM's base multiplication (FIPS 203 Alg. 12 BaseCaseMultiply) for ARMv7E-M,
 * shared by basemul.S (basemul_acc, basemul) and fused.S (the part products of the streamed
 * SampleNTT), so that all produce the same words. Included by the C preprocessor; defines
 * macros only. Arithmetic and bounds: see the header of basemul.S.
 *
 * BASEMUL_PAIR a, b, r, op, acc: words a = (a0, a1), b = (b0, b1); r11 = w(gamma) (Plantard),
 * r12 = C = q << 16 | 8, lr = C2 = -q^-1 mod 2^16 << 16 | q; op = smuad (gamma) or smusd
 * (-gamma). The result word (c0, c1) times R^-1 is added to r by UADD16 (acc = 1) or left in b
 * (acc = 0). Clobbers a, b, r10.
 *
 * BASEMUL_FUNC name, acc, part: one of the four functions (acc as in BASEMUL_GROUP); part = 0
 * the whole polynomial (basemul.S), part = 1 the 64 coefficients from start (fused.S).
 */
.macro BASEMUL_PAIR a, b, r, op, acc
    smlawt  r10, r11, \a, r12
    smulbt  r10, r10, r12
    pkhtb   r10, r10, \a
    smuadx  \a, \a, \b
    \op     \b, r10, \b
    smulbt  r10, \b, lr
    smlabb  \b, r10, lr, \b
    smulbt  r10, \a, lr
    smlabb  \a, r10, lr, \a
    pkhtb   \b, \a, \b, asr #16
.if \acc
    uadd16  \r, \r, \b
.endif
.endm

/* C = q << 16 | 8 and C2 = (-q^-1 mod 2^16) << 16 | q (ML-KEM: q = 3329, -q^-1 = 3327). */
.macro BASEMUL_CONSTS q=3329, qn=3327
    movw    r12, #8
    movt    r12, #\q
    movw    lr, #\q
    movt    lr, #\qn
.endm

.macro BASEMUL_GROUP acc, goff, gstep, wide
.if \wide
    ldr.w   r5, [r1, #4]
    ldr.w   r7, [r2, #4]
.else
    ldr     r5, [r1, #4]
    ldr     r7, [r2, #4]
.endif
    ldr.w   r4, [r1], #8
    ldr.w   r6, [r2], #8
.if \acc
    ldr.w   r9, [r0, #4]
    ldr.w   r8, [r0]
.endif
.if \goff == 0
    ldr.w   r11, [r3], #\gstep
.else
    ldr.w   r11, [r3, #\goff]
.endif
    BASEMUL_PAIR r4, r6, r8, smuad, \acc
    BASEMUL_PAIR r5, r7, r9, smusd, \acc
.if \acc
    str.w   r9, [r0, #4]
    str.w   r8, [r0], #8
.else
    str.w   r7, [r0, #4]
    str.w   r6, [r0], #8
.endif
.endm

/* The function name: registers saved, r3 = the gamma pointer, the constants, then the loop until
 * r3 reaches a multiple of 64 (gen_tables.py places the tables so):
 *   part = 0: 16 coefficients per iteration from the 5-word records of
 *     m4crypt_mlkem_basemul_gammas_armv7m; the gamma word of the first group with post-increment
 *     #20 (the next iteration's), the others at [r3, #-16 / -12 / -8];
 *   part = 1: coefficients start .. start + 63 (start in r3, a multiple of 64), 8 per iteration,
 *     one word of m4crypt_mlkem_part_gammas_armv7m + start per group (post-increment #4).
 * table, q, qn: the gamma table of part = 0 and the field (BASEMUL_CONSTS); ML-DSA's product
 * modulo 769 (src/mldsa/armv7m/small_ntt.S) passes its own. */
.macro BASEMUL_FUNC name, acc, part, table=m4crypt_mlkem_basemul_gammas_armv7m, q=3329, qn=3327
FUNC \name
    push.w  {r4-r11, lr}
.if \part
    movw    r11, #:lower16:m4crypt_mlkem_part_gammas_armv7m
    movt    r11, #:upper16:m4crypt_mlkem_part_gammas_armv7m
    add.w   r3, r11, r3
.else
    movw    r3, #:lower16:\table
    movt    r3, #:upper16:\table
.endif
    BASEMUL_CONSTS \q, \qn
    .p2align 2
1:
.if \part
    BASEMUL_GROUP \acc, 0, 4, 1
    BASEMUL_GROUP \acc, 0, 4, 1
    tst.w   r3, #63
.else
    BASEMUL_GROUP \acc, 0, 20, 0
    BASEMUL_GROUP \acc, -16, 20, 0
    tst.w   r3, #63         @ between a store and a load: fills the store-then-load slot
    BASEMUL_GROUP \acc, -12, 20, 0
    BASEMUL_GROUP \acc, -8, 20, 0
.endif
    bne.w   1b
    pop.w   {r4-r11, pc}
ENDFUNC \name
.endm
