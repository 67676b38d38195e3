/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA key generation, signing and verification (FIPS 204 Alg. 6, 7, 8) for one parameter set,
 * compiled once per set (sign44.c, sign65.c, sign87.c define MLDSA_SET and include this file, so
 * that the work spaces are sized for the set and its constants fold). Key generation and
 * verification hold no matrix entry (each entry of A is multiplied as SampleNTT produces it, 32
 * coefficients at a time); vectors in the NTT domain are kept packed (24 bits per coefficient);
 * w1 is hashed row by row as it is computed.
 *
 * Memory (stack, besides the caller's buffers):
 *   keygen  l packed polynomials (NTT(s1)) + 1 polynomial + the SHAKE state
 *   verify  (default) l + 1 packed polynomials (NTT(z), -NTT(c)) + 1 polynomial + the SHAKE
 *           states; (M4CRYPT_MLDSA_SMALL_MEMORY) c at 2 bits per coefficient + 2 polynomials + the
 *           SHAKE states, NTT(c) and NTT(z_j) recomputed for every row
 *   sign    (default) k l packed polynomials (A: computed once per signature, not per attempt)
 *           + l + k 16-bit polynomials modulo 769 (NTT(s1), NTT(s2)) + k + 3 polynomials (w,
 *           work) + the SHAKE state; (M4CRYPT_MLDSA_SMALL_MEMORY) k packed polynomials (w) + 3
 *           polynomials + the SHAKE states, every entry of A streamed in every attempt.
 *           In both, c s1 and c s2 are computed exactly in 16-bit arithmetic modulo 769
 *           (small_ntt.c), in the space of the work polynomial tmp; y is not kept: ExpandMask's
 *           output is squeezed straight into the signature's z field (its encoding BitPack(y,
 *           gamma1 - 1, gamma1) is the SHAKE256 output itself), and z = y + c s1 replaces y
 *           there. A rejected attempt's z is overwritten by the next attempt's y; on failure the
 *           signature is zeroed.
 *
 * Constant time. Nothing branches on, or indexes memory by, a secret, except where a value is
 * declassified (m4crypt_mldsa_ct_declassify; the valgrind test declassifies exactly these and the
 * m4sim test declares the functions that compute on them public):
 *   1. rho (keygen: published in pk), and the matrix it expands (signing's
 *      m4crypt_mldsa_sample_ntt_p24). Key generation rejects each entry straight into its
 *      products with NTT(s1) (m4crypt_mldsa_matrix_entry_acc_p24), whose control flow and
 *      addresses follow rho and nothing else: the m4sim check runs it with rho fixed and the
 *      other seeds secret (m4crypt_mldsa_keygen_seeds_ct), so that it is traced, not declared
 *      public.
 *   2. Which half-bytes RejBoundedPoly rejects (keygen, ExpandS: m4crypt_mldsa_rej_eta_c,
 *      m4crypt_mldsa_sample_eta_tail): the half-bytes are independent and uniform, so the
 *      positions of the rejected ones say nothing about the accepted ones, which form s1, s2.
 *   3. Signing: c~ of every attempt (m4crypt_mldsa_sample_in_ball): an output of H, which leaks
 *      nothing about the key, also for rejected attempts (CRYSTALS-Dilithium round 3
 *      specification, section 5.5; mldsa-native does the same).
 *   4. Signing: the rejection decision of each attempt, in one place (reject(), below): first
 *      the z bound column by column, then the r0 bound, then the ct0 bound and the hint count
 *      together. A rejected attempt's values are discarded, so which of its checks failed, and
 *      at which column of z, may be public too (round 3 specification, section 5.5;
 *      mldsa-native declassifies each check on its own). Which attempt is accepted, and hence
 *      the number of attempts, follows from these decisions; the accepted attempt's hint is
 *      then public as part of the signature.
 * tests/common/m4ct_library.c checks key generation (from the seeds, rho fixed) and the body of
 * an attempt (m4crypt_mldsa_sign_attempt_ct: everything between two decisions, every column of
 * z, with no decision taken) for identical traces across secrets, with the functions of 1-3
 * declared public.
 */
#include <string.h>

#include "m4crypt/common.h"
#include "params.h"
#include "poly.h"

#if MLDSA_SET == 44
#define SET_K 4
#define SET_L 4
static const m4crypt_mldsa_params set_params = M4CRYPT_MLDSA44_PARAMS_INIT;
#define MLDSA_NS(name) m4crypt_mldsa44_##name
#elif MLDSA_SET == 65
#define SET_K 6
#define SET_L 5
static const m4crypt_mldsa_params set_params = M4CRYPT_MLDSA65_PARAMS_INIT;
#define MLDSA_NS(name) m4crypt_mldsa65_##name
#elif MLDSA_SET == 87
#define SET_K 8
#define SET_L 7
static const m4crypt_mldsa_params set_params = M4CRYPT_MLDSA87_PARAMS_INIT;
#define MLDSA_NS(name) m4crypt_mldsa87_##name
#else
#error "define MLDSA_SET to 44, 65 or 87 before including sign_set.h"
#endif
#define P (&set_params)

