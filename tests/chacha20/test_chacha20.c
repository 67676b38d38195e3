/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20 tests: the RFC 8439 vectors (sections 2.1.1, 2.2.1, 2.3.2, 2.4.2, appendix A.1 and,
 * from cryptography-vectors, A.2), the 32-bit counter limit, the 64-bit-counter variant against
 * the RFC 8439 variant, unaligned and in-place buffers, every length 0..200 against a block-by-
 * block composition.
 */
#include <string.h>

#include "chacha20/backend.h"
#include "harness.h"
#include "m4crypt/chacha20.h"

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static const char sunscreen[] = "Ladies and Gentlemen of the class of '99: If I could offer you only "
                                "one tip for the future, sunscreen would be it.";

/* RFC 8439 section 2.1.1 and 2.2.1: the quarter round. */
static void test_quarterround(void)
{
    uint32_t s[16] = {0};
    s[0] = 0x11111111, s[1] = 0x01020304, s[2] = 0x9b8d6f43, s[3] = 0x01234567;
    m4crypt_chacha20_quarterround(s, 0, 1, 2, 3);
    CHECK(s[0] == 0xea2a92f4 && s[1] == 0xcb1cf8ce && s[2] == 0x4581472e && s[3] == 0x5881c4bb);

    uint32_t st[16] = {0x879531e0, 0xc5ecf37d, 0x516461b1, 0xc9a62f8a, 0x44c20ef3, 0x3390af7f,
                       0xd9fc690b, 0x2a5f714c, 0x53372767, 0xb00a5631, 0x974c541a, 0x359e9963,
                       0x5c971061, 0x3d631689, 0x2098d9d6, 0x91dbd320};
    uint32_t want[16];
    memcpy(want, st, sizeof want);
    want[2] = 0xbdb886dc, want[7] = 0xcfacafd2, want[8] = 0xe46bea80, want[13] = 0xccc07c79;
    m4crypt_chacha20_quarterround(st, 2, 7, 8, 13);
    CHECK_MEM(st, want, sizeof want);
}

/* RFC 8439 section 2.3.2 and appendix A.1: the block function. */
static void test_block(void)
{
    static const struct {
        const char *key, *nonce;
        uint32_t counter;
        const char *out;
    } v[] = {
        /* section 2.3.2 */
        {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
         "000000090000004a00000000", 1,
         "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
         "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"},
        /* appendix A.1, test vectors #1 .. #5 */
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000000", 0,
         "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
         "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"},
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000000", 1,
         "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
         "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"},
        {"0000000000000000000000000000000000000000000000000000000000000001",
         "000000000000000000000000", 1,
         "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
         "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0"},
        {"00ff000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000000", 2,
         "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
         "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096"},
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000002", 0,
         "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
         "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint8_t key[32], nonce[12], want[64], out[64], zero[64] = {0}, out2[64];
        t_unhex(key, v[i].key);
        t_unhex(nonce, v[i].nonce);
        t_unhex(want, v[i].out);
        m4crypt_chacha20_ietf_block(out, key, nonce, v[i].counter);
        CHECK_MEM(out, want, 64);
        /* the XOR form over zeros gives the same block */
        CHECK(m4crypt_chacha20_ietf_xor(out2, zero, 64, key, nonce, v[i].counter) == 0);
        CHECK_MEM(out2, want, 64);
    }
}

