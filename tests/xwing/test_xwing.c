/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing tests: the three vectors of the draft version vendored in tests/vectors/xwing, round
 * trips, a composition of the draft's algorithms from the library's building blocks (SHAKE256,
 * ML-KEM-768, X25519, one-shot SHA3-256 over the concatenated combiner input), public keys that
 * fail the ML-KEM modulus check (constructed here, and CCTV's ML-KEM-768 "modulus" keys), the
 * documented behaviour for low-order X25519 parts (no rejection, ss_X = 0), tampered
 * ciphertexts, and random-source failures. Decapsulation from an expanded key
 * (m4crypt_xwing_expand_key, m4crypt_xwing_dec_expanded) is checked against the vectors and the
 * seed API wherever the seed API is.
 * A build with only some of X-Wing's operations (m4crypt/config.h) runs the vectors of those; the
 * other tests need all three.
 */
#include <string.h>

#include "../mlkem/mlkem_ek_check.h"
#include "harness.h"
#include "m4crypt/fips202.h"
#include "m4crypt/mlkem.h"
#include "m4crypt/x25519.h"
#include "m4crypt/xwing.h"

#define PKB M4CRYPT_XWING_PUBLICKEYBYTES
#define CTB M4CRYPT_XWING_CIPHERTEXTBYTES
#define PKM M4CRYPT_MLKEM768_PUBLICKEYBYTES
#define SKM M4CRYPT_MLKEM768_SECRETKEYBYTES
#define CTM M4CRYPT_MLKEM768_CIPHERTEXTBYTES

#define XWING_ALL                                                                                  \
    (M4CRYPT_ENABLE_XWING_KEYPAIR && M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS)

static __attribute__((unused)) const uint8_t label[6] = {'\\', '.', '/', '/', '^', '\\'};

/* ---------------------------------------------------------------- the draft, from parts */
#if XWING_ALL

typedef struct {
    uint8_t pk_m[PKM], sk_m[SKM], sk_x[32], pk_x[32];
} expanded_key;

static void ref_expand(expanded_key *k, const uint8_t seed[32])
{
    uint8_t e[96];
    m4crypt_shake256(e, 96, seed, 32);
    CHECK(m4crypt_mlkem768_keypair_derand(k->pk_m, k->sk_m, e) == 0);
    memcpy(k->sk_x, e + 64, 32);
    CHECK(m4crypt_x25519_base(k->pk_x, k->sk_x) == 0);
}

static void ref_combiner(uint8_t ss[32], const uint8_t ss_m[32], const uint8_t ss_x[32],
                         const uint8_t ct_x[32], const uint8_t pk_x[32])
{
    uint8_t in[32 * 4 + 6];
    memcpy(in, ss_m, 32);
    memcpy(in + 32, ss_x, 32);
    memcpy(in + 64, ct_x, 32);
    memcpy(in + 96, pk_x, 32);
    memcpy(in + 128, label, 6);
    m4crypt_sha3_256(ss, in, sizeof in);
}

/* Encapsulate(pk, eseed) from parts; the X25519 all-zero result is accepted (as the draft). */
static int ref_enc(uint8_t ct[CTB], uint8_t ss[32], const uint8_t pk[PKB], const uint8_t eseed[64])
{
    uint8_t ss_m[32], ss_x[32];
    int r = m4crypt_mlkem768_enc_derand(ct, ss_m, pk, eseed);
    m4crypt_x25519_base(ct + CTM, eseed + 32);
    m4crypt_x25519(ss_x, eseed + 32, pk + PKM);
    ref_combiner(ss, ss_m, ss_x, ct + CTM, pk + PKM);
    return r;
}

static void ref_dec(uint8_t ss[32], const uint8_t ct[CTB], const uint8_t seed[32])
{
    static expanded_key k;
    uint8_t ss_m[32], ss_x[32];
    ref_expand(&k, seed);
    CHECK(m4crypt_mlkem768_dec(ss_m, ct, k.sk_m) == 0);
    m4crypt_x25519(ss_x, k.sk_x, ct + CTM);
    ref_combiner(ss, ss_m, ss_x, ct + CTM, k.pk_x);
}
#endif

/* ---------------------------------------------------------------- tests */

static __attribute__((unused)) uint8_t pk[PKB], pk2[PKB], ct[CTB], ct2[CTB];
#if M4CRYPT_ENABLE_XWING_DECAPS
static m4crypt_xwing_expanded_key xk;
#endif

static void test_vectors(void)
{
    static uint8_t v_pk[PKB], v_ct[CTB];
    uint8_t seed[32], sk[32], v_sk[32], eseed[64], v_ss[32], ss[32];
    unsigned n = 0;
    for (vec_file f = vec_begin("xwing.vec"); vec_next(&f);) {
        CHECK(vec_hex("seed", seed, 32) == 32 && vec_hex("sk", v_sk, 32) == 32 &&
              vec_hex("pk", v_pk, PKB) == PKB && vec_hex("eseed", eseed, 64) == 64 &&
              vec_hex("ct", v_ct, CTB) == CTB && vec_hex("ss", v_ss, 32) == 32);
        (void)seed, (void)sk, (void)v_sk, (void)eseed, (void)ss;
#if M4CRYPT_ENABLE_XWING_KEYPAIR
        memset(pk, 0, PKB);
        CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);
        CHECK_MEM(sk, v_sk, 32);
        CHECK_MEM(pk, v_pk, PKB);
#endif
#if M4CRYPT_ENABLE_XWING_ENCAPS
        memset(ss, 0, 32);
        CHECK(m4crypt_xwing_enc_derand(ct, ss, v_pk, eseed) == 0);
        CHECK_MEM(ct, v_ct, CTB);
        CHECK_MEM(ss, v_ss, 32);
#endif
#if M4CRYPT_ENABLE_XWING_DECAPS
        memset(ss, 0, 32);
        CHECK(m4crypt_xwing_dec(ss, v_ct, v_sk) == 0);
        CHECK_MEM(ss, v_ss, 32);
        /* the expanded key: the same public key, the same shared secret */
        memset(&xk, 0xa5, sizeof xk);
        CHECK(m4crypt_xwing_expand_key(&xk, v_sk) == 0);
        m4crypt_xwing_expanded_key_public(pk, &xk);
        CHECK_MEM(pk, v_pk, PKB);
        memset(ss, 0, 32);
        CHECK(m4crypt_xwing_dec_expanded(ss, v_ct, &xk) == 0);
        CHECK_MEM(ss, v_ss, 32);
#endif
#if XWING_ALL
        /* the composition from parts reproduces the vectors too (it is the draft as written) */
        ref_enc(ct2, ss, v_pk, eseed);
        CHECK_MEM(ct2, v_ct, CTB);
        CHECK_MEM(ss, v_ss, 32);
#endif
        n++;
    }
    CHECK(n == 3);
}

