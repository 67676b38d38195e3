/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA arithmetic mod q = 8380417 (FIPS 204 section 7.5, Alg. 41-45): Montgomery reduction with
 * R = 2^32, the NTT and its inverse, pointwise products, reduction. Portable C (the _c functions
 * of poly.h).
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

#include "poly.h"

#define Q M4CRYPT_MLDSA_Q

/* a * 2^-32 mod q: t = a * q^-1 mod 2^32 (as a signed 32-bit value) makes a - t q divisible by
 * 2^32; |a - t q| < q 2^31 + 2^31 q, so the quotient has |r| < q. */
int32_t m4crypt_mldsa_montgomery_reduce(int64_t a)
{
    int32_t t = (int32_t)((uint32_t)(uint64_t)a * M4CRYPT_MLDSA_QINV);
    return (int32_t)((a - (int64_t)t * Q) >> 32);
}

/* a - round(a / 2^23) q: q = 2^23 - 2^13 + 1, so a - q round(a / 2^23) stays within
 * 2^22 + 2^13 |a| / 2^23 of 0, which is at most 6283008 for |a| < 2^31 - 2^22. */
int32_t m4crypt_mldsa_reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;
    return a - t * Q;
}

/* Alg. 41: m counts the zetas in bit-reversed order; each butterfly adds at most q to the
 * magnitude (the Montgomery product is below q), so 8 layers turn |x| < q into |x| < 9q. */
void m4crypt_mldsa_ntt_c(m4crypt_mldsa_poly *a)
{
    int32_t *w = a->coeffs;
    unsigned m = 0;
    for (unsigned len = 128; len >= 1; len >>= 1) {
        for (unsigned start = 0; start < 256; start += 2 * len) {
            int64_t z = m4crypt_mldsa_zetas[++m];
            for (unsigned j = start; j < start + len; j++) {
                int32_t t = m4crypt_mldsa_montgomery_reduce(z * w[j + len]);
                w[j + len] = w[j] - t;
                w[j] = w[j] + t;
            }
        }
    }
}

/* Alg. 42 with the last step's 256^-1 taken as m4crypt_mldsa_invntt_f = 256^-1 2^64 mod q, so the
 * output carries the factor 2^32. The sums double at most at each layer: from |x| < q, the
 * 8 layers stay below 256 q < 2^31; the differences are Montgomery-reduced (below q). The last
 * layer (len 128, zeta index 1) takes f into its products: the sums times f, the differences
 * times zf = z f 2^-32 mod q, one Montgomery product per coefficient instead of two. */
void m4crypt_mldsa_invntt_c(m4crypt_mldsa_poly *a)
{
    int32_t *w = a->coeffs;
    unsigned m = 256;
    for (unsigned len = 1; len < 128; len <<= 1) {
        for (unsigned start = 0; start < 256; start += 2 * len) {
            int64_t z = -(int64_t)m4crypt_mldsa_zetas[--m];
            for (unsigned j = start; j < start + len; j++) {
                int32_t t = w[j];
                w[j] = t + w[j + len];
                w[j + len] = m4crypt_mldsa_montgomery_reduce(z * (int64_t)(t - w[j + len]));
            }
        }
    }
    const int64_t zf = m4crypt_mldsa_montgomery_reduce(-(int64_t)m4crypt_mldsa_zetas[1] *
                                                       m4crypt_mldsa_invntt_f);
    for (unsigned j = 0; j < 128; j++) {
        int32_t t = w[j];
        w[j] = m4crypt_mldsa_montgomery_reduce((int64_t)m4crypt_mldsa_invntt_f * (t + w[j + 128]));
        w[j + 128] = m4crypt_mldsa_montgomery_reduce(zf * (t - w[j + 128]));
    }
}

void m4crypt_mldsa_invntt_caddq_c(m4crypt_mldsa_poly *a)
{
    m4crypt_mldsa_invntt_c(a);
    m4crypt_mldsa_caddq_c(a);
}

void m4crypt_mldsa_invntt_reduce_c(m4crypt_mldsa_poly *a)
{
    m4crypt_mldsa_invntt_c(a);
    m4crypt_mldsa_reduce_c(a);
}

void m4crypt_mldsa_pointwise_c(m4crypt_mldsa_poly *r, const m4crypt_mldsa_poly *a,
                               const m4crypt_mldsa_poly *b)
{
    for (unsigned i = 0; i < 256; i++)
        r->coeffs[i] = m4crypt_mldsa_montgomery_reduce((int64_t)a->coeffs[i] * b->coeffs[i]);
}

void m4crypt_mldsa_pointwise_acc_part_c(int32_t *r, const int32_t *a, const int32_t *b)
{
    for (unsigned i = 0; i < M4CRYPT_MLDSA_STEP; i++)
        r[i] += m4crypt_mldsa_montgomery_reduce((int64_t)a[i] * b[i]);
}

static int32_t unpack24_one(const uint8_t *a)
{
    return (int32_t)((uint32_t)a[0] | (uint32_t)a[1] << 8 | (uint32_t)a[2] << 16);
}

