/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target: ML-KEM encapsulation (and a key-generation round trip) through the
 * length-checked generic layer.
 *
 * Input: byte 0 picks the parameter set (mostly 512/768/1024, sometimes an unknown one); byte 1
 * holds flags: bit 0 = public key of the right length (else the length is two input bytes, mod
 * 4096), bit 1 = ciphertext buffer of the right length (else two input bytes), bit 2 = make the
 * public key with m4crypt_mlkem_keypair from 64 input bytes instead of taking it from the input.
 * Then 32 bytes of m, then the key bytes. Buffers are allocated at exactly their length.
 *
 * Checks: the return code is the one the contract gives (M4CRYPT_ERR_PARAM, M4CRYPT_ERR_LENGTH,
 * M4CRYPT_ERR_PUBLIC_KEY exactly when some 12-bit coefficient of ek is >= q, computed here, else
 * 0); ct and ss are zeroed on error; encapsulation is deterministic in m and agrees with the
 * per-set function; with a generated key, decapsulation recovers the shared key.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "m4crypt/mlkem.h"
#include "fuzz_reader.h"
#include "mlkem_ek_check.h"
#include "mlkem_sets.h"

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS /* m4crypt/config.h: what this program needs is built */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int sets[8] = {512, 768, 1024, 512, 768, 1024, 0, 769};
    reader r;
    unsigned choice, flags;
    if (!fuzz_begin(data, size, &r, &choice, &flags))
        return 0;
    const int set = sets[choice];
    const mlkem_set *s = mlkem_set_by_id(set);
    const mlkem_set *shape = s ? s : &MLKEM_SETS[data[0] % MLKEM_NSETS];

    size_t pk_len = (flags & 1) ? shape->pk : take_len(&r);
    size_t ct_len = (flags & 2) ? shape->ct : take_len(&r);
    uint8_t *m = take(&r, 32);
    uint8_t *pk, *sk = NULL;
    if (flags & 4) {
        uint8_t *coins = take(&r, 64);
        pk = fuzz_alloc(pk_len);
        sk = fuzz_alloc(shape->sk);
        int kr = m4crypt_mlkem_keypair(set, pk, pk_len, sk, shape->sk, coins);
        int kexp = !s ? M4CRYPT_ERR_PARAM : pk_len != s->pk ? M4CRYPT_ERR_LENGTH : 0;
        if (kr != kexp)
            abort();
        if (kr != 0 && (!t_all_zero(pk, pk_len) || !t_all_zero(sk, shape->sk)))
            abort();
        free(coins);
    } else {
        pk = take(&r, pk_len);
    }
    uint8_t *ct = fuzz_alloc(ct_len), *ct2 = fuzz_alloc(ct_len);

    uint8_t ss[32], ss2[32];
    memset(ss, 0xaa, sizeof ss);
    memset(ct, 0xaa, ct_len);
    int ret = m4crypt_mlkem_encaps(set, ct, ct_len, ss, pk, pk_len, m);

    int expect;
    if (!s)
        expect = M4CRYPT_ERR_PARAM;
    else if (ct_len != s->ct || pk_len != s->pk)
        expect = M4CRYPT_ERR_LENGTH;
    else
        expect = mlkem_ek_reduced(pk, s->k) ? 0 : M4CRYPT_ERR_PUBLIC_KEY;
    if (ret != expect)
        abort();
    if (ret != 0 && (!t_all_zero(ct, ct_len) || !t_all_zero(ss, 32)))
        abort();
    if (s && pk_len == s->pk &&
        s->check_pk(pk) != (mlkem_ek_reduced(pk, s->k) ? 0 : M4CRYPT_ERR_PUBLIC_KEY))
        abort();

    if (ret == 0) {
        /* Deterministic in m, and the same as the per-set function. */
        if (s->enc_derand(ct2, ss2, pk, m) != 0 || memcmp(ct, ct2, s->ct) || memcmp(ss, ss2, 32))
            abort();
        /* A generated key decapsulates its own ciphertext. */
        if (sk) {
            if (m4crypt_mlkem_decaps(set, ss2, ct, s->ct, sk, s->sk) != 0 || memcmp(ss, ss2, 32))
                abort();
        }
    }
    free(m);
    free(pk);
    free(sk);
    free(ct);
    free(ct2);
    return 0;
}
#else
FUZZ_TARGET_NOT_BUILT
#endif
