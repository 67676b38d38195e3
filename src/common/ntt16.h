/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The 16-bit NTT of Z_q[X]/(X^256 + 1) for a small odd q with primitive 256th roots of unity but
 * no 512th (FIPS 203 section 4.3): 7 layers down to 128 factors X^2 - zeta and a degree-1 base
 * multiplication. Two moduli use it: ML-KEM's q = 3329 (src/mlkem/ntt.c) and 769, in which
 * ML-DSA signing computes c s1 and c s2 (src/mldsa/small_ntt.c). Each caller passes its modulus,
 * q^-1 mod 2^16 and its twiddle table as constants, so that these static inline functions compile
 * to the code of functions written for that modulus alone.
 *
 * Montgomery form: R = 2^16. zetas[i] = zeta^BitRev7(i) R mod q, centered; zetas[0] is unused.
 * Constant time: straight-line arithmetic, loops over public indices. Right shifts of negative
 * values are arithmetic (as on every compiler we support).
 */
#ifndef M4CRYPT_COMMON_NTT16_H
#define M4CRYPT_COMMON_NTT16_H

#include <stdint.h>

/* a R^-1 mod q for |a| < q 2^15, |result| < q: t = a q^-1 mod 2^16 (signed, qinv = q^-1 mod 2^16
 * as int16) makes a - t q divisible by 2^16, and |(a - t q) / 2^16| < q. */
static inline int16_t m4crypt_ntt16_montgomery_reduce(int32_t a, int16_t q, int16_t qinv)
{
    int16_t t = (int16_t)((int32_t)(int16_t)a * qinv);
    return (int16_t)((a + (int32_t)t * -q) >> 16);
}

/* a - round(a / q) q, with round(a / q) computed as round(a v / 2^shift) for v = round(2^shift /
 * q): the representative of a in [-(q-1)/2, (q-1)/2] for every int16 a when shift is large enough
 * (each caller's tests check every int16). */
static inline int16_t m4crypt_ntt16_barrett_reduce(int16_t a, int16_t q, int32_t v, unsigned shift)
{
    int16_t t = (int16_t)((v * a + ((int32_t)1 << (shift - 1))) >> shift);
    return (int16_t)(a - t * q);
}

/* FIPS 203 Alg. 9's layers: Cooley-Tukey butterflies, len = 128 .. 2, zetas in bit-reversed
 * order. The table's factor R cancels the R^-1 of the Montgomery product, so the output is the
 * plain NTT, not reduced: each layer adds less than q to the largest magnitude. */
static inline void m4crypt_ntt16_forward(int16_t f[256], const int16_t zetas[128], int16_t q,
                                         int16_t qinv)
{
    unsigned k = 1;
    for (unsigned len = 128; len >= 2; len >>= 1) {
        for (unsigned start = 0; start < 256; start += 2 * len) {
            int16_t zeta = zetas[k++];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = m4crypt_ntt16_montgomery_reduce((int32_t)zeta * f[j + len], q, qinv);
                f[j + len] = (int16_t)(f[j] - t);
                f[j] = (int16_t)(f[j] + t);
            }
        }
    }
}

/* FIPS 203 Alg. 10's layers: Gentleman-Sande butterflies, len = 2 .. 128, zetas read backwards;
 * the sums Barrett-reduced at once (v, shift: m4crypt_ntt16_barrett_reduce), so every value stays
 * below q in magnitude. The final scaling by 128^-1 is the caller's. */
static inline void m4crypt_ntt16_inverse(int16_t f[256], const int16_t zetas[128], int16_t q,
                                         int16_t qinv, int32_t v, unsigned shift)
{
    unsigned k = 127;
    for (unsigned len = 2; len <= 128; len <<= 1) {
        for (unsigned start = 0; start < 256; start += 2 * len) {
            int16_t zeta = zetas[k--];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = f[j];
                f[j] = m4crypt_ntt16_barrett_reduce((int16_t)(t + f[j + len]), q, v, shift);
                f[j + len] = m4crypt_ntt16_montgomery_reduce(
                    (int32_t)zeta * (int16_t)(f[j + len] - t), q, qinv);
            }
        }
    }
}

/* FIPS 203 Alg. 11 MultiplyNTTs, with Alg. 12 BaseCaseMultiply for each pair:
 *   c0 = a0 b0 + a1 b1 gamma_i,  c1 = a0 b1 + a1 b0,  gamma_i = zeta^(2 BitRev7(i) + 1).
 * Since BitRev7(2m + 1) = BitRev7(2m) + 64 and zeta^128 = -1, gamma_{2m+1} = -gamma_{2m}, and
 * 2 BitRev7(2m) + 1 = BitRev7(64 + m) for m < 64, so gamma_{2m} = zetas[64 + m] (Montgomery form).
 * The results are a b R^-1; every sum must stay below q 2^15 in magnitude (the callers' operand
 * contracts). accumulate (a constant at every call site): r += a b, else r = a b; r may alias a or
 * b (each pair is read before it is written). */
static inline void m4crypt_ntt16_basemul(int16_t r[256], const int16_t a[256],
                                         const int16_t b[256], const int16_t zetas[128],
                                         int16_t q, int16_t qinv, int accumulate)
{
    for (unsigned m = 0; m < 64; m++) {
        int16_t gamma = zetas[64 + m];
        for (unsigned h = 0; h < 2; h++) {
            unsigned i = 4 * m + 2 * h;
            int32_t a0 = a[i], a1 = a[i + 1];
            int32_t b0 = b[i], b1 = b[i + 1];
            int16_t t = m4crypt_ntt16_montgomery_reduce(a1 * b1, q, qinv);
            int16_t c0 = m4crypt_ntt16_montgomery_reduce(a0 * b0 + (int32_t)t * gamma, q, qinv);
            int16_t c1 = m4crypt_ntt16_montgomery_reduce(a0 * b1 + a1 * b0, q, qinv);
            r[i] = accumulate ? (int16_t)(r[i] + c0) : c0;
            r[i + 1] = accumulate ? (int16_t)(r[i + 1] + c1) : c1;
            gamma = (int16_t)-gamma;
        }
    }
}

#endif
