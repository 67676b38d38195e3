/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt_selftest (include/m4crypt/selftest.h): a known-answer test of every primitive built into
 * the library, each in a block of its own that is compiled exactly when the primitive is (the
 * M4CRYPT_ENABLE_* selection of include/m4crypt/config.h; without a selection, everything). The
 * answers are in selftest_kat.h, written by gen_selftest_kat.py from the standards' vectors and
 * from implementations other than m4crypt. Results are compared with m4crypt_verify; long
 * outputs through their SHA3-256 digest, so SHA-3 is tested first.
 *
 * ML-KEM and X-Wing chain their operations (the key pair generated from the known seed is the one
 * encapsulated to, the ciphertext the one decapsulated), so that no key or ciphertext needs to be
 * stored; a selection without key generation (or encapsulation) gets the whole key (ciphertext)
 * from selftest_kat.h instead.
 *
 * M4CRYPT_PLANT_SELFTEST_KAT is a planted fault for make test (tests/selftest/test_selftest.c
 * built a second time with it): every known answer is wrong in its first byte, so every test must
 * fail.
 */
#include <string.h>

#include "m4crypt.h"

#include "selftest_kat.h"

/* 1 if the len bytes (at most 64) at got differ from the known answer. */
static int differs(const uint8_t *got, const uint8_t *expected, size_t len)
{
#ifdef M4CRYPT_PLANT_SELFTEST_KAT
    uint8_t wrong[64];
    memcpy(wrong, expected, len);
    wrong[0] ^= 1;
    expected = wrong;
#endif
    return m4crypt_verify(got, expected, len) != 0;
}

/* 1 if SHA3-256 of the len bytes at p differs from the known digest. */
static int digest_differs(const uint8_t *p, size_t len, const uint8_t expected[32])
{
    uint8_t h[32];
    m4crypt_sha3_256(h, p, len);
    return differs(h, expected, 32);
}

/* FIPS 202: SHA3-256, SHA3-512 of a 200-byte message, SHAKE128 and SHAKE256 of it to 200 bytes
 * (through their SHA3-256 digest, compared only after SHA3-256 itself). */
static __attribute__((noinline)) uint32_t test_sha3(void)
{
    uint8_t msg[200], out[200];
    int bad;
    for (unsigned i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)i;
    m4crypt_sha3_256(out, msg, sizeof msg);
    bad = differs(out, kat_sha3_256, 32);
    m4crypt_sha3_512(out, msg, sizeof msg);
    bad |= differs(out, kat_sha3_512, 64);
    m4crypt_shake128(out, sizeof out, msg, sizeof msg);
    bad |= digest_differs(out, sizeof out, kat_shake128);
    m4crypt_shake256(out, sizeof out, msg, sizeof msg);
    bad |= digest_differs(out, sizeof out, kat_shake256);
    return bad ? M4CRYPT_SELFTEST_SHA3 : 0;
}

#if M4CRYPT_ENABLE_MLKEM512 || M4CRYPT_ENABLE_MLKEM768 || M4CRYPT_ENABLE_MLKEM1024
/* FIPS 203, one parameter set: KeyGen_internal(d, z) (the digests of ek and dk), Encaps_internal
 * to that ek with a known m (the digest of c, and K), Decaps of c (K) and of c with one bit
 * flipped (the implicit-rejection key). ek is read inside dk. The functions of an operation the
 * selection leaves out are NULL, and the known whole key or ciphertext stands in for their
 * result. */
