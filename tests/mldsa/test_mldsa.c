/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA-44/65/87 properties and input handling (the vectors are test_mldsa_vectors.c's):
 *   - round trips through every signing entry point (hedged, derand, deterministic, internal,
 *     external mu, from the seed) and every verification entry point (one-shot, internal, mu,
 *     streaming in pieces, generic layer); the entry points agree with each other (FIPS 204:
 *     Alg. 2 = Alg. 7 on M' = 0 || |ctx| || ctx || M; mu = H(tr || M'));
 *   - a HashML-DSA-style M' (domain byte 1) signed through the internal interface verifies there
 *     and not as a pure signature;
 *   - bad input gets its defined error and zeroed outputs: wrong lengths, a context of 256 bytes,
 *     a truncated signature, NULL pointers, unknown sets, malformed hints (positions not
 *     increasing, too many, row ends out of order or above omega, non-zero padding), z out of
 *     range (+-(gamma1 - beta), both signs), a modified c~, an out-of-range secret key, a
 *     streaming state used with the wrong set or twice.
 * It needs key generation, signing and verification (m4crypt/config.h), and runs the sets built;
 * test_mldsa_vectors.c covers the other selections.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/fips202.h"
#include "m4crypt/mldsa.h"
#include "mldsa_sets.h"

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY

static uint8_t pk[MLDSA_MAX_PK + 8], sk[MLDSA_MAX_SK + 8], sk2[MLDSA_MAX_SK + 8];
static uint8_t sig[MLDSA_MAX_SIG + 8], sig2[MLDSA_MAX_SIG + 8], bad[MLDSA_MAX_SIG + 8];
static uint8_t msg[600], ctx[300], mp[900], seed[32], rnd[32], mu[64], mu2[64];
static const uint8_t zero32[32];

/* FIPS 204 Table 1 values the tests need. */
static unsigned omega_of(const mldsa_set *s) { return s->set == 44 ? 80 : s->set == 65 ? 55 : 75; }
static unsigned ctilde_of(const mldsa_set *s) { return s->set == 44 ? 32 : s->set == 65 ? 48 : 64; }
static unsigned gamma1_bits_of(const mldsa_set *s) { return s->set == 44 ? 17 : 19; }
static unsigned beta_of(const mldsa_set *s) { return s->set == 44 ? 78 : s->set == 65 ? 196 : 120; }
static size_t hint_offset(const mldsa_set *s)
{
    return ctilde_of(s) + (size_t)s->l * 32 * (gamma1_bits_of(s) + 1);
}

/* M' = 0 || |ctx| || ctx || M (Alg. 2 line 10). */
static size_t format_message(uint8_t *out, const uint8_t *c, size_t clen, const uint8_t *m,
                             size_t mlen)
{
    out[0] = 0;
    out[1] = (uint8_t)clen;
    memcpy(out + 2, c, clen);
    memcpy(out + 2 + clen, m, mlen);
    return 2 + clen + mlen;
}

static int verify_pieces(const mldsa_set *s, const uint8_t *sg, const uint8_t *m, size_t mlen,
                         const uint8_t *c, size_t clen, size_t piece)
{
    m4crypt_mldsa_verify_ctx st;
    int ret = m4crypt_mldsa_verify_init(&st, s->set, pk, s->pk, c, clen);
    for (size_t off = 0; off < mlen; off += piece)
        m4crypt_mldsa_verify_update(&st, m + off, off + piece <= mlen ? piece : mlen - off);
    int fin = m4crypt_mldsa_verify_final(&st, sg, s->sig, pk, s->pk);
    return ret != M4CRYPT_OK ? ret : fin;
}