/* What signing (default build) computes once per signature and keeps across attempts, besides A:
 * NTT(s1) and NTT(s2) modulo 769 (l + k times 512 bytes), used by every attempt and by every
 * attempt that passes the z bound. NTT(t0) is not kept: c t0 is needed only by the attempts that
 * pass the r0 bound as well, about one per signature, so transforming t0 once per signature
 * saved nothing and kept k 768 bytes (docs/mldsa-armv7m.md, "Signing: the order of the
 * checks"). */

#define Q M4CRYPT_MLDSA_Q

/* A polynomial with coefficients in [0, q) packed 3 bytes each (768 bytes): the stack form of the
 * vectors in the NTT domain. */
#define PACKED24 768
/* The operations built (m4crypt/config.h): key generation (SIGN needs it too), signing,
 * verification; the helpers below follow the operations that use them. */
#if M4CRYPT_ENABLE_MLDSA_SIGN && defined(M4CRYPT_MLDSA_SMALL_MEMORY)
static void pack24(uint8_t out[PACKED24], const m4crypt_mldsa_poly *a)
{
    m4crypt_mldsa_pack24(out, a->coeffs, M4CRYPT_MLDSA_N);
}

static void unpack24(m4crypt_mldsa_poly *r, const uint8_t in[PACKED24])
{
    m4crypt_mldsa_unpack24(r->coeffs, in, M4CRYPT_MLDSA_N);
}
#endif


#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
/* H(in1 || in2 || in3, outlen) with H = SHAKE256 (section 3.7), in the caller's state h: a state
 * of the caller's workspace, which the caller wipes with the rest of it. */
static void hash_h(m4crypt_keccak_ctx *h, uint8_t *out, size_t outlen, const uint8_t *in1,
                   size_t len1, const uint8_t *in2, size_t len2, const uint8_t *in3, size_t len3)
{
    m4crypt_shake256_init(h);
    m4crypt_keccak_absorb(h, in1, len1);
    m4crypt_keccak_absorb(h, in2, len2);
    m4crypt_keccak_absorb(h, in3, len3);
    m4crypt_keccak_finalize(h);
    m4crypt_keccak_squeeze(h, out, outlen);
}

/* ---------------------------------------------------------------- key generation */

typedef struct {
    uint8_t s1hat[SET_L][PACKED24]; /* NTT(s1_j) in [0, q) */
    m4crypt_mldsa_poly acc;         /* s1_j, s2_i, then row i of t */
    union {
        m4crypt_keccak_ctx h; /* H: the seeds, tr */
        m4crypt_keccak_ctx xof; /* matrix_entry_acc_p24 */
        m4crypt_mldsa_prf prf;
    } ws;
    uint8_t s2[128];    /* s2_i packed, when there is no sk to pack it into */
    uint8_t seeds[128]; /* rho || rho' || K */
} keygen_ws;

/* Alg. 6 ML-DSA.KeyGen_internal(xi): (rho, rho', K) = H(xi || k || l, 128); s1, s2 = ExpandS(rho');
 * t = NTT^-1(A o NTT(s1)) + s2 row by row (each entry of A streamed; s2_i is sampled before the
 * row's products and added back from its encoding, so that no second polynomial is needed);
 * (t1, t0) = Power2Round(t) straight into pk = rho || t1 (Alg. 22) and sk = rho || K || tr || s1 ||
 * s2 || t0 (Alg. 24); tr = H(pk, 64). */
static void keygen_body(const m4crypt_mldsa_params *p, keygen_ws *w, uint8_t *pk, uint8_t *sk)
{
    const uint8_t *rho = w->seeds, *rhoprime = w->seeds + 32;
    m4crypt_mldsa_ct_declassify(w->seeds, 32); /* rho: published in pk (1) */
    memcpy(pk, rho, 32);
    if (sk) {
        memcpy(sk, rho, 32);
        memcpy(sk + 32, w->seeds + 96, 32);
    }
    for (unsigned j = 0; j < p->l; j++) {
        m4crypt_mldsa_sample_eta(&w->acc, rhoprime, (uint16_t)j, p->eta, &w->ws.prf);
        if (sk)
            m4crypt_mldsa_pack_eta(sk + M4CRYPT_MLDSA_SK_S1 + j * p->eta_bytes, &w->acc, p->eta);
        m4crypt_mldsa_ntt(&w->acc);
        m4crypt_mldsa_freeze_pack24(w->s1hat[j], &w->acc);
    }
    for (unsigned i = 0; i < p->k; i++) {
        uint8_t *s2 = sk ? sk + m4crypt_mldsa_sk_s2(p) + i * p->eta_bytes : w->s2;
        m4crypt_mldsa_sample_eta(&w->acc, rhoprime, (uint16_t)(p->l + i), p->eta, &w->ws.prf);
        m4crypt_mldsa_pack_eta(s2, &w->acc, p->eta);
        m4crypt_memzero(&w->acc, sizeof w->acc); /* (sixteen STR per 64 bytes: memset takes
                                                  * twice as long here) */
        /* each entry of A is rejected straight into its products with NTT(s1_j): the control
         * flow follows rho only (1), the same for every s1; the last entry reduces: |acc| < q */
        for (unsigned j = 0; j < p->l; j++)
            m4crypt_mldsa_matrix_entry_acc_p24(&w->acc, w->s1hat[j], rho, i, j, &w->ws.xof,
                                               j == p->l - 1u);
        m4crypt_mldsa_invntt(&w->acc);
        m4crypt_mldsa_add_eta_power2round_pack(pk + 32 + 320 * i,
                                               sk ? sk + m4crypt_mldsa_sk_t0(p) + 416 * i : NULL,
                                               &w->acc, s2, p->eta);
    }
    if (sk)
        m4crypt_mldsa_tr_ctx(&w->ws.h, sk + 64, pk, p->pk_bytes);
}

