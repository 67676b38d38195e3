/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal ML-KEM entry points for other parts of the library (not in the public API).
 *
 * m4crypt_mlkem<set>_dec_internal is FIPS 203 Alg. 18 ML-KEM.Decaps_internal: decapsulation
 * without the section 7.3 input checks. Those checks exist to catch a decapsulation key that
 * was corrupted or built by someone else; a caller that made dk itself with Alg. 16
 * (KeyGen_internal) holds a key that passes them by construction (H(ek) is computed from the ek
 * it stores), and may skip the hash check, which costs a SHA3-256 over ek on every call. X-Wing's
 * expanded key (src/xwing/xwing.c) is such a caller. Invalid ciphertexts still take implicit
 * rejection, in constant time.
 */
#ifndef M4CRYPT_MLKEM_KEM_INTERNAL_H
#define M4CRYPT_MLKEM_KEM_INTERNAL_H

#include "m4crypt/mlkem.h"

#define M4CRYPT_MLKEM_DECLARE_INTERNAL(N)                                                        \
    void m4crypt_mlkem##N##_dec_internal(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],                        \
                                         const uint8_t ct[M4CRYPT_MLKEM##N##_CIPHERTEXTBYTES],     \
                                         const uint8_t sk[M4CRYPT_MLKEM##N##_SECRETKEYBYTES]);

M4CRYPT_MLKEM_DECLARE_INTERNAL(512)
M4CRYPT_MLKEM_DECLARE_INTERNAL(768)
M4CRYPT_MLKEM_DECLARE_INTERNAL(1024)

#endif
