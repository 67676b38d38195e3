/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X-Wing: general-purpose hybrid post-quantum KEM, draft-connolly-cfrg-xwing-kem (the version
 * of dconnolly/draft-connolly-cfrg-xwing-kem @ 9b6ce9e6, whose spec/test-vectors.json is
 * vendored in tests/vectors/xwing/): ML-KEM-768 (FIPS 203) + X25519 (RFC 7748), SHA3-256
 * combiner. In that version:
 *
 *   expandDecapsulationKey(sk):                     sk is a 32-byte seed
 *     expanded = SHAKE256(sk, 96)
 *     (pk_M, sk_M) = ML-KEM-768.KeyGen_internal(expanded[0:32], expanded[32:64])
 *     sk_X = expanded[64:96];  pk_X = X25519(sk_X, X25519_BASE)
 *   pk = pk_M || pk_X                               1184 + 32 bytes
 *   Encapsulate(pk, eseed):                         eseed is 64 bytes
 *     ek_X = eseed[32:64];  ct_X = X25519(ek_X, BASE);  ss_X = X25519(ek_X, pk_X)
 *     (ss_M, ct_M) = ML-KEM-768.Encaps_internal(pk_M, eseed[0:32])
 *     ss = Combiner(ss_M, ss_X, ct_X, pk_X);  ct = ct_M || ct_X       1088 + 32 bytes
 *   Decapsulate(ct, sk):
 *     ss_M = ML-KEM-768.Decaps(sk_M, ct_M);  ss_X = X25519(sk_X, ct_X)
 *     ss = Combiner(ss_M, ss_X, ct_X, pk_X)
 *   Combiner(ss_M, ss_X, ct_X, pk_X) = SHA3-256(ss_M || ss_X || ct_X || pk_X || XWingLabel)
 *   XWingLabel = "\./" || "/^\" = 5c 2e 2f 2f 5e 5c (6 bytes, last)
 * (tests/xwing/test_xwing.c and test_xwing_diff.py confirm every one of these choices against
 * the three vendored vectors.)
 *
 * Input checks and the all-zero X25519 secret:
 *  - Encapsulation runs the FIPS 203 section 7.2 modulus check on pk_M (inside
 *    m4crypt_mlkem768_enc_derand) and returns M4CRYPT_ERR_PUBLIC_KEY with ct and ss zeroed.
 *  - X25519 results are NOT checked for all zero: the draft's algorithms have no such check
 *    (its security argument rests on ML-KEM-768 and on hashing ct_X and pk_X into the combiner),
 *    and an implementation that rejected would fail to agree with conforming peers. A low-order
 *    pk_X or ct_X therefore gives ss_X = 0^32 and a normal result and return code 0; the
 *    M4CRYPT_ERR_ZERO_SHARED of m4crypt_x25519 is ignored here, without branching on it.
 *  - Decapsulation never fails: the ML-KEM key is derived from the seed by ML-KEM key generation,
 *    so the FIPS 203 section 7.3 hash check holds by construction and is not run (ML-KEM's
 *    Decaps_internal, src/mlkem/kem.h); invalid ML-KEM ciphertexts take implicit
 *    rejection inside ML-KEM.
 *
 * Expanded key (include/m4crypt/xwing.h): m4crypt_xwing_dec is m4crypt_xwing_expand_key followed
 * by m4crypt_xwing_dec_expanded on a key on its stack, so the two APIs give the same ss by
 * construction; a caller that keeps the expanded key pays only the second part per call.
 *
 * The expanded secret material (SHAKE256 output, sk_M, ss_M, ss_X, ek_X) is wiped before return,
 * and so are the public values held on the stack (ct_X, pk_M in decapsulation), so that the
 * stack-residue check (docs/security.md) finds nothing that differs between keys.
 */
#include "m4crypt/xwing.h"

#include "m4crypt/fips202.h"
#include "m4crypt/mlkem.h"
#include "m4crypt/x25519.h"
#include "common/backend.h"
#include "mlkem/kem.h"

#if M4CRYPT_ENABLE_XWING /* m4crypt/config.h: each operation below is built when enabled */

#define PK_M_BYTES M4CRYPT_MLKEM768_PUBLICKEYBYTES   /* 1184 */
#define SK_M_BYTES M4CRYPT_MLKEM768_SECRETKEYBYTES   /* 2400 */
#define CT_M_BYTES M4CRYPT_MLKEM768_CIPHERTEXTBYTES  /* 1088 */

_Static_assert(sizeof(m4crypt_xwing_expanded_key) == M4CRYPT_XWING_EXPANDEDKEYBYTES &&
                   sizeof(((m4crypt_xwing_expanded_key *)0)->sk_m) == SK_M_BYTES,
               "m4crypt_xwing_expanded_key layout (include/m4crypt/xwing.h)");

