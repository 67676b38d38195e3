/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM inverse NTT (FIPS 203 Alg. 10) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mlkem_poly_invntt_armv7m(m4crypt_mlkem_poly *r);
 * Input |x| < 4q. Output: NTT^-1 of the input times R = 2^16 (mod q), with
 * |x| <= 16 U = 26624, U = 1664 (src/mlkem/poly.h, M4CRYPT_MLKEM_INVNTT_BOUND).
 *
 * Whole-word Gentleman-Sande butterflies (USUB16, UADD16, then Plantard as in ntt.S), the final
 * factor F = R / 128 = 512 applied in layer 1, lazy reduction (16 word reductions in pass B).
 * Three passes: pass A layers 1-3 (8 consecutive words, a record of 9 table words per block),
 * pass B layers 4-5 (4 words 8 apart, two blocks per iteration), pass C layers 6-7 (4 words 32
 * apart). Table: m4crypt_mlkem_invntt_twiddles_armv7m (tables.S), reading order.
 * The method, the bounds of every layer and why 16-bit instructions come in pairs:
 * docs/mlkem-armv7m.md, "Inverse NTT".
 *
 * Register map:
 *   r0        poly pointer (advances)     r9  t, the butterfly's temporary
 *   r10       C = q << 16 | 8
 *   pass A    r1-r8 eight words; r12, lr twiddles and w(F); r11 the table pointer, also the
 *             loop counter (the loop ends when it reaches a multiple of 64, see gen_tables.py)
 *   pass B    r1-r4 block j + 4, r5-r8 block j; r11, r12, lr the group's twiddles; r1 = w(1)
 *             (from s3) for the reduction after block j + 4 is stored; s0 the end of the group's
 *             iterations, s1 the table pointer (the group loop ends when it is a multiple of 64);
 *             without an FPU s0, s1, s3 are stack words (src/common/armv7m/fpu_scratch.h)
 *   pass C    r1-r4 one block; r11, r12, lr the twiddles of layers 6, 6, 7; r8 the end
 *
 * Constant time: no branch or address depends on data.
 * Bench row mlkem.invntt (armv7m against portable); twin test tests/mlkem/test_mlkem_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
#include "common/armv7m/fpu_scratch.h"
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"
#include "invntt16.i"

    .text
INVNTT16_FUNC m4crypt_mlkem_poly_invntt_armv7m, m4crypt_mlkem_invntt_twiddles_armv7m

#endif /* M4CRYPT_ENABLE_MLKEM */
