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

/*
 *   WORDS op, base, off, r...   op (ldr or str, with or without .w) on consecutive words:
 *                       op r_i, [base, #(off + 4 i)] for i = 0, 1, ... (no writeback)
 */
    .macro WORDS op, base, off, first, rest:vararg
    \op \first, [\base, #(\off)]
    .ifnb \rest
    WORDS \op, \base, (\off + 4), \rest
    .endif
    .endm
