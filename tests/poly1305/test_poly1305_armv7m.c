/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin test of the Poly1305 block function: the backend in use (m4crypt_poly1305_blocks, the
 * ARMv7E-M assembly in the m4-armv7m configuration) against the portable m4crypt_poly1305_blocks_c.
 * Both keep h only partially reduced, so results are compared modulo p = 2^130 - 5 (and the
 * context bound h[4] <= 4 of src/poly1305/backend.h is checked on both). Random and extreme keys,
 * accumulators and messages (all-ones limbs, h at and around p and 2^131 - 1), hibit 0 and 1,
 * 0..20 blocks, unaligned messages; then every length 0..200 through the public API against a
 * tag computed with the portable block function only. On a build without a backend it compares
 * the C function with itself and says so.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/poly1305.h"
#include "poly1305/backend.h"

/* h mod p for h < 2^160 (5 little-endian words): fold bits >= 130, then subtract p if >= p. */
static void canonical(uint32_t out[5], const uint32_t h[5])
{
    uint32_t w[5];
    memcpy(w, h, sizeof w);
    for (int round = 0; round < 3; round++) {
        uint64_t c = (uint64_t)(w[4] >> 2) * 5;
        w[4] &= 3;
        for (int i = 0; i < 5; i++) {
            c += w[i];
            w[i] = (uint32_t)c;
            c >>= 32;
        }
    }
    /* now w < 2^130 + small, at most one bit above: w >= p iff w + 5 >= 2^130 */
    uint32_t g[5];
    uint64_t c = 5;
    for (int i = 0; i < 5; i++) {
        c += w[i];
        g[i] = (uint32_t)c;
        c >>= 32;
    }
    if (g[4] >> 2) {
        g[4] &= 3;
        memcpy(w, g, sizeof w);
    }
    memcpy(out, w, sizeof w);
}

static uint8_t msgbuf[16 * 20 + 4];

static void twin(const m4crypt_poly1305_ctx *start, size_t nblocks, unsigned off, uint32_t hibit)
{
    m4crypt_poly1305_ctx a = *start, b = *start;
    uint32_t ca[5], cb[5];
    m4crypt_poly1305_blocks(&a, msgbuf + off, nblocks, hibit);
    m4crypt_poly1305_blocks_c(&b, msgbuf + off, nblocks, hibit);
    canonical(ca, a.h);
    canonical(cb, b.h);
    CHECK_MEM(ca, cb, sizeof ca);
    CHECK(a.h[4] <= 4 && b.h[4] <= 4);
    CHECK_MEM(a.r, start->r, sizeof a.r); /* the key and the rest are untouched */
    CHECK_MEM(a.pad, start->pad, sizeof a.pad);
}

/* Two runs in one call (m4crypt_poly1305_blocks2) against two calls of the portable function. */
static uint8_t msgbuf2[16 * 6 + 4];

static void twin2(const m4crypt_poly1305_ctx *start, size_t n1, unsigned off1, size_t n2,
                  unsigned off2)
{
    m4crypt_poly1305_ctx a = *start, b = *start;
    uint32_t ca[5], cb[5];
    m4crypt_poly1305_blocks2(&a, msgbuf + off1, n1, msgbuf2 + off2, n2);
    m4crypt_poly1305_blocks_c(&b, msgbuf + off1, n1, 1);
    m4crypt_poly1305_blocks_c(&b, msgbuf2 + off2, n2, 1);
    canonical(ca, a.h);
    canonical(cb, b.h);
    CHECK_MEM(ca, cb, sizeof ca);
    CHECK(a.h[4] <= 4);
    CHECK_MEM(a.r, start->r, sizeof a.r);
    CHECK_MEM(a.pad, start->pad, sizeof a.pad);
}

static void random_key(m4crypt_poly1305_ctx *ctx, int extreme)
{
    uint8_t key[32];
    t_rand_bytes(key, sizeof key);
    if (extreme == 1)
        memset(key, 0xff, sizeof key);
    else if (extreme == 2)
        for (int i = 0; i < 16; i++)
            key[i] = (t_rand32() & 1) ? 0xff : 0x00;
    m4crypt_poly1305_init(ctx, key);
}

