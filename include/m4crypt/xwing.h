/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing hybrid KEM (draft-connolly-cfrg-xwing-kem): ML-KEM-768 + X25519 with a SHA3-256
 * combiner. The secret key is the 32-byte seed; the expanded keys are derived from it with
 * SHAKE256 on each use.
 */
#ifndef M4CRYPT_XWING_H
#define M4CRYPT_XWING_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_XWING_PUBLICKEYBYTES 1216 /* ML-KEM-768 ek || X25519 pk */
#define M4CRYPT_XWING_SECRETKEYBYTES 32   /* seed */
#define M4CRYPT_XWING_CIPHERTEXTBYTES 1120 /* ML-KEM-768 ct || X25519 ephemeral pk */
#define M4CRYPT_XWING_SSBYTES 32
#define M4CRYPT_XWING_ENCCOINBYTES 64

/* sk = seed; pk = ML-KEM-768 ek || X25519 pk, both expanded from SHAKE256(seed, 96). Returns 0
 * (keypair: or M4CRYPT_ERR_RANDOM, outputs zeroed). */
#if M4CRYPT_ENABLE_XWING_KEYPAIR /* m4crypt/config.h */
int m4crypt_xwing_keypair_derand(uint8_t pk[1216], uint8_t sk[32], const uint8_t seed[32]);
int m4crypt_xwing_keypair(uint8_t pk[1216], uint8_t sk[32]);
#endif
/* eseed = ML-KEM m (32) || X25519 ephemeral secret (32). Returns M4CRYPT_ERR_PUBLIC_KEY if the
 * ML-KEM part fails the FIPS 203 modulus check (enc: also M4CRYPT_ERR_RANDOM); ct and ss are then
 * zeroed. An X25519 public key of low order is not rejected (the draft has no such check): its
 * all-zero X25519 secret enters the combiner and the call returns 0. */
#if M4CRYPT_ENABLE_XWING_ENCAPS
int m4crypt_xwing_enc_derand(uint8_t ct[1120], uint8_t ss[32], const uint8_t pk[1216],
                             const uint8_t eseed[64]);
int m4crypt_xwing_enc(uint8_t ct[1120], uint8_t ss[32], const uint8_t pk[1216]);
#endif
/* Always returns 0: invalid ML-KEM ciphertexts take implicit rejection, low-order X25519
 * ciphertexts are used as they are (as in encapsulation). */
#if M4CRYPT_ENABLE_XWING_DECAPS
int m4crypt_xwing_dec(uint8_t ss[32], const uint8_t ct[1120], const uint8_t sk[32]);
#endif

#ifdef __cplusplus
}
#endif
#endif