typedef struct {
    uint32_t bit;
    size_t pk, sk, ct;
    int (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *coins);
    int (*enc_derand)(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m);
    int (*dec)(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);
    const uint8_t *dz, *ek_digest, *dk_digest, *m, *c_digest, *k, *kbar;
    const uint8_t *ek_full, *dk_full, *c_full;
} mlkem_kat;

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
#define MLKEM_KEYPAIR(N) m4crypt_mlkem##N##_keypair_derand
#else
#define MLKEM_KEYPAIR(N) NULL
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
#define MLKEM_ENC(N) m4crypt_mlkem##N##_enc_derand
#else
#define MLKEM_ENC(N) NULL
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
#define MLKEM_DEC(N) m4crypt_mlkem##N##_dec
#else
#define MLKEM_DEC(N) NULL
#endif
#if !M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS
#define MLKEM_EK_FULL(N) kat_mlkem##N##_ek_full
#else
#define MLKEM_EK_FULL(N) NULL
#endif
#if !M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_DECAPS
#define MLKEM_DK_FULL(N) kat_mlkem##N##_dk_full
#else
#define MLKEM_DK_FULL(N) NULL
#endif
#if !M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS
#define MLKEM_C_FULL(N) kat_mlkem##N##_c_full
#else
#define MLKEM_C_FULL(N) NULL
#endif
#define MLKEM_KAT(N)                                                                               \
    {M4CRYPT_SELFTEST_MLKEM##N, M4CRYPT_MLKEM##N##_PUBLICKEYBYTES,                                \
     M4CRYPT_MLKEM##N##_SECRETKEYBYTES, M4CRYPT_MLKEM##N##_CIPHERTEXTBYTES, MLKEM_KEYPAIR(N),     \
     MLKEM_ENC(N), MLKEM_DEC(N), kat_mlkem##N##_dz, kat_mlkem##N##_ek, kat_mlkem##N##_dk,         \
     kat_mlkem##N##_m, kat_mlkem##N##_c, kat_mlkem##N##_k, kat_mlkem##N##_kbar, MLKEM_EK_FULL(N), \
     MLKEM_DK_FULL(N), MLKEM_C_FULL(N)}

/* The largest sizes of the sets built in */
#if M4CRYPT_ENABLE_MLKEM1024
#define MLKEM_SK_MAX M4CRYPT_MLKEM1024_SECRETKEYBYTES
#define MLKEM_BUF_MAX M4CRYPT_MLKEM1024_PUBLICKEYBYTES
#elif M4CRYPT_ENABLE_MLKEM768
#define MLKEM_SK_MAX M4CRYPT_MLKEM768_SECRETKEYBYTES
#define MLKEM_BUF_MAX M4CRYPT_MLKEM768_PUBLICKEYBYTES
#else
#define MLKEM_SK_MAX M4CRYPT_MLKEM512_SECRETKEYBYTES
#define MLKEM_BUF_MAX M4CRYPT_MLKEM512_PUBLICKEYBYTES
#endif

static __attribute__((noinline)) uint32_t test_mlkem(const mlkem_kat *t)
{
    uint8_t sk_buf[MLKEM_SK_MAX], buf[MLKEM_BUF_MAX], ss[32]; /* buf: ek, then c (pk >= ct) */
    const uint8_t *ek = t->ek_full, *sk = t->dk_full, *c = t->c_full;
    int bad = 0;
    if (t->keypair_derand) {
        bad |= t->keypair_derand(buf, sk_buf, t->dz) != 0;
        bad |= digest_differs(buf, t->pk, t->ek_digest);
        bad |= digest_differs(sk_buf, t->sk, t->dk_digest);
        ek = sk_buf + t->pk - 32; /* dk = dk_PKE (384 k bytes) || ek || H(ek) || z */
        sk = sk_buf;
    }
    if (t->enc_derand) {
        bad |= t->enc_derand(buf, ss, ek, t->m) != 0;
        bad |= digest_differs(buf, t->ct, t->c_digest);
        bad |= differs(ss, t->k, 32);
    } else if (t->dec) {
        memcpy(buf, c, t->ct);
    }
    if (t->dec) {
        bad |= t->dec(ss, buf, sk) != 0;
        bad |= differs(ss, t->k, 32);
        buf[0] ^= 1;
        bad |= t->dec(ss, buf, sk) != 0;
        bad |= differs(ss, t->kbar, 32);
    }
    return bad ? t->bit : 0;
}

static const mlkem_kat mlkem_kats[] = {
#if M4CRYPT_ENABLE_MLKEM512
    MLKEM_KAT(512),
#endif
#if M4CRYPT_ENABLE_MLKEM768
    MLKEM_KAT(768),
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    MLKEM_KAT(1024),
#endif
};
#endif

