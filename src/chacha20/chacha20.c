/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20 (RFC 8439 sections 2.1-2.4) and the original 64-bit-nonce variant (D. J. Bernstein,
 * "ChaCha, a variant of Salsa20", 2008), portable C.
 *
 * Words are loaded and stored byte by byte (load32_le/store32_le), so buffers need no alignment
 * and big-endian hosts work; compilers turn the pattern into single loads on little-endian
 * targets that allow unaligned access (Cortex-M4 does). Timing depends on lengths only.
 */
#include <string.h>

#include "chacha20/backend.h"
#include "common/common_internal.h"

#if M4CRYPT_ENABLE_CHACHA20 /* m4crypt/config.h */

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

/* RFC 8439 section 2.1, the quarter round: two halves, rotating by 16, 12 then by 8, 7. */
#define QR_HALF(a, b, c, d, nd, nb)                                                                \
    a += b;                                                                                        \
    d ^= a;                                                                                        \
    d = ROTL32(d, nd);                                                                             \
    c += d;                                                                                        \
    b ^= c;                                                                                        \
    b = ROTL32(b, nb)
#define QR(a, b, c, d)                                                                             \
    do {                                                                                           \
        QR_HALF(a, b, c, d, 16, 12);                                                               \
        QR_HALF(a, b, c, d, 8, 7);                                                                 \
    } while (0)

void m4crypt_chacha20_quarterround(uint32_t s[16], unsigned a, unsigned b, unsigned c, unsigned d)
{
    QR(s[a & 15], s[b & 15], s[c & 15], s[d & 15]);
}

/* RFC 8439 section 2.3 (block function: 10 double rounds, column then diagonal quarter rounds,
 * then the input state is added) and section 2.4 (XOR with the message, counter + 1 per block). */
__attribute__((noinline)) void m4crypt_chacha20_xor_blocks_c(uint8_t *out, const uint8_t *in,
                                                             size_t nblocks, uint32_t state[16])
{
    while (nblocks-- > 0) {
        uint32_t x0 = state[0], x1 = state[1], x2 = state[2], x3 = state[3];
        uint32_t x4 = state[4], x5 = state[5], x6 = state[6], x7 = state[7];
        uint32_t x8 = state[8], x9 = state[9], x10 = state[10], x11 = state[11];
        uint32_t x12 = state[12], x13 = state[13], x14 = state[14], x15 = state[15];
        for (int i = 0; i < 10; i++) {
            QR(x0, x4, x8, x12); /* columns */
            QR(x1, x5, x9, x13);
            QR(x2, x6, x10, x14);
            QR(x3, x7, x11, x15);
            QR(x0, x5, x10, x15); /* diagonals */
            QR(x1, x6, x11, x12);
            QR(x2, x7, x8, x13);
            QR(x3, x4, x9, x14);
        }
#define OUT(i) store32_le(out + 4 * (i), load32_le(in + 4 * (i)) ^ (x##i + state[i]))
        OUT(0), OUT(1), OUT(2), OUT(3), OUT(4), OUT(5), OUT(6), OUT(7);
        OUT(8), OUT(9), OUT(10), OUT(11), OUT(12), OUT(13), OUT(14), OUT(15);
#undef OUT
        /* 64-bit counter in words 12 (low) and 13 (high), without a branch. */
        state[12] += 1;
        state[13] += (uint32_t)(state[12] == 0);
        in += 64;
        out += 64;
    }
}

/* Wipes n words with word stores (the state's key words; cheaper than the byte-granular
 * m4crypt_memzero). Volatile stores are never removed. */
static void wipe_words(uint32_t *w, size_t n)
{
    volatile uint32_t *v = w;
    for (size_t i = 0; i < n; i++)
        v[i] = 0;
}

/* The stack m4crypt_chacha20_xor_blocks_c uses on the Cortex-M4 (gcc -fstack-usage: 96 bytes,
 * less the 8 that m4crypt_stack_wipe's own frame overwrites): the compiler spills state words
 * there, which its callers wipe after it. */
#define XOR_BLOCKS_C_STACK 88

/* "expand 32-byte k" as little-endian words (RFC 8439 section 2.3). */
const uint32_t m4crypt_chacha20_sigma[4] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};

void m4crypt_chacha20_xor_job_c(const m4crypt_chacha20_job *job)
{
    uint32_t s[16];
    for (int i = 0; i < 4; i++)
        s[i] = job->consts[i];
    for (int i = 0; i < 8; i++)
        s[4 + i] = load32_le(job->key + 4 * i);
    s[12] = job->ctr[0];
    s[13] = job->ctr[1];
    s[14] = load32_le(job->iv);
    s[15] = load32_le(job->iv + 4);
    for (size_t k = 0; k < job->nseg; k++)
        m4crypt_chacha20_xor_blocks_c(job->seg[k].out, job->seg[k].in, job->seg[k].nblocks, s);
    job->ctr[0] = s[12];
    job->ctr[1] = s[13];
    wipe_words(s + 4, 8); /* the key words; the rest is public */
    M4CRYPT_STACK_WIPE(XOR_BLOCKS_C_STACK);
}

