/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM forward NTT (FIPS 203 Alg. 9) for ARMv7E-M (Cortex-M4), Thumb-2.
 *
 *   void m4crypt_mlkem_poly_ntt_armv7m(m4crypt_mlkem_poly *r);
 * Input |x| < q. Output: the NTT (FIPS 203 section 4.3 order, plain domain: no Montgomery
 * factor), |x| <= q - 1 + 7 * 1664 = 14976 (src/mlkem/poly.h, M4CRYPT_MLKEM_NTT_BOUND).
 *
 * Two coefficients per 32-bit word, whole-word butterflies with Plantard multiplication by a
 * table word (C = q << 16 | 8; seven instructions per two butterflies), no reduction (each
 * layer adds at most 1664: the output bound above). Three passes, values in registers within a
 * pass: pass 1 layers 1-2 (4 words 32 apart), pass 2 layers 3-4 (4 words 8 apart), pass 3 layers
 * 5-7 (8 consecutive words). Table: m4crypt_mlkem_ntt_twiddles_armv7m (tables.S), reading order.
 * The method and the bounds: docs/mlkem-armv7m.md, "NTT".
 *
 * Register map:
 *   r0        poly pointer (advances)
 *   r9        t, the butterfly's temporary (and the loop end while testing)
 *   r10       C = q << 16 | 8
 *   pass 1, 2 r1-r8 two blocks of four words; r11, r12, lr the twiddles of layer k, k+1, k+1;
 *             s0 the end of the loop (pass 2: where its last iteration starts), s1 the table
 *             pointer (without an FPU: two stack words, src/common/armv7m/fpu_scratch.h;
 *             make bench impl armv7m-nofpu)
 *   pass 3    r1-r8 eight words; r12, lr twiddles; r11 the table pointer
 *
 * Cycles, stack, code: bench row mlkem.ntt (armv7m against portable).
 * Constant time: no branch or address depends on data.
 * Alignment: 16-bit instructions come in pairs so that no run of 32-bit instructions starts at
 * an address = 2 mod 4 (one extra cycle per such run on the Cortex-M4).
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLKEM

    .syntax unified
    .thumb
#include "common/armv7m/fpu_scratch.h"
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"
#include "ntt16.i"

    .text
NTT16_FUNC m4crypt_mlkem_poly_ntt_armv7m, m4crypt_mlkem_ntt_twiddles_armv7m

#endif /* M4CRYPT_ENABLE_MLKEM */
