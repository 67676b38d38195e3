/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing hybrid KEM (draft-connolly-cfrg-xwing-kem): ML-KEM-768 + X25519 with a SHA3-256
 * combiner. The secret key is the 32-byte seed; m4crypt_xwing_dec derives the ML-KEM-768 and
 * X25519 keys from it with SHAKE256 on each call. A device that decapsulates with the same key
 * again and again can expand it once into an m4crypt_xwing_expanded_key (below) and decapsulate
 * from that, which skips the key generation on every call.
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

/*
 * The expanded decapsulation key: what the draft's expandDecapsulationKey(sk) computes from the
 * seed, kept. 2,464 bytes (M4CRYPT_XWING_EXPANDEDKEYBYTES), against 32 for the seed:
 *   sk_m  2,400  the ML-KEM-768 decapsulation key (FIPS 203 Alg. 16): dk_PKE (1,152, secret) ||
 *                ek (1,184, public) || H(ek) (32, public) || z (32, secret)
 *   sk_x     32  the X25519 secret key (secret)
 *   pk_x     32  the X25519 public key
 * It is secret: keep it where the seed would be kept (RAM that nothing else reads), and wipe it
 * with m4crypt_xwing_expanded_key_wipe when it is no longer needed (m4crypt_memzero of the whole
 * object, which the compiler cannot remove). Treat the fields as read-only: decapsulation
 * trusts that sk_m is the output of ML-KEM key generation (it skips FIPS 203's section 7.3 hash
 * check, which such a key passes by construction).
 *
 *  m4crypt_xwing_expand_key(k, sk)     k = expandDecapsulationKey(sk). Returns 0.
 *  m4crypt_xwing_dec_expanded(ss, ct, k)
 *                                      Decapsulate(ct) with k: the same ss as
 *                                      m4crypt_xwing_dec(ss, ct, sk) for every ct, in constant
 *                                      time; invalid ML-KEM ciphertexts take implicit rejection,
 *                                      low-order X25519 ciphertexts are used as they are. Returns
 *                                      0. ss may overlap ct.
 *  m4crypt_xwing_expanded_key_public(pk, k)
 *                                      the public key pk_M || pk_X (what keypair gave for sk).
 *  m4crypt_xwing_expanded_key_wipe(k)  zeroes all of k.
 */
#define M4CRYPT_XWING_EXPANDEDKEYBYTES 2464
typedef struct {
    uint8_t sk_m[2400]; /* M4CRYPT_MLKEM768_SECRETKEYBYTES */
    uint8_t sk_x[32];
    uint8_t pk_x[32];
} m4crypt_xwing_expanded_key;

#if M4CRYPT_ENABLE_XWING_DECAPS /* (with decapsulation: m4crypt/config.h) */
int m4crypt_xwing_expand_key(m4crypt_xwing_expanded_key *k, const uint8_t sk[32]);
int m4crypt_xwing_dec_expanded(uint8_t ss[32], const uint8_t ct[1120],
                               const m4crypt_xwing_expanded_key *k);
void m4crypt_xwing_expanded_key_public(uint8_t pk[1216], const m4crypt_xwing_expanded_key *k);
void m4crypt_xwing_expanded_key_wipe(m4crypt_xwing_expanded_key *k);
#endif

#ifdef __cplusplus
}
#endif
#endif
