/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM internals that do not depend on the parameter set (FIPS 203, August 2024): arithmetic in
 * R_q = Z_q[X]/(X^256 + 1) with q = 3329, the NTT, sampling, compression and byte encoding of one
 * polynomial, and the hash functions of section 4.1. Built once; symbols m4crypt_mlkem_* and
 * m4crypt_mlkem_poly_*.
 *
 * Representation: a polynomial holds 256 int16_t coefficients. Unless a function says otherwise
 * its inputs may be any representative with |x| < q and its outputs are such representatives;
 * byte encoding and compression reduce to the canonical range [0, q) themselves.
 *
 * Montgomery arithmetic uses R = 2^16. The NTT-domain product m4crypt_mlkem_poly_basemul_acc
 * carries a factor R^-1, which m4crypt_mlkem_poly_invntt (factor R) or m4crypt_mlkem_poly_tomont
 * (factor R) cancel.
 *
 * The functions a Cortex-M4 backend may replace have a portable version with the suffix _c; the
 * plain names are macros (src/mlkem/backend.h, docs/DEVELOPING.md "Assembly backends").
 */
#ifndef M4CRYPT_MLKEM_POLY_H
#define M4CRYPT_MLKEM_POLY_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/fips202.h"

#define M4CRYPT_MLKEM_N 256
#define M4CRYPT_MLKEM_Q 3329
/* Bytes of ByteEncode_12 of one polynomial (FIPS 203 Alg. 5 with d = 12). */
#define M4CRYPT_MLKEM_POLYBYTES 384

typedef struct {
    _Alignas(8) int16_t coeffs[M4CRYPT_MLKEM_N];
} m4crypt_mlkem_poly;

/* ---------------------------------------------------------------- replaceable (backend) functions */

/* Bound on the NTT's output: q - 1 + 7 (q - 1) / 2. Lazy reduction: each of the 7 layers may add
 * (q - 1) / 2 to the largest magnitude (the assembly backend reduces nothing inside the NTT). */
#define M4CRYPT_MLKEM_NTT_BOUND 14976
/* NTT (FIPS 203 Alg. 9) in place; input |x| < q, output |x| <= M4CRYPT_MLKEM_NTT_BOUND (the
 * portable C reduces further, to |x| < q). */
void m4crypt_mlkem_poly_ntt_c(m4crypt_mlkem_poly *r);
/* Bound on the inverse NTT's output: 16 (q - 1) / 2 = 26624 (the assembly backend leaves some sums
 * of the last layers unreduced; the results only go to additions and compression, which reduce
 * anyway: kpke.c adds at most 2 + 1665 (e2 and the message) or subtracts a value in [0, q), and
 * 26624 + 3329 < 2^15, so no 16-bit lane wraps). */
#define M4CRYPT_MLKEM_INVNTT_BOUND 26624
/* Inverse NTT (FIPS 203 Alg. 10) in place, times R = 2^16 (mod q): invntt(basemul(a, b)) is the
 * exact product. Input |x| < 4q, output |x| <= M4CRYPT_MLKEM_INVNTT_BOUND (the portable C reduces
 * further, to |x| < q). */
void m4crypt_mlkem_poly_invntt_c(m4crypt_mlkem_poly *r);
/* r += a * b in the NTT domain, times R^-1 (FIPS 203 Alg. 11 MultiplyNTTs and Alg. 12
 * BaseCaseMultiply). Inputs: one of a, b with |x| < q, the other with |x| < q or an NTT output
 * (|x| <= M4CRYPT_MLKEM_NTT_BOUND); then every product sum stays below 2 (q - 1) 14976 < q 2^15
 * and each call adds less than q in absolute value to every coefficient of r, so up to four
 * calls may be accumulated onto a reduced r before m4crypt_mlkem_poly_reduce. */
