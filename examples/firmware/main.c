/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt example: the three things a firmware typically does with the library, each checked
 * against published values where the inputs allow it.
 *
 *   ML-KEM-768   key generation and encapsulation from fixed coins against a published vector
 *                (C2SP CCTV ML-KEM "unluckysample", ML-KEM-768, CC0-1.0: d, z, m, K and the
 *                SHA3-256 of ek, dk and c), decapsulation, then a random key exchange and the
 *                implicit rejection of a modified ciphertext
 *   X25519       RFC 7748 section 6.1 (Alice's and Bob's keys), then a random key exchange
 *   ChaCha20-Poly1305  RFC 8439 section 2.8.2, then a forged tag that must be refused
 *
 * Each part is compiled only when the m4crypt configuration contains it (M4CRYPT_ENABLE_*, from
 * include/m4crypt/config.h and the installed library's own selection, docs/configuration.md): built
 * against a library made for ML-KEM-768 alone, the firmware runs ML-KEM-768 and nothing else, and
 * prints "left out" for the others. At least one part must be built.
 *
 * Prints one line per check and "example: N passed, M failed"; main returns 0 when all pass (the
 * board turns that into the exit code: semihosting on mps2-an386, the process on the host).
 * The buffers are static: the stack stays small (m4crypt itself needs about 3 KB for ML-KEM-768).
 */
#include <m4crypt.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

#ifndef EXAMPLE_VARIANT
#define EXAMPLE_VARIANT "unknown"
#endif

static unsigned passed, failed;

static void check(int ok, const char *what)
{
    board_print(ok ? "ok   " : "FAIL ");
    board_print(what);
    board_print("\n");
    if (ok)
        passed++;
    else
        failed++;
}

static int equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    return m4crypt_verify(a, b, n) == 0;
}

static void print_unsigned(unsigned v)
{
    char buf[12];
    char *p = buf + sizeof buf - 1;
    *p = 0;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    board_print(p);
}

/* The vectors are hex strings, as their sources print them: byte i is hex[2i], hex[2i + 1]. */
static uint8_t hex_byte(const char *hex)
{
    uint8_t b = 0;
    for (int i = 0; i < 2; i++) {
        char c = hex[i];
        b = (uint8_t)(b << 4 | (c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10));
    }
    return b;
}

/* The bytes of a hex string into out (strlen(hex) / 2 of them); returns out. */
static const uint8_t *unhex(uint8_t *out, const char *hex)
{
    for (size_t i = 0; hex[2 * i]; i++)
        out[i] = hex_byte(hex + 2 * i);
    return out;
}

/* Whether the bytes at a are those of a hex string (strlen(hex) / 2 of them). */
static int equal_hex(const uint8_t *a, const char *hex)
{
    int ok = 1;
    for (size_t i = 0; hex[2 * i]; i++)
        ok &= a[i] == hex_byte(hex + 2 * i);
    return ok;
}

/* ---------------------------------------------------------------- ML-KEM-768 */
#define EXAMPLE_MLKEM768                                                                           \
    (M4CRYPT_ENABLE_MLKEM768 && M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS &&     \
     M4CRYPT_ENABLE_MLKEM_DECAPS)
#if EXAMPLE_MLKEM768
/* C2SP CCTV, ML-KEM/unluckysample/ML-KEM-768.txt: d || z, m, K and the SHA3-256 of ek, dk, c */
static const struct {
    const char *d_z, *m, *k, *sha3_ek, *sha3_dk, *sha3_c;
} cctv = {
    .d_z = "82c4a361586b9715c2375a45fb85c32d04be7fe6e26acd820ec5d4080093afe1"
           "8476013560151d986dc7834dcb57c75f845f8d7ee71558d0955f3f4feb723cf2",
    .m = "e48f74ad416e99631003ded1478aec62a02c245d88ed7f2fae92aedf13ca03b3",
    .k = "4f7cc64c040fc4e335a539691f4638caf8b1bf5da6455754afe699e41813801b",
    .sha3_ek = "451f9b6547b8f6e927fbfe7598658160206040fdb57dd39ba8bf1f3a5ff89b9c",
    .sha3_dk = "7f2dd0ad9dc1d87809d36fb96df939148006246af01591321f6f09609949b7e9",
    .sha3_c = "9eb061a5fb76505eefffdedea62615eab765aa3d89ff7f1f3df7d8142981a30b",
};

