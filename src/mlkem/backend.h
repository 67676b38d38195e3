/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM backend selection (docs/DEVELOPING.md, "Assembly backends").
 *
 * Every replaceable function is compiled in portable C under its name with the suffix _c. With
 * M4CRYPT_ARCH_ARMV7M (configuration m4-armv7m), src/mlkem/armv7m/backend.h
 * declares assembly versions (suffix _armv7m) and defines M4CRYPT_MLKEM_HAVE_<FUNCTION> for each;
 * the plain names below then refer to those, otherwise to the portable C.
 * Included by poly.h after the _c declarations.
 */
#ifndef M4CRYPT_MLKEM_BACKEND_H
#define M4CRYPT_MLKEM_BACKEND_H

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "mlkem/armv7m/backend.h"
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_NTT
#define m4crypt_mlkem_poly_ntt m4crypt_mlkem_poly_ntt_armv7m
#else
#define m4crypt_mlkem_poly_ntt m4crypt_mlkem_poly_ntt_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_INVNTT
#define m4crypt_mlkem_poly_invntt m4crypt_mlkem_poly_invntt_armv7m
#else
#define m4crypt_mlkem_poly_invntt m4crypt_mlkem_poly_invntt_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_BASEMUL_ACC
#define m4crypt_mlkem_poly_basemul_acc m4crypt_mlkem_poly_basemul_acc_armv7m
#else
#define m4crypt_mlkem_poly_basemul_acc m4crypt_mlkem_poly_basemul_acc_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_BASEMUL
#define m4crypt_mlkem_poly_basemul m4crypt_mlkem_poly_basemul_armv7m
#else
#define m4crypt_mlkem_poly_basemul m4crypt_mlkem_poly_basemul_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_REDUCE
#define m4crypt_mlkem_poly_reduce m4crypt_mlkem_poly_reduce_armv7m
#else
#define m4crypt_mlkem_poly_reduce m4crypt_mlkem_poly_reduce_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_CBD_ETA2
#define m4crypt_mlkem_poly_cbd_eta2 m4crypt_mlkem_poly_cbd_eta2_armv7m
#else
#define m4crypt_mlkem_poly_cbd_eta2 m4crypt_mlkem_poly_cbd_eta2_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_CBD_ETA3
#define m4crypt_mlkem_poly_cbd_eta3 m4crypt_mlkem_poly_cbd_eta3_armv7m
#else
#define m4crypt_mlkem_poly_cbd_eta3 m4crypt_mlkem_poly_cbd_eta3_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_REJ_UNIFORM
#define m4crypt_mlkem_rej_uniform m4crypt_mlkem_rej_uniform_armv7m
#else
#define m4crypt_mlkem_rej_uniform m4crypt_mlkem_rej_uniform_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_COMPRESS
#define m4crypt_mlkem_poly_compress m4crypt_mlkem_poly_compress_armv7m
#else
#define m4crypt_mlkem_poly_compress m4crypt_mlkem_poly_compress_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_DECOMPRESS
#define m4crypt_mlkem_poly_decompress m4crypt_mlkem_poly_decompress_armv7m
#else
#define m4crypt_mlkem_poly_decompress m4crypt_mlkem_poly_decompress_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_TOMONT
#define m4crypt_mlkem_poly_tomont m4crypt_mlkem_poly_tomont_armv7m
#else
#define m4crypt_mlkem_poly_tomont m4crypt_mlkem_poly_tomont_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_TOBYTES
#define m4crypt_mlkem_poly_tobytes m4crypt_mlkem_poly_tobytes_armv7m
#else
#define m4crypt_mlkem_poly_tobytes m4crypt_mlkem_poly_tobytes_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_FROMBYTES
#define m4crypt_mlkem_poly_frombytes m4crypt_mlkem_poly_frombytes_armv7m
#else
#define m4crypt_mlkem_poly_frombytes m4crypt_mlkem_poly_frombytes_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_ADD
#define m4crypt_mlkem_poly_add m4crypt_mlkem_poly_add_armv7m
#define m4crypt_mlkem_poly_sub m4crypt_mlkem_poly_sub_armv7m
#else
#define m4crypt_mlkem_poly_add m4crypt_mlkem_poly_add_c
#define m4crypt_mlkem_poly_sub m4crypt_mlkem_poly_sub_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_BASEMUL_PART
#define m4crypt_mlkem_basemul_acc_part m4crypt_mlkem_basemul_acc_part_armv7m
#define m4crypt_mlkem_basemul_part m4crypt_mlkem_basemul_part_armv7m
#else
#define m4crypt_mlkem_basemul_acc_part m4crypt_mlkem_basemul_acc_part_c
#define m4crypt_mlkem_basemul_part m4crypt_mlkem_basemul_part_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_ADD_MSG
#define m4crypt_mlkem_poly_add_msg m4crypt_mlkem_poly_add_msg_armv7m
#else
#define m4crypt_mlkem_poly_add_msg m4crypt_mlkem_poly_add_msg_c
#endif

#ifdef M4CRYPT_MLKEM_HAVE_POLY_CBD_ADD
#define m4crypt_mlkem_poly_cbd_eta2_add m4crypt_mlkem_poly_cbd_eta2_add_armv7m
#define m4crypt_mlkem_poly_cbd_eta3_add m4crypt_mlkem_poly_cbd_eta3_add_armv7m
#else
#define m4crypt_mlkem_poly_cbd_eta2_add m4crypt_mlkem_poly_cbd_eta2_add_c
#define m4crypt_mlkem_poly_cbd_eta3_add m4crypt_mlkem_poly_cbd_eta3_add_c
#endif

#endif
