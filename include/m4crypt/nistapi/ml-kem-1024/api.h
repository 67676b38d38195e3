/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM-1024 through the NIST PQC API, as a pqm4 or PQClean scheme's api.h: with this directory
 * on the include path, #include "api.h" gives the namespaced M4CRYPT_MLKEM1024_* names (see
 * m4crypt/nistapi.h) and maps the plain ones to them: CRYPTO_SECRETKEYBYTES,
 * CRYPTO_PUBLICKEYBYTES, CRYPTO_CIPHERTEXTBYTES, CRYPTO_BYTES, CRYPTO_ALGNAME and
 * crypto_kem_keypair / crypto_kem_enc / crypto_kem_dec. The plain names are macros, so the
 * symbols that link are the namespaced ones and every set can be linked into one program; define
 * M4CRYPT_NISTAPI_NAMESPACED_ONLY to get the namespaced names alone (PQClean's own api.h style).
 */
#ifndef M4CRYPT_NISTAPI_MLKEM1024_API_H
#define M4CRYPT_NISTAPI_MLKEM1024_API_H

#include "../../nistapi.h"

#ifndef M4CRYPT_NISTAPI_NAMESPACED_ONLY
#define CRYPTO_SECRETKEYBYTES M4CRYPT_MLKEM1024_CRYPTO_SECRETKEYBYTES
#define CRYPTO_PUBLICKEYBYTES M4CRYPT_MLKEM1024_CRYPTO_PUBLICKEYBYTES
#define CRYPTO_CIPHERTEXTBYTES M4CRYPT_MLKEM1024_CRYPTO_CIPHERTEXTBYTES
#define CRYPTO_BYTES M4CRYPT_MLKEM1024_CRYPTO_BYTES
#define CRYPTO_ALGNAME M4CRYPT_MLKEM1024_CRYPTO_ALGNAME
#define crypto_kem_keypair M4CRYPT_MLKEM1024_crypto_kem_keypair
#define crypto_kem_enc M4CRYPT_MLKEM1024_crypto_kem_enc
#define crypto_kem_dec M4CRYPT_MLKEM1024_crypto_kem_dec
#endif

#endif
