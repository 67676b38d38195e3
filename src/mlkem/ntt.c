/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM arithmetic modulo q = 3329: Montgomery and Barrett reduction, the NTT and its inverse
 * (FIPS 203 section 4.3, Alg. 9 and 10) and multiplication in the NTT domain (Alg. 11, 12).
 *
 * Montgomery form: R = 2^16; q^-1 mod 2^16 = 62209 (-3327 as int16). The twiddle factors are
 * zeta^BitRev7(i) * R mod q with zeta = 17 (the primitive 256th root of unity of section 4.3),
 * stored centered in [-(q-1)/2, (q-1)/2]. They were computed from that definition with
 *     [((pow(17, BitRev7(i), 3329) * 2**16 + 1664) % 3329) - 1664 for i in range(128)]
 * and tests/mlkem/test_mlkem.c recomputes and compares them.
 *
 * Constant time: every operation is straight-line arithmetic; the only loops run over public
 * indices. Right shifts of negative values are arithmetic (as on every compiler we support).
 */
#include "poly.h"

#if M4CRYPT_ENABLE_MLKEM /* m4crypt/config.h */

#define Q M4CRYPT_MLKEM_Q
#define QINV (-3327)         /* q^-1 mod 2^16, as int16 */
#define BARRETT_V 20159      /* round(2^26 / q) */
#define MONT_R2 1353         /* R^2 mod q: fqmul(x, MONT_R2) = x * R */
#define INVNTT_F 1441        /* R^2 / 128 mod q: fqmul(x, INVNTT_F) = x * R / 128 */

/* zetas[i] = 17^BitRev7(i) * R mod q, centered (zetas[0] is unused by the transforms). */
const int16_t m4crypt_mlkem_zetas[128] = {
    -1044, -758,  -359,  -1517, 1493,  1422,  287,   202,   -171,  622,   1577,  182,   962,
    -1202, -1474, 1468,  573,   -1325, 264,   383,   -829,  1458,  -1602, -130,  -681,  1017,
    732,   608,   -1542, 411,   -205,  -1571, 1223,  652,   -552,  1015,  -1293, 1491,  -282,
    -1544, 516,   -8,    -320,  -666,  -1618, -1162, 126,   1469,  -853,  -90,   -271,  830,
    107,   -1421, -247,  -951,  -398,  961,   -1508, -725,  448,   -1065, 677,   -1275, -1103,
    430,   555,   843,   -1251, 871,   1550,  105,   422,   587,   177,   -235,  -291,  -460,
    1574,  1653,  -246,  778,   1159,  -147,  -777,  1483,  -602,  1119,  -1590, 644,   -872,
    349,   418,   329,   -156,  -75,   817,   1097,  603,   610,   1322,  -1285, -1465, 384,
    -1215, -136,  1218,  -1335, -874,  220,   -1187, -1659, -1185, -1530, -1278, 794,   -1510,
    -854,  -870,  478,   -108,  -308,  996,   991,   958,   -1460, 1522,  1628};

int16_t m4crypt_mlkem_montgomery_reduce(int32_t a)
{
    /* t = a * q^-1 mod 2^16 (signed), so a - t*q is divisible by 2^16. With |a| < q * 2^15,
     * |a - t*q| < q * 2^16 and the quotient is below q in absolute value. */
    int16_t t = (int16_t)((int32_t)(int16_t)a * QINV);
    return (int16_t)((a - (int32_t)t * Q) >> 16);
}

int16_t m4crypt_mlkem_barrett_reduce(int16_t a)
{
    /* t = round(a / q) computed as round(a * round(2^26/q) / 2^26); exhaustively checked by the
     * tests for every int16 to give a - t*q in [-(q-1)/2, (q-1)/2]. */
    int16_t t = (int16_t)(((int32_t)BARRETT_V * a + (1 << 25)) >> 26);
    return (int16_t)(a - t * Q);
}

static int16_t fqmul(int16_t a, int16_t b)
{
    return m4crypt_mlkem_montgomery_reduce((int32_t)a * b);
}

void m4crypt_mlkem_poly_reduce_c(m4crypt_mlkem_poly *r)
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++)
        r->coeffs[i] = m4crypt_mlkem_barrett_reduce(r->coeffs[i]);
}

void m4crypt_mlkem_poly_tomont_c(m4crypt_mlkem_poly *r)
{
    for (unsigned i = 0; i < M4CRYPT_MLKEM_N; i++)
        r->coeffs[i] = fqmul(r->coeffs[i], MONT_R2);
}

/* FIPS 203 Alg. 9 NTT: Cooley-Tukey butterflies, len = 128 .. 2, zetas in bit-reversed order.
 * The Montgomery factor of the table cancels the R^-1 of fqmul, so the output is the plain NTT.
 * Each layer adds less than q to the magnitude: after 7 layers |x| < 8q < 2^15. */
