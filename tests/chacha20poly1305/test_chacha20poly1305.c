/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ChaCha20-Poly1305 AEAD tests: RFC 8439 sections 2.6.2 and 2.8.2 and appendices A.4 and A.5,
 * Wycheproof (every test), the BoringSSL and OpenSSL vectors of cryptography-vectors, every
 * length 0..200 against the section 2.8 construction built here from the ChaCha20 and Poly1305
 * APIs, combined/detached/in-place/unaligned forms, forged tags, ciphertexts and AD (each bit),
 * and the length errors.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/chacha20.h"
#include "m4crypt/chacha20poly1305.h"
#include "m4crypt/poly1305.h"

static const char sunscreen[] = "Ladies and Gentlemen of the class of '99: If I could offer you only "
                                "one tip for the future, sunscreen would be it.";

/* RFC 8439 section 2.6 / 2.6.2 / A.4: the one-time Poly1305 key is the first half of ChaCha20
 * block 0. */
static void test_poly_keygen(void)
{
    static const struct {
        const char *key, *nonce, *otk;
    } v[] = {
        /* section 2.6.2 */
        {"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
         "000000000001020304050607",
         "8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646"},
        /* appendix A.4, #1 .. #3 */
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000000",
         "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"},
        {"0000000000000000000000000000000000000000000000000000000000000001",
         "000000000000000000000002",
         "ecfa254f845f647473d3cb140da9e87606cb33066c447b87bc2666dde3fbb739"},
        {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
         "000000000000000000000002",
         "965e3bc6f9ec7ed9560808f4d229f94b137ff275ca9b3fcbdd59deaad23310ae"},
        /* the one-time keys printed in section 2.8.2 and appendix A.5 */
        {"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
         "070000004041424344454647",
         "7bac2b252db447af09b67a55a4e955840ae1d6731075d9eb2a9375783ed553ff"},
        {"1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
         "000000000102030405060708",
         "bdf04aa95ce4de8995b14bb6a18fecaf26478f50c054f563dbc0a21e261572aa"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        uint8_t key[32], nonce[12], want[32], blk[64];
        t_unhex(key, v[i].key);
        t_unhex(nonce, v[i].nonce);
        t_unhex(want, v[i].otk);
        m4crypt_chacha20_ietf_block(blk, key, nonce, 0);
        CHECK_MEM(blk, want, 32);
    }
}

/* RFC 8439 section 2.8.2: the AEAD encryption of the "sunscreen" text. */
static void test_rfc_282(void)
{
    uint8_t key[32], nonce[12], ad[12], want[114 + 16], c[114 + 16], m[114], tag[16];
    t_unhex(key, "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
    t_unhex(nonce, "070000004041424344454647");
    t_unhex(ad, "50515253c0c1c2c3c4c5c6c7");
    t_unhex(want, "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
                "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
                "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                "3ff4def08e4b7a9de576d26586cec64b6116"
                "1ae10b594f09e26a7e902ecbd0600691"); /* ciphertext || tag */
    const uint8_t *pt = (const uint8_t *)sunscreen;
    CHECK(m4crypt_aead_chacha20poly1305_encrypt(c, sizeof c, pt, 114, ad, 12, nonce, key) == 0);
    CHECK_MEM(c, want, sizeof c);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(m, 114, c, sizeof c, ad, 12, nonce, key) == 0);
    CHECK_MEM(m, pt, 114);
    CHECK(m4crypt_aead_chacha20poly1305_encrypt_detached(c, tag, pt, 114, ad, 12, nonce, key) ==
          0);
    CHECK_MEM(c, want, 114);
    CHECK_MEM(tag, want + 114, 16);
}

