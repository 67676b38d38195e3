/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* m4crypt configuration: ML-KEM-768 alone (key generation, encapsulation, decapsulation), with
 * SHA-3. Build with make CONFIG=configs/mlkem768.h, or compile the library and everything that
 * includes m4crypt headers with -DM4CRYPT_CONFIG_FILE='"mlkem768.h"' (docs/configuration.md). */
#define M4CRYPT_ENABLE_MLKEM512 0
#define M4CRYPT_ENABLE_MLKEM1024 0
#define M4CRYPT_ENABLE_X25519 0
#define M4CRYPT_ENABLE_RISTRETTO255 0
#define M4CRYPT_ENABLE_CHACHA20 0
#define M4CRYPT_ENABLE_POLY1305 0
#define M4CRYPT_ENABLE_MLDSA 0
/* X-Wing (needs X25519) and ChaCha20-Poly1305 (needs both) are then off by default. */
