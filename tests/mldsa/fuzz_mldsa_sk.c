/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target: decoding of expanded ML-DSA secret keys (skDecode, FIPS 204 Alg. 25) by
 * signing with a key taken from the input, through the generic layer.
 *
 * Input: byte 0 picks the parameter set (44/65/87 or an unknown one); byte 1: bit 0 = key of the
 * right length (else its length comes from the input, two bytes mod 4096, doubled: 32 is a
 * seed), bit 1 = start from a fixed valid key with the input XOR-ed into it from s1 on (byte 128:
 * the fields the decoding checks; else the key is the input itself), bit 2 = also sign (slow: a
 * few signing attempts; else only the key check). The rest is the key and a message. Buffers are
 * allocated at exactly their length (ASan sees any overread).
 *
 * Checks: m4crypt_mldsaN_check_sk gives SECRET_KEY exactly when a field of s1 or s2 exceeds
 * 2 eta (computed here, bit by bit, independently of the library). Signing: PARAM for an unknown
 * set; LENGTH unless the key is 32 bytes (a seed) or the expanded size; for an expanded key the
 * same SECRET_KEY verdict, otherwise success (any t0, tr, K, rho are acceptable); the signature
 * is all zero on error.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_reader.h"
#include "m4crypt/mldsa.h"
#include "mldsa_sets.h"

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY /* m4crypt/config.h: what this program needs is built */

static uint8_t fixed_sk[MLDSA_NSETS][MLDSA_MAX_SK];

FUZZ_TARGET_SETS(setup, fuzz_sign_with_sk, 44, 65, 87, 44, 65, 87, 87, 66)

static void setup(void)
{
    uint8_t seed[32], pk[MLDSA_MAX_PK];
    for (int i = 0; i < MLDSA_NSETS; i++) {
        fuzz_pattern(seed, 32, 3, i);
        if (MLDSA_SETS[i].keypair_derand(pk, fixed_sk[i], seed) != 0)
            abort();
    }
}

/* 1 if some eta-field of s1 || s2 (l + k polynomials of 256 fields of 3 or 4 bits, starting at
 * byte 128) is above 2 eta. */
static int out_of_range(const mldsa_set *s, const uint8_t *sk)
{
    unsigned eta = s->set == 65 ? 4 : 2, bits = eta == 4 ? 4 : 3;
    size_t fields = (size_t)(s->l + s->k) * 256;
    for (size_t f = 0; f < fields; f++) {
        unsigned v = 0;
        for (unsigned b = 0; b < bits; b++) {
            size_t pos = f * bits + b;
            v |= (unsigned)(sk[128 + pos / 8] >> (pos % 8) & 1) << b;
        }
        if (v > 2 * eta)
            return 1;
    }
    return 0;
}

static void fuzz_sign_with_sk(reader *r, int set, unsigned flags)
{
    static const uint8_t rnd[32];
    /* shape: the set whose sizes are used, the first one for an unknown set */
    const mldsa_set *s = mldsa_set_by_id(set), *shape = s ? s : &MLDSA_SETS[0];
    size_t sk_len = (flags & 1) ? shape->sk : take_len(r) * 2;
    uint8_t *sk;
    if ((flags & 2) && sk_len == shape->sk) {
        sk = fuzz_copy(fixed_sk[shape - MLDSA_SETS], sk_len);
        for (size_t i = 128; i < sk_len && r->n; i++, r->p++, r->n--)
            sk[i] ^= *r->p;
    } else {
        sk = take(r, sk_len);
    }
    size_t m_len = r->n;
    uint8_t *m = take(r, m_len);
    uint8_t *sig = fuzz_alloc(shape->sig);
    if (s && sk_len == s->sk &&
        s->check_sk(sk) != (out_of_range(s, sk) ? M4CRYPT_ERR_SECRET_KEY : M4CRYPT_OK))
        abort();
    if (!(flags & 4)) {
        free(sk);
        free(m);
        free(sig);
        return;
    }

    int ret = m4crypt_mldsa_sign(set, sig, shape->sig, m, m_len, NULL, 0, sk, sk_len, rnd);
    if (!s) {
        if (ret != M4CRYPT_ERR_PARAM)
            abort();
    } else if (sk_len != s->sk && sk_len != 32) {
        if (ret != M4CRYPT_ERR_LENGTH)
            abort();
    } else if (sk_len == s->sk) {
        if (ret != (out_of_range(s, sk) ? M4CRYPT_ERR_SECRET_KEY : M4CRYPT_OK))
            abort();
    } else if (ret != M4CRYPT_OK) {
        abort(); /* any 32 bytes are a seed */
    }
    if (ret != M4CRYPT_OK)
        for (size_t i = 0; i < shape->sig; i++)
            if (sig[i])
                abort();
    free(sk);
    free(m);
    free(sig);
}
#else
FUZZ_TARGET_NOT_BUILT
#endif
