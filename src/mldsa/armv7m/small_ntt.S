/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA signing's c s1 and c s2 modulo 769 (src/mldsa/small_ntt.c; Abdulrahman, Hwang,
 * Kannwischer, Sprenkels, ePrint 2022/112, section 4) for ARMv7E-M (Cortex-M4), Thumb-2:
 *
 *   void m4crypt_mldsa_small_ntt_armv7m(m4crypt_mldsa_smallpoly *a);
 *   void m4crypt_mldsa_small_basemul_armv7m(m4crypt_mldsa_smallpoly *r,
 *                                           const m4crypt_mldsa_smallpoly *a,
 *                                           const m4crypt_mldsa_smallpoly *b);
 *   void m4crypt_mldsa_small_invntt_armv7m(m4crypt_mldsa_smallpoly *a);
 * The contracts of the _c twins (src/mldsa/poly.h): small_ntt input |x| <= 384, output the NTT
 * with |x| <= 384 + 7 * 384 = 3072 (each layer's Plantard product is at most (769 - 1) / 2 =
 * 384, no reduction); small_basemul r = a o b 2^-16, |a|, |b| <= 3072 (the Montgomery inputs
 * stay below 2 * 3072^2 < 769 * 2^15), output |x| < 769; small_invntt input |x| < 769, output
 * NTT^-1 times 2^16, each coefficient its representative in [-384, 384].
 *
 * The code is ML-KEM's (src/mlkem/armv7m/ntt.S, basemul.S, invntt.S: the macros of ntt16.i,
 * basemul_pair.i, invntt16.i) with the field changed: C = 769 << 16 | 8 (the first word of the
 * NTT table, word 163 of the inverse NTT's), C2 = 767 << 16 | 769 (-769^-1 mod 2^16 = 767), and
 * the tables m4crypt_mldsa_small_*_armv7m of tables.S (src/mldsa/armv7m/gen_tables.py, from
 * ML-KEM's generator with set_field(769, 7), which checks every Plantard constant for every
 * int16 input). The inverse NTT reduces its outputs in pass C (INVNTT16_FUNC centre = 1: four
 * P(w(1) x) per block, w(1) in r5).
 *
 * Register maps: those of src/mlkem/armv7m/ntt.S, basemul.S and invntt.S (r0 the polynomial,
 * r9 the butterfly's temporary, r10 / r12 C, the twiddles in r11, r12, lr; in small_invntt's
 * pass C also r5 = w(1)).
 *
 * Cycles: the bench rows mldsa44/65/87.sign (armv7m, armv7m-small); the exclusive cycles of each
 * function in `m4sim profile build/m4-armv7m/bench.elf mldsa65.sign`. Twin test:
 * tests/mldsa/test_mldsa_armv7m.c. Constant time: no branch or address depends on data.
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

BASEMUL_FUNC m4crypt_mldsa_small_basemul_armv7m, 0, 0, m4crypt_mldsa_small_basemul_gammas_armv7m, 769, 767

INVNTT16_FUNC m4crypt_mldsa_small_invntt_armv7m, m4crypt_mldsa_small_invntt_twiddles_armv7m, 1

#endif /* M4CRYPT_ENABLE_MLDSA && M4CRYPT_ENABLE_MLDSA_SIGN */
