/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA internals on one polynomial (FIPS 204, August 2024): arithmetic in R_q = Z_q[X]/(X^256+1)
 * with q = 8380417, the NTT, rounding (Power2Round, Decompose, MakeHint, UseHint), norm checks,
 * sampling, and the bit packing of section 7.1. Shared by the three parameter sets (the functions
 * that differ take eta, gamma1 or gamma2 as an argument). Symbols m4crypt_mldsa_*.
 *
 * Representation: a polynomial holds 256 int32_t coefficients. Montgomery arithmetic uses
 * R = 2^32: a pointwise product carries a factor R^-1, which the inverse NTT's factor R cancels.
 *
 * The functions a Cortex-M4 backend may replace have a portable version with the suffix _c; the
 * plain names are macros (src/mldsa/backend.h, docs/DEVELOPING.md "Assembly backends").
 */
#ifndef M4CRYPT_MLDSA_POLY_H
#define M4CRYPT_MLDSA_POLY_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/fips202.h"
#include "fips202/sponge.h"

#define M4CRYPT_MLDSA_N 256
#define M4CRYPT_MLDSA_Q 8380417
#define M4CRYPT_MLDSA_D 13 /* dropped bits of t (FIPS 204 Table 1) */
/* q^-1 mod 2^32 (for Montgomery reduction) */
#define M4CRYPT_MLDSA_QINV 58728449u

typedef struct m4crypt_mldsa_poly {
    _Alignas(8) int32_t coeffs[M4CRYPT_MLDSA_N];
} m4crypt_mldsa_poly;

/* Signing's products c s1, c s2 in Z_769[X]/(X^256+1) (src/mldsa/small_ntt.c: exact, as
 * |c s| <= tau eta < 769 / 2): 256 int16_t coefficients, two per word in the M4 backend. */
#define M4CRYPT_MLDSA_SMALL_Q 769
typedef struct m4crypt_mldsa_smallpoly {
    _Alignas(8) int16_t coeffs[M4CRYPT_MLDSA_N];
} m4crypt_mldsa_smallpoly;

/* ------------------------------------------------------------ replaceable (backend) functions */

/* NTT (FIPS 204 Alg. 41) in place. Input |x| < q; output |x| < 9q (no reduction inside). */
void m4crypt_mldsa_ntt_c(m4crypt_mldsa_poly *a);
/* NTT^-1 (Alg. 42) in place, times R = 2^32 (mod q): invntt(pointwise(a, b)) is the product.
 * Input |x| < q; output |x| < q. */
void m4crypt_mldsa_invntt_c(m4crypt_mldsa_poly *a);
/* invntt, then caddq: the output in [0, q) (the assembly adds q to the negative outputs in the
 * inverse NTT's last pass instead of a pass of its own). */
void m4crypt_mldsa_invntt_caddq_c(m4crypt_mldsa_poly *a);
/* invntt, then reduce: the output centered, |x| <= 2^22 (the assembly reduces in the inverse
 * NTT's last pass). */
void m4crypt_mldsa_invntt_reduce_c(m4crypt_mldsa_poly *a);
/* r = a o b * R^-1 (Alg. 45 MultiplyNTT, Montgomery), |a|, |b| < 9q; output |x| < q.
 * r may alias a or b. */
void m4crypt_mldsa_pointwise_c(m4crypt_mldsa_poly *r, const m4crypt_mldsa_poly *a,
                               const m4crypt_mldsa_poly *b);
/* r += a o b * R^-1 over n = M4CRYPT_MLDSA_STEP coefficients (a part of a row of A o v: the
 * streamed matrix entry, see m4crypt_mldsa_sample_ntt_step). |a| < q, |b| < 9q; each call adds
 * |x| < q to every coefficient, no reduction (the callers add at most 8 such terms, and reduce). */
