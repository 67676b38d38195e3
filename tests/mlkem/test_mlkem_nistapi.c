/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The NIST PQC API of ML-KEM (include/m4crypt/nistapi.h, src/mlkem/nistapi.c) against the NIST
 * KAT files kat_MLKEM_{512,768,1024}.rsp (mlkem_nistkat_<set>.vec): every record replayed as the
 * KAT generator made it. The generator's AES-256 CTR_DRBG (tests/common/kat_drbg.c), seeded with
 * the record's seed, is installed with m4crypt_set_randombytes; then
 *   crypto_kem_keypair -> pk, sk     (draws z, then d)
 *   crypto_kem_enc(pk) -> ct, ss     (draws msg)
 *   the next 1088/768/1568 bytes of the DRBG are the record's ct_n, and crypto_kem_dec(ct_n) is
 *   ss_n (implicit rejection); crypto_kem_dec(ct) is ss.
 * A second DRBG with the same seed checks z, d and msg themselves, so a mismatch says whether the
 * draws or the KEM are wrong. All 1000 records of each set on the host; 25 on the emulated M4.
 *
 * The per-set headers a pqm4 or PQClean build includes as "api.h" are checked here too: each one's
 * plain names (CRYPTO_*, crypto_kem_*) must be its set's.
 * The sets this build has are checked (m4crypt/config.h); replaying a record takes all three
 * operations, so a build without one of them has nothing to test here.
 */
#include <string.h>

#include "harness.h"
#include "kat_drbg.h"
#include "m4crypt/nistapi.h"

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS

/* Each api.h in turn: its plain names, captured, then undefined for the next one
 * (mlkem_nistapi_capture.h). */
#if M4CRYPT_ENABLE_MLKEM512
#include "m4crypt/nistapi/ml-kem-512/api.h"
#define NISTAPI_SET 512
#include "mlkem_nistapi_capture.h"
#endif
#if M4CRYPT_ENABLE_MLKEM768
#include "m4crypt/nistapi/ml-kem-768/api.h"
#define NISTAPI_SET 768
#include "mlkem_nistapi_capture.h"
#endif
#if M4CRYPT_ENABLE_MLKEM1024
#include "m4crypt/nistapi/ml-kem-1024/api.h"
#define NISTAPI_SET 1024
#include "mlkem_nistapi_capture.h"
#endif

typedef struct {
    int set;
    const char *name; /* CRYPTO_ALGNAME of its api.h */
    const char *file;
    const size_t *api; /* sk, pk, ct, ss bytes from the set's api.h */
    int (*keypair)(uint8_t *, uint8_t *);
    int (*enc)(uint8_t *, uint8_t *, const uint8_t *);
    int (*dec)(uint8_t *, const uint8_t *, const uint8_t *);
    size_t sk, pk, ct; /* the sizes of include/m4crypt/mlkem.h */
} nist_set;

static const nist_set sets[] = {
#if M4CRYPT_ENABLE_MLKEM512
    {512, name512, "mlkem_nistkat_512.vec", api512, kp512, enc512, dec512,
     M4CRYPT_MLKEM512_SECRETKEYBYTES, M4CRYPT_MLKEM512_PUBLICKEYBYTES,
     M4CRYPT_MLKEM512_CIPHERTEXTBYTES},
#endif
#if M4CRYPT_ENABLE_MLKEM768
    {768, name768, "mlkem_nistkat_768.vec", api768, kp768, enc768, dec768,
     M4CRYPT_MLKEM768_SECRETKEYBYTES, M4CRYPT_MLKEM768_PUBLICKEYBYTES,
     M4CRYPT_MLKEM768_CIPHERTEXTBYTES},
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    {1024, name1024, "mlkem_nistkat_1024.vec", api1024, kp1024, enc1024, dec1024,
     M4CRYPT_MLKEM1024_SECRETKEYBYTES, M4CRYPT_MLKEM1024_PUBLICKEYBYTES,
     M4CRYPT_MLKEM1024_CIPHERTEXTBYTES},
#endif
};
#define NSETS (sizeof sets / sizeof sets[0])

static void check_api_headers(void)
{
    for (size_t i = 0; i < NSETS; i++) {
        const nist_set *s = &sets[i];
        const char *want = s->set == 512 ? "ML-KEM-512" : s->set == 768 ? "ML-KEM-768"
                                                                        : "ML-KEM-1024";
        CHECK(s->api[0] == s->sk && s->api[1] == s->pk && s->api[2] == s->ct && s->api[3] == 32);
        CHECK(strcmp(s->name, want) == 0);
    }
#if M4CRYPT_ENABLE_MLKEM512 && M4CRYPT_ENABLE_MLKEM768 && M4CRYPT_ENABLE_MLKEM1024
    CHECK(kp768 == M4CRYPT_MLKEM768_crypto_kem_keypair && enc512 == M4CRYPT_MLKEM512_crypto_kem_enc &&
          dec1024 == M4CRYPT_MLKEM1024_crypto_kem_dec);
#endif
}