void m4crypt_mlkem_poly_ntt_c(m4crypt_mlkem_poly *r)
{
    int16_t *f = r->coeffs;
    unsigned k = 1;
    for (unsigned len = 128; len >= 2; len >>= 1) {
        for (unsigned start = 0; start < M4CRYPT_MLKEM_N; start += 2 * len) {
            int16_t zeta = m4crypt_mlkem_zetas[k++];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = fqmul(zeta, f[j + len]);
                f[j + len] = (int16_t)(f[j] - t);
                f[j] = (int16_t)(f[j] + t);
            }
        }
    }
    m4crypt_mlkem_poly_reduce_c(r);
}

/* FIPS 203 Alg. 10 NTT^-1: Gentleman-Sande butterflies, len = 2 .. 128, zetas read backwards;
 * the sums are Barrett-reduced at once, so every value stays below 8q. The final scaling by
 * 128^-1 (the last step of Alg. 10; 3303 = 128^-1 mod q) is merged with a factor R^2 into INVNTT_F. */
void m4crypt_mlkem_poly_invntt_c(m4crypt_mlkem_poly *r)
{
    int16_t *f = r->coeffs;
    unsigned k = 127;
    for (unsigned len = 2; len <= 128; len <<= 1) {
        for (unsigned start = 0; start < M4CRYPT_MLKEM_N; start += 2 * len) {
            int16_t zeta = m4crypt_mlkem_zetas[k--];
            for (unsigned j = start; j < start + len; j++) {
                int16_t t = f[j];
                f[j] = m4crypt_mlkem_barrett_reduce((int16_t)(t + f[j + len]));
                f[j + len] = fqmul(zeta, (int16_t)(f[j + len] - t));
            }
        }
    }
    for (unsigned j = 0; j < M4CRYPT_MLKEM_N; j++)
        f[j] = fqmul(f[j], INVNTT_F);
}

/* FIPS 203 Alg. 11 MultiplyNTTs, with Alg. 12 BaseCaseMultiply for each pair:
 *   c0 = a0 b0 + a1 b1 gamma_i,  c1 = a0 b1 + a1 b0,  gamma_i = 17^(2 BitRev7(i) + 1).
 * Since BitRev7(2m + 1) = BitRev7(2m) + 64 and 17^128 = -1, gamma_{2m+1} = -gamma_{2m}, and
 * 2 BitRev7(2m) + 1 = BitRev7(64 + m) for m < 64, so gamma_{2m} = zetas[64 + m] (Montgomery form).
 * Every sum below stays under 2 q^2 < q * 2^15, and each result is below q in magnitude.
 * accumulate (public, a constant at both call sites): r += a * b, else r = a * b; r may alias a
 * or b (each pair is read before it is written). */
static inline void basemul(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                           const m4crypt_mlkem_poly *b, int accumulate)
{
    for (unsigned m = 0; m < 64; m++) {
        int16_t gamma = m4crypt_mlkem_zetas[64 + m];
        for (unsigned h = 0; h < 2; h++) {
            unsigned i = 4 * m + 2 * h;
            int32_t a0 = a->coeffs[i], a1 = a->coeffs[i + 1];
            int32_t b0 = b->coeffs[i], b1 = b->coeffs[i + 1];
            int16_t t = fqmul((int16_t)a1, (int16_t)b1);
            int32_t c0 = a0 * b0 + (int32_t)t * gamma;
            int32_t c1 = a0 * b1 + a1 * b0;
            if (accumulate) {
                r->coeffs[i] = (int16_t)(r->coeffs[i] + m4crypt_mlkem_montgomery_reduce(c0));
                r->coeffs[i + 1] = (int16_t)(r->coeffs[i + 1] + m4crypt_mlkem_montgomery_reduce(c1));
            } else {
                r->coeffs[i] = m4crypt_mlkem_montgomery_reduce(c0);
                r->coeffs[i + 1] = m4crypt_mlkem_montgomery_reduce(c1);
            }
            gamma = (int16_t)-gamma;
        }
    }
}

/* FIPS 203 Alg. 11 MultiplyNTTs, accumulating: r += a * b in the NTT domain, times R^-1. */
void m4crypt_mlkem_poly_basemul_acc_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                                      const m4crypt_mlkem_poly *b)
{
    basemul(r, a, b, 1);
}

/* FIPS 203 Alg. 11 MultiplyNTTs without accumulation: r = a * b in the NTT domain, times R^-1,
 * with the operand contract of m4crypt_mlkem_poly_basemul_acc_c; output |x| < q. r may alias a
 * or b. */
void m4crypt_mlkem_poly_basemul_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                                  const m4crypt_mlkem_poly *b)
{
    basemul(r, a, b, 0);
}
#endif /* M4CRYPT_ENABLE_MLKEM */