static void test_round_trips(const mldsa_set *s)
{
    size_t mlen = 1 + t_rand32() % 300, clen = t_rand32() % 256;
    t_rand_bytes(msg, mlen);
    t_rand_bytes(ctx, clen);
    t_rand_bytes(seed, 32);
    t_rand_bytes(rnd, 32);
    CHECK(s->keypair_derand(pk, sk, seed) == 0);

    /* hedged: two signatures of one message differ, both verify */
    CHECK(s->sign(sig, msg, mlen, ctx, clen, sk) == 0);
    CHECK(s->sign(sig2, msg, mlen, ctx, clen, sk) == 0);
    CHECK(memcmp(sig, sig2, s->sig) != 0);
    CHECK(s->verify(sig, msg, mlen, ctx, clen, pk) == 0);
    CHECK(s->verify(sig2, msg, mlen, ctx, clen, pk) == 0);
    CHECK(s->sign_seed(sig2, msg, mlen, ctx, clen, seed) == 0);
    CHECK(s->verify(sig2, msg, mlen, ctx, clen, pk) == 0);

    /* derand: reproducible; the seed, the generic layer and the internal / mu interfaces agree */
    CHECK(s->sign_derand(sig, msg, mlen, ctx, clen, sk, rnd) == 0);
    CHECK(s->sign_seed_derand(sig2, msg, mlen, ctx, clen, seed, rnd) == 0);
    CHECK_MEM(sig, sig2, s->sig);
    CHECK(m4crypt_mldsa_sign(s->set, sig2, s->sig, msg, mlen, ctx, clen, sk, s->sk, rnd) == 0);
    CHECK_MEM(sig, sig2, s->sig);
    CHECK(m4crypt_mldsa_sign(s->set, sig2, s->sig, msg, mlen, ctx, clen, seed, 32, rnd) == 0);
    CHECK_MEM(sig, sig2, s->sig);
    size_t mplen = format_message(mp, ctx, clen, msg, mlen);
    CHECK(s->sign_internal(sig2, mp, mplen, sk, rnd) == 0);
    CHECK_MEM(sig, sig2, s->sig);
    CHECK(s->mu(mu, pk, msg, mlen, ctx, clen) == 0);
    CHECK(s->sign_mu(sig2, mu, sk, rnd) == 0);
    CHECK_MEM(sig, sig2, s->sig);
    CHECK(s->sign_mu_seed(sig2, mu, seed, rnd) == 0);
    CHECK_MEM(sig, sig2, s->sig);
    CHECK(s->verify_internal(sig, mp, mplen, pk) == 0);
    CHECK(s->verify_mu(sig, mu, pk) == 0);
    CHECK(m4crypt_mldsa_verify(s->set, sig, s->sig, msg, mlen, ctx, clen, pk, s->pk) == 0);
    CHECK(verify_pieces(s, sig, msg, mlen, ctx, clen, 1) == 0);
    CHECK(verify_pieces(s, sig, msg, mlen, ctx, clen, 136) == 0);
    CHECK(verify_pieces(s, sig, msg, mlen, ctx, clen, 1000) == 0);

    /* deterministic = rnd of 32 zero bytes; NULL rnd in the generic layer is hedged */
    CHECK(s->sign_derand(sig, msg, mlen, ctx, clen, sk, zero32) == 0);
    CHECK(s->sign_derand(sig2, msg, mlen, ctx, clen, sk, zero32) == 0);
    CHECK_MEM(sig, sig2, s->sig);
    CHECK(m4crypt_mldsa_sign(s->set, sig2, s->sig, msg, mlen, ctx, clen, sk, s->sk, NULL) == 0);
    CHECK(memcmp(sig, sig2, s->sig) != 0);
    CHECK(s->verify(sig2, msg, mlen, ctx, clen, pk) == 0);

    /* another message, another context, another key: rejected */
    CHECK(s->verify(sig, msg, mlen - 1, ctx, clen, pk) == M4CRYPT_ERR_SIGNATURE);
    if (clen)
        CHECK(s->verify(sig, msg, mlen, ctx, clen - 1, pk) == M4CRYPT_ERR_SIGNATURE);
    msg[0] ^= 1;
    CHECK(s->verify(sig, msg, mlen, ctx, clen, pk) == M4CRYPT_ERR_SIGNATURE);
    CHECK(verify_pieces(s, sig, msg, mlen, ctx, clen, 7) == M4CRYPT_ERR_SIGNATURE);
    msg[0] ^= 1;
    CHECK(s->verify_internal(sig, mp, mplen - 1, pk) == M4CRYPT_ERR_SIGNATURE);
    mu2[0] = 0;
    memcpy(mu2, mu, 64);
    mu2[63] ^= 0x80;
    CHECK(s->verify_mu(sig, mu2, pk) == M4CRYPT_ERR_SIGNATURE);
    seed[0] ^= 1;
    CHECK(s->keypair_derand(bad, sk2, seed) == 0);
    CHECK(s->verify(sig, msg, mlen, ctx, clen, bad) == M4CRYPT_ERR_SIGNATURE);

    /* HashML-DSA's formatted message (domain byte 1) through the internal interface */
    mp[0] = 1;
    CHECK(s->sign_internal(sig2, mp, mplen, sk, rnd) == 0);
    CHECK(s->verify_internal(sig2, mp, mplen, pk) == 0);
    CHECK(s->verify(sig2, msg, mlen, ctx, clen, pk) == M4CRYPT_ERR_SIGNATURE);

    /* random key pairs */
    CHECK(s->keypair(pk, sk) == 0);
    CHECK(s->sign(sig, msg, mlen, NULL, 0, sk) == 0);
    CHECK(s->verify(sig, msg, mlen, NULL, 0, pk) == 0);
    CHECK(s->verify(sig, msg, mlen, ctx, 1, pk) == M4CRYPT_ERR_SIGNATURE);
    CHECK(s->sign(sig, NULL, 0, NULL, 0, sk) == 0); /* empty message */
    CHECK(s->verify(sig, NULL, 0, NULL, 0, pk) == 0);
}