#if XWING_ALL
static expanded_key ek;

/* Decapsulation from an expanded key of sk; 0 if it gives want (and returns 0), else 1. */
static unsigned dec_expanded_differs(const uint8_t *c, const uint8_t sk[32], const uint8_t want[32])
{
    uint8_t ss[32];
    unsigned bad = m4crypt_xwing_expand_key(&xk, sk) != 0;
    memset(ss, 0x5a, 32);
    bad += m4crypt_xwing_dec_expanded(ss, c, &xk) != 0;
    bad += memcmp(ss, want, 32) != 0;
    return bad;
}

static void test_round_trips(void)
{
    uint8_t seed[32], sk[32], eseed[64], ss[32], ss2[32], ss3[32];
    const unsigned n = t_quick() ? 4 : 100;
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        t_rand_bytes(seed, 32);
        t_rand_bytes(eseed, 64);
        bad += m4crypt_xwing_keypair_derand(pk, sk, seed) != 0;
        bad += memcmp(sk, seed, 32) != 0;
        ref_expand(&ek, seed);
        bad += memcmp(pk, ek.pk_m, PKM) != 0 || memcmp(pk + PKM, ek.pk_x, 32) != 0;
        bad += m4crypt_xwing_enc_derand(ct, ss, pk, eseed) != 0;
        bad += ref_enc(ct2, ss2, pk, eseed) != 0;
        bad += memcmp(ct, ct2, CTB) != 0 || memcmp(ss, ss2, 32) != 0;
        bad += m4crypt_xwing_dec(ss3, ct, sk) != 0;
        bad += memcmp(ss, ss3, 32) != 0;
        bad += dec_expanded_differs(ct, sk, ss);
    }
    CHECK(bad == 0);
    t_printf("xwing: %u derandomized round trips, %u mismatches\n", n, bad);

    /* randomized API with the platform generator */
    CHECK(m4crypt_xwing_keypair(pk, sk) == 0);
    CHECK(m4crypt_xwing_enc(ct, ss, pk) == 0);
    CHECK(m4crypt_xwing_dec(ss2, ct, sk) == 0);
    CHECK_MEM(ss, ss2, 32);
    CHECK(m4crypt_xwing_enc(ct2, ss3, pk) == 0);
    CHECK(memcmp(ct, ct2, CTB) != 0 && memcmp(ss, ss3, 32) != 0);
    /* keypair_derand with the seed in the sk buffer (aliasing) */
    memcpy(seed, sk, 32);
    CHECK(m4crypt_xwing_keypair_derand(pk2, sk, sk) == 0);
    CHECK_MEM(pk2, pk, PKB);
    CHECK_MEM(sk, seed, 32);
}