#if M4CRYPT_ENABLE_X25519
/* RFC 7748: the first vector of section 5.2 (the ladder), Alice's key pair of section 6.1 (the
 * fixed base). */
static __attribute__((noinline)) uint32_t test_x25519(void)
{
    uint8_t out[32];
    int bad = m4crypt_x25519(out, kat_x25519_scalar, kat_x25519_u) != 0;
    bad |= differs(out, kat_x25519_out, 32);
    bad |= m4crypt_x25519_base(out, kat_x25519_alice) != 0;
    bad |= differs(out, kat_x25519_alice_pub, 32);
    return bad ? M4CRYPT_SELFTEST_X25519 : 0;
}
#endif

#if M4CRYPT_ENABLE_RISTRETTO255
/* RFC 9496 appendix A: 3 B by the fixed base, 2 (3 B) = 6 B by the variable base, and the first
 * "from uniform bytes" vector (A.3). */
static __attribute__((noinline)) uint32_t test_ristretto255(void)
{
    static const uint8_t two[32] = {2}, three[32] = {3};
    uint8_t out[32];
    int bad = m4crypt_ristretto255_scalarmult_base(out, three) != 0;
    bad |= differs(out, kat_r255_3b, 32);
    bad |= m4crypt_ristretto255_scalarmult(out, two, kat_r255_3b) != 0;
    bad |= differs(out, kat_r255_6b, 32);
    bad |= m4crypt_ristretto255_from_uniform_bytes(out, kat_r255_hash_in) != 0;
    bad |= differs(out, kat_r255_hash_out, 32);
    return bad ? M4CRYPT_SELFTEST_RISTRETTO255 : 0;
}
#endif

#if M4CRYPT_ENABLE_CHACHA20 || M4CRYPT_ENABLE_CHACHA20POLY1305
/* RFC 8439 section 2.3.2's key, 00 01 .. 1f; section 2.8.2's, 80 81 .. 9f. */
static void key_from(uint8_t key[32], uint8_t first)
{
    for (unsigned i = 0; i < 32; i++)
        key[i] = (uint8_t)(first + i);
}
#endif

#if M4CRYPT_ENABLE_CHACHA20
/* RFC 8439 section 2.3.2: the keystream block for counter 1 (the XOR of 64 zero bytes). */
static __attribute__((noinline)) uint32_t test_chacha20(void)
{
    uint8_t key[32], zero[64] = {0}, out[64];
    key_from(key, 0);
    int bad = m4crypt_chacha20_ietf_xor(out, zero, sizeof zero, key, kat_chacha20_nonce, 1) != 0;
    bad |= differs(out, kat_chacha20_block, 64);
    return bad ? M4CRYPT_SELFTEST_CHACHA20 : 0;
}
#endif

#if M4CRYPT_ENABLE_POLY1305
/* RFC 8439 section 2.5.2. */
static __attribute__((noinline)) uint32_t test_poly1305(void)
{
    uint8_t tag[16];
    m4crypt_poly1305(tag, kat_poly1305_msg, sizeof kat_poly1305_msg, kat_poly1305_key);
    return differs(tag, kat_poly1305_tag, 16) ? M4CRYPT_SELFTEST_POLY1305 : 0;
}
#endif

#if M4CRYPT_ENABLE_CHACHA20POLY1305
/* RFC 8439 section 2.8.2's key, nonce and AD with the first 32 bytes of its plaintext: encryption,
 * decryption, and decryption of the same message with one bit of the tag flipped (refused, the
 * output zeroed). */