int MLDSA_NS(keygen_core)(uint8_t *pk, uint8_t *sk, const uint8_t xi[32])
{
    keygen_ws w;
    const uint8_t kl[2] = {P->k, P->l};
    hash_h(&w.ws.h, w.seeds, 128, xi, 32, kl, 2, NULL, 0);
    keygen_body(P, &w, pk, sk);
    m4crypt_memzero(&w, sizeof w);
    return M4CRYPT_OK;
}

/* Key generation from rho || rho' || K (the output of line 1), for the constant-time checks: a
 * test can keep rho, which is public, fixed while the secret seeds vary. */
int MLDSA_NS(keygen_seeds_ct)(uint8_t *pk, uint8_t *sk, const uint8_t seeds[128])
{
    keygen_ws w;
    memcpy(w.seeds, seeds, sizeof w.seeds);
    keygen_body(P, &w, pk, sk);
    m4crypt_memzero(&w, sizeof w);
    return M4CRYPT_OK;
}
#endif /* M4CRYPT_ENABLE_MLDSA_KEYPAIR */

/* ---------------------------------------------------------------- signing */
#if M4CRYPT_ENABLE_MLDSA_SIGN

/* tmp, a work polynomial, shares its space with the two 16-bit polynomials of c s1 and c s2
 * (small_ntt.c): small.chat = NTT(c) mod 769, computed once per attempt from c in chat (whose
 * 32-bit NTT c t0 needs, computed in place by compute_hint, only in the attempts that pass the z
 * and r0 bounds), and small.cs, the product c s_j being computed. small.chat lives from
 * SampleInBall through z_column and the subtraction of c s2 (sub_cs2); tmp is used only before
 * (commit) and after (c t0). */
#define SMALL_TMP_UNION                                                                            \
    union {                                                                                        \
        m4crypt_mldsa_poly tmp;                                                                    \
        struct {                                                                                   \
            m4crypt_mldsa_smallpoly cs, chat;                                                      \
        } small;                                                                                   \
    };

#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
/* The default: what does not change between attempts is computed once per signature, A (expanded
 * into ahat), NTT(s1) and NTT(s2); each attempt computes NTT(y_j) once, two or three columns at
 * a time (in the space of acc, chat and tmp, free before c is known), and adds each row's
 * products with those columns into w, summed in 64 bits and reduced once
 * (m4crypt_mldsa_pointwise_sum_p24). */
#define YHAT_COLUMNS 3
typedef struct {
    uint8_t ahat[SET_K][SET_L][PACKED24]; /* A, in [0, q) */
    m4crypt_mldsa_smallpoly s1hat[SET_L]; /* NTT(s1_j) mod 769 */
    m4crypt_mldsa_smallpoly s2hat[SET_K]; /* NTT(s2_i) mod 769 */
    union {
        m4crypt_mldsa_poly w[SET_K]; /* w = NTT^-1(A o NTT(y)) in [0, q) */
        m4crypt_mldsa_xof xof;       /* expanding A */
    } u;
    uint8_t w1[192]; /* w1Encode of one row */
    union {
        /* commit: NTT(y_j) of up to YHAT_COLUMNS columns at once */
        m4crypt_mldsa_poly yhat[YHAT_COLUMNS];
        struct {
            m4crypt_mldsa_poly acc, chat;
            SMALL_TMP_UNION
        };
    };
    m4crypt_keccak_ctx h;                     /* H(mu || w1Encode(w1)) */
    uint8_t hint[SET_K][M4CRYPT_MLDSA_N / 8]; /* h, one bit per coefficient */
    uint8_t rhopp[64];                        /* rho'' */
} sign_ws;
_Static_assert(sizeof(((sign_ws *)0)->yhat) == 3 * sizeof(m4crypt_mldsa_poly),
               "acc, chat and tmp hold the three columns of NTT(y)");
#else
/* M4CRYPT_MLDSA_SMALL_MEMORY: nothing is kept between attempts; every entry of A is streamed
 * from SHAKE128 as it is multiplied, NTT(y_j) recomputed for each row, t0 NTT'd per attempt. */
typedef struct {
    uint8_t w[SET_K][PACKED24]; /* w = NTT^-1(A o NTT(y)) in [0, q), row by row */
    m4crypt_mldsa_poly acc, chat;
    SMALL_TMP_UNION
    union {
        m4crypt_mldsa_xof xof;
        uint8_t w1[192]; /* w1Encode of one row */
    } u;
    m4crypt_keccak_ctx h;                     /* H(mu || w1Encode(w1)) */
    uint8_t hint[SET_K][M4CRYPT_MLDSA_N / 8]; /* h, one bit per coefficient */
    uint8_t rhopp[64];                        /* rho'' */
} sign_ws;
#endif