/* RFC 8439 appendix A.5: decryption of the "Internet-Drafts" text. */
static void test_rfc_a5(void)
{
    static uint8_t c[265 + 16], m[265 + 16];
    uint8_t key[32], nonce[12], ad[12];
    t_unhex(key, "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0");
    t_unhex(nonce, "000000000102030405060708");
    t_unhex(ad, "f33388860000000000004e91");
    size_t n = t_unhex(c, "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
                        "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
                        "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
                        "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
                        "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
                        "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
                        "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
                        "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
                        "a6ad5cb4022b02709b"
                        "eead9d67890cbb22392336fea1851f38");
    static const char want[] =
        "Internet-Drafts are draft documents valid for a maximum of six months and may be updated, "
        "replaced, or obsoleted by other documents at any time. It is inappropriate to use "
        "Internet-Drafts as reference material or to cite them other than as "
        "/\xe2\x80\x9cwork in progress./\xe2\x80\x9d";
    CHECK(n == 265 + 16 && strlen(want) == 265);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(m, 265, c, n, ad, 12, nonce, key) == 0);
    CHECK_MEM(m, want, 265);
    /* in place */
    memcpy(m, c, n);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(m, 265, m, n, ad, 12, nonce, key) == 0);
    CHECK_MEM(m, want, 265);
}

/* Checks one vector both ways (combined, detached, in place); for invalid ones decryption must
 * fail with the output zeroed. */
static void check_vector(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *ad,
                         size_t ad_len, const uint8_t *msg, const uint8_t *ct, size_t len,
                         const uint8_t tag[16], int valid)
{
    static uint8_t c[2048 + 16], m[2048 + 16];
    uint8_t t[16];
    memcpy(c, ct, len);
    memcpy(c + len, tag, 16);
    memset(m, 0xaa, len + 16);
    int r = m4crypt_aead_chacha20poly1305_decrypt(m, len, c, len + 16, ad, ad_len, nonce, key);
    if (valid) {
        CHECK(r == 0);
        CHECK_MEM(m, msg, len);
        memset(m, 0xaa, len + 16);
        CHECK(m4crypt_aead_chacha20poly1305_encrypt(m, len + 16, msg, len, ad, ad_len, nonce,
                                                    key) == 0);
        CHECK_MEM(m, c, len + 16);
        CHECK(m4crypt_aead_chacha20poly1305_encrypt_detached(m, t, msg, len, ad, ad_len, nonce,
                                                             key) == 0);
        CHECK_MEM(m, ct, len);
        CHECK_MEM(t, tag, 16);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt_detached(m, ct, len, tag, ad, ad_len, nonce,
                                                             key) == 0);
        CHECK_MEM(m, msg, len);
        /* in place: decrypt c into itself, encrypt back */
        CHECK(m4crypt_aead_chacha20poly1305_decrypt(c, len, c, len + 16, ad, ad_len, nonce, key) ==
              0);
        CHECK_MEM(c, msg, len);
        CHECK(m4crypt_aead_chacha20poly1305_encrypt(c, len + 16, c, len, ad, ad_len, nonce, key) ==
              0);
        CHECK_MEM(c, ct, len);
        CHECK_MEM(c + len, tag, 16);
    } else {
        CHECK(r == M4CRYPT_ERR_AUTH);
        CHECK(t_all_eq(m, 0, len) && t_all_eq(m + len, 0xaa, 16));
        memset(m, 0xaa, len);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt_detached(m, ct, len, tag, ad, ad_len, nonce,
                                                             key) == M4CRYPT_ERR_AUTH);
        CHECK(t_all_eq(m, 0, len));
        CHECK(m4crypt_aead_chacha20poly1305_decrypt(c, len, c, len + 16, ad, ad_len, nonce, key) ==
              M4CRYPT_ERR_AUTH);
        CHECK(t_all_eq(c, 0, len) && t_memeq(c + len, tag, 16)); /* the tag is not output */
    }
}

