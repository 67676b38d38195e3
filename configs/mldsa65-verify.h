/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* m4crypt configuration: a verify-only ML-DSA-65 device, such as a bootloader that checks the
 * signature of a firmware image (m4crypt_mldsa65_verify, _verify_internal, _verify_mu,
 * _verify_init / _update / _final, m4crypt_mldsa65_mu and the generic m4crypt_mldsa_verify*;
 * no key generation, no signing, no other parameter set), with SHA-3.
 * make CONFIG=configs/mldsa65-verify.h (docs/configuration.md). */
#define M4CRYPT_ENABLE_MLDSA44 0
#define M4CRYPT_ENABLE_MLDSA87 0
#define M4CRYPT_ENABLE_MLDSA_KEYPAIR 0
#define M4CRYPT_ENABLE_MLDSA_SIGN 0
#define M4CRYPT_ENABLE_MLKEM 0
#define M4CRYPT_ENABLE_X25519 0
#define M4CRYPT_ENABLE_RISTRETTO255 0
#define M4CRYPT_ENABLE_CHACHA20 0
#define M4CRYPT_ENABLE_POLY1305 0
