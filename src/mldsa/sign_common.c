/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ML-DSA pieces shared by the three parameter sets (src/mldsa/params.h): the sets'
 * descriptions, tr and the start of mu, the secret-key range check, and the dispatch of the
 * generic operations to the per-set code (sign44.c, sign65.c, sign87.c: src/mldsa/sign_set.h
 * compiled once per set, so that its work spaces are sized for that set).
 */
#include "m4crypt/config.h"
#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */

#include <string.h>

#include "m4crypt/common.h"
#include "common/backend.h"
#include "params.h"
#include "poly.h"

/* The sets built (m4crypt/config.h). */
#if M4CRYPT_ENABLE_MLDSA44
const m4crypt_mldsa_params m4crypt_mldsa44_params = M4CRYPT_MLDSA44_PARAMS_INIT;
#endif
#if M4CRYPT_ENABLE_MLDSA65
const m4crypt_mldsa_params m4crypt_mldsa65_params = M4CRYPT_MLDSA65_PARAMS_INIT;
#endif
#if M4CRYPT_ENABLE_MLDSA87
const m4crypt_mldsa_params m4crypt_mldsa87_params = M4CRYPT_MLDSA87_PARAMS_INIT;
#endif

/* H(in, 64) with H = SHAKE256 (section 3.7), in the caller's state h. */
void m4crypt_mldsa_tr_ctx(m4crypt_keccak_ctx *h, uint8_t tr[64], const uint8_t *pk,
                          size_t pk_bytes)
{
    m4crypt_shake256_init(h);
    m4crypt_keccak_absorb(h, pk, pk_bytes);
    m4crypt_keccak_finalize(h);
    m4crypt_keccak_squeeze(h, tr, 64);
}

void m4crypt_mldsa_tr(uint8_t tr[64], const uint8_t *pk, size_t pk_bytes)
{
    m4crypt_keccak_ctx h;
    m4crypt_mldsa_tr_ctx(&h, tr, pk, pk_bytes);
}

#if M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
void m4crypt_mldsa_mu_start(m4crypt_keccak_ctx *h, const uint8_t tr[64], const uint8_t *ctx,
                            size_t ctxlen)
{
    uint8_t pre[2] = {0, (uint8_t)ctxlen}; /* IntegerToBytes(0, 1) || IntegerToBytes(|ctx|, 1) */
    m4crypt_shake256_init(h);
    m4crypt_keccak_absorb(h, tr, 64);
    if (ctxlen == M4CRYPT_MLDSA_MSG_INTERNAL)
        return;
    m4crypt_keccak_absorb(h, pre, 2);
    m4crypt_keccak_absorb(h, ctx, ctxlen);
}
#endif

/* s1 and s2 must have coefficients in [-eta, eta] (skDecode, Alg. 25, can return others). The
 * outcome is a property of the key that the caller learns from the return code. */
#if M4CRYPT_ENABLE_MLDSA_SIGN
int m4crypt_mldsa_check_sk_in(const m4crypt_mldsa_params *p, const uint8_t *sk,
                              m4crypt_mldsa_poly *s)
{
    uint32_t bad = 0;
    for (unsigned i = 0; i < (unsigned)p->l + p->k; i++)
        bad |= m4crypt_mldsa_unpack_eta(s, sk + M4CRYPT_MLDSA_SK_S1 + i * p->eta_bytes, p->eta);
    m4crypt_mldsa_ct_declassify(&bad, sizeof bad);
    return bad ? M4CRYPT_ERR_SECRET_KEY : M4CRYPT_OK;
}

int m4crypt_mldsa_check_sk_core(const m4crypt_mldsa_params *p, const uint8_t *sk)
{
    m4crypt_mldsa_poly s;
    int ret = m4crypt_mldsa_check_sk_in(p, sk, &s);
    m4crypt_memzero(&s, sizeof s);
    return ret;
}
#endif

/* ---------------------------------------------------------------- dispatch to the sets */

/* The set's function, among the sets built (p is always one of them: the callers take it from
 * the public functions of a set built, or from the generic layer, which refuses the others). */
