/* SPDX-License-Identifier: Apache-2.0 OR MIT */
@ Wiping and constant-time comparison for ARMv7E-M (Cortex-M4). Written for m4crypt.
@
@ ABI (AAPCS; no FPU register; stack: memzero none, verify 12 bytes):
@   void m4crypt_memzero_armv7m(void *p, size_t len)             second label: m4crypt_memzero
@     Zeroes len bytes at p, any alignment and length. Assembled separately, so the compiler
@     cannot remove the stores (common.c adds no second barrier).
@   int m4crypt_verify_armv7m(const uint8_t *a, const uint8_t *b, size_t len)  label m4crypt_verify
@     0 if the len bytes at a and b are equal, else -1; any alignment and length, no early exit.
@
@ Register   memzero                              verify
@   r0       pointer                              a
@   r1       bytes left (minus 64 in the loop)    b
@   r2       zero                                 bytes left (minus 32 / minus 8 in the loops)
@   r3       flags                                loaded word
@   r4, r5   -                                    loaded words
@   r12      -                                    loaded word
@   lr       -                                    OR of all differences
@
@ memzero: bytes up to a word boundary, 64-byte blocks of sixteen STR (1 cycle each; STM costs
@ 1 + N and needs N zero registers), then 32, 16 bytes (branches), 8, 4, 2, 1 bytes
@ (IT-conditional stores). verify: word loads (LDR allows any alignment, LDM/LDRD would not),
@ groups of four pipelined LDR + 2 EOR + 2 ORR, four groups per iteration, then single groups
@ and 4, 2, 1 bytes. Branches depend on p's alignment and on len only (public).
@ Cycles: m4sim regions common.memzero1024, common.memzero200, common.verify768 and their _c
@ twins in tests/common/test_common_armv7m.c (m4sim run --regions); inside every bench row.

    .syntax unified
    .thumb
    .text

@ n words of zero (r2) from r0 on, one STR each; r0 is not advanced
.macro ZERO_WORDS n
    .set .Lzero_at, 0
    .rept \n
    str.w r2, [r0, #.Lzero_at]
    .set .Lzero_at, .Lzero_at + 4
    .endr
.endm

    .section .text.m4crypt_memzero,"ax",%progbits   @ one section per function (--gc-sections)
    .align 2
    .global m4crypt_memzero_armv7m
    .type m4crypt_memzero_armv7m, %function
    .global m4crypt_memzero
    .type m4crypt_memzero, %function
    .thumb_func
m4crypt_memzero_armv7m:
    .thumb_func
m4crypt_memzero:
    mov.w r2, #0
    tst.w r0, #3
    beq.w .Lz_aligned
.Lz_head:                               @ at most 3 bytes up to the word boundary
    cmp.w r1, #0
    beq.w .Lz_done
    strb.w r2, [r0], #1
    subs.w r1, r1, #1
    tst.w r0, #3
    bne.w .Lz_head
.Lz_aligned:
    subs.w r1, r1, #64
    blo.w .Lz_tail
.Lz_loop:
    ZERO_WORDS 16
    add.w r0, r0, #64
    subs.w r1, r1, #64
    bhs.w .Lz_loop
.Lz_tail:                               @ r1 = len - 64 (mod 64): its low six bits are the rest
    lsls.w r3, r1, #27                  @ C = bit 5 (32 bytes), N = bit 4 (16 bytes)
    bcc.w 1f
    ZERO_WORDS 8
    add.w r0, r0, #32                   @ (no S: N still holds bit 4)
1:  bpl.w 2f
    ZERO_WORDS 4
    add.w r0, r0, #16
2:  lsls.w r3, r1, #29                  @ C = bit 3 (8 bytes), N = bit 2 (4 bytes)
    ittt cs
    strcs.w r2, [r0]
    strcs.w r2, [r0, #4]
    addcs.w r0, r0, #8
    itt mi
    strmi.w r2, [r0]
    addmi.w r0, r0, #4
    lsls.w r3, r1, #31                  @ C = bit 1 (2 bytes), N = bit 0 (1 byte)
    itt cs
    strhcs.w r2, [r0]
    addcs.w r0, r0, #2
    it mi
    strbmi.w r2, [r0]
.Lz_done:
    bx lr
    .size m4crypt_memzero_armv7m, . - m4crypt_memzero_armv7m
    .size m4crypt_memzero, . - m4crypt_memzero

@ one group: 8 bytes of a and b, differences into lr; the last loads advance the pointers
.macro vgroup
    ldr.w r3, [r0, #4]
    ldr.w r12, [r1, #4]
    ldr.w r4, [r0], #8
    ldr.w r5, [r1], #8
    eor.w r3, r3, r12
    eor.w r4, r4, r5
    orr.w lr, lr, r3
    orr.w lr, lr, r4
.endm

    .section .text.m4crypt_verify,"ax",%progbits
    .align 2
    .global m4crypt_verify_armv7m
    .type m4crypt_verify_armv7m, %function
    .global m4crypt_verify
    .type m4crypt_verify, %function
    .thumb_func
m4crypt_verify_armv7m:
    .thumb_func
m4crypt_verify:
    push.w {r4, r5, lr}
    mov.w lr, #0
    subs.w r2, r2, #32
    blo.w 2f
1:  vgroup
    vgroup
    vgroup
    vgroup
    subs.w r2, r2, #32
    bhs.w 1b
2:  adds.w r2, r2, #24                  @ r2 = len - 8 (mod 32, the remaining groups)
    blo.w 4f
3:  vgroup
    subs.w r2, r2, #8
    bhs.w 3b
4:  tst.w r2, #4                        @ r2 = len - 8 (mod 8): bit 2 = 4 bytes left
    beq.w 5f
    ldr.w r3, [r0], #4
    ldr.w r12, [r1], #4
    eor.w r3, r3, r12
    orr.w lr, lr, r3
5:  lsls.w r3, r2, #31                  @ C = bit 1 (2 bytes), N = bit 0 (1 byte)
    bcc.w 6f
    ldrh.w r3, [r0], #2
    ldrh.w r12, [r1], #2
    eor.w r3, r3, r12
    orr.w lr, lr, r3
6:  bpl.w 7f
    ldrb.w r3, [r0]
    ldrb.w r12, [r1]
    eor.w r3, r3, r12
    orr.w lr, lr, r3
7:  rsb.w r0, lr, #0                    @ bit 31 of (d | -d) is set iff d != 0
    orr.w r0, r0, lr
    asr.w r0, r0, #31
    pop.w {r4, r5, pc}
    .size m4crypt_verify_armv7m, . - m4crypt_verify_armv7m
    .size m4crypt_verify, . - m4crypt_verify
