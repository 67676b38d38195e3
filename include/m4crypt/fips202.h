/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-3 and SHAKE (FIPS 202).
 *
 * One-shot functions and an incremental sponge: init, absorb (any number of times), finalize
 * (pads with the domain separation byte), squeeze (any number of times, any lengths).
 * The state is a plain Keccak-f[1600] state of 25 lanes; a backend may keep the lanes in its own
 * layout (for example bit-interleaved) between calls, so callers must treat it as opaque.
 */
#ifndef M4CRYPT_FIPS202_H
#define M4CRYPT_FIPS202_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_SHAKE128_RATE 168
#define M4CRYPT_SHAKE256_RATE 136
#define M4CRYPT_SHA3_256_RATE 136
#define M4CRYPT_SHA3_512_RATE 72
#define M4CRYPT_SHA3_256_BYTES 32
#define M4CRYPT_SHA3_512_BYTES 64

typedef struct {
    uint64_t state[25]; /* Keccak-f[1600] state (layout private to the backend) */
    uint16_t rate;      /* bytes per block */
    uint16_t pos;       /* absorb: bytes absorbed into the current block; squeeze: bytes used */
    uint8_t dsbyte;     /* domain separation and first padding bit: 0x06 SHA-3, 0x1f SHAKE */
    uint8_t squeezing;  /* 0 while absorbing, 1 after finalize */
} m4crypt_keccak_ctx;

/* The permutation itself, on a standard (non-interleaved, little-endian lanes) state. */
void m4crypt_keccakf1600(uint64_t state[25]);

/* Generic sponge, rate in bytes (< 200), dsbyte as above. */
void m4crypt_keccak_init(m4crypt_keccak_ctx *ctx, unsigned rate, uint8_t dsbyte);
void m4crypt_keccak_absorb(m4crypt_keccak_ctx *ctx, const uint8_t *in, size_t inlen);
void m4crypt_keccak_finalize(m4crypt_keccak_ctx *ctx);
void m4crypt_keccak_squeeze(m4crypt_keccak_ctx *ctx, uint8_t *out, size_t outlen);

/* SHAKE128 / SHAKE256 incremental (thin wrappers over the generic sponge). */
void m4crypt_shake128_init(m4crypt_keccak_ctx *ctx);
void m4crypt_shake256_init(m4crypt_keccak_ctx *ctx);
#define m4crypt_shake_absorb m4crypt_keccak_absorb
#define m4crypt_shake_finalize m4crypt_keccak_finalize
#define m4crypt_shake_squeeze m4crypt_keccak_squeeze

/* SHA3-256 / SHA3-512 incremental: init, absorb with m4crypt_keccak_absorb, then final. */
void m4crypt_sha3_256_init(m4crypt_keccak_ctx *ctx);
void m4crypt_sha3_512_init(m4crypt_keccak_ctx *ctx);
void m4crypt_sha3_256_final(m4crypt_keccak_ctx *ctx, uint8_t out[32]);
void m4crypt_sha3_512_final(m4crypt_keccak_ctx *ctx, uint8_t out[64]);

/* One-shot. */
void m4crypt_sha3_256(uint8_t out[32], const uint8_t *in, size_t inlen);
void m4crypt_sha3_512(uint8_t out[64], const uint8_t *in, size_t inlen);
void m4crypt_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void m4crypt_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

#ifdef __cplusplus
}
#endif
#endif