static void replay(const nist_set *s)
{
    static uint8_t seed[48], z[32], d[32], msg[32], draw[32];
    static uint8_t pk[M4CRYPT_MLKEM1024_PUBLICKEYBYTES], sk[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
    static uint8_t ct[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES], ct_n[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES];
    static uint8_t v_pk[M4CRYPT_MLKEM1024_PUBLICKEYBYTES], v_sk[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
    static uint8_t v_ct[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES];
    static uint8_t v_ct_n[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES];
    uint8_t ss[32], ss_n[32], v_ss[32], v_ss_n[32];
    static kat_drbg drbg, check;
    unsigned records = 0;

    t_printf("mlkem_nistapi: ML-KEM-%d\n", s->set);
    for (vec_file f = vec_begin(s->file); vec_next(&f);) {
        int ok = vec_int("count", -1) == (long)records && vec_hex("seed", seed, 48) == 48 &&
                 vec_hex("z", z, 32) == 32 && vec_hex("d", d, 32) == 32 &&
                 vec_hex("msg", msg, 32) == 32 && vec_hex("pk", v_pk, s->pk) == (long)s->pk &&
                 vec_hex("sk", v_sk, s->sk) == (long)s->sk &&
                 vec_hex("ct", v_ct, s->ct) == (long)s->ct && vec_hex("ss", v_ss, 32) == 32 &&
                 vec_hex("ct_n", v_ct_n, s->ct) == (long)s->ct &&
                 vec_hex("ss_n", v_ss_n, 32) == 32;
        CHECK(ok);
        if (!ok) {
            vec_close(&f);
            break;
        }
        records++;
        unsigned failed_before = t_failed;

        /* The draws on their own. */
        kat_drbg_init(&check, seed);
        kat_drbg_generate(&check, draw, 32);
        CHECK_MEM(draw, z, 32);
        kat_drbg_generate(&check, draw, 32);
        CHECK_MEM(draw, d, 32);
        kat_drbg_generate(&check, draw, 32);
        CHECK_MEM(draw, msg, 32);

        /* The record, through the NIST API. */
        kat_drbg_init(&drbg, seed);
        m4crypt_set_randombytes(kat_drbg_randombytes, &drbg);
        CHECK(s->keypair(pk, sk) == 0);
        CHECK_MEM(pk, v_pk, s->pk);
        CHECK_MEM(sk, v_sk, s->sk);
        CHECK(s->enc(ct, ss, pk) == 0);
        CHECK_MEM(ct, v_ct, s->ct);
        CHECK_MEM(ss, v_ss, 32);
        m4crypt_set_randombytes(NULL, NULL);
        kat_drbg_generate(&drbg, ct_n, s->ct);
        CHECK_MEM(ct_n, v_ct_n, s->ct);
        CHECK(s->dec(ss_n, ct_n, sk) == 0);
        CHECK_MEM(ss_n, v_ss_n, 32);
        CHECK(s->dec(ss, ct, sk) == 0);
        CHECK_MEM(ss, v_ss, 32);
        if (t_failed != failed_before) {
            t_printf("mlkem_nistapi: first failure at %s\n", vec_where());
            vec_close(&f);
            break;
        }
    }
    CHECK(records == (t_limit() ? t_limit() : 1000u));
}

/* A failing generator: every function wipes its outputs and says so. */
static int failing_rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    (void)out;
    (void)len;
    return -1;
}

/* With the first set built (ML-KEM-768 in the full build's order 512, 768, 1024: the middle one
 * where all three are). */
static void errors(const nist_set *s)
{
    static uint8_t pk[M4CRYPT_MLKEM1024_PUBLICKEYBYTES], sk[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
    static uint8_t ct[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES], zero[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
    uint8_t ss[32];
    CHECK(s->keypair(pk, sk) == 0); /* the platform's generator */
    m4crypt_set_randombytes(failing_rng, NULL);
    memset(ct, 0xee, s->ct);
    memset(ss, 0xee, sizeof ss);
    CHECK(s->enc(ct, ss, pk) == M4CRYPT_ERR_RANDOM);
    CHECK_MEM(ct, zero, s->ct);
    CHECK_MEM(ss, zero, sizeof ss);
    CHECK(s->keypair(pk, sk) == M4CRYPT_ERR_RANDOM);
    CHECK_MEM(pk, zero, s->pk);
    CHECK_MEM(sk, zero, s->sk);
    m4crypt_set_randombytes(NULL, NULL);
    /* A public key that fails the FIPS 203 modulus check (first coefficient 0xfff >= q). */
    CHECK(s->keypair(pk, sk) == 0);
    pk[0] = 0xff;
    pk[1] |= 0x0f;
    CHECK(s->enc(ct, ss, pk) == M4CRYPT_ERR_PUBLIC_KEY);
    /* A secret key whose H(ek) does not match (FIPS 203 section 7.3). */
    CHECK(s->keypair(pk, sk) == 0);
    CHECK(s->enc(ct, ss, pk) == 0);
    sk[s->sk - 33] ^= 1;
    CHECK(s->dec(ss, ct, sk) == M4CRYPT_ERR_SECRET_KEY);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    check_api_headers();
    for (size_t i = 0; i < NSETS; i++)
        replay(&sets[i]);
    errors(&sets[NSETS > 1 ? 1 : 0]);
    return t_summary("mlkem_nistapi");
}

#else
T_NOT_BUILT_MAIN("mlkem_nistapi", "ML-KEM without all three operations")
#endif
