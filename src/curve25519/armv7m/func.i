/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Assembler macros shared by the armv7m files of src/curve25519 and src/x25519 (C preprocessor
 * include; macros only, no code):
 *   FUNC name / ENDFUNC name   from common/armv7m/asm_macros.i (included here)
 *   AAPCS_ENTRY name, int      an AAPCS entry that saves r4-r11 and calls the internal routine
 *                              int (which keeps no stack and clobbers r0-r12)
 *   STORE8 base                r3-r10 to the 8 words at base (STR, base may be unaligned)
 *   EQU_SEQ off, step, names   name_k = off + k step (frame slot offsets)
 */
#include "common/armv7m/asm_macros.i"

.macro AAPCS_ENTRY name, int
FUNC \name
    push.w    {r4-r11, lr}
    bl      \int
    pop.w     {r4-r11, pc}
ENDFUNC \name
.endm

.macro STORE8 base
    .set store8_off, 0
    .irp r, r3, r4, r5, r6, r7, r8, r9, r10
    str.w     \r, [\base, #store8_off]
    .set store8_off, store8_off + 4
    .endr
.endm

.macro EQU_SEQ off, step, name, names:vararg
    .equ      \name, \off
    .ifnb \names
    EQU_SEQ "(\off + \step)", \step, \names
    .endif
.endm
