/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A table read through MOVW / MOVT, labelled as hand-written assembly often is (no .type). */
.syntax unified
.thumb

/* A global Thumb function name, its code up to endfunc. */
.macro func name
    .text
    .global \name
    .type \name, %function
    .thumb_func
\name:
.endm
.macro endfunc name
    .size \name, .-\name
.endm
/* A table of words labelled name, without .type (the label alone, as hand-written assembly
 * often has it). */
.macro words name, values:vararg
\name:
    .word \values
    .size \name, .-\name
.endm

func m4crypt_asm_table_sum
    movw r1, #:lower16:asm_table
    movt r1, #:upper16:asm_table
    ldm r1, {r0, r2}
    add r0, r0, r2
    bx lr
endfunc m4crypt_asm_table_sum
    .section .rodata.asm_table, "a", %progbits
    .p2align 2
    words asm_table, 1, 2, 3, 4

/* A loop over asm_tab_a by start and end pointers from the literal pool: the end pointer is the
 * address of asm_tab_b, which follows in the same section. And a literal 0x20, a plain constant
 * that is also an address in the vector table at 0. */
func m4crypt_asm_end_pointer
    ldr r1, =asm_tab_a
    ldr r2, =asm_tab_a + 16
    ldr r3, .Lconst                 /* a literal load the assembler cannot turn into MOV */
    movs r0, #0
1:  ldr r12, [r1], #4
    add r0, r0, r12
    cmp r1, r2
    bne 1b
    add r0, r0, r3
    bx lr
    .ltorg
    .p2align 2
.Lconst:
    .word 0x20
endfunc m4crypt_asm_end_pointer
    .section .rodata.asm_tabs, "a", %progbits
    .p2align 2
    words asm_tab_a, 1, 2, 3, 4
    words asm_tab_b, 5, 6, 7, 8
