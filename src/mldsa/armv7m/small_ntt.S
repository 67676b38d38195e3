/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA signing's c s1 and c s2 modulo 769 (src/mldsa/small_ntt.c) for ARMv7E-M (Cortex-M4),
 * Thumb-2: ML-KEM's 16-bit NTT code (src/mlkem/armv7m/ntt16.i, basemul_pair.i, invntt16.i) with
 * the field 769 and the tables m4crypt_mldsa_small_*_armv7m of tables.S.
 *
 *   void m4crypt_mldsa_small_ntt_armv7m(m4crypt_mldsa_smallpoly *a);
 *       in place, input |x| <= 384; output the NTT, |x| <= 3072 (no reduction)
 *   void m4crypt_mldsa_small_basemul_armv7m(m4crypt_mldsa_smallpoly *r,
 *                                           const m4crypt_mldsa_smallpoly *a,
 *                                           const m4crypt_mldsa_smallpoly *b);
 *       r = a o b 2^-16, |a|, |b| <= 3072; output |x| < 769; r may equal a or b
 *   void m4crypt_mldsa_small_invntt_armv7m(m4crypt_mldsa_smallpoly *a);
 *       in place, NTT^-1 times 2^16, input |x| < 769; output in [-384, 384]
 * The contracts are the _c twins' (src/mldsa/poly.h); the bounds and the constants:
 * docs/mldsa-armv7m.md, "c s1 and c s2 modulo 769".
 * Constant time: no branch or address depends on data.
 *
 * Register maps: those of src/mlkem/armv7m/ntt.S, basemul.S and invntt.S, with
 *   r10 (ntt, invntt), r12 (basemul)  C = 769 << 16 | 8
 *   lr (basemul)                      C2 = 767 << 16 | 769 (767 = -769^-1 mod 2^16)
 *   r5 (invntt, pass C)               w(1), for the final reduction
 *
 * Bench rows mldsa*.sign (armv7m, armv7m-small), split per routine by `m4sim profile
 * build/m4-armv7m/bench.elf mldsa65.sign`; twin test tests/mldsa/test_mldsa_armv7m.c.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA && M4CRYPT_ENABLE_MLDSA_SIGN /* m4crypt/config.h */

    .syntax unified
    .thumb
#include "common/armv7m/fpu_scratch.h"
    .cpu cortex-m4
#include "common/armv7m/asm_macros.i"
#include "mlkem/armv7m/ntt16.i"
#include "mlkem/armv7m/invntt16.i"
#include "mlkem/armv7m/basemul_pair.i"

    .text
NTT16_FUNC m4crypt_mldsa_small_ntt_armv7m, m4crypt_mldsa_small_ntt_twiddles_armv7m

BASEMUL_FUNC m4crypt_mldsa_small_basemul_armv7m, 0, 0, \
    m4crypt_mldsa_small_basemul_gammas_armv7m, 769, 767

INVNTT16_FUNC m4crypt_mldsa_small_invntt_armv7m, m4crypt_mldsa_small_invntt_twiddles_armv7m, 1

#endif /* M4CRYPT_ENABLE_MLDSA && M4CRYPT_ENABLE_MLDSA_SIGN */
