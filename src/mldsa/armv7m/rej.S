/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA rejection loops of RejNTTPoly and RejBoundedPoly (FIPS 204 Alg. 30, 31) for ARMv7E-M.
 *
 *   unsigned m4crypt_mldsa_rej_uniform_armv7m(int32_t *r, unsigned len, const uint8_t *buf,
 *                                             unsigned buflen);
 * CoeffFromThreeBytes (Alg. 14): appends the candidates of buf (buflen a multiple of 3) that are
 * below q to r, at most len; returns how many (the contract of m4crypt_mldsa_rej_uniform_c,
 * src/mldsa/poly.h, including the in-place use of m4crypt_mldsa_sample_ntt_step). Public data
 * only (the SHAKE128 stream of rho): it branches.
 *   unsigned m4crypt_mldsa_rej_uniform_p24_armv7m(uint8_t *out, unsigned len, const uint8_t *buf,
 *                                                 unsigned buflen);
 * The same, each accepted candidate appended as its three bytes (the packed form of signing's
 * A): an IT-conditional word store and advance by 3 while four more outputs and a byte fit,
 * then byte stores. Bytes of out from 3 count up to 3 len may be overwritten (as the C twin's
 * contract allows).
 *   unsigned m4crypt_mldsa_rej_uniform_acc_block_p24_armv7m(int32_t *acc, const uint8_t *b,
 *                                                           unsigned len,
 *                                                           const uint64_t state[25]);
 * The same rejection over a SHAKE128 block read where the permutation left it (the sponge's
 * bit-interleaved state), the n-th accepted candidate a multiplied straight into acc[n] += a
 * b[n] 2^-32 (b packed 3 bytes per coefficient, any alignment), at most len; returns how many;
 * _block_reduce_p24 then reduces each sum (reduce32): m4crypt_mldsa_matrix_entry_acc_p24's
 * loop. Groups of four candidates whose four are all accepted take the fast path, two groups per
 * three lanes; the rest one at a time. Its register map is below.
 *   unsigned m4crypt_mldsa_rej_eta_armv7m(int32_t *r, unsigned len, const uint8_t *buf,
 *                                         unsigned buflen, unsigned eta);
 * CoeffFromHalfByte (Alg. 15): appends the accepted half-bytes' coefficients while fewer than
 * len; returns how many (m4crypt_mldsa_rej_eta_c's contract: words of r from the count up to
 * len may be overwritten). A word of buf (8 half-bytes) at a time while 8 more outputs fit:
 * every half-byte's coefficient is stored at out, which advances only if it was accepted. It
 * branches on which half-bytes are rejected: declassified, called only from
 * m4crypt_mldsa_sample_eta_tail, which the constant-time checks declare public
 * (src/mldsa/sign_set.h, "Constant time", 2).
 * Groups, in-place order and the eta arithmetic: docs/mldsa-armv7m.md, "Rejection sampling".
 *
 * Register map (rej_uniform; .req names below):
 *   r0  out: r (advances)   r1  out_end: r + 4 len   r2  in: buf (advances)   r3  in_end
 *   r4-r6, r11  the group's words   r7  candidate   r8  q   r9  start: r at entry (the count)
 *   r10  in8 = in_end - 24 (eight candidates left while in <= in8)
 *   r12  room4 = out_end - 16 (a group's four outputs fit while out <= room4)
 *   lr   room8 = out_end - 32 (eight outputs fit)
 *   (rej_uniform_p24: the same, with out_end = r + 3 len, outputs of three bytes stored as
 *   words, room4 = out_end - 13, room8 = out_end - 25)
 * Eight candidates per iteration while eight outputs fit, then four, then one: the in-place
 * order holds for each group of four (the second group's words are read after the first
 * group's outputs are written: 4 (have + 4g + 4) <= 200 + 12g, docs/mldsa-armv7m.md).
 * (rej_eta, words) r0 r (advances), r2 buf (advances), r4 scratch, r5 / r6 the low / high
 *   half-bytes of a word as byte lanes, then their coefficients; r7 / r8 their accept flags,
 *   r9 r at entry, r10 the last out at which 8 outputs fit, r11 the last in with 4 bytes left,
 *   r12 0x10101010, lr 13 (eta 2), r1 0x04040404 (eta 4);
 * (rej_eta, bytes) r1 end of the room, r3 end of buf, r5 the byte, r6 the half-byte /
 *   coefficient, r7 scratch.
 *
 * Bench rows mldsa*.keypair / sign / verify (matrix expansion); twin test
 * tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text
#include "common/armv7m/asm_macros.i"
#include "fips202/armv7m/interleave.i"

/* rej_uniform's long-lived registers; r4-r6 (r4-r7, r10, r11) the group's words, r7 the
 * candidate */
out     .req r0                     @ r (advances)
out_end .req r1                     @ end of the room: r + 4 len (p24: r + 3 len)
in      .req r2                     @ buf (advances)
in_end  .req r3                     @ end of buf
q       .req r8
start   .req r9                     @ r at entry, for the count
room4   .req r12                    @ a group's four outputs fit while out <= room4
room8   .req lr                     @ eight outputs fit while out <= room8
in8     .req r10                    @ eight candidates are left while in <= in8

    @ the candidate c (int32 outputs), if below q: STR and advance by 4
    .macro KEEP c
    cmp \c, q
    it lo
    strlo \c, [out], #4
    .endm

    @ the candidate c (packed outputs), if below q, as three bytes at out (a word store: its
    @ fourth byte, zero, is overwritten by the next output or lies in the room)
    .macro KEEP3 c
    cmp \c, q
    itt lo
    strlo \c, [out]
    addlo out, out, #3
    .endm

    @ the four candidates of the words w0, w1, w2 (23-bit values w0, w0 >> 24 | w1 << 8,
    @ w1 >> 16 | w2 << 16, w2 >> 8), each kept by \keep; r7 the candidate
    .macro FOUR keep, w0, w1, w2
    ubfx r7, \w0, #0, #23
    \keep r7
    lsr r7, \w0, #24
    orr r7, r7, \w1, lsl #8
    bfc r7, #23, #9
    \keep r7
    lsr r7, \w1, #16
    orr r7, r7, \w2, lsl #16
    bfc r7, #23, #9
    \keep r7
    ubfx r7, \w2, #8, #23
    \keep r7
    .endm

    @ the function \name: eight candidates (six words) per iteration while eight outputs fit,
    @ then four, then one at a time (\size: 4 bytes per output with KEEP, 3 with KEEP3)
    .macro REJ_UNIFORM name, keep, size
FUNC \name
    push {r4-r11, lr}
    mov start, out
    .if \size == 4
    add out_end, out, r1, lsl #2      @ r1 = len
    sub room4, out_end, #16
    sub room8, out_end, #32
    .else
    add r1, r1, r1, lsl #1
    add out_end, out, r1              @ out + 3 len
    sub room4, out_end, #13           @ the fourth output's word ends a byte after it
    sub room8, out_end, #25
    .endif
    add in_end, in, r3                @ r3 = buflen
    sub in8, in_end, #24
    ldr q, =8380417
    cmp in, in8
    bhi 1f
    cmp out, room8
    bhi 1f
8:  LOAD_SEQ ldr, in, 4, r4, r5, r6, r11
    add in, in, #16
    FOUR \keep, r4, r5, r6
    ldr r4, [in], #4
    ldr r5, [in], #4
    FOUR \keep, r11, r4, r5
    cmp in, in8
    bhi 1f
    cmp out, room8
    bls 8b
1:  sub r7, in_end, in
    cmp r7, #12
    blo 2f                          @ fewer than four candidates left
    cmp out, room4
    bhi 2f                          @ fewer than four outputs of room left
    LOAD_SEQ ldr, in, 4, r4, r5, r6
    add in, in, #12
    FOUR \keep, r4, r5, r6
    b 1b
    /* one candidate at a time: while three bytes remain and r has room */
2:  sub r7, in_end, in
    cmp r7, #3
    blo 3f
    cmp out, out_end
    bhs 3f
    LOAD_SEQ ldrb, in, 1, r7, r4, r5
    add in, in, #3
    orr r7, r7, r4, lsl #8
    bfi r7, r5, #16, #7
    .if \size == 4
    KEEP r7
    .else
    cmp r7, q                       @ three byte stores
    bhs 2b
    strh r7, [out]
    lsr r7, r7, #16
    strb r7, [out, #2]
    add out, out, #3
    .endif
    b 2b
3:  sub r0, out, start
    .if \size == 4
    lsr r0, r0, #2
    .else
    movw r1, #43691                 @ (3 n) 43691 >> 17 = n for n < 2^15
    mul r0, r0, r1
    lsr r0, r0, #17
    .endif
    pop {r4-r11, pc}
ENDFUNC \name
    .endm

    REJ_UNIFORM m4crypt_mldsa_rej_uniform_armv7m, KEEP, 4
    REJ_UNIFORM m4crypt_mldsa_rej_uniform_p24_armv7m, KEEP3, 3
    .unreq out
    .unreq out_end
    .unreq in
    .unreq in_end
    .unreq q
    .unreq start
    .unreq room4
    .unreq room8
    .unreq in8
    .ltorg
#if M4CRYPT_ENABLE_MLDSA_VERIFY || M4CRYPT_ENABLE_MLDSA_KEYPAIR /* (m4crypt/config.h) */

/* rej_uniform_acc_block_p24: the products of a streamed entry of A with a packed vector (key
 * generation and verification), the rejection and the product in one pass, the candidates read
 * straight from the sponge's state after a permutation (SHAKE128: its 168-byte block, the first
 * 21 lanes), which is bit-interleaved (src/fips202/armv7m/backend.h): three lanes (24 bytes,
 * eight candidates) at a time are converted to the standard layout (from_il,
 * src/fips202/armv7m/interleave.i), the first group's three words kept in r8-r10, the second's
 * in the frame. No copy of the block: the caller's SHAKE128 workspace is the state alone. It
 * branches on the candidates, that is on rho, and reads b and acc at positions that follow them:
 * constant time in b for a given rho (src/mldsa/sign_set.h, "Constant time", 1). Registers:
 *   r0  acc (advances by 4 per accepted candidate)   r1  b (advances by 3 per accepted one)
 *   r3  negq = -q (CMN a, negq sets C iff a >= q; SMLAL of MONT)
 *   r4-r9  three lanes (even, odd words), then r4-r7 the group's candidates a0..a3, the lo words
 *          of the products, the old acc
 *   r8-r10 the group's words, then r8-r11 b0..b3, then the products
 *   r12 qinv   lr  the next lanes, then t of MONT (and scratch)
 *   [sp] .. [sp, #8] the second group's words, [sp, #12] the next three lanes, [sp, #16] the
 *   block's end (state + 168), [sp, #20] acc's end (acc + 4 len), [sp, #24] acc at entry
 * While eight outputs fit, both groups take the fast path; a group with a rejected candidate
 * (then also the first group's second), and every candidate once fewer than eight outputs fit,
 * go one at a time with the room checked before each.
 */
    @ x = reduce32(x): x - q round(x / 2^23) (ADD 2^22, ASR 23, MLA by -q: |x| < q after, as
    @ m4crypt_mldsa_reduce32), lr scratch
    .macro REDUCE32 x
    add lr, \x, #0x400000
    asr lr, lr, #23
    mla \x, lr, r3, \x
    .endm

    @ one candidate a (a low register), if below q: acc += a b 2^-32 (b three bytes at r1, any
    @ alignment), then (\reduce 1) reduce32; both advance; r8, r9, lr scratch
    .macro ACC_ONE a, reduce
    cmn \a, r3
    bhs .Lacc_one_skip\@
    ldrh r8, [r1]
    ldrb r9, [r1, #2]
    orr r8, r8, r9, lsl #16
    adds r1, r1, #3
    smull \a, r8, \a, r8
    mul lr, \a, r12
    smlal \a, r8, lr, r3
    ldr r9, [r0]
    add r9, r9, r8
    .if \reduce
    REDUCE32 r9
    .endif
    str r9, [r0], #4
.Lacc_one_skip\@:
    .endm

    @ the product of candidate a (lo) and b (hi) into b: MONT of mont.i with a as mlo, lr as mt
    .macro MONT_AB a, b
    smull \a, \b, \a, \b
    mul lr, \a, r12
    smlal \a, \b, lr, r3
    .endm

    @ the four candidates of the words r8, r9, r10 into r4-r7
    .macro CANDIDATES4
    ubfx r4, r8, #0, #23            @ a0
    lsr.w r5, r8, #24
    bfi r5, r9, #8, #15             @ a1
    lsr.w r6, r9, #16
    bfi r6, r10, #16, #7            @ a2
    ubfx r7, r10, #8, #23           @ a3
    .endm

    @ one group of four candidates, its three words in r8-r10, all accepted (else to \slow with
    @ the candidates in r4-r7)
    .macro FAST_GROUP reduce, slow
    CANDIDATES4
    cmn r4, r3
    ittt lo
    cmnlo.w r5, r3
    cmnlo r6, r3
    cmnlo r7, r3
    bhs.w \slow
    ldr.w r8, [r1]                  @ b0 | b1 << 24 (any alignment)
    ldr.w r9, [r1, #4]              @ b1 >> 8 | b2 << 16
    ldr.w r10, [r1, #8]             @ b2 >> 16 | b3 << 8
    add.w r1, r1, #12
    lsr.w r11, r8, #24
    bfi r11, r9, #8, #16            @ b1
    ubfx r8, r8, #0, #24            @ b0
    lsr.w r9, r9, #16
    bfi r9, r10, #16, #8            @ b2
    lsr.w r10, r10, #8              @ b3
    MONT_AB r4, r8
    MONT_AB r5, r11
    MONT_AB r6, r9
    MONT_AB r7, r10
    ldm.w r0, {r4-r7}
    add.w r4, r4, r8
    add.w r5, r5, r11
    add.w r6, r6, r9
    add.w r7, r7, r10
    .if \reduce
    REDUCE32 r4
    REDUCE32 r5
    REDUCE32 r6
    REDUCE32 r7
    .endif
    stm.w r0!, {r4-r7}
    .endm

    @ one candidate a, as ACC_ONE, if acc has room (else to \done)
    .macro ACC_ONE_ROOM a, reduce, done
    ldr.w lr, [sp, #20]
    cmp r0, lr
    bhs.w \done
    ACC_ONE \a, \reduce
    .endm

    .macro REJ_UNIFORM_ACC_BLOCK name, reduce
FUNC \name
    push {r4-r11, lr}
    sub sp, sp, #28
    add r2, r0, r2, lsl #2
    str r2, [sp, #20]               @ acc's end
    str r0, [sp, #24]
    add r4, r3, #168
    str r4, [sp, #16]               @ the block's end
    mov lr, r3                      @ the next three lanes
    ldr r3, =0xff801fff             @ -q
    ldr r12, =0x03802001            @ q^-1 mod 2^32
    .p2align 2
1:  ldm.w lr!, {r4-r9}              @ lanes 3c, 3c + 1, 3c + 2: (even, odd) words each
    str.w lr, [sp, #12]
    from_il r8, r9, r10, r11        @ lane 2: words 4 (r10), 5 (r9)
    str.w r10, [sp, #4]
    str.w r9, [sp, #8]
    from_il r6, r7, r10, r11        @ lane 1: words 2 (r10), 3 (r7)
    str.w r7, [sp]
    from_il r4, r5, r8, r11         @ lane 0: words 0 (r8), 1 (r5)
    mov.w r9, r5
    ldr.w lr, [sp, #20]
    sub.w lr, lr, r0
    cmp.w lr, #32
    blo.w 4f                        @ fewer than eight outputs of room
    FAST_GROUP \reduce, 5f
    ldm.w sp, {r8, r9, r10}
    FAST_GROUP \reduce, 7f
6:  ldr.w lr, [sp, #12]
    ldr.w r4, [sp, #16]
    cmp.w lr, r4
    bne.w 1b
    b.w 9f
    @ one candidate at a time, the room checked before each: a group with a rejected candidate
    @ (the first group's: 5, with the second group after it; the second's: 7), and every group
    @ once fewer than eight outputs fit (4)
4:  CANDIDATES4
5:  ACC_ONE_ROOM r4, \reduce, 9f
    ACC_ONE_ROOM r5, \reduce, 9f
    ACC_ONE_ROOM r6, \reduce, 9f
    ACC_ONE_ROOM r7, \reduce, 9f
    ldm.w sp, {r8, r9, r10}
    CANDIDATES4
7:  ACC_ONE_ROOM r4, \reduce, 9f
    ACC_ONE_ROOM r5, \reduce, 9f
    ACC_ONE_ROOM r6, \reduce, 9f
    ACC_ONE_ROOM r7, \reduce, 9f
    b.w 6b
9:  ldr r1, [sp, #24]
    sub r0, r0, r1
    lsrs r0, r0, #2
    add sp, sp, #28
    pop {r4-r11, pc}
ENDFUNC \name
    .ltorg
    .endm

    REJ_UNIFORM_ACC_BLOCK m4crypt_mldsa_rej_uniform_acc_block_p24_armv7m, 0
    REJ_UNIFORM_ACC_BLOCK m4crypt_mldsa_rej_uniform_acc_block_reduce_p24_armv7m, 1
#endif /* M4CRYPT_ENABLE_MLDSA_VERIFY || M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only (m4crypt/config.h) */

    @ the four byte lanes of v (half-bytes b <= 15) to eta = 2's coefficients 2 - b mod 5 as
    @ signed bytes, b mod 5 = b - 5 ((13 b) >> 6) lane by lane (13 b <= 195: no carry between
    @ lanes); f = 0x10 in the lanes of accepted half-bytes (b + 1 < 16), 0 in the others
    .macro ETA2_LANES v, f
    mul r4, \v, lr                  @ 13 b
    lsr r4, r4, #6
    and r4, r4, #0x03030303         @ (13 b) >> 6
    add r4, r4, r4, lsl #2
    add r4, r4, #0x02020202         @ 5 ((13 b) >> 6) + 2
    add \f, \v, #0x01010101
    ssub8 \v, r4, \v                 @ 2 - b mod 5
    bic \f, r12, \f
    .endm

    @ eta = 4: 4 - b, accepted if b + 7 < 16
    .macro ETA4_LANES v, f
    add \f, \v, #0x07070707
    ssub8 \v, r1, \v                 @ r1 = 0x04040404
    bic \f, r12, \f
    .endm

    @ the coefficient of lane \lane of v stored at out, which advances by 4 if it is accepted
    .macro PUT_LANE v, f, lane
    .if \lane == 0
    sxtb.w r4, \v
    .else
    sxtb r4, \v, ror #8*\lane
    .endif
    str.w r4, [r0]
    ubfx r4, \f, #8*\lane+4, #1
    add r0, r0, r4, lsl #2
    .endm

    @ one word of buf (8 half-bytes) per iteration while 8 outputs fit and 4 bytes are left;
    @ \lanes is ETA2_LANES or ETA4_LANES; then the byte loop at \tail
    .macro REJ_ETA_WORDS lanes, tail
    .p2align 2                      @ (32-bit instructions at word addresses: m4sim's rule RUN32)
10: cmp r0, r10
    bhi 11f
    cmp r2, r11
    bhi 11f
    ldr r5, [r2], #4
    lsr r6, r5, #4
    and r5, r5, #0x0F0F0F0F         @ low half-bytes: outputs 0, 2, 4, 6
    and r6, r6, #0x0F0F0F0F         @ high half-bytes: outputs 1, 3, 5, 7
    \lanes r5, r7
    \lanes r6, r8
    PUT_LANE r5, r7, 0
    PUT_LANE r6, r8, 0
    PUT_LANE r5, r7, 1
    PUT_LANE r6, r8, 1
    PUT_LANE r5, r7, 2
    PUT_LANE r6, r8, 2
    PUT_LANE r5, r7, 3
    PUT_LANE r6, r8, 3
    b 10b
11: add r1, r10, #32                @ the byte loop's end of the room and of buf
    add r3, r11, #4
    b \tail
    .endm

FUNC m4crypt_mldsa_rej_eta_armv7m
    push {r4-r12, lr}
    ldr r4, [sp, #40]               @ eta
    mov r9, r0
    add r1, r0, r1, lsl #2
    add r3, r2, r3
    sub r10, r1, #32                @ words while out <= r10 (8 outputs fit)
    sub r11, r3, #4                 @ and in <= r11 (4 bytes left)
    mov r12, #0x10101010
    cmp r4, #2
    bne 40f
    mov lr, #13
    REJ_ETA_WORDS ETA2_LANES, 1f
40: mov r1, #0x04040404
    REJ_ETA_WORDS ETA4_LANES, 20f
    @ the byte loop: the last bytes, or the last outputs, one half-byte at a time
1:  cmp r2, r3
    beq 9f
    cmp r0, r1
    beq 9f
    ldrb r5, [r2], #1
    and r6, r5, #15
    cmp r6, #15
    beq 2f
    add r7, r6, r6, lsl #2
    add r7, r7, r6, lsl #3          @ 13 b
    lsr r7, r7, #6
    add r7, r7, r7, lsl #2
    sub r6, r6, r7                  @ b mod 5
    rsb r6, r6, #2
    str r6, [r0], #4
2:  cmp r0, r1
    beq 9f
    lsr r6, r5, #4
    cmp r6, #15
    beq 1b
    add r7, r6, r6, lsl #2
    add r7, r7, r6, lsl #3
    lsr r7, r7, #6
    add r7, r7, r7, lsl #2
    sub r6, r6, r7
    rsb r6, r6, #2
    str r6, [r0], #4
    b 1b
20: cmp r2, r3
    beq 9f
    cmp r0, r1
    beq 9f
    ldrb r5, [r2], #1
    and r6, r5, #15
    cmp r6, #9
    bhs 21f
    rsb r6, r6, #4
    str r6, [r0], #4
21: cmp r0, r1
    beq 9f
    lsr r6, r5, #4
    cmp r6, #9
    bhs 20b
    rsb r6, r6, #4
    str r6, [r0], #4
    b 20b
9:  sub r0, r0, r9
    lsr r0, r0, #2
    pop {r4-r12, pc}
ENDFUNC m4crypt_mldsa_rej_eta_armv7m
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

#endif /* M4CRYPT_ENABLE_MLDSA */
