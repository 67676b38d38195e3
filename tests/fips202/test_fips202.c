/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * FIPS 202 tests: NIST CAVP KATs (ShortMsg, LongMsg, VariableOut) through the one-shot and the
 * incremental API with random chunkings, the SHA3VS/SHAKEVS Monte Carlo procedure, lengths around
 * the rate boundaries (expected values from Python hashlib), the permutation on the zero state,
 * and properties of the generic sponge (prefix property, lazy squeeze, inert contexts, wiping).
 */
#include <string.h>

#include "fips202/backend.h"
#include "fips202/sponge.h"
#include "harness.h"

enum { F_SHA3_256, F_SHA3_512, F_SHAKE128, F_SHAKE256, F_COUNT };
static const char *const fn_names[F_COUNT] = {"sha3_256", "sha3_512", "shake128", "shake256"};
static const size_t fn_digest[F_COUNT] = {32, 64, 0, 0};

#define MSG_MAX 20000 /* LongMsg goes up to 17,068 bytes */
#define OUT_MAX 2048
static uint8_t msg[MSG_MAX];
static uint8_t out[OUT_MAX + 16], got[OUT_MAX + 16], exp_out[OUT_MAX];

static int fn_by_name(const char *name)
{
    for (int f = 0; f < F_COUNT; f++)
        if (name && strcmp(name, fn_names[f]) == 0)
            return f;
    return -1;
}

static void oneshot(int f, uint8_t *o, size_t outlen, const uint8_t *m, size_t mlen)
{
    switch (f) {
    case F_SHA3_256:
        m4crypt_sha3_256(o, m, mlen);
        break;
    case F_SHA3_512:
        m4crypt_sha3_512(o, m, mlen);
        break;
    case F_SHAKE128:
        m4crypt_shake128(o, outlen, m, mlen);
        break;
    default:
        m4crypt_shake256(o, outlen, m, mlen);
        break;
    }
}

/* A random chunk length: often tiny, sometimes around the rate, sometimes large. */
static size_t chunk_len(size_t left, unsigned rate)
{
    size_t n;
    switch (t_rand32() % 6) {
    case 0:
        n = 0;
        break;
    case 1:
        n = 1 + t_rand32() % 7;
        break;
    case 2:
        n = rate - 1 + t_rand32() % 3;
        break;
    case 3:
        n = t_rand32() % (3 * rate);
        break;
    case 4:
        n = left;
        break;
    default:
        n = t_rand32() % 64;
        break;
    }
    return n > left ? left : n;
}

static void absorb_chunked(m4crypt_keccak_ctx *ctx, const uint8_t *m, size_t mlen)
{
    while (mlen > 0) {
        size_t n = chunk_len(mlen, ctx->rate);
        m4crypt_keccak_absorb(ctx, m, n);
        m += n, mlen -= n;
    }
    if (t_rand32() & 1)
        m4crypt_keccak_absorb(ctx, m, 0); /* empty absorb at the end changes nothing */
}

static void squeeze_chunked(m4crypt_keccak_ctx *ctx, uint8_t *o, size_t outlen)
{
    while (outlen > 0) {
        size_t n = chunk_len(outlen, ctx->rate);
        m4crypt_keccak_squeeze(ctx, o, n);
        o += n, outlen -= n;
    }
}

/* The function through the incremental API with random chunkings. SHA-3 alternates between its
 * own init/final and the generic sponge (rate, 0x06) with chunked squeezing. */
