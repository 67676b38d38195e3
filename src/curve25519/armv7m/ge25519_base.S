/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The fixed-base multiplication of src/curve25519/ge25519_base.c for ARMv7E-M (Cortex-M4),
 * Thumb-2, on the field of this backend (src/curve25519/armv7m/backend.h: 8 x 32-bit words mod
 * 2^256 - 38): 64 table scans and mixed additions with four doublings in between.
 *
 *   void m4crypt_ge25519_base_mul_armv7m(uint32_t *p, const int8_t e[64],
 *                                        const uint32_t table[32][3][8][8], uint32_t mode);
 * p = sum e_i 16^i B; mode 0: p = (X, Y, Z, T); mode 1 (X25519): p[0..7] / p[8..15] = F + H /
 * F - H of the last addition, the Montgomery u of the result as a fraction (p[16..31] then hold
 * the point before the last addition's conversion). Contract and C twin: backend.h,
 * m4crypt_ge25519_base_mul_c in ge25519_base.c (the same field operations in the same order, so
 * both give the same words). Row by row: a scan (ge25519_select.S), a mixed addition
 * (madd-2008-hwcd-3); four doublings (dbl-2008-hwcd) between the halves. The formulas, mode 1
 * and the calls: docs/x25519-armv7m.md, "Fixed-base multiplication".
 *
 * Frame slots (bytes from sp): 0 X, 32 Y, 64 Z (then F), 96 T, 128 / 160 / 192 q (then H in
 * 128), 224 / 256 scratch (Y + X, A, then E; Y - X, then G), 288 unused, 352 p, 356 e, 360 row
 * pointer, 364 rows left, 368 halves left, 372 mode, 376 table. The frame, the 132 bytes below
 * it (what the scan pushes) and s0..s15 are wiped once, at the end.
 * Register map between calls: r0-r2 the operand pointers of the next call (all registers are
 * free: the state lives on the frame). Stack: the frame, 36 bytes of the field routines and the
 * scan's 16.
 *
 * Constant time: the loop counts are fixed; the branches test only the public counters and mode;
 * a digit's address depends on the public row index only; the scan reads every word of each row;
 * the field routines have no data-dependent branch or address.
 * Bench rows x25519.scalarmult_base and ristretto255.scalarmult_base (split by `m4sim profile`);
 * twin test tests/curve25519/test_ge25519_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_BUILD_CURVE25519

    .syntax unified
    .thumb
    .cpu cortex-m4

#include "fe25519_fold.i"
#include "func.i"
#include "common/armv7m/fpu_scratch.h"

/* Without an FPU (M4CRYPT_ARMV7M_NOFPU, src/common/armv7m/fpu_scratch.h) the field routines keep
 * their s0..s15 in the 16 stack words at their caller's sp: both frames below start with them
 * (GS bytes, 0 with an FPU), every slot offset is above, and they are wiped with the frame. */
    .equ      GS, M4CRYPT_SSLOTS(16)
    .set      m4crypt_sslot_base, 0

/* \reg = sp + OX, the address of the point (X, Y, Z, T) at the frame's first slots */
.macro POINT_ADDR reg
#ifdef M4CRYPT_ARMV7M_NOFPU
    add.w     \reg, sp, #OX
#else
    mov.w     \reg, sp
#endif
.endm

/* the identity (0, 1, 1, 0) to the point's slots (r3-r10 zero on entry and on exit; r12 past
 * the slots) */
.macro STORE_IDENTITY
    POINT_ADDR r12
    stm.w     r12!, {r3-r10}
    mov.w     r3, #1
    stm.w     r12!, {r3-r10}
    stm.w     r12!, {r3-r10}
    mov.w     r3, #0
    stm.w     r12!, {r3-r10}
.endm


/* t = f g, s = u + t, u = u - t on frame slots (muladdsub_int of fe25519_mul.S) */
.macro FMAS s, f, g, u
    add.w     r0, sp, #\s
    add.w     r1, sp, #\f
    add.w     r2, sp, #\g
    add.w     r3, sp, #\u
    bl        m4crypt_fe25519_muladdsub_int
.endm

/* one field operation: \op(frame + \h, frame + \f, frame + \g) */
.macro FE op, h, f, g
    add.w     r0, sp, #\h
    add.w     r1, sp, #\f
    add.w     r2, sp, #\g
    bl        m4crypt_fe25519_\op\()_int
.endm

/* The epilogue of both routines: the point in frame slots 0..127 (X, Y, Z, T) copied to the
 * output pointer kept in frame slot \ptr, then the frame and the \below bytes under it (the
 * callees' pushes) wiped by 8-word stores, s0..s15 and r0-r3, r9-r12 zeroed, the frame of
 * \frame bytes dropped and the registers popped (return). */
.macro POINT_OUT_AND_RETURN ptr, below, frame
    ldr.w     r0, [sp, #\ptr]
    POINT_ADDR r12
    ldm.w     r12!, {r1-r8}
    stm.w     r0!, {r1-r8}
    ldm.w     r12!, {r1-r8}
    stm.w     r0!, {r1-r8}
    ldm.w     r12!, {r1-r8}
    stm.w     r0!, {r1-r8}
    ldm.w     r12!, {r1-r8}
    stm.w     r0!, {r1-r8}
    mov.w     r1, #0
    mov.w     r2, #0
    mov.w     r3, #0
    mov.w     r4, #0
    mov.w     r5, #0
    mov.w     r6, #0
    mov.w     r7, #0
    mov.w     r8, #0
    sub.w     r0, sp, #\below
    add.w     r12, sp, #\frame
1:  stm.w     r0!, {r1-r8}
    cmp.w     r0, r12
    blo.w     1b
    vmov      s0, s1, r1, r2
    vmov      s2, s3, r1, r2
    vmov      s4, s5, r1, r2
    vmov      s6, s7, r1, r2
    vmov      s8, s9, r1, r2
    vmov      s10, s11, r1, r2
    vmov      s12, s13, r1, r2
    vmov      s14, s15, r1, r2
    mov.w     r9, #0
    mov.w     r10, #0
    mov.w     r11, #0
    mov.w     r12, #0
    mov.w     r0, #0
    add.w     sp, sp, #\frame
    pop.w     {r4-r11, pc}
.endm

/* h = f + g, h = f - g (mod 2^256 - 38) on frame slots, inline: the algorithm of fe25519.S's add_int
 * and sub_int (the carry c out of 2^256 folded as 38 c, and once more 38 if that carried; the
 * borrow as - 38, twice), so the words equal theirs (the C twin calls those). Register map:
 * r3-r10 the result, r0-r2, r11 the words of g, r12 / lr the slot addresses (lr is free in the
 * routine: it returns by POP), r12 then the fold mask. */
.macro FADDSUB h, f, g, first, rest, fold
    add.w     r12, sp, #\f
    add.w     lr, sp, #\g        /* both bases set before the loads: no address stall */
    ldm.w     r12, {r3-r10}
    ldm.w     lr!, {r0, r1, r2, r11}
    \first\().w    r3, r3, r0
    \rest\().w    r4, r4, r1
    \rest\().w    r5, r5, r2
    \rest\().w    r6, r6, r11
    ldm.w     lr, {r0, r1, r2, r11}
    add.w     lr, sp, #\h        /* ADD without S: flags kept */
    \rest\().w    r7, r7, r0
    \rest\().w    r8, r8, r1
    \rest\().w    r9, r9, r2
    \rest\().w    r10, r10, r11
    mov.w     r11, #38            /* MOV without S: flags kept */
    \fold
    stm.w     lr, {r3-r10}
.endm

.macro FADD h, f, g
    FADDSUB   \h, \f, \g, adds, adcs, FOLD_ADD
.endm

.macro FSUB h, f, g
    FADDSUB   \h, \f, \g, subs, sbcs, FOLD_SUB
.endm

    EQU_SEQ   GS, 32, OX, OY, OZ, OT, Q0, Q1, Q2, S0, S1, S2
    EQU_SEQ   GS + 352, 4, FP, FE_, FROW, FCNT, FHALF, FMODE, FTAB
    .equ      FRAME, GS + 380          /* + 36 pushed: sp stays 8-byte aligned */

#if M4CRYPT_ENABLE_X25519_BASE_TABLE
FUNC m4crypt_ge25519_base_mul_armv7m
    push.w    {r4-r11, lr}
    sub.w     sp, sp, #FRAME
    str.w     r0, [sp, #FP]
    add.w     r1, r1, #1          /* odd digits first */
    str.w     r1, [sp, #FE_]
    str.w     r2, [sp, #FTAB]
    str.w     r3, [sp, #FMODE]
    mov.w     r0, #2
    str.w     r0, [sp, #FHALF]
    /* the identity (0, 1, 1, 0) */
    MOV8      0
    STORE_IDENTITY
0:  /* one half: 32 rows */
    ldr.w     r0, [sp, #FTAB]
    str.w     r0, [sp, #FROW]
    mov.w     r0, #32
    str.w     r0, [sp, #FCNT]
1:  /* q = e_j * 256^i B */
    ldr.w     r3, [sp, #FE_]
    ldrsb.w   r2, [r3], #2
    str.w     r3, [sp, #FE_]
    ldr.w     r1, [sp, #FROW]
    add.w     r3, r1, #768
    str.w     r3, [sp, #FROW]
    add.w     r0, sp, #Q0
    bl        m4crypt_ge25519_select_int
    /* p + q up to E, H, G, F */
    FADD S0, OY, OX               /* Y + X */
    FSUB S1, OY, OX               /* Y - X */
    FE mul, S0, S0, Q0            /* A / 2 */
    FMAS Q0, S1, Q1, S0           /* B / 2; Q0 = H / 2 = (A + B) / 2, S0 = E / 2 = (A - B) / 2 */
    FMAS S1, OT, Q2, OZ           /* C / 2; S1 = G / 2 = Z + C / 2, OZ = F / 2 = Z - C / 2 */
    ldr.w     r0, [sp, #FCNT]
    subs.w    r0, r0, #1
    str.w     r0, [sp, #FCNT]
    beq.w     3f                  /* the last row of this half */
2:  /* extended coordinates */
    FE mul, OX, S0, OZ            /* X = E F */
    FE mul, OY, S1, Q0            /* Y = G H */
    FE mul, OZ, OZ, S1            /* Z = F G */
    FE mul, OT, S0, Q0            /* T = E H */
    b.w       1b
3:  ldr.w     r0, [sp, #FHALF]
    subs.w    r0, r0, #1
    str.w     r0, [sp, #FHALF]
    beq.w     5f                  /* the end */
    /* before the doublings: X, Y, Z only */
    FE mul, OX, S0, OZ
    FE mul, OY, S1, Q0
    FE mul, OZ, OZ, S1
    mov.w     r0, #4
    str.w     r0, [sp, #FCNT]
4:  /* p = 2 p, p's T unused */
    FE sqr, S0, OX, OX            /* A = X^2 */
    FE sqr, S1, OY, OY            /* B = Y^2 */
    FE sqr, S2, OZ, OZ
    FE add, S2, S2, S2            /* C = 2 Z^2 */
    FE add, Q0, OX, OY
    FE sqr, Q0, Q0, Q0            /* (X + Y)^2 */
    FE add, Q1, S1, S0            /* -H = B + A */
    FE sub, Q2, S1, S0            /* G = B - A */
    FE sub, Q0, Q0, Q1            /* E = (X + Y)^2 - A - B */
    FE sub, S2, S2, Q2            /* -F = C - G */
    FE mul, OX, Q0, S2            /* X = E (-F) */
    FE mul, OY, Q1, Q2            /* Y = (-H) G */
    FE mul, OZ, Q2, S2            /* Z = G (-F) */
    ldr.w     r0, [sp, #FCNT]
    subs.w    r0, r0, #1
    str.w     r0, [sp, #FCNT]
    bne.w     4b
    FE mul, OT, Q0, Q1            /* T = E (-H) */
    ldr.w     r0, [sp, #FE_]
    sub.w     r0, r0, #65         /* the even digits */
    str.w     r0, [sp, #FE_]
    b.w       0b
5:  /* the last row: mode 0 the point, mode 1 F + H, F - H */
    ldr.w     r0, [sp, #FMODE]
    cmp.w     r0, #0
    beq.w     2f
    FE add, OX, OZ, Q0            /* F + H */
    FE sub, OY, OZ, Q0            /* F - H */
    b.w       6f
2:  FE mul, OX, S0, OZ
    FE mul, OY, S1, Q0
    FE mul, OZ, OZ, S1
    FE mul, OT, S0, Q0
6:  /* the result out, then wipe the frame, the 132 bytes below it and s0..s15 */
    POINT_OUT_AND_RETURN FP, 132, FRAME   /* wipes 512 bytes: 16 stores of 8 words */
ENDFUNC m4crypt_ge25519_base_mul_armv7m
#endif /* M4CRYPT_ENABLE_X25519_BASE_TABLE */

/*
 * void m4crypt_ge25519_varmul_armv7m(uint32_t *h, const int8_t e[64], const uint32_t *tab);
 * The variable-base loop of src/ristretto255/ristretto255.c (contract and C twin:
 * m4crypt_ge25519_varmul_c, ge25519.h): h = sum e_i 16^i P from i = 63 down, each step four
 * doublings (dbl-2008-hwcd, a = -1) and the addition (add-2008-hwcd-3) of e_i P in the cached
 * form (Y + X, Y - X, 2 Z, 2 d T) chosen by m4crypt_ge25519_select_cached_armv7m from tab (4 x 8 x
 * 8 words, ge25519_select.S); h = (X, Y, Z, T), 32 words, starts at the identity. The field
 * operations are those of the C twin in the same order (the same words): multiplications and
 * squarings by FE (calls of the *_int entries), A and C with their additions/subtractions by the
 * fused muladdsub_int (FMAS), other additions and subtractions inline (FADD, FSUB),
 * the doubling forms -H = A + B and -F = C - G (the result -1 times the formula's, the same
 * point: 6 additions/subtractions instead of 8). T is computed only where
 * the next operation reads it: by the fourth doubling of each digit (for the addition) and by the
 * last addition (the result); the other three doublings and 63 additions skip it.
 * Frame slots (bytes from sp): 0 X, 32 Y, 64 Z, 96 T, 128..224 the selected q (4 elements),
 * 256..384 five scratch elements, 416 zero (unused), 448 h, 452 e (advancing down), 456 tab, 460 steps
 * left, 464 doublings left. The frame, the 140 bytes below it (the scan's pushes) and s0..s15
 * are wiped once, at the end. Constant time: fixed loop counts; e_i's address depends on i only;
 * the scan reads all of tab.
 * Cycles, stack, code: bench row ristretto255.scalarmult; the share of this routine, the scans
 * and the field routines: `m4sim profile build/m4-armv7m/bench.elf ristretto255.scalarmult`.
 */
    EQU_SEQ   GS + 128, 32, VQ0, VQ1, VQ2, VQ3, VW0, VW1, VW2, VW3, VW4, VZERO
    EQU_SEQ   GS + 448, 4, VH, VE, VTAB, VCNT, VDBL
    .equ      VFRAME, GS + 468         /* + 36 pushed: sp stays 8-byte aligned */

#if M4CRYPT_ENABLE_RISTRETTO255
FUNC m4crypt_ge25519_varmul_armv7m
    push.w    {r4-r11, lr}
    sub.w     sp, sp, #VFRAME
    str.w     r0, [sp, #VH]
    add.w     r1, r1, #63         /* e_63 first */
    str.w     r1, [sp, #VE]
    str.w     r2, [sp, #VTAB]
    mov.w     r0, #64
    str.w     r0, [sp, #VCNT]
    /* the identity (0, 1, 1, 0) and the zero slot */
    MOV8      0
    add.w     r12, sp, #VZERO
    stm.w     r12, {r3-r10}
    STORE_IDENTITY
1:  /* four doublings */
    mov.w     r0, #4
    str.w     r0, [sp, #VDBL]
2:  FE sqr, VW0, OX, OX            /* A = X^2 */
    FE sqr, VW1, OY, OY            /* B = Y^2 */
    FE sqr, VW2, OZ, OZ
    FADD VW2, VW2, VW2             /* C = 2 Z^2 */
    FADD VW3, OX, OY
    FE sqr, VW3, VW3, VW3
    FSUB VW4, VW1, VW0             /* G = B - A */
    FADD VW0, VW0, VW1             /* -H = A + B */
    FSUB VW3, VW3, VW0             /* E = (X + Y)^2 - A - B */
    FSUB VW2, VW2, VW4             /* -F = C - G */
    FE mul, OX, VW3, VW2           /* E (-F) */
    FE mul, OY, VW4, VW0           /* G (-H) */
    FE mul, OZ, VW2, VW4           /* (-F) G */
    ldr.w     r0, [sp, #VDBL]
    subs.w    r0, r0, #1
    str.w     r0, [sp, #VDBL]
    bne.w     2b
    FE mul, OT, VW3, VW0           /* E (-H): T of the fourth doubling only */
    /* q = e_i P (cached), then h = h + q */
    ldr.w     r3, [sp, #VE]
    ldrsb.w   r2, [r3], #-1
    str.w     r3, [sp, #VE]
    ldr.w     r1, [sp, #VTAB]
    add.w     r0, sp, #VQ0
    bl        m4crypt_ge25519_select_cached_armv7m
    FSUB VW0, OY, OX
    FADD VW1, OY, OX
    FE mul, VW1, VW1, VQ0          /* B = (Y1 + X1)(Y2 + X2) */
    FMAS VW4, VW0, VQ1, VW1        /* A = (Y1 - X1)(Y2 - X2); VW4 = H = B + A, VW1 = E = B - A */
    FE mul, VW3, OZ, VQ2           /* D = Z1 2 Z2 */
    FMAS VW2, OT, VQ3, VW3         /* C = T1 2 d T2; VW2 = G = D + C, VW3 = F = D - C */
    FE mul, OX, VW1, VW3           /* E F */
    FE mul, OY, VW2, VW4           /* G H */
    FE mul, OZ, VW3, VW2           /* F G */
    ldr.w     r0, [sp, #VCNT]
    subs.w    r0, r0, #1
    str.w     r0, [sp, #VCNT]
    bne.w     1b
    FE mul, OT, VW1, VW4           /* E H: T of the last addition only (doublings do not read T) */
    /* h out, then wipe */
    POINT_OUT_AND_RETURN VH, 140, VFRAME  /* wipes 608 bytes: 19 stores of 8 words */
ENDFUNC m4crypt_ge25519_varmul_armv7m
#endif /* M4CRYPT_ENABLE_RISTRETTO255 */

#endif /* M4CRYPT_BUILD_CURVE25519 */
