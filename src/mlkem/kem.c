/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-KEM for one parameter set (FIPS 203 sections 6 and 7, Alg. 16-21), compiled per set (see
 * params.h): m4crypt_mlkem<set>_keypair_derand / keypair / enc_derand / enc / dec / check_pk /
 * check_sk, declared in include/m4crypt/mlkem.h, and dec_internal (Alg. 18 alone), declared in
 * kem.h for the library's own use.
 *
 * Decapsulation key layout (Alg. 16): dk = dk_PKE (384k) || ek (384k + 32) || H(ek) (32) || z (32).
 */
#include <string.h>

#include "common/common_internal.h"
#include "m4crypt/common.h"
#include "kem.h"
#include "params.h"
#include "poly.h"

#if MLKEM_SET_ENABLED /* m4crypt/config.h */

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

/* Secrets the named buffers do not hold (FIPS 203 section 3.3). The assembly backends keep their
 * values in registers and in buffers they wipe; the portable C functions (Keccak-f[1600], whose
 * own spills m4crypt_keccakf1600_c_wiped already wipes, the NTT, the samplers) leave spills and
 * saved registers on the stack. In the portable build, key generation and encapsulation are
 * therefore a function doing the work followed by m4crypt_stack_wipe of the stack it used (make
 * bench's mlkem<set>.keypair / .encaps figure, portable, less the public function's own 8 bytes);
 * decapsulation is in both builds (see dec below). */
#ifndef M4CRYPT_ARCH_ARMV7M
#define KEYPAIR_STACK 2200
#define ENC_STACK (512 * MLKEM_K + 1480)
#endif
/* Key generation is a function of its own (KEYPAIR_DERAND) under the public one when the stack is
 * wiped after it or the pairwise consistency test follows it (M4CRYPT_KEYGEN_PCT, below). */
#if defined(KEYPAIR_STACK) || defined(M4CRYPT_KEYGEN_PCT)
#define KEYPAIR_DERAND keypair_derand_inner
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
static __attribute__((noinline)) int
keypair_derand_inner(uint8_t pk[MLKEM_PUBLICKEYBYTES], uint8_t sk[MLKEM_SECRETKEYBYTES],
                     const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES]);
#endif
#else
#define KEYPAIR_DERAND MLKEM_NS(keypair_derand)
#endif
#ifdef M4CRYPT_ARCH_ARMV7M
#define ENC_DERAND MLKEM_NS(enc_derand)
#else
#define ENC_DERAND enc_derand_unwiped
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
static __attribute__((noinline)) int
enc_derand_unwiped(uint8_t ct[MLKEM_CIPHERTEXTBYTES], uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                   const uint8_t pk[MLKEM_PUBLICKEYBYTES],
                   const uint8_t m[M4CRYPT_MLKEM_ENCCOINBYTES]);

int MLKEM_NS(enc_derand)(uint8_t ct[MLKEM_CIPHERTEXTBYTES], uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                         const uint8_t pk[MLKEM_PUBLICKEYBYTES],
                         const uint8_t m[M4CRYPT_MLKEM_ENCCOINBYTES])
{
    const int r = enc_derand_unwiped(ct, ss, pk, m);
    M4CRYPT_STACK_WIPE(ENC_STACK);
    return r;
}
#endif /* M4CRYPT_ENABLE_MLKEM_ENCAPS */
#endif

#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
/* Alg. 16 ML-KEM.KeyGen_internal(d, z), coins = d || z. */
int KEYPAIR_DERAND(uint8_t pk[MLKEM_PUBLICKEYBYTES], uint8_t sk[MLKEM_SECRETKEYBYTES],
                   const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES])
{
    MLKEM_NS(kpke_keygen)(pk, sk, coins);
    memcpy(sk + DK_EK, pk, MLKEM_PUBLICKEYBYTES);
    m4crypt_mlkem_hash_h(sk + DK_H, pk, MLKEM_PUBLICKEYBYTES);
    memcpy(sk + DK_Z, coins + 32, 32);
    return M4CRYPT_OK;
}

/* Alg. 19 ML-KEM.KeyGen: d, z from the random bit generator (m4crypt_randombytes). The
 * pairwise consistency test, when built in, runs inside m4crypt_mlkem<set>_keypair_derand. */
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
#ifndef M4CRYPT_PLANT_UNWIPED_BUFFER /* a planted fault for the stack-residue check's own test */
    m4crypt_memzero(coins, sizeof coins);
#endif
    return ret;
}
#endif /* M4CRYPT_ENABLE_MLKEM_KEYPAIR */