static __attribute__((noinline)) uint32_t test_chacha20poly1305(void)
{
    uint8_t key[32], c[48], m[32];
    key_from(key, 0x80);
    int bad = m4crypt_aead_chacha20poly1305_encrypt(c, sizeof c, kat_aead_pt, sizeof m, kat_aead_ad,
                                                    sizeof kat_aead_ad, kat_aead_nonce, key) != 0;
    bad |= differs(c, kat_aead_ct, sizeof c);
    bad |= m4crypt_aead_chacha20poly1305_decrypt(m, sizeof m, c, sizeof c, kat_aead_ad,
                                                 sizeof kat_aead_ad, kat_aead_nonce, key) != 0;
    bad |= differs(m, kat_aead_pt, sizeof m);
    c[sizeof c - 1] ^= 0x80;
    bad |= m4crypt_aead_chacha20poly1305_decrypt(m, sizeof m, c, sizeof c, kat_aead_ad,
                                                 sizeof kat_aead_ad, kat_aead_nonce, key) !=
           M4CRYPT_ERR_AUTH;
    static const uint8_t zero[32];
    bad |= m4crypt_verify(m, zero, sizeof m) != 0;
    return bad ? M4CRYPT_SELFTEST_CHACHA20POLY1305 : 0;
}
#endif

#if M4CRYPT_ENABLE_XWING
/* draft-connolly-cfrg-xwing-kem, its first test vector: key generation from the seed (the digest
 * of pk), encapsulation with eseed (the digest of ct, and ss), decapsulation of ct (ss). The
 * secret key is the seed itself. */
static __attribute__((noinline)) uint32_t test_xwing(void)
{
    uint8_t pk_buf[M4CRYPT_ENABLE_XWING_KEYPAIR ? M4CRYPT_XWING_PUBLICKEYBYTES : 1];
    uint8_t ct_buf[M4CRYPT_XWING_CIPHERTEXTBYTES], sk[M4CRYPT_XWING_SECRETKEYBYTES], ss[32];
    const uint8_t *pk = pk_buf, *ct = ct_buf;
    int bad = 0;
    (void)pk, (void)ct, (void)ss, (void)sk;
#if M4CRYPT_ENABLE_XWING_KEYPAIR
    bad |= m4crypt_xwing_keypair_derand(pk_buf, sk, kat_xwing_seed) != 0;
    bad |= digest_differs(pk_buf, sizeof pk_buf, kat_xwing_pk);
#elif M4CRYPT_ENABLE_XWING_ENCAPS
    pk = kat_xwing_pk_full;
#endif
#if M4CRYPT_ENABLE_XWING_ENCAPS
    bad |= m4crypt_xwing_enc_derand(ct_buf, ss, pk, kat_xwing_eseed) != 0;
    bad |= digest_differs(ct_buf, sizeof ct_buf, kat_xwing_ct);
    bad |= differs(ss, kat_xwing_ss, 32);
#elif M4CRYPT_ENABLE_XWING_DECAPS
    ct = kat_xwing_ct_full;
#endif
#if M4CRYPT_ENABLE_XWING_DECAPS
    memcpy(sk, kat_xwing_seed, sizeof sk);
    bad |= m4crypt_xwing_dec(ss, ct, sk) != 0;
    bad |= differs(ss, kat_xwing_ss, 32);
#endif
    return bad ? M4CRYPT_SELFTEST_XWING : 0;
}
#endif

#if M4CRYPT_ENABLE_MLDSA
/* FIPS 204, one parameter set, with the operations built: KeyGen_internal(xi) (the digests of pk
 * and sk), the deterministic signature (rnd = 0, empty context) of a message whose signing takes a
 * single attempt (its digest; the message is chosen by gen_selftest_kat.py, so the test costs one
 * round of the rejection loop), its verification, and the verification of the signature with one
 * bit of c-tilde flipped (refused). Without key generation (signing), the verification uses the
 * known pk (signature). */