/* The one place where a signing attempt's rejection decision becomes public (4). */
static int reject(uint32_t bad)
{
    m4crypt_mldsa_ct_declassify(&bad, sizeof bad);
    return bad != 0;
}

/* ExpandMask (Alg. 34) for nonce kappa: y_j = BitUnpack(H(rho'' || kappa + j, 32 c)), squeezed
 * into the signature's z field j as its own encoding. */
static void expand_mask(const m4crypt_mldsa_params *p, uint8_t *zfield, const uint8_t rhopp[64],
                        unsigned kappa, m4crypt_keccak_ctx *h)
{
    for (unsigned j = 0; j < p->l; j++) {
        uint8_t n[2] = {(uint8_t)(kappa + j), (uint8_t)((kappa + j) >> 8)};
        m4crypt_shake256_init(h);
        m4crypt_keccak_absorb(h, rhopp, 64);
        m4crypt_keccak_absorb(h, n, 2);
        m4crypt_keccak_finalize(h);
        m4crypt_keccak_squeeze(h, zfield + j * p->z_bytes, p->z_bytes);
    }
}

#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
/* Once per signature: A = ExpandA(rho) into ahat (Alg. 32, each entry packed as SampleNTT
 * delivers it), NTT(s1) and NTT(s2) modulo 769 into s1hat and s2hat. */
static void precompute(const m4crypt_mldsa_params *p, sign_ws *w, const uint8_t *sk)
{
    for (unsigned i = 0; i < p->k; i++)
        for (unsigned j = 0; j < p->l; j++)
            m4crypt_mldsa_sample_ntt_p24(w->ahat[i][j], sk, (uint8_t)j, (uint8_t)i, &w->u.xof);
    for (unsigned j = 0; j < p->l; j++)
        m4crypt_mldsa_small_ntt_eta(&w->s1hat[j], sk + M4CRYPT_MLDSA_SK_S1 + j * p->eta_bytes,
                                    p->eta);
    for (unsigned i = 0; i < p->k; i++)
        m4crypt_mldsa_small_ntt_eta(&w->s2hat[i], sk + m4crypt_mldsa_sk_s2(p) + i * p->eta_bytes,
                                    p->eta);
}

/* Alg. 7 lines 11-15: w = NTT^-1(A o NTT(y)), the products of two or three columns NTT(y_j) at a
 * time summed into every row, then w1 = HighBits(w) hashed row by row into
 * c~ = H(mu || w1Encode(w1), lambda / 4), written to sig[0 : lambda / 4]. */
static void commit(const m4crypt_mldsa_params *p, sign_ws *w, uint8_t *sig, const uint8_t mu[64])
{
    const uint8_t *zfield = sig + p->ctilde_bytes;
    /* groups of 3 or 2 columns (l = 4: 2 + 2, 5: 3 + 2, 7: 3 + 2 + 2); the first group writes w,
     * the others add to it */
    for (unsigned j = 0, ncols = p->l % 2 ? 3 : 2; j < p->l; j += ncols, ncols = 2) {
        for (unsigned c = 0; c < ncols; c++) {
            m4crypt_mldsa_unpack_z(&w->yhat[c], zfield + (j + c) * p->z_bytes, p->gamma1_bits);
            m4crypt_mldsa_ntt(&w->yhat[c]);
        }
        for (unsigned i = 0; i < p->k; i++)
            m4crypt_mldsa_pointwise_sum_p24(&w->u.w[i], w->ahat[i][j], w->yhat, ncols, j != 0);
    }
    m4crypt_shake256_init(&w->h);
    m4crypt_keccak_absorb(&w->h, mu, 64);
    for (unsigned i = 0; i < p->k; i++) {
        /* |w_i| < q: the sums with acc reduce what they add to */
        m4crypt_mldsa_invntt_caddq(&w->u.w[i]);
        m4crypt_mldsa_highbits_pack_w1(w->w1, &w->u.w[i], p->gamma2);
        m4crypt_keccak_absorb(&w->h, w->w1, p->w1_bytes);
    }
    m4crypt_keccak_finalize(&w->h);
    m4crypt_keccak_squeeze(&w->h, sig, p->ctilde_bytes);
}
#else
static void precompute(const m4crypt_mldsa_params *p, sign_ws *w, const uint8_t *sk)
{
    (void)p;
    (void)w;
    (void)sk;
}

/* Alg. 7 lines 11-15: w = NTT^-1(A o NTT(y)) row by row (kept packed), w1 = HighBits(w) hashed
 * into c~ = H(mu || w1Encode(w1), lambda / 4), written to sig[0 : lambda / 4]. rho = sk[0:32]. */
