/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time firmware for `m4sim ct`: every secret-handling operation of m4crypt, each inside
 * an m4sim region. m4sim runs this image several times, each time with different random bytes in
 * m4sim_ct_seed; all secrets below are derived from that seed, all public inputs are fixed. A
 * constant-time implementation gives identical instruction-address traces, data-address traces
 * and cycle counts in every run.
 *
 * ML-DSA signing is checked one attempt body at a time (m4crypt_mldsa_sign_attempt_ct).
 *
 * Regions whose public inputs would otherwise depend on the secret (a ciphertext made for the
 * secret key, "*_valid") are included on purpose: their traces must still not differ.
 * A reduced build (m4crypt/config.h) has the regions of what it contains (ML-KEM and X-Wing:
 * when all three of their operations are built).
 *
 * Accept or reject ("*_valid_or_flipped", "*_good_or_forged"): in these regions the only secret
 * is one bit, bit 0 of the seed itself (so it is 0 in m4sim's first run, whose seed is all zero,
 * 1 in its second, all 0xff, and random after that). It chooses between a valid input and the
 * same input with one bit flipped, for a fixed key: the region runs the accepting path in one run
 * and the rejecting path in the other, everything else equal, so any difference between the two
 * paths (a branch on the rejection flag, a table or a division chosen by it) diverges. The
 * regions above keep the outcome fixed and vary the key; these keep the key fixed and vary the
 * outcome.
 *
 * The same regions are the operations of the stack-residue check (m4sim residue, docs/m4sim.md),
 * which compares what each leaves below the stack pointer across the same secrets.
 *
 * M4CT_PLANTED: the firmware of the checks' own tests (make test builds it from this file with a
 * library whose ML-KEM carries the planted faults of src/mlkem/kem.c): only the regions the
 * planted faults must show in.
 */
#include <string.h>

#include "m4crypt.h"
#include "platform.h"
#include "mldsa/params.h"   /* m4crypt_mldsa_sign_attempt_ct */
#include "x25519/backend.h" /* M4CRYPT_X25519_HAVE_INLINED_LADDER (armv7m builds) */

static m4crypt_keccak_ctx secret_stream;
static void secret_bytes(uint8_t *out, size_t len) { m4crypt_keccak_squeeze(&secret_stream, out, len); }
static void public_bytes(uint8_t *out, size_t len, uint8_t label)
{
    m4crypt_shake128(out, len, &label, 1);
}

