/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The products c s1 and c s2 of ML-DSA signing (FIPS 204 Alg. 7 lines 17-20, the NTT-domain
 * products c^ o s1^ and c^ o s2^ of lines 18-20) in 16-bit arithmetic modulo 769, as proposed by
 * Abdulrahman, Hwang, Kannwischer and Sprenkels, "Faster Kyber and Dilithium on the Cortex-M4"
 * (ACNS 2022, ePrint 2022/112, section 4). c has tau nonzero coefficients in {-1, 1}
 * (SampleInBall, Alg. 29) and s coefficients in [-eta, eta], so every coefficient of the
 * negacyclic product c s is at most tau eta (78, 196, 120 for ML-DSA-44, -65, -87) in magnitude,
 * below 769 / 2: its representative modulo 769 in [-384, 384] is the exact integer product. As
 * 769 - 1 = 2^8 * 3, Z_769 has primitive 256th roots of unity but no 512th: the NTT stops after
 * 7 layers at 128 factors X^2 - zeta, with a degree-1 base multiplication, the structure of
 * ML-KEM's NTT modulo 3329 (FIPS 203 Alg. 9-12), which this code follows with another field.
 * Portable C (the _c functions of poly.h); src/mldsa/armv7m/small_ntt.S is the M4 backend.
 *
 * Montgomery form: R = 2^16, 769^-1 mod 2^16 = 64769 (-767 as int16). Twiddles: zeta = 7,
 * m4crypt_mldsa_small_zetas[i] = 7^BitRev7(i) R mod 769, centered (zetas.c, gen_zetas.py).
 * Constant time: straight-line arithmetic; the loops run over public indices.
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA && M4CRYPT_ENABLE_MLDSA_SIGN /* m4crypt/config.h */

#include "common/ntt16.h"
#include "poly.h"

#define SQ M4CRYPT_MLDSA_SMALL_Q
#define SQINV (-767)        /* 769^-1 mod 2^16, as int16 */
#define SBARRETT_V 21817    /* round(2^24 / 769) */

/* The representative of a mod 769 in [-384, 384], for every int16 a: t = round(a / 769) as
 * round(a round(2^24 / 769) / 2^24) (tests/mldsa/test_mldsa_poly.c checks every int16). */
int16_t m4crypt_mldsa_small_reduce(int16_t a)
{
    return m4crypt_ntt16_barrett_reduce(a, SQ, SBARRETT_V, 24);
}

/* FIPS 203 Alg. 9's layers modulo 769 (m4crypt_ntt16_forward). Each layer adds less than 769:
 * from |x| <= 384, |x| < 384 + 7 769 < 2^15; the output is reduced to [-384, 384]. */
void m4crypt_mldsa_small_ntt_c(m4crypt_mldsa_smallpoly *a)
{
    int16_t *f = a->coeffs;
    m4crypt_ntt16_forward(f, m4crypt_mldsa_small_zetas, SQ, SQINV);
    for (unsigned j = 0; j < 256; j++)
        f[j] = m4crypt_mldsa_small_reduce(f[j]);
}

/* FIPS 203 Alg. 11 / 12 modulo 769 (m4crypt_ntt16_basemul): for the pair (a0, a1), (b0, b1) at
 * 2i, c0 = a0 b0 + a1 b1 gamma_i, c1 = a0 b1 + a1 b0, gamma_i = 7^(2 BitRev7(i) + 1). With |a|,
 * |b| <= 3072 every sum stays below 2 3072^2 < 769 2^15, so each result is below 769. */
void m4crypt_mldsa_small_basemul_c(m4crypt_mldsa_smallpoly *r, const m4crypt_mldsa_smallpoly *a,
                                   const m4crypt_mldsa_smallpoly *b)
{
    m4crypt_ntt16_basemul(r->coeffs, a->coeffs, b->coeffs, m4crypt_mldsa_small_zetas, SQ, SQINV,
                          0);
}

