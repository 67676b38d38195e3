/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA backend selection (docs/DEVELOPING.md, "Assembly backends").
 *
 * Every replaceable function is compiled in portable C under its name with the suffix _c. With
 * M4CRYPT_ARCH_ARMV7M (the m4-armv7m* configurations, which compile the assembly in
 * src/mldsa/armv7m/), the backend header src/mldsa/armv7m/backend.h is included explicitly: it
 * declares the assembly versions (suffix _armv7m) and defines M4CRYPT_MLDSA_HAVE_<FUNCTION> for
 * each; the plain names below then refer to those, otherwise to the portable C. (An explicit
 * include, not __has_include: a mistyped or missing path is a compile error rather than a silent
 * fallback to C, and the dependency files list the header, so editing it rebuilds every user.)
 * Included by poly.h after the _c declarations.
 */
#ifndef M4CRYPT_MLDSA_BACKEND_H
#define M4CRYPT_MLDSA_BACKEND_H

#ifdef M4CRYPT_ARCH_ARMV7M
#if !defined(__ARM_ARCH_7EM__)
#error "M4CRYPT_ARCH_ARMV7M: the ML-DSA armv7m backend needs an ARMv7E-M target (-mcpu=cortex-m4)"
#endif
#include "mldsa/armv7m/backend.h"
#elif defined(M4CRYPT_MLDSA_HAVE_NTT) || defined(M4CRYPT_MLDSA_HAVE_INVNTT) ||                    \
    defined(M4CRYPT_MLDSA_HAVE_POINTWISE) || defined(M4CRYPT_MLDSA_HAVE_REJ_UNIFORM)
#error "M4CRYPT_MLDSA_HAVE_* defined without M4CRYPT_ARCH_ARMV7M: the backend is not compiled"
#endif

#ifdef M4CRYPT_MLDSA_HAVE_NTT
#define m4crypt_mldsa_ntt m4crypt_mldsa_ntt_armv7m
#else
#define m4crypt_mldsa_ntt m4crypt_mldsa_ntt_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_INVNTT
#define m4crypt_mldsa_invntt m4crypt_mldsa_invntt_armv7m
#else
#define m4crypt_mldsa_invntt m4crypt_mldsa_invntt_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_INVNTT_CADDQ
#define m4crypt_mldsa_invntt_caddq m4crypt_mldsa_invntt_caddq_armv7m
#else
#define m4crypt_mldsa_invntt_caddq m4crypt_mldsa_invntt_caddq_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_INVNTT_REDUCE
#define m4crypt_mldsa_invntt_reduce m4crypt_mldsa_invntt_reduce_armv7m
#else
#define m4crypt_mldsa_invntt_reduce m4crypt_mldsa_invntt_reduce_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_POINTWISE
#define m4crypt_mldsa_pointwise m4crypt_mldsa_pointwise_armv7m
#else
#define m4crypt_mldsa_pointwise m4crypt_mldsa_pointwise_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_POINTWISE_ACC_PART
#define m4crypt_mldsa_pointwise_acc_part m4crypt_mldsa_pointwise_acc_part_armv7m
#else
#define m4crypt_mldsa_pointwise_acc_part m4crypt_mldsa_pointwise_acc_part_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_POINTWISE_SUM_P24
#define m4crypt_mldsa_pointwise_sum_p24 m4crypt_mldsa_pointwise_sum_p24_armv7m
#else
#define m4crypt_mldsa_pointwise_sum_p24 m4crypt_mldsa_pointwise_sum_p24_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_REDUCE
#define m4crypt_mldsa_reduce m4crypt_mldsa_reduce_armv7m
#else
#define m4crypt_mldsa_reduce m4crypt_mldsa_reduce_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_FREEZE
#define m4crypt_mldsa_freeze m4crypt_mldsa_freeze_armv7m
#else
#define m4crypt_mldsa_freeze m4crypt_mldsa_freeze_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_REJ_UNIFORM
#define m4crypt_mldsa_rej_uniform m4crypt_mldsa_rej_uniform_armv7m
#else
#define m4crypt_mldsa_rej_uniform m4crypt_mldsa_rej_uniform_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_REJ_UNIFORM_P24
#define m4crypt_mldsa_rej_uniform_p24 m4crypt_mldsa_rej_uniform_p24_armv7m
#else
#define m4crypt_mldsa_rej_uniform_p24 m4crypt_mldsa_rej_uniform_p24_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_REJ_UNIFORM_ACC_BLOCK_P24
#define m4crypt_mldsa_rej_uniform_acc_block_p24 m4crypt_mldsa_rej_uniform_acc_block_p24_armv7m
#define m4crypt_mldsa_rej_uniform_acc_block_reduce_p24                                            \
    m4crypt_mldsa_rej_uniform_acc_block_reduce_p24_armv7m