static unsigned run_vec_file(const char *name, unsigned *skipped_iv)
{
    static uint8_t msg[2048], ct[2048], ad[2048];
    uint8_t key[32], iv[64], tag[16];
    unsigned fails_before = t_failed, records = 0;
    for (vec_file f = vec_begin(name); vec_next(&f); records++) {
        long kl = vec_hex("key", key, sizeof key), il = vec_hex("iv", iv, sizeof iv);
        long al = vec_hex("aad", ad, sizeof ad), ml = vec_hex("msg", msg, sizeof msg);
        long cl = vec_hex("ct", ct, sizeof ct), tl = vec_hex("tag", tag, sizeof tag);
        const char *res = vec_str("result");
        int valid = res && strcmp(res, "valid") == 0;
        CHECK(kl == 32 && il >= 0 && res);
        if (kl != 32 || il < 0 || !res)
            continue;
        if (il != 12) {
            /* Our API takes exactly 12-byte nonces (RFC 8439); such vectors must be invalid
             * (Wycheproof gives them no tag). */
            CHECK(!valid);
            if (skipped_iv)
                (*skipped_iv)++;
            continue;
        }
        CHECK(al >= 0 && ml >= 0 && ml == cl && tl == 16);
        if (al < 0 || ml < 0 || ml != cl || tl != 16)
            continue;
        unsigned before = t_failed;
        check_vector(key, iv, ad, (size_t)al, msg, ct, (size_t)ml, tag, valid);
        if (t_failed != before)
            t_printf("  at %s (%s)\n", vec_where(), res);
    }
    if (t_failed != fails_before)
        t_printf("%s: failures\n", name);
    return records;
}

static void test_vector_files(void)
{
    unsigned skipped = 0;
    unsigned n = run_vec_file("chacha20poly1305_wycheproof.vec", &skipped);
    t_printf("wycheproof: %u tests, %u with a non-96-bit nonce skipped (the API takes 12 bytes)\n",
             n, skipped);
    CHECK(t_limit() ? n > 0 : n == 325);
    CHECK(skipped == 9); /* the 9 InvalidNonceSize tests: 0, 8, 11, 13, 14, 16, 20, 24, 32 bytes */
    n = run_vec_file("chacha20poly1305_boringssl.vec", 0);
    CHECK(t_limit() ? n > 0 : n == 66);
    n = run_vec_file("chacha20poly1305_openssl.vec", 0);
    CHECK(n == 5); /* includes A.5 (count 1) and a forged tag (count 2) */
}

static void store64_le(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* RFC 8439 section 2.8 built from the ChaCha20 and Poly1305 APIs. */
static void ref_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m, size_t len,
                        const uint8_t *ad, size_t ad_len, const uint8_t nonce[12],
                        const uint8_t key[32])
{
    static const uint8_t zeros[16];
    uint8_t blk[64], lens[16];
    m4crypt_poly1305_ctx ctx;
    m4crypt_chacha20_ietf_block(blk, key, nonce, 0);
    CHECK(m4crypt_chacha20_ietf_xor(c, m, len, key, nonce, 1) == 0);
    m4crypt_poly1305_init(&ctx, blk);
    m4crypt_poly1305_update(&ctx, ad, ad_len);
    m4crypt_poly1305_update(&ctx, zeros, (16 - ad_len % 16) % 16);
    m4crypt_poly1305_update(&ctx, c, len);
    m4crypt_poly1305_update(&ctx, zeros, (16 - len % 16) % 16);
    store64_le(lens, ad_len);
    store64_le(lens + 8, len);
    m4crypt_poly1305_update(&ctx, lens, 16);
    m4crypt_poly1305_final(&ctx, tag);
}