static void random_h(m4crypt_poly1305_ctx *ctx, int kind)
{
    for (int i = 0; i < 4; i++)
        ctx->h[i] = t_rand32();
    ctx->h[4] = t_rand32() % 5;
    if (kind == 1) { /* 5 * 2^128 - 1, the largest allowed */
        for (int i = 0; i < 4; i++)
            ctx->h[i] = 0xffffffffu;
        ctx->h[4] = 4;
    } else if (kind == 2) { /* p - 1 + {0, 1, 2}: around p */
        ctx->h[0] = 0xfffffffau + t_rand32() % 3;
        ctx->h[1] = ctx->h[2] = ctx->h[3] = 0xffffffffu;
        ctx->h[4] = 3;
    } else if (kind == 3) {
        memset(ctx->h, 0, sizeof ctx->h);
    }
}

/* A tag with the portable block function only (final() then finds no partial block). */
static void tag_c(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32])
{
    m4crypt_poly1305_ctx ctx;
    m4crypt_poly1305_init(&ctx, key);
    m4crypt_poly1305_blocks_c(&ctx, m, len / 16, 1);
    if (len % 16) {
        uint8_t last[16] = {0};
        memcpy(last, m + len / 16 * 16, len % 16);
        last[len % 16] = 1;
        m4crypt_poly1305_blocks_c(&ctx, last, 1, 0);
    }
    m4crypt_poly1305_final(&ctx, tag);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
#ifdef M4CRYPT_POLY1305_HAVE_BLOCKS
    t_printf("poly1305_armv7m: comparing the assembly backend with the portable C\n");
#else
    t_printf("poly1305_armv7m: no backend in this build; checking the portable C against itself\n");
#endif
    t_rand_seed(0x1305a);
    m4crypt_poly1305_ctx ctx;

    const unsigned iters = t_quick() ? 1500 : 6000;
    for (unsigned it = 0; it < iters; it++) {
        random_key(&ctx, it % 7 == 1 ? 1 : it % 7 == 2 ? 2 : 0);
        random_h(&ctx, (int)(it % 5 < 4 ? it % 5 : 0));
        t_rand_bytes(msgbuf, sizeof msgbuf);
        if (it % 3 == 1)
            memset(msgbuf, 0xff, sizeof msgbuf);
        size_t nb = it % 10 == 0 ? t_rand32() % 21 : t_rand32() % 4;
        twin(&ctx, nb, t_rand32() % 4, it & 1);
    }
    /* two runs in one call: first run 0..20 blocks, second 1..6 */
    for (unsigned it = 0; it < (t_quick() ? 400u : 2000u); it++) {
        random_key(&ctx, it % 7 == 1 ? 1 : 0);
        random_h(&ctx, (int)(it % 4));
        t_rand_bytes(msgbuf, sizeof msgbuf);
        t_rand_bytes(msgbuf2, sizeof msgbuf2);
        if (it % 5 == 1) {
            memset(msgbuf, 0xff, sizeof msgbuf);
            memset(msgbuf2, 0xff, sizeof msgbuf2);
        }
        twin2(&ctx, it % 3 == 0 ? t_rand32() % 21 : t_rand32() % 5, t_rand32() % 4,
              1 + t_rand32() % 6, t_rand32() % 4);
    }

    /* a chain of single blocks against one call */
    random_key(&ctx, 0);
    random_h(&ctx, 0);
    t_rand_bytes(msgbuf, sizeof msgbuf);
    m4crypt_poly1305_ctx one = ctx, many = ctx;
    m4crypt_poly1305_blocks(&one, msgbuf + 1, 20, 1);
    for (int i = 0; i < 20; i++)
        m4crypt_poly1305_blocks(&many, msgbuf + 1 + 16 * i, 1, 1);
    uint32_t c1[5], c2[5];
    canonical(c1, one.h);
    canonical(c2, many.h);
    CHECK_MEM(c1, c2, sizeof c1);

    /* every length 0..200 through the public API (one-shot and in chunks of 7) */
    static uint8_t m[200 + 3];
    uint8_t key[32], t1[16], t2[16];
    for (size_t len = 0; len <= 200; len++) {
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(m, sizeof m);
        if (len % 5 == 0)
            memset(m, 0xff, sizeof m);
        unsigned off = (unsigned)(len % 4);
        tag_c(t1, m + off, len, key);
        m4crypt_poly1305(t2, m + off, len, key);
        CHECK_MEM(t1, t2, 16);
        m4crypt_poly1305_init(&ctx, key);
        for (size_t o = 0; o < len; o += 7)
            m4crypt_poly1305_update(&ctx, m + off + o, len - o < 7 ? len - o : 7);
        m4crypt_poly1305_final(&ctx, t2);
        CHECK_MEM(t1, t2, 16);
    }
    return t_summary("poly1305_armv7m");
}