/* 2^32 mod q (about q / 2). Adding r (2^32 mod q) to a sum before its Montgomery reduction adds
 * r modulo q to the result, which therefore stays below q in magnitude: for any int32 r the term
 * is below 2^30 q, and with the products' 27 q^2 the sum stays inside the reduction's 2^31 q. */
#define MONT_R_MOD_Q 4193792

/* The sum for a constant number of columns, so that the compiler unrolls the inner loop. */
static inline __attribute__((always_inline)) void
pointwise_sum_p24_cols(m4crypt_mldsa_poly *r, const uint8_t *a, const m4crypt_mldsa_poly *b,
                       const unsigned ncols, int acc)
{
    for (unsigned i = 0; i < 256; i++) {
        int64_t sum = acc ? (int64_t)r->coeffs[i] * MONT_R_MOD_Q : 0;
        for (unsigned c = 0; c < ncols; c++)
            sum += (int64_t)unpack24_one(a + 768 * c + 3 * i) * b[c].coeffs[i];
        r->coeffs[i] = m4crypt_mldsa_montgomery_reduce(sum);
    }
}

void m4crypt_mldsa_pointwise_sum_p24_c(m4crypt_mldsa_poly *r, const uint8_t *a,
                                       const m4crypt_mldsa_poly *b, unsigned ncols, int acc)
{
    if (ncols == 3)
        pointwise_sum_p24_cols(r, a, b, 3, acc);
    else if (ncols == 2)
        pointwise_sum_p24_cols(r, a, b, 2, acc);
    else
        pointwise_sum_p24_cols(r, a, b, 1, acc);
}

/* RejNTTPoly's loop (poly.c, m4crypt_mldsa_rej_uniform_c) over buf with each accepted candidate
 * multiplied straight into the accumulator (Montgomery, a b 2^-32 with |x| < q): key
 * generation's and verification's products of a matrix entry. Here, beside the Montgomery
 * reduction it inlines. */
static unsigned rej_uniform_acc_p24(int32_t *acc, const uint8_t *b, unsigned len,
                                    const uint8_t *buf, unsigned buflen, int reduce)
{
    unsigned ctr = 0;
    for (unsigned pos = 0; pos + 3 <= buflen && ctr < len; pos += 3) {
        uint32_t z = (uint32_t)buf[pos] | (uint32_t)buf[pos + 1] << 8 |
                     (uint32_t)(buf[pos + 2] & 0x7f) << 16;
        if (z < Q) {
            int32_t x = acc[ctr] +
                        m4crypt_mldsa_montgomery_reduce((int64_t)z * unpack24_one(b + 3 * ctr));
            acc[ctr++] = reduce ? m4crypt_mldsa_reduce32(x) : x;
        }
    }
    return ctr;
}

/* The block in 24-byte pieces (eight candidates), copied out of the state in the standard byte
 * order, as the assembly converts three lanes at a time. */
static unsigned rej_uniform_acc_block_p24(int32_t *acc, const uint8_t *b, unsigned len,
                                          const uint64_t state[25], int reduce)
{
    uint8_t piece[24];
    unsigned ctr = 0;
    for (unsigned off = 0; off < M4CRYPT_SHAKE128_RATE && ctr < len; off += sizeof piece) {
        m4crypt_keccak_state_bytes(state, off, piece, sizeof piece);
        ctr += rej_uniform_acc_p24(acc + ctr, b + 3 * ctr, len - ctr, piece, sizeof piece, reduce);
    }
    return ctr;
}

unsigned m4crypt_mldsa_rej_uniform_acc_block_p24_c(int32_t *acc, const uint8_t *b, unsigned len,
                                                   const uint64_t state[25])
{
    return rej_uniform_acc_block_p24(acc, b, len, state, 0);
}

unsigned m4crypt_mldsa_rej_uniform_acc_block_reduce_p24_c(int32_t *acc, const uint8_t *b,
                                                          unsigned len, const uint64_t state[25])
{
    return rej_uniform_acc_block_p24(acc, b, len, state, 1);
}

void m4crypt_mldsa_reduce_c(m4crypt_mldsa_poly *a)
{
    for (unsigned i = 0; i < 256; i++)
        a->coeffs[i] = m4crypt_mldsa_reduce32(a->coeffs[i]);
}

void m4crypt_mldsa_caddq_c(m4crypt_mldsa_poly *a)
{
    for (unsigned i = 0; i < 256; i++) {
        int32_t x = a->coeffs[i];
        a->coeffs[i] = x + ((x >> 31) & Q); /* arithmetic shift: all ones iff x < 0 */
    }
}

void m4crypt_mldsa_freeze_c(m4crypt_mldsa_poly *a)
{
    m4crypt_mldsa_reduce_c(a);
    m4crypt_mldsa_caddq_c(a);
}

void m4crypt_mldsa_freeze_pack24_c(uint8_t out[768], const m4crypt_mldsa_poly *a)
{
    for (unsigned i = 0; i < 256; i++) {
        int32_t x = m4crypt_mldsa_reduce32(a->coeffs[i]);
        x += (x >> 31) & Q;
        out[3 * i] = (uint8_t)x;
        out[3 * i + 1] = (uint8_t)(x >> 8);
        out[3 * i + 2] = (uint8_t)(x >> 16);
    }
}

#endif /* M4CRYPT_ENABLE_MLDSA */
