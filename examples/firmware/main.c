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

/* ---------------------------------------------------------------- ML-KEM-768 */
#define EXAMPLE_MLKEM768                                                                           \
    (M4CRYPT_ENABLE_MLKEM768 && M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS &&     \
     M4CRYPT_ENABLE_MLKEM_DECAPS)
#if EXAMPLE_MLKEM768
/* C2SP CCTV, ML-KEM/unluckysample/ML-KEM-768.txt */
static const uint8_t kem_d_z[64] = {
    0x82, 0xc4, 0xa3, 0x61, 0x58, 0x6b, 0x97, 0x15, 0xc2, 0x37, 0x5a, 0x45, 0xfb, 0x85, 0xc3, 0x2d,
    0x04, 0xbe, 0x7f, 0xe6, 0xe2, 0x6a, 0xcd, 0x82, 0x0e, 0xc5, 0xd4, 0x08, 0x00, 0x93, 0xaf, 0xe1,
    0x84, 0x76, 0x01, 0x35, 0x60, 0x15, 0x1d, 0x98, 0x6d, 0xc7, 0x83, 0x4d, 0xcb, 0x57, 0xc7, 0x5f,
    0x84, 0x5f, 0x8d, 0x7e, 0xe7, 0x15, 0x58, 0xd0, 0x95, 0x5f, 0x3f, 0x4f, 0xeb, 0x72, 0x3c, 0xf2};
static const uint8_t kem_m[32] = {
    0xe4, 0x8f, 0x74, 0xad, 0x41, 0x6e, 0x99, 0x63, 0x10, 0x03, 0xde, 0xd1, 0x47, 0x8a, 0xec, 0x62,
    0xa0, 0x2c, 0x24, 0x5d, 0x88, 0xed, 0x7f, 0x2f, 0xae, 0x92, 0xae, 0xdf, 0x13, 0xca, 0x03, 0xb3};
static const uint8_t kem_k[32] = {
    0x4f, 0x7c, 0xc6, 0x4c, 0x04, 0x0f, 0xc4, 0xe3, 0x35, 0xa5, 0x39, 0x69, 0x1f, 0x46, 0x38, 0xca,
    0xf8, 0xb1, 0xbf, 0x5d, 0xa6, 0x45, 0x57, 0x54, 0xaf, 0xe6, 0x99, 0xe4, 0x18, 0x13, 0x80, 0x1b};
static const uint8_t kem_sha3_ek[32] = {
    0x45, 0x1f, 0x9b, 0x65, 0x47, 0xb8, 0xf6, 0xe9, 0x27, 0xfb, 0xfe, 0x75, 0x98, 0x65, 0x81, 0x60,
    0x20, 0x60, 0x40, 0xfd, 0xb5, 0x7d, 0xd3, 0x9b, 0xa8, 0xbf, 0x1f, 0x3a, 0x5f, 0xf8, 0x9b, 0x9c};
static const uint8_t kem_sha3_dk[32] = {
    0x7f, 0x2d, 0xd0, 0xad, 0x9d, 0xc1, 0xd8, 0x78, 0x09, 0xd3, 0x6f, 0xb9, 0x6d, 0xf9, 0x39, 0x14,
    0x80, 0x06, 0x24, 0x6a, 0xf0, 0x15, 0x91, 0x32, 0x1f, 0x6f, 0x09, 0x60, 0x99, 0x49, 0xb7, 0xe9};
static const uint8_t kem_sha3_c[32] = {
    0x9e, 0xb0, 0x61, 0xa5, 0xfb, 0x76, 0x50, 0x5e, 0xef, 0xff, 0xde, 0xde, 0xa6, 0x26, 0x15, 0xea,
    0xb7, 0x65, 0xaa, 0x3d, 0x89, 0xff, 0x7f, 0x1f, 0x3d, 0xf7, 0xd8, 0x14, 0x29, 0x81, 0xa3, 0x0b};

static uint8_t pk[M4CRYPT_MLKEM768_PUBLICKEYBYTES], sk[M4CRYPT_MLKEM768_SECRETKEYBYTES];
static uint8_t ct[M4CRYPT_MLKEM768_CIPHERTEXTBYTES];