void m4crypt_mldsa_pointwise_acc_part_c(int32_t *r, const int32_t *a, const int32_t *b);
/* Signing's product of a row of the packed A with ncols columns of NTT(y) at once (ncols 1, 2
 * or 3; acc only with 2 or 3; ncols = 1 also serves NTT(t0) o NTT(c) and, in place (r = b,
 * allowed for ncols = 1), verification's -NTT(c) o NTT(t1 2^d)):
 * r = sum_c a_c o b[c] * R^-1, or (acc nonzero) r + that modulo q, over all 256 coefficients, where
 * a_c = a + 768 c is an entry packed 3 bytes per coefficient (little-endian, in [0, q): the form
 * in which signing keeps the expanded matrix A) and |b[c]| < 9q. The sum of the ncols products
 * of a coefficient is taken in 64 bits and reduced once (|sum| < 27 q^2 < 2^31 q). With acc, r's
 * coefficient (any int32) joins the sum as r 2^32 mod q, so that the reduction adds it: the
 * result is below q in magnitude in both modes. */
void m4crypt_mldsa_pointwise_sum_p24_c(m4crypt_mldsa_poly *r, const uint8_t *a,
                                       const m4crypt_mldsa_poly *b, unsigned ncols, int acc);
/* Every coefficient to a representative of it mod q in [-6283008, 6283008] (any int32 input
 * below 2^31 - 2^22 in magnitude). */
void m4crypt_mldsa_reduce_c(m4crypt_mldsa_poly *a);
/* Every coefficient x with |x| < q to x mod q in [0, q). */
void m4crypt_mldsa_caddq_c(m4crypt_mldsa_poly *a);
/* reduce, then caddq (any |x| < 2^31 - 2^22 to x mod q in [0, q)); one pass in the assembly. */
void m4crypt_mldsa_freeze_c(m4crypt_mldsa_poly *a);
/* The packed form (pack24, 768 bytes) of freeze(a), a unchanged: one pass in the assembly. */
void m4crypt_mldsa_freeze_pack24_c(uint8_t out[768], const m4crypt_mldsa_poly *a);

/* The loop of RejNTTPoly (Alg. 30) over one squeezed buffer: parses buf (buflen a multiple of 3)
 * into CoeffFromThreeBytes candidates (Alg. 14) and appends those < q to r, at most len; returns
 * how many. Input public (a SHAKE128 stream of rho). In place: buf may lie above r as
 * m4crypt_mldsa_xof describes (each candidate is read before its output is written). */
unsigned m4crypt_mldsa_rej_uniform_c(int32_t *r, unsigned len, const uint8_t *buf,
                                     unsigned buflen);
/* rej_uniform with each accepted candidate appended to out as its three bytes, the packed form
 * (pack24) in which signing keeps A: at most len; returns how many. Bytes of out from 3 times
 * that count up to 3 len may be overwritten (the assembly stores words). Public data only. */
unsigned m4crypt_mldsa_rej_uniform_p24_c(uint8_t *out, unsigned len, const uint8_t *buf,
                                         unsigned buflen);
/* The same loop fused with the products of a matrix entry, over a SHAKE128 block read where the
 * permutation left it: state is the sponge's state (m4crypt_keccak_ctx.state, in the Keccak
 * backend's layout) just after m4crypt_keccak_squeeze_block, its first 168 bytes the block
 * (src/fips202/sponge.h). For the n-th accepted candidate a (n < len), acc[n] += a b[n] * R^-1
 * (Montgomery, |x| < q added), b packed 3 bytes per coefficient in [0, q), any alignment; returns
 * how many were accepted. acc and b are read and written only at the accepted positions 0 ..
 * count - 1. It branches on the rejections, which depend on the block (the SHAKE128 stream of
 * rho) only: b may be secret. _reduce: each updated acc[n] is then reduced
 * (m4crypt_mldsa_reduce32; |acc| < 2^30 before). */
unsigned m4crypt_mldsa_rej_uniform_acc_block_p24_c(int32_t *acc, const uint8_t *b, unsigned len,
                                                   const uint64_t state[25]);
