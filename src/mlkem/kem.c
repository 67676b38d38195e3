/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM for one parameter set (FIPS 203 sections 6 and 7, Alg. 16-21), compiled per set (see
 * params.h): m4crypt_mlkem<set>_keypair_derand / keypair / enc_derand / enc / dec / check_pk /
 * check_sk, declared in include/m4crypt/mlkem.h, and dec_internal (Alg. 18 alone), declared in
 * kem_internal.h for the library's own use.
 *
 * Decapsulation key layout (Alg. 16): dk = dk_PKE (384k) || ek (384k + 32) || H(ek) (32) || z (32).
 */
#include <string.h>

#include "m4crypt/common.h"
#include "kem_internal.h"
#include "params.h"
#include "poly.h"

#define DK_EK (MLKEM_POLYVECBYTES)                         /* offset of ek in dk */
#define DK_H (MLKEM_POLYVECBYTES + MLKEM_PUBLICKEYBYTES)   /* offset of H(ek) */
#define DK_Z (DK_H + 32)                                   /* offset of z */

/* Section 7.2, encapsulation key check 2 (modulus check): ByteEncode_12(ByteDecode_12(ek)) == ek
 * over ek[0 : 384k]. ByteDecode_12 reduces each 12-bit value mod q and ByteEncode_12 writes it
 * back unchanged exactly when it was already below q, so the check is: every 12-bit value of
 * ek[0 : 384k] is below q. Computed on 12 bytes (8 values, three little-endian words) at a time,
 * OR-ing q - 1 - value, whose sign bit is set iff value >= q (no early exit; ek is public anyway,
 * so the outcome may be branched on). Check 1 (the length) is the generic layer's. */
static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

__attribute__((noinline)) int MLKEM_NS(check_pk)(const uint8_t pk[MLKEM_PUBLICKEYBYTES])
{
    const uint32_t qm1 = M4CRYPT_MLKEM_Q - 1;
    uint32_t bad = 0;
    for (unsigned i = 0; i < MLKEM_POLYVECBYTES; i += 12) {
        uint32_t w0 = load32_le(pk + i), w1 = load32_le(pk + i + 4), w2 = load32_le(pk + i + 8);
        bad |= (qm1 - (w0 & 0xfff)) | (qm1 - ((w0 >> 12) & 0xfff));
        bad |= (qm1 - ((w0 >> 24) | ((w1 & 0xf) << 8))) | (qm1 - ((w1 >> 4) & 0xfff));
        bad |= (qm1 - ((w1 >> 16) & 0xfff)) | (qm1 - ((w1 >> 28) | ((w2 & 0xff) << 4)));
        bad |= (qm1 - ((w2 >> 8) & 0xfff)) | (qm1 - (w2 >> 20));
    }
    return (bad >> 31) ? M4CRYPT_ERR_PUBLIC_KEY : M4CRYPT_OK;
}

/* Section 7.3, decapsulation input check 3 (hash check): H(dk[384k : 768k + 32]) ==
 * dk[768k + 32 : 768k + 64]. Checks 1 and 2 (the lengths) are the generic layer's. The result is
 * a property of the key, not of a secret, and may be branched on. */
int MLKEM_NS(check_sk)(const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    uint8_t h[32];
    m4crypt_mlkem_hash_h(h, sk + DK_EK, MLKEM_PUBLICKEYBYTES);
    int mismatch = m4crypt_verify(h, sk + DK_H, 32);
    /* The outcome says whether dk is well formed, which the caller learns from the return code:
     * public (ek and H(ek) are the public key and its hash, even when derived from a secret seed
     * as in X-Wing). */
    m4crypt_mlkem_ct_declassify(&mismatch, sizeof mismatch);
    return mismatch ? M4CRYPT_ERR_SECRET_KEY : M4CRYPT_OK;
}

/* Alg. 16 ML-KEM.KeyGen_internal(d, z), coins = d || z. */
int MLKEM_NS(keypair_derand)(uint8_t pk[MLKEM_PUBLICKEYBYTES], uint8_t sk[MLKEM_SECRETKEYBYTES],
                             const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES])
{
    MLKEM_NS(kpke_keygen)(pk, sk, coins);
    memcpy(sk + DK_EK, pk, MLKEM_PUBLICKEYBYTES);
    m4crypt_mlkem_hash_h(sk + DK_H, pk, MLKEM_PUBLICKEYBYTES);
    memcpy(sk + DK_Z, coins + 32, 32);
    return M4CRYPT_OK;
}

/* Alg. 19 ML-KEM.KeyGen: d, z from the random bit generator (m4crypt_randombytes). */
int MLKEM_NS(keypair)(uint8_t pk[MLKEM_PUBLICKEYBYTES], uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES];
    int ret = m4crypt_randombytes(coins, sizeof coins);
    if (ret == M4CRYPT_OK)
        ret = MLKEM_NS(keypair_derand)(pk, sk, coins);
    else {
        m4crypt_memzero(pk, MLKEM_PUBLICKEYBYTES);
        m4crypt_memzero(sk, MLKEM_SECRETKEYBYTES);
    }
    m4crypt_memzero(coins, sizeof coins);
    return ret;
}

