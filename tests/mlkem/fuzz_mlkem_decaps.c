/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target: ML-KEM decapsulation through the length-checked generic layer.
 *
 * Input: byte 0 picks the parameter set (mostly 512/768/1024, sometimes an unknown one); byte 1
 * holds flags: bit 0 = decapsulate with a fixed valid key (else the key bytes come from the
 * input), bit 1 = ciphertext of the right length (else its length comes from the input), bit 2 =
 * key of the right length. Lengths taken from the input are two bytes each (mod 4096). The
 * buffers are allocated at exactly their length so that ASan sees any overread.
 *
 * Checks: the return code is the one the contract gives (M4CRYPT_ERR_PARAM for an unknown set,
 * M4CRYPT_ERR_LENGTH for a wrong length, M4CRYPT_ERR_SECRET_KEY exactly when the hash check
 * fails, else 0); ss is zeroed on error; with the fixed key, decapsulation is deterministic and
 * gives J(z || c) (computed here) unless c is the one valid ciphertext the target knows.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "m4crypt/fips202.h"
#include "m4crypt/mlkem.h"
#include "fuzz_reader.h"
#include "mlkem_sets.h"

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS /* m4crypt/config.h: what this program needs is built */

static uint8_t fixed_pk[3][MLKEM_MAX_PK], fixed_sk[3][MLKEM_MAX_SK];
static uint8_t fixed_ct[3][MLKEM_MAX_CT], fixed_ss[3][32];

FUZZ_TARGET_SETS(setup, fuzz_decaps, 512, 768, 1024, 512, 768, 1024, 0, 1023)

static void setup(void)
{
    uint8_t coins[64], m[32];
    for (int i = 0; i < MLKEM_NSETS; i++) {
        fuzz_pattern(coins, 64, 7, i);
        memset(m, 0x42 + i, sizeof m);
        const mlkem_set *s = &MLKEM_SETS[i];
        if (s->keypair_derand(fixed_pk[i], fixed_sk[i], coins) != 0 ||
            s->enc_derand(fixed_ct[i], fixed_ss[i], fixed_pk[i], m) != 0)
            abort();
    }
}

static void fuzz_decaps(reader *r, int set, unsigned flags)
{
    /* shape: the set whose sizes are used, the first one for an unknown set */
    const mlkem_set *s = mlkem_set_by_id(set), *shape = s ? s : &MLKEM_SETS[0];
    size_t sk_len = (flags & 4) ? shape->sk : take_len(r);
    size_t ct_len = (flags & 2) ? shape->ct : take_len(r);
    const int idx = (int)(shape - MLKEM_SETS); /* its fixed key and ciphertext */
    uint8_t *sk;
    if ((flags & 1) && sk_len == shape->sk)
        sk = fuzz_copy(fixed_sk[idx], sk_len);
    else
        sk = take(r, sk_len);
    uint8_t *ct = take(r, ct_len);

    uint8_t ss[32], ss2[32];
    memset(ss, 0xaa, sizeof ss);
    int ret = m4crypt_mlkem_decaps(set, ss, ct, ct_len, sk, sk_len);

    int expect;
    if (!s)
        expect = M4CRYPT_ERR_PARAM;
    else if (ct_len != s->ct || sk_len != s->sk)
        expect = M4CRYPT_ERR_LENGTH;
    else {
        /* The hash check, computed here with the one-shot SHA3-256. */
        uint8_t h[32];
        m4crypt_sha3_256(h, sk + mlkem_dk_ek(s), s->pk);
        expect = memcmp(h, sk + mlkem_dk_h(s), 32) == 0 ? 0 : M4CRYPT_ERR_SECRET_KEY;
    }
    if (ret != expect)
        abort();
    if (ret != 0 && !t_all_zero(ss, 32))
        abort();

    if (ret == 0) {
        /* Deterministic. */
        if (m4crypt_mlkem_decaps(set, ss2, ct, ct_len, sk, sk_len) != 0 || memcmp(ss, ss2, 32))
            abort();
        /* Agrees with the per-set function. */
        if (s->dec(ss2, ct, sk) != 0 || memcmp(ss, ss2, 32))
            abort();
        if (memcmp(sk, fixed_sk[idx], s->sk) == 0) {
            /* The fixed key: the known ciphertext gives its key, anything else J(z || c). */
            if (memcmp(ct, fixed_ct[idx], s->ct) == 0) {
                if (memcmp(ss, fixed_ss[idx], 32) != 0)
                    abort();
            } else {
                uint8_t *zc = fuzz_alloc(32 + s->ct);
                memcpy(zc, sk + mlkem_dk_z(s), 32);
                memcpy(zc + 32, ct, s->ct);
                m4crypt_shake256(ss2, 32, zc, 32 + s->ct);
                free(zc);
                if (memcmp(ss, ss2, 32) != 0)
                    abort();
            }
        }
    }
    free(sk);
    free(ct);
}
#else
FUZZ_TARGET_NOT_BUILT
#endif
