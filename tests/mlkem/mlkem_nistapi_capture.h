/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Included by test_mlkem_nistapi.c once per set, right after that set's api.h, with NISTAPI_SET
 * defined to 512, 768 or 1024: captures the plain names of the api.h (CRYPTO_*, crypto_kem_*) as
 * api<set>, name<set>, kp<set>, enc<set> and dec<set>, then undefines them (and NISTAPI_SET) so
 * that the next api.h can define them again. No include guard: it is meant to be included more
 * than once.
 */
#define NISTAPI_PASTE2(a, b) a##b
#define NISTAPI_PASTE(a, b) NISTAPI_PASTE2(a, b)

static const size_t NISTAPI_PASTE(api, NISTAPI_SET)[4] = {
    CRYPTO_SECRETKEYBYTES, CRYPTO_PUBLICKEYBYTES, CRYPTO_CIPHERTEXTBYTES, CRYPTO_BYTES};
static const char *const NISTAPI_PASTE(name, NISTAPI_SET) = CRYPTO_ALGNAME;
static int (*const NISTAPI_PASTE(kp, NISTAPI_SET))(uint8_t *, uint8_t *) = crypto_kem_keypair;
static int (*const NISTAPI_PASTE(enc, NISTAPI_SET))(uint8_t *, uint8_t *, const uint8_t *) =
    crypto_kem_enc;
static int (*const NISTAPI_PASTE(dec, NISTAPI_SET))(uint8_t *, const uint8_t *, const uint8_t *) =
    crypto_kem_dec;

#undef NISTAPI_PASTE
#undef NISTAPI_PASTE2
#undef NISTAPI_SET
#undef CRYPTO_SECRETKEYBYTES
#undef CRYPTO_PUBLICKEYBYTES
#undef CRYPTO_CIPHERTEXTBYTES
#undef CRYPTO_BYTES
#undef CRYPTO_ALGNAME
#undef crypto_kem_keypair
#undef crypto_kem_enc
#undef crypto_kem_dec