static void commit(const m4crypt_mldsa_params *p, sign_ws *w, uint8_t *sig, const uint8_t *rho,
                   const uint8_t mu[64])
{
    const uint8_t *zfield = sig + p->ctilde_bytes;
    m4crypt_shake256_init(&w->h);
    m4crypt_keccak_absorb(&w->h, mu, 64);
    for (unsigned i = 0; i < p->k; i++) {
        memset(&w->acc, 0, sizeof w->acc);
        for (unsigned j = 0; j < p->l; j++) {
            m4crypt_mldsa_unpack_z(&w->tmp, zfield + j * p->z_bytes, p->gamma1_bits);
            m4crypt_mldsa_ntt(&w->tmp);
            m4crypt_mldsa_matrix_entry_acc(&w->acc, &w->tmp, rho, i, j, &w->u.xof);
        }
        m4crypt_mldsa_reduce(&w->acc);
        m4crypt_mldsa_invntt_caddq(&w->acc);
        pack24(w->w[i], &w->acc);
        m4crypt_mldsa_highbits_pack_w1(w->u.w1, &w->acc, p->gamma2);
        m4crypt_keccak_absorb(&w->h, w->u.w1, p->w1_bytes);
    }
    m4crypt_keccak_finalize(&w->h);
    m4crypt_keccak_squeeze(&w->h, sig, p->ctilde_bytes);
}
#endif

/* NTT^-1(c^ o NTT(t0)): r = c t0, centered (|x| <= 2^22). */
static void mul_c(m4crypt_mldsa_poly *r, const m4crypt_mldsa_poly *chat)
{
    m4crypt_mldsa_ntt(r);
    m4crypt_mldsa_pointwise(r, chat, r);
    m4crypt_mldsa_invntt_reduce(r);
}

/* c s_j into w->small.cs for s_j = s1_j (s1 = 1) or s2_j (s1 = 0): exact, in 16-bit arithmetic
 * modulo 769 (small_ntt.c), from the kept NTT(s_j) (default) or from the key's BitPack of s_j
 * (M4CRYPT_MLDSA_SMALL_MEMORY). */
static void mul_c_s(const m4crypt_mldsa_params *p, sign_ws *w, const uint8_t *sk, int s1,
                    unsigned j)
{
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
    (void)p;
    (void)sk;
    m4crypt_mldsa_small_mul_c_hat(&w->small.cs, s1 ? &w->s1hat[j] : &w->s2hat[j],
                                  &w->small.chat);
#else
    const uint8_t *s_packed =
        sk + (s1 ? M4CRYPT_MLDSA_SK_S1 : m4crypt_mldsa_sk_s2(p)) + j * p->eta_bytes;
    m4crypt_mldsa_small_mul_c(&w->small.cs, s_packed, p->eta, &w->small.chat);
#endif
}

/* Alg. 7 lines 18-23 for column j of z: z_j = y_j + c s1_j (y_j read from, z_j written to the z
 * field); returns 1 if ||z_j|| >= gamma1 - beta. Signing decides each column as it is computed,
 * so that an attempt rejected by its z bound skips the columns after the first that fails.
 * Fixed shape. */
static uint32_t z_column(const m4crypt_mldsa_params *p, sign_ws *w, uint8_t *sig,
                         const uint8_t *sk, unsigned j)
{
    uint8_t *zj = sig + p->ctilde_bytes + j * p->z_bytes;
    mul_c_s(p, w, sk, 1, j);
    m4crypt_mldsa_unpack_z(&w->acc, zj, p->gamma1_bits);
    /* z = y + c s1 exactly (|c s1| <= tau eta): already z mod+- q; its norm check */
    uint32_t bad = m4crypt_mldsa_add_small_chknorm(&w->acc, &w->small.cs,
                                                   ((int32_t)1 << p->gamma1_bits) - p->beta);
    m4crypt_mldsa_pack_z(zj, &w->acc, p->gamma1_bits);
    return bad;
}

/* Alg. 7 line 19 / 21's w - c s2, in [0, q), in place of w (row by row), before compute_hint
 * needs tmp (which holds small.chat) for c t0; returns 1 if some |LowBits(w - c s2)| >=
 * gamma2 - beta (line 23's r0 bound), so that an attempt rejected there costs no c t0. Fixed
 * shape. */
static uint32_t sub_cs2(const m4crypt_mldsa_params *p, sign_ws *w, const uint8_t *sk)
{
    uint32_t bad = 0;
    for (unsigned i = 0; i < p->k; i++) {
        mul_c_s(p, w, sk, 0, i);
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
        m4crypt_mldsa_sub_small_freeze(&w->u.w[i], &w->small.cs);
        bad |= m4crypt_mldsa_chknorm_lowbits(&w->u.w[i], p->gamma2, p->gamma2 - p->beta);
#else
        unpack24(&w->acc, w->w[i]);
        m4crypt_mldsa_sub_small_freeze(&w->acc, &w->small.cs);
        bad |= m4crypt_mldsa_chknorm_lowbits(&w->acc, p->gamma2, p->gamma2 - p->beta);
        pack24(w->w[i], &w->acc);
#endif
    }
    return bad;
}

/* Alg. 7 lines 21-28, with w - c s2 computed and its r0 bound passed (sub_cs2): c t0 bound,
 * h = MakeHint(-c t0, w - c s2 + c t0) into w->hint and its weight bound; returns 1 if any check
 * fails (make_hint checks the r0 bound again, at no extra pass, which cannot fail here).
 * MakeHint (Alg. 39), HighBits(w - c s2 + c t0) != HighBits(w - c s2), is computed from
 * LowBits(w - c s2) + c t0 (poly.h), exact whenever ||c t0|| < gamma2; the attempt is rejected
 * otherwise (chknorm), whatever those bits. Fixed shape. */
