/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA-44/65/87 against the official and community vectors converted by
 * tools/vectors/conv_mldsa.py:
 *   - NIST ACVP keyGen, sigGen (deterministic and hedged) and sigVer, revision FIPS204 (the
 *     internal interface, Alg. 6, 7, 8),
 *   - Wycheproof mldsa_*_{sign_seed, sign_noseed, verify} (the external interface with contexts,
 *     external mu, every invalid case with the error our API defines).
 * Operations go through the per-set functions, the length-checked generic layer and (verify) the
 * streaming interface with the message in pieces. --quick: 25 records per group, of which at most
 * QUICK_SIGN signing records (signing is the slow part on the emulated M4); the ACVP records too
 * large for a board's record buffer (mldsa_acvp_large.vec) are read where it is large enough.
 * Records of a parameter set or an operation the configuration does not build (m4crypt/config.h)
 * are skipped and counted: the summary says how many.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/mldsa.h"
#include "mldsa_sets.h"

#define BUF 8192
#define QUICK_SIGN 8 /* signing records per group in --quick mode */

/* --quick: skip the signing records of a group after the first QUICK_SIGN. */
static int skip_sign(const vec_file *f)
{
    return t_quick() && f->group_records > QUICK_SIGN;
}
#define MAYBE_UNUSED __attribute__((unused)) /* (in a reduced configuration) */
static MAYBE_UNUSED uint8_t v_seed[64], v_rnd[64], v_mu[128], v_ctx[512];
static MAYBE_UNUSED uint8_t v_pk[MLDSA_MAX_PK + 64], v_sk[MLDSA_MAX_SK + 64];
static MAYBE_UNUSED uint8_t v_sig[MLDSA_MAX_SIG + 64];
static MAYBE_UNUSED uint8_t sig[MLDSA_MAX_SIG + 64];
/* Key generation's outputs pk and sk share their space with the message, which no check uses at
 * the same time (the seeded signing check expands the seed into v_sk and sig instead), so that
 * the STM32F4 board (128 KB of SRAM for .bss and the stack) has the stack that signing from a
 * seed with ML-DSA-87 needs. */
static union {
    uint8_t msg[BUF];
    struct {
        uint8_t pk[MLDSA_MAX_PK], sk[MLDSA_MAX_SK];
    } key;
} msg_or_key;
_Static_assert(sizeof msg_or_key == BUF, "the keys fit in the message buffer");
#define v_msg (msg_or_key.msg)
#define out_pk (msg_or_key.key.pk)
#define out_sk (msg_or_key.key.sk)
static const uint8_t zero32[32];
static unsigned skipped; /* records of sets or operations not built */
#define ALL_BUILT                                                                                  \
    (M4CRYPT_ENABLE_MLDSA44 && M4CRYPT_ENABLE_MLDSA65 && M4CRYPT_ENABLE_MLDSA87 &&                 \
     M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY)

/* The next record of a set this build has (others are counted) with the field key, if named. */
static const mldsa_set *next_record(vec_file *f, const char *key, const char **value)
{
    return vec_next_of_set(f, MLDSA_SETS, sizeof MLDSA_SETS[0], MLDSA_NSETS, mldsa_is_set,
                           &skipped, key, value);
}

static MAYBE_UNUSED int is_valid(void)
{
    const char *r = vec_str("result");
    return r && strcmp(r, "valid") == 0;
}

#if M4CRYPT_ENABLE_MLDSA_VERIFY
/* Streaming verification with the message cut into pieces of 1, 7, 64, ... bytes. */
static int verify_streamed(const mldsa_set *s, const uint8_t *sg, const uint8_t *m, size_t mlen,
                           const uint8_t *ctx, size_t ctxlen, const uint8_t *key)
{
    static const size_t piece[] = {1, 7, 64, 135, 136, 137, 1000};
    m4crypt_mldsa_verify_ctx st;
    size_t off = 0, k = 0;
    int ret = s->verify_init(&st, key, ctx, ctxlen);
    if (ret != M4CRYPT_OK)
        return ret;
    while (off < mlen) {
        size_t n = piece[k++ % (sizeof piece / sizeof piece[0])];
        if (n > mlen - off)
            n = mlen - off;
        m4crypt_mldsa_verify_update(&st, m + off, n);
        off += n;
    }
    return s->verify_final(&st, sg, key);
}

