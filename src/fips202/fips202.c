/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-3 and SHAKE (FIPS 202): the sponge construction (section 4, Algorithm 8) over
 * Keccak-f[1600] with the pad10*1 rule (section 5.1), and the four functions of section 6.
 *
 * Bytes enter and leave the state in the byte order of FIPS 202 Appendix B.1: byte i of a block is
 * byte i mod 8 of lane i / 8, bits least significant first. Lanes are converted byte by byte
 * (load64/store64), so the code is correct on big-endian hosts too; compilers turn whole-lane
 * conversions into single loads and stores on little-endian targets. With a backend that keeps
 * the state bit-interleaved (M4CRYPT_FIPS202_INTERLEAVED) every lane is converted on the way in
 * and out; the state in m4crypt_keccak_ctx is then in the backend's layout.
 *
 * Domain separation (section 6.1, 6.2; Appendix B.2): SHA-3 appends the bits 01 and SHAKE the bits
 * 1111 before pad10*1, which with the first padding bit gives the byte 0x06 resp. 0x1f at the end
 * of the message; the last padding bit is 0x80 in the last byte of the block.
 *
 * The sponge is incremental: absorb and squeeze may be called any number of times with any
 * lengths. A full block is permuted as soon as it is complete while absorbing, and lazily (only
 * when more output is requested) while squeezing. Timing depends only on the lengths.
 */
#include "fips202/backend.h"
#include "fips202/sponge.h"

#ifdef M4CRYPT_FIPS202_INTERLEAVED
/*
 * The backend keeps the state bit-interleaved (see armv7m/backend.h): lane value
 * (even bits) | (odd bits) << 32. Whole lanes (xor_lanes: XOR n lanes of input into s;
 * extract_lanes: write n lanes of s out) are converted by the backend's assembly
 * (armv7m/keccak_lanes.S); an interleaving backend provides them (fips202/backend.h checks).
 */
#define xor_lanes m4crypt_keccak_xor_lanes_armv7m
#define extract_lanes m4crypt_keccak_extract_lanes_armv7m
#else
static uint64_t load64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
           (uint64_t)p[7] << 56;
}

static void store64(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24), p[4] = (uint8_t)(v >> 32), p[5] = (uint8_t)(v >> 40);
    p[6] = (uint8_t)(v >> 48), p[7] = (uint8_t)(v >> 56);
}


static void xor_lanes(uint64_t *s, const uint8_t *in, unsigned n)
{
    for (unsigned i = 0; i < n; i++, in += 8)
        s[i] ^= load64(in);
}

static void extract_lanes(const uint64_t *s, uint8_t *out, unsigned n)
{
    for (unsigned i = 0; i < n; i++, out += 8)
        store64(out, s[i]);
}
#endif

/* One byte at byte offset off of the state (off < 200): XOR in, read out. Interleaved: byte k of
 * a lane holds lane bits 8k..8k+7; its even bits are bits 4k..4k+3 of the even word, its odd bits
 * the same bits of the odd word. Used only for the ends of a range that are not whole lanes
 * (padding bytes, a 2-byte index, the 33rd byte of a PRF input). */
#ifdef M4CRYPT_FIPS202_INTERLEAVED
static uint32_t even_nibble(uint32_t b) /* bits 0, 2, 4, 6 of b -> bits 0..3 */
{
    b &= 0x55u;
    b = (b | (b >> 1)) & 0x33u;
    return (b | (b >> 2)) & 0x0fu;
}

static uint32_t spread_nibble(uint32_t n) /* bits 0..3 of n -> bits 0, 2, 4, 6 */
{
    n &= 0x0fu;
    n = (n | (n << 2)) & 0x33u;
    return (n | (n << 1)) & 0x55u;
}

static void xor_byte(uint64_t s[25], unsigned off, uint8_t b)
{
    unsigned sh = 4 * (off & 7);
    s[off >> 3] ^= (uint64_t)(even_nibble(b) << sh) | (uint64_t)(even_nibble(b >> 1u) << sh) << 32;
}

