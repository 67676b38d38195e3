/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The NIST PQC API of one ML-KEM parameter set (include/m4crypt/nistapi.h), compiled per set like
 * kem.c (src/mlkem/module.mk): M4CRYPT_MLKEM<set>_crypto_kem_keypair / _enc / _dec.
 */
#include "m4crypt/nistapi.h"
#include "params.h"

#if MLKEM_SET_ENABLED /* m4crypt/config.h: a set or operation not built compiles to nothing */

#define NISTAPI_CAT2(a, b, c) a##b##_##c
#define NISTAPI_CAT(a, b, c) NISTAPI_CAT2(a, b, c)
#define NISTAPI_NS(name) NISTAPI_CAT(M4CRYPT_MLKEM, M4CRYPT_MLKEM_SET, name)

#if NISTAPI_NS(CRYPTO_SECRETKEYBYTES) != MLKEM_SECRETKEYBYTES ||                                   \
    NISTAPI_NS(CRYPTO_PUBLICKEYBYTES) != MLKEM_PUBLICKEYBYTES ||                                   \
    NISTAPI_NS(CRYPTO_CIPHERTEXTBYTES) != MLKEM_CIPHERTEXTBYTES ||                                 \
    NISTAPI_NS(CRYPTO_BYTES) != M4CRYPT_MLKEM_SSBYTES
#error "include/m4crypt/nistapi.h sizes disagree with include/m4crypt/mlkem.h"
#endif

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
/* FIPS 203 Alg. 19 ML-KEM.KeyGen with the draws of the NIST KAT generator: z first, then d, each a
 * 32-byte call of the random bit generator (FIPS 203 fixes neither the order nor the split; the
 * library's own m4crypt_mlkem<set>_keypair draws d || z at once). */
int NISTAPI_NS(crypto_kem_keypair)(uint8_t *pk, uint8_t *sk)
{
    uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES]; /* d || z */
    int r = m4crypt_randombytes(coins + 32, 32);
    if (r == M4CRYPT_OK)
        r = m4crypt_randombytes(coins, 32);
    if (r == M4CRYPT_OK) {
        r = MLKEM_NS(keypair_derand)(pk, sk, coins);
    } else {
        m4crypt_memzero(pk, MLKEM_PUBLICKEYBYTES);
        m4crypt_memzero(sk, MLKEM_SECRETKEYBYTES);
    }
    m4crypt_memzero(coins, sizeof coins);
    return r;
}
#endif

#if M4CRYPT_ENABLE_MLKEM_ENCAPS
/* Alg. 20 ML-KEM.Encaps (m: one 32-byte draw) with the section 7.2 modulus check. */
int NISTAPI_NS(crypto_kem_enc)(uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
    return MLKEM_NS(enc)(ct, ss, pk);
}
#endif

#if M4CRYPT_ENABLE_MLKEM_DECAPS
/* Alg. 21 ML-KEM.Decaps with the section 7.3 hash check. */
int NISTAPI_NS(crypto_kem_dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
    return MLKEM_NS(dec)(ss, ct, sk);
}
#endif
#endif /* MLKEM_SET_ENABLED */