/* Sets z's coefficient i of polynomial j (BitPack(z, gamma1 - 1, gamma1): gamma1 - z in
 * gamma1_bits + 1 bits) in a signature. */
static void set_z(const mldsa_set *s, uint8_t *sg, unsigned j, unsigned i, int32_t z)
{
    unsigned bits = gamma1_bits_of(s) + 1;
    uint8_t *field = sg + ctilde_of(s) + (size_t)j * 32 * bits;
    uint32_t v = (uint32_t)(((int32_t)1 << gamma1_bits_of(s)) - z);
    for (unsigned b = 0; b < bits; b++) {
        unsigned pos = i * bits + b;
        uint8_t bit = (uint8_t)(1u << (pos % 8));
        field[pos / 8] = (uint8_t)((field[pos / 8] & ~bit) | ((v >> b & 1) ? bit : 0));
    }
}

static void test_bad_signatures(const mldsa_set *s)
{
    size_t mlen = 33;
    const unsigned omega = omega_of(s);
    const int32_t bound = ((int32_t)1 << gamma1_bits_of(s)) - (int32_t)beta_of(s);
    t_rand_bytes(msg, mlen);
    t_rand_bytes(seed, 32);
    CHECK(s->keypair_derand(pk, sk, seed) == 0);
    CHECK(s->sign_derand(sig, msg, mlen, NULL, 0, sk, zero32) == 0);
    CHECK(s->verify(sig, msg, mlen, NULL, 0, pk) == 0);
    uint8_t *h = sig + hint_offset(s);
    unsigned ones = h[omega + s->k - 1];

    /* malformed hints */
    memcpy(bad, sig, s->sig);
    if (ones >= 2) { /* two positions of a row swapped (or repeated): not increasing */
        unsigned row_start = 0, i = 0;
        while (h[omega + i] < 2 + row_start && i + 1 < s->k)
            row_start = h[omega + i++];
        if (h[omega + i] >= row_start + 2) {
            bad[hint_offset(s) + row_start + 1] = bad[hint_offset(s) + row_start];
            CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);
        }
    }
    memcpy(bad, sig, s->sig);
    bad[hint_offset(s) + omega + s->k - 1] = (uint8_t)(omega + 1); /* more than omega ones */
    CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);
    memcpy(bad, sig, s->sig);
    bad[hint_offset(s) + omega] = (uint8_t)(h[omega + 1] + 1); /* row ends decrease */
    CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);
    if (ones < omega) { /* non-zero padding after the last position */
        memcpy(bad, sig, s->sig);
        bad[hint_offset(s) + omega - 1] = 1;
        CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);
    }

    /* z out of range: exactly gamma1 - beta in magnitude (the bound is strict), either sign,
     * in the first and the last polynomial */
    memcpy(bad, sig, s->sig);
    set_z(s, bad, 0, 0, bound);
    CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);
    memcpy(bad, sig, s->sig);
    set_z(s, bad, s->l - 1, 255, -bound);
    CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);
    memcpy(bad, sig, s->sig);
    set_z(s, bad, 0, 7, ((int32_t)1 << gamma1_bits_of(s)));
    CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);

    /* c~ and the z field modified; every byte of a signature matters to some extent */
    for (unsigned k = 0; k < 8; k++) {
        memcpy(bad, sig, s->sig);
        bad[t_rand32() % s->sig] ^= (uint8_t)(1u << (t_rand32() % 8));
        if (memcmp(bad, sig, s->sig) != 0)
            CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);
    }
    memcpy(bad, sig, s->sig);
    bad[0] ^= 1;
    CHECK(s->verify(bad, msg, mlen, NULL, 0, pk) == M4CRYPT_ERR_SIGNATURE);

    /* lengths: truncated or extended signature, wrong public key length, long context */
    CHECK(m4crypt_mldsa_verify(s->set, sig, s->sig - 1, msg, mlen, NULL, 0, pk, s->pk) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_verify(s->set, sig, s->sig + 1, msg, mlen, NULL, 0, pk, s->pk) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_verify(s->set, sig, 0, msg, mlen, NULL, 0, pk, s->pk) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_verify(s->set, sig, s->sig, msg, mlen, NULL, 0, pk, s->pk - 1) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_verify(s->set, sig, s->sig, msg, mlen, ctx, 256, pk, s->pk) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(s->verify(sig, msg, mlen, ctx, 256, pk) == M4CRYPT_ERR_LENGTH);
    CHECK(s->mu(mu, pk, msg, mlen, ctx, 256) == M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(mu, 64));
    CHECK(verify_pieces(s, sig, msg, mlen, ctx, 256, 5) == M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_verify(1, sig, s->sig, msg, mlen, NULL, 0, pk, s->pk) ==
          M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mldsa_verify(s->set, NULL, s->sig, msg, mlen, NULL, 0, pk, s->pk) ==
          M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mldsa_verify(s->set, sig, s->sig, NULL, 3, NULL, 0, pk, s->pk) ==
          M4CRYPT_ERR_PARAM);

    /* the streaming state: wrong set at final, used twice, wrong lengths */
    m4crypt_mldsa_verify_ctx st;
    CHECK(s->verify_init(&st, pk, NULL, 0) == 0);
    m4crypt_mldsa_verify_update(&st, msg, mlen);
    if (MLDSA_NSETS > 1) {
        const mldsa_set *other = &MLDSA_SETS[(s - MLDSA_SETS + 1) % MLDSA_NSETS];
        CHECK(other->verify_final(&st, sig, pk) == M4CRYPT_ERR_PARAM);
    }
    CHECK(m4crypt_mldsa_verify_final(&st, sig, s->sig - 1, pk, s->pk) == M4CRYPT_ERR_LENGTH);
    CHECK(s->verify_final(&st, sig, pk) == 0);
    CHECK(s->verify_final(&st, sig, pk) == M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mldsa_verify_init(&st, s->set, pk, s->pk + 1, NULL, 0) == M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_verify_final(&st, sig, s->sig, pk, s->pk) == M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_verify_init(&st, 2, pk, s->pk, NULL, 0) == M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mldsa_verify_final(&st, sig, s->sig, pk, s->pk) == M4CRYPT_ERR_PARAM);
}