unsigned m4crypt_mldsa_rej_uniform_acc_block_reduce_p24_c(int32_t *acc, const uint8_t *b,
                                                          unsigned len, const uint64_t state[25]);
/* The loop of RejBoundedPoly (Alg. 31) over one squeezed buffer: CoeffFromHalfByte (Alg. 15) of the
 * low then the high nibble of each byte, appended to r while fewer than len; returns how many.
 * Words of r from that count up to len may be overwritten (the assembly stores every half-byte's
 * value and advances past the accepted ones). eta = 2 or 4. Its control flow depends on which half-bytes are rejected, which is independent
 * of the accepted coefficients (the half-bytes are independent and uniform): see sign.c, "Constant
 * time". */
unsigned m4crypt_mldsa_rej_eta_c(int32_t *r, unsigned len, const uint8_t *buf, unsigned buflen,
                                 unsigned eta);

/* Decompose (Alg. 36) of every coefficient of a (in [0, q)): a1 = r1, a0 = r0; gamma2 = (q-1)/88
 * or (q-1)/32. No division, constant time. a0 and a1 must not alias. */
void m4crypt_mldsa_decompose_c(m4crypt_mldsa_poly *a1, m4crypt_mldsa_poly *a0,
                               const m4crypt_mldsa_poly *a, int32_t gamma2);
/* Signing's commitment: w1Encode(HighBits(a)) (Alg. 28, 192 or 128 bytes) for a in [0, q),
 * without the low bits and without a polynomial of high bits in between. Constant time. */
void m4crypt_mldsa_highbits_pack_w1_c(uint8_t *out, const m4crypt_mldsa_poly *a, int32_t gamma2);
/* The packed form of vectors in the NTT domain and of signing's matrix: n coefficients in
 * [0, 2^24) (in practice [0, q)) as 3 little-endian bytes each, n a nonzero multiple of 4;
 * the byte side may have any alignment. */
void m4crypt_mldsa_pack24_c(uint8_t *out, const int32_t *a, unsigned n);
void m4crypt_mldsa_unpack24_c(int32_t *r, const uint8_t *in, unsigned n);
/* MakeHint (Alg. 39) for one row of signing, with the r0 bound of Alg. 7: a = w - c s2
 * (coefficients in [0, q)), t = c t0 (|t_i| < q), 1 <= r0_bound <= gamma2. Bit i of h (LSB first)
 * is ((uint32_t)(x_i + t_i) >= 2 gamma2) with x_i = (a_i + gamma2 - 1) mod 2 gamma2: for
 * |t_i| < gamma2 exactly HighBits(a_i + t_i mod q) != HighBits(a_i) (poly.c), for larger |t_i|
 * not always (signing rejects those attempts: its norm check of c t0 against gamma2). Returns the
 * number of ones, plus 2^31 if some |LowBits(a_i)| >= r0_bound. Constant time. */
uint32_t m4crypt_mldsa_make_hint_c(uint8_t h[M4CRYPT_MLDSA_N / 8], const m4crypt_mldsa_poly *a,
                                   const m4crypt_mldsa_poly *t, int32_t gamma2, int32_t r0_bound);
/* Alg. 7 line 23's bound on r0 = LowBits(w - c s2) alone, for a row a in [0, q): 1 if some
 * |LowBits(a_i)| >= r0_bound (1 <= r0_bound <= gamma2), else 0. The same r0 as make_hint_c, which
 * signing calls after this check has passed. Constant time. */
uint32_t m4crypt_mldsa_chknorm_lowbits_c(const m4crypt_mldsa_poly *a, int32_t gamma2,
                                         int32_t r0_bound);
/* Power2Round (Alg. 35) of t (coefficients in [0, q)) straight into the encodings of its halves:
 * t1 by SimpleBitPack (Alg. 16, pk's 320 bytes a row) and, unless t0_out is NULL, t0 by BitPack(t0,
 * 2^12 - 1, 2^12) (Alg. 17, sk's 416 bytes a row). t is left as it is. Constant time. */
