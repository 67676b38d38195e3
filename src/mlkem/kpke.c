/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * K-PKE, the public-key encryption scheme inside ML-KEM (FIPS 203 section 5, Alg. 13-15), for one
 * parameter set (compiled per set, see params.h).
 *
 * Memory: neither the k x k matrix A nor any single entry of it is held. Each entry is generated
 * by SampleNTT (Alg. 7) in steps of M4CRYPT_MLKEM_SAMPLE_STEP coefficients
 * (m4crypt_mlkem_poly_sample_ntt, src/mlkem/poly.h) and every step is multiplied into the
 * accumulator at once (m4crypt_mlkem_basemul_(acc_)part), row by row (K-PKE.KeyGen) or column by
 * column (K-PKE.Encrypt, which needs the transpose). Noise is sampled straight into its destination
 * (y-hat) or added to the accumulator (e1, e2: SamplePolyCBD_eta with addition), the message is
 * added bit by bit, s-hat and t-hat are decoded polynomial by polynomial from the key bytes when
 * needed (in K-PKE.Encrypt t-hat[j] goes into the accumulator or into y-hat[j - 1], which is no
 * longer needed then), the ciphertext is compressed straight into c, and in decapsulation
 * compared instead of stored. K-PKE.Encrypt, the deepest, holds y-hat (k polynomials, 2 KiB for
 * ML-KEM-1024, which every row of A^T needs), the accumulator and one 456-byte work space that is
 * in turn the SHAKE256 state of the noise, the SHAKE128 state of SampleNTT and the compressed
 * polynomial being compared; the SHAKE calls are made from this frame or from one small frame
 * below it, as the Keccak permutation under them is the deepest call of all.
 */
#include <string.h>

#include "m4crypt/common.h"
#include "params.h"
#include "poly.h"

#if MLKEM_SET_ENABLED /* m4crypt/config.h */

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
/* Alg. 13 K-PKE.KeyGen(d). */
void MLKEM_NS(kpke_keygen)(uint8_t ek[MLKEM_PUBLICKEYBYTES], uint8_t dk[MLKEM_POLYVECBYTES],
                           const uint8_t d[32])
{
    uint8_t seeds[64]; /* (rho, sigma) = G(d || k) */
    const uint8_t kbyte = MLKEM_K;
    const uint8_t *rho = seeds, *sigma = seeds + 32;
    m4crypt_mlkem_poly acc, s;
    m4crypt_mlkem_scratch ws;

    m4crypt_mlkem_hash_g(seeds, d, 32, &kbyte, 1);
    m4crypt_mlkem_ct_declassify(rho, 32); /* rho is published in ek; SampleNTT branches on it */

    /* s-hat = NTT(s), s sampled with N = 0 .. k-1; stored at once as dk = ByteEncode_12(s-hat). */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        m4crypt_mlkem_poly_noise(&s, sigma, (uint8_t)i, MLKEM_ETA1, 0, &ws);
        m4crypt_mlkem_poly_ntt(&s);
        m4crypt_mlkem_poly_tobytes(dk + 384 * i, &s);
    }
    /* t-hat[i] = sum_j A[i][j] s-hat[j] + e-hat[i], A[i][j] = SampleNTT(rho || j || i), e[i]
     * sampled with N = k + i. */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        for (unsigned j = 0; j < MLKEM_K; j++) {
            m4crypt_mlkem_poly_frombytes(&s, dk + 384 * j);
            m4crypt_mlkem_poly_sample_ntt_mul(&acc, &s, rho, (uint8_t)j, (uint8_t)i, j != 0, &ws);
        }
        m4crypt_mlkem_poly_tomont(&acc); /* cancels basemul's R^-1 */
        m4crypt_mlkem_poly_noise(&s, sigma, (uint8_t)(MLKEM_K + i), MLKEM_ETA1, 0, &ws);
        m4crypt_mlkem_poly_ntt(&s);
        /* no reduction: |acc| < q after tomont and |e-hat| <= M4CRYPT_MLKEM_NTT_BOUND, so the sum
         * stays below q + 14976 < 2^15; ByteEncode_12 (tobytes) reduces any int16 */
        m4crypt_mlkem_poly_add(&acc, &acc, &s);
        m4crypt_mlkem_poly_tobytes(ek + 384 * i, &acc);
    }
    memcpy(ek + MLKEM_POLYVECBYTES, rho, 32);

    m4crypt_memzero(seeds, sizeof seeds);
    m4crypt_memzero(&acc, sizeof acc);
    m4crypt_memzero(&s, sizeof s);
    m4crypt_memzero(&ws, sizeof ws); /* the PRF state of the last noise sample */
}
#endif /* M4CRYPT_ENABLE_MLKEM_KEYPAIR */