static uint8_t get_byte(const uint64_t s[25], unsigned off)
{
    unsigned sh = 4 * (off & 7);
    uint64_t v = s[off >> 3];
    return (uint8_t)(spread_nibble((uint32_t)v >> sh) | spread_nibble((uint32_t)(v >> 32) >> sh) << 1);
}
#else
static void xor_byte(uint64_t s[25], unsigned off, uint8_t b)
{
    s[off >> 3] ^= (uint64_t)b << (8 * (off & 7));
}

static uint8_t get_byte(const uint64_t s[25], unsigned off)
{
    return (uint8_t)(s[off >> 3] >> (8 * (off & 7)));
}
#endif

/* XORs len bytes into the state starting at byte offset off (off + len <= 200): single bytes up
 * to a lane boundary, single bytes after the last whole lane, then the whole lanes (one call of
 * xor_lanes). Not inlined, and the lane call is its last action (a tail call): none of its frame
 * stays on the stack below the lane routine, so absorb's deepest point is the permutation. */
__attribute__((noinline)) static void xor_bytes_any(uint64_t s[25], unsigned off,
                                                    const uint8_t *in, size_t len)
{
    for (; len > 0 && (off & 7); len--)
        xor_byte(s, off++, *in++);
    unsigned n = (unsigned)(len >> 3), roff = off + 8 * n;
    for (size_t i = 8 * (size_t)n; i < len; i++)
        xor_byte(s, roff++, in[i]);
    if (n > 0)
        xor_lanes(s + (off >> 3), in, n);
}

/* Copies len bytes of the state starting at byte offset off into out (off + len <= 200), in the
 * same order and with the same tail call as xor_bytes. */
__attribute__((noinline)) static void extract_bytes_any(const uint64_t s[25], unsigned off,
                                                        uint8_t *out, size_t len)
{
    for (; len > 0 && (off & 7); len--)
        *out++ = get_byte(s, off++);
    unsigned n = (unsigned)(len >> 3), roff = off + 8 * n;
    for (size_t i = 8 * (size_t)n; i < len; i++)
        out[i] = get_byte(s, roff++);
    if (n > 0)
        extract_lanes(s + (off >> 3), out, n);
}

/* The common case, whole lanes at a lane boundary (full blocks, 32-byte seeds, digests), calls
 * the lane routine directly. */
static void xor_bytes(uint64_t s[25], unsigned off, const uint8_t *in, size_t len)
{
    if (((off | len) & 7) == 0) {
        if (len > 0)
            xor_lanes(s + (off >> 3), in, (unsigned)(len >> 3));
    } else {
        xor_bytes_any(s, off, in, len);
    }
}

static void extract_bytes(const uint64_t s[25], unsigned off, uint8_t *out, size_t len)
{
    if (((off | len) & 7) == 0) {
        if (len > 0)
            extract_lanes(s + (off >> 3), out, (unsigned)(len >> 3));
    } else {
        extract_bytes_any(s, off, out, len);
    }
}

#ifdef M4CRYPT_FIPS202_INTERLEAVED
/* The public permutation on a standard state: convert, permute with the backend, convert back. */
void m4crypt_keccakf1600(uint64_t state[25])
{
    /* The lane assembly reads and writes little-endian bytes, which on this (little-endian)
     * target are the uint64_t lanes themselves. */
    uint64_t t[25];
    for (unsigned i = 0; i < 25; i++)
        t[i] = 0;
    xor_lanes(t, (const uint8_t *)state, 25);
    m4crypt_keccak_permute(t);
    extract_lanes(t, (uint8_t *)state, 25);
    m4crypt_memzero(t, sizeof t);
}
#endif

/* Starts a sponge with the given rate in bytes (1..199) and domain separation byte. A rate out of
 * that range makes an inert context: absorb ignores input and squeeze writes zeros. */