/* Every length 0..200 (and some longer on the host), random AD lengths, offsets 0..3. */
static void test_roundtrip(void)
{
    static uint8_t mb[1100], cb[1100 + 16 + 4], db[1100 + 4], adb[80 + 4], want[1100 + 16];
    uint8_t key[32], nonce[12], tag[16];
    t_rand_seed(8439);
    const size_t maxlen = t_quick() ? 200 : 1040;
    for (size_t len = 0; len <= maxlen; len++) {
        size_t ad_len = len < 64 ? len : t_rand32() % 80;
        unsigned mo = t_rand32() % 4, co = t_rand32() % 4, ao = t_rand32() % 4;
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(nonce, sizeof nonce);
        t_rand_bytes(mb, sizeof mb);
        t_rand_bytes(adb, sizeof adb);
        const uint8_t *m = mb + mo, *ad = adb + ao;
        ref_encrypt(want, want + len, m, len, ad, ad_len, nonce, key);

        memset(cb, 0xcc, sizeof cb);
        CHECK(m4crypt_aead_chacha20poly1305_encrypt(cb + co, len + 16, m, len, ad, ad_len, nonce,
                                                    key) == 0);
        CHECK_MEM(cb + co, want, len + 16);
        CHECK(cb[co + len + 16] == 0xcc && (co == 0 || cb[co - 1] == 0xcc));
        memset(db, 0xdd, sizeof db);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt(db + mo, len, cb + co, len + 16, ad, ad_len,
                                                    nonce, key) == 0);
        CHECK_MEM(db + mo, m, len);
        CHECK(db[mo + len] == 0xdd && (mo == 0 || db[mo - 1] == 0xdd));

        /* detached, unaligned tag */
        memset(cb, 0xcc, sizeof cb);
        CHECK(m4crypt_aead_chacha20poly1305_encrypt_detached(cb + co, cb + co + len + 1, m, len, ad,
                                                             ad_len, nonce, key) == 0);
        CHECK_MEM(cb + co, want, len);
        CHECK_MEM(cb + co + len + 1, want + len, 16);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt_detached(db + mo, cb + co, len,
                                                             cb + co + len + 1, ad, ad_len, nonce,
                                                             key) == 0);
        CHECK_MEM(db + mo, m, len);

        /* in place at an odd offset, encrypt then decrypt */
        memcpy(db + mo, m, len);
        CHECK(m4crypt_aead_chacha20poly1305_encrypt_detached(db + mo, tag, db + mo, len, ad, ad_len,
                                                             nonce, key) == 0);
        CHECK_MEM(db + mo, want, len);
        CHECK_MEM(tag, want + len, 16);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt_detached(db + mo, db + mo, len, tag, ad,
                                                             ad_len, nonce, key) == 0);
        CHECK_MEM(db + mo, m, len);
    }
}

/* Every single-bit change of tag, ciphertext and AD (and nonce, key) is rejected with the whole
 * output zeroed. */
static void test_forgeries(void)
{
    uint8_t key[32], nonce[12], ad[13], m[37], c[37 + 16], out[37 + 4], tmp[37 + 16];
    t_rand_bytes(key, sizeof key);
    t_rand_bytes(nonce, sizeof nonce);
    t_rand_bytes(ad, sizeof ad);
    t_rand_bytes(m, sizeof m);
    CHECK(m4crypt_aead_chacha20poly1305_encrypt(c, sizeof c, m, sizeof m, ad, sizeof ad, nonce,
                                                key) == 0);
    unsigned rejected = 0, total = 0;
    for (size_t bit = 0; bit < 8 * sizeof c; bit++) { /* ciphertext bits, then tag bits */
        memcpy(tmp, c, sizeof c);
        tmp[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        memset(out, 0x77, sizeof out);
        int r = m4crypt_aead_chacha20poly1305_decrypt(out, sizeof m, tmp, sizeof c, ad, sizeof ad,
                                                      nonce, key);
        total++;
        rejected += r == M4CRYPT_ERR_AUTH && t_all_eq(out, 0, sizeof m) &&
                    t_all_eq(out + sizeof m, 0x77, 4);
    }
    /* every bit of the AD, every 5th of the nonce, every 7th of the key */
    const struct {
        uint8_t *buf;
        size_t len, step;
    } inputs[3] = {{ad, sizeof ad, 1}, {nonce, sizeof nonce, 5}, {key, sizeof key, 7}};
    for (size_t i = 0; i < 3; i++)
        for (size_t bit = 0; bit < 8 * inputs[i].len; bit += inputs[i].step) {
            inputs[i].buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            memset(out, 0x77, sizeof out);
            int r = m4crypt_aead_chacha20poly1305_decrypt(out, sizeof m, c, sizeof c, ad,
                                                          sizeof ad, nonce, key);
            total++;
            rejected += r == M4CRYPT_ERR_AUTH && t_all_eq(out, 0, sizeof m);
            inputs[i].buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
    CHECK(total == 8 * sizeof c + 8 * sizeof ad + 20 + 37);
    CHECK(rejected == total);
    if (rejected != total)
        t_printf("forgeries: %u of %u rejected\n", rejected, total);
    /* AD moved into the ciphertext and other length confusions */
    memset(out, 0x77, sizeof out);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, sizeof m, c, sizeof c, ad, sizeof ad - 1,
                                                nonce, key) == M4CRYPT_ERR_AUTH);
    CHECK(t_all_eq(out, 0, sizeof m));
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, sizeof m, c, sizeof c, NULL, 0, nonce, key) ==
          M4CRYPT_ERR_AUTH);
    /* an all-zero tag and an empty message with a wrong tag */
    memcpy(tmp, c, sizeof c);
    memset(tmp + sizeof m, 0, 16);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, sizeof m, tmp, sizeof c, ad, sizeof ad, nonce,
                                                key) == M4CRYPT_ERR_AUTH);
    uint8_t t0[16];
    CHECK(m4crypt_aead_chacha20poly1305_encrypt(t0, 16, NULL, 0, ad, sizeof ad, nonce, key) == 0);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(NULL, 0, t0, 16, ad, sizeof ad, nonce, key) == 0);
    t0[15] ^= 0x80;
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(NULL, 0, t0, 16, ad, sizeof ad, nonce, key) ==
          M4CRYPT_ERR_AUTH);
    /* the original still decrypts (nothing above changed state) */
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, sizeof m, c, sizeof c, ad, sizeof ad, nonce,
                                                key) == 0);
    CHECK_MEM(out, m, sizeof m);
}

