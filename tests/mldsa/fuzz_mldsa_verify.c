/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target: ML-DSA verification through the length-checked generic layer and the
 * streaming interface.
 *
 * Input: byte 0 picks the parameter set (mostly 44/65/87, sometimes an unknown one); byte 1 holds
 * flags: bit 0 = verify against a fixed valid key (else the key bytes come from the input), bit 1
 * = signature of the right length (else its length comes from the input), bit 2 = the signature
 * is the fixed valid signature XOR the input (else the input itself), bit 3 = the message is the
 * fixed one (else from the input), bit 4 = context from the input (else empty). Lengths taken
 * from the input are two bytes each (mod 4096; the context's mod 300). Buffers are allocated at
 * exactly their length so that ASan sees any overread.
 *
 * Checks: the return code is the one the contract gives (PARAM for an unknown set, LENGTH for a
 * wrong length or a context over 255 bytes, else 0 or SIGNATURE); the fixed signature of the fixed
 * message under the fixed key verifies; the streaming interface, fed in pieces, agrees with the
 * one-shot function.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_reader.h"
#include "m4crypt/mldsa.h"
#include "mldsa_sets.h"

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY /* m4crypt/config.h: what this program needs is built */

static uint8_t fixed_pk[MLDSA_NSETS][MLDSA_MAX_PK], fixed_sig[MLDSA_NSETS][MLDSA_MAX_SIG];
static const uint8_t fixed_msg[] = "a firmware image, in pieces";

FUZZ_TARGET_SETS(setup, fuzz_verify, 44, 65, 87, 44, 65, 87, 0, 45)

static void setup(void)
{
    uint8_t seed[32], sk[MLDSA_MAX_SK], rnd[32] = {0};
    for (int i = 0; i < MLDSA_NSETS; i++) {
        fuzz_pattern(seed, 32, 5, i);
        const mldsa_set *s = &MLDSA_SETS[i];
        if (s->keypair_derand(fixed_pk[i], sk, seed) != 0 ||
            s->sign_derand(fixed_sig[i], fixed_msg, sizeof fixed_msg, NULL, 0, sk, rnd) != 0)
            abort();
    }
}

static void fuzz_verify(reader *r, int set, unsigned flags)
{
    /* shape: the set whose sizes are used, the first one for an unknown set */
    const mldsa_set *s = mldsa_set_by_id(set), *shape = s ? s : &MLDSA_SETS[0];
    size_t pk_len = (flags & 1) ? shape->pk : take_len(r);
    size_t sig_len = (flags & 2) ? shape->sig : take_len(r);
    size_t m_len = (flags & 8) ? sizeof fixed_msg : take_len(r);
    size_t ctx_len = (flags & 16) ? take_len(r) % 300 : 0;
    const int idx = (int)(shape - MLDSA_SETS); /* its fixed key and signature */
    uint8_t *pk;
    if (flags & 1)
        pk = fuzz_copy(fixed_pk[idx], pk_len);
    else
        pk = take(r, pk_len);
    uint8_t *sig = take(r, sig_len);
    if ((flags & 4) && sig_len == shape->sig)
        for (size_t i = 0; i < sig_len; i++)
            sig[i] ^= fixed_sig[idx][i];
    uint8_t *m = take(r, m_len);
    if (flags & 8)
        memcpy(m, fixed_msg, m_len);
    uint8_t *ctx = take(r, ctx_len);

    int ret = m4crypt_mldsa_verify(set, sig, sig_len, m, m_len, ctx, ctx_len, pk, pk_len);
    if (!s) {
        if (ret != M4CRYPT_ERR_PARAM)
            abort();
    } else if (pk_len != s->pk || sig_len != s->sig || ctx_len > 255) {
        if (ret != M4CRYPT_ERR_LENGTH)
            abort();
    } else if (ret != M4CRYPT_OK && ret != M4CRYPT_ERR_SIGNATURE) {
        abort();
    }
    if (s && (flags & 1) && (flags & 8) && ctx_len == 0 && sig_len == s->sig &&
        memcmp(sig, fixed_sig[idx], sig_len) == 0 && ret != M4CRYPT_OK)
        abort(); /* the known valid signature must verify */

    m4crypt_mldsa_verify_ctx st;
    int ret2 = m4crypt_mldsa_verify_init(&st, set, pk, pk_len, ctx, ctx_len);
    size_t off = 0, piece = 1 + (flags >> 5);
    while (off < m_len) {
        size_t n = piece < m_len - off ? piece : m_len - off;
        m4crypt_mldsa_verify_update(&st, m + off, n);
        off += n;
        piece = piece * 3 + 1;
    }
    int fin = m4crypt_mldsa_verify_final(&st, sig, sig_len, pk, pk_len);
    if ((ret2 == M4CRYPT_OK ? fin : ret2) != ret)
        abort();

    free(pk);
    free(sig);
    free(m);
    free(ctx);
}
#else
FUZZ_TARGET_NOT_BUILT
#endif