static uint32_t compute_hint(const m4crypt_mldsa_params *p, sign_ws *w, const uint8_t *sk)
{
    uint32_t bad = 0, ones = 0;
    const int32_t r0_bound = p->gamma2 - p->beta;
    m4crypt_mldsa_ntt(&w->chat); /* only in the attempts that pass the z and r0 bounds */
    for (unsigned i = 0; i < p->k; i++) {
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
        const m4crypt_mldsa_poly *a = &w->u.w[i]; /* w - c s2 in [0, q) */
#else
        m4crypt_mldsa_poly *a = &w->acc;
        unpack24(a, w->w[i]);
#endif
        m4crypt_mldsa_unpack_t0(&w->tmp, sk + m4crypt_mldsa_sk_t0(p) + 416 * i);
        mul_c(&w->tmp, &w->chat); /* c t0, centered */
        bad |= m4crypt_mldsa_chknorm(&w->tmp, p->gamma2);
        uint32_t rv = m4crypt_mldsa_make_hint(w->hint[i], a, &w->tmp, p->gamma2, r0_bound);
        bad |= rv >> 31;
        ones += rv & 0x1ff;
    }
    bad |= (uint32_t)(p->omega - ones) >> 31; /* more than omega ones */
    return bad;
}

/* HintBitPack (Alg. 20) of the accepted hint (public). */
static void pack_hint(const m4crypt_mldsa_params *p, uint8_t *out, const sign_ws *w)
{
    unsigned index = 0;
    memset(out, 0, (size_t)p->omega + p->k);
    for (unsigned i = 0; i < p->k; i++) {
        for (unsigned j = 0; j < 256; j++)
            if (w->hint[i][j / 8] >> (j % 8) & 1)
                out[index++] = (uint8_t)j;
        out[p->omega + i] = (uint8_t)index;
    }
}

/* Alg. 7 lines 10-17 for one attempt with nonce kappa: y (into the z field), w, c~ (declassified:
 * (3)), c and NTT(c) mod 769 for z_column. Fixed shape. */
static void attempt_c(const m4crypt_mldsa_params *p, sign_ws *w, uint8_t *sig,
                      const uint8_t mu[64], const uint8_t *sk, unsigned kappa)
{
    expand_mask(p, sig + p->ctilde_bytes, w->rhopp, kappa, &w->h);
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
    (void)sk;
    commit(p, w, sig, mu);
#else
    commit(p, w, sig, sk, mu);
#endif
    m4crypt_mldsa_ct_declassify(sig, p->ctilde_bytes); /* c~ (3) */
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
    m4crypt_mldsa_sample_in_ball(&w->chat, sig, p->ctilde_bytes, p->tau, &w->h, w->w1);
#else
    m4crypt_mldsa_sample_in_ball(&w->chat, sig, p->ctilde_bytes, p->tau, &w->h, w->u.w1);
#endif
    for (unsigned n = 0; n < 256; n++)
        w->small.chat.coeffs[n] = (int16_t)w->chat.coeffs[n];
    m4crypt_mldsa_small_ntt(&w->small.chat);
}

/* Alg. 7 ML-DSA.Sign_internal from line 7 (mu given): rho'' = H(K || rnd || mu, 64), then
 * attempts with kappa = 0, l, 2l, ... until one passes every check. */
int MLDSA_NS(sign_mu_core)(uint8_t *sig, const uint8_t mu[64], const uint8_t *sk,
                          const uint8_t rnd[32])
{
    const m4crypt_mldsa_params *p = P;
    sign_ws w;
    int ret = m4crypt_mldsa_check_sk_in(p, sk, &w.tmp);
    if (ret != M4CRYPT_OK) {
        m4crypt_memzero(&w.tmp, sizeof w.tmp);
        m4crypt_memzero(sig, p->sig_bytes);
        return ret;
    }
    hash_h(&w.h, w.rhopp, 64, sk + 32, 32, rnd, 32, mu, 64);
    precompute(p, &w, sk);
    ret = M4CRYPT_ERR_SIGNATURE;
    for (unsigned attempt = 0; attempt < M4CRYPT_MLDSA_MAX_ATTEMPTS; attempt++) {
        attempt_c(p, &w, sig, mu, sk, attempt * p->l);
        unsigned j = 0;
        while (j < p->l && !reject(z_column(p, &w, sig, sk, j)))
            j++;
        if (j < p->l)
            continue;
        if (reject(sub_cs2(p, &w, sk)))
            continue;
        if (reject(compute_hint(p, &w, sk)))
            continue;
        /* accepted: the hint is part of the signature, public from here on */
        m4crypt_mldsa_ct_declassify(w.hint, sizeof w.hint);
        pack_hint(p, sig + p->ctilde_bytes + (size_t)p->l * p->z_bytes, &w);
        ret = M4CRYPT_OK;
        break;
    }
    if (ret != M4CRYPT_OK)
        m4crypt_memzero(sig, p->sig_bytes);
    m4crypt_memzero(&w, sizeof w);
    return ret;
}

