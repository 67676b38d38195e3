/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM-512, ML-KEM-768, ML-KEM-1024 (FIPS 203, August 2024).
 *
 * Each parameter set has its own namespaced functions (m4crypt_mlkem768_enc, ...) with
 * fixed-size buffers, NIST style; all three link into one binary. A length-checked generic layer
 * (m4crypt_mlkem_*) takes the parameter set and buffer lengths, for callers that hold
 * untrusted byte strings. Which sets and operations are built: m4crypt/config.h
 * (M4CRYPT_ENABLE_MLKEM512 / 768 / 1024, M4CRYPT_ENABLE_MLKEM_KEYPAIR / _ENCAPS / _DECAPS).
 *
 *  keypair_derand(pk, sk, coins)  FIPS 203 Alg. 16 ML-KEM.KeyGen_internal, coins = d || z (64 bytes)
 *  keypair(pk, sk)                Alg. 19 ML-KEM.KeyGen (d, z from m4crypt_randombytes)
 *  enc_derand(ct, ss, pk, m)      Alg. 17 ML-KEM.Encaps_internal, with the section 7.2 modulus check
 *  enc(ct, ss, pk)                Alg. 20 ML-KEM.Encaps (m from m4crypt_randombytes)
 *  dec(ss, ct, sk)                Alg. 21 ML-KEM.Decaps with the section 7.3 hash check; invalid
 *                                 ciphertexts give the implicit-rejection key (constant time)
 *  check_pk(pk), check_sk(sk)     the section 7.2 / 7.3 input checks on their own: M4CRYPT_OK or
 *                                 the error code; built with every set, whatever its operations
 *
 * Returns: M4CRYPT_OK; M4CRYPT_ERR_PUBLIC_KEY (modulus check); M4CRYPT_ERR_SECRET_KEY (hash
 * check); M4CRYPT_ERR_RANDOM; on the generic layer also M4CRYPT_ERR_LENGTH, M4CRYPT_ERR_PARAM.
 * On error, ss (and ct) are zeroed.
 */
#ifndef M4CRYPT_MLKEM_H
#define M4CRYPT_MLKEM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_MLKEM_SYMBYTES 32
#define M4CRYPT_MLKEM_SSBYTES 32
#define M4CRYPT_MLKEM_KEYPAIRCOINBYTES 64 /* d || z */
#define M4CRYPT_MLKEM_ENCCOINBYTES 32     /* m */

#define M4CRYPT_MLKEM512_PUBLICKEYBYTES 800
#define M4CRYPT_MLKEM512_SECRETKEYBYTES 1632
#define M4CRYPT_MLKEM512_CIPHERTEXTBYTES 768
#define M4CRYPT_MLKEM768_PUBLICKEYBYTES 1184
#define M4CRYPT_MLKEM768_SECRETKEYBYTES 2400
#define M4CRYPT_MLKEM768_CIPHERTEXTBYTES 1088
#define M4CRYPT_MLKEM1024_PUBLICKEYBYTES 1568
#define M4CRYPT_MLKEM1024_SECRETKEYBYTES 3168
#define M4CRYPT_MLKEM1024_CIPHERTEXTBYTES 1568

#if M4CRYPT_ENABLE_MLKEM
/* The sizes of a set given as 512, 768 or 1024 (the generic layer's set, below). */
size_t m4crypt_mlkem_publickeybytes(int set);  /* 0 for an unknown (or not built) set */
size_t m4crypt_mlkem_secretkeybytes(int set);
size_t m4crypt_mlkem_ciphertextbytes(int set);
#endif

/* The functions of each parameter set (the list above), written out per set and operation: a set
 * or an operation that is not built (m4crypt/config.h) is not declared. mlkem_sets.h is generated
 * by gen_set_api.py, beside it. */
#include "mlkem_sets.h"

#if M4CRYPT_ENABLE_MLKEM
/* Length-checked generic layer. set is 512, 768 or 1024 and built (else M4CRYPT_ERR_PARAM);
 * every length must equal the set's size (else M4CRYPT_ERR_LENGTH, outputs zeroed where their
 * length allows). m / coins may be NULL to draw them from m4crypt_randombytes. */
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
int m4crypt_mlkem_keypair(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len,
                          const uint8_t *coins /* 64 bytes or NULL */);
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
int m4crypt_mlkem_encaps(int set, uint8_t *ct, size_t ct_len, uint8_t ss[32], const uint8_t *pk,
                         size_t pk_len, const uint8_t *m /* 32 bytes or NULL */);
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
int m4crypt_mlkem_decaps(int set, uint8_t ss[32], const uint8_t *ct, size_t ct_len,
                         const uint8_t *sk, size_t sk_len);
#endif
#endif

#ifdef __cplusplus
}
#endif
#endif
