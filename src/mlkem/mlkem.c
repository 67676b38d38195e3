/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The length-checked generic ML-KEM layer (include/m4crypt/mlkem.h): dispatches on the parameter
 * set and checks every buffer length first (FIPS 203 section 7.2 check 1 "type check" on ek,
 * section 7.3 checks 1 and 2 on c and dk). Built once.
 *
 * Only the parameter sets and operations the configuration builds are here (m4crypt/config.h); a
 * set that is not built is an unknown set.
 *
 * Errors: M4CRYPT_ERR_PARAM for an unknown set or a NULL buffer, M4CRYPT_ERR_LENGTH for a wrong
 * length, else whatever the per-set function returns. On every error each output buffer that is
 * not NULL is zeroed over the length the caller gave for it (ss: 32 bytes).
 */
#include "m4crypt/mlkem.h"

#if M4CRYPT_ENABLE_MLKEM /* m4crypt/config.h */

size_t m4crypt_mlkem_publickeybytes(int set)
{
    switch (set) {
#if M4CRYPT_ENABLE_MLKEM512
    case 512: return M4CRYPT_MLKEM512_PUBLICKEYBYTES;
#endif
#if M4CRYPT_ENABLE_MLKEM768
    case 768: return M4CRYPT_MLKEM768_PUBLICKEYBYTES;
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    case 1024: return M4CRYPT_MLKEM1024_PUBLICKEYBYTES;
#endif
    default: return 0;
    }
}

size_t m4crypt_mlkem_secretkeybytes(int set)
{
    switch (set) {
#if M4CRYPT_ENABLE_MLKEM512
    case 512: return M4CRYPT_MLKEM512_SECRETKEYBYTES;
#endif
#if M4CRYPT_ENABLE_MLKEM768
    case 768: return M4CRYPT_MLKEM768_SECRETKEYBYTES;
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    case 1024: return M4CRYPT_MLKEM1024_SECRETKEYBYTES;
#endif
    default: return 0;
    }
}

size_t m4crypt_mlkem_ciphertextbytes(int set)
{
    switch (set) {
#if M4CRYPT_ENABLE_MLKEM512
    case 512: return M4CRYPT_MLKEM512_CIPHERTEXTBYTES;
#endif
#if M4CRYPT_ENABLE_MLKEM768
    case 768: return M4CRYPT_MLKEM768_CIPHERTEXTBYTES;
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    case 1024: return M4CRYPT_MLKEM1024_CIPHERTEXTBYTES;
#endif
    default: return 0;
    }
}

static void wipe(uint8_t *p, size_t len)
{
    if (p)
        m4crypt_memzero(p, len);
}

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR || M4CRYPT_ENABLE_MLKEM_ENCAPS
/* ret, with the outputs a and b wiped if it is an error. */
static inline __attribute__((always_inline)) int wiped_on_error(int ret, uint8_t *a, size_t a_len,
                                                                uint8_t *b, size_t b_len)
{
    if (ret != M4CRYPT_OK) {
        wipe(a, a_len);
        wipe(b, b_len);
    }
    return ret;
}
#endif

/* The checks before each operation: M4CRYPT_ERR_PARAM for a set that is not built or a NULL
 * buffer (missing), M4CRYPT_ERR_LENGTH unless a_len and b_len are the set's a_bytes and b_bytes,
 * else M4CRYPT_OK. */
static inline __attribute__((always_inline)) int check_args(int set, int missing, size_t a_len,
                                                            size_t (*a_bytes)(int), size_t b_len,
                                                            size_t (*b_bytes)(int))
{
    if (m4crypt_mlkem_publickeybytes(set) == 0 || missing)
        return M4CRYPT_ERR_PARAM;
    if (a_len != a_bytes(set) || b_len != b_bytes(set))
        return M4CRYPT_ERR_LENGTH;
    return M4CRYPT_OK;
}

