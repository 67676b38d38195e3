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
#include "common/ntt16.h"
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

/* The reductions and the transforms are those of src/common/ntt16.h for q = 3329. Montgomery:
 * a R^-1 mod q for |a| < q 2^15, |result| < q. */
int16_t m4crypt_mlkem_montgomery_reduce(int32_t a)
{
    return m4crypt_ntt16_montgomery_reduce(a, Q, QINV);
}

/* Barrett: round(a / q) as round(a round(2^26 / q) / 2^26); exhaustively checked by the tests for
 * every int16 to give a - round(a / q) q in [-(q-1)/2, (q-1)/2]. */
int16_t m4crypt_mlkem_barrett_reduce(int16_t a)
{
    return m4crypt_ntt16_barrett_reduce(a, Q, BARRETT_V, 26);
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

/* FIPS 203 Alg. 9 NTT (m4crypt_ntt16_forward): the plain NTT; each layer adds less than q to the
 * magnitude, so after 7 layers |x| < 8q < 2^15, then Barrett-reduced. */
void m4crypt_mlkem_poly_ntt_c(m4crypt_mlkem_poly *r)
{
    m4crypt_ntt16_forward(r->coeffs, m4crypt_mlkem_zetas, Q, QINV);
    m4crypt_mlkem_poly_reduce_c(r);
}

/* FIPS 203 Alg. 10 NTT^-1 (m4crypt_ntt16_inverse, the sums Barrett-reduced at once). The final
 * scaling by 128^-1 (the last step of Alg. 10; 3303 = 128^-1 mod q) is merged with a factor R^2
 * into INVNTT_F. */
void m4crypt_mlkem_poly_invntt_c(m4crypt_mlkem_poly *r)
{
    int16_t *f = r->coeffs;
    m4crypt_ntt16_inverse(f, m4crypt_mlkem_zetas, Q, QINV, BARRETT_V, 26);
    for (unsigned j = 0; j < M4CRYPT_MLKEM_N; j++)
        f[j] = fqmul(f[j], INVNTT_F);
}

/* FIPS 203 Alg. 11 MultiplyNTTs with Alg. 12 (m4crypt_ntt16_basemul, gamma_{2m} = zetas[64 + m]),
 * accumulating: r += a * b in the NTT domain, times R^-1. Every sum stays under 2 q^2 < q 2^15,
 * and each product is below q in magnitude. */
void m4crypt_mlkem_poly_basemul_acc_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                                      const m4crypt_mlkem_poly *b)
{
    m4crypt_ntt16_basemul(r->coeffs, a->coeffs, b->coeffs, m4crypt_mlkem_zetas, Q, QINV, 1);
}

/* FIPS 203 Alg. 11 MultiplyNTTs without accumulation: r = a * b in the NTT domain, times R^-1,
 * with the operand contract of m4crypt_mlkem_poly_basemul_acc_c; output |x| < q. r may alias a
 * or b. */
void m4crypt_mlkem_poly_basemul_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                                  const m4crypt_mlkem_poly *b)
{
    m4crypt_ntt16_basemul(r->coeffs, a->coeffs, b->coeffs, m4crypt_mlkem_zetas, Q, QINV, 0);
}
#endif /* M4CRYPT_ENABLE_MLKEM */