static void test_bad_signing_input(const mldsa_set *s)
{
    t_rand_bytes(seed, 32);
    CHECK(s->keypair_derand(pk, sk, seed) == 0);
    /* a context of 256 bytes: every signing entry point says LENGTH and zeroes sig */
    memset(sig, 0xee, s->sig);
    CHECK(s->sign(sig, msg, 10, ctx, 256, sk) == M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(sig, s->sig));
    memset(sig, 0xee, s->sig);
    CHECK(s->sign_derand(sig, msg, 10, ctx, 256, sk, zero32) == M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(sig, s->sig));
    memset(sig, 0xee, s->sig);
    CHECK(s->sign_seed_derand(sig, msg, 10, ctx, 256, seed, zero32) == M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(sig, s->sig));
    memset(sig, 0xee, s->sig);
    CHECK(m4crypt_mldsa_sign(s->set, sig, s->sig, msg, 10, ctx, 256, sk, s->sk, NULL) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(sig, s->sig));
    /* 255 bytes is allowed */
    CHECK(s->sign_derand(sig, msg, 10, ctx, 255, sk, zero32) == 0);
    CHECK(s->verify(sig, msg, 10, ctx, 255, pk) == 0);
    /* generic layer lengths and parameters */
    memset(sig, 0xee, s->sig);
    CHECK(m4crypt_mldsa_sign(s->set, sig, s->sig, msg, 10, NULL, 0, sk, s->sk - 1, NULL) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(sig, s->sig));
    CHECK(m4crypt_mldsa_sign(s->set, sig, s->sig, msg, 10, NULL, 0, sk, 31, NULL) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_sign(s->set, sig, s->sig - 1, msg, 10, NULL, 0, sk, s->sk, NULL) ==
          M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(sig, s->sig - 1));
    CHECK(m4crypt_mldsa_sign(0, sig, s->sig, msg, 10, NULL, 0, sk, s->sk, NULL) ==
          M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mldsa_sign(s->set, sig, s->sig, msg, 10, NULL, 0, NULL, s->sk, NULL) ==
          M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mldsa_keypair(s->set, pk, s->pk - 1, sk2, s->sk, seed) == M4CRYPT_ERR_LENGTH);
    CHECK(t_all_zero(pk, s->pk - 1) && t_all_zero(sk2, s->sk));
    CHECK(m4crypt_mldsa_keypair(s->set, pk, s->pk, sk2, s->sk + 1, seed) == M4CRYPT_ERR_LENGTH);
    CHECK(m4crypt_mldsa_keypair(3, pk, s->pk, sk2, s->sk, seed) == M4CRYPT_ERR_PARAM);
    CHECK(m4crypt_mldsa_publickeybytes(s->set) == s->pk);
    CHECK(m4crypt_mldsa_secretkeybytes(s->set) == s->sk);
    CHECK(m4crypt_mldsa_bytes(s->set) == s->sig);
    CHECK(m4crypt_mldsa_bytes(64) == 0);

    /* an expanded key with s1 or s2 out of range ([-eta, eta] holds fields 0 .. 2 eta) */
    CHECK(s->keypair_derand(pk, sk, seed) == 0);
    CHECK(s->check_sk(sk) == 0);
    memcpy(sk2, sk, s->sk);
    sk2[128] |= s->set == 65 ? 0x0f : 0x07; /* first field of s1: 15 (eta 4) or 7 (eta 2) */
    CHECK(s->check_sk(sk2) == M4CRYPT_ERR_SECRET_KEY);
    memset(sig, 0xee, s->sig);
    CHECK(s->sign_derand(sig, msg, 10, NULL, 0, sk2, zero32) == M4CRYPT_ERR_SECRET_KEY);
    CHECK(t_all_zero(sig, s->sig));
    memcpy(sk2, sk, s->sk);
    size_t s2_last = 128 + (size_t)(s->l + s->k) * (s->set == 65 ? 128 : 96) - 1;
    sk2[s2_last] |= 0xe0; /* last field of s2: 7 (eta 2, 3 bits) or 14+ (eta 4) */
    CHECK(s->check_sk(sk2) == M4CRYPT_ERR_SECRET_KEY);
    CHECK(s->sign_mu(sig, mu, sk2, zero32) == M4CRYPT_ERR_SECRET_KEY);
    CHECK(t_all_zero(sig, s->sig));
}

