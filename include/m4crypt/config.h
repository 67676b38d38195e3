/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt compile-time configuration: which primitives, ML-KEM parameter sets and operations the
 * library contains. docs/configuration.md lists every option with what it removes and the code
 * sizes of typical selections.
 *
 * Every option is a macro that is 0 (left out) or 1 (built). An option that is not defined gets
 * its default here: everything on, except where it depends on a disabled option (then it is off;
 * an option set to 1 whose dependency is off is an #error). A selection is made either
 *   - in a header of one's own, named at compile time with -DM4CRYPT_CONFIG_FILE='"my_config.h"'
 *     (included first, as mbedTLS's MBEDTLS_CONFIG_FILE; it must hold only preprocessor
 *     definitions, as the assembly sources include it too; see configs/ for examples), or
 *   - with -D definitions on the command line (-DM4CRYPT_ENABLE_X25519=0, ...).
 * The library and every file that includes an m4crypt header must be compiled with the same
 * selection: a disabled function is not declared by the headers and not defined by the library,
 * so calling it fails at compile time (or at link time), never at run time.
 *
 * SHA-3 (FIPS 202) and the common functions (m4crypt_randombytes, m4crypt_memzero,
 * m4crypt_verify, m4crypt_strerror) are always built: ML-KEM and X-Wing are made of SHA-3.
 * Only this header (and the user's file) may define M4CRYPT_ENABLE_*. Included by
 * m4crypt/common.h and by the assembly sources; preprocessor lines only.
 */
#ifndef M4CRYPT_CONFIG_H
#define M4CRYPT_CONFIG_H

#ifdef M4CRYPT_CONFIG_FILE
#include M4CRYPT_CONFIG_FILE
#endif

/* ---------------------------------------------------------------- ML-KEM (FIPS 203) */
#ifndef M4CRYPT_ENABLE_MLKEM
#define M4CRYPT_ENABLE_MLKEM 1
#endif
/* Parameter sets: m4crypt_mlkem<set>_*, and the set in the generic m4crypt_mlkem_* layer (an
 * excluded set is an unknown set there: M4CRYPT_ERR_PARAM, sizes 0). */
#ifndef M4CRYPT_ENABLE_MLKEM512
#define M4CRYPT_ENABLE_MLKEM512 M4CRYPT_ENABLE_MLKEM
#endif
#ifndef M4CRYPT_ENABLE_MLKEM768
#define M4CRYPT_ENABLE_MLKEM768 M4CRYPT_ENABLE_MLKEM
#endif
#ifndef M4CRYPT_ENABLE_MLKEM1024
#define M4CRYPT_ENABLE_MLKEM1024 M4CRYPT_ENABLE_MLKEM
#endif
/* Operations, for every enabled set: key generation (keypair, keypair_derand,
 * m4crypt_mlkem_keypair), encapsulation (enc, enc_derand, m4crypt_mlkem_encaps), decapsulation
 * (dec, m4crypt_mlkem_decaps). The input checks check_pk and check_sk are always there. An
 * encapsulate-only device: M4CRYPT_ENABLE_MLKEM_KEYPAIR 0, M4CRYPT_ENABLE_MLKEM_DECAPS 0. */
#ifndef M4CRYPT_ENABLE_MLKEM_KEYPAIR
#define M4CRYPT_ENABLE_MLKEM_KEYPAIR M4CRYPT_ENABLE_MLKEM
#endif
#ifndef M4CRYPT_ENABLE_MLKEM_ENCAPS
#define M4CRYPT_ENABLE_MLKEM_ENCAPS M4CRYPT_ENABLE_MLKEM
#endif
#ifndef M4CRYPT_ENABLE_MLKEM_DECAPS
#define M4CRYPT_ENABLE_MLKEM_DECAPS M4CRYPT_ENABLE_MLKEM
#endif

/* ---------------------------------------------------------------- X25519 (RFC 7748) */
#ifndef M4CRYPT_ENABLE_X25519
#define M4CRYPT_ENABLE_X25519 1
#endif

/* ---------------------------------------------------------------- Ristretto255 (RFC 9496) */
#ifndef M4CRYPT_ENABLE_RISTRETTO255
#define M4CRYPT_ENABLE_RISTRETTO255 1
#endif

/* The fixed-base table: 24,576 bytes of multiples of the edwards25519 base point, used by
 * m4crypt_x25519_base / m4crypt_x25519_keypair and m4crypt_ristretto255_scalarmult_base. Without
 * it, those run the variable-base code on the base point (X25519: the ladder with u = 9;
 * Ristretto255: the generator's encoding): same results, the cycles of the variable-base
 * operation (make bench: x25519.scalarmult against x25519.scalarmult_base). */
#ifndef M4CRYPT_ENABLE_X25519_BASE_TABLE
#if M4CRYPT_ENABLE_X25519 || M4CRYPT_ENABLE_RISTRETTO255
#define M4CRYPT_ENABLE_X25519_BASE_TABLE 1
#else
#define M4CRYPT_ENABLE_X25519_BASE_TABLE 0
#endif
#endif

/* ---------------------------------------------------------------- ChaCha20, Poly1305, AEAD (RFC 8439) */
#ifndef M4CRYPT_ENABLE_CHACHA20
#define M4CRYPT_ENABLE_CHACHA20 1
#endif
#ifndef M4CRYPT_ENABLE_POLY1305
#define M4CRYPT_ENABLE_POLY1305 1
#endif
/* ChaCha20-Poly1305 (m4crypt_aead_chacha20poly1305_*): needs both. */
#ifndef M4CRYPT_ENABLE_CHACHA20POLY1305
#if M4CRYPT_ENABLE_CHACHA20 && M4CRYPT_ENABLE_POLY1305
#define M4CRYPT_ENABLE_CHACHA20POLY1305 1
#else
#define M4CRYPT_ENABLE_CHACHA20POLY1305 0
#endif
#endif

/* ---------------------------------------------------------------- X-Wing (ML-KEM-768 + X25519) */
#ifndef M4CRYPT_ENABLE_XWING
#if M4CRYPT_ENABLE_MLKEM768 && M4CRYPT_ENABLE_X25519 &&                                            \
    (M4CRYPT_ENABLE_MLKEM_KEYPAIR || M4CRYPT_ENABLE_MLKEM_ENCAPS)
#define M4CRYPT_ENABLE_XWING 1
#else
#define M4CRYPT_ENABLE_XWING 0
#endif
#endif
/* Operations, each with the ML-KEM-768 operations it is made of: key generation (ML-KEM key
 * generation), encapsulation (ML-KEM encapsulation), decapsulation (ML-KEM key generation, which
 * expands the 32-byte secret key, and ML-KEM decapsulation). */
#ifndef M4CRYPT_ENABLE_XWING_KEYPAIR
#if M4CRYPT_ENABLE_XWING && M4CRYPT_ENABLE_MLKEM_KEYPAIR
#define M4CRYPT_ENABLE_XWING_KEYPAIR 1
#else
#define M4CRYPT_ENABLE_XWING_KEYPAIR 0
#endif
#endif
#ifndef M4CRYPT_ENABLE_XWING_ENCAPS
#if M4CRYPT_ENABLE_XWING && M4CRYPT_ENABLE_MLKEM_ENCAPS
#define M4CRYPT_ENABLE_XWING_ENCAPS 1
#else
#define M4CRYPT_ENABLE_XWING_ENCAPS 0
#endif
#endif
#ifndef M4CRYPT_ENABLE_XWING_DECAPS
#if M4CRYPT_ENABLE_XWING && M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_DECAPS
#define M4CRYPT_ENABLE_XWING_DECAPS 1
#else
#define M4CRYPT_ENABLE_XWING_DECAPS 0
#endif
#endif

/* ---------------------------------------------------------------- ML-DSA (FIPS 204) */
#ifndef M4CRYPT_ENABLE_MLDSA
#define M4CRYPT_ENABLE_MLDSA 1
#endif
/* Parameter sets: m4crypt_mldsa<set>_*, and the set in the generic m4crypt_mldsa_* layer (an
 * excluded set is an unknown set there: M4CRYPT_ERR_PARAM, sizes 0). */
#ifndef M4CRYPT_ENABLE_MLDSA44
#define M4CRYPT_ENABLE_MLDSA44 M4CRYPT_ENABLE_MLDSA
#endif
#ifndef M4CRYPT_ENABLE_MLDSA65
#define M4CRYPT_ENABLE_MLDSA65 M4CRYPT_ENABLE_MLDSA
#endif
#ifndef M4CRYPT_ENABLE_MLDSA87
#define M4CRYPT_ENABLE_MLDSA87 M4CRYPT_ENABLE_MLDSA
#endif
/* Operations, for every enabled set:
 *   KEYPAIR  key generation (keypair, keypair_derand, m4crypt_mldsa_keypair)
 *   SIGN     signing (sign, sign_derand, sign_internal, sign_mu, sign_seed, sign_seed_derand,
 *            sign_mu_seed, m4crypt_mldsa_sign) and the secret-key check check_sk. It needs
 *            KEYPAIR: a secret key kept as its 32-byte seed is expanded by key generation.
 *   VERIFY   verification (verify, verify_internal, verify_mu, verify_init / _update / _final,
 *            m4crypt_mldsa_verify, _verify_init, _verify_final)
 * m4crypt_mldsa<set>_mu (mu for the external-mu functions) is built with SIGN or VERIFY. A
 * verify-only device (a bootloader checking a firmware image): M4CRYPT_ENABLE_MLDSA_KEYPAIR 0,
 * which turns SIGN off too (configs/mldsa65-verify.h). */
#ifndef M4CRYPT_ENABLE_MLDSA_KEYPAIR
#define M4CRYPT_ENABLE_MLDSA_KEYPAIR M4CRYPT_ENABLE_MLDSA
#endif
#ifndef M4CRYPT_ENABLE_MLDSA_SIGN
#define M4CRYPT_ENABLE_MLDSA_SIGN M4CRYPT_ENABLE_MLDSA_KEYPAIR
#endif
#ifndef M4CRYPT_ENABLE_MLDSA_VERIFY
#define M4CRYPT_ENABLE_MLDSA_VERIFY M4CRYPT_ENABLE_MLDSA
#endif

/* ---------------------------------------------------------------- consistency */
#define M4CRYPT_CONFIG_BOOL_(x) ((x) == 0 || (x) == 1)
#if !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLKEM) || !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLKEM512) || \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLKEM768) ||                                              \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLKEM1024) ||                                             \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLKEM_KEYPAIR) ||                                         \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLKEM_ENCAPS) ||                                          \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLKEM_DECAPS) ||                                          \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_X25519) ||                                                \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_X25519_BASE_TABLE) ||                                     \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_RISTRETTO255) ||                                          \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_CHACHA20) ||                                              \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_POLY1305) ||                                              \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_CHACHA20POLY1305) ||                                      \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_XWING) ||                                                 \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_XWING_KEYPAIR) ||                                         \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_XWING_ENCAPS) ||                                          \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_XWING_DECAPS) ||                                          \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLDSA) ||                                                 \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLDSA44) ||                                               \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLDSA65) ||                                               \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLDSA87) ||                                               \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLDSA_KEYPAIR) ||                                         \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLDSA_SIGN) ||                                            \
    !M4CRYPT_CONFIG_BOOL_(M4CRYPT_ENABLE_MLDSA_VERIFY)
#error "m4crypt config: every M4CRYPT_ENABLE_* option must be 0 or 1"
#endif

#if M4CRYPT_ENABLE_MLKEM
#if !(M4CRYPT_ENABLE_MLKEM512 || M4CRYPT_ENABLE_MLKEM768 || M4CRYPT_ENABLE_MLKEM1024)
#error "m4crypt config: M4CRYPT_ENABLE_MLKEM is 1 but no parameter set is (set M4CRYPT_ENABLE_MLKEM to 0)"
#endif
#if !(M4CRYPT_ENABLE_MLKEM_KEYPAIR || M4CRYPT_ENABLE_MLKEM_ENCAPS || M4CRYPT_ENABLE_MLKEM_DECAPS)
#error "m4crypt config: M4CRYPT_ENABLE_MLKEM is 1 but no operation is (set M4CRYPT_ENABLE_MLKEM to 0)"
#endif
#elif M4CRYPT_ENABLE_MLKEM512 || M4CRYPT_ENABLE_MLKEM768 || M4CRYPT_ENABLE_MLKEM1024 ||            \
    M4CRYPT_ENABLE_MLKEM_KEYPAIR || M4CRYPT_ENABLE_MLKEM_ENCAPS || M4CRYPT_ENABLE_MLKEM_DECAPS
#error "m4crypt config: an ML-KEM parameter set or operation is enabled but M4CRYPT_ENABLE_MLKEM is 0"
#endif

#if M4CRYPT_ENABLE_X25519_BASE_TABLE && !M4CRYPT_ENABLE_X25519 && !M4CRYPT_ENABLE_RISTRETTO255
#error "m4crypt config: M4CRYPT_ENABLE_X25519_BASE_TABLE needs X25519 or Ristretto255"
#endif

#if M4CRYPT_ENABLE_CHACHA20POLY1305 && !(M4CRYPT_ENABLE_CHACHA20 && M4CRYPT_ENABLE_POLY1305)
#error "m4crypt config: ChaCha20-Poly1305 needs M4CRYPT_ENABLE_CHACHA20 and M4CRYPT_ENABLE_POLY1305"
#endif

#if M4CRYPT_ENABLE_XWING && !(M4CRYPT_ENABLE_MLKEM768 && M4CRYPT_ENABLE_X25519)
#error "m4crypt config: X-Wing needs M4CRYPT_ENABLE_MLKEM768 and M4CRYPT_ENABLE_X25519"
#endif
#if !M4CRYPT_ENABLE_XWING &&                                                                       \
    (M4CRYPT_ENABLE_XWING_KEYPAIR || M4CRYPT_ENABLE_XWING_ENCAPS || M4CRYPT_ENABLE_XWING_DECAPS)
#error "m4crypt config: an X-Wing operation is enabled but M4CRYPT_ENABLE_XWING is 0"
#endif
#if M4CRYPT_ENABLE_XWING_KEYPAIR && !M4CRYPT_ENABLE_MLKEM_KEYPAIR
#error "m4crypt config: X-Wing key generation needs M4CRYPT_ENABLE_MLKEM_KEYPAIR"
#endif
#if M4CRYPT_ENABLE_XWING_ENCAPS && !M4CRYPT_ENABLE_MLKEM_ENCAPS
#error "m4crypt config: X-Wing encapsulation needs M4CRYPT_ENABLE_MLKEM_ENCAPS"
#endif
#if M4CRYPT_ENABLE_XWING_DECAPS && !(M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_DECAPS)
#error "m4crypt config: X-Wing decapsulation needs M4CRYPT_ENABLE_MLKEM_KEYPAIR (it expands the secret key) and M4CRYPT_ENABLE_MLKEM_DECAPS"
#endif
#if M4CRYPT_ENABLE_XWING && !M4CRYPT_ENABLE_XWING_KEYPAIR && !M4CRYPT_ENABLE_XWING_ENCAPS &&       \
    !M4CRYPT_ENABLE_XWING_DECAPS
#error "m4crypt config: M4CRYPT_ENABLE_XWING is 1 but none of its operations can be built"
#endif

#if M4CRYPT_ENABLE_MLDSA
#if !(M4CRYPT_ENABLE_MLDSA44 || M4CRYPT_ENABLE_MLDSA65 || M4CRYPT_ENABLE_MLDSA87)
#error "m4crypt config: M4CRYPT_ENABLE_MLDSA is 1 but no ML-DSA parameter set is (set M4CRYPT_ENABLE_MLDSA to 0)"
#endif
#if !(M4CRYPT_ENABLE_MLDSA_KEYPAIR || M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY)
#error "m4crypt config: M4CRYPT_ENABLE_MLDSA is 1 but no ML-DSA operation is (set M4CRYPT_ENABLE_MLDSA to 0)"
#endif
#elif M4CRYPT_ENABLE_MLDSA44 || M4CRYPT_ENABLE_MLDSA65 || M4CRYPT_ENABLE_MLDSA87 ||                \
    M4CRYPT_ENABLE_MLDSA_KEYPAIR || M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
#error "m4crypt config: an ML-DSA parameter set or operation is enabled but M4CRYPT_ENABLE_MLDSA is 0"
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN && !M4CRYPT_ENABLE_MLDSA_KEYPAIR
#error "m4crypt config: ML-DSA signing needs M4CRYPT_ENABLE_MLDSA_KEYPAIR (a secret key kept as its seed is expanded by key generation)"
#endif
/* The pairwise consistency test of key generation (-DM4CRYPT_KEYGEN_PCT) signs and verifies. */
#if defined(M4CRYPT_KEYGEN_PCT) && M4CRYPT_ENABLE_MLDSA_KEYPAIR &&                                 \
    !(M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY)
#error "m4crypt config: M4CRYPT_KEYGEN_PCT needs ML-DSA signing and verification (M4CRYPT_ENABLE_MLDSA_SIGN, M4CRYPT_ENABLE_MLDSA_VERIFY) where ML-DSA key generation is built"
#endif

/* Internal: the Curve25519 field and point code (src/curve25519/) is built for X25519 and for
 * Ristretto255. */
#define M4CRYPT_BUILD_CURVE25519 (M4CRYPT_ENABLE_X25519 || M4CRYPT_ENABLE_RISTRETTO255)

#endif
