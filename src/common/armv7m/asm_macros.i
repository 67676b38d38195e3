/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Assembler macros shared by the armv7m backends (included with #include after .text; they emit
 * nothing until used).
 *
 *   FUNC name           a global Thumb function in its own section .text.<name> (so that the
 *                       linker's --gc-sections drops each function a firmware does not reach):
 *                       .section, .global, .type, .balign 4 and the label
 *   ENDFUNC name        its .size
 *   EACH op, r...       the one-operand macro op on each register in turn (op r4; op r5; ...)
 *   RSUB k, r...        r = k - r for each register (SUB r, k, r)
 *   BFI_FIELDS d, w, r...   d = the registers as consecutive w-bit fields, the first at bit 0:
 *                       UBFX d, r_0, #0, #w, then BFI d, r_i, #(i w), #w (fields past bit 32
 *                       are not written: give only the registers that fit)
 *   ORR_FIELDS d, w, r...   d |= r_i << (i w) for i = 1, 2, ... (r_0 is d itself, not named)
 */
    .macro FUNC name
    .section .text.\name,"ax",%progbits
    .global \name
    .type \name, %function
    .balign 4
\name:
    .endm

    .macro ENDFUNC name
    .size \name, . - \name
    .endm

    .macro EACH op, regs:vararg
    .irp r, \regs
    \op \r
    .endr
    .endm

    .macro RSUB k, regs:vararg
    .irp r, \regs
    sub \r, \k, \r
    .endr
    .endm

    .macro BFI_FIELDS d, w, first, rest:vararg
    ubfx \d, \first, #0, #\w
    .set .Lbfi_fields_at, \w
    .irp r, \rest
    bfi \d, \r, #.Lbfi_fields_at, #\w
    .set .Lbfi_fields_at, .Lbfi_fields_at + \w
    .endr
    .endm

    .macro ORR_FIELDS d, w, regs:vararg
    .set .Lorr_fields_at, \w
    .irp r, \regs
    orr \d, \d, \r, lsl #.Lorr_fields_at
    .set .Lorr_fields_at, .Lorr_fields_at + \w
    .endr
    .endm

    @ FUNC_ENTRY name: a global Thumb function at this point of the current section (.global,
    @ .type, .balign 4, the label): a second entry in a FUNC's section, for a function that
    @ branches into the other's code (so that --gc-sections keeps or drops the two together)
    .macro FUNC_ENTRY name
    .global \name
    .type \name, %function
    .balign 4
\name:
    .endm
