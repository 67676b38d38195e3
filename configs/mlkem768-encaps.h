/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* m4crypt configuration: an encapsulate-only ML-KEM-768 device (m4crypt_mlkem768_enc,
 * _enc_derand, m4crypt_mlkem_encaps and the key checks; no key generation, no decapsulation),
 * with SHA-3. make CONFIG=configs/mlkem768-encaps.h (docs/configuration.md). */
#define M4CRYPT_ENABLE_MLKEM512 0
#define M4CRYPT_ENABLE_MLKEM1024 0
#define M4CRYPT_ENABLE_MLKEM_KEYPAIR 0
#define M4CRYPT_ENABLE_MLKEM_DECAPS 0
#define M4CRYPT_ENABLE_X25519 0
#define M4CRYPT_ENABLE_RISTRETTO255 0
#define M4CRYPT_ENABLE_CHACHA20 0
#define M4CRYPT_ENABLE_POLY1305 0
#define M4CRYPT_ENABLE_MLDSA 0