/* A valid signature for (m, ctx) under pk, through every verification entry point. */
static void check_verifies(const mldsa_set *s, const uint8_t *sg, const uint8_t *m, size_t mlen,
                           const uint8_t *ctx, size_t ctxlen, const uint8_t *key, int expect)
{
    CHECK(s->verify(sg, m, mlen, ctx, ctxlen, key) == expect);
    CHECK(m4crypt_mldsa_verify(s->set, sg, s->sig, m, mlen, ctx, ctxlen, key, s->pk) == expect);
    CHECK(verify_streamed(s, sg, m, mlen, ctx, ctxlen, key) == expect);
}
#endif

/* ---------------------------------------------------------------- ACVP */

static void test_acvp_keygen(void)
{
#if !M4CRYPT_ENABLE_MLDSA_KEYPAIR
    t_printf("  ACVP keyGen: key generation not built\n");
#else
    unsigned n = 0;
    const mldsa_set *s;
    for (vec_file f = vec_begin("mldsa_acvp_keygen.vec"); (s = next_record(&f, NULL, NULL));) {
        CHECK(vec_hex("seed", v_seed, 32) == 32);
        CHECK(vec_hex("pk", v_pk, sizeof v_pk) == (long)s->pk);
        CHECK(vec_hex("sk", v_sk, sizeof v_sk) == (long)s->sk);
        memset(out_pk, 0xa5, s->pk);
        memset(out_sk, 0xa5, s->sk);
        CHECK(s->keypair_derand(out_pk, out_sk, v_seed) == 0);
        CHECK_MEM(out_pk, v_pk, s->pk);
        CHECK_MEM(out_sk, v_sk, s->sk);
        memset(out_pk, 0x5a, s->pk);
        CHECK(s->keypair_derand(out_pk, NULL, v_seed) == 0); /* public key only */
        CHECK_MEM(out_pk, v_pk, s->pk);
        memset(out_sk, 0x5a, s->sk);
        CHECK(m4crypt_mldsa_keypair(s->set, out_pk, s->pk, out_sk, s->sk, v_seed) == 0);
        CHECK_MEM(out_pk, v_pk, s->pk);
        CHECK_MEM(out_sk, v_sk, s->sk);
        n++;
    }
    if (ALL_BUILT)
        CHECK(n == 75);
    t_printf("  ACVP keyGen: %u records\n", n);
#endif
}

/* sigGen (op = sign: sk, msg = M', rnd -> sig) and sigVer (op = verify: pk, msg, sig -> result). */
static unsigned run_acvp_sig_file(const char *name)
{
    unsigned n = 0;
    const mldsa_set *s;
    const char *op;
    for (vec_file f = vec_begin(name); (s = next_record(&f, "op", &op));) {
        long mlen = vec_hex("msg", v_msg, sizeof v_msg);
        CHECK(mlen >= 0);
        if (strcmp(op, "sign") == 0) {
            if (skip_sign(&f))
                continue;
#if !M4CRYPT_ENABLE_MLDSA_SIGN
            skipped++;
            continue;
#else
            CHECK(vec_hex("sk", v_sk, sizeof v_sk) == (long)s->sk);
            CHECK(vec_hex("rnd", v_rnd, 32) == 32);
            CHECK(vec_hex("sig", v_sig, sizeof v_sig) == (long)s->sig);
            memset(sig, 0xee, s->sig);
            CHECK(s->sign_internal(sig, v_msg, (size_t)mlen, v_sk, v_rnd) == 0);
            CHECK_MEM(sig, v_sig, s->sig);
#endif
        } else {
#if !M4CRYPT_ENABLE_MLDSA_VERIFY
            skipped++;
            continue;
#else
            long siglen = vec_hex("sig", v_sig, sizeof v_sig);
            CHECK(vec_hex("pk", v_pk, sizeof v_pk) == (long)s->pk);
            if (is_valid()) {
                CHECK(siglen == (long)s->sig);
                CHECK(s->verify_internal(v_sig, v_msg, (size_t)mlen, v_pk) == 0);
            } else if (siglen == (long)s->sig) {
                CHECK(s->verify_internal(v_sig, v_msg, (size_t)mlen, v_pk) ==
                      vec_error());
            } else {
                CHECK(strcmp(vec_str("error"), "length") == 0);
            }
#endif
        }
        n++;
    }
    return n;
}