/* RFC 8439 section 2.4.2: encrypting the "sunscreen" text. */
static void test_encrypt_242(void)
{
    uint8_t key[32], nonce[12], want[114], out[114], back[114];
    t_unhex(key, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    t_unhex(nonce, "000000000000004a00000000");
    size_t n = t_unhex(want, "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
                           "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
                           "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
                           "5af90bbf74a35be6b40b8eedf2785e42874d");
    CHECK(n == 114 && strlen(sunscreen) == 114);
    CHECK(m4crypt_chacha20_ietf_xor(out, (const uint8_t *)sunscreen, 114, key, nonce, 1) == 0);
    CHECK_MEM(out, want, 114);
    CHECK(m4crypt_chacha20_ietf_xor(back, out, 114, key, nonce, 1) == 0);
    CHECK_MEM(back, sunscreen, 114);
}

/* RFC 8439 appendix A.2 (cryptography-vectors ciphers/ChaCha20/rfc7539.txt). */
static void test_vectors_a2(void)
{
    static uint8_t key[32], nonce[12], pt[1024], ct[1024], out[1024];
    unsigned records = 0;
    for (vec_file f = vec_begin("chacha20_rfc7539.vec"); vec_next(&f); records++) {
        long kl = vec_hex("key", key, sizeof key), nl = vec_hex("nonce", nonce, sizeof nonce);
        long pl = vec_hex("pt", pt, sizeof pt), cl = vec_hex("ct", ct, sizeof ct);
        long counter = vec_int("counter", -1);
        CHECK(kl == 32 && nl == 12 && pl >= 0 && pl == cl && counter >= 0);
        if (kl != 32 || nl != 12 || pl < 0 || pl != cl || counter < 0)
            continue;
        CHECK(m4crypt_chacha20_ietf_xor(out, pt, (size_t)pl, key, nonce, (uint32_t)counter) == 0);
        if (!t_memeq(out, ct, (size_t)pl))
            t_printf("  at %s\n", vec_where());
        CHECK_MEM(out, ct, (size_t)pl);
        /* in place, decrypting */
        memcpy(out, ct, (size_t)pl);
        CHECK(m4crypt_chacha20_ietf_xor(out, out, (size_t)pl, key, nonce, (uint32_t)counter) == 0);
        CHECK_MEM(out, pt, (size_t)pl);
    }
    CHECK(records == 3); /* A.2 has three test vectors */
}

/* Reference: keystream block by block with m4crypt_chacha20_ietf_block, XORed here. */
static void ref_ietf_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[32],
                         const uint8_t nonce[12], uint32_t counter)
{
    uint8_t ks[64];
    for (size_t off = 0; off < len; off += 64, counter++) {
        m4crypt_chacha20_ietf_block(ks, key, nonce, counter);
        for (size_t i = 0; i < 64 && off + i < len; i++)
            out[off + i] = in[off + i] ^ ks[i];
    }
}

/* Counters near 2^32: the last valid block and the documented M4CRYPT_ERR_PARAM. */
static void test_counter_limit(void)
{
    uint8_t key[32], nonce[12], in[193], out[200], want[192], blk[64];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(nonce, sizeof nonce);
    t_rand_bytes(in, sizeof in);

    /* counter 2^32 - 1: exactly one block (1..64 bytes) is allowed */
    for (size_t len = 0; len <= 65; len++) {
        memset(out, 0xa5, sizeof out);
        int r = m4crypt_chacha20_ietf_xor(out, in, len, key, nonce, 0xffffffffu);
        if (len <= 64) {
            CHECK(r == 0);
            ref_ietf_xor(want, in, len, key, nonce, 0xffffffffu);
            CHECK_MEM(out, want, len);
            CHECK(t_all_eq(out + len, 0xa5, sizeof out - len)); /* nothing beyond len */
        } else {
            CHECK(r == M4CRYPT_ERR_PARAM);
            CHECK(t_all_eq(out, 0xa5, sizeof out)); /* nothing written */
        }
    }
    /* the last valid block is the block with counter 2^32 - 1 */
    m4crypt_chacha20_ietf_block(blk, key, nonce, 0xffffffffu);
    memset(want, 0, 64);
    CHECK(m4crypt_chacha20_ietf_xor(out, want, 64, key, nonce, 0xffffffffu) == 0);
    CHECK_MEM(out, blk, 64);
    /* 2^32 - 3: three blocks (up to 192 bytes) fit, the third with counter 2^32 - 1 */
    CHECK(m4crypt_chacha20_ietf_xor(out, in, 192, key, nonce, 0xfffffffdu) == 0);
    ref_ietf_xor(want, in, 192, key, nonce, 0xfffffffdu);
    CHECK_MEM(out, want, 192);
    for (size_t i = 0; i < 64; i++)
        want[i] = in[128 + i] ^ blk[i];
    CHECK_MEM(out + 128, want, 64);
    /* ... and the 193rd byte does not */
    memset(out, 0x5a, sizeof out);
    CHECK(m4crypt_chacha20_ietf_xor(out, in, 193, key, nonce, 0xfffffffdu) == M4CRYPT_ERR_PARAM);
    CHECK(t_all_eq(out, 0x5a, sizeof out));
    memset(out, 0, sizeof out); /* in place too */
    CHECK(m4crypt_chacha20_ietf_xor(out, out, 193, key, nonce, 0xfffffffdu) == M4CRYPT_ERR_PARAM);
    CHECK(t_all_eq(out, 0, sizeof out));
    /* lengths no counter allows; nothing is read or written */
    CHECK(m4crypt_chacha20_ietf_xor(out, in, SIZE_MAX, key, nonce, 0xffffffffu) ==
          M4CRYPT_ERR_PARAM);
    /* the largest multiple of 64 with a counter one block too high (2^32 - 64 bytes on a
     * 32-bit target: 2^26 - 1 blocks; on a 64-bit host more blocks than any counter allows) */
    const size_t big = SIZE_MAX - 63;
    const uint64_t nb = (uint64_t)(big / 64);
    const uint32_t ctr = nb <= 0xffffffffu ? (uint32_t)(((uint64_t)1 << 32) - nb + 1) : 1;
    CHECK(m4crypt_chacha20_ietf_xor(out, in, big, key, nonce, ctr) == M4CRYPT_ERR_PARAM);
    /* an empty message is fine at any counter */
    CHECK(m4crypt_chacha20_ietf_xor(out, in, 0, key, nonce, 0xffffffffu) == 0);
    CHECK(m4crypt_chacha20_ietf_xor(NULL, NULL, 0, key, nonce, 0) == 0);
}