#if M4CRYPT_ENABLE_MLKEM_ENCAPS || M4CRYPT_ENABLE_MLKEM_DECAPS
/* Alg. 14 K-PKE.Encrypt(ek, m, r). Memory: y-hat (k polynomials), the accumulator and one work
 * space ws (456 bytes), which is in turn PRF's state (the noise), SampleNTT's state (the matrix
 * entry in steps of M4CRYPT_MLKEM_SAMPLE_STEP coefficients) and, in decapsulation, the compressed
 * polynomial compared with the ciphertext. */
int MLKEM_NS(kpke_encrypt)(uint8_t *c, const uint8_t *cmp, const uint8_t ek[MLKEM_PUBLICKEYBYTES],
                           const uint8_t m[32], const uint8_t r[32])
{
    const uint8_t *rho = ek + MLKEM_POLYVECBYTES;
    m4crypt_mlkem_poly y[MLKEM_K], acc;
    m4crypt_mlkem_scratch ws;
    int diff = 0;

    /* y-hat = NTT(y), y sampled with N = 0 .. k-1 (sampled in place: ws is the PRF's state). */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        m4crypt_mlkem_poly_prf_start(&ws, r, (uint8_t)i);
        m4crypt_shake_squeeze(&ws.noise.ctx, ws.noise.buf, 64 * MLKEM_ETA1);
#if MLKEM_ETA1 == 3
        m4crypt_mlkem_poly_cbd_eta3(&y[i], ws.noise.buf);
#else
        m4crypt_mlkem_poly_cbd_eta2(&y[i], ws.noise.buf);
#endif
        m4crypt_mlkem_poly_ntt(&y[i]);
    }
    /* u[i] = NTT^-1(sum_j A^T[i][j] y-hat[j]) + e1[i], with A^T[i][j] = A[j][i] =
     * SampleNTT(rho || i || j) streamed into the product, and e1[i] sampled with N = k + i;
     * c1 = ByteEncode_du(Compress_du(u)), written to c or compared with cmp. */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        for (unsigned j = 0; j < MLKEM_K; j++) {
            /* acc (+)= A^T[i][j] y-hat[j], m4crypt_mlkem_poly_sample_ntt_mul written out so that
             * the sampler (which squeezes: the deepest call) is called from this frame directly */
            m4crypt_mlkem_poly_sample_ntt_start(&ws, rho, (uint8_t)i, (uint8_t)j);
            for (unsigned o = 0; o < M4CRYPT_MLKEM_N; o += M4CRYPT_MLKEM_SAMPLE_STEP) {
                m4crypt_mlkem_poly_sample_ntt(&ws);
                if (j == 0)
                    m4crypt_mlkem_basemul_part(acc.coeffs + o, ws.xof.coeffs, y[j].coeffs + o, o);
                else
                    m4crypt_mlkem_basemul_acc_part(acc.coeffs + o, ws.xof.coeffs, y[j].coeffs + o,
                                                   o);
            }
        }
        m4crypt_mlkem_poly_invntt(&acc); /* |acc| < k q <= 4q: invntt's input bound, no reduction */
        /* e1[i] added without reduction: |acc| <= INVNTT_BOUND, |e1| <= 2; compress takes any
         * int16 */
        /* noise, squeezed from here */
        m4crypt_mlkem_poly_prf_start(&ws, r, (uint8_t)(MLKEM_K + i));
        m4crypt_shake_squeeze(&ws.noise.ctx, ws.noise.buf, 64 * MLKEM_ETA2);
        m4crypt_mlkem_poly_cbd_eta2_add(&acc, ws.noise.buf);
        if (c)
            m4crypt_mlkem_poly_compress(c + 32 * MLKEM_DU * i, &acc, MLKEM_DU);
        if (cmp) {
            m4crypt_mlkem_poly_compress(ws.bytes, &acc, MLKEM_DU);
            diff |= m4crypt_verify(ws.bytes, cmp + 32 * MLKEM_DU * i, 32 * MLKEM_DU);
        }
    }
    /* v = NTT^-1(t-hat^T y-hat) + e2 + Decompress_1(ByteDecode_1(m)), e2 sampled with N = 2k;
     * t-hat[j] = ByteDecode_12 of ek, one polynomial at a time, decoded into the accumulator
     * (j = 0, multiplied in place) or into y-hat[j - 1], which is no longer needed.
     * c2 = ByteEncode_dv(Compress_dv(v)). */
    m4crypt_mlkem_poly_frombytes(&acc, ek);
    m4crypt_mlkem_poly_basemul(&acc, &acc, &y[0]);
    for (unsigned j = 1; j < MLKEM_K; j++) {
        m4crypt_mlkem_poly_frombytes(&y[j - 1], ek + 384 * j);
        m4crypt_mlkem_poly_basemul_acc(&acc, &y[j - 1], &y[j]);
    }
    m4crypt_mlkem_poly_invntt(&acc); /* |acc| < k q <= 4q (see above) */
    m4crypt_mlkem_poly_prf_start(&ws, r, (uint8_t)(2 * MLKEM_K));
    m4crypt_shake_squeeze(&ws.noise.ctx, ws.noise.buf, 64 * MLKEM_ETA2);
    m4crypt_mlkem_poly_cbd_eta2_add(&acc, ws.noise.buf);
    m4crypt_mlkem_poly_add_msg(&acc, m); /* |acc| <= INVNTT_BOUND + 2 + 1665 < 2^15: no overflow */
    if (c)
        m4crypt_mlkem_poly_compress(c + MLKEM_C1BYTES, &acc, MLKEM_DV);
    if (cmp) {
        m4crypt_mlkem_poly_compress(ws.bytes, &acc, MLKEM_DV);
        diff |= m4crypt_verify(ws.bytes, cmp + MLKEM_C1BYTES, 32 * MLKEM_DV);
    }

    /* y-hat[0 .. k-2] now hold t-hat[1 .. k-1] (decoded from ek: public); the secrets left are
     * y-hat[k-1], the accumulator and the work space (PRF state, compressed u, v). */
    m4crypt_memzero(&y[MLKEM_K - 1], sizeof y[0]);
    m4crypt_memzero(&acc, sizeof acc);
    m4crypt_memzero(&ws, sizeof ws);
    return diff;
}
#endif /* M4CRYPT_ENABLE_MLKEM_ENCAPS || M4CRYPT_ENABLE_MLKEM_DECAPS */