static void test_acvp_sig(void)
{
    unsigned n = run_acvp_sig_file("mldsa_acvp_siggen.vec");
    n += run_acvp_sig_file("mldsa_acvp_sigver.vec");
#if !defined(M4CRYPT_VEC_RECORD_MAX) || M4CRYPT_VEC_RECORD_MAX >= 65536
    n += run_acvp_sig_file("mldsa_acvp_large.vec");
    if (!t_quick() && ALL_BUILT)
        CHECK(n == 105);
#else
    t_printf("  (mldsa_acvp_large.vec skipped: its records exceed this platform's buffer)\n");
#endif
    t_printf("  ACVP sigGen + sigVer: %u records\n", n);
}

/* ---------------------------------------------------------------- Wycheproof */

#if M4CRYPT_ENABLE_MLDSA_SIGN
static void wycheproof_sign(const mldsa_set *s, int seeded, long keylen, long mlen, long mulen,
                            long ctxlen, const uint8_t *rnd)
{
    const uint8_t *key = seeded ? v_seed : v_sk;
    int expect = is_valid() ? 0 : vec_error();
    long siglen = vec_hex("sig", v_sig, sizeof v_sig);
    long pklen = vec_has("pk") ? vec_hex("pk", v_pk, sizeof v_pk) : -1;
    if (expect == 0) {
        CHECK(siglen == (long)s->sig);
        CHECK(keylen == (seeded ? 32 : (long)s->sk));
        memset(sig, 0xee, s->sig);
        if (mulen == 64) {
            CHECK((seeded ? s->sign_mu_seed(sig, v_mu, key, rnd)
                          : s->sign_mu(sig, v_mu, key, rnd)) == 0);
            CHECK_MEM(sig, v_sig, s->sig);
#if M4CRYPT_ENABLE_MLDSA_VERIFY
            if (pklen == (long)s->pk)
                CHECK(s->verify_mu(sig, v_mu, v_pk) == 0);
#endif
            return;
        }
        CHECK((seeded ? s->sign_seed_derand(sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, key,
                                            rnd)
                      : s->sign_derand(sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, key,
                                       rnd)) == 0);
        CHECK_MEM(sig, v_sig, s->sig);
        memset(sig, 0xee, s->sig);
        CHECK(m4crypt_mldsa_sign(s->set, sig, s->sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen,
                                 key, (size_t)keylen, rnd) == 0);
        CHECK_MEM(sig, v_sig, s->sig);
        if (seeded) { /* the seed's expanded key (into v_sk, unused here; the public key into
                       * sig) gives the same signature */
            CHECK(s->keypair_derand(sig, v_sk, key) == 0);
            if (pklen == (long)s->pk)
                CHECK_MEM(sig, v_pk, s->pk);
            memset(sig, 0xee, s->sig);
            CHECK(s->sign_derand(sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, v_sk, rnd) == 0);
            CHECK_MEM(sig, v_sig, s->sig);
        }
#if M4CRYPT_ENABLE_MLDSA_VERIFY
        if (pklen == (long)s->pk)
            check_verifies(s, v_sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, v_pk, 0);
#endif
        return;
    }
    /* invalid: the generic layer with the lengths as given, and the per-set functions where the
     * lengths fit them; the signature buffer comes back zeroed */
    memset(sig, 0xee, s->sig);
    if (mulen == 64) {
        CHECK(keylen == (long)s->sk && !seeded);
        CHECK(s->sign_mu(sig, v_mu, key, rnd) == expect);
        CHECK(t_all_zero(sig, s->sig));
        return;
    }
    CHECK(m4crypt_mldsa_sign(s->set, sig, s->sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, key,
                             (size_t)keylen, rnd) == expect);
    CHECK(t_all_zero(sig, s->sig));
    if (keylen == (seeded ? 32 : (long)s->sk)) {
        memset(sig, 0xee, s->sig);
        CHECK((seeded ? s->sign_seed_derand(sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, key,
                                            rnd)
                      : s->sign_derand(sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, key,
                                       rnd)) == expect);
        CHECK(t_all_zero(sig, s->sig));
        if (!seeded && expect == M4CRYPT_ERR_SECRET_KEY)
            CHECK(s->check_sk(key) == M4CRYPT_ERR_SECRET_KEY);
    }
}
#endif