/* The original variant: words 12-13 a 64-bit counter, 14-15 the nonce. With counter
 * c + 2^32 * le32(n[0..3]) and nonce n[4..11] it equals the RFC 8439 variant with nonce n and
 * counter c; the carry from word 12 into word 13 and the wrap at 2^64 are checked the same way. */
static void test_djb_variant(void)
{
    uint8_t key[32], n12[12], in[256], out[256], want[256];
    t_rand_seed(7);
    for (int iter = 0; iter < 20; iter++) {
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(n12, sizeof n12);
        t_rand_bytes(in, sizeof in);
        uint32_t c = t_rand32() % 1000;
        size_t len = t_rand32() % 257;
        uint64_t c64 = (uint64_t)c | (uint64_t)load32_le(n12) << 32;
        m4crypt_chacha20_xor(out, in, len, key, n12 + 4, c64);
        CHECK(m4crypt_chacha20_ietf_xor(want, in, len, key, n12, c) == 0);
        CHECK_MEM(out, want, len);
    }
    /* carry: 64-bit counter 2^32 - 1 then 2^32 (word 13 becomes 1) */
    uint8_t n8[8], n12b[12];
    t_rand_bytes(n8, 8);
    m4crypt_chacha20_xor(out, in, 128, key, n8, 0xffffffffu);
    memset(n12b, 0, 4);
    memcpy(n12b + 4, n8, 8);
    ref_ietf_xor(want, in, 64, key, n12b, 0xffffffffu); /* word 13 = 0 */
    n12b[0] = 1;
    ref_ietf_xor(want + 64, in + 64, 64, key, n12b, 0); /* word 13 = 1 */
    CHECK_MEM(out, want, 128);
    /* high word carry chain: 0x00000005_ffffffff -> 0x00000006_00000000 */
    m4crypt_chacha20_xor(out, in, 100, key, n8, 0x5ffffffffull);
    n12b[0] = 5;
    ref_ietf_xor(want, in, 64, key, n12b, 0xffffffffu);
    n12b[0] = 6;
    ref_ietf_xor(want + 64, in + 64, 36, key, n12b, 0);
    CHECK_MEM(out, want, 100);
    /* wrap at 2^64: 2^64 - 1 is followed by 0 */
    m4crypt_chacha20_xor(out, in, 128, key, n8, UINT64_MAX);
    memset(n12b, 0xff, 4);
    ref_ietf_xor(want, in, 64, key, n12b, 0xffffffffu);
    memset(n12b, 0, 4);
    ref_ietf_xor(want + 64, in + 64, 64, key, n12b, 0);
    CHECK_MEM(out, want, 128);
    /* RFC 8439 A.1 #1 is also the original variant's all-zero vector */
    uint8_t zero[64] = {0}, k0[32] = {0}, want0[64];
    t_unhex(want0, "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
                 "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586");
    m4crypt_chacha20_xor(out, zero, 64, k0, zero, 0);
    CHECK_MEM(out, want0, 64);
    m4crypt_chacha20_xor(NULL, NULL, 0, k0, zero, 0); /* empty: nothing happens */
}

