/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Test code only: the AES-256 CTR_DRBG with which NIST's PQC KAT generator makes its .rsp files,
 * so that a test can replay a KAT record from its "seed" field (tests/mlkem/test_mlkem_nistapi.c).
 *
 * AES-256: FIPS 197 (the S-box computed from its definition in section 5.1.1, key expansion 5.2,
 * cipher 5.1), encryption only, table-free and not constant time: it only ever sees public KAT
 * seeds. CTR_DRBG: NIST SP 800-90A Rev. 1 section 10.2.1 with AES-256, no derivation function,
 * no personalization string, no additional input, no reseeding, as the KAT generator uses it:
 * instantiate (10.2.1.3.1) sets Key = 0^256, V = 0^128 and runs CTR_DRBG_Update (10.2.1.2) on the
 * 48-byte seed; generate (10.2.1.5.1) outputs AES(Key, V+1), AES(Key, V+2), ... (V a 128-bit
 * big-endian counter), keeps the leftmost requested bytes, then runs CTR_DRBG_Update on 0^384.
 * Each call of the generator is one generate request, exactly as the KAT generator's
 * randombytes(): two 32-byte calls differ from one 64-byte call.
 */
#ifndef M4CRYPT_TEST_KAT_DRBG_H
#define M4CRYPT_TEST_KAT_DRBG_H

#include <stddef.h>
#include <stdint.h>

/* AES-256 (FIPS 197): 15 round keys of 16 bytes. */
typedef struct {
    uint8_t rk[15][16];
} kat_aes256;
void kat_aes256_init(kat_aes256 *aes, const uint8_t key[32]);
void kat_aes256_encrypt(const kat_aes256 *aes, uint8_t out[16], const uint8_t in[16]);

typedef struct {
    uint8_t key[32], v[16];
    kat_aes256 aes;
} kat_drbg;
void kat_drbg_init(kat_drbg *d, const uint8_t seed[48]);
void kat_drbg_generate(kat_drbg *d, uint8_t *out, size_t len);
/* As an m4crypt_randombytes_fn: m4crypt_set_randombytes(kat_drbg_randombytes, &drbg). */
int kat_drbg_randombytes(void *ctx, uint8_t *out, size_t len);

#endif