static void incremental(int f, uint8_t *o, size_t outlen, const uint8_t *m, size_t mlen)
{
    m4crypt_keccak_ctx ctx;
    int generic = (int)(t_rand32() & 1);
    switch (f) {
    case F_SHA3_256:
        generic ? m4crypt_keccak_init(&ctx, M4CRYPT_SHA3_256_RATE, 0x06)
                : m4crypt_sha3_256_init(&ctx);
        break;
    case F_SHA3_512:
        generic ? m4crypt_keccak_init(&ctx, M4CRYPT_SHA3_512_RATE, 0x06)
                : m4crypt_sha3_512_init(&ctx);
        break;
    case F_SHAKE128:
        generic ? m4crypt_keccak_init(&ctx, M4CRYPT_SHAKE128_RATE, 0x1f)
                : m4crypt_shake128_init(&ctx);
        break;
    default:
        generic ? m4crypt_keccak_init(&ctx, M4CRYPT_SHAKE256_RATE, 0x1f)
                : m4crypt_shake256_init(&ctx);
        break;
    }
    absorb_chunked(&ctx, m, mlen);
    if (fn_digest[f] && !generic) {
        if (f == F_SHA3_256)
            m4crypt_sha3_256_final(&ctx, o);
        else
            m4crypt_sha3_512_final(&ctx, o);
        return;
    }
    m4crypt_keccak_finalize(&ctx);
    squeeze_chunked(&ctx, o, fn_digest[f] ? fn_digest[f] : outlen);
}

/* Checks one (message, expected output) pair both ways; a canary after the output catches
 * overlong writes. */
static void check_both(int f, const uint8_t *m, size_t mlen, const uint8_t *expected,
                       size_t outlen)
{
    memset(out, 0xa5, outlen + 16);
    oneshot(f, out, outlen, m, mlen);
    CHECK_MEM(out, expected, outlen);
    CHECK(out[outlen] == 0xa5 && out[outlen + 15] == 0xa5);
    for (int rep = 0; rep < 2; rep++) {
        memset(got, 0x5a, outlen + 16);
        incremental(f, got, outlen, m, mlen);
        CHECK_MEM(got, expected, outlen);
        CHECK(got[outlen] == 0x5a && got[outlen + 15] == 0x5a);
    }
}

static void test_kats(int f)
{
    char name[40] = "fips202_";
    strcat(name, fn_names[f]);
    strcat(name, ".vec");
    unsigned before = t_failed, records = 0;
    for (vec_file vf = vec_begin(name); vec_next(&vf); records++) {
        long mlen = vec_hex("msg", msg, sizeof msg);
        long olen = vec_hex("out", exp_out, sizeof exp_out);
        CHECK(mlen >= 0 && olen > 0);
        if (mlen < 0 || olen <= 0)
            continue;
        if (fn_digest[f])
            CHECK((size_t)olen == fn_digest[f]);
        unsigned fb = t_failed;
        check_both(f, msg, (size_t)mlen, exp_out, (size_t)olen);
        if (t_failed != fb)
            t_printf("  at %s\n", vec_where());
    }
    CHECK(records > 0);
    t_printf("%s: %u records%s\n", name, records, t_failed == before ? "" : " (FAILURES)");
}

/* Monte Carlo tests. SHA3VS section 6.2.3: MD_0 = Seed; 1000 times MD_i = SHA3(MD_{i-1}); the
 * checkpoint is MD_1000, which seeds the next one. SHAKEVS section 6.2.3: Msg_i = the leftmost
 * 128 bits of Output_{i-1} (zero-padded if shorter), Output_i = SHAKE(Msg_i, Outputlen), and
 * Outputlen = minout + (rightmost 16 bits of Output_i mod (maxout - minout + 1)) bytes for the
 * next iteration; the first Outputlen is maxout; the checkpoint is Output_1000. */