/* Every length 0..200 (more on the host), buffers at offsets 0..3, in place. */
static void test_lengths_alignment(void)
{
    static uint8_t inb[600], outb[600], want[600], ref_in[600];
    uint8_t key[32], nonce[12];
    const size_t maxlen = t_quick() ? 200 : 520;
    t_rand_seed(11);
    for (size_t len = 0; len <= maxlen; len++) {
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(nonce, sizeof nonce);
        uint32_t counter = t_rand32() % 4 == 0 ? 0xffffffffu - (uint32_t)(len / 64) : t_rand32();
        if ((uint64_t)counter + (len + 63) / 64 > ((uint64_t)1 << 32))
            counter = 0;
        t_rand_bytes(ref_in, len);
        ref_ietf_xor(want, ref_in, len, key, nonce, counter);
        for (unsigned ia = 0; ia < 4; ia++)
            for (unsigned oa = 0; oa < 4; oa++) {
                if (t_quick() && ia != oa && (ia + oa) % 3 != 0)
                    continue;
                memcpy(inb + ia, ref_in, len);
                memset(outb, 0xee, sizeof outb);
                CHECK(m4crypt_chacha20_ietf_xor(outb + oa, inb + ia, len, key, nonce, counter) ==
                      0);
                CHECK_MEM(outb + oa, want, len);
                CHECK(outb[oa + len] == 0xee && (oa == 0 || outb[oa - 1] == 0xee));
            }
        for (unsigned a = 0; a < 4; a++) { /* in place at each offset */
            memcpy(inb + a, ref_in, len);
            CHECK(m4crypt_chacha20_ietf_xor(inb + a, inb + a, len, key, nonce, counter) == 0);
            CHECK_MEM(inb + a, want, len);
        }
        /* the original variant, in place and unaligned, against its aligned result */
        uint8_t n8[8];
        uint64_t c64 = (uint64_t)t_rand32() << 32 | t_rand32();
        t_rand_bytes(n8, 8);
        m4crypt_chacha20_xor(want, ref_in, len, key, n8, c64);
        memcpy(inb + 3, ref_in, len);
        m4crypt_chacha20_xor(inb + 3, inb + 3, len, key, n8, c64);
        CHECK_MEM(inb + 3, want, len);
    }
}

/* Splitting a stream at any block boundary gives the same result (counter bookkeeping). */
static void test_split(void)
{
    static uint8_t in[640], whole[640], parts[640];
    uint8_t key[32], nonce[12];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(nonce, sizeof nonce);
    t_rand_bytes(in, sizeof in);
    CHECK(m4crypt_chacha20_ietf_xor(whole, in, sizeof in, key, nonce, 7) == 0);
    for (size_t cut = 0; cut <= 10; cut++) {
        CHECK(m4crypt_chacha20_ietf_xor(parts, in, 64 * cut, key, nonce, 7) == 0);
        CHECK(m4crypt_chacha20_ietf_xor(parts + 64 * cut, in + 64 * cut, sizeof in - 64 * cut, key,
                                        nonce, 7 + (uint32_t)cut) == 0);
        CHECK_MEM(parts, whole, sizeof in);
    }
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(2024);
    test_quarterround();
    test_block();
    test_encrypt_242();
    test_vectors_a2();
    test_counter_limit();
    test_djb_variant();
    test_lengths_alignment();
    test_split();
    return t_summary("chacha20");
}
