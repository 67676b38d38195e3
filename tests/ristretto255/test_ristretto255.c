/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ristretto255 tests: RFC 9496 appendix A (ristretto255_rfc9496.vec, tools/vectors/
 * conv_ristretto255.py): encodings of 0..15 times the generator through the fixed-base and the
 * variable-base multiplication and the decoder, the invalid encodings, the from-uniform-bytes
 * vectors; then properties on random scalars: a G by both multiplications, a (b G) = b (a G),
 * the scalar's bit 255 ignored, L G = identity (an error), the identity as input.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/ristretto255.h"

static const uint8_t GEN[32] = {0xe2, 0xf2, 0xae, 0x0a, 0x6a, 0xbc, 0x4e, 0x71, 0xa8, 0x84, 0xa9,
                                0x61, 0xc5, 0x00, 0x51, 0x5f, 0x58, 0xe3, 0x0b, 0x6a, 0xa5, 0x82,
                                0xdd, 0x8d, 0xb6, 0xa6, 0x59, 0x45, 0xe0, 0x8d, 0x2d, 0x76};
/* L = 2^252 + 27742317777372353535851937790883648493, little-endian (RFC 9496 section 4.1) */
static const uint8_t ORDER[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                  0, 0, 0, 0x10};

static int is_zero32(const uint8_t *p)
{
    uint8_t acc = 0;
    for (int i = 0; i < 32; i++)
        acc |= p[i];
    return acc == 0;
}

static void test_vectors(void)
{
    unsigned nmul = 0, ninv = 0, nhash = 0;
    for (vec_file f = vec_begin("ristretto255_rfc9496.vec"); vec_next(&f);) {
        const char *g = vec_str("group");
        uint8_t enc[32], in[64], out[32], q[32], k[32] = {0};
        if (strcmp(g, "multiples") == 0) {
            CHECK(vec_hex("enc", enc, 32) == 32);
            k[0] = (uint8_t)vec_int("k", 0);
            const int r = m4crypt_ristretto255_scalarmult_base(q, k);
            CHECK(r == (k[0] == 0 ? M4CRYPT_ERR_ZERO_SHARED : 0));
            CHECK_MEM(q, enc, 32);
            const int r2 = m4crypt_ristretto255_scalarmult(q, k, GEN);
            CHECK(r2 == r);
            CHECK_MEM(q, enc, 32);
            CHECK(m4crypt_ristretto255_is_valid_point(enc) == 0);
            nmul++;
        } else if (strcmp(g, "invalid") == 0) {
            CHECK(vec_hex("enc", enc, 32) == 32);
            k[0] = 1;
            memset(q, 0xaa, 32);
            CHECK(m4crypt_ristretto255_is_valid_point(enc) == M4CRYPT_ERR_PUBLIC_KEY);
            CHECK(m4crypt_ristretto255_scalarmult(q, k, enc) == M4CRYPT_ERR_PUBLIC_KEY);
            CHECK(is_zero32(q));
            ninv++;
        } else if (strcmp(g, "hash") == 0) {
            CHECK(vec_hex("in", in, 64) == 64);
            CHECK(vec_hex("out", out, 32) == 32);
            CHECK(m4crypt_ristretto255_from_uniform_bytes(q, in) == 0);
            CHECK_MEM(q, out, 32);
            CHECK(m4crypt_ristretto255_is_valid_point(q) == 0);
            nhash++;
        }
    }
    CHECK(nmul > 0 && ninv > 0 && nhash > 0);
    t_printf("rfc9496: %u multiples, %u invalid encodings, %u from-uniform-bytes\n", nmul, ninv,
             nhash);
}

static void test_properties(void)
{
    const unsigned n = t_quick() ? 8 : 64;
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        uint8_t a[32], b[32], pa[32], pb[32], ab[32], ba[32], q[32];
        t_rand_bytes(a, 32);
        t_rand_bytes(b, 32);
        a[31] &= 0x1f; /* keep a few below L too */
        if (i & 1)
            a[31] |= 0x80; /* bit 255 must be ignored */
        bad += m4crypt_ristretto255_scalarmult_base(pa, a) != 0;
        bad += m4crypt_ristretto255_scalarmult(q, a, GEN) != 0;
        bad += memcmp(q, pa, 32) != 0;
        bad += m4crypt_ristretto255_scalarmult_base(pb, b) != 0;
        bad += m4crypt_ristretto255_scalarmult(ab, a, pb) != 0;
        bad += m4crypt_ristretto255_scalarmult(ba, b, pa) != 0;
        bad += memcmp(ab, ba, 32) != 0;
        a[31] ^= 0x80;
        bad += m4crypt_ristretto255_scalarmult_base(q, a) != 0;
        bad += memcmp(q, pa, 32) != 0;
    }
    CHECK(bad == 0);
    t_printf("properties: %u random scalar pairs, %u failures\n", n, bad);

    uint8_t q[32];
    CHECK(m4crypt_ristretto255_scalarmult_base(q, ORDER) == M4CRYPT_ERR_ZERO_SHARED);
    CHECK(is_zero32(q));
    CHECK(m4crypt_ristretto255_scalarmult(q, ORDER, GEN) == M4CRYPT_ERR_ZERO_SHARED);
    CHECK(is_zero32(q));
    static const uint8_t identity[32] = {0};
    uint8_t one[32] = {1};
    CHECK(m4crypt_ristretto255_is_valid_point(identity) == 0);
    CHECK(m4crypt_ristretto255_scalarmult(q, one, identity) == M4CRYPT_ERR_ZERO_SHARED);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    test_vectors();
    test_properties();
    return t_summary("ristretto255");
}