typedef struct {
    uint32_t bit;
    size_t pk, sk, sig;
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
    int (*keypair_derand)(uint8_t *pk, uint8_t *sk, const uint8_t *seed);
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
    int (*sign_derand)(uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                       size_t ctxlen, const uint8_t *sk, const uint8_t *rnd);
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
    int (*verify)(const uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                  size_t ctxlen, const uint8_t *pk);
#endif
    const uint8_t *xi, *pk_digest, *sk_digest, *msg, *sig_digest;
    size_t msglen;
#if !M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_VERIFY
    const uint8_t *pk_full;
#endif
#if !M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY
    const uint8_t *sig_full;
#endif
} mldsa_kat;

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
#define MLDSA_KAT_KEYPAIR(N) m4crypt_mldsa##N##_keypair_derand,
#else
#define MLDSA_KAT_KEYPAIR(N)
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
#define MLDSA_KAT_SIGN(N) m4crypt_mldsa##N##_sign_derand,
#else
#define MLDSA_KAT_SIGN(N)
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
#define MLDSA_KAT_VERIFY(N) m4crypt_mldsa##N##_verify,
#else
#define MLDSA_KAT_VERIFY(N)
#endif
#if !M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_VERIFY
#define MLDSA_KAT_PK_FULL(N) , kat_mldsa##N##_pk_full
#else
#define MLDSA_KAT_PK_FULL(N)
#endif
#if !M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY
#define MLDSA_KAT_SIG_FULL(N) , kat_mldsa##N##_sig_full
#else
#define MLDSA_KAT_SIG_FULL(N)
#endif