void m4crypt_mldsa_power2round_pack(uint8_t t1_out[320], uint8_t *t0_out,
                                    const m4crypt_mldsa_poly *t);
/* Key generation's t = NTT^-1(A o NTT(s1)) + s2 into the encodings in one pass: power2round_pack
 * of (t_i + s_i) mod q in [0, q), for |t_i| < q and s = BitUnpack(s_in, eta, eta) (Alg. 19;
 * fields packed by pack_eta, in [0, 2 eta]). t is left as it is. Constant time. */
void m4crypt_mldsa_add_eta_power2round_pack_c(uint8_t t1_out[320], uint8_t *t0_out,
                                              const m4crypt_mldsa_poly *t, const uint8_t *s_in,
                                              unsigned eta);
/* UseHint (Alg. 40) of a coefficient a in [0, q) whose hint bit is set. Public data only
 * (verification). */
int32_t m4crypt_mldsa_use_hint_one(int32_t a, int32_t gamma2);
/* Verification's w1' = UseHint(h, w'): w1 holds w1Encode(HighBits(a)) (highbits_pack_w1); the
 * fields of the n hinted coefficients pos[0..n) (a row's hint positions) are rewritten with
 * use_hint_one, the others are HighBits already. Public data only. */
void m4crypt_mldsa_w1_use_hints(uint8_t *w1, const m4crypt_mldsa_poly *a, const uint8_t *pos,
                                unsigned n, int32_t gamma2);
/* 1 if some coefficient x of a (|x| < q/2 after reduce/centering) has |x| >= bound, else 0;
 * constant time (no early exit, no branch on a). */
uint32_t m4crypt_mldsa_chknorm_c(const m4crypt_mldsa_poly *a, int32_t bound);

/* Bit packing (section 7.1). */
/* SimpleBitUnpack (Alg. 18) of 320 bytes (SimpleBitPack: power2round_pack), each coefficient
 * times 2^d (t1 * 2^d of Alg. 8). */
void m4crypt_mldsa_unpack_t1_shifted_c(m4crypt_mldsa_poly *r, const uint8_t in[320]);
/* BitUnpack(t0, 2^12 - 1, 2^12) (Alg. 19) of 416 bytes (BitPack: power2round_pack). */
void m4crypt_mldsa_unpack_t0_c(m4crypt_mldsa_poly *r, const uint8_t in[416]);
/* BitPack(s, eta, eta), 96 (eta 2) or 128 (eta 4) bytes, and BitUnpack; unpack returns 1 if a
 * coefficient lies outside [-eta, eta] (a field above 2 eta), else 0, without branching on the
 * key. */
void m4crypt_mldsa_pack_eta_c(uint8_t *out, const m4crypt_mldsa_poly *s, unsigned eta);
uint32_t m4crypt_mldsa_unpack_eta_c(m4crypt_mldsa_poly *r, const uint8_t *in, unsigned eta);
/* BitPack(z, gamma1 - 1, gamma1), 32 * (gamma1_bits + 1) bytes (576 or 640), and BitUnpack
 * (Alg. 19, also ExpandMask's, Alg. 34); gamma1 = 2^gamma1_bits, gamma1_bits = 17 or 19. pack
 * takes coefficients in (-gamma1, gamma1]. */
void m4crypt_mldsa_pack_z_c(uint8_t *out, const m4crypt_mldsa_poly *z, unsigned gamma1_bits);
void m4crypt_mldsa_unpack_z_c(m4crypt_mldsa_poly *r, const uint8_t *in, unsigned gamma1_bits);
/* The part of w1Encode (Alg. 28) for one polynomial: SimpleBitPack(w1, (q-1)/(2 gamma2) - 1),
 * 192 bytes (gamma2 = (q-1)/88, 6 bits) or 128 bytes ((q-1)/32, 4 bits). */
void m4crypt_mldsa_pack_w1_c(uint8_t *out, const m4crypt_mldsa_poly *w1, int32_t gamma2);