/* Failing randomness: keypair and hedged signing report it and zero their outputs. */
static int failing_rng(void *c, uint8_t *out, size_t len)
{
    (void)c;
    memset(out, 0x77, len);
    return M4CRYPT_ERR_RANDOM;
}

static void test_rng_failure(const mldsa_set *s)
{
    CHECK(s->keypair_derand(pk, sk, seed) == 0);
    m4crypt_set_randombytes(failing_rng, NULL);
    memset(sig, 0xee, s->sig);
    CHECK(s->sign(sig, msg, 10, NULL, 0, sk) == M4CRYPT_ERR_RANDOM);
    CHECK(t_all_zero(sig, s->sig));
    memset(sig, 0xee, s->sig);
    CHECK(s->sign_seed(sig, msg, 10, NULL, 0, seed) == M4CRYPT_ERR_RANDOM);
    CHECK(t_all_zero(sig, s->sig));
    CHECK(s->keypair(pk, sk2) == M4CRYPT_ERR_RANDOM);
    CHECK(t_all_zero(pk, s->pk) && t_all_zero(sk2, s->sk));
    m4crypt_set_randombytes(NULL, NULL);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x4d4c4453);
    for (int i = 0; i < MLDSA_NSETS; i++) {
        const mldsa_set *s = &MLDSA_SETS[i];
        unsigned rounds = t_quick() ? 1 : 4;
        for (unsigned r = 0; r < rounds; r++)
            test_round_trips(s);
        test_bad_signatures(s);
        test_bad_signing_input(s);
        test_rng_failure(s);
    }
    t_printf("  built: %d parameter set(s) (m4crypt/config.h)\n", MLDSA_NSETS);
    return t_summary("mldsa");
}
#else
T_NOT_BUILT_MAIN("mldsa", "needs ML-DSA key generation, signing and verification")
#endif
