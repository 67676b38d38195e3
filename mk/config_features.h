/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The Makefile preprocesses this file (cc -E -P) to learn what a configuration builds
 * (include/m4crypt/config.h, with M4CRYPT_CONFIG_FILE when make CONFIG=... is given): one word per
 * primitive, the names of the tests/ folders that apply (pqsession: examples/pqsession, which
 * needs X-Wing's encapsulation and decapsulation and ChaCha20-Poly1305; rng: the STM32 RNG
 * driver's tests, which build it against a simulated peripheral in every configuration). An
 * #error of config.h stops make. */
#include "m4crypt/config.h"
common fips202 selftest rng
#if M4CRYPT_ENABLE_MLKEM
mlkem
#endif
#if M4CRYPT_BUILD_CURVE25519
curve25519
#endif
#if M4CRYPT_ENABLE_X25519
x25519
#endif
#if M4CRYPT_ENABLE_RISTRETTO255
ristretto255
#endif
#if M4CRYPT_ENABLE_CHACHA20
chacha20
#endif
#if M4CRYPT_ENABLE_POLY1305
poly1305
#endif
#if M4CRYPT_ENABLE_CHACHA20POLY1305
chacha20poly1305
#endif
#if M4CRYPT_ENABLE_XWING
xwing
#endif
#if M4CRYPT_ENABLE_MLDSA
mldsa
#endif
#if M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS && M4CRYPT_ENABLE_CHACHA20POLY1305
pqsession
#endif