static void check_rejected(const uint8_t *bad_pk, const uint8_t eseed[64], unsigned *bad)
{
    uint8_t ss[32], zero[32] = {0};
    memset(ct, 0xa5, CTB);
    memset(ss, 0xa5, 32);
    *bad += m4crypt_xwing_enc_derand(ct, ss, bad_pk, eseed) != M4CRYPT_ERR_PUBLIC_KEY;
    *bad += memcmp(ss, zero, 32) != 0;
    for (unsigned i = 0; i < CTB; i++)
        *bad += ct[i] != 0;
}

static void test_bad_public_key(void)
{
    uint8_t seed[32], sk[32], eseed[64], ss[32];
    unsigned bad = 0, n = 0;
    t_rand_bytes(seed, 32);
    t_rand_bytes(eseed, 64);
    CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);
    static const unsigned pos[] = {0, 1, 254, 255, 256, 511, 512, 766, 767};
    static const unsigned val[] = {3329, 3330, 4095};
    for (unsigned i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        for (unsigned k = 0; k < 3; k++) {
            memcpy(pk2, pk, PKB);
            mlkem_set_coeff12(pk2, pos[i], val[k]);
            check_rejected(pk2, eseed, &bad);
            n++;
        }
        /* q - 1 is in range: accepted, and the result agrees with the parts */
        memcpy(pk2, pk, PKB);
        mlkem_set_coeff12(pk2, pos[i], 3328);
        bad += m4crypt_xwing_enc_derand(ct, ss, pk2, eseed) != 0;
        uint8_t ss2[32];
        bad += ref_enc(ct2, ss2, pk2, eseed) != 0;
        bad += memcmp(ct, ct2, CTB) != 0 || memcmp(ss, ss2, 32) != 0;
    }
    /* random corruptions of random coefficients */
    for (unsigned i = 0; i < (t_quick() ? 10u : 200u); i++) {
        memcpy(pk2, pk, PKB);
        mlkem_set_coeff12(pk2, t_rand32() % 768, 3329 + t_rand32() % (4096 - 3329));
        check_rejected(pk2, eseed, &bad);
        n++;
    }
    CHECK(bad == 0);

    /* CCTV ML-KEM-768 modulus keys (C2SP/CCTV ML-KEM/modulus), each with an X25519 key added */
    unsigned cctv = 0;
    bad = 0;
    for (vec_file f = vec_begin("mlkem_cctv.vec"); vec_next(&f);) {
        const char *g = vec_str("group");
        if (!g || strcmp(g, "modulus-768") != 0)
            continue;
        if (vec_hex("ek", pk2, PKM) != PKM) {
            bad++;
            continue;
        }
        memcpy(pk2 + PKM, pk + PKM, 32);
        check_rejected(pk2, eseed, &bad);
        cctv++;
    }
    CHECK(cctv > 0 && bad == 0);
    t_printf("xwing: %u constructed and %u CCTV public keys with a coefficient >= q rejected\n", n,
             cctv);
}