static uint8_t pk[M4CRYPT_MLKEM768_PUBLICKEYBYTES], sk[M4CRYPT_MLKEM768_SECRETKEYBYTES];
static uint8_t ct[M4CRYPT_MLKEM768_CIPHERTEXTBYTES];

static void mlkem768(void)
{
    uint8_t coins[64], ss_a[32], ss_b[32], h[32];

    int ok = m4crypt_mlkem768_keypair_derand(pk, sk, unhex(coins, cctv.d_z)) == M4CRYPT_OK;
    m4crypt_sha3_256(h, pk, sizeof pk);
    ok &= equal_hex(h, cctv.sha3_ek);
    m4crypt_sha3_256(h, sk, sizeof sk);
    ok &= equal_hex(h, cctv.sha3_dk);
    check(ok, "ML-KEM-768 key generation (CCTV vector)");
    ok = m4crypt_mlkem768_enc_derand(ct, ss_a, pk, unhex(coins, cctv.m)) == M4CRYPT_OK;
    m4crypt_sha3_256(h, ct, sizeof ct);
    check(ok && equal_hex(h, cctv.sha3_c) && equal_hex(ss_a, cctv.k),
          "ML-KEM-768 encapsulation (CCTV vector)");
    check(m4crypt_mlkem768_dec(ss_b, ct, sk) == M4CRYPT_OK && equal_hex(ss_b, cctv.k),
          "ML-KEM-768 decapsulation (CCTV vector)");

    ok = m4crypt_mlkem768_keypair(pk, sk) == M4CRYPT_OK;
    ok &= m4crypt_mlkem768_enc(ct, ss_a, pk) == M4CRYPT_OK;
    ok &= m4crypt_mlkem768_dec(ss_b, ct, sk) == M4CRYPT_OK;
    check(ok && equal(ss_a, ss_b, 32), "ML-KEM-768 key exchange");
    ct[100] ^= 1; /* a modified ciphertext: implicit rejection, another (pseudorandom) key */
    check(m4crypt_mlkem768_dec(ss_b, ct, sk) == M4CRYPT_OK && !equal(ss_a, ss_b, 32),
          "ML-KEM-768 implicit rejection");
    m4crypt_memzero(sk, sizeof sk);
    m4crypt_memzero(ss_a, sizeof ss_a);
    m4crypt_memzero(ss_b, sizeof ss_b);
}
#endif

/* ---------------------------------------------------------------- X25519 */
#if M4CRYPT_ENABLE_X25519
/* RFC 7748 section 6.1 */
static const struct {
    const char *alice_sk, *alice_pk, *bob_sk, *bob_pk, *shared;
} rfc7748 = {
    .alice_sk = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
    .alice_pk = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
    .bob_sk = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
    .bob_pk = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
    .shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
};

static void x25519(void)
{
    uint8_t p[32], s1[32], s2[32], sk1[32], sk2[32], pk1[32], pk2[32];

    unhex(sk1, rfc7748.alice_sk);
    unhex(sk2, rfc7748.bob_sk);
    int ok = m4crypt_x25519_base(p, sk1) == M4CRYPT_OK && equal_hex(p, rfc7748.alice_pk);
    ok &= m4crypt_x25519_base(p, sk2) == M4CRYPT_OK && equal_hex(p, rfc7748.bob_pk);
    check(ok, "X25519 public keys (RFC 7748 6.1)");
    ok = m4crypt_x25519(s1, sk1, unhex(p, rfc7748.bob_pk)) == M4CRYPT_OK;
    ok &= m4crypt_x25519(s2, sk2, unhex(p, rfc7748.alice_pk)) == M4CRYPT_OK;
    check(ok && equal_hex(s1, rfc7748.shared) && equal_hex(s2, rfc7748.shared),
          "X25519 shared secret (RFC 7748 6.1)");

    ok = m4crypt_x25519_keypair(pk1, sk1) == M4CRYPT_OK;
    ok &= m4crypt_x25519_keypair(pk2, sk2) == M4CRYPT_OK;
    ok &= m4crypt_x25519(s1, sk1, pk2) == M4CRYPT_OK;
    ok &= m4crypt_x25519(s2, sk2, pk1) == M4CRYPT_OK;
    check(ok && equal(s1, s2, 32) && !equal(pk1, pk2, 32), "X25519 key exchange");
    m4crypt_memzero(sk1, sizeof sk1);
    m4crypt_memzero(sk2, sizeof sk2);
    m4crypt_memzero(s1, sizeof s1);
    m4crypt_memzero(s2, sizeof s2);
}
#endif

