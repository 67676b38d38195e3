/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM through the NIST PQC API (crypto_kem_keypair, crypto_kem_enc, crypto_kem_dec and the
 * CRYPTO_* sizes), for code written against pqm4 or PQClean. Every set's names carry its
 * namespace the way PQClean's do (PQCLEAN_MLKEM768_CLEAN_crypto_kem_enc there,
 * M4CRYPT_MLKEM768_crypto_kem_enc here), so all three sets link into one program.
 *
 * This header declares the namespaced names of all three sets. A pqm4 or PQClean build that
 * includes one scheme's "api.h" includes m4crypt/nistapi/ml-kem-<set>/api.h instead (put that
 * directory on the include path): it also maps the plain names (crypto_kem_keypair, ...,
 * CRYPTO_SECRETKEYBYTES, ...) to that set's.
 *
 * The functions are the library's ML-KEM (FIPS 203, include/m4crypt/mlkem.h) with its checks:
 *   crypto_kem_keypair(pk, sk)   ML-KEM.KeyGen; draws z, then d, from m4crypt_randombytes (two
 *                                32-byte draws, in the order of the NIST KAT generator, so that a
 *                                DRBG-seeded run reproduces the kat_MLKEM_*.rsp files)
 *   crypto_kem_enc(ct, ss, pk)   ML-KEM.Encaps; draws m (one 32-byte draw); FIPS 203 7.2 modulus
 *                                check on pk
 *   crypto_kem_dec(ss, ct, sk)   ML-KEM.Decaps with the FIPS 203 7.3 hash check on sk; implicit
 *                                rejection, constant time
 * Each returns 0, or a negative M4CRYPT_ERR_* code (M4CRYPT_ERR_RANDOM, M4CRYPT_ERR_PUBLIC_KEY,
 * M4CRYPT_ERR_SECRET_KEY) with its outputs zeroed: nonzero is failure, as in the NIST API.
 */
#ifndef M4CRYPT_NISTAPI_H
#define M4CRYPT_NISTAPI_H

#include <stdint.h>

#include "mlkem.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_MLKEM512_CRYPTO_SECRETKEYBYTES 1632
#define M4CRYPT_MLKEM512_CRYPTO_PUBLICKEYBYTES 800
#define M4CRYPT_MLKEM512_CRYPTO_CIPHERTEXTBYTES 768
#define M4CRYPT_MLKEM512_CRYPTO_BYTES 32
#define M4CRYPT_MLKEM512_CRYPTO_ALGNAME "ML-KEM-512"

#define M4CRYPT_MLKEM768_CRYPTO_SECRETKEYBYTES 2400
#define M4CRYPT_MLKEM768_CRYPTO_PUBLICKEYBYTES 1184
#define M4CRYPT_MLKEM768_CRYPTO_CIPHERTEXTBYTES 1088
#define M4CRYPT_MLKEM768_CRYPTO_BYTES 32
#define M4CRYPT_MLKEM768_CRYPTO_ALGNAME "ML-KEM-768"

#define M4CRYPT_MLKEM1024_CRYPTO_SECRETKEYBYTES 3168
#define M4CRYPT_MLKEM1024_CRYPTO_PUBLICKEYBYTES 1568
#define M4CRYPT_MLKEM1024_CRYPTO_CIPHERTEXTBYTES 1568
#define M4CRYPT_MLKEM1024_CRYPTO_BYTES 32
#define M4CRYPT_MLKEM1024_CRYPTO_ALGNAME "ML-KEM-1024"

/* The functions, written out per operation and set: a set or an operation that is not built
 * (m4crypt/config.h: M4CRYPT_ENABLE_MLKEM<set>, M4CRYPT_ENABLE_MLKEM_KEYPAIR / _ENCAPS / _DECAPS)
 * is not declared; the sizes above are always defined. */
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
#if M4CRYPT_ENABLE_MLKEM512
int M4CRYPT_MLKEM512_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);
#endif
#if M4CRYPT_ENABLE_MLKEM768
int M4CRYPT_MLKEM768_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);
#endif
#if M4CRYPT_ENABLE_MLKEM1024
int M4CRYPT_MLKEM1024_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);
#endif
#endif

#if M4CRYPT_ENABLE_MLKEM_ENCAPS
#if M4CRYPT_ENABLE_MLKEM512
int M4CRYPT_MLKEM512_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
#endif
#if M4CRYPT_ENABLE_MLKEM768
int M4CRYPT_MLKEM768_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
#endif
#if M4CRYPT_ENABLE_MLKEM1024
int M4CRYPT_MLKEM1024_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
#endif
#endif

#if M4CRYPT_ENABLE_MLKEM_DECAPS
#if M4CRYPT_ENABLE_MLKEM512
int M4CRYPT_MLKEM512_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
#endif
#if M4CRYPT_ENABLE_MLKEM768
int M4CRYPT_MLKEM768_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
#endif
#if M4CRYPT_ENABLE_MLKEM1024
int M4CRYPT_MLKEM1024_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
#endif
#endif

#ifdef __cplusplus
}
#endif
#endif