static void test_mct(void)
{
    static uint8_t cur[OUT_MAX];
    size_t curlen = 0, outlen = 0;
    int chain_fn = -1;
    unsigned done[F_COUNT] = {0};
    for (vec_file vf = vec_begin("fips202_mct.vec"); vec_next(&vf);) {
        int f = fn_by_name(vec_str("fn"));
        long j = vec_int("count", -1);
        CHECK(f >= 0 && j >= 0);
        if (f < 0 || j < 0)
            continue;
        if (t_quick() && j >= 3)
            continue; /* the M4 runs the first three checkpoints of each chain */
        long minout = vec_int("minout", 0), maxout = vec_int("maxout", 0);
        if (j == 0 || f != chain_fn) {
            CHECK(j == 0);
            long n = vec_hex("seed", cur, sizeof cur);
            CHECK(n > 0);
            curlen = n > 0 ? (size_t)n : 0;
            outlen = fn_digest[f] ? fn_digest[f] : (size_t)maxout;
            chain_fn = f;
        }
        for (int i = 0; i < 1000; i++) {
            if (fn_digest[f]) {
                oneshot(f, got, 0, cur, curlen);
                memcpy(cur, got, fn_digest[f]);
                curlen = fn_digest[f];
            } else {
                uint8_t m[16] = {0};
                memcpy(m, cur, curlen < 16 ? curlen : 16);
                oneshot(f, cur, outlen, m, 16);
                curlen = outlen;
                unsigned right = (unsigned)cur[curlen - 2] << 8 | cur[curlen - 1];
                outlen = (size_t)minout + right % (unsigned)(maxout - minout + 1);
            }
        }
        long olen = vec_hex("out", exp_out, sizeof exp_out);
        CHECK(olen > 0 && (size_t)olen == curlen && vec_int("outlen", -1) == olen);
        CHECK_MEM(cur, exp_out, curlen);
        done[f]++;
    }
    for (int f = 0; f < F_COUNT; f++)
        CHECK(done[f] >= 3);
    t_printf("fips202_mct.vec: %u/%u/%u/%u checkpoints\n", done[0], done[1], done[2], done[3]);
}

static void test_edges(void)
{
    unsigned records = 0;
    for (vec_file vf = vec_begin("fips202_edge.vec"); vec_next(&vf); records++) {
        int f = fn_by_name(vec_str("fn"));
        long mlen = vec_hex("msg", msg, sizeof msg);
        long olen = vec_hex("out", exp_out, sizeof exp_out);
        CHECK(f >= 0 && mlen == vec_int("msglen", -1) && olen == vec_int("outlen", -1));
        if (f < 0 || mlen < 0 || olen < 0)
            continue;
        unsigned fb = t_failed;
        check_both(f, msg, (size_t)mlen, exp_out, (size_t)olen);
        if (t_failed != fb)
            t_printf("  at %s\n", vec_where());
    }
    CHECK(records >= 50);
    t_printf("fips202_edge.vec: %u records\n", records);
}

/* Keccak-f[1600] applied to the all-zero state, once and twice: the lanes from the Keccak team's
 * KeccakF-1600-IntermediateValues.txt ("Keccak-f[1600] ... State after permutation"), lane
 * A[x, y] at 5 y + x, a row of the state a line. */
static const uint64_t zero_state_permuted[2][25] = {
    {0xF1258F7940E1DDE7, 0x84D5CCF933C0478A, 0xD598261EA65AA9EE, 0xBD1547306F80494D, 0x8B284E056253D057,
     0xFF97A42D7F8E6FD4, 0x90FEE5A0A44647C4, 0x8C5BDA0CD6192E76, 0xAD30A6F71B19059C, 0x30935AB7D08FFC64,
     0xEB5AA93F2317D635, 0xA9A6E6260D712103, 0x81A57C16DBCF555F, 0x43B831CD0347C826, 0x01F22F1A11A5569F,
     0x05E5635A21D9AE61, 0x64BEFEF28CC970F2, 0x613670957BC46611, 0xB87C5A554FD00ECB, 0x8C3EE88A1CCF32C8,
     0x940C7922AE3A2614, 0x1841F924A2C509E4, 0x16F53526E70465C2, 0x75F644E97F30A13B, 0xEAF1FF7B5CECA249},
    {0x2D5C954DF96ECB3C, 0x6A332CD07057B56D, 0x093D8D1270D76B6C, 0x8A20D9B25569D094, 0x4F9C4F99E5E7F156,
     0xF957B9A2DA65FB38, 0x85773DAE1275AF0D, 0xFAF4F247C3D810F7, 0x1F1B9EE6F79A8759, 0xE4FECC0FEE98B425,
     0x68CE61B6B9CE68A1, 0xDEEA66C4BA8F974F, 0x33C43D836EAFB1F5, 0xE00654042719DBD9, 0x7CF8A9F009831265,
     0xFD5449A6BF174743, 0x97DDAD33D8994B40, 0x48EAD5FC5D0BE774, 0xE3B8C8EE55B7B03C, 0x91A0226E649E42E9,
     0x900E3129E7BADD7B, 0x202A9EC5FAA3CCE8, 0x5B3402464E1C3DB6, 0x609F4E62A44C1059, 0x20D06CD26A8FBF5C},
};

