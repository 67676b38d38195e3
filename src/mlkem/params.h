/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM parameter sets (FIPS 203 section 8, Table 2) for the sources listed in
 * MLKEM_PERSET_SRCS (src/mlkem/module.mk), which the build compiles once per set with
 * -DM4CRYPT_MLKEM_SET=512|768|1024. MLKEM_NS(name) gives the set's symbol m4crypt_mlkem<set>_name.
 */
#ifndef M4CRYPT_MLKEM_PARAMS_H
#define M4CRYPT_MLKEM_PARAMS_H

#include "m4crypt/mlkem.h"

#ifndef M4CRYPT_MLKEM_SET
#error "compile with -DM4CRYPT_MLKEM_SET=512, 768 or 1024 (see src/mlkem/module.mk)"
#endif

#define MLKEM_CAT2(a, b, c) a##b##_##c
#define MLKEM_CAT(a, b, c) MLKEM_CAT2(a, b, c)
#define MLKEM_NS(name) MLKEM_CAT(m4crypt_mlkem, M4CRYPT_MLKEM_SET, name)

/* MLKEM_SET_ENABLED: whether this set is built (m4crypt/config.h); kem.c and kpke.c compile to
 * nothing for a set that is not. */
#if M4CRYPT_MLKEM_SET == 512
#define MLKEM_SET_ENABLED M4CRYPT_ENABLE_MLKEM512
#define MLKEM_K 2
#define MLKEM_ETA1 3
#define MLKEM_DU 10
#define MLKEM_DV 4
#define MLKEM_PUBLICKEYBYTES M4CRYPT_MLKEM512_PUBLICKEYBYTES
#define MLKEM_SECRETKEYBYTES M4CRYPT_MLKEM512_SECRETKEYBYTES
#define MLKEM_CIPHERTEXTBYTES M4CRYPT_MLKEM512_CIPHERTEXTBYTES
#elif M4CRYPT_MLKEM_SET == 768
#define MLKEM_SET_ENABLED M4CRYPT_ENABLE_MLKEM768
#define MLKEM_K 3
#define MLKEM_ETA1 2
#define MLKEM_DU 10
#define MLKEM_DV 4
#define MLKEM_PUBLICKEYBYTES M4CRYPT_MLKEM768_PUBLICKEYBYTES
#define MLKEM_SECRETKEYBYTES M4CRYPT_MLKEM768_SECRETKEYBYTES
#define MLKEM_CIPHERTEXTBYTES M4CRYPT_MLKEM768_CIPHERTEXTBYTES
#elif M4CRYPT_MLKEM_SET == 1024
#define MLKEM_SET_ENABLED M4CRYPT_ENABLE_MLKEM1024
#define MLKEM_K 4
#define MLKEM_ETA1 2
#define MLKEM_DU 11
#define MLKEM_DV 5
#define MLKEM_PUBLICKEYBYTES M4CRYPT_MLKEM1024_PUBLICKEYBYTES
#define MLKEM_SECRETKEYBYTES M4CRYPT_MLKEM1024_SECRETKEYBYTES
#define MLKEM_CIPHERTEXTBYTES M4CRYPT_MLKEM1024_CIPHERTEXTBYTES
#else
#error "M4CRYPT_MLKEM_SET must be 512, 768 or 1024"
#endif

#define MLKEM_ETA2 2
/* Byte lengths of FIPS 203 section 8 (Table 3), derived from k, du, dv. */
#define MLKEM_POLYVECBYTES (384 * MLKEM_K)         /* ByteEncode_12 of a k-vector */
#define MLKEM_C1BYTES (32 * MLKEM_DU * MLKEM_K)    /* ByteEncode_du(Compress_du(u)) */
#define MLKEM_C2BYTES (32 * MLKEM_DV)              /* ByteEncode_dv(Compress_dv(v)) */

#if MLKEM_PUBLICKEYBYTES != MLKEM_POLYVECBYTES + 32 ||                                            \
    MLKEM_SECRETKEYBYTES != 2 * MLKEM_POLYVECBYTES + 96 ||                                         \
    MLKEM_CIPHERTEXTBYTES != MLKEM_C1BYTES + MLKEM_C2BYTES
#error "ML-KEM sizes in include/m4crypt/mlkem.h disagree with FIPS 203 Table 3"
#endif

/* K-PKE (src/mlkem/kpke.c), per set. */
/* Alg. 13 K-PKE.KeyGen(d): ek = ByteEncode_12(t) || rho into ek[PUBLICKEYBYTES],
 * dk = ByteEncode_12(s) into dk[POLYVECBYTES]. */
void MLKEM_NS(kpke_keygen)(uint8_t ek[MLKEM_PUBLICKEYBYTES], uint8_t dk[MLKEM_POLYVECBYTES],
                           const uint8_t d[32]);
/* Alg. 14 K-PKE.Encrypt(ek, m, r). Writes the ciphertext to c when c is not NULL; compares it
 * with cmp when cmp is not NULL and returns 0 if equal, -1 if not (m4crypt_verify on each
 * compressed polynomial, OR-ed; constant time). Returns 0 when cmp is NULL. ek must have passed
 * the modulus check (its coefficients are reduced mod q by ByteDecode_12 anyway). */
int MLKEM_NS(kpke_encrypt)(uint8_t *c, const uint8_t *cmp, const uint8_t ek[MLKEM_PUBLICKEYBYTES],
                           const uint8_t m[32], const uint8_t r[32]);
/* Alg. 15 K-PKE.Decrypt(dk, c). */
void MLKEM_NS(kpke_decrypt)(uint8_t m[32], const uint8_t dk[MLKEM_POLYVECBYTES],
                            const uint8_t c[MLKEM_CIPHERTEXTBYTES]);

#endif