#if M4CRYPT_ENABLE_MLDSA_VERIFY
static void wycheproof_verify(const mldsa_set *s, long mlen, long ctxlen)
{
    long siglen = vec_hex("sig", v_sig, sizeof v_sig);
    long pklen = vec_hex("pk", v_pk, sizeof v_pk);
    int expect = is_valid() ? 0 : vec_error();
    CHECK(siglen >= 0 && pklen >= 0 && mlen >= 0);
    CHECK(m4crypt_mldsa_verify(s->set, v_sig, (size_t)siglen, v_msg, (size_t)mlen, v_ctx,
                               (size_t)ctxlen, v_pk, (size_t)pklen) == expect);
    if (siglen == (long)s->sig && pklen == (long)s->pk) {
        CHECK(s->verify(v_sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, v_pk) == expect);
        CHECK(verify_streamed(s, v_sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, v_pk) ==
              expect);
    } else {
        CHECK(expect == M4CRYPT_ERR_LENGTH);
    }
}
#endif

#if !M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY
/* A valid signing record with its public key, in a build without signing: its signature verifies
 * (through every entry point; with mu, verify_mu). Returns 0 for a record it cannot use. */
static int verify_sign_record(const mldsa_set *s, long mlen, long mulen, long ctxlen)
{
    if (!is_valid() || !vec_has("pk"))
        return 0;
    long siglen = vec_hex("sig", v_sig, sizeof v_sig);
    long pklen = vec_hex("pk", v_pk, sizeof v_pk);
    CHECK(siglen == (long)s->sig && pklen == (long)s->pk);
    if (mulen == 64)
        CHECK(s->verify_mu(v_sig, v_mu, v_pk) == 0);
    else
        check_verifies(s, v_sig, v_msg, (size_t)mlen, v_ctx, (size_t)ctxlen, v_pk, 0);
    return 1;
}
#endif