static void test_permutation(void)
{
    uint64_t s[25] = {0}, c[25] = {0};
    for (int i = 0; i < 2; i++) {
        m4crypt_keccakf1600(s);
        CHECK(memcmp(s, zero_state_permuted[i], sizeof s) == 0);
    }
    /* The portable permutation agrees with the public one (the backend's, when there is one). */
    m4crypt_keccakf1600_c(c);
    m4crypt_keccakf1600_c(c);
    CHECK(memcmp(c, zero_state_permuted[1], sizeof c) == 0);
    /* A single flipped input bit changes the output (and the permutation is not the identity). */
    memset(s, 0, sizeof s);
    s[24] = 1ULL << 63;
    m4crypt_keccakf1600(s);
    CHECK(memcmp(s, zero_state_permuted[0], sizeof s) != 0 && s[0] != 0);
}

/* Properties of the sponge that the vectors do not cover. */
static void test_properties(void)
{
    m4crypt_keccak_ctx a, b;
    uint8_t x[600], y[600];
    t_rand_bytes(msg, 1000);

    /* SHAKE output of n bytes is a prefix of the output of n + k bytes. */
    for (int f = F_SHAKE128; f <= F_SHAKE256; f++) {
        oneshot(f, x, sizeof x, msg, 77);
        for (size_t n = 0; n < sizeof x; n += 1 + n / 3) {
            memset(y, 0, sizeof y);
            oneshot(f, y, n, msg, 77);
            CHECK_MEM(x, y, n);
            CHECK(n == sizeof x || y[n] == 0);
        }
    }

    /* Generic sponge with odd rates: every chunking gives the same output. */
    static const unsigned rates[] = {1, 2, 7, 8, 9, 63, 100, 135, 137, 168, 199};
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        size_t mlen = t_rand32() % 700, olen = 1 + t_rand32() % 500;
        m4crypt_keccak_init(&a, rates[r], 0x1f);
        m4crypt_keccak_absorb(&a, msg, mlen);
        m4crypt_keccak_finalize(&a);
        m4crypt_keccak_squeeze(&a, x, olen);
        for (int rep = 0; rep < 3; rep++) {
            m4crypt_keccak_init(&b, rates[r], 0x1f);
            absorb_chunked(&b, msg, mlen);
            m4crypt_keccak_finalize(&b);
            squeeze_chunked(&b, y, olen);
            CHECK_MEM(x, y, olen);
        }
        /* a different domain byte gives a different output */
        m4crypt_keccak_init(&b, rates[r], 0x06);
        m4crypt_keccak_absorb(&b, msg, mlen);
        m4crypt_keccak_squeeze(&b, y, olen);
        CHECK(olen < 4 || memcmp(x, y, olen) != 0);
    }

    /* Squeeze without finalize finalizes; a second finalize changes nothing. */
    m4crypt_shake256_init(&a);
    m4crypt_keccak_absorb(&a, msg, 300);
    m4crypt_keccak_squeeze(&a, x, 200);
    m4crypt_shake256_init(&b);
    m4crypt_keccak_absorb(&b, msg, 300);
    m4crypt_keccak_finalize(&b);
    m4crypt_keccak_finalize(&b);
    m4crypt_keccak_squeeze(&b, y, 200);
    CHECK_MEM(x, y, 200);
    /* absorbing after finalize is ignored */
    m4crypt_keccak_absorb(&b, msg, 10);
    m4crypt_keccak_squeeze(&b, y, 100);
    m4crypt_keccak_squeeze(&a, x, 100);
    CHECK_MEM(x, y, 100);

    /* Inert contexts (rate 0 or >= 200) write zeros and never touch memory out of bounds. */
    static const unsigned bad_rates[] = {0, 200, 1000};
    for (size_t r = 0; r < 3; r++) {
        m4crypt_keccak_init(&a, bad_rates[r], 0x1f);
        m4crypt_keccak_absorb(&a, msg, 500);
        m4crypt_keccak_finalize(&a);
        memset(x, 0xff, sizeof x);
        m4crypt_keccak_squeeze(&a, x, 300);
        CHECK(x[0] == 0 && x[299] == 0 && x[300] == 0xff);
    }

    /* SHA-3 final wipes the context. */
    m4crypt_sha3_512_init(&a);
    m4crypt_keccak_absorb(&a, msg, 50);
    m4crypt_sha3_512_final(&a, x);
    memset(&b, 0, sizeof b);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

