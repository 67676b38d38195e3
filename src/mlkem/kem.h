/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The functions of kem.c for other parts of the library that are not in the public API.
 *
 * m4crypt_mlkem<set>_dec_internal is FIPS 203 Alg. 18 ML-KEM.Decaps_internal: decapsulation
 * without the section 7.3 input checks. Those checks exist to catch a decapsulation key that
 * was corrupted or built by someone else; a caller that made dk itself with Alg. 16
 * (KeyGen_internal) holds a key that passes them by construction (H(ek) is computed from the ek
 * it stores), and may skip the hash check, which costs a SHA3-256 over ek on every call. X-Wing's
 * expanded key (src/xwing/xwing.c) is such a caller. Invalid ciphertexts still take implicit
 * rejection, in constant time.
 */
#ifndef M4CRYPT_MLKEM_KEM_H
#define M4CRYPT_MLKEM_KEM_H

#include "m4crypt/mlkem.h"

/* Defined with decapsulation for each set built (m4crypt/config.h); declared for all three, as
 * for internal use a call of a set not built fails at link time. */
#if M4CRYPT_ENABLE_MLKEM_DECAPS
void m4crypt_mlkem512_dec_internal(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                                   const uint8_t ct[M4CRYPT_MLKEM512_CIPHERTEXTBYTES],
                                   const uint8_t sk[M4CRYPT_MLKEM512_SECRETKEYBYTES]);
void m4crypt_mlkem768_dec_internal(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                                   const uint8_t ct[M4CRYPT_MLKEM768_CIPHERTEXTBYTES],
                                   const uint8_t sk[M4CRYPT_MLKEM768_SECRETKEYBYTES]);
void m4crypt_mlkem1024_dec_internal(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                                    const uint8_t ct[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES],
                                    const uint8_t sk[M4CRYPT_MLKEM1024_SECRETKEYBYTES]);
#endif

#endif
