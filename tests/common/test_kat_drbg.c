/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The test-only AES-256 and CTR_DRBG of kat_drbg.c (the generator of the NIST PQC KAT files),
 * before tests/mlkem/test_mlkem_nistapi.c relies on them:
 *   - FIPS 197 Appendix C.3 (AES-256 example) and Appendix A.3 (key expansion: w[8], w[59]);
 *   - the NIST CAVP AESAVS ECB-256 vectors (aes256_ecb.vec: GFSbox, KeySbox, VarKey, VarTxt, MMT);
 *   - the DRBG against record 0 of kat_MLKEM_512.rsp: seeded with its seed, the first three
 *     32-byte requests are the record's z, d and msg (test_mlkem_nistapi checks every record).
 */
#include <string.h>

#include "harness.h"
#include "kat_drbg.h"

static void fips197(void)
{
    uint8_t key[32], pt[16], ct[16], out[16];
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    t_unhex(pt, "00112233445566778899aabbccddeeff");
    t_unhex(ct, "8ea2b7ca516745bfeafc49904b496089");
    kat_aes256 aes;
    kat_aes256_init(&aes, key);
    kat_aes256_encrypt(&aes, out, pt);
    CHECK_MEM(out, ct, 16);

    uint8_t w[4];
    t_unhex(key, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4");
    kat_aes256_init(&aes, key);
    t_unhex(w, "9ba35411"); /* w[8] */
    CHECK_MEM(aes.rk[2], w, 4);
    t_unhex(w, "706c631e"); /* w[59] */
    CHECK_MEM(aes.rk[14] + 12, w, 4);
}

static void aesavs(void)
{
    static uint8_t key[32], pt[256], ct[256], out[256];
    unsigned n = 0;
    for (vec_file f = vec_begin("aes256_ecb.vec"); vec_next(&f);) {
        long len = vec_hex("plaintext", pt, sizeof pt);
        CHECK(vec_hex("key", key, 32) == 32 && len > 0 && len % 16 == 0 &&
              vec_hex("ciphertext", ct, sizeof ct) == len);
        if (len <= 0)
            continue;
        kat_aes256 aes;
        kat_aes256_init(&aes, key);
        for (long i = 0; i < len; i += 16)
            kat_aes256_encrypt(&aes, out + i, pt + i);
        if (!t_memeq(out, ct, (size_t)len))
            t_printf("aes256: %s\n", vec_where());
        CHECK_MEM(out, ct, (size_t)len);
        n++;
    }
    /* 10 groups of 5 to 256 records: all 830, or up to 25 of each (162) on the M4. */
    CHECK(n == (t_limit() == 25 ? 162u : 830u));
}

static void drbg(void)
{
    uint8_t seed[48], want[32], got[32];
    kat_drbg d;
    t_unhex(seed, "23f1c88bd0e65f2c891ce865bd3275a7ffdbe4f9036e75b96aad0412650e9cd2"
                  "ea4591d4ab7131ea971b34c23a4ed245");
    kat_drbg_init(&d, seed);
    static const char *const draws[] = {
        "f696484048ec21f96cf50a56d0759c448f3779752f0383d37449690694cf7a68", /* z */
        "6dbbc4375136df3b07f7c70e639e223e177e7fd53b161b3f4d57791794f12624", /* d */
        "20a7b7e10f70496cc38220b944def699bf14d14e55cf4c90a12c1b33fc80ffff", /* msg */
    };
    for (int i = 0; i < 3; i++) {
        t_unhex(want, draws[i]);
        CHECK(kat_drbg_randombytes(&d, got, 32) == 0);
        CHECK_MEM(got, want, 32);
    }
    /* One request of 64 bytes is not two of 32 (the state is updated after each request). */
    uint8_t two[64], one[64];
    kat_drbg_init(&d, seed);
    kat_drbg_generate(&d, two, 32);
    kat_drbg_generate(&d, two + 32, 32);
    kat_drbg_init(&d, seed);
    kat_drbg_generate(&d, one, 64);
    CHECK(memcmp(one, two, 32) == 0 && memcmp(one + 32, two + 32, 32) != 0);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    fips197();
    aesavs();
    drbg();
    return t_summary("kat_drbg");
}
