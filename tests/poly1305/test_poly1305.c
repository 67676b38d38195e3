/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Poly1305 tests: RFC 8439 section 2.5.2 and appendix A.3 (from cryptography-vectors
 * poly1305/rfc7539.txt), a slow but independent reference (radix 2^8, written here from the
 * definition) on random and edge-case inputs, the incremental API with random chunkings,
 * unaligned messages, the context invariants of src/poly1305/backend.h and wiping.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/poly1305.h"
#include "poly1305/backend.h"

/*
 * Reference Poly1305 with 17 limbs of 8 bits (RFC 8439 section 2.5.1 literally: h = (h + block
 * with a 0x01 byte appended) * r mod 2^130 - 5, then + s mod 2^128). Limb 16 has weight 2^128;
 * 2^136 = 2^6 * 2^130 = 64 * 5 = 320 mod p folds the upper half of a product.
 */
static void ref_mulmod(uint32_t h[17], const uint32_t r[17])
{
    uint32_t x[17];
    for (int i = 0; i < 17; i++) {
        uint32_t u = 0;
        for (int j = 0; j < 17; j++)
            u += h[j] * (j <= i ? r[i - j] : 320 * r[i + 17 - j]);
        x[i] = u;
    }
    /* carry, keeping 2 bits of limb 16 (2^130) and folding the rest times 5 */
    uint32_t u = 0;
    for (int j = 0; j < 16; j++) {
        u += x[j];
        h[j] = u & 255;
        u >>= 8;
    }
    u += x[16];
    h[16] = u & 3;
    u = 5 * (u >> 2);
    for (int j = 0; j < 16; j++) {
        u += h[j];
        h[j] = u & 255;
        u >>= 8;
    }
    h[16] += u;
}

static void ref_poly1305(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32])
{
    uint32_t h[17] = {0}, r[17] = {0};
    for (int i = 0; i < 16; i++)
        r[i] = key[i];
    /* clamp (section 2.5.1) */
    r[3] &= 15, r[7] &= 15, r[11] &= 15, r[15] &= 15;
    r[4] &= 252, r[8] &= 252, r[12] &= 252;
    while (len > 0) {
        uint32_t c[17] = {0};
        size_t n = len < 16 ? len : 16;
        for (size_t j = 0; j < n; j++)
            c[j] = m[j];
        c[n] = 1;
        uint32_t u = 0;
        for (int j = 0; j < 17; j++) {
            u += h[j] + c[j];
            h[j] = u & 255;
            u >>= 8;
        }
        ref_mulmod(h, r);
        m += n;
        len -= n;
    }
    /* full reduction: h - p = h + (2^136 - p) - 2^136, 2^136 - p = 5 + 252 * 2^128 */
    uint32_t g[17], u = 0;
    for (int j = 0; j < 17; j++) {
        u += h[j] + (j == 0 ? 5 : j == 16 ? 252 : 0);
        g[j] = u & 255;
        u >>= 8;
    }
    if (u) /* h >= p */
        memcpy(h, g, sizeof h);
    u = 0;
    for (int j = 0; j < 16; j++) {
        u += h[j] + key[16 + j];
        tag[j] = (uint8_t)u;
        u >>= 8;
    }
}

/* RFC 8439 section 2.5.2. */
static void test_rfc_252(void)
{
    uint8_t key[32], want[16], tag[16];
    t_unhex(key, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    t_unhex(want, "a8061dc1305136c6c22b8baf0c0127a9");
    const char *msg = "Cryptographic Forum Research Group";
    m4crypt_poly1305(tag, (const uint8_t *)msg, strlen(msg), key);
    CHECK_MEM(tag, want, 16);
    ref_poly1305(tag, (const uint8_t *)msg, strlen(msg), key);
    CHECK_MEM(tag, want, 16); /* the reference agrees too */
    /* section 2.5.2 also prints the clamped r: 806d5400e52447c036d555408bed685 */
    m4crypt_poly1305_ctx ctx;
    m4crypt_poly1305_init(&ctx, key);
    CHECK(ctx.r[3] == 0x0806d540 && ctx.r[2] == 0x0e52447c && ctx.r[1] == 0x036d5554 &&
          ctx.r[0] == 0x08bed685);
    m4crypt_poly1305_final(&ctx, tag);
}

/* Runs the incremental API over m in random chunks (0..max_chunk bytes). */
static void chunked(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32],
                    unsigned max_chunk)
{
    m4crypt_poly1305_ctx ctx;
    m4crypt_poly1305_init(&ctx, key);
    size_t off = 0;
    while (off < len) {
        size_t n = t_rand32() % (max_chunk + 1);
        if (n > len - off)
            n = len - off;
        m4crypt_poly1305_update(&ctx, m + off, n);
        off += n;
        CHECK(ctx.buflen < 16 && ctx.h[4] <= 4); /* context invariants (backend.h) */
    }
    m4crypt_poly1305_update(&ctx, m, 0);
    m4crypt_poly1305_final(&ctx, tag);
    CHECK(t_all_zero(&ctx, sizeof ctx)); /* final wipes the context */
}

