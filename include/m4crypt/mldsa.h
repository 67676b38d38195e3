/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA-44, ML-DSA-65, ML-DSA-87 (FIPS 204, August 2024): pure ML-DSA with context strings.
 *
 * Each parameter set has its own functions (m4crypt_mldsa65_sign, ...) with fixed-size buffers;
 * all three link into one binary and share one implementation. The configuration
 * (m4crypt/config.h) chooses the sets and the operations (key generation, signing, verification)
 * that are built; only those are declared here. A length-checked generic layer
 * (m4crypt_mldsa_*) takes the parameter set and buffer lengths, for callers that hold untrusted
 * byte strings. Signatures are detached (the message is not copied into them).
 *
 *  keypair_derand(pk, sk, seed)   Alg. 6 ML-DSA.KeyGen_internal(xi = seed); sk may be NULL (only
 *                                 pk: for keys kept as their 32-byte seed)
 *  keypair(pk, sk)                Alg. 1 ML-DSA.KeyGen: xi from m4crypt_randombytes (to keep a
 *                                 key as its seed, draw xi and call keypair_derand(pk, NULL, xi))
 *  sign(sig, m, mlen, ctx, ctxlen, sk)
 *                                 Alg. 2 ML-DSA.Sign, hedged (rnd from m4crypt_randombytes)
 *  sign_derand(..., sk, rnd)      Alg. 2 with the given rnd; 32 zero bytes give FIPS 204's
 *                                 deterministic variant
 *  sign_internal(sig, mp, mplen, sk, rnd)
 *                                 Alg. 7 ML-DSA.Sign_internal on a formatted message M' (ACVP's
 *                                 internal interface)
 *  sign_mu(sig, mu, sk, rnd)      Alg. 7 with mu = H(tr || M', 64) computed by the caller
 *                                 (FIPS 204 section 6.2, "external mu")
 *  *_seed variants                the same with the secret key kept as its 32-byte seed xi
 *                                 (the key is expanded inside, on the stack, and wiped)
 *  check_sk(sk)                   FIPS 204 section 7.2 range check of an expanded secret key
 *                                 (s1, s2 in [-eta, eta]); built with signing
 *  verify(sig, m, mlen, ctx, ctxlen, pk)        Alg. 3 ML-DSA.Verify
 *  verify_internal(sig, mp, mplen, pk)          Alg. 8 ML-DSA.Verify_internal on M'
 *  verify_mu(sig, mu, pk)                       Alg. 8 with the caller's mu
 *  verify_init / verify_update / verify_final   Alg. 3 over a message given in pieces (mu is
 *                                               absorbed incrementally: a bootloader can verify
 *                                               an image it reads in chunks)
 *  mu(mu, pk, m, mlen, ctx, ctxlen)             mu of Alg. 2/3 for the external-mu functions
 *
 * HashML-DSA (Alg. 4/5) is not provided as such: its formatted message is
 * M' = 1 || |ctx| || ctx || OID(PH) || PH(M), which a caller can pass to sign_internal /
 * verify_internal (or hash into mu for sign_mu / verify_mu) with the pre-hash of its choice.
 *
 * Returns: M4CRYPT_OK; M4CRYPT_ERR_LENGTH (context longer than 255 bytes; on the generic layer
 * also any buffer of the wrong length); M4CRYPT_ERR_SIGNATURE (the signature does not verify:
 * also malformed hints or z out of range; or signing gave up after M4CRYPT_MLDSA_MAX_ATTEMPTS);
 * M4CRYPT_ERR_SECRET_KEY (an expanded secret key whose s1 or s2 has a coefficient outside
 * [-eta, eta]); M4CRYPT_ERR_RANDOM; M4CRYPT_ERR_PARAM (unknown set, NULL buffer). On error, sig
 * (and pk, sk) are zeroed.
 */
#ifndef M4CRYPT_MLDSA_H
#define M4CRYPT_MLDSA_H

#include "common.h"
#include "fips202.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_MLDSA_SEEDBYTES 32    /* xi */
#define M4CRYPT_MLDSA_RNDBYTES 32     /* rnd of Alg. 7 */
#define M4CRYPT_MLDSA_MUBYTES 64      /* mu */
#define M4CRYPT_MLDSA_CTX_MAXBYTES 255
/* Signing gives up (M4CRYPT_ERR_SIGNATURE) after this many attempts: the lowest loop limit
 * FIPS 204 Appendix C (Table 3) allows, reached with probability about 2^-256 or less. */
#define M4CRYPT_MLDSA_MAX_ATTEMPTS 814

/* FIPS 204 Table 2. */
#define M4CRYPT_MLDSA44_PUBLICKEYBYTES 1312
#define M4CRYPT_MLDSA44_SECRETKEYBYTES 2560
#define M4CRYPT_MLDSA44_BYTES 2420
#define M4CRYPT_MLDSA65_PUBLICKEYBYTES 1952
#define M4CRYPT_MLDSA65_SECRETKEYBYTES 4032
#define M4CRYPT_MLDSA65_BYTES 3309
#define M4CRYPT_MLDSA87_PUBLICKEYBYTES 2592
#define M4CRYPT_MLDSA87_SECRETKEYBYTES 4896
#define M4CRYPT_MLDSA87_BYTES 4627

#if M4CRYPT_ENABLE_MLDSA
/* The sizes of a set given as 44, 65 or 87 (the generic layer's set, below). */
size_t m4crypt_mldsa_publickeybytes(int set); /* 0 for an unknown set, or one not built */
size_t m4crypt_mldsa_secretkeybytes(int set);
size_t m4crypt_mldsa_bytes(int set);
#endif

/* Streaming verification state (opaque): the SHAKE256 sponge of mu, the set, and whether init
 * accepted the context. */
typedef struct {
    m4crypt_keccak_ctx h;
    int set;
    int status; /* M4CRYPT_OK after a successful init, else the error to report at final */
} m4crypt_mldsa_verify_ctx;

#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */
/* The functions of each parameter set (the list above), written out per set and operation, each
 * built with its parameter set and operation (m4crypt/config.h: M4CRYPT_ENABLE_MLDSA44 / 65 / 87,
 * M4CRYPT_ENABLE_MLDSA_KEYPAIR / _SIGN / _VERIFY); a function that is not built is not declared.
 * mldsa_sets.h is generated by gen_set_api.py, beside it. */
#include "mldsa_sets.h"

/* ---------------------------------------------------------------- any set */
#if M4CRYPT_ENABLE_MLDSA_VERIFY
/* Streaming verification, any set: absorb the message in pieces between init and final. */
void m4crypt_mldsa_verify_update(m4crypt_mldsa_verify_ctx *st, const uint8_t *m, size_t mlen);
#endif

/* Length-checked generic layer. set is 44, 65 or 87 and built (else M4CRYPT_ERR_PARAM); every
 * length must equal the set's size (else M4CRYPT_ERR_LENGTH, outputs zeroed where their length
 * allows). A secret key of 32 bytes is a seed xi, of secretkeybytes(set) bytes an expanded FIPS 204
 * key. seed / rnd may be NULL to draw them from m4crypt_randombytes (rnd: hedged signing). */
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
int m4crypt_mldsa_keypair(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len,
                          const uint8_t *seed /* 32 bytes or NULL */);
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
int m4crypt_mldsa_sign(int set, uint8_t *sig, size_t sig_len, const uint8_t *m, size_t mlen,
                       const uint8_t *ctx, size_t ctxlen, const uint8_t *sk, size_t sk_len,
                       const uint8_t *rnd /* 32 bytes or NULL */);
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
int m4crypt_mldsa_verify(int set, const uint8_t *sig, size_t sig_len, const uint8_t *m,
                         size_t mlen, const uint8_t *ctx, size_t ctxlen, const uint8_t *pk,
                         size_t pk_len);
int m4crypt_mldsa_verify_init(m4crypt_mldsa_verify_ctx *st, int set, const uint8_t *pk,
                              size_t pk_len, const uint8_t *ctx, size_t ctxlen);
int m4crypt_mldsa_verify_final(m4crypt_mldsa_verify_ctx *st, const uint8_t *sig, size_t sig_len,
                               const uint8_t *pk, size_t pk_len);
#endif

#endif /* M4CRYPT_ENABLE_MLDSA */

#ifdef __cplusplus
}
#endif
#endif