#if M4CRYPT_ENABLE_XWING_KEYPAIR || M4CRYPT_ENABLE_XWING_ENCAPS
/* seed from m4crypt_randombytes; if that fails, the two outputs a and b are wiped (the caller
 * returns the error). */
static inline __attribute__((always_inline)) int draw_seed(uint8_t *seed, size_t len, uint8_t *a,
                                                           size_t a_len, uint8_t *b, size_t b_len)
{
    int r = m4crypt_randombytes(seed, len);
    if (r != M4CRYPT_OK) {
        m4crypt_memzero(a, a_len);
        m4crypt_memzero(b, b_len);
    }
    return r;
}
#endif

#if M4CRYPT_ENABLE_XWING_ENCAPS || M4CRYPT_ENABLE_XWING_DECAPS
static const uint8_t xwing_label[6] = {0x5c, 0x2e, 0x2f, 0x2f, 0x5e, 0x5c}; /* \.//^\ */

/* Combiner(ss_M, ss_X, ct_X, pk_X) = SHA3-256(ss_M || ss_X || ct_X || pk_X || XWingLabel). */
static void combiner(uint8_t ss[32], const uint8_t ss_m[32], const uint8_t ss_x[32],
                     const uint8_t ct_x[32], const uint8_t pk_x[32])
{
    m4crypt_keccak_ctx ctx;
    m4crypt_sha3_256_init(&ctx);
    m4crypt_keccak_absorb(&ctx, ss_m, 32);
    m4crypt_keccak_absorb(&ctx, ss_x, 32);
    m4crypt_keccak_absorb(&ctx, ct_x, 32);
    m4crypt_keccak_absorb(&ctx, pk_x, 32);
    m4crypt_keccak_absorb(&ctx, xwing_label, sizeof xwing_label);
    m4crypt_sha3_256_final(&ctx, ss);
    m4crypt_memzero(&ctx, sizeof ctx);
}
#endif

/* ML-KEM-768 key generation from expanded[0:64]. With M4CRYPT_KEYGEN_PCT, the form without
 * ML-KEM's pairwise consistency test: the key re-derived at every decapsulation is not a new key
 * pair, and X-Wing's own key generation tests the whole X-Wing key pair (below). */
#ifdef M4CRYPT_KEYGEN_PCT
int m4crypt_mlkem768_keypair_derand_nopct(uint8_t pk[M4CRYPT_MLKEM768_PUBLICKEYBYTES],
                                          uint8_t sk[M4CRYPT_MLKEM768_SECRETKEYBYTES],
                                          const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES]);
#define MLKEM768_KEYPAIR_DERAND m4crypt_mlkem768_keypair_derand_nopct
#else
#define MLKEM768_KEYPAIR_DERAND m4crypt_mlkem768_keypair_derand
#endif

#if M4CRYPT_ENABLE_XWING_KEYPAIR || M4CRYPT_ENABLE_XWING_DECAPS
/* expandDecapsulationKey(seed) -> (pk_M, sk_M, sk_X, pk_X); pk_M is also inside sk_M. Returns 0
 * (ML-KEM key generation cannot fail). */
static int expand(m4crypt_xwing_expanded_key *k, uint8_t pk_m[PK_M_BYTES], const uint8_t seed[32])
{
    uint8_t expanded[96];
    m4crypt_shake256(expanded, sizeof expanded, seed, 32);
    /* d || z = expanded[0:64] */
    int r = MLKEM768_KEYPAIR_DERAND(pk_m, k->sk_m, expanded);
    for (int i = 0; i < 32; i++)
        k->sk_x[i] = expanded[64 + i];
    /* Never zero: a clamped scalar times the base point (see m4crypt_x25519_base). */
    (void)m4crypt_x25519_base(k->pk_x, k->sk_x);
    m4crypt_memzero(expanded, sizeof expanded);
    return r;
}
#endif

#if M4CRYPT_ENABLE_XWING_KEYPAIR
#if defined(M4CRYPT_KEYGEN_PCT) && !(M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS)
#error "M4CRYPT_KEYGEN_PCT needs X-Wing encapsulation and decapsulation (m4crypt/config.h)"
#endif
#ifdef M4CRYPT_KEYGEN_PCT
/* The pairwise consistency test of a new key pair (as ML-KEM's, src/mlkem/kem.c): encapsulate to
 * pk with eseed = SHAKE256(pk, 64 bytes) (deterministic, no random bytes), decapsulate with sk,
 * compare. 0 or M4CRYPT_ERR_SELFTEST. */