#if M4CRYPT_ENABLE_MLDSA87
#define DISPATCH_LAST(call) m4crypt_mldsa87_##call
#elif M4CRYPT_ENABLE_MLDSA65
#define DISPATCH_LAST(call) m4crypt_mldsa65_##call
#else
#define DISPATCH_LAST(call) m4crypt_mldsa44_##call
#endif
#if M4CRYPT_ENABLE_MLDSA44 && (M4CRYPT_ENABLE_MLDSA65 || M4CRYPT_ENABLE_MLDSA87)
#define DISPATCH_IF44(p, call, other) ((p)->set == 44 ? m4crypt_mldsa44_##call : (other))
#else
#define DISPATCH_IF44(p, call, other) (other)
#endif
#if M4CRYPT_ENABLE_MLDSA65 && M4CRYPT_ENABLE_MLDSA87
#define DISPATCH_IF65(p, call, other) ((p)->set == 65 ? m4crypt_mldsa65_##call : (other))
#else
#define DISPATCH_IF65(p, call, other) (other)
#endif
#define DISPATCH(p, call)                                                                          \
    ((void)(p), DISPATCH_IF44(p, call, DISPATCH_IF65(p, call, DISPATCH_LAST(call))))

/* Secrets the named buffers do not hold (FIPS 204 section 3.6.3, docs/security.md). Each set's
 * key generation and signing wipe their workspace. The functions under them (in the portable
 * build Keccak-f[1600] and the NTT, in both builds the C of Decompose, the samplers and the
 * packing) also leave spills and saved registers below it, so the dispatcher wipes, after the
 * set's function has returned, the stack it used: the workspace and the frames below and beside
 * it, at most *_CALLEE_STACK bytes. The assembly build's callees keep small frames (its margins are
 * what the deepest call chain under each operation needs, with room to spare); the portable
 * build's C callees take more. make test's stack-residue check confirms the margins on every M4
 * build. */
#ifdef M4CRYPT_ARCH_ARMV7M
#define KEYGEN_CALLEE_STACK 384
#define SIGN_CALLEE_STACK 640
#else
#define KEYGEN_CALLEE_STACK 1536
#define SIGN_CALLEE_STACK 1536
#endif
#define WIPE_AFTER(p, ws_bytes, callee_stack)                                                      \
    M4CRYPT_STACK_WIPE(DISPATCH(p, ws_bytes()) + (callee_stack))

#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
int m4crypt_mldsa_keygen(const m4crypt_mldsa_params *p, uint8_t *pk, uint8_t *sk,
                         const uint8_t xi[32])
{
    int ret = DISPATCH(p, keygen_core(pk, sk, xi));
    WIPE_AFTER(p, keygen_ws_bytes, KEYGEN_CALLEE_STACK);
    return ret;
}

int m4crypt_mldsa_keygen_seeds_ct(const m4crypt_mldsa_params *p, uint8_t *pk, uint8_t *sk,
                                  const uint8_t seeds[128])
{
    int ret = DISPATCH(p, keygen_seeds_ct(pk, sk, seeds));
    WIPE_AFTER(p, keygen_ws_bytes, KEYGEN_CALLEE_STACK);
    return ret;
}
#endif

#if M4CRYPT_ENABLE_MLDSA_SIGN
int m4crypt_mldsa_sign_mu_core(const m4crypt_mldsa_params *p, uint8_t *sig, const uint8_t mu[64],
                               const uint8_t *sk, const uint8_t rnd[32])
{
    int ret = DISPATCH(p, sign_mu_core(sig, mu, sk, rnd));
    WIPE_AFTER(p, sign_ws_bytes, SIGN_CALLEE_STACK);
    return ret;
}

uint32_t m4crypt_mldsa_sign_attempt_ct(const m4crypt_mldsa_params *p, uint8_t *sig,
                                       const uint8_t mu[64], const uint8_t *sk,
                                       const uint8_t rnd[32], unsigned kappa)
{
    uint32_t bad = DISPATCH(p, sign_attempt_ct(sig, mu, sk, rnd, kappa));
    WIPE_AFTER(p, sign_ws_bytes, SIGN_CALLEE_STACK);
    return bad;
}
#endif

#if M4CRYPT_ENABLE_MLDSA_VERIFY
int m4crypt_mldsa_verify_core(const m4crypt_mldsa_params *p, const uint8_t *sig, const uint8_t *m,
                              size_t mlen, const uint8_t *ctx, size_t ctxlen, const uint8_t *pk)
{
    return DISPATCH(p, verify_core(sig, m, mlen, ctx, ctxlen, pk));
}
#endif

#endif /* M4CRYPT_ENABLE_MLDSA */