void m4crypt_keccak_init(m4crypt_keccak_ctx *ctx, unsigned rate, uint8_t dsbyte)
{
#ifdef M4CRYPT_FIPS202_HAVE_ZERO_STATE
    m4crypt_keccak_zero_state_armv7m(ctx->state);
#else
    m4crypt_memzero(ctx->state, sizeof ctx->state); /* (the loop became a memset call) */
#endif
    ctx->rate = (uint16_t)((rate > 0 && rate < 200) ? rate : 0);
    ctx->pos = 0;
    ctx->dsbyte = dsbyte;
    ctx->squeezing = 0;
}

/* The next step of absorbing or squeezing len more bytes: the part of them that the current block
 * holds, from its offset *pos to the block's end at most; returns its length and moves ctx->pos
 * past it. */
static inline __attribute__((always_inline)) unsigned block_part(m4crypt_keccak_ctx *ctx,
                                                                 size_t len, unsigned *pos)
{
    unsigned take = ctx->rate - ctx->pos;
    if (take > len)
        take = (unsigned)len;
    *pos = ctx->pos;
    ctx->pos = (uint16_t)(ctx->pos + take);
    return take;
}

/* Absorbs inlen more message bytes (Algorithm 8, steps 5-6, one block at a time). Must not be
 * called after finalize (the input is then ignored). */
/* absorb and squeeze are written once, as always-inlined bodies: the one-shot functions get them
 * inlined (their frame then sits directly above the permutation's), the public functions call
 * them. */
static inline __attribute__((always_inline)) void absorb_impl(m4crypt_keccak_ctx *ctx,
                                                              const uint8_t *in, size_t inlen)
{
    if (ctx->rate == 0 || ctx->squeezing)
        return;
    while (inlen > 0) {
        unsigned pos, take = block_part(ctx, inlen, &pos);
        xor_bytes(ctx->state, pos, in, take);
        in += take, inlen -= take;
        if (ctx->pos == ctx->rate) {
            ctx->pos = 0;
            m4crypt_keccak_permute(ctx->state);
        }
    }
}

void m4crypt_keccak_absorb(m4crypt_keccak_ctx *ctx, const uint8_t *in, size_t inlen)
{
    absorb_impl(ctx, in, inlen);
}

/* Ends the message: domain bits and pad10*1 (section 5.1), then the permutation that yields the
 * first output block. A second call does nothing. */
void m4crypt_keccak_finalize(m4crypt_keccak_ctx *ctx)
{
    if (ctx->squeezing)
        return;
    ctx->squeezing = 1;
    if (ctx->rate == 0)
        return;
    xor_byte(ctx->state, ctx->pos, ctx->dsbyte);
    xor_byte(ctx->state, ctx->rate - 1, 0x80);
    ctx->pos = 0;
    m4crypt_keccak_permute(ctx->state); /* last: a tail call, no frame below the permutation */
}

/* Squeezes outlen more output bytes (Algorithm 8, steps 7-10). Finalizes first if the caller did
 * not. */
static inline __attribute__((always_inline)) void squeeze_impl(m4crypt_keccak_ctx *ctx,
                                                               uint8_t *out, size_t outlen)
{
    if (!ctx->squeezing)
        m4crypt_keccak_finalize(ctx);
    if (ctx->rate == 0) {
        while (outlen-- > 0)
            *out++ = 0;
        return;
    }
    while (outlen > 0) {
        if (ctx->pos == ctx->rate) {
            ctx->pos = 0;
            m4crypt_keccak_permute(ctx->state);
        }
        unsigned pos, take = block_part(ctx, outlen, &pos);
        extract_bytes(ctx->state, pos, out, take);
        out += take, outlen -= take;
    }
}

void m4crypt_keccak_squeeze(m4crypt_keccak_ctx *ctx, uint8_t *out, size_t outlen)
{
    squeeze_impl(ctx, out, outlen);
}

/* The next whole output block, read in place (sponge.h). The permutation is the last action (a
 * tail call: no frame of this function below it). */