/* The 16-bit NTT modulo 769 (small_ntt.c; FIPS 203 Alg. 9-12 with q = 769, zeta = 7), for
 * signing's c s1 and c s2 (signing only). R = 2^16.
 * small_ntt: in place, input |x| <= 384; output the NTT (plain domain) with |x| <= 3072 (the
 *   C reduces to [-384, 384], the M4 backend does not).
 * small_basemul: r = a o b R^-1 (Alg. 11 MultiplyNTTs), |a|, |b| <= 3072; output |x| < 769;
 *   r may alias a or b.
 * small_invntt: in place, NTT^-1 times R, input |x| < 769; output each coefficient's
 *   representative in [-384, 384]. So small_invntt(small_basemul(small_ntt(c), small_ntt(s)))
 *   is c s mod 769, centered: the exact product when |c s| < 384 coefficient-wise. */
void m4crypt_mldsa_small_ntt_c(m4crypt_mldsa_smallpoly *a);
void m4crypt_mldsa_small_basemul_c(m4crypt_mldsa_smallpoly *r, const m4crypt_mldsa_smallpoly *a,
                                   const m4crypt_mldsa_smallpoly *b);
void m4crypt_mldsa_small_invntt_c(m4crypt_mldsa_smallpoly *a);
/* Applying c s (signing only): add_small_chknorm: r_i += a_i (z = y + c s1), then returns
 * chknorm(r, bound) (z's norm check; one pass in the assembly); sub_small_freeze:
 * r_i = r_i - a_i mod q in [0, q), for r_i in [0, q) and |a_i| <= 384 (w - c s2). */
uint32_t m4crypt_mldsa_add_small_chknorm_c(m4crypt_mldsa_poly *r, const m4crypt_mldsa_smallpoly *a,
                                           int32_t bound);
void m4crypt_mldsa_sub_small_freeze_c(m4crypt_mldsa_poly *r, const m4crypt_mldsa_smallpoly *a);

#include "backend.h"

/* ---------------------------------------------------------------- the rest */

/* zetas[m] = 1753^BitRev8(m) * 2^32 mod q, centered (src/mldsa/zetas.c, gen_zetas.py). */
extern const int32_t m4crypt_mldsa_zetas[256];
extern const int32_t m4crypt_mldsa_invntt_f;

/* small_zetas[i] = 7^BitRev7(i) 2^16 mod 769, centered; small_invntt_f = 2^32 / 128 mod 769
 * (zetas.c, gen_zetas.py). */
extern const int16_t m4crypt_mldsa_small_zetas[128];
extern const int16_t m4crypt_mldsa_small_invntt_f;
/* The representative of a mod 769 in [-384, 384] (every int16 a). */
int16_t m4crypt_mldsa_small_reduce(int16_t a);
/* BitUnpack(in, eta, eta) (Alg. 19) of s1_j or s2_i (96 or 128 bytes, a valid key's) into r. */
void m4crypt_mldsa_small_unpack_eta(m4crypt_mldsa_smallpoly *r, const uint8_t *in, unsigned eta);
/* r = c s exactly (coefficients in [-tau eta, tau eta]): s = BitUnpack(s_packed, eta, eta) and
 * chat = small_ntt(c) with c = SampleInBall's output (tau coefficients +-1). Constant time in s. */
void m4crypt_mldsa_small_mul_c(m4crypt_mldsa_smallpoly *r, const uint8_t *s_packed, unsigned eta,
                               const m4crypt_mldsa_smallpoly *chat);
/* The same product in two steps, for an s used in several attempts: shat = NTT(s) modulo 769
 * once (small_ntt's output bound), then r = c s exactly from it and chat in each attempt (r may
 * alias shat, as small_mul_c does). Constant time in s. */
void m4crypt_mldsa_small_ntt_eta(m4crypt_mldsa_smallpoly *shat, const uint8_t *s_packed,
                                 unsigned eta);
void m4crypt_mldsa_small_mul_c_hat(m4crypt_mldsa_smallpoly *r, const m4crypt_mldsa_smallpoly *shat,
                                   const m4crypt_mldsa_smallpoly *chat);