/* (some unused in a reduced configuration) */
#define MAYBE_UNUSED __attribute__((unused))
static MAYBE_UNUSED uint8_t pk[M4CRYPT_MLKEM1024_PUBLICKEYBYTES + 64], sk[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
static MAYBE_UNUSED uint8_t pk_fixed[M4CRYPT_MLKEM1024_PUBLICKEYBYTES + 64], sk_fixed[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
static MAYBE_UNUSED uint8_t ct[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES + 64], ct_fixed[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES + 64];
static MAYBE_UNUSED uint8_t ss[32], coins[64], buf[512], out[512 + 16];
static MAYBE_UNUSED volatile int sink;

#define HAVE_MLKEM_OPS                                                                             \
    (M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS)
/* ML-DSA: key generation and signing (verification handles public data only) */
#define HAVE_MLDSA_OPS (M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_SIGN)
#define HAVE_XWING_OPS                                                                             \
    (M4CRYPT_ENABLE_XWING_KEYPAIR && M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS)
static MAYBE_UNUSED uint8_t secret_bit; /* bit 0 of m4sim_ct_seed: the accept-or-reject regions' secret */

#define CT_MLKEM(N)                                                                                \
    do {                                                                                           \
        /* public: a key pair and a ciphertext from fixed coins */                                 \
        public_bytes(coins, 64, (uint8_t)(N >> 2));                                                \
        m4crypt_mlkem##N##_keypair_derand(pk_fixed, sk_fixed, coins);                              \
        m4crypt_mlkem##N##_enc_derand(ct_fixed, ss, pk_fixed, coins);                              \
        secret_bytes(coins, 64);                                                                   \
        REGION("mlkem" #N ".keypair", sink = m4crypt_mlkem##N##_keypair_derand(pk, sk, coins));   \
        secret_bytes(coins, 32);                                                                   \
        REGION("mlkem" #N ".encaps", sink = m4crypt_mlkem##N##_enc_derand(ct, ss, pk_fixed, coins)); \
        REGION("mlkem" #N ".decaps", sink = m4crypt_mlkem##N##_dec(ss, ct_fixed, sk));            \
        m4crypt_mlkem##N##_enc_derand(ct, ss, pk, coins);                                          \
        REGION("mlkem" #N ".decaps_valid", sink = m4crypt_mlkem##N##_dec(ss, ct, sk));            \
        CT_MLKEM_ACCEPT_OR_REJECT(N);                                                              \
    } while (0)

/* The fixed key pair's ciphertext (made above from fixed coins) as it is, or with bit 0 of its
 * first byte (the lowest bit of u[0]'s first compressed coefficient) flipped: FIPS 203 Alg. 18
 * takes K' or, with c' != c, the implicit-rejection key K-bar. */
#define CT_MLKEM_ACCEPT_OR_REJECT(N)                                                               \
    do {                                                                                           \
        memcpy(ct, ct_fixed, M4CRYPT_MLKEM##N##_CIPHERTEXTBYTES);                                  \
        ct[0] ^= secret_bit;                                                                       \
        REGION("mlkem" #N ".decaps_valid_or_flipped",                                             \
               sink = m4crypt_mlkem##N##_dec(ss, ct, sk_fixed));                                   \
    } while (0)

/* M4CT_PLANTED: the accept-or-reject decapsulation (where the planted rejection-flag branch must
 * diverge) and key generation with secret randomness (where the planted unwiped buffer must be
 * left behind), each set. */
#define CT_MLKEM_PLANTED(N)                                                                        \
    do {                                                                                           \
        public_bytes(coins, 64, (uint8_t)(N >> 2));                                                \
        m4crypt_mlkem##N##_keypair_derand(pk_fixed, sk_fixed, coins);                              \
        m4crypt_mlkem##N##_enc_derand(ct_fixed, ss, pk_fixed, coins);                              \
        REGION("mlkem" #N ".keypair_random", sink = m4crypt_mlkem##N##_keypair(pk, sk));          \
        CT_MLKEM_ACCEPT_OR_REJECT(N);                                                              \
    } while (0)

/* ML-DSA: key generation from its seeds rho || rho' || K (the output of H(xi || k || l), Alg. 6
 * line 1, whose SHAKE256 on a secret input the shake256 region checks) with rho public and fixed,
 * rho' and K secret: the matrix products then run on the same entries of A in every run, and are
 * traced rather than declared public (src/mldsa/sign_set.h, "Constant time", 1). Then the body
 * of one signing attempt (everything between two rejection decisions: y, w, c~, c, z, the r0 /
 * ct0 / hint checks) with a secret key (generated from a secret seed) and secret rnd, for a fixed
 * public mu. Signing as a whole is not compared: the number of attempts is (declassified) data.
 * Public functions (tools/run_tests.py): signing's expansion of A from the key's rho, the
 * rejected positions of RejBoundedPoly, SampleInBall on the declassified c~. */
static MAYBE_UNUSED uint8_t dpk[M4CRYPT_MLDSA87_PUBLICKEYBYTES], dsk[M4CRYPT_MLDSA87_SECRETKEYBYTES];
static MAYBE_UNUSED uint8_t dsig[M4CRYPT_MLDSA87_BYTES], dmu[64], dseeds[128];
#define CT_MLDSA(N)                                                                                \
    do {                                                                                           \
        public_bytes(dseeds, 32, 11);                                                              \
        secret_bytes(dseeds + 32, 96);                                                             \
        REGION("mldsa" #N ".keypair", sink = m4crypt_mldsa_keygen_seeds_ct(                       \
                                          &m4crypt_mldsa##N##_params, dpk, dsk, dseeds));          \
        secret_bytes(coins, 32);                                                                   \
        m4crypt_mldsa##N##_keypair_derand(dpk, dsk, coins);                                        \
        public_bytes(dmu, 64, 7);                                                                  \
        secret_bytes(coins, 32);                                                                   \
        REGION("mldsa" #N ".sign_attempt",                                                         \
               sink = (int)m4crypt_mldsa_sign_attempt_ct(&m4crypt_mldsa##N##_params, dsig, dmu,    \
                                                         dsk, coins, 0));                          \
    } while (0)

int main(void)
{
    uint8_t seed[32];
    for (unsigned i = 0; i < 32; i++)
        seed[i] = m4sim_ct_seed[i];
    m4crypt_shake256_init(&secret_stream);
    m4crypt_keccak_absorb(&secret_stream, seed, sizeof seed);
    m4crypt_keccak_finalize(&secret_stream);
    secret_bit = seed[0] & 1;
    plat_seed_random(seed, sizeof seed); /* m4crypt_randombytes: secret too */

#ifdef M4CT_PLANTED
    CT_MLKEM_PLANTED(512);
    CT_MLKEM_PLANTED(768);
    CT_MLKEM_PLANTED(1024);
    plat_write("m4ct_library: done\n", 19);
    return 0;
#endif
#if M4CRYPT_ENABLE_MLKEM512 && HAVE_MLKEM_OPS
    CT_MLKEM(512);
#endif
#if M4CRYPT_ENABLE_MLKEM768 && HAVE_MLKEM_OPS
    CT_MLKEM(768);
    /* The randomized forms (FIPS 203 Alg. 19, 20): the same code around m4crypt_randombytes,
     * whose output is secret; one set */
    REGION("mlkem768.keypair_random", sink = m4crypt_mlkem768_keypair(pk, sk));
    REGION("mlkem768.encaps_random", sink = m4crypt_mlkem768_enc(ct, ss, pk_fixed));
#endif
#if M4CRYPT_ENABLE_MLKEM1024 && HAVE_MLKEM_OPS
    CT_MLKEM(1024);
#endif
#if M4CRYPT_ENABLE_MLDSA44 && HAVE_MLDSA_OPS
    CT_MLDSA(44);
#endif
#if M4CRYPT_ENABLE_MLDSA65 && HAVE_MLDSA_OPS
    CT_MLDSA(65);
#endif
#if M4CRYPT_ENABLE_MLDSA87 && HAVE_MLDSA_OPS
    CT_MLDSA(87);
#endif

    static uint8_t key[32], nonce[12], point[32], tag[16];
    secret_bytes(key, 32);
    public_bytes(point, 32, 1);
#if M4CRYPT_ENABLE_X25519
    REGION("x25519.scalarmult", sink = m4crypt_x25519(out, key, point));
    REGION("x25519.scalarmult_base", sink = m4crypt_x25519_base(out, key));
#ifdef M4CRYPT_X25519_HAVE_INLINED_LADDER /* the other ladder of the armv7m backend, same inputs */
    REGION("x25519.scalarmult_inlined", m4crypt_x25519_scalarmult_inlined_armv7m(out, key, point));
#endif
    REGION("x25519.keypair", sink = m4crypt_x25519_keypair(point, key)); /* randombytes */
    public_bytes(point, 32, 1);
#endif

#if M4CRYPT_ENABLE_RISTRETTO255
    static uint8_t group_element[32];
    public_bytes(buf, 64, 6);
    m4crypt_ristretto255_from_uniform_bytes(group_element, buf); /* a valid public element */
    REGION("ristretto255.scalarmult", sink = m4crypt_ristretto255_scalarmult(out, key, group_element));
    REGION("ristretto255.scalarmult_base", sink = m4crypt_ristretto255_scalarmult_base(out, key));
    secret_bytes(buf, 64); /* hash-to-group on a secret (RFC 9496 section 4.3.4) */
    REGION("ristretto255.from_uniform_bytes",
           sink = m4crypt_ristretto255_from_uniform_bytes(out, buf));
#endif

    secret_bytes(buf, 64);
    REGION("sha3_256.secret_input", m4crypt_sha3_256(out, buf, 64));
    REGION("shake256.secret_input", m4crypt_shake256(out, 200, buf, 300));

    public_bytes(nonce, 12, 2);
    public_bytes(buf, 300, 3);
    (void)tag;
#if M4CRYPT_ENABLE_CHACHA20
    REGION("chacha20.300B", sink = m4crypt_chacha20_ietf_xor(out, buf, 300, key, nonce, 7));
#endif
#if M4CRYPT_ENABLE_POLY1305
    REGION("poly1305.300B", m4crypt_poly1305(tag, buf, 300, key));
#endif
#if M4CRYPT_ENABLE_CHACHA20POLY1305
    REGION("chacha20poly1305.encrypt",
           sink = m4crypt_aead_chacha20poly1305_encrypt(out, 316, buf, 300, nonce, 12, nonce, key));
    REGION("chacha20poly1305.decrypt_valid",
           sink = m4crypt_aead_chacha20poly1305_decrypt(buf, 300, out, 316, nonce, 12, nonce,
                                                        key));
    public_bytes(out, 316, 4); /* a forgery, the same for every secret key */
    REGION("chacha20poly1305.decrypt_forged",
           sink = m4crypt_aead_chacha20poly1305_decrypt(buf, 300, out, 316, 0, 0, nonce, key));
    /* A fixed key and message; the tag as computed, or with bit 0 of its first byte flipped
     * (RFC 8439 section 2.8: the plaintext is released or not). */
    static uint8_t key_fixed[32];
    public_bytes(key_fixed, 32, 7);
    public_bytes(buf, 300, 3);
    m4crypt_aead_chacha20poly1305_encrypt(out, 316, buf, 300, nonce, 12, nonce, key_fixed);
    out[300] ^= secret_bit;
    REGION("chacha20poly1305.decrypt_good_or_forged",
           sink = m4crypt_aead_chacha20poly1305_decrypt(buf, 300, out, 316, nonce, 12, nonce,
                                                        key_fixed));
#endif

#if HAVE_XWING_OPS
    static uint8_t xpk[M4CRYPT_XWING_PUBLICKEYBYTES], xsk[32], xpk_fixed[M4CRYPT_XWING_PUBLICKEYBYTES],
        xsk_fixed[32], xct[M4CRYPT_XWING_CIPHERTEXTBYTES], xct_fixed[M4CRYPT_XWING_CIPHERTEXTBYTES];
    public_bytes(coins, 64, 5);
    m4crypt_xwing_keypair_derand(xpk_fixed, xsk_fixed, coins);
    m4crypt_xwing_enc_derand(xct_fixed, ss, xpk_fixed, coins);
    secret_bytes(coins, 64);
    REGION("xwing.keypair", sink = m4crypt_xwing_keypair_derand(xpk, xsk, coins));
    secret_bytes(coins, 64);
    REGION("xwing.encaps", sink = m4crypt_xwing_enc_derand(xct, ss, xpk_fixed, coins));
    REGION("xwing.decaps", sink = m4crypt_xwing_dec(ss, xct_fixed, xsk));
    /* the expanded key: expansion of the secret seed, then decapsulation from it of a ciphertext
     * made for another key (implicit rejection) and of one made for this key */
    static m4crypt_xwing_expanded_key xek;
    REGION("xwing.expand_key", sink = m4crypt_xwing_expand_key(&xek, xsk));
    REGION("xwing.decaps_expanded", sink = m4crypt_xwing_dec_expanded(ss, xct_fixed, &xek));
    m4crypt_xwing_enc_derand(xct, ss, xpk, coins);
    REGION("xwing.decaps_expanded_valid", sink = m4crypt_xwing_dec_expanded(ss, xct, &xek));
    REGION("xwing.expanded_key_wipe", m4crypt_xwing_expanded_key_wipe(&xek));
    /* The fixed key pair's ciphertext, or with bit 0 of the ML-KEM-768 part flipped (its implicit
     * rejection: X-Wing itself never fails). */
    memcpy(xct, xct_fixed, sizeof xct);
    xct[0] ^= secret_bit;
    REGION("xwing.decaps_valid_or_flipped", sink = m4crypt_xwing_dec(ss, xct, xsk_fixed));
#endif

    plat_write("m4ct_library: done\n", 19);
    return 0;
}
