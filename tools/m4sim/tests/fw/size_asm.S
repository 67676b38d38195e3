/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* hand-written assembly without .size */
.syntax unified
.thumb
.text
.global asm_helper
.type asm_helper, %function
.thumb_func
asm_helper:
    adds r0, r0, #1
    eors r0, r0, r0, lsl #2
    bx lr
.global asm_after
.type asm_after, %function
.thumb_func
asm_after:
    bx lr
.size asm_after, .-asm_after
.global asm_tail_entry
.type asm_tail_entry, %function
.thumb_func
asm_tail_entry:
    movs r1, #3
    b.w .Lshared_tail
.size asm_tail_entry, .-asm_tail_entry
.section .text.asm_shared,"ax",%progbits   @ its own section: the branch above keeps a relocation
.global asm_shared
.type asm_shared, %function
.thumb_func
asm_shared:
    movs r1, #5
.Lshared_tail:                        @ asm_tail_entry branches into asm_shared's middle
    adds r0, r0, r1
    bx lr
.size asm_shared, .-asm_shared
.text
.global asm_near_entry
.type asm_near_entry, %function
.thumb_func
asm_near_entry:
    movs r1, #7
    b .Lnear_tail                     @ same section: resolved by the assembler, no relocation
.size asm_near_entry, .-asm_near_entry
.global asm_near_shared
.type asm_near_shared, %function
.thumb_func
asm_near_shared:
    movs r1, #9
.Lnear_tail:
    subs r0, r0, r1
    bx lr
.size asm_near_shared, .-asm_near_shared