void m4crypt_keccak_squeeze_block(m4crypt_keccak_ctx *ctx)
{
    if (!ctx->squeezing) {
        m4crypt_keccak_finalize(ctx); /* permutes: the first block is unread */
        ctx->pos = ctx->rate;
        return;
    }
    unsigned pos = ctx->pos;
    ctx->pos = ctx->rate;
    if (pos != 0)
        m4crypt_keccak_permute(ctx->state);
}

void m4crypt_keccak_state_bytes(const uint64_t s[25], unsigned off, uint8_t *out, size_t len)
{
    extract_bytes(s, off, out, len);
}

/* SHAKE128(M, d) = KECCAK[256](M || 1111, d), SHAKE256(M, d) = KECCAK[512](M || 1111, d)
 * (section 6.2). */
void m4crypt_shake128_init(m4crypt_keccak_ctx *ctx)
{
    m4crypt_keccak_init(ctx, M4CRYPT_SHAKE128_RATE, 0x1f);
}

void m4crypt_shake256_init(m4crypt_keccak_ctx *ctx)
{
    m4crypt_keccak_init(ctx, M4CRYPT_SHAKE256_RATE, 0x1f);
}

/* SHA3-256(M) = KECCAK[512](M || 01, 256), SHA3-512(M) = KECCAK[1024](M || 01, 512)
 * (section 6.1). */
void m4crypt_sha3_256_init(m4crypt_keccak_ctx *ctx)
{
    m4crypt_keccak_init(ctx, M4CRYPT_SHA3_256_RATE, 0x06);
}

void m4crypt_sha3_512_init(m4crypt_keccak_ctx *ctx)
{
    m4crypt_keccak_init(ctx, M4CRYPT_SHA3_512_RATE, 0x06);
}

/* Writes the digest and wipes the context (it may have held secret input). */
void m4crypt_sha3_256_final(m4crypt_keccak_ctx *ctx, uint8_t out[32])
{
    m4crypt_keccak_finalize(ctx);
    squeeze_impl(ctx, out, M4CRYPT_SHA3_256_BYTES);
    m4crypt_memzero(ctx, sizeof *ctx);
}

void m4crypt_sha3_512_final(m4crypt_keccak_ctx *ctx, uint8_t out[64])
{
    m4crypt_keccak_finalize(ctx);
    squeeze_impl(ctx, out, M4CRYPT_SHA3_512_BYTES);
    m4crypt_memzero(ctx, sizeof *ctx);
}

/* One-shot functions; the state is wiped before returning. */
void m4crypt_sha3_256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
    m4crypt_keccak_ctx ctx;
    m4crypt_sha3_256_init(&ctx);
    absorb_impl(&ctx, in, inlen);
    m4crypt_sha3_256_final(&ctx, out);
}

void m4crypt_sha3_512(uint8_t out[64], const uint8_t *in, size_t inlen)
{
    m4crypt_keccak_ctx ctx;
    m4crypt_sha3_512_init(&ctx);
    absorb_impl(&ctx, in, inlen);
    m4crypt_sha3_512_final(&ctx, out);
}

/* The body of both SHAKE one-shot functions, on a ctx they have initialised. */
static inline __attribute__((always_inline)) void shake_oneshot(m4crypt_keccak_ctx *ctx,
                                                                uint8_t *out, size_t outlen,
                                                                const uint8_t *in, size_t inlen)
{
    absorb_impl(ctx, in, inlen);
    m4crypt_keccak_finalize(ctx);
    squeeze_impl(ctx, out, outlen);
    m4crypt_memzero(ctx, sizeof *ctx);
}

void m4crypt_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    m4crypt_keccak_ctx ctx;
    m4crypt_shake128_init(&ctx);
    shake_oneshot(&ctx, out, outlen, in, inlen);
}

void m4crypt_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
    m4crypt_keccak_ctx ctx;
    m4crypt_shake256_init(&ctx);
    shake_oneshot(&ctx, out, outlen, in, inlen);
}