/* One whole attempt body (every part, no decision taken), for the constant-time checks. */
uint32_t MLDSA_NS(sign_attempt_ct)(uint8_t *sig, const uint8_t mu[64], const uint8_t *sk,
                                  const uint8_t rnd[32], unsigned kappa)
{
    const m4crypt_mldsa_params *p = P;
    sign_ws w;
    uint32_t bad = 0;
    hash_h(&w.h, w.rhopp, 64, sk + 32, 32, rnd, 32, mu, 64);
    precompute(p, &w, sk);
    attempt_c(p, &w, sig, mu, sk, kappa);
    for (unsigned j = 0; j < p->l; j++)
        bad |= z_column(p, &w, sig, sk, j);
    bad |= sub_cs2(p, &w, sk) << 1;
    bad |= compute_hint(p, &w, sk) << 2;
    m4crypt_memzero(&w, sizeof w);
    return bad;
}
#endif /* M4CRYPT_ENABLE_MLDSA_SIGN */

/* ---------------------------------------------------------------- verification */
#if M4CRYPT_ENABLE_MLDSA_VERIFY

typedef struct {
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
    uint8_t zhat[SET_L][PACKED24]; /* NTT(z_j) in [0, q) */
    uint8_t chat_neg[PACKED24];    /* -NTT(c) in [0, q) */
    m4crypt_mldsa_poly acc;
#else
    uint8_t c2[M4CRYPT_MLDSA_N / 4]; /* c, 2 bits per coefficient (c_i + 1) */
    m4crypt_mldsa_poly acc, tmp;
#endif
    union {
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
        m4crypt_keccak_ctx xof; /* SHAKE128, its blocks read in place: matrix_entry_acc_p24 */
#else
        m4crypt_mldsa_xof xof;
#endif
        uint8_t w1[192]; /* w1Encode of one row; at the end c~' */
    } ws;
    m4crypt_keccak_ctx h;
} verify_ws;

/* The end of row i of verification (Alg. 8 lines 9-10): acc, the row of A o NTT(z) - NTT(c) o
 * NTT(t1 2^d) in the NTT domain, back to [0, q); w1Encode(HighBits), then UseHint at the row's
 * hint positions (hints[index .. hints[omega + i])) only; absorbed into H. Returns the next
 * index. */
static unsigned verify_row_end(const m4crypt_mldsa_params *p, m4crypt_mldsa_poly *acc,
                               uint8_t *w1, const uint8_t *hints, unsigned i, unsigned index,
                               m4crypt_keccak_ctx *hctx)
{
#ifdef M4CRYPT_MLDSA_SMALL_MEMORY
    m4crypt_mldsa_reduce(acc); /* the default build's last entry reduces */
#endif
    m4crypt_mldsa_invntt_caddq(acc);
    m4crypt_mldsa_highbits_pack_w1(w1, acc, p->gamma2);
    unsigned end = hints[p->omega + i];
    m4crypt_mldsa_w1_use_hints(w1, acc, hints + index, end - index, p->gamma2);
    m4crypt_keccak_absorb(hctx, w1, p->w1_bytes);
    return end;
}

/* Alg. 8 lines 12-13: c~' = H(mu || w1Encode(w1'), lambda / 4), compared with c~ of sig. */
static int verify_end(const m4crypt_mldsa_params *p, m4crypt_keccak_ctx *hctx, uint8_t *buf,
                      const uint8_t *sig)
{
    m4crypt_keccak_finalize(hctx);
    m4crypt_keccak_squeeze(hctx, buf, p->ctilde_bytes);
    return m4crypt_verify(buf, sig, p->ctilde_bytes) == 0 ? M4CRYPT_OK : M4CRYPT_ERR_SIGNATURE;
}

/* HintBitUnpack's validity conditions (Alg. 21): the row ends are non-decreasing and at most
 * omega, the positions within a row strictly increasing, and the unused positions zero. */
static int hint_valid(const m4crypt_mldsa_params *p, const uint8_t *y)
{
    unsigned index = 0;
    for (unsigned i = 0; i < p->k; i++) {
        unsigned end = y[p->omega + i];
        if (end < index || end > p->omega)
            return 0;
        for (unsigned j = index + 1; j < end; j++)
            if (y[j - 1] >= y[j])
                return 0;
        index = end;
    }
    for (unsigned j = index; j < p->omega; j++)
        if (y[j] != 0)
            return 0;
    return 1;
}

/* Alg. 8 ML-DSA.Verify_internal, with mu computed here from the message that ctxlen describes
 * (params.h, m4crypt_mldsa_verify_core): w'_approx = NTT^-1(A o NTT(z) - NTT(c) o
 * NTT(t1 2^d)) row by row, w1' = UseHint(h, w'_approx) hashed into c~' = H(mu || w1Encode(w1'));
 * valid iff ||z|| < gamma1 - beta and c~' = c~. Public data only. By default NTT(z_j) and NTT(c)
 * are computed once and kept packed; the small-memory build keeps neither: c is kept at 2 bits
 * per coefficient, and NTT(c) and every NTT(z_j) are recomputed for each row (k + k l NTTs
 * instead of 1 + l). */