/* Decompose (Alg. 36) of one coefficient a in [0, q): returns r1, writes r0 to *a0. */
int32_t m4crypt_mldsa_highbits(int32_t a, int32_t gamma2, int32_t *a0);

/* Montgomery reduction: a * 2^-32 mod q for |a| < q 2^31, result |r| < q. */
int32_t m4crypt_mldsa_montgomery_reduce(int64_t a);
/* A representative of a mod q in [-6283008, 6283008] for |a| < 2^31 - 2^22. */
int32_t m4crypt_mldsa_reduce32(int32_t a);

/* Streaming the matrix A (ExpandA, Alg. 32; RejNTTPoly, Alg. 30) so that no entry is held: start
 * absorbs rho || s || r into ws; each of the 256 / STEP calls of m4crypt_mldsa_sample_ntt_step
 * then leaves the next STEP coefficients of the entry A[r][s] (in order) in ws->coeffs[0 .. STEP),
 * squeezing SHAKE128 blocks and rejecting as needed. The function computes only on the public
 * seed rho and is the one the constant-time checks declare public (m4sim ct --public-function
 * m4crypt_mldsa_sample_ntt_step); what the caller does with the coefficients has a fixed shape. */
#define M4CRYPT_MLDSA_STEP 32
typedef struct {
    m4crypt_keccak_ctx ctx;
    /* coeffs[0 .. have): at most STEP - 1 left over + 56 new ones per block. Each SHAKE128 block
     * is squeezed into the last 168 bytes of coeffs and rejected in place: candidate i (bytes
     * 184 + 3i ..) is read before its output (at most bytes 4 have + 4i .. + 3, have <= 31) is
     * written, and that output never reaches an unread byte (4 (have + i) + 4 <= 187 + 3i for
     * every i < 56; rej.S's groups of four: 4 (have + 4g + 4) <= 196 + 12g for g < 14). */
    _Alignas(8) int32_t coeffs[M4CRYPT_MLDSA_STEP + M4CRYPT_SHAKE128_RATE / 3];
    uint16_t have;  /* valid entries of coeffs (after a step: >= STEP, the first STEP delivered) */
    uint16_t total; /* coefficients of the entry accepted so far (at most 256) */
} m4crypt_mldsa_xof;
/* ctx = SHAKE128(rho || s || r), finalized: the XOF of A[r][s] (Alg. 32), shared by every
 * expansion of A (sample_ntt_start, matrix_entry_acc_p24). */
void m4crypt_mldsa_shake128_entry(m4crypt_keccak_ctx *ctx, const uint8_t rho[32], uint8_t s,
                                  uint8_t r);
void m4crypt_mldsa_sample_ntt_start(m4crypt_mldsa_xof *ws, const uint8_t rho[32], uint8_t s,
                                    uint8_t r);
void m4crypt_mldsa_sample_ntt_step(m4crypt_mldsa_xof *ws);
/* Signing's precomputation: the entry A[r][s] (Alg. 30 / 32) straight into its packed form
 * out[768], ws's coefficient array serving as the squeeze buffer. Computes only on the public
 * rho; the constant-time checks declare it public, like m4crypt_mldsa_sample_ntt_step. */
void m4crypt_mldsa_sample_ntt_p24(uint8_t out[768], const uint8_t rho[32], uint8_t s, uint8_t r,
                                  m4crypt_mldsa_xof *ws);
/* acc += A[r][s] o b * R^-1 (Alg. 32 streamed into Alg. 45's products), b in the NTT domain
 * (|x| < 9q). */
void m4crypt_mldsa_matrix_entry_acc(m4crypt_mldsa_poly *acc, const m4crypt_mldsa_poly *b,
                                    const uint8_t rho[32], unsigned r, unsigned s,
                                    m4crypt_mldsa_xof *ws);
