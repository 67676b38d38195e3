/* SPDX-License-Identifier: Apache-2.0 OR MIT */
@ Lane conversion of the sponge for the bit-interleaved Keccak state (ARMv7E-M, Cortex-M4).
@ Written for m4crypt. Layout (backend.h): an interleaved lane is word 0 = even bits, word 1 =
@ odd bits.
@
@ ABI (AAPCS; no FPU register; stack 12 / 16 / 0 bytes):
@   void m4crypt_keccak_xor_lanes_armv7m(uint64_t *s, const uint8_t *in, unsigned n);
@     s[i] ^= interleave(load64le(in + 8i)) for i < n (n >= 1); in may be unaligned.
@   void m4crypt_keccak_extract_lanes_armv7m(const uint64_t *s, uint8_t *out, unsigned n);
@     store64le(out + 8i, deinterleave(s[i])) for i < n (n >= 1); out may be unaligned.
@   void m4crypt_keccak_zero_state_armv7m(uint64_t s[25]);
@     s[0..24] = 0 (the sponge's init): fifty STR, no length tests.
@
@ Register      xor_lanes                          extract_lanes
@   r0          state pointer                      state pointer
@   r1          input pointer                      output pointer
@   r2          lanes left (minus 2)               lanes left (minus 2)
@   r3, r12     input words lo, hi (then temp,     lane 0 even, odd (r3 then a rebuilt low
@               odd half)                          word)
@   r4, r5      state words                        r4 rebuilt low word, r5/r6 lane 1
@   lr          even half                          temporary
@ Two lanes per iteration (the rates are 9, 17 and 21 lanes: an odd last lane by the same code).
@
@ Method: interleaving rotates the 6-bit bit index (b5 .. b0) to (b0 b5 .. b1), the product of the
@ transpositions swap(5,4) .. swap(5,0); each is one delta swap between the two words
@ (H. S. Warren, Hacker's Delight, 7-1, 7-2, 7-6), swap(5,4) a PKHBT + PKHTB: 18 ALU instructions
@ per lane. Extraction applies them in reverse order.
@ Cycles: m4sim regions lanes.xor17 and lanes.extract21 of tests/fips202/test_fips202_armv7m.c
@ (m4sim run --regions); inside the bench rows shake256.* and every ML-KEM and ML-DSA row.
@ Constant time: the only branches are on n (public).

    .syntax unified
    .thumb
    .text

#include "fips202/armv7m/interleave.i"

@ one lane: s[0..1] ^= interleave(in[0..7]), with r3, r12, r4, r5, lr as working registers
.macro xor_lane soff, ioff
    ldr.w r12, [r1, #\ioff + 4]
    ldr.w r3, [r1, #\ioff]
    ldr.w r4, [r0, #\soff]
    ldr.w r5, [r0, #\soff + 4]
    to_il r3, r12, lr
    eor.w r4, r4, lr
    eor.w r5, r5, r12
    str.w r4, [r0, #\soff]
    str.w r5, [r0, #\soff + 4]
.endm

@ one lane: out[0..7] = deinterleave(s[0..1]), with r3, r12, r4, lr as working registers
.macro ext_lane soff, ooff
    ldr.w r3, [r0, #\soff]
    ldr.w r12, [r0, #\soff + 4]
    from_il r3, r12, r4, lr
    str.w r4, [r1, #\ooff]
    str.w r12, [r1, #\ooff + 4]
.endm

    .align 2
    .global m4crypt_keccak_xor_lanes_armv7m
    .type m4crypt_keccak_xor_lanes_armv7m, %function
    .thumb_func
m4crypt_keccak_xor_lanes_armv7m:
    push.w {r4, r5, lr}
    subs.w r2, r2, #2
    blo.w .Lxor_one
.Lxor_loop:
    xor_lane 8, 8                       @ the second lane first, so that the first one's loads
    ldr.w r12, [r1, #4]                 @ and stores can advance the pointers (writeback last)
    ldr.w r3, [r1], #16
    ldr.w r4, [r0]
    ldr.w r5, [r0, #4]
    to_il r3, r12, lr
    eor.w r4, r4, lr
    eor.w r5, r5, r12
    str.w r5, [r0, #4]
    str.w r4, [r0], #16
    subs.w r2, r2, #2
    bhs.w .Lxor_loop
.Lxor_one:
    cmn.w r2, #1                        @ r2 = -1: one lane left, -2: none
    bne.w .Lxor_done
    xor_lane 0, 0
.Lxor_done:
    pop.w {r4, r5, pc}
    .size m4crypt_keccak_xor_lanes_armv7m, . - m4crypt_keccak_xor_lanes_armv7m

    .align 2
    .global m4crypt_keccak_extract_lanes_armv7m
    .type m4crypt_keccak_extract_lanes_armv7m, %function
    .thumb_func
m4crypt_keccak_extract_lanes_armv7m:
    push.w {r4-r6, lr}
    subs.w r2, r2, #2
    blo.w .Lext_one
.Lext_loop:                             @ both lanes loaded first: no store before a load
    ldr.w r12, [r0, #4]
    ldr.w r5, [r0, #8]
    ldr.w r6, [r0, #12]
    ldr.w r3, [r0], #16
    from_il r3, r12, r4, lr             @ lane 0 -> (r4, r12)
    from_il r5, r6, r3, lr              @ lane 1 -> (r3, r6)
    str.w r12, [r1, #4]
    str.w r3, [r1, #8]
    str.w r6, [r1, #12]
    str.w r4, [r1], #16
    subs.w r2, r2, #2
    bhs.w .Lext_loop
.Lext_one:
    cmn.w r2, #1
    bne.w .Lext_done
    ext_lane 0, 0
.Lext_done:
    pop.w {r4-r6, pc}
    .size m4crypt_keccak_extract_lanes_armv7m, . - m4crypt_keccak_extract_lanes_armv7m

    .align 2
    .global m4crypt_keccak_zero_state_armv7m
    .type m4crypt_keccak_zero_state_armv7m, %function
    .thumb_func
m4crypt_keccak_zero_state_armv7m:
    mov.w r1, #0
    .irp k, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 148, 152, 156, 160, 164, 168, 172, 176, 180, 184, 188, 192, 196
    str.w r1, [r0, #\k]
    .endr
    bx lr
    .size m4crypt_keccak_zero_state_armv7m, . - m4crypt_keccak_zero_state_armv7m