int MLDSA_NS(verify_core)(const uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                          size_t ctxlen, const uint8_t *pk)
{
    const m4crypt_mldsa_params *p = P;
    verify_ws w;
    const uint8_t *zfield = sig + p->ctilde_bytes;
    const uint8_t *hints = zfield + (size_t)p->l * p->z_bytes;
    int ret = M4CRYPT_ERR_SIGNATURE;
    if (ctxlen > M4CRYPT_MLDSA_CTX_MAXBYTES && ctxlen != M4CRYPT_MLDSA_MSG_INTERNAL &&
        ctxlen != M4CRYPT_MLDSA_MSG_MU)
        return M4CRYPT_ERR_LENGTH;
    if (!hint_valid(p, hints))
        return ret;
    for (unsigned j = 0; j < p->l; j++) {
        m4crypt_mldsa_unpack_z(&w.acc, zfield + j * p->z_bytes, p->gamma1_bits);
        if (m4crypt_mldsa_chknorm(&w.acc, ((int32_t)1 << p->gamma1_bits) - p->beta))
            return ret;
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
        m4crypt_mldsa_ntt(&w.acc);
        m4crypt_mldsa_freeze_pack24(w.zhat[j], &w.acc);
#endif
    }
    m4crypt_mldsa_sample_in_ball(&w.acc, sig, p->ctilde_bytes, p->tau, &w.h, w.ws.w1);
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
    m4crypt_mldsa_ntt(&w.acc);
    for (unsigned n = 0; n < 256; n++)
        w.acc.coeffs[n] = -w.acc.coeffs[n];
    m4crypt_mldsa_freeze_pack24(w.chat_neg, &w.acc);
#else
    memset(w.c2, 0, sizeof w.c2);
    for (unsigned n = 0; n < 256; n++)
        w.c2[n / 4] |= (uint8_t)((w.acc.coeffs[n] + 1) << (2 * (n % 4)));
#endif
    /* mu (Alg. 8 lines 6-7), unless given, in the buffer of w1, H's state computing it, each
     * step called from here (none adds its frame under another's); then H(mu || ...) */
    const uint8_t *mu = m;
    if (ctxlen != M4CRYPT_MLDSA_MSG_MU) {
        m4crypt_mldsa_tr_ctx(&w.h, w.ws.w1, pk, p->pk_bytes);
        m4crypt_mldsa_mu_start(&w.h, w.ws.w1, ctx, ctxlen);
        m4crypt_keccak_absorb(&w.h, m, mlen);
        m4crypt_keccak_finalize(&w.h);
        m4crypt_keccak_squeeze(&w.h, w.ws.w1, 64);
        mu = w.ws.w1;
    }
    m4crypt_shake256_init(&w.h);
    m4crypt_keccak_absorb(&w.h, mu, 64);
    unsigned index = 0;
    for (unsigned i = 0; i < p->k; i++) {
        /* acc = -NTT(c) o NTT(t1_i 2^d), then + A[i][j] o NTT(z_j) */
#ifndef M4CRYPT_MLDSA_SMALL_MEMORY
        /* in place: acc = -NTT(c) o NTT(t1_i 2^d) (|acc| < q); each entry adds |x| < q, the
         * last one reduces: |acc| < q */
        m4crypt_mldsa_unpack_t1_shifted(&w.acc, pk + 32 + 320 * i);
        m4crypt_mldsa_ntt(&w.acc);
        m4crypt_mldsa_pointwise_sum_p24(&w.acc, w.chat_neg, &w.acc, 1, 0);
        for (unsigned j = 0; j < p->l; j++)
            m4crypt_mldsa_matrix_entry_acc_p24(&w.acc, w.zhat[j], pk, i, j, &w.ws.xof,
                                               j == p->l - 1u);
#else
        for (unsigned n = 0; n < 256; n++)
            w.acc.coeffs[n] = (int32_t)(w.c2[n / 4] >> (2 * (n % 4)) & 3) - 1;
        m4crypt_mldsa_ntt(&w.acc);
        m4crypt_mldsa_unpack_t1_shifted(&w.tmp, pk + 32 + 320 * i);
        m4crypt_mldsa_ntt(&w.tmp);
        m4crypt_mldsa_pointwise(&w.acc, &w.acc, &w.tmp);
        for (unsigned n = 0; n < 256; n++)
            w.acc.coeffs[n] = -w.acc.coeffs[n];
        for (unsigned j = 0; j < p->l; j++) {
            m4crypt_mldsa_unpack_z(&w.tmp, zfield + j * p->z_bytes, p->gamma1_bits);
            m4crypt_mldsa_ntt(&w.tmp);
            m4crypt_mldsa_matrix_entry_acc(&w.acc, &w.tmp, pk, i, j, &w.ws.xof);
        }
#endif
        index = verify_row_end(p, &w.acc, w.ws.w1, hints, i, index, &w.h);
    }
    return verify_end(p, &w.h, w.ws.w1, sig);
}
#endif /* M4CRYPT_ENABLE_MLDSA_VERIFY */

/* The sizes of the workspaces, for the stack wipe after each operation (sign_common.c). */
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
size_t MLDSA_NS(keygen_ws_bytes)(void)
{
    return sizeof(keygen_ws);
}
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
size_t MLDSA_NS(sign_ws_bytes)(void)
{
    return sizeof(sign_ws);
}
#endif