#if M4CRYPT_ENABLE_MLKEM_DECAPS
/* Alg. 15 K-PKE.Decrypt(dk, c). */
void MLKEM_NS(kpke_decrypt)(uint8_t m[32], const uint8_t dk[MLKEM_POLYVECBYTES],
                            const uint8_t c[MLKEM_CIPHERTEXTBYTES])
{
    m4crypt_mlkem_poly acc, a, s;
    /* w = v' - NTT^-1(s-hat^T NTT(u')), u' = Decompress_du(c1), v' = Decompress_dv(c2). */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        m4crypt_mlkem_poly_decompress(&a, c + 32 * MLKEM_DU * i, MLKEM_DU);
        m4crypt_mlkem_poly_ntt(&a);
        m4crypt_mlkem_poly_frombytes(&s, dk + 384 * i);
        if (i == 0)
            m4crypt_mlkem_poly_basemul(&acc, &a, &s);
        else
            m4crypt_mlkem_poly_basemul_acc(&acc, &a, &s);
    }
    m4crypt_mlkem_poly_invntt(&acc); /* |acc| < k q <= 4q (see above) */
    m4crypt_mlkem_poly_decompress(&a, c + MLKEM_C1BYTES, MLKEM_DV);
    /* no reduction: |v'| < q and |acc| <= M4CRYPT_MLKEM_INVNTT_BOUND = 26624, so
     * |w| < 26624 + q < 2^15; Compress_1 reduces any int16 */
    m4crypt_mlkem_poly_sub(&acc, &a, &acc);
    /* m = ByteEncode_1(Compress_1(w)). */
    m4crypt_mlkem_poly_compress(m, &acc, 1);

    /* a last held v' = Decompress_dv(c2), public (the ciphertext): not wiped. */
    m4crypt_memzero(&acc, sizeof acc);
    m4crypt_memzero(&s, sizeof s);
}
#endif /* M4CRYPT_ENABLE_MLKEM_DECAPS */
#endif /* MLKEM_SET_ENABLED */