static void test_wycheproof(void)
{
    unsigned n = 0, invalid = 0;
    const mldsa_set *s;
    const char *type;
    for (vec_file f = vec_begin("mldsa_wycheproof.vec"); (s = next_record(&f, "type", &type));) {
        long mlen = vec_has("msg") ? vec_hex("msg", v_msg, sizeof v_msg) : -1;
        long mulen = vec_has("mu") ? vec_hex("mu", v_mu, sizeof v_mu) : -1;
        long ctxlen = vec_hex("ctx", v_ctx, sizeof v_ctx);
        const uint8_t *rnd = zero32;
        CHECK(ctxlen >= 0);
        if (vec_has("rnd")) {
            CHECK(vec_hex("rnd", v_rnd, sizeof v_rnd) == 32);
            rnd = v_rnd;
        }
        (void)mlen, (void)mulen, (void)rnd; /* (some operations only) */
        if (strcmp(type, "verify") == 0) {
#if M4CRYPT_ENABLE_MLDSA_VERIFY
            wycheproof_verify(s, mlen, ctxlen);
            invalid += !is_valid();
#else
            skipped++;
            continue;
#endif
        } else if (skip_sign(&f)) {
            continue;
        } else if (!M4CRYPT_ENABLE_MLDSA_SIGN &&
                   (strcmp(type, "signseed") == 0 || strcmp(type, "signnoseed") == 0)) {
#if !M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY
            /* without signing, a valid signature of the record is still verified */
            if (verify_sign_record(s, mlen, mulen, ctxlen)) {
                n++;
                continue;
            }
#endif
            skipped++;
            continue;
#if M4CRYPT_ENABLE_MLDSA_SIGN
        } else if (strcmp(type, "signseed") == 0) {
            long keylen = vec_hex("seed", v_seed, sizeof v_seed);
            CHECK(keylen >= 0);
            wycheproof_sign(s, 1, keylen, mlen, mulen, ctxlen, rnd);
            invalid += !is_valid();
        } else if (strcmp(type, "signnoseed") == 0) {
            long keylen = vec_hex("sk", v_sk, sizeof v_sk);
            CHECK(keylen >= 0);
            wycheproof_sign(s, 0, keylen, mlen, mulen, ctxlen, rnd);
            invalid += !is_valid();
#endif
        } else {
            CHECK(0);
        }
        n++;
    }
    t_printf("  Wycheproof: %u records (%u invalid)\n", n, invalid);
}

/* A parameter set the configuration leaves out is an unknown set for the generic layer. */
static void test_sets_not_built(void)
{
    static const int sets[3] = {44, 65, 87};
    for (int i = 0; i < 3; i++) {
        const mldsa_set *s = mldsa_set_by_id(sets[i]);
        CHECK((s != NULL) == (m4crypt_mldsa_publickeybytes(sets[i]) != 0));
        if (s) {
            CHECK(m4crypt_mldsa_publickeybytes(s->set) == s->pk);
            CHECK(m4crypt_mldsa_secretkeybytes(s->set) == s->sk);
            CHECK(m4crypt_mldsa_bytes(s->set) == s->sig);
            continue;
        }
        CHECK(m4crypt_mldsa_secretkeybytes(sets[i]) == 0 && m4crypt_mldsa_bytes(sets[i]) == 0);
#if M4CRYPT_ENABLE_MLDSA_VERIFY
        CHECK(m4crypt_mldsa_verify(sets[i], v_sig, sizeof v_sig, v_msg, 1, NULL, 0, v_pk,
                                   sizeof v_pk) == M4CRYPT_ERR_PARAM);
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
        memset(sig, 0xee, sizeof sig);
        CHECK(m4crypt_mldsa_sign(sets[i], sig, sizeof sig, v_msg, 1, NULL, 0, v_sk, 32, NULL) ==
              M4CRYPT_ERR_PARAM);
        CHECK(t_all_zero(sig, sizeof sig));
#endif
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
        CHECK(m4crypt_mldsa_keypair(sets[i], out_pk, sizeof out_pk, out_sk, sizeof out_sk,
                                    NULL) ==
              M4CRYPT_ERR_PARAM);
#endif
    }
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    test_sets_not_built();
    test_acvp_keygen();
    test_acvp_sig();
    test_wycheproof();
    t_printf("  built: %d parameter set(s); key generation %s, signing %s, verification %s "
             "(m4crypt/config.h); %u records skipped\n", MLDSA_NSETS,
             M4CRYPT_ENABLE_MLDSA_KEYPAIR ? "yes" : "no", M4CRYPT_ENABLE_MLDSA_SIGN ? "yes" : "no",
             M4CRYPT_ENABLE_MLDSA_VERIFY ? "yes" : "no", skipped);
    return t_summary("mldsa_vectors");
}