static __attribute__((noinline)) int xwing_pct(const uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES],
                                               const uint8_t sk[M4CRYPT_XWING_SECRETKEYBYTES])
{
    uint8_t eseed[M4CRYPT_XWING_ENCCOINBYTES], ct[M4CRYPT_XWING_CIPHERTEXTBYTES], ss_enc[32],
        ss_dec[32];
    m4crypt_shake256(eseed, sizeof eseed, pk, M4CRYPT_XWING_PUBLICKEYBYTES);
    int bad = m4crypt_xwing_enc_derand(ct, ss_enc, pk, eseed);
#ifdef M4CRYPT_KEYGEN_PCT_BREAKAGE_TEST
    if (m4crypt_keygen_pct_break())
        ct[0] ^= 1;
#endif
    bad |= m4crypt_xwing_dec(ss_dec, ct, sk);
    bad |= m4crypt_verify(ss_enc, ss_dec, 32);
    m4crypt_memzero(eseed, sizeof eseed);
    m4crypt_memzero(ss_enc, sizeof ss_enc);
    m4crypt_memzero(ss_dec, sizeof ss_dec);
    return bad ? M4CRYPT_ERR_SELFTEST : M4CRYPT_OK;
}
#endif

int m4crypt_xwing_keypair_derand(uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES],
                                 uint8_t sk[M4CRYPT_XWING_SECRETKEYBYTES], const uint8_t seed[32])
{
    m4crypt_xwing_expanded_key k;
    uint8_t s[32];
    for (int i = 0; i < 32; i++) /* seed may alias sk or pk */
        s[i] = seed[i];
    int r = expand(&k, pk, s);
    if (r == M4CRYPT_OK) {
        for (int i = 0; i < 32; i++) {
            pk[PK_M_BYTES + i] = k.pk_x[i];
            sk[i] = s[i];
        }
    } else {
        m4crypt_memzero(pk, M4CRYPT_XWING_PUBLICKEYBYTES);
        m4crypt_memzero(sk, M4CRYPT_XWING_SECRETKEYBYTES);
    }
    m4crypt_memzero(s, sizeof s);
    m4crypt_memzero(&k, sizeof k);
#ifdef M4CRYPT_KEYGEN_PCT
    if (r == M4CRYPT_OK && xwing_pct(pk, sk) != M4CRYPT_OK) {
        m4crypt_memzero(pk, M4CRYPT_XWING_PUBLICKEYBYTES);
        m4crypt_memzero(sk, M4CRYPT_XWING_SECRETKEYBYTES);
        r = M4CRYPT_ERR_SELFTEST;
    }
#endif
    return r;
}

int m4crypt_xwing_keypair(uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES],
                          uint8_t sk[M4CRYPT_XWING_SECRETKEYBYTES])
{
    uint8_t seed[32];
    int r = draw_seed(seed, sizeof seed, pk, M4CRYPT_XWING_PUBLICKEYBYTES, sk,
                      M4CRYPT_XWING_SECRETKEYBYTES);
    if (r == M4CRYPT_OK)
        r = m4crypt_xwing_keypair_derand(pk, sk, seed);
    m4crypt_memzero(seed, sizeof seed);
    return r;
}

#endif /* M4CRYPT_ENABLE_XWING_KEYPAIR */

#if M4CRYPT_ENABLE_XWING_ENCAPS
int m4crypt_xwing_enc_derand(uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES],
                             uint8_t ss[M4CRYPT_XWING_SSBYTES],
                             const uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES],
                             const uint8_t eseed[M4CRYPT_XWING_ENCCOINBYTES])
{
    uint8_t es[64], ss_m[32], ss_x[32], ct_x[32], pk_x[32];
    for (int i = 0; i < 64; i++) /* eseed may alias ct or ss */
        es[i] = eseed[i];
    for (int i = 0; i < 32; i++) /* pk_X (the outputs must not overlap pk) */
        pk_x[i] = pk[PK_M_BYTES + i];

    int r = m4crypt_mlkem768_enc_derand(ct, ss_m, pk, es); /* m = eseed[0:32]; modulus check */
    (void)m4crypt_x25519_base(ct_x, es + 32);               /* ct_X; never zero */
    (void)m4crypt_x25519(ss_x, es + 32, pk_x); /* ss_X; all zero for a low-order pk_X: kept */
    if (r == M4CRYPT_OK) { /* r depends only on the public key */
        combiner(ss, ss_m, ss_x, ct_x, pk_x);
        for (int i = 0; i < 32; i++)
            ct[CT_M_BYTES + i] = ct_x[i];
    } else {
        m4crypt_memzero(ct, M4CRYPT_XWING_CIPHERTEXTBYTES);
        m4crypt_memzero(ss, M4CRYPT_XWING_SSBYTES);
    }
    m4crypt_memzero(es, sizeof es);
    m4crypt_memzero(ss_m, sizeof ss_m);
    m4crypt_memzero(ss_x, sizeof ss_x);
    m4crypt_memzero(ct_x, sizeof ct_x); /* public (copied into ct), wiped all the same */
    return r;
}

