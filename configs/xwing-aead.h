/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* m4crypt configuration: X-Wing (ML-KEM-768 + X25519, all three operations) with the
 * ChaCha20-Poly1305 AEAD, e.g. a hybrid post-quantum key exchange that then encrypts a channel;
 * also in: what those are made of (ML-KEM-768, X25519 with its fixed-base table, ChaCha20,
 * Poly1305, SHA-3). make CONFIG=configs/xwing-aead.h (docs/configuration.md). */
#define M4CRYPT_ENABLE_MLKEM512 0
#define M4CRYPT_ENABLE_MLKEM1024 0
#define M4CRYPT_ENABLE_RISTRETTO255 0
#define M4CRYPT_ENABLE_MLDSA 0
