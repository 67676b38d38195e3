/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * FPU registers as scratch storage in the armv7m assembly, or stack slots on a core without FPU.
 *
 * Several backends keep words in the single-precision registers s0..s29 of the FPv4-SP unit
 * (VMOV between a core register and an S register costs one cycle and, unlike LDR, never starts a
 * load pipeline): Keccak-f[1600] (fips202), the ML-KEM NTT and inverse NTT, ChaCha20, Poly1305 and
 * the X25519 field, ladder and fixed-base routines. None of them computes in floating point.
 *
 * M4CRYPT_ARMV7M_NOFPU selects the integer-only variant of those routines. It is defined here when
 * the compiler targets no FPU (__ARM_FP undefined: -mfloat-abi=soft, the build for a Cortex-M4
 * without FPU), and may be defined by the user (-DM4CRYPT_ARMV7M_NOFPU) to keep the assembly out
 * of the FPU registers on a core that has one. (That alone does not free a thread from FP context
 * saving: with -mfloat-abi=hard or softfp the compiler may itself keep C variables in FPU
 * registers; only a -mfloat-abi=soft build touches none.) With an FPU and without the define,
 * nothing in this header changes the code.
 *
 * In the integer-only variant the S registers become 4-byte stack slots: the assembler macro VMOV
 * below replaces the instruction, s<n> being the word at [sp, #(m4crypt_sslot_base + 4 n)], where
 * each routine sets the assembler symbol m4crypt_sslot_base (.set) to where its slot area lies
 * above sp, and allocates that area in its frame (M4CRYPT_SSLOTS(n) bytes for s0..s(n-1); 0 with
 * an FPU, so the frame sizes written as FRAME + M4CRYPT_SSLOTS(n) are unchanged there). The forms
 * the backends use are covered:
 *   VMOV sN, rX           -> STR  rX, [sp, #base + 4 N]
 *   VMOV rX, sN           -> LDR  rX, [sp, #base + 4 N]
 *   VMOV sN, sN+1, rX, rY -> STRD rX, rY, [sp, #base + 4 N]
 *   VMOV rX, rY, sN, sN+1 -> LDRD rX, rY, [sp, #base + 4 N]
 *   VPUSH, VPOP           -> nothing (no caller's S registers to keep)
 * (always 32-bit encodings, as VMOV's, so the code layout and its alignment stay as with an FPU).
 * Any other form is an assembly error, never a silent FPU instruction. The slots hold secrets
 * exactly where the S registers did: each routine wipes them as it zeroes those registers.
 * Cost (make bench, impl armv7m-nofpu against armv7m): see docs/integration.md.
 */
#ifndef M4CRYPT_COMMON_ARMV7M_FPU_SCRATCH_H
#define M4CRYPT_COMMON_ARMV7M_FPU_SCRATCH_H

#if !defined(__ARM_FP) && !defined(M4CRYPT_ARMV7M_NOFPU)
#define M4CRYPT_ARMV7M_NOFPU 1
#endif

#ifdef M4CRYPT_ARMV7M_NOFPU
#define M4CRYPT_SSLOTS(n) (4 * (n))
#else
#define M4CRYPT_SSLOTS(n) 0
#endif

#ifdef __ASSEMBLER__
/* For a routine that keeps s0..s(n-1) and needs no other frame: allocates (frees) their slots
 * right below the current sp, which becomes their base; with an FPU both emit nothing. */
.macro m4crypt_sslots_alloc n
#ifdef M4CRYPT_ARMV7M_NOFPU
    sub.w   sp, sp, #(4 * \n)
    .set m4crypt_sslot_base, 0
#endif
.endm
.macro m4crypt_sslots_free n
#ifdef M4CRYPT_ARMV7M_NOFPU
    add.w   sp, sp, #(4 * \n)
#endif
.endm
/* Without an FPU: zeroes the slots of s0..s(n-1) (n even) by STRD of ra, rb, which it sets to 0;
 * with an FPU: nothing (the routine's own VMOVs zero the registers where it does so). */
.macro m4crypt_sslots_wipe n, ra, rb
#ifdef M4CRYPT_ARMV7M_NOFPU
    mov.w   \ra, #0
    mov.w   \rb, #0
    .set m4crypt_sslot_w, 0
    .rept (\n) / 2
    strd    \ra, \rb, [sp, #(m4crypt_sslot_base + 4 * m4crypt_sslot_w)]
    .set m4crypt_sslot_w, m4crypt_sslot_w + 2
    .endr
#endif
.endm
#endif

#if defined(__ASSEMBLER__) && defined(M4CRYPT_ARMV7M_NOFPU)
/* m4crypt_sslot_index: sets m4crypt_sslot_is to 1 and m4crypt_sslot_n to N when \reg is sN. */
.macro m4crypt_sslot_index reg
    .set m4crypt_sslot_is, 0
    .irp m4crypt_n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    .ifc \reg, s\m4crypt_n
    .set m4crypt_sslot_is, 1
    .set m4crypt_sslot_n, \m4crypt_n
    .endif
    .endr
.endm

/* m4crypt_sslot_pair first, second: sets m4crypt_sslot_first to N when first is sN, and stops
 * with an error when first is not an S register or second is not sN+1 (the two-register VMOVs). */
.macro m4crypt_sslot_pair first, second
    m4crypt_sslot_index \first
    .if m4crypt_sslot_is == 0
    .error "vmov with two S registers: \first is not an S register (fpu_scratch.h)"
    .endif
    .set m4crypt_sslot_first, m4crypt_sslot_n
    m4crypt_sslot_index \second
    .if m4crypt_sslot_n - m4crypt_sslot_first - 1
    .error "vmov with two S registers: they must be sN, sN+1 (fpu_scratch.h)"
    .endif
.endm

.macro vmov a, b, c, d
    .ifb \c
    m4crypt_sslot_index \a
    .if m4crypt_sslot_is
    str.w   \b, [sp, #(m4crypt_sslot_base + 4 * m4crypt_sslot_n)]
    .else
    m4crypt_sslot_index \b
    .if m4crypt_sslot_is
    ldr.w   \a, [sp, #(m4crypt_sslot_base + 4 * m4crypt_sslot_n)]
    .else
    .error "vmov without an S register (fpu_scratch.h)"
    .endif
    .endif
    .else
    m4crypt_sslot_index \a
    .if m4crypt_sslot_is
    m4crypt_sslot_pair \a, \b
    strd    \c, \d, [sp, #(m4crypt_sslot_base + 4 * m4crypt_sslot_first)]
    .else
    m4crypt_sslot_pair \c, \d
    ldrd    \a, \b, [sp, #(m4crypt_sslot_base + 4 * m4crypt_sslot_first)]
    .endif
    .endif
.endm

/* VPUSH / VPOP save and restore a caller's callee-saved S registers (s16..s31): without an FPU
 * there are none to keep, and a routine that uses s16 and up has their slots in its frame. */
.macro vpush regs:vararg
.endm
.macro vpop regs:vararg
.endm
#endif

#endif