/* Each function below is reached only with a set that is built (the sizes above are 0 for any
 * other), so the last case needs no test. */

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
static int keypair(int set, uint8_t *pk, uint8_t *sk, const uint8_t *coins)
{
#if M4CRYPT_ENABLE_MLKEM512
    if (set == 512)
        return coins ? m4crypt_mlkem512_keypair_derand(pk, sk, coins)
                     : m4crypt_mlkem512_keypair(pk, sk);
#endif
#if M4CRYPT_ENABLE_MLKEM768
    if (set == 768)
        return coins ? m4crypt_mlkem768_keypair_derand(pk, sk, coins)
                     : m4crypt_mlkem768_keypair(pk, sk);
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    if (set == 1024)
        return coins ? m4crypt_mlkem1024_keypair_derand(pk, sk, coins)
                     : m4crypt_mlkem1024_keypair(pk, sk);
#endif
    (void)set;
    return M4CRYPT_ERR_PARAM; /* not reached */
}

int m4crypt_mlkem_keypair(int set, uint8_t *pk, size_t pk_len, uint8_t *sk, size_t sk_len,
                          const uint8_t *coins)
{
    int ret = check_args(set, !pk || !sk, pk_len, m4crypt_mlkem_publickeybytes, sk_len,
                         m4crypt_mlkem_secretkeybytes);
    if (ret == M4CRYPT_OK)
        ret = keypair(set, pk, sk, coins);
    return wiped_on_error(ret, pk, pk_len, sk, sk_len);
}
#endif /* M4CRYPT_ENABLE_MLKEM_KEYPAIR */

#if M4CRYPT_ENABLE_MLKEM_ENCAPS
static int encaps(int set, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m)
{
#if M4CRYPT_ENABLE_MLKEM512
    if (set == 512)
        return m ? m4crypt_mlkem512_enc_derand(ct, ss, pk, m) : m4crypt_mlkem512_enc(ct, ss, pk);
#endif
#if M4CRYPT_ENABLE_MLKEM768
    if (set == 768)
        return m ? m4crypt_mlkem768_enc_derand(ct, ss, pk, m) : m4crypt_mlkem768_enc(ct, ss, pk);
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    if (set == 1024)
        return m ? m4crypt_mlkem1024_enc_derand(ct, ss, pk, m) : m4crypt_mlkem1024_enc(ct, ss, pk);
#endif
    (void)set;
    return M4CRYPT_ERR_PARAM; /* not reached */
}

int m4crypt_mlkem_encaps(int set, uint8_t *ct, size_t ct_len, uint8_t ss[32], const uint8_t *pk,
                         size_t pk_len, const uint8_t *m)
{
    int ret = check_args(set, !ct || !ss || !pk, ct_len, m4crypt_mlkem_ciphertextbytes, pk_len,
                         m4crypt_mlkem_publickeybytes);
    if (ret == M4CRYPT_OK)
        ret = encaps(set, ct, ss, pk, m);
    return wiped_on_error(ret, ct, ct_len, ss, M4CRYPT_MLKEM_SSBYTES);
}
#endif /* M4CRYPT_ENABLE_MLKEM_ENCAPS */

#if M4CRYPT_ENABLE_MLKEM_DECAPS
static int decaps(int set, uint8_t *ss, const uint8_t *ct, const uint8_t *sk)
{
#if M4CRYPT_ENABLE_MLKEM512
    if (set == 512)
        return m4crypt_mlkem512_dec(ss, ct, sk);
#endif
#if M4CRYPT_ENABLE_MLKEM768
    if (set == 768)
        return m4crypt_mlkem768_dec(ss, ct, sk);
#endif
#if M4CRYPT_ENABLE_MLKEM1024
    if (set == 1024)
        return m4crypt_mlkem1024_dec(ss, ct, sk);
#endif
    (void)set;
    return M4CRYPT_ERR_PARAM; /* not reached */
}

int m4crypt_mlkem_decaps(int set, uint8_t ss[32], const uint8_t *ct, size_t ct_len,
                         const uint8_t *sk, size_t sk_len)
{
    int ret = check_args(set, !ss || !ct || !sk, ct_len, m4crypt_mlkem_ciphertextbytes, sk_len,
                         m4crypt_mlkem_secretkeybytes);
    if (ret == M4CRYPT_OK)
        ret = decaps(set, ss, ct, sk);
    if (ret != M4CRYPT_OK)
        wipe(ss, M4CRYPT_MLKEM_SSBYTES);
    return ret;
}
#endif /* M4CRYPT_ENABLE_MLKEM_DECAPS */
#endif /* M4CRYPT_ENABLE_MLKEM */