/* FIPS 203 Alg. 10's layers modulo 769 (m4crypt_ntt16_inverse: every value stays below 769);
 * the final 128^-1 and a factor R^2 in m4crypt_mldsa_small_invntt_f, then the representative in
 * [-384, 384]. */
void m4crypt_mldsa_small_invntt_c(m4crypt_mldsa_smallpoly *a)
{
    int16_t *f = a->coeffs;
    m4crypt_ntt16_inverse(f, m4crypt_mldsa_small_zetas, SQ, SQINV, SBARRETT_V, 24);
    for (unsigned j = 0; j < 256; j++)
        f[j] = m4crypt_mldsa_small_reduce(m4crypt_ntt16_montgomery_reduce(
            (int32_t)f[j] * m4crypt_mldsa_small_invntt_f, SQ, SQINV));
}

/* BitUnpack(in, eta, eta) (FIPS 204 Alg. 19) into 16-bit coefficients: eta - (each 3-bit (eta 2)
 * or 4-bit (eta 4) field, LSB first), eight fields per 3 or 4 bytes. */
void m4crypt_mldsa_small_unpack_eta(m4crypt_mldsa_smallpoly *r, const uint8_t *in, unsigned eta)
{
    const unsigned bits = eta == 2 ? 3 : 4;
    const uint32_t mask = (1u << bits) - 1;
    for (unsigned i = 0; i < 256; i += 8, in += bits) {
        uint32_t w = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16;
        if (bits == 4)
            w |= (uint32_t)in[3] << 24;
        for (unsigned j = 0; j < 8; j++)
            r->coeffs[i + j] = (int16_t)((int32_t)eta - (int32_t)(w >> (bits * j) & mask));
    }
}

/* NTT(s) modulo 769, kept across signing attempts as small_ntt leaves it. */
void m4crypt_mldsa_small_ntt_eta(m4crypt_mldsa_smallpoly *shat, const uint8_t *s_packed,
                                 unsigned eta)
{
    m4crypt_mldsa_small_unpack_eta(shat, s_packed, eta);
    m4crypt_mldsa_small_ntt(shat);
}

void m4crypt_mldsa_small_mul_c_hat(m4crypt_mldsa_smallpoly *r, const m4crypt_mldsa_smallpoly *shat,
                                   const m4crypt_mldsa_smallpoly *chat)
{
    m4crypt_mldsa_small_basemul(r, chat, shat);
    m4crypt_mldsa_small_invntt(r);
}

/* c s: s unpacked from its encoding (eta), times chat = small_ntt(c), back from the NTT domain. */
void m4crypt_mldsa_small_mul_c(m4crypt_mldsa_smallpoly *r, const uint8_t *s_packed, unsigned eta,
                               const m4crypt_mldsa_smallpoly *chat)
{
    m4crypt_mldsa_small_ntt_eta(r, s_packed, eta);
    m4crypt_mldsa_small_mul_c_hat(r, r, chat);
}

uint32_t m4crypt_mldsa_add_small_chknorm_c(m4crypt_mldsa_poly *r, const m4crypt_mldsa_smallpoly *a,
                                           int32_t bound)
{
    for (unsigned i = 0; i < 256; i++)
        r->coeffs[i] += a->coeffs[i];
    return m4crypt_mldsa_chknorm_c(r, bound);
}

/* x in (-385, q + 385) after the subtraction: +q if negative, then -q and +q if that went
 * negative, each as an AND with the sign (arithmetic shift: all ones iff negative). */
void m4crypt_mldsa_sub_small_freeze_c(m4crypt_mldsa_poly *r, const m4crypt_mldsa_smallpoly *a)
{
    for (unsigned i = 0; i < 256; i++) {
        int32_t x = r->coeffs[i] - a->coeffs[i];
        x += M4CRYPT_MLDSA_Q & (x >> 31);
        x -= M4CRYPT_MLDSA_Q;
        x += M4CRYPT_MLDSA_Q & (x >> 31);
        r->coeffs[i] = x;
    }
}

#endif /* M4CRYPT_ENABLE_MLDSA && M4CRYPT_ENABLE_MLDSA_SIGN */
