/*
 * K-PKE, the public-key encryption scheme inside ML-KEM (FIPS 203 section 5, Alg. 13-15), for one
 * parameter set (compiled per set, see params.h).
 *
 * Memory: the k x k matrix A is never held. Its entries are generated one at a time by SampleNTT
 * (Alg. 7) right where they are multiplied, row by row (K-PKE.KeyGen) or column by column
 * (K-PKE.Encrypt, which needs the transpose); s-hat and t-hat are decoded polynomial by
 * polynomial from the key bytes when needed; the ciphertext is compressed one polynomial at a
 * time, and in decapsulation compared instead of stored. The largest buffer is y-hat in
 * K-PKE.Encrypt (k polynomials, 2 KiB for ML-KEM-1024), which every row of A^T needs.
 */
#include <string.h>

#include "m4crypt/common.h"
#include "params.h"
#include "poly.h"

/* Alg. 13 K-PKE.KeyGen(d). */
void MLKEM_NS(kpke_keygen)(uint8_t ek[MLKEM_PUBLICKEYBYTES], uint8_t dk[MLKEM_POLYVECBYTES],
                           const uint8_t d[32])
{
    uint8_t seeds[64]; /* (rho, sigma) = G(d || k) */
    const uint8_t kbyte = MLKEM_K;
    const uint8_t *rho = seeds, *sigma = seeds + 32;
    m4crypt_poly acc, a, s;

    m4crypt_mlkem_hash_g(seeds, d, 32, &kbyte, 1);
    m4crypt_mlkem_ct_declassify(rho, 32); /* rho is published in ek; SampleNTT branches on it */

    /* s-hat = NTT(s), s sampled with N = 0 .. k-1; stored at once as dk = ByteEncode_12(s-hat). */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        m4crypt_poly_getnoise(&s, sigma, (uint8_t)i, MLKEM_ETA1);
        m4crypt_poly_ntt(&s);
        m4crypt_poly_tobytes(dk + 384 * i, &s);
    }
    /* t-hat[i] = sum_j A[i][j] s-hat[j] + e-hat[i], A[i][j] = SampleNTT(rho || j || i), e[i]
     * sampled with N = k + i. */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        memset(&acc, 0, sizeof acc);
        for (unsigned j = 0; j < MLKEM_K; j++) {
            m4crypt_poly_sample_ntt(&a, rho, (uint8_t)j, (uint8_t)i);
            m4crypt_poly_frombytes(&s, dk + 384 * j);
            m4crypt_poly_basemul_acc(&acc, &a, &s);
        }
        m4crypt_poly_tomont(&acc); /* cancels basemul's R^-1 */
        m4crypt_poly_getnoise(&s, sigma, (uint8_t)(MLKEM_K + i), MLKEM_ETA1);
        m4crypt_poly_ntt(&s);
        m4crypt_poly_add(&acc, &acc, &s);
        m4crypt_poly_tobytes(ek + 384 * i, &acc);
    }
    memcpy(ek + MLKEM_POLYVECBYTES, rho, 32);

    m4crypt_memzero(seeds, sizeof seeds);
    m4crypt_memzero(&acc, sizeof acc);
    m4crypt_memzero(&s, sizeof s);
}

/* Writes and/or compares one compressed polynomial; returns m4crypt_verify's 0 / -1 (or 0). */
static int emit(uint8_t *c, const uint8_t *cmp, const uint8_t *buf, size_t len)
{
    if (c)
        memcpy(c, buf, len);
    return cmp ? m4crypt_verify(buf, cmp, len) : 0;
}