void m4crypt_mlkem_poly_basemul_acc_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                                      const m4crypt_mlkem_poly *b);
/* r = a * b in the NTT domain, times R^-1 (Alg. 11 without accumulation: the first product of a
 * sum, no zeroing of r needed). Same operand contract as m4crypt_mlkem_poly_basemul_acc_c; output
 * |x| < q. r may be the same polynomial as a or b. */
void m4crypt_mlkem_poly_basemul_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                                  const m4crypt_mlkem_poly *b);
/* Barrett reduction of every coefficient to the centered range [-(q-1)/2, (q-1)/2]. */
void m4crypt_mlkem_poly_reduce_c(m4crypt_mlkem_poly *r);
/* SamplePolyCBD_eta (FIPS 203 Alg. 8) from 64 * eta bytes; eta = 2 or 3. */
void m4crypt_mlkem_poly_cbd_eta2_c(m4crypt_mlkem_poly *r, const uint8_t buf[128]);
void m4crypt_mlkem_poly_cbd_eta3_c(m4crypt_mlkem_poly *r, const uint8_t buf[192]);
/* The rejection step of SampleNTT (FIPS 203 Alg. 7, the loop body): parses buf (buflen a multiple of
 * 3) into 12-bit candidates and appends those < q to r, at most len; returns how many. The input
 * is public (a SHAKE128 stream of the public seed rho). In place: r may lie below buf with
 * buf - (uint8_t *)r >= buflen / 3 (each group of input, 3 bytes in C, 12 in the assembly, is
 * read before the at most 4 output bytes per 3 input bytes it yields are written, so the output
 * never reaches unread input); m4crypt_mlkem_poly_sample_ntt relies on it. */
unsigned m4crypt_mlkem_rej_uniform_c(int16_t *r, unsigned len, const uint8_t *buf, unsigned buflen);
/* ByteEncode_d(Compress_d(a)) (FIPS 203 Alg. 5 and section 4.2.1 eq. 4.7) for d in {1,4,5,10,11}:
 * 32 * d bytes. Any int16 coefficients are accepted (reduced mod q first). No division. */
void m4crypt_mlkem_poly_compress_c(uint8_t *out, const m4crypt_mlkem_poly *a, unsigned d);
/* Decompress_d(ByteDecode_d(in)) (Alg. 6, eq. 4.8) for d in {1,4,5,10,11}; output in [0, q). */
void m4crypt_mlkem_poly_decompress_c(m4crypt_mlkem_poly *r, const uint8_t *in, unsigned d);

/* r = r * R mod q (cancels the R^-1 of basemul without an inverse NTT); any int16 input, output
 * |x| < q. */
void m4crypt_mlkem_poly_tomont_c(m4crypt_mlkem_poly *r);
/* ByteEncode_12 (Alg. 5, d = 12) of the canonical representatives; any int16 input. */
void m4crypt_mlkem_poly_tobytes_c(uint8_t out[M4CRYPT_MLKEM_POLYBYTES],
                                  const m4crypt_mlkem_poly *a);
/* ByteDecode_12 (Alg. 6, d = 12): 12-bit values reduced mod q, output in [0, q). */
void m4crypt_mlkem_poly_frombytes_c(m4crypt_mlkem_poly *r,
                                    const uint8_t in[M4CRYPT_MLKEM_POLYBYTES]);

/* r = a + b, r = a - b, coefficient-wise, wrapping 16-bit arithmetic, no reduction (Alg. 13-15
 * vector additions); r may be a or b. */
void m4crypt_mlkem_poly_add_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                              const m4crypt_mlkem_poly *b);
void m4crypt_mlkem_poly_sub_c(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *a,
                              const m4crypt_mlkem_poly *b);
/* Part of MultiplyNTTs (Alg. 11, 12) for streaming: coefficients start .. start + 63 of the
 * NTT-domain product, times R^-1 (M4CRYPT_MLKEM_SAMPLE_STEP = 64 of them); r and b point at
 * coefficient start of their polynomials, a at the 64 coefficients of the other factor; start
 * is a multiple of 64. _acc adds to r (wrapping), the other writes r. Operand contract and output
 * bounds of m4crypt_mlkem_poly_basemul_acc_c (one factor |x| < q, the other |x| <=
 * M4CRYPT_MLKEM_NTT_BOUND; each call adds |x| < q). */
