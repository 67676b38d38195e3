/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Internal interface of the ChaCha20 code: the state layout, the replaceable block function and
 * the helpers shared with the AEAD (src/chacha20poly1305).
 *
 * State (RFC 8439 section 2.3): 16 words, 0-3 the constants "expand 32-byte k", 4-11 the key
 * (little-endian words), 12-15 counter and nonce. The block function treats words 12 and 13 as
 * one 64-bit little-endian block counter (low word 12) and adds 1 per block with carry; the RFC
 * 8439 variant (word 12 the 32-bit counter, 13-15 the nonce) never lets word 12 wrap inside a
 * call (m4crypt_chacha20_ietf_xor checks it), so the carry never reaches the nonce there.
 *
 * Backend (docs/DEVELOPING.md, "Assembly backends"): the portable block function
 * m4crypt_chacha20_xor_blocks_c and job function m4crypt_chacha20_xor_job_c are always built.
 * With M4CRYPT_ARCH_ARMV7M, src/chacha20/armv7m/backend.h may declare
 * m4crypt_chacha20_xor_job_armv7m and define M4CRYPT_CHACHA20_HAVE_XOR_JOB;
 * m4crypt_chacha20_xor_job names the one in use (src/common/backend_contract.h).
 */
#ifndef M4CRYPT_CHACHA20_BACKEND_H
#define M4CRYPT_CHACHA20_BACKEND_H

#include "m4crypt/chacha20.h"

/* out[0 .. 64*nblocks) = in XOR the keystream blocks of state, counter (words 12-13) advanced by
 * one per block. out may equal in (not otherwise overlap); neither needs any alignment. */
void m4crypt_chacha20_xor_blocks_c(uint8_t *out, const uint8_t *in, size_t nblocks,
                                   uint32_t state[16]);

/* A keystream job: up to three runs of whole blocks under one running counter, so that a caller
 * with several buffers (the AEAD: block 0 for the Poly1305 key, the message, a padded last block)
 * pays the set-up of the block function once. The state is
 *   words 0-3   consts[0..3]
 *   words 4-11  the 32 key bytes (little-endian words, any alignment)
 *   words 12-13 ctr[0..1], the 64-bit block counter (low word first), advanced by one per
 *               block (with carry) and written back
 *   words 14-15 the 8 bytes iv (little-endian words, any alignment)
 * seg[0 .. nseg): nseg is 1..3 and every nblocks >= 1; out = in XOR keystream, in order; out may
 * equal in (not otherwise overlap), no alignment needed. Only consts, key, ctr and iv are state:
 * the job is read, never written. */
typedef struct {
    uint8_t *out;
    const uint8_t *in;
    size_t nblocks;
} m4crypt_chacha20_seg;

typedef struct {
    const uint32_t *consts;
    const uint8_t *key;
    uint32_t *ctr;
    const uint8_t *iv;
    size_t nseg;
    m4crypt_chacha20_seg seg[3];
} m4crypt_chacha20_job;

void m4crypt_chacha20_xor_job_c(const m4crypt_chacha20_job *job);

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "chacha20/armv7m/backend.h"
#endif

#ifdef M4CRYPT_CHACHA20_HAVE_XOR_JOB
#define m4crypt_chacha20_xor_job m4crypt_chacha20_xor_job_armv7m
#else
#define m4crypt_chacha20_xor_job m4crypt_chacha20_xor_job_c
#endif

/* The block function with the state contract of m4crypt_chacha20_xor_blocks_c, through the job
 * function in use (one segment). */
void m4crypt_chacha20_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks,
                                 uint32_t state[16]);

/* RFC 8439 section 2.1: the quarter round on words a, b, c, d of s (section 2.2 "QUARTERROUND
 * (a, b, c, d)"). For the tests. */
void m4crypt_chacha20_quarterround(uint32_t s[16], unsigned a, unsigned b, unsigned c, unsigned d);

/* Initial states: RFC 8439 section 2.3 (32-bit counter, 96-bit nonce) and the original variant
 * (64-bit counter in words 12-13, 64-bit nonce in words 14-15). */
void m4crypt_chacha20_state_ietf(uint32_t s[16], const uint8_t key[32], const uint8_t nonce[12],
                                 uint32_t counter);
void m4crypt_chacha20_state_djb(uint32_t s[16], const uint8_t key[32], const uint8_t nonce[8],
                                uint64_t counter);

/* "expand 32-byte k" as little-endian words (RFC 8439 section 2.3). */
extern const uint32_t m4crypt_chacha20_sigma[4];

/* out = in XOR keystream for any len under (key, ctr, iv) as in a job (words 0-3 the RFC 8439
 * constants); a final partial block uses one whole block, so the counter advances by
 * ceil(len / 64). If pre is not NULL, one keystream block is first written to pre[0..64) (the
 * AEAD's block 0). One call of the job function. No counter check: callers check the RFC 8439
 * limit. */
void m4crypt_chacha20_xor_key(uint8_t *pre, uint8_t *out, const uint8_t *in, size_t len,
                              const uint8_t key[32], uint32_t ctr[2], const uint8_t iv[8]);

#endif