/* Documented length errors: nothing is written. */
static void test_lengths(void)
{
    uint8_t key[32] = {1}, nonce[12] = {2}, m[40], c[40 + 16], out[64];
    t_rand_bytes(m, sizeof m);
    CHECK(m4crypt_aead_chacha20poly1305_encrypt(c, sizeof c, m, sizeof m, NULL, 0, nonce, key) ==
          0);
    const size_t bad_c[] = {0, 15, 16, 39, 40, 55, 57, 72, SIZE_MAX};
    for (size_t i = 0; i < sizeof bad_c / sizeof bad_c[0]; i++) {
        memset(out, 0x33, sizeof out);
        CHECK(m4crypt_aead_chacha20poly1305_encrypt(out, bad_c[i], m, 40, NULL, 0, nonce, key) ==
              M4CRYPT_ERR_LENGTH);
        CHECK(t_all_eq(out, 0x33, sizeof out));
    }
    for (size_t cl = 0; cl < 16; cl++) { /* shorter than a tag */
        memset(out, 0x33, sizeof out);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, 0, c, cl, NULL, 0, nonce, key) ==
              M4CRYPT_ERR_LENGTH);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, SIZE_MAX - 15 + cl, c, cl, NULL, 0, nonce,
                                                    key) == M4CRYPT_ERR_LENGTH);
        CHECK(t_all_eq(out, 0x33, sizeof out));
    }
    const size_t bad_m[] = {0, 1, 39, 41, 56, SIZE_MAX};
    for (size_t i = 0; i < sizeof bad_m / sizeof bad_m[0]; i++) {
        memset(out, 0x33, sizeof out);
        CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, bad_m[i], c, sizeof c, NULL, 0, nonce,
                                                    key) == M4CRYPT_ERR_LENGTH);
        CHECK(t_all_eq(out, 0x33, sizeof out));
    }
    /* the right lengths work */
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, 40, c, sizeof c, NULL, 0, nonce, key) == 0);
    CHECK_MEM(out, m, 40);
#if SIZE_MAX > 0xffffffffu
    /* RFC 8439 limit: at most 2^38 - 64 bytes (checked before any access) */
    const size_t too_long = ((size_t)1 << 38) - 63;
    memset(out, 0x33, sizeof out);
    CHECK(m4crypt_aead_chacha20poly1305_encrypt_detached(out, out, m, too_long, NULL, 0, nonce,
                                                         key) == M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt_detached(out, m, too_long, c, NULL, 0, nonce,
                                                         key) == M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_aead_chacha20poly1305_encrypt(out, too_long + 16, m, too_long, NULL, 0, nonce,
                                                key) == M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_aead_chacha20poly1305_decrypt(out, too_long, c, too_long + 16, NULL, 0, nonce,
                                                key) == M4CRYPT_ERR_LENGTH);
    CHECK(t_all_eq(out, 0x33, sizeof out));
#endif
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(7539);
    test_poly_keygen();
    test_rfc_282();
    test_rfc_a5();
    test_vector_files();
    test_roundtrip();
    test_forgeries();
    test_lengths();
    return t_summary("chacha20poly1305");
}
