/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* m4crypt configuration: X25519 alone, with the fixed-base table for m4crypt_x25519_base and
 * m4crypt_x25519_keypair (24,576 bytes of read-only data), and SHA-3.
 * make CONFIG=configs/x25519.h (docs/configuration.md). */
#define M4CRYPT_ENABLE_MLKEM 0
#define M4CRYPT_ENABLE_RISTRETTO255 0
#define M4CRYPT_ENABLE_CHACHA20 0
#define M4CRYPT_ENABLE_POLY1305 0
#define M4CRYPT_ENABLE_MLDSA 0