/* ---------------------------------------------------------------- ChaCha20-Poly1305 */
#if M4CRYPT_ENABLE_CHACHA20POLY1305
/* RFC 8439 section 2.8.2 (the key is 80 81 .. 9f) */
static const char aead_msg[] = "Ladies and Gentlemen of the class of '99: If I could offer you only "
                               "one tip for the future, sunscreen would be it.";
static const struct {
    const char *ad, *nonce, *ct_tag;
} rfc8439 = {
    .ad = "50515253c0c1c2c3c4c5c6c7",
    .nonce = "070000004041424344454647",
    .ct_tag = "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
              "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
              "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
              "3ff4def08e4b7a9de576d26586cec64b6116"
              "1ae10b594f09e26a7e902ecbd0600691", /* the tag */
};

static void aead(void)
{
    uint8_t key[32], ad[12], nonce[12], m[sizeof aead_msg - 1], c[sizeof m + 16];
    for (unsigned i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);
    unhex(ad, rfc8439.ad);
    unhex(nonce, rfc8439.nonce);

    int ok = m4crypt_aead_chacha20poly1305_encrypt(c, sizeof c, (const uint8_t *)aead_msg,
                                                   sizeof m, ad, sizeof ad, nonce, key) == 0;
    check(ok && equal_hex(c, rfc8439.ct_tag), "ChaCha20-Poly1305 encryption (RFC 8439 2.8.2)");
    ok = m4crypt_aead_chacha20poly1305_decrypt(m, sizeof m, c, sizeof c, ad, sizeof ad, nonce,
                                               key) == 0;
    check(ok && equal(m, (const uint8_t *)aead_msg, sizeof m),
          "ChaCha20-Poly1305 decryption (RFC 8439 2.8.2)");
    c[sizeof c - 1] ^= 0x80;
    check(m4crypt_aead_chacha20poly1305_decrypt(m, sizeof m, c, sizeof c, ad, sizeof ad, nonce,
                                                key) == M4CRYPT_ERR_AUTH,
          "ChaCha20-Poly1305 forged tag refused");
    m4crypt_memzero(key, sizeof key);
}
#endif

#if !EXAMPLE_MLKEM768 && !M4CRYPT_ENABLE_X25519 && !M4CRYPT_ENABLE_CHACHA20POLY1305
#error "the example needs ML-KEM-768 (all three operations), X25519 or ChaCha20-Poly1305"
#endif

int main(void)
{
    board_print("m4crypt " M4CRYPT_VERSION_STRING " example, variant " EXAMPLE_VARIANT "\n");
#if EXAMPLE_MLKEM768
    mlkem768();
#else
    board_print("left out: ML-KEM-768\n");
#endif
#if M4CRYPT_ENABLE_X25519
    x25519();
#else
    board_print("left out: X25519\n");
#endif
#if M4CRYPT_ENABLE_CHACHA20POLY1305
    aead();
#else
    board_print("left out: ChaCha20-Poly1305\n");
#endif
    board_print("example: ");
    print_unsigned(passed);
    board_print(" passed, ");
    print_unsigned(failed);
    board_print(" failed\n");
    return failed == 0 && passed > 0 ? 0 : 1;
}