/* Alg. 14 K-PKE.Encrypt(ek, m, r). */
int MLKEM_NS(kpke_encrypt)(uint8_t *c, const uint8_t *cmp, const uint8_t ek[MLKEM_PUBLICKEYBYTES],
                           const uint8_t m[32], const uint8_t r[32])
{
    const uint8_t *rho = ek + MLKEM_POLYVECBYTES;
    m4crypt_poly y[MLKEM_K], acc, a;
    uint8_t buf[32 * (MLKEM_DU > MLKEM_DV ? MLKEM_DU : MLKEM_DV)];
    int diff = 0;

    /* y-hat = NTT(y), y sampled with N = 0 .. k-1. */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        m4crypt_poly_getnoise(&y[i], r, (uint8_t)i, MLKEM_ETA1);
        m4crypt_poly_ntt(&y[i]);
    }
    /* u[i] = NTT^-1(sum_j A^T[i][j] y-hat[j]) + e1[i], with A^T[i][j] = A[j][i] =
     * SampleNTT(rho || i || j) and e1[i] sampled with N = k + i; c1 = ByteEncode_du(Compress_du(u)). */
    for (unsigned i = 0; i < MLKEM_K; i++) {
        memset(&acc, 0, sizeof acc);
        for (unsigned j = 0; j < MLKEM_K; j++) {
            m4crypt_poly_sample_ntt(&a, rho, (uint8_t)i, (uint8_t)j);
            m4crypt_poly_basemul_acc(&acc, &a, &y[j]);
        }
        m4crypt_poly_invntt(&acc); /* |acc| < k q <= 4q: invntt's input bound, no reduction */
        m4crypt_poly_getnoise(&a, r, (uint8_t)(MLKEM_K + i), MLKEM_ETA2);
        m4crypt_poly_add(&acc, &acc, &a);
        m4crypt_poly_compress(buf, &acc, MLKEM_DU);
        diff |= emit(c ? c + 32 * MLKEM_DU * i : NULL, cmp ? cmp + 32 * MLKEM_DU * i : NULL, buf,
                     32 * MLKEM_DU);
    }
    /* v = NTT^-1(t-hat^T y-hat) + e2 + Decompress_1(ByteDecode_1(m)), e2 sampled with N = 2k;
     * t-hat[j] = ByteDecode_12 of ek, one polynomial at a time. c2 = ByteEncode_dv(Compress_dv(v)). */
    memset(&acc, 0, sizeof acc);
    for (unsigned j = 0; j < MLKEM_K; j++) {
        m4crypt_poly_frombytes(&a, ek + 384 * j);
        m4crypt_poly_basemul_acc(&acc, &a, &y[j]);
    }
    m4crypt_poly_invntt(&acc); /* |acc| < k q <= 4q (see above) */
    m4crypt_poly_getnoise(&a, r, (uint8_t)(2 * MLKEM_K), MLKEM_ETA2);
    m4crypt_poly_add(&acc, &acc, &a);
    m4crypt_poly_decompress(&a, m, 1);
    m4crypt_poly_add(&acc, &acc, &a);
    m4crypt_poly_compress(buf, &acc, MLKEM_DV);
    diff |= emit(c ? c + MLKEM_C1BYTES : NULL, cmp ? cmp + MLKEM_C1BYTES : NULL, buf,
                 32 * MLKEM_DV);

    m4crypt_memzero(y, sizeof y);
    m4crypt_memzero(&acc, sizeof acc);
    m4crypt_memzero(&a, sizeof a);
    m4crypt_memzero(buf, sizeof buf);
    return diff;
}

/* Alg. 15 K-PKE.Decrypt(dk, c). */
void MLKEM_NS(kpke_decrypt)(uint8_t m[32], const uint8_t dk[MLKEM_POLYVECBYTES],
                            const uint8_t c[MLKEM_CIPHERTEXTBYTES])
{
    m4crypt_poly acc, a, s;
    /* w = v' - NTT^-1(s-hat^T NTT(u')), u' = Decompress_du(c1), v' = Decompress_dv(c2). */
    memset(&acc, 0, sizeof acc);
    for (unsigned i = 0; i < MLKEM_K; i++) {
        m4crypt_poly_decompress(&a, c + 32 * MLKEM_DU * i, MLKEM_DU);
        m4crypt_poly_ntt(&a);
        m4crypt_poly_frombytes(&s, dk + 384 * i);
        m4crypt_poly_basemul_acc(&acc, &a, &s);
    }
    m4crypt_poly_invntt(&acc); /* |acc| < k q <= 4q (see above) */
    m4crypt_poly_decompress(&a, c + MLKEM_C1BYTES, MLKEM_DV);
    m4crypt_poly_sub(&acc, &a, &acc);
    /* m = ByteEncode_1(Compress_1(w)). */
    m4crypt_poly_compress(m, &acc, 1);

    m4crypt_memzero(&acc, sizeof acc);
    m4crypt_memzero(&a, sizeof a);
    m4crypt_memzero(&s, sizeof s);
}
