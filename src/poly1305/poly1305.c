/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Poly1305 (RFC 8439 section 2.5), portable C.
 *
 * The block function works in radix 2^26: h and r as five 26-bit limbs, every product a 32x32->64
 * multiplication (one UMULL/UMLAL on the Cortex-M4), and the reduction mod p = 2^130 - 5 folds the
 * part above 2^130 back multiplied by 5 (2^130 = 5 mod p), precomputed as s_i = 5 r_i. Between
 * calls h is kept in radix 2^32 in the context (src/poly1305/backend.h), so an assembly backend
 * with 32-bit limbs can replace the block function alone.
 *
 * Constant time: no branch or index depends on r, s, h or the message; the final reduction
 * selects h or h - p with a mask.
 */
#include <string.h>

#include "common/backend.h"
#include "poly1305/backend.h"

#if M4CRYPT_ENABLE_POLY1305 /* m4crypt/config.h */

_Static_assert(sizeof(m4crypt_poly1305_ctx) % 4 == 0, "final wipes the context in words");

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store32_le(uint8_t *p, uint32_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 4); /* one (unaligned) word store where the target allows it */
#else
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
#endif
}

#define MASK26 0x3ffffffu

/* RFC 8439 section 2.5.1: for each 16-byte block, h = (h + block + hibit * 2^128) * r mod p. */
__attribute__((noinline)) void m4crypt_poly1305_blocks_c(m4crypt_poly1305_ctx *ctx,
                                                         const uint8_t *m, size_t nblocks,
                                                         uint32_t hibit)
{
    /* r in radix 2^26 (r is clamped, so r4 < 2^20 and every limb < 2^26). */
    const uint32_t r0 = ctx->r[0] & MASK26;
    const uint32_t r1 = ((ctx->r[0] >> 26) | (ctx->r[1] << 6)) & MASK26;
    const uint32_t r2 = ((ctx->r[1] >> 20) | (ctx->r[2] << 12)) & MASK26;
    const uint32_t r3 = ((ctx->r[2] >> 14) | (ctx->r[3] << 18)) & MASK26;
    const uint32_t r4 = ctx->r[3] >> 8;
    const uint32_t s1 = 5 * r1, s2 = 5 * r2, s3 = 5 * r3, s4 = 5 * r4;
    /* h from radix 2^32 (h[4] <= 4) to radix 2^26; h4 < 2^27. */
    uint32_t h0 = ctx->h[0] & MASK26;
    uint32_t h1 = ((ctx->h[0] >> 26) | (ctx->h[1] << 6)) & MASK26;
    uint32_t h2 = ((ctx->h[1] >> 20) | (ctx->h[2] << 12)) & MASK26;
    uint32_t h3 = ((ctx->h[2] >> 14) | (ctx->h[3] << 18)) & MASK26;
    uint32_t h4 = (ctx->h[3] >> 8) | (ctx->h[4] << 24);
    const uint32_t hi = (hibit & 1) << 24; /* 2^128 = 2^24 in limb 4 */

    while (nblocks-- > 0) {
        const uint32_t t0 = load32_le(m), t1 = load32_le(m + 4), t2 = load32_le(m + 8),
                       t3 = load32_le(m + 12);
        /* h += block; limbs stay below 2^27 */
        h0 += t0 & MASK26;
        h1 += ((t0 >> 26) | (t1 << 6)) & MASK26;
        h2 += ((t1 >> 20) | (t2 << 12)) & MASK26;
        h3 += ((t2 >> 14) | (t3 << 18)) & MASK26;
        h4 += (t3 >> 8) | hi;

        /* h *= r mod p: schoolbook with the wrapped products multiplied by 5 (s_i). Each product
         * < 2^27 * 2^29, each sum of five < 2^59. */
        const uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
                            (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
                      (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
                      (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
                      (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
                      (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

        /* Carry chain; the carry out of limb 4 (weight 2^130) re-enters limb 0 times 5. */
        d1 += d0 >> 26;
        h0 = (uint32_t)d0 & MASK26;
        d2 += d1 >> 26;
        h1 = (uint32_t)d1 & MASK26;
        d3 += d2 >> 26;
        h2 = (uint32_t)d2 & MASK26;
        d4 += d3 >> 26;
        h3 = (uint32_t)d3 & MASK26;
        h4 = (uint32_t)d4 & MASK26;
        const uint64_t c = (uint64_t)h0 + (d4 >> 26) * 5;
        h0 = (uint32_t)c & MASK26;
        h1 += (uint32_t)(c >> 26);
        m += 16;
    }

    /* Back to radix 2^32 (exact, whatever the limb sizes); h4 < 2^26 + small, so h[4] <= 3. */
    uint64_t t = (uint64_t)h0 + ((uint64_t)h1 << 26);
    ctx->h[0] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)h2 << 20);
    ctx->h[1] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)h3 << 14);
    ctx->h[2] = (uint32_t)t;
    t = (t >> 32) + ((uint64_t)h4 << 8);
    ctx->h[3] = (uint32_t)t;
    ctx->h[4] = (uint32_t)(t >> 32);
}

void m4crypt_poly1305_blocks2_c(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t nblocks,
                                const uint8_t *m2, size_t nblocks2)
{
    if (nblocks > 0)
        m4crypt_poly1305_blocks(ctx, m, nblocks, 1);
    m4crypt_poly1305_blocks(ctx, m2, nblocks2, 1);
}

/* RFC 8439 section 2.5: r = clamp(key[0..15]), s = key[16..31], h = 0. */
void m4crypt_poly1305_init(m4crypt_poly1305_ctx *ctx, const uint8_t key[32])
{
    /* clamp: r &= 0x0ffffffc0ffffffc0ffffffc0fffffff */
    ctx->r[0] = load32_le(key) & 0x0fffffffu;
    ctx->r[1] = load32_le(key + 4) & 0x0ffffffcu;
    ctx->r[2] = load32_le(key + 8) & 0x0ffffffcu;
    ctx->r[3] = load32_le(key + 12) & 0x0ffffffcu;
    ctx->r[4] = 0;
    for (int i = 0; i < 5; i++)
        ctx->h[i] = 0;
    for (int i = 0; i < 4; i++)
        ctx->pad[i] = load32_le(key + 16 + 4 * i);
    memset(ctx->buf, 0, sizeof ctx->buf);
    ctx->buflen = 0;
}

/* For the AEAD: the key is the first 32 bytes of *ctx itself (ChaCha20 block 0 written over the
 * context), read into registers before every byte of the context is overwritten, so the one-time
 * key never sits in a separate buffer that would need wiping. */
void m4crypt_poly1305_init_inplace(m4crypt_poly1305_ctx *ctx)
{
    const uint8_t *k = (const uint8_t *)ctx;
    const uint32_t r0 = load32_le(k) & 0x0fffffffu, r1 = load32_le(k + 4) & 0x0ffffffcu;
    const uint32_t r2 = load32_le(k + 8) & 0x0ffffffcu, r3 = load32_le(k + 12) & 0x0ffffffcu;
    const uint32_t s0 = load32_le(k + 16), s1 = load32_le(k + 20), s2 = load32_le(k + 24),
                   s3 = load32_le(k + 28);
    ctx->r[0] = r0, ctx->r[1] = r1, ctx->r[2] = r2, ctx->r[3] = r3, ctx->r[4] = 0;
    for (int i = 0; i < 5; i++)
        ctx->h[i] = 0;
    ctx->pad[0] = s0, ctx->pad[1] = s1, ctx->pad[2] = s2, ctx->pad[3] = s3;
    memset(ctx->buf, 0, sizeof ctx->buf);
    ctx->buflen = 0;
}

void m4crypt_poly1305_update(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t len)
{
    if (len == 0)
        return;
    if (ctx->buflen > 0) {
        size_t take = 16 - ctx->buflen;
        if (take > len)
            take = len;
        memcpy(ctx->buf + ctx->buflen, m, take);
        ctx->buflen += (uint32_t)take;
        m += take;
        len -= take;
        if (ctx->buflen < 16)
            return;
        m4crypt_poly1305_blocks(ctx, ctx->buf, 1, 1);
        ctx->buflen = 0;
    }
    if (len >= 16) {
        size_t n = len / 16;
        m4crypt_poly1305_blocks(ctx, m, n, 1);
        m += 16 * n;
        len -= 16 * n;
    }
    if (len > 0) {
        memcpy(ctx->buf, m, len);
        ctx->buflen = (uint32_t)len;
    }
}

/* RFC 8439 section 2.5.1: the last partial block gets a 0x01 byte and zeros; then h mod p, fully
 * reduced in constant time, plus s mod 2^128 is the tag. */
/* In the portable build, the public m4crypt_poly1305_final is this function followed by
 * m4crypt_stack_wipe: the compiler spills h and the tag's words in its frame. */
#ifdef M4CRYPT_POLY1305_HAVE_BLOCKS
#define FINAL m4crypt_poly1305_final
#else
#define FINAL final_unwiped
static __attribute__((noinline)) void final_unwiped(m4crypt_poly1305_ctx *ctx, uint8_t tag[16]);
#endif

void FINAL(m4crypt_poly1305_ctx *ctx, uint8_t tag[16])
{
    if (ctx->buflen > 0) {
        ctx->buf[ctx->buflen] = 1;
        memset(ctx->buf + ctx->buflen + 1, 0, 15 - ctx->buflen);
        m4crypt_poly1305_blocks(ctx, ctx->buf, 1, 0);
    }
    uint32_t h0 = ctx->h[0], h1 = ctx->h[1], h2 = ctx->h[2], h3 = ctx->h[3], h4 = ctx->h[4];
    uint64_t t;

    /* Once: fold the bits at and above 2^130 back as 5 * (h >> 130). With h[4] <= 4 (the
     * context bound, src/poly1305/backend.h) that is 5 * c with c <= 1, so afterwards
     * h <= 2^130 + 4 < 2p; the selection below handles h in [2^130, 2^130 + 4] as well (h + 5
     * has bit 130 set and its low 128 bits are those of h - p). */
    {
        const uint32_t c = h4 >> 2;
        h4 &= 3;
        t = (uint64_t)h0 + (uint64_t)5 * c;
        h0 = (uint32_t)t;
        t = (t >> 32) + h1;
        h1 = (uint32_t)t;
        t = (t >> 32) + h2;
        h2 = (uint32_t)t;
        t = (t >> 32) + h3;
        h3 = (uint32_t)t;
        h4 += (uint32_t)(t >> 32);
    }

    /* g = h + 5 - 2^130 = h - p; since h < 2p, h mod p is g if g >= 0 (bit 130 of h + 5
     * set), else h. Select by mask. */
    t = (uint64_t)h0 + 5;
    const uint32_t g0 = (uint32_t)t;
    t = (t >> 32) + h1;
    const uint32_t g1 = (uint32_t)t;
    t = (t >> 32) + h2;
    const uint32_t g2 = (uint32_t)t;
    t = (t >> 32) + h3;
    const uint32_t g3 = (uint32_t)t;
    const uint32_t g4 = h4 + (uint32_t)(t >> 32);
    const uint32_t use_g = 0u - ((g4 >> 2) & 1);
    h0 = (h0 & ~use_g) | (g0 & use_g);
    h1 = (h1 & ~use_g) | (g1 & use_g);
    h2 = (h2 & ~use_g) | (g2 & use_g);
    h3 = (h3 & ~use_g) | (g3 & use_g);

    /* tag = (h + s) mod 2^128 */
    t = (uint64_t)h0 + ctx->pad[0];
    store32_le(tag, (uint32_t)t);
    t = (t >> 32) + h1 + ctx->pad[1];
    store32_le(tag + 4, (uint32_t)t);
    t = (t >> 32) + h2 + ctx->pad[2];
    store32_le(tag + 8, (uint32_t)t);
    t = (t >> 32) + h3 + ctx->pad[3];
    store32_le(tag + 12, (uint32_t)t);

    /* Wipe the context with word stores (volatile: never removed; it is word-aligned), about a
     * quarter of the cost of the byte-granular m4crypt_memzero. */
    volatile uint32_t *w = (volatile uint32_t *)(void *)ctx;
#pragma GCC unroll 32
    for (size_t i = 0; i < sizeof *ctx / 4; i++)
        w[i] = 0;
}

#ifndef M4CRYPT_POLY1305_HAVE_BLOCKS
/* Stack the portable functions use on the Cortex-M4 (gcc -fstack-usage: blocks_c 96 bytes,
 * final 80, each less the 8 bytes m4crypt_stack_wipe's own frame overwrites). */
#define BLOCKS_C_STACK 88
#define FINAL_STACK 72

void m4crypt_poly1305_blocks_c_wiped(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t nblocks,
                                     uint32_t hibit)
{
    m4crypt_poly1305_blocks_c(ctx, m, nblocks, hibit);
    M4CRYPT_STACK_WIPE(BLOCKS_C_STACK);
}

void m4crypt_poly1305_final(m4crypt_poly1305_ctx *ctx, uint8_t tag[16])
{
    final_unwiped(ctx, tag);
    M4CRYPT_STACK_WIPE(FINAL_STACK);
}
#endif

void m4crypt_poly1305(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32])
{
    m4crypt_poly1305_ctx ctx;
    m4crypt_poly1305_init(&ctx, key);
    m4crypt_poly1305_update(&ctx, m, len);
    m4crypt_poly1305_final(&ctx, tag); /* wipes ctx */
}
#endif /* M4CRYPT_ENABLE_POLY1305 */