#if M4CRYPT_ENABLE_MLKEM_ENCAPS
/* Alg. 17 ML-KEM.Encaps_internal(ek, m), preceded by the section 7.2 modulus check. */
int ENC_DERAND(uint8_t ct[MLKEM_CIPHERTEXTBYTES], uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
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
#endif /* M4CRYPT_ENABLE_MLKEM_ENCAPS */

#if M4CRYPT_ENABLE_MLKEM_DECAPS
/* The end of Alg. 18: K-bar = J(z || c) into ss (J reads all of z and c before it writes), then
 * ss = K' unless fail (-1: c' != c). A function of its own so that decapsulation keeps fewer
 * values live across K-PKE.Encrypt (its stack frame is under the deepest call). */
static __attribute__((noinline)) void select_key(uint8_t ss[32], const uint8_t kr[32], int fail,
                                                 const uint8_t z[32],
                                                 const uint8_t ct[MLKEM_CIPHERTEXTBYTES])
{
    m4crypt_mlkem_hash_j(ss, z, 32, ct, MLKEM_CIPHERTEXTBYTES); /* K-bar */
#ifdef M4CRYPT_PLANT_REJECTION_BRANCH
    /* A planted fault, for the tests of the constant-time check only (make test builds it into
     * build/<config>/ct/m4ct_planted.elf, never into the library): the same result, chosen by a
     * branch on the rejection flag. m4sim ct must report it. */
    if (!fail)
        memcpy(ss, kr, 32);
#else
    uint32_t mask = (uint32_t)fail;                              /* 0 or all ones */
    __asm__("" : "+r"(mask)); /* keep the compiler from turning the selection into a branch */
    for (unsigned i = 0; i < 32; i++)
        ss[i] = (uint8_t)(kr[i] ^ (mask & (uint32_t)(kr[i] ^ ss[i])));
#endif
}

/* Alg. 18 ML-KEM.Decaps_internal:
 *   m' = K-PKE.Decrypt(dk_PKE, c); (K', r') = G(m' || h); K-bar = J(z || c);
 *   c' = K-PKE.Encrypt(ek_PKE, m', r'); K = (c == c') ? K' : K-bar.
 * c' is compared with c as it is produced (m4crypt_verify per compressed polynomial) and the key
 * is selected with a mask: nothing branches on, or indexes by, the outcome.
 * Memory: K-bar is computed after the re-encryption (which does not need it), straight into ss,
 * so that only m' and (K', r') are on this function's stack under K-PKE.Encrypt. ss may overlap
 * ct or sk: it is written only after both are read for the last time. Inlined into the two
 * functions below, dec_inner and dec_internal_inner, each followed by a wipe of the stack it
 * used. */
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
static __attribute__((noinline)) int dec_inner(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                                               const uint8_t ct[MLKEM_CIPHERTEXTBYTES],
                                               const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    if (MLKEM_NS(check_sk)(sk) != M4CRYPT_OK) {
        m4crypt_memzero(ss, M4CRYPT_MLKEM_SSBYTES);
        return M4CRYPT_ERR_SECRET_KEY;
    }
    decaps_internal(ss, ct, sk);
    return M4CRYPT_OK;
}

/* Alg. 18 alone. */
static __attribute__((noinline)) void
dec_internal_inner(uint8_t ss[M4CRYPT_MLKEM_SSBYTES], const uint8_t ct[MLKEM_CIPHERTEXTBYTES],
                   const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    decaps_internal(ss, ct, sk);
}

/* The stack dec_inner and its callees use on the Cortex-M4 (make bench's mlkem<set>.decaps stack
 * figure less dec's own 16 bytes): K-PKE.Encrypt's y-hat (512k bytes) and the rest. */
#ifdef M4CRYPT_ARCH_ARMV7M
#define DEC_STACK (512 * MLKEM_K + 1248)
#else
#define DEC_STACK (512 * MLKEM_K + 1508)
#endif

/* Decapsulation, then a wipe of the stack it used. What m4crypt_memzero of named buffers cannot
 * reach: the rejection flag (c' != c), which no caller learns (implicit rejection) but which a
 * callee's prologue saves or the compiler spills, and the t-hat polynomials K-PKE.Encrypt decodes
 * from ek into y-hat (public, but left there). */
int MLKEM_NS(dec)(uint8_t ss[M4CRYPT_MLKEM_SSBYTES], const uint8_t ct[MLKEM_CIPHERTEXTBYTES],
                  const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    const int r = dec_inner(ss, ct, sk);
    M4CRYPT_STACK_WIPE(DEC_STACK);
    return r;
}

/* Alg. 18 alone, for a dk that the caller made with KeyGen_internal itself
 * (src/mlkem/kem.h); the same wipe. */
void MLKEM_NS(dec_internal)(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
                            const uint8_t ct[MLKEM_CIPHERTEXTBYTES],
                            const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    dec_internal_inner(ss, ct, sk);
    M4CRYPT_STACK_WIPE(DEC_STACK);
}
#endif /* M4CRYPT_ENABLE_MLKEM_DECAPS */
#if defined(M4CRYPT_KEYGEN_PCT) && M4CRYPT_ENABLE_MLKEM_KEYPAIR &&                                   \
    !(M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS)
#error "M4CRYPT_KEYGEN_PCT needs ML-KEM encapsulation and decapsulation (m4crypt/config.h)"
#endif
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
#if defined(KEYPAIR_STACK) || defined(M4CRYPT_KEYGEN_PCT)
#ifdef M4CRYPT_KEYGEN_PCT
/* The pairwise consistency test of a new key pair (FIPS 140-3 IG 10.3.A; ISO/IEC 19790 7.10.3.3:
 * a module that generates a key pair tests it before handing it out): encapsulate to ek,
 * decapsulate with dk, compare the two shared keys. The encapsulation's m is H(ek), which dk
 * holds (public): the test is deterministic and needs no random bytes. With
 * M4CRYPT_KEYGEN_PCT_BREAKAGE_TEST the application's m4crypt_keygen_pct_break() can make it
 * fail (one bit of the ciphertext flipped: implicit rejection gives another key), to test the
 * error path (src/common/common_internal.h). Returns 0 or M4CRYPT_ERR_SELFTEST. */
static __attribute__((noinline)) int pct(const uint8_t pk[MLKEM_PUBLICKEYBYTES],
                                         const uint8_t sk[MLKEM_SECRETKEYBYTES])
{
    uint8_t ct[MLKEM_CIPHERTEXTBYTES], k_enc[32], k_dec[32];
    int bad = MLKEM_NS(enc_derand)(ct, k_enc, pk, sk + DK_H);
#ifdef M4CRYPT_KEYGEN_PCT_BREAKAGE_TEST
    if (m4crypt_keygen_pct_break())
        ct[0] ^= 1;
#endif
    bad |= MLKEM_NS(dec)(k_dec, ct, sk);
    bad |= m4crypt_verify(k_enc, k_dec, 32);
    m4crypt_memzero(k_enc, sizeof k_enc);
    m4crypt_memzero(k_dec, sizeof k_dec);
    return bad ? M4CRYPT_ERR_SELFTEST : M4CRYPT_OK;
}
#endif

/* Alg. 16 through KEYPAIR_DERAND, then (portable build) a wipe of the stack it used. */
#ifdef M4CRYPT_KEYGEN_PCT
int MLKEM_NS(keypair_derand_nopct)(uint8_t pk[MLKEM_PUBLICKEYBYTES],
                                   uint8_t sk[MLKEM_SECRETKEYBYTES],
                                   const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES])