#define MLDSA_KAT(N)                                                                               \
    {M4CRYPT_SELFTEST_MLDSA##N,                                                                    \
     M4CRYPT_MLDSA##N##_PUBLICKEYBYTES,                                                            \
     M4CRYPT_MLDSA##N##_SECRETKEYBYTES,                                                            \
     M4CRYPT_MLDSA##N##_BYTES,                                                                     \
     MLDSA_KAT_KEYPAIR(N) MLDSA_KAT_SIGN(N) MLDSA_KAT_VERIFY(N) kat_mldsa##N##_xi,                 \
     kat_mldsa##N##_pk,                                                                            \
     kat_mldsa##N##_sk,                                                                            \
     kat_mldsa##N##_msg,                                                                           \
     kat_mldsa##N##_sig,                                                                           \
     sizeof kat_mldsa##N##_msg MLDSA_KAT_PK_FULL(N) MLDSA_KAT_SIG_FULL(N)}

static const mldsa_kat mldsa_kats[] = {
#if M4CRYPT_ENABLE_MLDSA44
    MLDSA_KAT(44),
#endif
#if M4CRYPT_ENABLE_MLDSA65
    MLDSA_KAT(65),
#endif
#if M4CRYPT_ENABLE_MLDSA87
    MLDSA_KAT(87),
#endif
};

static __attribute__((noinline)) uint32_t test_mldsa(const mldsa_kat *t)
{
    int bad = 0;
    const uint8_t *pk, *sig;
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
    uint8_t pk_buf[M4CRYPT_MLDSA87_PUBLICKEYBYTES], sk[M4CRYPT_MLDSA87_SECRETKEYBYTES];
    bad |= t->keypair_derand(pk_buf, sk, t->xi) != 0;
    bad |= digest_differs(pk_buf, t->pk, t->pk_digest);
    bad |= digest_differs(sk, t->sk, t->sk_digest);
    pk = pk_buf;
#elif M4CRYPT_ENABLE_MLDSA_VERIFY
    pk = t->pk_full;
#else
    pk = NULL;
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
    static const uint8_t zero_rnd[32];
    uint8_t sig_buf[M4CRYPT_MLDSA87_BYTES];
    bad |= t->sign_derand(sig_buf, t->msg, t->msglen, NULL, 0, sk, zero_rnd) != 0;
    bad |= digest_differs(sig_buf, t->sig, t->sig_digest);
    sig = sig_buf;
#elif M4CRYPT_ENABLE_MLDSA_VERIFY
    uint8_t sig_buf[M4CRYPT_MLDSA87_BYTES];
    memcpy(sig_buf, t->sig_full, t->sig); /* copied: flipped below */
#ifdef M4CRYPT_PLANT_SELFTEST_KAT
    sig_buf[1] ^= 1; /* the known answer is wrong: the first verification must fail */
#endif
    sig = sig_buf;
#else
    sig = NULL;
#endif
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
    m4crypt_memzero(sk, sizeof sk);
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
    bad |= t->verify(sig, t->msg, t->msglen, NULL, 0, pk) != 0;
    sig_buf[0] ^= 1;
    bad |= t->verify(sig, t->msg, t->msglen, NULL, 0, pk) != M4CRYPT_ERR_SIGNATURE;
#else
    (void)pk, (void)sig;
#endif
    return bad ? t->bit : 0;
}
#endif

uint32_t m4crypt_selftest_built(void)
{
    return M4CRYPT_SELFTEST_SHA3 | (M4CRYPT_ENABLE_MLKEM512 ? M4CRYPT_SELFTEST_MLKEM512 : 0) |
           (M4CRYPT_ENABLE_MLKEM768 ? M4CRYPT_SELFTEST_MLKEM768 : 0) |
           (M4CRYPT_ENABLE_MLKEM1024 ? M4CRYPT_SELFTEST_MLKEM1024 : 0) |
           (M4CRYPT_ENABLE_X25519 ? M4CRYPT_SELFTEST_X25519 : 0) |
           (M4CRYPT_ENABLE_RISTRETTO255 ? M4CRYPT_SELFTEST_RISTRETTO255 : 0) |
           (M4CRYPT_ENABLE_CHACHA20 ? M4CRYPT_SELFTEST_CHACHA20 : 0) |
           (M4CRYPT_ENABLE_POLY1305 ? M4CRYPT_SELFTEST_POLY1305 : 0) |
           (M4CRYPT_ENABLE_CHACHA20POLY1305 ? M4CRYPT_SELFTEST_CHACHA20POLY1305 : 0) |
           (M4CRYPT_ENABLE_XWING ? M4CRYPT_SELFTEST_XWING : 0) |
           (M4CRYPT_ENABLE_MLDSA44 ? M4CRYPT_SELFTEST_MLDSA44 : 0) |
           (M4CRYPT_ENABLE_MLDSA65 ? M4CRYPT_SELFTEST_MLDSA65 : 0) |
           (M4CRYPT_ENABLE_MLDSA87 ? M4CRYPT_SELFTEST_MLDSA87 : 0);
}

/* IF_ENABLED(option, call): the call where the option (an M4CRYPT_ENABLE_* macro, 0 or 1 after
 * expansion) is 1, else 0u, so that a left-out primitive's test function is never named. The
 * option is expanded by the outer macro and then pasted onto IF_ENABLED_; a value other than 0 or
 * 1 names no macro and fails to compile. */
#define IF_ENABLED(option, call) IF_ENABLED_EXPANDED(option, call)
#define IF_ENABLED_EXPANDED(option, call) IF_ENABLED_##option(call)
#define IF_ENABLED_0(call) 0u
#define IF_ENABLED_1(call) call

int m4crypt_selftest(uint32_t *failed)
{
    uint32_t f = test_sha3();
#if M4CRYPT_ENABLE_MLKEM512 || M4CRYPT_ENABLE_MLKEM768 || M4CRYPT_ENABLE_MLKEM1024
    for (size_t i = 0; i < sizeof mlkem_kats / sizeof mlkem_kats[0]; i++)
        f |= test_mlkem(&mlkem_kats[i]);
#endif
    f |= IF_ENABLED(M4CRYPT_ENABLE_X25519, test_x25519());
    f |= IF_ENABLED(M4CRYPT_ENABLE_RISTRETTO255, test_ristretto255());
    f |= IF_ENABLED(M4CRYPT_ENABLE_CHACHA20, test_chacha20());
    f |= IF_ENABLED(M4CRYPT_ENABLE_POLY1305, test_poly1305());
    f |= IF_ENABLED(M4CRYPT_ENABLE_CHACHA20POLY1305, test_chacha20poly1305());
    f |= IF_ENABLED(M4CRYPT_ENABLE_XWING, test_xwing());
#if M4CRYPT_ENABLE_MLDSA
    for (size_t i = 0; i < sizeof mldsa_kats / sizeof mldsa_kats[0]; i++)
        f |= test_mldsa(&mldsa_kats[i]);
#endif
    if (failed)
        *failed = f;
    return f ? M4CRYPT_ERR_SELFTEST : M4CRYPT_OK;
}