/* RFC 8439 appendix A.3 (and 2.5.2-style) vectors from cryptography-vectors. */
static void test_vectors_a3(void)
{
    static uint8_t msg[512];
    uint8_t key[32], want[16], tag[16];
    unsigned records = 0;
    for (vec_file f = vec_begin("poly1305_rfc7539.vec"); vec_next(&f); records++) {
        long kl = vec_hex("key", key, sizeof key), ml = vec_hex("msg", msg, sizeof msg);
        long tl = vec_hex("tag", want, sizeof want);
        CHECK(kl == 32 && ml >= 0 && tl == 16);
        if (kl != 32 || ml < 0 || tl != 16)
            continue;
        m4crypt_poly1305(tag, msg, (size_t)ml, key);
        if (!t_memeq(tag, want, 16))
            t_printf("  at %s\n", vec_where());
        CHECK_MEM(tag, want, 16);
        for (unsigned c = 1; c <= 17; c += 4) {
            chunked(tag, msg, (size_t)ml, key, c);
            CHECK_MEM(tag, want, 16);
        }
        ref_poly1305(tag, msg, (size_t)ml, key);
        CHECK_MEM(tag, want, 16);
    }
    CHECK(records == 11); /* A.3 has eleven test vectors */
}

/* Random keys and messages, plus keys and messages made of extreme bytes (all-ones limbs, h
 * landing at or just above p), against the reference; one-shot, chunked and unaligned. */
static void test_random(void)
{
    static uint8_t buf[700 + 4];
    uint8_t key[32], tag[16], want[16];
    const unsigned iters = t_quick() ? 150 : 2000;
    t_rand_seed(99);
    for (unsigned it = 0; it < iters; it++) {
        size_t len = t_rand32() % (it < 50 ? 64 : 700);
        unsigned mode = it % 4;
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(buf, sizeof buf);
        if (mode == 1) { /* extreme bytes */
            for (size_t i = 0; i < sizeof buf; i++)
                buf[i] = (t_rand32() & 7) ? 0xff : (uint8_t)t_rand32();
            for (size_t i = 0; i < 32; i++)
                key[i] = (t_rand32() & 3) ? 0xff : 0;
        } else if (mode == 2) {
            memset(buf, (t_rand32() & 1) ? 0xff : 0, sizeof buf);
            memset(key, 0xff, 16);
        }
        unsigned off = t_rand32() % 4;
        if (off)
            memmove(buf + off, buf, len);
        ref_poly1305(want, buf + off, len, key);
        m4crypt_poly1305(tag, buf + off, len, key);
        CHECK_MEM(tag, want, 16);
        chunked(tag, buf + off, len, key, 1 + t_rand32() % 40);
        CHECK_MEM(tag, want, 16);
    }
}

/* Chunks of every size 0..33 in a fixed pattern over every length 0..100. */
static void test_incremental_exhaustive(void)
{
    static uint8_t m[100];
    uint8_t key[32], tag[16], want[16];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(m, sizeof m);
    for (size_t len = 0; len <= sizeof m; len++) {
        m4crypt_poly1305(want, m, len, key);
        for (size_t step = 1; step <= 33; step += t_quick() ? 4 : 1) {
            m4crypt_poly1305_ctx ctx;
            m4crypt_poly1305_init(&ctx, key);
            for (size_t off = 0; off < len; off += step)
                m4crypt_poly1305_update(&ctx, m + off, len - off < step ? len - off : step);
            m4crypt_poly1305_final(&ctx, tag);
            CHECK_MEM(tag, want, 16);
        }
    }
}

/* Key-only effects: r = 0 gives tag = s; the clamped bits of r are ignored. */
static void test_key_edges(void)
{
    uint8_t key[32], key2[32], m[48], t1[16], t2[16];
    t_rand_bytes(m, sizeof m);
    memset(key, 0, 16);
    t_rand_bytes(key + 16, 16);
    m4crypt_poly1305(t1, m, sizeof m, key);
    CHECK_MEM(t1, key + 16, 16);
    t_rand_bytes(key, sizeof key);
    memcpy(key2, key, sizeof key);
    key2[3] |= 0xf0, key2[7] |= 0xf0, key2[11] |= 0xf0, key2[15] |= 0xf0;
    key2[4] |= 3, key2[8] |= 3, key2[12] |= 3;
    key[3] &= 0x0f, key[7] &= 0x0f, key[11] &= 0x0f, key[15] &= 0x0f;
    key[4] &= 0xfc, key[8] &= 0xfc, key[12] &= 0xfc;
    m4crypt_poly1305(t1, m, sizeof m, key);
    m4crypt_poly1305(t2, m, sizeof m, key2);
    CHECK_MEM(t1, t2, 16);
    /* a different s changes the tag; so does every single message bit */
    key2[31] ^= 0x80;
    m4crypt_poly1305(t2, m, sizeof m, key2);
    CHECK(!t_memeq(t1, t2, 16));
    for (size_t bit = 0; bit < 8 * sizeof m; bit += t_quick() ? 13 : 1) {
        m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        m4crypt_poly1305(t2, m, sizeof m, key);
        CHECK(!t_memeq(t1, t2, 16));
        m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    m4crypt_poly1305(t1, NULL, 0, key); /* empty message: tag = s */
    CHECK_MEM(t1, key + 16, 16);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(1305);
    test_rfc_252();
    test_vectors_a3();
    test_random();
    test_incremental_exhaustive();
    test_key_edges();
    return t_summary("poly1305");
}
