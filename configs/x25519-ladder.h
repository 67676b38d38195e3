/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* m4crypt configuration: X25519 alone without the fixed-base table: m4crypt_x25519_base and
 * m4crypt_x25519_keypair run the ladder on u = 9 (same results; the cycles of x25519.scalarmult
 * instead of x25519.scalarmult_base in make bench; 24,576 bytes less read-only data), and SHA-3.
 * make CONFIG=configs/x25519-ladder.h (docs/configuration.md). */
#define M4CRYPT_ENABLE_MLKEM 0
#define M4CRYPT_ENABLE_RISTRETTO255 0
#define M4CRYPT_ENABLE_CHACHA20 0
#define M4CRYPT_ENABLE_POLY1305 0
#define M4CRYPT_ENABLE_X25519_BASE_TABLE 0
#define M4CRYPT_ENABLE_MLDSA 0