/* The X25519 halves at low-order points: no rejection, ss_X = 0^32 enters the combiner. */
static void test_low_order_x25519(void)
{
    static const uint8_t low[3][32] = {
        {0},
        {1},
        {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4,
         0x6a, 0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49,
         0xb8, 0x00},
    };
    uint8_t seed[32], sk[32], eseed[64], ss[32], ss2[32], ss_m[32], want[32], zero[32] = {0};
    t_rand_bytes(seed, 32);
    t_rand_bytes(eseed, 64);
    CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);
    ref_expand(&ek, seed);
    for (int i = 0; i < 3; i++) {
        /* encapsulation to a public key whose X25519 part has low order */
        memcpy(pk2, pk, PKB);
        memcpy(pk2 + PKM, low[i], 32);
        CHECK(m4crypt_xwing_enc_derand(ct, ss, pk2, eseed) == 0);
        CHECK(m4crypt_mlkem768_enc_derand(ct2, ss_m, pk2, eseed) == 0);
        CHECK_MEM(ct, ct2, CTM);
        ref_combiner(want, ss_m, zero, ct + CTM, low[i]);
        CHECK_MEM(ss, want, 32);
        /* decapsulation of a ciphertext whose X25519 part has low order */
        CHECK(m4crypt_xwing_enc_derand(ct, ss, pk, eseed) == 0);
        memcpy(ct + CTM, low[i], 32);
        CHECK(m4crypt_xwing_dec(ss2, ct, sk) == 0);
        CHECK(m4crypt_mlkem768_dec(ss_m, ct, ek.sk_m) == 0);
        ref_combiner(want, ss_m, zero, low[i], ek.pk_x);
        CHECK_MEM(ss2, want, 32);
        CHECK(dec_expanded_differs(ct, sk, want) == 0);
        CHECK(memcmp(ss2, ss, 32) != 0);
    }
}

/* Tampered ciphertexts: a different key comes out (implicit rejection for ct_M), never an error,
 * and it is what the draft's algorithm gives. */
static void test_tampered(void)
{
    uint8_t seed[32], sk[32], eseed[64], ss[32], ss2[32], want[32];
    unsigned bad = 0;
    t_rand_bytes(seed, 32);
    CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);
    for (unsigned i = 0; i < (t_quick() ? 4u : 50u); i++) {
        t_rand_bytes(eseed, 64);
        bad += m4crypt_xwing_enc_derand(ct, ss, pk, eseed) != 0;
        memcpy(ct2, ct, CTB);
        unsigned at = i % 2 ? CTM + t_rand32() % 32 : t_rand32() % CTM;
        ct2[at] ^= (uint8_t)(1u << (t_rand32() % 8));
        bad += m4crypt_xwing_dec(ss2, ct2, sk) != 0;
        bad += memcmp(ss, ss2, 32) == 0;
        ref_dec(want, ct2, seed);
        bad += memcmp(ss2, want, 32) != 0;
        bad += dec_expanded_differs(ct2, sk, want);
    }
    CHECK(bad == 0);
    /* decapsulation with another key */
    uint8_t other[32];
    memcpy(other, sk, 32);
    other[0] ^= 1;
    CHECK(m4crypt_xwing_dec(ss2, ct, other) == 0);
    CHECK(memcmp(ss, ss2, 32) != 0);
}