void m4crypt_mlkem_basemul_acc_part_c(int16_t *r, const int16_t *a, const int16_t *b,
                                      unsigned start);
void m4crypt_mlkem_basemul_part_c(int16_t *r, const int16_t *a, const int16_t *b, unsigned start);
/* r += SamplePolyCBD_eta(buf) (Alg. 8, eta = 2: 128 bytes, eta = 3: 192 bytes), wrapping. */
void m4crypt_mlkem_poly_cbd_eta2_add_c(m4crypt_mlkem_poly *r, const uint8_t buf[128]);
void m4crypt_mlkem_poly_cbd_eta3_add_c(m4crypt_mlkem_poly *r, const uint8_t buf[192]);
/* r += Decompress_1(ByteDecode_1(m)) (Alg. 14 line 20: each bit of m adds round(q/2) = 1665),
 * wrapping; constant time in m. */
void m4crypt_mlkem_poly_add_msg_c(m4crypt_mlkem_poly *r, const uint8_t m[32]);

#include "mlkem/backend.h"

/* ---------------------------------------------------------------- the rest */

/* zetas[i] = 17^BitRev7(i) * 2^16 mod q, centered (FIPS 203 section 4.3, Montgomery form). */
extern const int16_t m4crypt_mlkem_zetas[128];

/* Montgomery reduction: a * R^-1 mod q for |a| < q * 2^15, result |r| < q. */
int16_t m4crypt_mlkem_montgomery_reduce(int32_t a);
/* Barrett reduction: the representative of a mod q in [-(q-1)/2, (q-1)/2], any int16 a. */
int16_t m4crypt_mlkem_barrett_reduce(int16_t a);
/* Compress_d(x) (eq. 4.7) for x in [0, q) and 1 <= d <= 11, by multiplication and shift. */
uint16_t m4crypt_mlkem_compress(uint16_t x, unsigned d);

/* SamplePolyCBD_eta(PRF_eta(s, b)) (Alg. 8 and section 4.1 eq. 4.3), eta = 2 or 3. */
void m4crypt_mlkem_poly_getnoise(m4crypt_mlkem_poly *r, const uint8_t s[32], uint8_t b,
                                 unsigned eta);

/* Work space of the streaming functions below, which K-PKE (src/mlkem/kpke.c) also uses as the
 * byte buffer of a compressed polynomial between their calls (one buffer, 456 bytes): xof is
 * SampleNTT's state (the SHAKE128 context and the accepted coefficients not yet multiplied), noise is PRF's state (the SHAKE256 context and the output). */
#define M4CRYPT_MLKEM_XOF_CHUNK 72   /* bytes per squeeze and rejection (see poly.c) */
#define M4CRYPT_MLKEM_SAMPLE_STEP 64 /* coefficients per m4crypt_mlkem_poly_sample_ntt call */
typedef union {
    uint8_t bytes[32 * 11]; /* ByteEncode_du(Compress_du(u)) of one polynomial, du <= 11 */
    struct {
        m4crypt_keccak_ctx ctx;
        /* coeffs[0 .. have): fewer than STEP left over + at most 2 CHUNK / 3 = 48 new ones; the
         * next piece of the stream is squeezed into coeffs itself, 8-byte aligned at least 24
         * bytes above coeffs + have, and rejected in place (see m4crypt_mlkem_rej_uniform_c) */
        _Alignas(8) int16_t coeffs[116];
        uint16_t have;     /* valid entries of coeffs */
        uint16_t accepted; /* coefficients accepted so far (at most 256) */
    } xof;
    struct {
        m4crypt_keccak_ctx ctx;
        uint8_t buf[64 * 3];
    } noise;
} m4crypt_mlkem_scratch;
_Static_assert(sizeof(m4crypt_mlkem_scratch) <= 456, "the work space grew (stack of K-PKE)");

