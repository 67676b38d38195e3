/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Code-size firmware of a configuration (docs/configuration.md, "Code size of a selection"):
 * main() calls every public function of every primitive the configuration builds (ML-KEM with
 * its NIST API, X25519, Ristretto255, ChaCha20, Poly1305, ChaCha20-Poly1305, X-Wing, ML-DSA;
 * m4crypt/config.h), as a firmware that uses all of the selection would. Linked with
 * --gc-sections, the image holds
 * what such a firmware takes from the library; make bench (benchmarks/run_bench.py) measures
 * the functions and read-only data reachable from main, without main itself and without the
 * random generator below. SHA-3 and the common functions are counted where the selection uses
 * them, not for themselves (they are always built, but a firmware links only what it calls).
 *
 * The image is linked, not run (its calls use zeroed buffers). make test also checks with
 * arm-none-eabi-nm that the ML-KEM-768-only image has no symbol of the primitives left out.
 */
#include "m4crypt.h"
#include "m4crypt/nistapi.h"

/* Every firmware brings its own generator (a hardware RNG driver): a stand-in, not counted. */
int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)i;
    return 0;
}

static __attribute__((unused)) uint8_t a[4096], b[4096], c[4096], d[64];
static volatile int sink;
static volatile size_t len = 64; /* not a constant: no call is specialised for one length */

/* The size queries of a set-generic API (m4crypt_<api>_*): public key, secret key and last (the
 * ciphertext or signature) bytes of the set `set`. */