/* acc += A[r][s] o b * R^-1 (Alg. 32 streamed into Alg. 45's products) for key generation (b =
 * NTT(s1_j)) and verification (b = NTT(z_j)), b packed 3 bytes per coefficient in [0, q) (768
 * bytes): each SHAKE128 block is rejected straight into the products where the permutation left
 * it, in the state of ctx (m4crypt_mldsa_rej_uniform_acc_block_p24): no block buffer and no
 * coefficient array. Every call adds |x| < q to each coefficient of acc; with reduce (a row's
 * last entry, |acc| < 2^30 before), each sum is then reduced (reduce32: |acc| < q after), so that
 * the inverse NTT needs no reduction pass before it. Its control flow, and where it reads b,
 * follow the rejections, that is rho, and nothing else: it computes on a secret b (key
 * generation) in constant time for a given rho, which tests/common/m4ct_library.c keeps fixed
 * (src/mldsa/sign_set.h, "Constant time", 1). Always inlined: the caller's frame is then the
 * only one above the sponge's and the rejection's (verification's stack). */
#if M4CRYPT_ENABLE_MLDSA_VERIFY || M4CRYPT_ENABLE_MLDSA_KEYPAIR
static inline __attribute__((always_inline)) void
m4crypt_mldsa_matrix_entry_acc_p24(m4crypt_mldsa_poly *acc, const uint8_t b[768],
                                   const uint8_t rho[32], unsigned r, unsigned s,
                                   m4crypt_keccak_ctx *ctx, int reduce)
{
    m4crypt_mldsa_shake128_entry(ctx, rho, (uint8_t)s, (uint8_t)r);
    for (unsigned n = 0; n < 256;) {
        m4crypt_keccak_squeeze_block(ctx);
        if (reduce)
            n += m4crypt_mldsa_rej_uniform_acc_block_reduce_p24(acc->coeffs + n, b + 3 * n,
                                                                256 - n, ctx->state);
        else
            n += m4crypt_mldsa_rej_uniform_acc_block_p24(acc->coeffs + n, b + 3 * n, 256 - n,
                                                         ctx->state);
    }
}
#endif

/* RejBoundedPoly(rho' || IntegerToBytes(nonce, 2)) (Alg. 31, for ExpandS, Alg. 33), eta = 2 or 4,
 * with ws as the SHAKE256 state and its buffer (ws then holds secret data: the caller wipes it). */
typedef struct {
    m4crypt_keccak_ctx ctx;
    uint8_t buf[M4CRYPT_SHAKE256_RATE]; /* one SHAKE256 block at a time */
} m4crypt_mldsa_prf;
void m4crypt_mldsa_sample_eta(m4crypt_mldsa_poly *r, const uint8_t rhoprime[64], uint16_t nonce,
                              unsigned eta, m4crypt_mldsa_prf *ws);
/* Its rejection part (public to m4sim ct: poly.c). */
void m4crypt_mldsa_sample_eta_tail(m4crypt_mldsa_poly *r, unsigned eta, m4crypt_mldsa_prf *ws);
/* SampleInBall(c~) (Alg. 29), tau nonzero coefficients +-1; c~ of ctilde_len bytes; ctx and buf
 * (one SHAKE256 block) are the caller's, so that the block is not a frame of its own at the
 * deepest point of verification. Its control flow and addresses depend on c~, which is
 * declassified first (sign.c, "Constant time"): the constant-time checks declare it public
 * (m4sim ct --public-function m4crypt_mldsa_sample_in_ball). */
void m4crypt_mldsa_sample_in_ball(m4crypt_mldsa_poly *c, const uint8_t *ctilde, size_t ctilde_len,
                                  unsigned tau, m4crypt_keccak_ctx *ctx,
                                  uint8_t buf[M4CRYPT_SHAKE256_RATE]);

/* Marks len bytes at p as public for constant-time analysis. The library's definition is weak
 * and does nothing; tests/mldsa/ct_mldsa.c replaces it with one that declassifies the memory for
 * valgrind. Every call says why the value may be public (sign.c, "Constant time"). */
void m4crypt_mldsa_ct_declassify(const void *p, size_t len);

#endif