/* The expanded key on its own: it holds what the draft's expandDecapsulationKey gives (the
 * composition from parts), decapsulates again and again with the same result, works with ss in
 * the ciphertext buffer, and its wipe leaves no byte non-zero. */
static void test_expanded_key(void)
{
    uint8_t seed[32], sk[32], eseed[64], ss[32], ss2[32];
    unsigned bad = 0;
    t_rand_bytes(seed, 32);
    CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);
    CHECK(m4crypt_xwing_expand_key(&xk, sk) == 0);
    ref_expand(&ek, seed);
    CHECK(sizeof xk == M4CRYPT_XWING_EXPANDEDKEYBYTES);
    CHECK_MEM(xk.sk_m, ek.sk_m, SKM);
    CHECK_MEM(xk.sk_x, ek.sk_x, 32);
    CHECK_MEM(xk.pk_x, ek.pk_x, 32);
    m4crypt_xwing_expanded_key_public(pk2, &xk);
    CHECK_MEM(pk2, pk, PKB);
    for (unsigned i = 0; i < (t_quick() ? 3u : 20u); i++) {
        t_rand_bytes(eseed, 64);
        bad += m4crypt_xwing_enc_derand(ct, ss, pk, eseed) != 0;
        bad += m4crypt_xwing_dec_expanded(ss2, ct, &xk) != 0;
        bad += memcmp(ss, ss2, 32) != 0;
        /* ss written over the start of the ciphertext */
        memcpy(ct2, ct, CTB);
        bad += m4crypt_xwing_dec_expanded(ct2, ct2, &xk) != 0;
        bad += memcmp(ct2, ss, 32) != 0;
    }
    CHECK(bad == 0);
    /* another key's expansion gives another secret */
    seed[0] ^= 1;
    CHECK(m4crypt_xwing_expand_key(&xk, seed) == 0);
    CHECK(m4crypt_xwing_dec_expanded(ss2, ct, &xk) == 0);
    CHECK(memcmp(ss, ss2, 32) != 0);
    m4crypt_xwing_expanded_key_wipe(&xk);
    unsigned nonzero = 0;
    for (size_t i = 0; i < sizeof xk; i++)
        nonzero += ((const uint8_t *)&xk)[i] != 0;
    CHECK(nonzero == 0);
}

static int fail_rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    memset(out, 0x3c, len);
    return -1;
}

static void test_rng_failure(void)
{
    uint8_t sk[32], ss[32];
    unsigned nonzero = 0;
    m4crypt_xwing_keypair_derand(pk2, sk, (const uint8_t *)"0123456789abcdef0123456789abcdef");
    m4crypt_set_randombytes(fail_rng, NULL);
    memset(pk, 0x11, PKB);
    memset(sk, 0x11, 32);
    CHECK(m4crypt_xwing_keypair(pk, sk) == M4CRYPT_ERR_RANDOM);
    for (unsigned i = 0; i < PKB; i++)
        nonzero += pk[i] != 0;
    for (unsigned i = 0; i < 32; i++)
        nonzero += sk[i] != 0;
    memset(ct, 0x11, CTB);
    memset(ss, 0x11, 32);
    CHECK(m4crypt_xwing_enc(ct, ss, pk2) == M4CRYPT_ERR_RANDOM);
    for (unsigned i = 0; i < CTB; i++)
        nonzero += ct[i] != 0;
    for (unsigned i = 0; i < 32; i++)
        nonzero += ss[i] != 0;
    CHECK(nonzero == 0);
    m4crypt_set_randombytes(NULL, NULL);
}

#endif /* XWING_ALL */

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x5857494e47ULL); /* "XWING" */
    test_vectors();
#if XWING_ALL
    test_round_trips();
    test_bad_public_key();
    test_low_order_x25519();
    test_tampered();
    test_expanded_key();
    test_rng_failure();
#else
    t_printf("xwing: only the vectors of the operations built (m4crypt/config.h)\n");
#endif
    return t_summary("xwing");
}
