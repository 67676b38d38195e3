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

    @ STR_BYTES n, r, addr: the low n bytes of r (n = 1, 2 or 4) at addr (STRB, STRH or STR);
    @ LDR_BYTES n, r, addr: r = the n bytes at addr, zero-extended (LDRB, LDRH or LDR)
    .macro STR_BYTES n, r, addr:vararg
    .if \n == 1
    strb \r, \addr
    .elseif \n == 2
    strh \r, \addr
    .else
    str \r, \addr
    .endif
    .endm

    .macro LDR_BYTES n, r, addr:vararg
    .if \n == 1
    ldrb \r, \addr
    .elseif \n == 2
    ldrh \r, \addr
    .else
    ldr \r, \addr
    .endif
    .endm

    @ UBFX_FIELDS s, at, w, r...: r_i = the w-bit field of s at bit at + i w (UBFX; the inverse
    @ of BFI_FIELDS)
    .macro UBFX_FIELDS s, at, w, regs:vararg
    .set .Lubfx_fields_at, \at
    .irp r, \regs
    ubfx \r, \s, #.Lubfx_fields_at, #\w
    .set .Lubfx_fields_at, .Lubfx_fields_at + \w
    .endr
    .endm

    @ LOAD_SEQ op, base, step, r...: r_i = the element i of an array at base, step bytes apart
    @ (op r_i, [base, #i step]; op LDR, LDRB, LDRH)
    .macro LOAD_SEQ op, base, step, regs:vararg
    .set .Lload_seq_at, 0
    .irp r, \regs
    \op \r, [\base, #.Lload_seq_at]
    .set .Lload_seq_at, .Lload_seq_at + \step
    .endr
    .endm

    @ TWO_LOOPS body, a, b, ptr, end, saved...: a function's two loop variants, the second taken
    @ on NE (the caller's comparison): label 1, the macro body a (one group) until ptr reaches
    @ end, then POP {saved, pc}; label 2, the same with body b
    .macro TWO_LOOPS body, a, b, ptr, end, saved:vararg
    bne 2f
1:
    \body \a
    cmp \ptr, \end
    bne 1b
    pop {\saved, pc}
2:
    \body \b
    cmp \ptr, \end
    bne 2b
    pop {\saved, pc}
    .endm

    @ WORDS op, base, off, r...: op r_i, [base, #(off + 4 i)] for i = 0, 1, ...: loads or stores
    @ of consecutive words from base + off (op as written: LDR or STR, narrow or .w), no
    @ writeback (LOAD_SEQ: loads from base + 0 with any step)
    .macro WORDS op, base, off, first, rest:vararg
    \op \first, [\base, #(\off)]
    .ifnb \rest
    WORDS \op, \base, (\off + 4), \rest
    .endif
    .endm

    @ END_LOOP_FUNC name, ptr, end, back, saved...: the end of a function that is one loop: back
    @ to the label back (1b, 2b) until ptr reaches end, then POP {saved, pc} and ENDFUNC name
    .macro END_LOOP_FUNC name, ptr, end, back, saved:vararg
    cmp \ptr, \end
    bne \back
    pop {\saved, pc}
    ENDFUNC \name
    .endm