/* Whole blocks read where the permutation left them (sponge.h): m4crypt_keccak_squeeze_block and
 * m4crypt_keccak_state_bytes give the bytes m4crypt_keccak_squeeze gives, block after block,
 * with or without finalize first and at any offset of the state; a partly squeezed block is
 * skipped; an inert context is left as it is. */
static void test_squeeze_block(void)
{
    m4crypt_keccak_ctx a, b;
    static uint8_t x[4 * 168], y[200];
    static const size_t lens[] = {0, 34, 135, 136, 167, 168, 500};
    t_rand_bytes(msg, 1000);
    for (int f = F_SHAKE128; f <= F_SHAKE256; f++) {
        size_t rate = f == F_SHAKE128 ? M4CRYPT_SHAKE128_RATE : M4CRYPT_SHAKE256_RATE;
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            incremental(f, x, 4 * rate, msg, lens[i]);
            if (f == F_SHAKE128)
                m4crypt_shake128_init(&b);
            else
                m4crypt_shake256_init(&b);
            m4crypt_keccak_absorb(&b, msg, lens[i]);
            if (i % 2)
                m4crypt_keccak_finalize(&b);
            for (size_t k = 0; k < 3; k++) {
                m4crypt_keccak_squeeze_block(&b);
                m4crypt_keccak_state_bytes(b.state, 0, y, rate);
                CHECK_MEM(x + k * rate, y, rate);
                size_t off = t_rand32() % rate, len = t_rand32() % (rate - off + 1);
                memset(y, 0, sizeof y);
                m4crypt_keccak_state_bytes(b.state, (unsigned)off, y, len);
                CHECK_MEM(x + k * rate + off, y, len);
            }
            /* then squeeze goes on with the next block */
            m4crypt_keccak_squeeze(&b, y, 10);
            CHECK_MEM(x + 3 * rate, y, 10);
            /* the rest of a partly squeezed block is skipped */
            a = b;
            m4crypt_keccak_squeeze_block(&a);
            m4crypt_keccak_state_bytes(a.state, 0, y, rate);
            m4crypt_keccak_squeeze(&b, x, rate - 10);
            m4crypt_keccak_squeeze(&b, x, rate);
            CHECK_MEM(x, y, rate);
        }
    }
    /* an inert context: nothing changes */
    m4crypt_keccak_init(&a, 0, 0x1f);
    b = a;
    m4crypt_keccak_squeeze_block(&a);
    m4crypt_keccak_squeeze_block(&a);
    CHECK(memcmp(&a.state, &b.state, sizeof a.state) == 0);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(202);
    test_permutation();
    for (int f = 0; f < F_COUNT; f++)
        test_kats(f);
    test_edges();
    test_mct();
    test_properties();
    test_squeeze_block();
    return t_summary("fips202");
}