void m4crypt_chacha20_xor_blocks(uint8_t *out, const uint8_t *in, size_t nblocks,
                                 uint32_t state[16])
{
#ifdef M4CRYPT_CHACHA20_HAVE_XOR_JOB
    if (nblocks == 0)
        return;
    /* The key words of the state as bytes: the backends are little-endian. */
    const m4crypt_chacha20_job job = {state, (const uint8_t *)(state + 4), state + 12,
                                      (const uint8_t *)(state + 14), 1, {{out, in, nblocks}}};
    m4crypt_chacha20_xor_job(&job);
#else
    m4crypt_chacha20_xor_blocks_c(out, in, nblocks, state);
    M4CRYPT_STACK_WIPE(XOR_BLOCKS_C_STACK);
#endif
}

static void state_common(uint32_t s[16], const uint8_t key[32])
{
    for (int i = 0; i < 4; i++)
        s[i] = m4crypt_chacha20_sigma[i];
    for (int i = 0; i < 8; i++)
        s[4 + i] = load32_le(key + 4 * i);
}

void m4crypt_chacha20_state_ietf(uint32_t s[16], const uint8_t key[32], const uint8_t nonce[12],
                                 uint32_t counter)
{
    state_common(s, key);
    s[12] = counter;
    s[13] = load32_le(nonce);
    s[14] = load32_le(nonce + 4);
    s[15] = load32_le(nonce + 8);
}

void m4crypt_chacha20_state_djb(uint32_t s[16], const uint8_t key[32], const uint8_t nonce[8],
                                uint64_t counter)
{
    state_common(s, key);
    s[12] = (uint32_t)counter;
    s[13] = (uint32_t)(counter >> 32);
    s[14] = load32_le(nonce);
    s[15] = load32_le(nonce + 4);
}

static const uint8_t zeros64[64];

void m4crypt_chacha20_xor_key(uint8_t *pre, uint8_t *out, const uint8_t *in, size_t len,
                              const uint8_t key[32], uint32_t ctr[2], const uint8_t iv[8])
{
    const size_t full = len / 64, rest = len % 64;
    uint8_t buf[64];
    m4crypt_chacha20_job job;
    size_t n = 0;
    job.consts = m4crypt_chacha20_sigma;
    job.key = key;
    job.ctr = ctr;
    job.iv = iv;
    if (pre != NULL) {
        job.seg[n].out = pre;
        job.seg[n].in = zeros64;
        job.seg[n++].nblocks = 1;
    }
    if (full > 0) {
        job.seg[n].out = out;
        job.seg[n].in = in;
        job.seg[n++].nblocks = full;
    }
    if (rest > 0) {
        memset(buf, 0, sizeof buf);
        memcpy(buf, in + 64 * full, rest);
        job.seg[n].out = buf;
        job.seg[n].in = buf;
        job.seg[n++].nblocks = 1;
    }
    if (n == 0)
        return;
    job.nseg = n;
    m4crypt_chacha20_xor_job(&job);
    if (rest > 0) {
        memcpy(out + 64 * full, buf, rest);
        m4crypt_memzero(buf, sizeof buf);
    }
}

/* RFC 8439 section 2.3.1: the serialized block for (key, counter, nonce). */
void m4crypt_chacha20_ietf_block(uint8_t out[64], const uint8_t key[32], const uint8_t nonce[12],
                                 uint32_t counter)
{
    uint32_t ctr[2] = {counter, load32_le(nonce)};
    m4crypt_chacha20_xor_key(out, NULL, NULL, 0, key, ctr, nonce + 4);
}

/* RFC 8439 section 2.4.1. The blocks used are counter .. counter + ceil(len / 64) - 1; all must
 * fit the 32-bit counter (the RFC forbids wrapping), else M4CRYPT_ERR_PARAM and nothing is
 * written. */
int m4crypt_chacha20_ietf_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                              const uint8_t nonce[12], uint32_t counter)
{
    uint64_t blocks = (uint64_t)(len / 64) + (uint64_t)(len % 64 != 0);
    if ((uint64_t)counter + blocks > ((uint64_t)1 << 32))
        return M4CRYPT_ERR_PARAM;
    uint32_t ctr[2] = {counter, load32_le(nonce)};
    m4crypt_chacha20_xor_key(NULL, out, in, len, key, ctr, nonce + 4);
    return M4CRYPT_OK;
}

/* Original ChaCha20: 64-bit block counter (words 12-13), 64-bit nonce (words 14-15). The counter
 * runs modulo 2^64. */
void m4crypt_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                          const uint8_t nonce[8], uint64_t counter)
{
    uint32_t ctr[2] = {(uint32_t)counter, (uint32_t)(counter >> 32)};
    m4crypt_chacha20_xor_key(NULL, out, in, len, key, ctr, nonce);
}
#endif /* M4CRYPT_ENABLE_CHACHA20 */