int m4crypt_xwing_enc(uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES], uint8_t ss[M4CRYPT_XWING_SSBYTES],
                      const uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES])
{
    uint8_t eseed[M4CRYPT_XWING_ENCCOINBYTES];
    int r = draw_seed(eseed, sizeof eseed, ct, M4CRYPT_XWING_CIPHERTEXTBYTES, ss,
                      M4CRYPT_XWING_SSBYTES);
    if (r == M4CRYPT_OK)
        r = m4crypt_xwing_enc_derand(ct, ss, pk, eseed);
    m4crypt_memzero(eseed, sizeof eseed);
    return r;
}

#endif /* M4CRYPT_ENABLE_XWING_ENCAPS */

#if M4CRYPT_ENABLE_XWING_DECAPS
int m4crypt_xwing_expand_key(m4crypt_xwing_expanded_key *k,
                             const uint8_t sk[M4CRYPT_XWING_SECRETKEYBYTES])
{
    uint8_t pk_m[PK_M_BYTES]; /* ML-KEM key generation writes ek here too (a copy is in sk_M) */
    int r = expand(k, pk_m, sk);
    if (r != M4CRYPT_OK) /* never: ML-KEM key generation returns 0 */
        m4crypt_xwing_expanded_key_wipe(k);
    m4crypt_memzero(pk_m, sizeof pk_m); /* the recipient's public key, wiped all the same */
    return r;
}

void m4crypt_xwing_expanded_key_public(uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES],
                                       const m4crypt_xwing_expanded_key *k)
{
    for (unsigned i = 0; i < PK_M_BYTES; i++) /* ek inside dk (FIPS 203 Alg. 16) */
        pk[i] = k->sk_m[M4CRYPT_MLKEM768_SECRETKEYBYTES - 64 - PK_M_BYTES + i];
    for (unsigned i = 0; i < 32; i++)
        pk[PK_M_BYTES + i] = k->pk_x[i];
}

void m4crypt_xwing_expanded_key_wipe(m4crypt_xwing_expanded_key *k)
{
    m4crypt_memzero(k, sizeof *k);
}

/* Decapsulate(ct) with the expanded key: ML-KEM.Decaps_internal (the key is ML-KEM key
 * generation's output, so the section 7.3 hash check is not repeated), X25519, the combiner. */
int m4crypt_xwing_dec_expanded(uint8_t ss[M4CRYPT_XWING_SSBYTES],
                               const uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES],
                               const m4crypt_xwing_expanded_key *k)
{
    uint8_t ss_m[32], ss_x[32], ct_x[32];
    for (int i = 0; i < 32; i++) /* ct may alias ss */
        ct_x[i] = ct[CT_M_BYTES + i];
    m4crypt_mlkem768_dec_internal(ss_m, ct, k->sk_m); /* implicit rejection inside */
    (void)m4crypt_x25519(ss_x, k->sk_x, ct_x);         /* all zero for a low-order ct_X: kept */
    combiner(ss, ss_m, ss_x, ct_x, k->pk_x);
    m4crypt_memzero(ss_m, sizeof ss_m);
    m4crypt_memzero(ss_x, sizeof ss_x);
    m4crypt_memzero(ct_x, sizeof ct_x); /* public (the ciphertext), wiped all the same */
    return M4CRYPT_OK;
}

int m4crypt_xwing_dec(uint8_t ss[M4CRYPT_XWING_SSBYTES],
                      const uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES],
                      const uint8_t sk[M4CRYPT_XWING_SECRETKEYBYTES])
{
    m4crypt_xwing_expanded_key k;
    int r = m4crypt_xwing_expand_key(&k, sk);
    if (r == M4CRYPT_OK) /* always (r depends on nothing secret) */
        r = m4crypt_xwing_dec_expanded(ss, ct, &k);
    else
        m4crypt_memzero(ss, M4CRYPT_XWING_SSBYTES);
    m4crypt_xwing_expanded_key_wipe(&k);
    return r;
}
#endif /* M4CRYPT_ENABLE_XWING_DECAPS */
#endif /* M4CRYPT_ENABLE_XWING */
