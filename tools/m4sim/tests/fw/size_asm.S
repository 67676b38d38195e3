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