#else
#define m4crypt_mldsa_rej_uniform_acc_block_p24 m4crypt_mldsa_rej_uniform_acc_block_p24_c
#define m4crypt_mldsa_rej_uniform_acc_block_reduce_p24                                            \
    m4crypt_mldsa_rej_uniform_acc_block_reduce_p24_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_REJ_ETA
#define m4crypt_mldsa_rej_eta m4crypt_mldsa_rej_eta_armv7m
#else
#define m4crypt_mldsa_rej_eta m4crypt_mldsa_rej_eta_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_HIGHBITS_PACK_W1
#define m4crypt_mldsa_highbits_pack_w1 m4crypt_mldsa_highbits_pack_w1_armv7m
#else
#define m4crypt_mldsa_highbits_pack_w1 m4crypt_mldsa_highbits_pack_w1_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_PACK24
#define m4crypt_mldsa_pack24 m4crypt_mldsa_pack24_armv7m
#define m4crypt_mldsa_unpack24 m4crypt_mldsa_unpack24_armv7m
#define m4crypt_mldsa_freeze_pack24 m4crypt_mldsa_freeze_pack24_armv7m
#else
#define m4crypt_mldsa_pack24 m4crypt_mldsa_pack24_c
#define m4crypt_mldsa_unpack24 m4crypt_mldsa_unpack24_c
#define m4crypt_mldsa_freeze_pack24 m4crypt_mldsa_freeze_pack24_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_MAKE_HINT
#define m4crypt_mldsa_make_hint m4crypt_mldsa_make_hint_armv7m
#else
#define m4crypt_mldsa_make_hint m4crypt_mldsa_make_hint_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_CHKNORM_LOWBITS
#define m4crypt_mldsa_chknorm_lowbits m4crypt_mldsa_chknorm_lowbits_armv7m
#else
#define m4crypt_mldsa_chknorm_lowbits m4crypt_mldsa_chknorm_lowbits_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_CHKNORM
#define m4crypt_mldsa_chknorm m4crypt_mldsa_chknorm_armv7m
#else
#define m4crypt_mldsa_chknorm m4crypt_mldsa_chknorm_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_UNPACK_T1_SHIFTED
#define m4crypt_mldsa_unpack_t1_shifted m4crypt_mldsa_unpack_t1_shifted_armv7m
#else
#define m4crypt_mldsa_unpack_t1_shifted m4crypt_mldsa_unpack_t1_shifted_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_UNPACK_T0
#define m4crypt_mldsa_unpack_t0 m4crypt_mldsa_unpack_t0_armv7m
#else
#define m4crypt_mldsa_unpack_t0 m4crypt_mldsa_unpack_t0_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_PACK_ETA
#define m4crypt_mldsa_pack_eta m4crypt_mldsa_pack_eta_armv7m
#else
#define m4crypt_mldsa_pack_eta m4crypt_mldsa_pack_eta_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_ADD_ETA_POWER2ROUND_PACK
#define m4crypt_mldsa_add_eta_power2round_pack m4crypt_mldsa_add_eta_power2round_pack_armv7m
#else
#define m4crypt_mldsa_add_eta_power2round_pack m4crypt_mldsa_add_eta_power2round_pack_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_UNPACK_ETA
#define m4crypt_mldsa_unpack_eta m4crypt_mldsa_unpack_eta_armv7m
#else
#define m4crypt_mldsa_unpack_eta m4crypt_mldsa_unpack_eta_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_PACK_Z
#define m4crypt_mldsa_pack_z m4crypt_mldsa_pack_z_armv7m
#else
#define m4crypt_mldsa_pack_z m4crypt_mldsa_pack_z_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_UNPACK_Z
#define m4crypt_mldsa_unpack_z m4crypt_mldsa_unpack_z_armv7m
#else
#define m4crypt_mldsa_unpack_z m4crypt_mldsa_unpack_z_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_SMALL_NTT
#define m4crypt_mldsa_small_ntt m4crypt_mldsa_small_ntt_armv7m
#define m4crypt_mldsa_small_basemul m4crypt_mldsa_small_basemul_armv7m
#define m4crypt_mldsa_small_invntt m4crypt_mldsa_small_invntt_armv7m
#else
#define m4crypt_mldsa_small_ntt m4crypt_mldsa_small_ntt_c
#define m4crypt_mldsa_small_basemul m4crypt_mldsa_small_basemul_c
#define m4crypt_mldsa_small_invntt m4crypt_mldsa_small_invntt_c
#endif

#ifdef M4CRYPT_MLDSA_HAVE_ADD_SMALL
#define m4crypt_mldsa_add_small_chknorm m4crypt_mldsa_add_small_chknorm_armv7m
#define m4crypt_mldsa_sub_small_freeze m4crypt_mldsa_sub_small_freeze_armv7m
#else
#define m4crypt_mldsa_add_small_chknorm m4crypt_mldsa_add_small_chknorm_c
#define m4crypt_mldsa_sub_small_freeze m4crypt_mldsa_sub_small_freeze_c
#endif

#endif
