/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ARMv7E-M (Cortex-M4) backend of ML-DSA's polynomial arithmetic (docs/DEVELOPING.md "Assembly
 * backends"). Included by src/mldsa/backend.h in the m4-armv7m configuration; each
 * M4CRYPT_MLDSA_HAVE_* routes the plain name to the _armv7m function. The contracts (input and
 * output bounds, Montgomery factors) are those of src/mldsa/poly.h.
 *
 *   ntt.S      m4crypt_mldsa_ntt_armv7m      32-bit Montgomery butterflies (SMULL, MUL, SMLAL),
 *                                            layers merged 2+2+2+2
 *   invntt.S   m4crypt_mldsa_invntt_armv7m   the same, Gentleman-Sande, f folded into the last pass;
 *              m4crypt_mldsa_invntt_caddq_armv7m: the last pass also adds q to negative outputs;
 *              m4crypt_mldsa_invntt_reduce_armv7m: it also centers them (reduce32)
 *   pointwise.S  m4crypt_mldsa_pointwise_acc_part_armv7m (the streamed matrix products, 32
 *              coefficients), m4crypt_mldsa_pointwise_armv7m: two products per LDRD/STRD,
 *              m4crypt_mldsa_pointwise_sum_p24_armv7m (signing's packed A times two or three
 *              columns of NTT(y), one reduction per sum)
 *   rej.S      m4crypt_mldsa_rej_uniform_armv7m: RejNTTPoly's rejection, four candidates per
 *              three words, IT-conditional stores (_p24: into signing's packed A);
 *              m4crypt_mldsa_rej_uniform_acc_block_p24_armv7m (and _block_reduce_p24): the
 *              rejection fused with the products of the entry and a packed vector (key generation
 *              and verification), reading the SHAKE128 block from the sponge's state;
 *              m4crypt_mldsa_rej_eta_armv7m: RejBoundedPoly's half-bytes (public rejections)
 *   reduce.S   m4crypt_mldsa_reduce_armv7m, m4crypt_mldsa_freeze_armv7m (reduce and caddq in one
 *              pass): four coefficients per LDM
 *   unpack.S   m4crypt_mldsa_unpack_z_armv7m, m4crypt_mldsa_unpack_eta_armv7m: BitUnpack of z
 *              and s1 / s2, four / eight fields per group of loads
 *   rounding.S m4crypt_mldsa_highbits_pack_w1_armv7m (w1Encode(HighBits(w)): UMULL by
 *              ceil(2^48 / (2 gamma2))),
 *              m4crypt_mldsa_make_hint_armv7m (MakeHint with the r0 bound, a row of
 *              signing), m4crypt_mldsa_chknorm_armv7m
 *   pack.S     m4crypt_mldsa_pack_z_armv7m: UBFX / BFI / ORR into words
 *   pack_t.S   m4crypt_mldsa_unpack_t1_shifted_armv7m, m4crypt_mldsa_unpack_t0_armv7m,
 *              m4crypt_mldsa_pack_eta_armv7m, m4crypt_mldsa_add_eta_power2round_pack_armv7m
 *              (key generation's t + s2, Power2Round and both encodings in one pass)
 *   pack24.S   m4crypt_mldsa_pack24_armv7m, m4crypt_mldsa_unpack24_armv7m: the packed form of
 *              NTT-domain vectors and of signing's A, four coefficients per three words;
 *              m4crypt_mldsa_freeze_pack24_armv7m: freeze and pack24 in one pass
 *   small_ntt.S  m4crypt_mldsa_small_ntt_armv7m, _small_basemul_armv7m, _small_invntt_armv7m:
 *              signing's c s1, c s2 modulo 769 in 16-bit lanes, ML-KEM's NTT, base multiplication
 *              and inverse NTT (src/mlkem/armv7m/ntt16.i, basemul_pair.i, invntt16.i) with the
 *              tables of 769 (the inverse NTT ends with the reduction to [-384, 384])
 *   add_small.S  m4crypt_mldsa_add_small_chknorm_armv7m, m4crypt_mldsa_sub_small_freeze_armv7m:
 *              c s1 added to y (and z's norm check), c s2 subtracted from w (and w brought back
 *              to [0, q)), SXTAH / SXTH
 *   tables.S   the twiddles in reading order (generated and checked by gen_tables.py)
 *   mont.i     the Montgomery product (macros; ntt_macros.i, pointwise.S)
 *   reduce.i   reduce32, the conditional + q, freeze and the norm check's step (macros;
 *              reduce.S, pack24.S, add_small.S, rounding.S)
 *   ntt_macros.i  the two NTTs' passes (macros; ntt.S, invntt.S)
 */
#ifndef M4CRYPT_MLDSA_ARMV7M_BACKEND_H
#define M4CRYPT_MLDSA_ARMV7M_BACKEND_H

#if !defined(M4CRYPT_ARCH_ARMV7M) || !defined(M4CRYPT_MLDSA_BACKEND_H)
#error "src/mldsa/armv7m/backend.h: include src/mldsa/backend.h (M4CRYPT_ARCH_ARMV7M builds)"
#endif

/* Included by poly.h (through src/mldsa/backend.h) after m4crypt_mldsa_poly is defined. */
void m4crypt_mldsa_ntt_armv7m(m4crypt_mldsa_poly *a);
#define M4CRYPT_MLDSA_HAVE_NTT 1
void m4crypt_mldsa_invntt_armv7m(m4crypt_mldsa_poly *a);
#define M4CRYPT_MLDSA_HAVE_INVNTT 1
void m4crypt_mldsa_invntt_caddq_armv7m(m4crypt_mldsa_poly *a);
#define M4CRYPT_MLDSA_HAVE_INVNTT_CADDQ 1
void m4crypt_mldsa_invntt_reduce_armv7m(m4crypt_mldsa_poly *a);
#define M4CRYPT_MLDSA_HAVE_INVNTT_REDUCE 1
void m4crypt_mldsa_pointwise_acc_part_armv7m(int32_t *r, const int32_t *a, const int32_t *b);
#define M4CRYPT_MLDSA_HAVE_POINTWISE_ACC_PART 1
void m4crypt_mldsa_pointwise_armv7m(m4crypt_mldsa_poly *r, const m4crypt_mldsa_poly *a,
                                    const m4crypt_mldsa_poly *b);
#define M4CRYPT_MLDSA_HAVE_POINTWISE 1
unsigned m4crypt_mldsa_rej_uniform_armv7m(int32_t *r, unsigned len, const uint8_t *buf,
                                          unsigned buflen);
#define M4CRYPT_MLDSA_HAVE_REJ_UNIFORM 1
unsigned m4crypt_mldsa_rej_uniform_p24_armv7m(uint8_t *out, unsigned len, const uint8_t *buf,
                                              unsigned buflen);
#define M4CRYPT_MLDSA_HAVE_REJ_UNIFORM_P24 1
#if M4CRYPT_ENABLE_MLDSA_VERIFY || M4CRYPT_ENABLE_MLDSA_KEYPAIR
/* The products of a matrix entry read the SHAKE128 block from the sponge's state, in the armv7m
 * Keccak's bit-interleaved layout. */
#include "fips202/backend.h"
#ifndef M4CRYPT_FIPS202_INTERLEAVED
#error "rej_uniform_acc_block_p24_armv7m reads the bit-interleaved state of the armv7m Keccak"
#endif
unsigned m4crypt_mldsa_rej_uniform_acc_block_p24_armv7m(int32_t *acc, const uint8_t *b,
                                                        unsigned len, const uint64_t state[25]);
unsigned m4crypt_mldsa_rej_uniform_acc_block_reduce_p24_armv7m(int32_t *acc, const uint8_t *b,
                                                               unsigned len,
                                                               const uint64_t state[25]);
#define M4CRYPT_MLDSA_HAVE_REJ_UNIFORM_ACC_BLOCK_P24 1
#endif
void m4crypt_mldsa_pointwise_sum_p24_armv7m(m4crypt_mldsa_poly *r, const uint8_t *a,
                                            const m4crypt_mldsa_poly *b, unsigned ncols, int acc);
#define M4CRYPT_MLDSA_HAVE_POINTWISE_SUM_P24 1
void m4crypt_mldsa_reduce_armv7m(m4crypt_mldsa_poly *a);
#define M4CRYPT_MLDSA_HAVE_REDUCE 1
void m4crypt_mldsa_freeze_armv7m(m4crypt_mldsa_poly *a);
#define M4CRYPT_MLDSA_HAVE_FREEZE 1
void m4crypt_mldsa_unpack_z_armv7m(m4crypt_mldsa_poly *r, const uint8_t *in, unsigned gamma1_bits);
#define M4CRYPT_MLDSA_HAVE_UNPACK_Z 1
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only */
uint32_t m4crypt_mldsa_unpack_eta_armv7m(m4crypt_mldsa_poly *r, const uint8_t *in, unsigned eta);
#define M4CRYPT_MLDSA_HAVE_UNPACK_ETA 1
uint32_t m4crypt_mldsa_make_hint_armv7m(uint8_t h[32], const m4crypt_mldsa_poly *a,
                                        const m4crypt_mldsa_poly *t, int32_t gamma2,
                                        int32_t r0_bound);
#define M4CRYPT_MLDSA_HAVE_MAKE_HINT 1
uint32_t m4crypt_mldsa_chknorm_lowbits_armv7m(const m4crypt_mldsa_poly *a, int32_t gamma2,
                                              int32_t r0_bound);
#define M4CRYPT_MLDSA_HAVE_CHKNORM_LOWBITS 1
#endif
uint32_t m4crypt_mldsa_chknorm_armv7m(const m4crypt_mldsa_poly *a, int32_t bound);
#define M4CRYPT_MLDSA_HAVE_CHKNORM 1
void m4crypt_mldsa_highbits_pack_w1_armv7m(uint8_t *out, const m4crypt_mldsa_poly *a,
                                           int32_t gamma2);
#define M4CRYPT_MLDSA_HAVE_HIGHBITS_PACK_W1 1
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only */
void m4crypt_mldsa_pack_z_armv7m(uint8_t *out, const m4crypt_mldsa_poly *z, unsigned gamma1_bits);
#define M4CRYPT_MLDSA_HAVE_PACK_Z 1
#endif
void m4crypt_mldsa_unpack_t1_shifted_armv7m(m4crypt_mldsa_poly *r, const uint8_t in[320]);
#define M4CRYPT_MLDSA_HAVE_UNPACK_T1_SHIFTED 1
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only */
void m4crypt_mldsa_unpack_t0_armv7m(m4crypt_mldsa_poly *r, const uint8_t in[416]);
#define M4CRYPT_MLDSA_HAVE_UNPACK_T0 1
void m4crypt_mldsa_pack_eta_armv7m(uint8_t *out, const m4crypt_mldsa_poly *s, unsigned eta);
#define M4CRYPT_MLDSA_HAVE_PACK_ETA 1
void m4crypt_mldsa_add_eta_power2round_pack_armv7m(uint8_t t1_out[320], uint8_t *t0_out,
                                                   const m4crypt_mldsa_poly *t,
                                                   const uint8_t *s_in, unsigned eta);
#define M4CRYPT_MLDSA_HAVE_ADD_ETA_POWER2ROUND_PACK 1
#endif

void m4crypt_mldsa_pack24_armv7m(uint8_t *out, const int32_t *a, unsigned n);
void m4crypt_mldsa_unpack24_armv7m(int32_t *r, const uint8_t *in, unsigned n);
void m4crypt_mldsa_freeze_pack24_armv7m(uint8_t out[768], const m4crypt_mldsa_poly *a);
#define M4CRYPT_MLDSA_HAVE_PACK24 1

#if M4CRYPT_ENABLE_MLDSA_SIGN /* signing only */
void m4crypt_mldsa_small_ntt_armv7m(m4crypt_mldsa_smallpoly *a);
void m4crypt_mldsa_small_basemul_armv7m(m4crypt_mldsa_smallpoly *r,
                                        const m4crypt_mldsa_smallpoly *a,
                                        const m4crypt_mldsa_smallpoly *b);
void m4crypt_mldsa_small_invntt_armv7m(m4crypt_mldsa_smallpoly *a);
#define M4CRYPT_MLDSA_HAVE_SMALL_NTT 1
uint32_t m4crypt_mldsa_add_small_chknorm_armv7m(m4crypt_mldsa_poly *r,
                                                const m4crypt_mldsa_smallpoly *a, int32_t bound);
void m4crypt_mldsa_sub_small_freeze_armv7m(m4crypt_mldsa_poly *r,
                                           const m4crypt_mldsa_smallpoly *a);
#define M4CRYPT_MLDSA_HAVE_ADD_SMALL 1
#endif

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR /* key generation and signing only */
unsigned m4crypt_mldsa_rej_eta_armv7m(int32_t *r, unsigned len, const uint8_t *buf,
                                      unsigned buflen, unsigned eta);
#define M4CRYPT_MLDSA_HAVE_REJ_ETA 1
#endif

#endif