#define GENERIC_SIZES(api, last)                                                                   \
    sink += (int)(m4crypt_##api##_publickeybytes(set) + m4crypt_##api##_secretkeybytes(set) +      \
                  m4crypt_##api##_##last(set))
#define MLKEM_CALLS(N)                                                                             \
    do {                                                                                           \
        KEYPAIR(sink += m4crypt_mlkem##N##_keypair(a, b));                                         \
        KEYPAIR(sink += m4crypt_mlkem##N##_keypair_derand(a, b, c));                               \
        ENCAPS(sink += m4crypt_mlkem##N##_enc(c, d, a));                                           \
        ENCAPS(sink += m4crypt_mlkem##N##_enc_derand(c, d, a, b));                                 \
        DECAPS(sink += m4crypt_mlkem##N##_dec(d, c, b));                                           \
        KEYPAIR(sink += M4CRYPT_MLKEM##N##_crypto_kem_keypair(a, b));                              \
        ENCAPS(sink += M4CRYPT_MLKEM##N##_crypto_kem_enc(c, d, a));                                \
        DECAPS(sink += M4CRYPT_MLKEM##N##_crypto_kem_dec(d, c, b));                                \
        sink += m4crypt_mlkem##N##_check_pk(a);                                                    \
        sink += m4crypt_mlkem##N##_check_sk(b);                                                    \
    } while (0)
/* The set-generic API (m4crypt_mlkem_*), for the set selected at run time. */
#define MLKEM_GENERIC_CALLS(selected)                                                              \
    do {                                                                                           \
        const int set = (selected);                                                                \
        GENERIC_SIZES(mlkem, ciphertextbytes);                                                     \
        KEYPAIR(sink += m4crypt_mlkem_keypair(set, a, len, b, len, c));                            \
        ENCAPS(sink += m4crypt_mlkem_encaps(set, c, len, d, a, len, b));                           \
        DECAPS(sink += m4crypt_mlkem_decaps(set, d, c, len, b, len));                              \
    } while (0)
#if M4CRYPT_ENABLE_MLDSA
static __attribute__((unused)) uint8_t dpk[M4CRYPT_MLDSA87_PUBLICKEYBYTES];
static __attribute__((unused)) uint8_t dsk[M4CRYPT_MLDSA87_SECRETKEYBYTES];
static __attribute__((unused)) uint8_t dsig[M4CRYPT_MLDSA87_BYTES];
static __attribute__((unused)) m4crypt_mldsa_verify_ctx dctx;
#define MLDSA_CALLS(N)                                                                             \
    do {                                                                                           \
        DSA_KEYPAIR(sink += m4crypt_mldsa##N##_keypair(dpk, dsk));                                 \
        DSA_KEYPAIR(sink += m4crypt_mldsa##N##_keypair_derand(dpk, dsk, d));                       \
        DSA_SIGN(sink += m4crypt_mldsa##N##_sign(dsig, d, 1, NULL, 0, dsk));                       \
        DSA_SIGN(sink += m4crypt_mldsa##N##_sign_derand(dsig, d, 1, NULL, 0, dsk, d));             \
        DSA_SIGN(sink += m4crypt_mldsa##N##_sign_internal(dsig, d, 1, dsk, d));                    \
        DSA_SIGN(sink += m4crypt_mldsa##N##_sign_mu(dsig, d, dsk, d));                             \
        DSA_SIGN(sink += m4crypt_mldsa##N##_sign_seed(dsig, d, 1, NULL, 0, d));                    \
        DSA_SIGN(sink += m4crypt_mldsa##N##_sign_seed_derand(dsig, d, 1, NULL, 0, d, d));          \
        DSA_SIGN(sink += m4crypt_mldsa##N##_sign_mu_seed(dsig, d, d, d));                          \
        DSA_SIGN(sink += m4crypt_mldsa##N##_check_sk(dsk));                                        \
        DSA_MU(sink += m4crypt_mldsa##N##_mu(d, dpk, d, 1, NULL, 0));                              \
        DSA_VERIFY(sink += m4crypt_mldsa##N##_verify(dsig, d, 1, NULL, 0, dpk));                   \
        DSA_VERIFY(sink += m4crypt_mldsa##N##_verify_internal(dsig, d, 1, dpk));                   \
        DSA_VERIFY(sink += m4crypt_mldsa##N##_verify_mu(dsig, d, dpk));                            \
        DSA_VERIFY(sink += m4crypt_mldsa##N##_verify_init(&dctx, dpk, NULL, 0));                   \
        DSA_VERIFY(m4crypt_mldsa##N##_verify_update(&dctx, d, 1));                                 \
        DSA_VERIFY(sink += m4crypt_mldsa##N##_verify_final(&dctx, dsig, dpk));                     \
    } while (0)
/* The set-generic API (m4crypt_mldsa_*), for the set selected at run time. */
#define MLDSA_GENERIC_CALLS(selected)                                                              \
    do {                                                                                           \
        const int set = (selected);                                                                \
        GENERIC_SIZES(mldsa, bytes);                                                               \
        DSA_KEYPAIR(sink += m4crypt_mldsa_keypair(set, dpk, sizeof dpk, dsk, sizeof dsk, NULL));   \
        DSA_SIGN(sink += m4crypt_mldsa_sign(set, dsig, sizeof dsig, d, 1, NULL, 0, dsk,            \
                                            sizeof dsk, NULL));                                    \
        DSA_VERIFY(sink += m4crypt_mldsa_verify(set, dsig, sizeof dsig, d, 1, NULL, 0, dpk,        \
                                                sizeof dpk));                                      \
        DSA_VERIFY(sink += m4crypt_mldsa_verify_init(&dctx, set, dpk, sizeof dpk, NULL, 0));       \
        DSA_VERIFY(sink += m4crypt_mldsa_verify_final(&dctx, dsig, sizeof dsig, dpk, sizeof dpk)); \
    } while (0)
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
#define DSA_KEYPAIR(x) x
#else
#define DSA_KEYPAIR(x)
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
#define DSA_SIGN(x) x
#else
#define DSA_SIGN(x)
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
#define DSA_VERIFY(x) x
#else
#define DSA_VERIFY(x)
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
#define DSA_MU(x) x
#else
#define DSA_MU(x)
#endif
#endif
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
#define KEYPAIR(x) x
#else
#define KEYPAIR(x)
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
#define ENCAPS(x) x
#else
#define ENCAPS(x)
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
#define DECAPS(x) x
#else
#define DECAPS(x)
#endif

int main(void)
{
#if M4CRYPT_ENABLE_MLKEM512
    MLKEM_CALLS(512);
#endif
#if M4CRYPT_ENABLE_MLKEM768
    MLKEM_CALLS(768);
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    MLKEM_CALLS(1024);
#endif
#if M4CRYPT_ENABLE_MLKEM
    MLKEM_GENERIC_CALLS((int)len);
#endif

#if M4CRYPT_ENABLE_X25519
    sink += m4crypt_x25519(a, b, c);
    sink += m4crypt_x25519_base(a, b);
    sink += m4crypt_x25519_keypair(a, b);
#endif

#if M4CRYPT_ENABLE_RISTRETTO255
    sink += m4crypt_ristretto255_is_valid_point(a);
    sink += m4crypt_ristretto255_scalarmult(a, b, c);
    sink += m4crypt_ristretto255_scalarmult_base(a, b);
    sink += m4crypt_ristretto255_from_uniform_bytes(a, b);
#endif

#if M4CRYPT_ENABLE_CHACHA20
    m4crypt_chacha20_ietf_block(a, b, c, 1);
    sink += m4crypt_chacha20_ietf_xor(a, b, len, c, d, 1);
    m4crypt_chacha20_xor(a, b, len, c, d, 1);
#endif

#if M4CRYPT_ENABLE_POLY1305
    static m4crypt_poly1305_ctx pctx;
    m4crypt_poly1305_init(&pctx, a);
    m4crypt_poly1305_update(&pctx, b, len);
    m4crypt_poly1305_final(&pctx, c);
    m4crypt_poly1305(a, b, len, c);
#endif

#if M4CRYPT_ENABLE_CHACHA20POLY1305
    sink += m4crypt_aead_chacha20poly1305_encrypt(a, len + 16, b, len, c, len, d, d);
    sink += m4crypt_aead_chacha20poly1305_decrypt(b, len, a, len + 16, c, len, d, d);
    sink += m4crypt_aead_chacha20poly1305_encrypt_detached(a, c, b, len, c, len, d, d);
    sink += m4crypt_aead_chacha20poly1305_decrypt_detached(b, a, len, c, c, len, d, d);
#endif

#if M4CRYPT_ENABLE_MLDSA44
    MLDSA_CALLS(44);
#endif
#if M4CRYPT_ENABLE_MLDSA65
    MLDSA_CALLS(65);
#endif
#if M4CRYPT_ENABLE_MLDSA87
    MLDSA_CALLS(87);
#endif
#if M4CRYPT_ENABLE_MLDSA
    MLDSA_GENERIC_CALLS((int)len);
#endif
#if M4CRYPT_ENABLE_XWING_KEYPAIR
    sink += m4crypt_xwing_keypair(a, b);
    sink += m4crypt_xwing_keypair_derand(a, b, c);
#endif
#if M4CRYPT_ENABLE_XWING_ENCAPS
    sink += m4crypt_xwing_enc(c, d, a);
    sink += m4crypt_xwing_enc_derand(c, d, a, b);
#endif
#if M4CRYPT_ENABLE_XWING_DECAPS
    sink += m4crypt_xwing_dec(d, c, b);
#endif
    return 0;
}