static void mlkem768(void)
{
    uint8_t ss_a[32], ss_b[32], h[32];

    int ok = m4crypt_mlkem768_keypair_derand(pk, sk, kem_d_z) == M4CRYPT_OK;
    m4crypt_sha3_256(h, pk, sizeof pk);
    ok &= equal(h, kem_sha3_ek, 32);
    m4crypt_sha3_256(h, sk, sizeof sk);
    ok &= equal(h, kem_sha3_dk, 32);
    check(ok, "ML-KEM-768 key generation (CCTV vector)");
    ok = m4crypt_mlkem768_enc_derand(ct, ss_a, pk, kem_m) == M4CRYPT_OK;
    m4crypt_sha3_256(h, ct, sizeof ct);
    check(ok && equal(h, kem_sha3_c, 32) && equal(ss_a, kem_k, 32),
          "ML-KEM-768 encapsulation (CCTV vector)");
    check(m4crypt_mlkem768_dec(ss_b, ct, sk) == M4CRYPT_OK && equal(ss_b, kem_k, 32),
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
static const uint8_t alice_sk[32] = {
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
static const uint8_t alice_pk[32] = {
    0x85, 0x20, 0xf0, 0x09, 0x89, 0x30, 0xa7, 0x54, 0x74, 0x8b, 0x7d, 0xdc, 0xb4, 0x3e, 0xf7, 0x5a,
    0x0d, 0xbf, 0x3a, 0x0d, 0x26, 0x38, 0x1a, 0xf4, 0xeb, 0xa4, 0xa9, 0x8e, 0xaa, 0x9b, 0x4e, 0x6a};
static const uint8_t bob_sk[32] = {
    0x5d, 0xab, 0x08, 0x7e, 0x62, 0x4a, 0x8a, 0x4b, 0x79, 0xe1, 0x7f, 0x8b, 0x83, 0x80, 0x0e, 0xe6,
    0x6f, 0x3b, 0xb1, 0x29, 0x26, 0x18, 0xb6, 0xfd, 0x1c, 0x2f, 0x8b, 0x27, 0xff, 0x88, 0xe0, 0xeb};
static const uint8_t bob_pk[32] = {
    0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
    0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};
static const uint8_t shared_ab[32] = {
    0x4a, 0x5d, 0x9d, 0x5b, 0xa4, 0xce, 0x2d, 0xe1, 0x72, 0x8e, 0x3b, 0xf4, 0x80, 0x35, 0x0f, 0x25,
    0xe0, 0x7e, 0x21, 0xc9, 0x47, 0xd1, 0x9e, 0x33, 0x76, 0xf0, 0x9b, 0x3c, 0x1e, 0x16, 0x17, 0x42};

static void x25519(void)
{
    uint8_t p[32], s1[32], s2[32], sk1[32], sk2[32], pk1[32], pk2[32];

    int ok = m4crypt_x25519_base(p, alice_sk) == M4CRYPT_OK && equal(p, alice_pk, 32);
    ok &= m4crypt_x25519_base(p, bob_sk) == M4CRYPT_OK && equal(p, bob_pk, 32);
    check(ok, "X25519 public keys (RFC 7748 6.1)");
    ok = m4crypt_x25519(s1, alice_sk, bob_pk) == M4CRYPT_OK && equal(s1, shared_ab, 32);
    ok &= m4crypt_x25519(s2, bob_sk, alice_pk) == M4CRYPT_OK && equal(s2, shared_ab, 32);
    check(ok, "X25519 shared secret (RFC 7748 6.1)");

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
/* RFC 8439 section 2.8.2 */
static const char aead_msg[] = "Ladies and Gentlemen of the class of '99: If I could offer you only "
                               "one tip for the future, sunscreen would be it.";
static const uint8_t aead_ad[12] = {0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1,
                                    0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7};
static const uint8_t aead_nonce[12] = {0x07, 0x00, 0x00, 0x00, 0x40, 0x41,
                                       0x42, 0x43, 0x44, 0x45, 0x46, 0x47};
static const uint8_t aead_ct[114 + 16] = {
    0xd3, 0x1a, 0x8d, 0x34, 0x64, 0x8e, 0x60, 0xdb, 0x7b, 0x86, 0xaf, 0xbc, 0x53, 0xef, 0x7e, 0xc2,
    0xa4, 0xad, 0xed, 0x51, 0x29, 0x6e, 0x08, 0xfe, 0xa9, 0xe2, 0xb5, 0xa7, 0x36, 0xee, 0x62, 0xd6,
    0x3d, 0xbe, 0xa4, 0x5e, 0x8c, 0xa9, 0x67, 0x12, 0x82, 0xfa, 0xfb, 0x69, 0xda, 0x92, 0x72, 0x8b,
    0x1a, 0x71, 0xde, 0x0a, 0x9e, 0x06, 0x0b, 0x29, 0x05, 0xd6, 0xa5, 0xb6, 0x7e, 0xcd, 0x3b, 0x36,
    0x92, 0xdd, 0xbd, 0x7f, 0x2d, 0x77, 0x8b, 0x8c, 0x98, 0x03, 0xae, 0xe3, 0x28, 0x09, 0x1b, 0x58,
    0xfa, 0xb3, 0x24, 0xe4, 0xfa, 0xd6, 0x75, 0x94, 0x55, 0x85, 0x80, 0x8b, 0x48, 0x31, 0xd7, 0xbc,
    0x3f, 0xf4, 0xde, 0xf0, 0x8e, 0x4b, 0x7a, 0x9d, 0xe5, 0x76, 0xd2, 0x65, 0x86, 0xce, 0xc6, 0x4b,
    0x61, 0x16,
    /* tag */
    0x1a, 0xe1, 0x0b, 0x59, 0x4f, 0x09, 0xe2, 0x6a, 0x7e, 0x90, 0x2e, 0xcb, 0xd0, 0x60, 0x06, 0x91};

static void aead(void)
{
    uint8_t key[32], c[sizeof aead_ct], m[114];
    for (unsigned i = 0; i < 32; i++)
        key[i] = (uint8_t)(0x80 + i);

    int ok = m4crypt_aead_chacha20poly1305_encrypt(c, sizeof c, (const uint8_t *)aead_msg, 114,
                                                   aead_ad, sizeof aead_ad, aead_nonce, key) == 0;
    check(ok && equal(c, aead_ct, sizeof c), "ChaCha20-Poly1305 encryption (RFC 8439 2.8.2)");
    ok = m4crypt_aead_chacha20poly1305_decrypt(m, sizeof m, c, sizeof c, aead_ad, sizeof aead_ad,
                                               aead_nonce, key) == 0;
    check(ok && equal(m, (const uint8_t *)aead_msg, sizeof m),
          "ChaCha20-Poly1305 decryption (RFC 8439 2.8.2)");
    c[sizeof c - 1] ^= 0x80;
    check(m4crypt_aead_chacha20poly1305_decrypt(m, sizeof m, c, sizeof c, aead_ad, sizeof aead_ad,
                                                aead_nonce, key) == M4CRYPT_ERR_AUTH,
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