/* Alg. 17 ML-KEM.Encaps_internal(ek, m), preceded by the section 7.2 modulus check. */
int MLKEM_NS(enc_derand)(uint8_t ct[MLKEM_CIPHERTEXTBYTES], uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                         const uint8_t pk[MLKEM_PUBLICKEYBYTES],
                         const uint8_t m[M4CRYPT_MLKEM_ENCCOINBYTES])
{
    /* (K, r) = G(m || H(ek)); H(ek) is first put in kr[32:64] (G reads all of its input before
     * it writes its output), so that no other buffer adds to the stack under K-PKE.Encrypt. */
    uint8_t kr[64];
    if (MLKEM_NS(check_pk)(pk) != M4CRYPT_OK) {
        m4crypt_memzero(ct, MLKEM_CIPHERTEXTBYTES);
        m4crypt_memzero(ss, M4CRYPT_MLKEM_SSBYTES);
        return M4CRYPT_ERR_PUBLIC_KEY;
    }
    m4crypt_mlkem_hash_h(kr + 32, pk, MLKEM_PUBLICKEYBYTES);
    m4crypt_mlkem_hash_g(kr, m, 32, kr + 32, 32);
    MLKEM_NS(kpke_encrypt)(ct, NULL, pk, m, kr + 32);
    memcpy(ss, kr, 32);
    m4crypt_memzero(kr, sizeof kr);
    return M4CRYPT_OK;
}

/* Alg. 20 ML-KEM.Encaps: m from the random bit generator. */
int MLKEM_NS(enc)(uint8_t ct[MLKEM_CIPHERTEXTBYTES], uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                  const uint8_t pk[MLKEM_PUBLICKEYBYTES])
{
    uint8_t m[M4CRYPT_MLKEM_ENCCOINBYTES];
    int ret = m4crypt_randombytes(m, sizeof m);
    if (ret == M4CRYPT_OK)
        ret = MLKEM_NS(enc_derand)(ct, ss, pk, m);
    else {
        m4crypt_memzero(ct, MLKEM_CIPHERTEXTBYTES);
        m4crypt_memzero(ss, M4CRYPT_MLKEM_SSBYTES);
    }
    m4crypt_memzero(m, sizeof m);
    return ret;
}

/* The end of Alg. 18: K-bar = J(z || c) into ss (J reads all of z and c before it writes), then
 * ss = K' unless fail (-1: c' != c). A function of its own so that decapsulation keeps fewer
 * values live across K-PKE.Encrypt (its stack frame is under the deepest call). */
static __attribute__((noinline)) void select_key(uint8_t ss[32], const uint8_t kr[32], int fail,
                                                 const uint8_t z[32],
                                                 const uint8_t ct[MLKEM_CIPHERTEXTBYTES])
{
    m4crypt_mlkem_hash_j(ss, z, 32, ct, MLKEM_CIPHERTEXTBYTES); /* K-bar */
    uint32_t mask = (uint32_t)fail;                              /* 0 or all ones */
    __asm__("" : "+r"(mask)); /* keep the compiler from turning the selection into a branch */
    for (unsigned i = 0; i < 32; i++)
        ss[i] = (uint8_t)(kr[i] ^ (mask & (uint32_t)(kr[i] ^ ss[i])));
}

/* Alg. 18 ML-KEM.Decaps_internal:
 *   m' = K-PKE.Decrypt(dk_PKE, c); (K', r') = G(m' || h); K-bar = J(z || c);
 *   c' = K-PKE.Encrypt(ek_PKE, m', r'); K = (c == c') ? K' : K-bar.
 * c' is compared with c as it is produced (m4crypt_verify per compressed polynomial) and the key
 * is selected with a mask: nothing branches on, or indexes by, the outcome.
 * Memory: K-bar is computed after the re-encryption (which does not need it), straight into ss,
 * so that only m' and (K', r') are on this function's stack under K-PKE.Encrypt. ss may overlap
 * ct or sk: it is written only after both are read for the last time. Inlined into both callers
 * below, so that ML-KEM.Decaps keeps the frame (and the figures) it had as one function. */
static inline __attribute__((always_inline)) void
decaps_internal(uint8_t ss[M4CRYPT_MLKEM_SSBYTES], const uint8_t ct[MLKEM_CIPHERTEXTBYTES],
                const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    uint8_t mkr[96]; /* m' || K' || r' */
    MLKEM_NS(kpke_decrypt)(mkr, sk, ct);
    m4crypt_mlkem_hash_g(mkr + 32, mkr, 32, sk + DK_H, 32);
    int fail = MLKEM_NS(kpke_encrypt)(NULL, ct, sk + DK_EK, mkr, mkr + 64); /* 0 or -1 */
    select_key(ss, mkr + 32, fail, sk + DK_Z, ct);
    m4crypt_memzero(mkr, sizeof mkr);
}

/* Alg. 21 ML-KEM.Decaps, preceded by the section 7.3 hash check. */
int MLKEM_NS(dec)(uint8_t ss[M4CRYPT_MLKEM_SSBYTES], const uint8_t ct[MLKEM_CIPHERTEXTBYTES],
                  const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    if (MLKEM_NS(check_sk)(sk) != M4CRYPT_OK) {
        m4crypt_memzero(ss, M4CRYPT_MLKEM_SSBYTES);
        return M4CRYPT_ERR_SECRET_KEY;
    }
    decaps_internal(ss, ct, sk);
    return M4CRYPT_OK;
}

/* Alg. 18 alone, for a dk that the caller made with KeyGen_internal itself (src/mlkem/kem_internal.h). */
void MLKEM_NS(dec_internal)(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                            const uint8_t ct[MLKEM_CIPHERTEXTBYTES],
                            const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    decaps_internal(ss, ct, sk);
}