/* SampleNTT (FIPS 203 Alg. 7) on the XOF input rho || b0 || b1, in steps, so that the matrix
 * entry is never held: start absorbs rho || b0 || b1 into ws; then each of the 256 / STEP calls
 * of m4crypt_mlkem_poly_sample_ntt leaves the next STEP coefficients of the entry (in order) in
 * ws->xof.coeffs[0 .. STEP), squeezing and rejecting as needed (the candidates of the stream are
 * the same as for one whole SampleNTT: rejection never asks for more than 256 in total).
 * m4crypt_mlkem_poly_sample_ntt computes only on public data (ws holds the stream of the public
 * rho): it branches on it, and it is the function the constant-time checks declare public (m4sim
 * ct --public-function m4crypt_mlkem_poly_sample_ntt); everything outside it has a fixed shape. */
void m4crypt_mlkem_poly_sample_ntt_start(m4crypt_mlkem_scratch *ws, const uint8_t rho[32],
                                         uint8_t b0, uint8_t b1);
void m4crypt_mlkem_poly_sample_ntt(m4crypt_mlkem_scratch *ws);
/* r = SampleNTT(rho || b0 || b1) * b (accumulate = 0) or r += that product (accumulate = 1), in
 * the NTT domain times R^-1 (Alg. 7 streamed into Alg. 11), with the steps above: b is the
 * secret operand (|x| <= M4CRYPT_MLKEM_NTT_BOUND). ws is left holding public data only. */
void m4crypt_mlkem_poly_sample_ntt_mul(m4crypt_mlkem_poly *r, const m4crypt_mlkem_poly *b,
                                       const uint8_t rho[32], uint8_t b0, uint8_t b1,
                                       int accumulate, m4crypt_mlkem_scratch *ws);
/* r = SamplePolyCBD_eta(PRF_eta(s, b)) (accumulate = 0) or r += that (accumulate = 1) (Alg. 8,
 * eq. 4.3), eta = 2 or 3, with ws as the PRF's state (no other buffer): ws then holds secret
 * data and must be wiped by the caller. */
void m4crypt_mlkem_poly_noise(m4crypt_mlkem_poly *r, const uint8_t s[32], uint8_t b, unsigned eta,
                              int accumulate, m4crypt_mlkem_scratch *ws);
/* The first step of it, for callers that squeeze themselves (as for sample_ntt_start):
 * PRF's SHAKE256 context in ws->noise.ctx absorbs s || b; then squeeze 64 eta bytes into
 * ws->noise.buf and apply m4crypt_mlkem_poly_cbd_eta2/3(_add). */
void m4crypt_mlkem_poly_prf_start(m4crypt_mlkem_scratch *ws, const uint8_t s[32], uint8_t b);

/* Marks len bytes at p as public for constant-time analysis. The library's definition is weak
 * and does nothing; the valgrind program tests/mlkem/ct_mlkem.c replaces it with one that
 * declassifies the memory. Called only for values that FIPS 203 makes public although they are
 * computed from secrets: the matrix seed rho = G(d || k)[0:32], which goes into ek. */
void m4crypt_mlkem_ct_declassify(const void *p, size_t len);

/* The functions of FIPS 203 section 4.1. */
/* H(s) = SHA3-256(s) (eq. 4.4). */
void m4crypt_mlkem_hash_h(uint8_t out[32], const uint8_t *in, size_t inlen);
/* G(a || b) = SHA3-512 (eq. 4.5), split by the caller into the two 32-byte halves. */
void m4crypt_mlkem_hash_g(uint8_t out[64], const uint8_t *a, size_t alen, const uint8_t *b,
                          size_t blen);
/* J(a || b) = SHAKE256(a || b, 8 * 32) (eq. 4.4). */
void m4crypt_mlkem_hash_j(uint8_t out[32], const uint8_t *a, size_t alen, const uint8_t *b,
                          size_t blen);

#endif
