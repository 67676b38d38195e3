/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The rejection loop of RejNTTPoly (FIPS 204 Alg. 30, CoeffFromThreeBytes Alg. 14) for ARMv7E-M.
 *
 *   unsigned m4crypt_mldsa_rej_uniform_armv7m(int32_t *r, unsigned len, const uint8_t *buf,
 *                                             unsigned buflen);
 * Appends the candidates of buf (buflen a multiple of 3) that are below q to r, at most len;
 * returns how many (the contract of m4crypt_mldsa_rej_uniform_c, src/mldsa/poly.h, including the
 * in-place use of m4crypt_mldsa_sample_ntt_step: every group of candidates is read before any of
 * its outputs is written). Public data only (the SHAKE128 stream of rho): it branches.
 *
 * Four candidates per 12 bytes (three words, loaded unaligned-safe with LDR): the 23-bit values
 * are w0, w0 >> 24 | w1 << 8, w1 >> 16 | w2 << 16, w2 >> 8, each masked by UBFX / BFC; an
 * IT-conditional post-indexed STR keeps those below q. Groups run while four more outputs fit in
 * len; the last candidates go one at a time.
 *
 * Register map:
 *   r0  r (advances)      r1  end of the room: r + 4 len     r2  buf (advances)
 *   r3  end of buf        r4-r6  the group's three words    r7  candidate   r8  q
 *   r9  r at entry (for the count)   r12  r1 - 16 (a group's four outputs fit while r0 <= r12)
 *
 * Measured by the bench rows mldsa*.keypair / sign / verify (matrix expansion); twin test in
 * tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

    .syntax unified
    .thumb
    .text

    .macro KEEP c
    cmp \c, r8
    it lo
    strlo \c, [r0], #4
    .endm

    .global m4crypt_mldsa_rej_uniform_armv7m
    .type m4crypt_mldsa_rej_uniform_armv7m, %function
    .balign 4
m4crypt_mldsa_rej_uniform_armv7m:
    push {r4-r9, lr}
    mov r9, r0
    add r1, r0, r1, lsl #2
    add r3, r2, r3
    ldr r8, =8380417
    sub r12, r1, #16
1:  sub r7, r3, r2
    cmp r7, #12
    blo 2f                          @ fewer than four candidates left
    cmp r0, r12
    bhi 2f                          @ fewer than four outputs of room left
    ldr r4, [r2]
    ldr r5, [r2, #4]
    ldr r6, [r2, #8]
    add r2, r2, #12
    ubfx r7, r4, #0, #23
    KEEP r7
    lsr r7, r4, #24
    orr r7, r7, r5, lsl #8
    bfc r7, #23, #9
    KEEP r7
    lsr r7, r5, #16
    orr r7, r7, r6, lsl #16
    bfc r7, #23, #9
    KEEP r7
    ubfx r7, r6, #8, #23
    KEEP r7
    b 1b
    /* one candidate at a time: while three bytes remain and r has room */
2:  sub r7, r3, r2
    cmp r7, #3
    blo 3f
    cmp r0, r1
    bhs 3f
    ldrb r7, [r2]
    ldrb r4, [r2, #1]
    ldrb r5, [r2, #2]
    add r2, r2, #3
    orr r7, r7, r4, lsl #8
    bfi r7, r5, #16, #7
    KEEP r7
    b 2b
3:  sub r0, r0, r9
    lsr r0, r0, #2
    pop {r4-r9, pc}
    .size m4crypt_mldsa_rej_uniform_armv7m, . - m4crypt_mldsa_rej_uniform_armv7m
    .ltorg

#endif /* M4CRYPT_ENABLE_MLDSA */