#else
int MLKEM_NS(keypair_derand)(uint8_t pk[MLKEM_PUBLICKEYBYTES], uint8_t sk[MLKEM_SECRETKEYBYTES],
                             const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES])
#endif
{
    const int r = keypair_derand_inner(pk, sk, coins);
#ifdef KEYPAIR_STACK
    M4CRYPT_STACK_WIPE(KEYPAIR_STACK);
#endif
    return r;
}

#ifdef M4CRYPT_KEYGEN_PCT
/* With M4CRYPT_KEYGEN_PCT: key generation, then the pairwise consistency test; on its failure
 * both keys are wiped and the result is M4CRYPT_ERR_SELFTEST. (X-Wing, which re-derives its
 * ML-KEM key from the seed at every decapsulation, uses keypair_derand_nopct and tests its own
 * key pairs: src/xwing/xwing.c.) */
int MLKEM_NS(keypair_derand)(uint8_t pk[MLKEM_PUBLICKEYBYTES], uint8_t sk[MLKEM_SECRETKEYBYTES],
                             const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES])
{
    int r = MLKEM_NS(keypair_derand_nopct)(pk, sk, coins);
    if (r == M4CRYPT_OK && pct(pk, sk) != M4CRYPT_OK) {
        m4crypt_memzero(pk, MLKEM_PUBLICKEYBYTES);
        m4crypt_memzero(sk, MLKEM_SECRETKEYBYTES);
        r = M4CRYPT_ERR_SELFTEST;
    }
    return r;
}
#endif
#endif
#endif /* M4CRYPT_ENABLE_MLKEM_KEYPAIR */
#endif /* MLKEM_SET_ENABLED */
