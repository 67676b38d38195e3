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
 */
#include <string.h>

#include "m4crypt.h"
#include "platform.h"
#include "mldsa/params.h"   /* m4crypt_mldsa_sign_attempt_ct */
#include "x25519/fe25519.h" /* its backend.h: M4CRYPT_X25519_HAVE_INLINED_LADDER (armv7m builds) */

static m4crypt_keccak_ctx secret_stream;
static void secret_bytes(uint8_t *out, size_t len) { m4crypt_keccak_squeeze(&secret_stream, out, len); }
static void public_bytes(uint8_t *out, size_t len, uint8_t label)
{
    m4crypt_shake128(out, len, &label, 1);
}

static uint8_t pk[M4CRYPT_MLKEM1024_PUBLICKEYBYTES + 64], sk[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
static uint8_t pk_fixed[M4CRYPT_MLKEM1024_PUBLICKEYBYTES + 64], sk_fixed[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
static uint8_t ct[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES + 64], ct_fixed[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES + 64];
static uint8_t ss[32], coins[64], buf[512], out[512 + 16];
static volatile int sink;

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
    } while (0)

/* ML-DSA: key generation from a secret seed, and the body of one signing attempt (everything
 * between two rejection decisions: y, w, c~, c, z, the r0 / ct0 / hint checks) with a secret key
 * and secret rnd, for a fixed public mu. Signing as a whole is not compared: the number of
 * attempts is (declassified) data. Public functions (tools/run_tests.py): the matrix expansion
 * from rho, the rejected positions of RejBoundedPoly, SampleInBall on the declassified c~. */
static uint8_t dpk[M4CRYPT_MLDSA87_PUBLICKEYBYTES], dsk[M4CRYPT_MLDSA87_SECRETKEYBYTES];
static uint8_t dsig[M4CRYPT_MLDSA87_BYTES], dmu[64];
#define CT_MLDSA(N)                                                                                \
    do {                                                                                           \
        secret_bytes(coins, 32);                                                                   \
        REGION("mldsa" #N ".keypair", sink = m4crypt_mldsa##N##_keypair_derand(dpk, dsk, coins));  \
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

    CT_MLKEM(512);
    CT_MLKEM(768);
    CT_MLKEM(1024);
    CT_MLDSA(44);
    CT_MLDSA(65);
    CT_MLDSA(87);

    static uint8_t key[32], nonce[12], point[32], tag[16];
    secret_bytes(key, 32);
    public_bytes(point, 32, 1);
    REGION("x25519.scalarmult", sink = m4crypt_x25519(out, key, point));
#ifdef M4CRYPT_X25519_HAVE_INLINED_LADDER
    REGION("x25519.scalarmult_inlined", m4crypt_x25519_scalarmult_inlined_armv7m(out, key, point));
#endif
    REGION("x25519.scalarmult_base", sink = m4crypt_x25519_base(out, key));

    static uint8_t group_element[32];
    public_bytes(buf, 64, 6);
    m4crypt_ristretto255_from_uniform_bytes(group_element, buf); /* a valid public element */
    REGION("ristretto255.scalarmult", sink = m4crypt_ristretto255_scalarmult(out, key, group_element));
    REGION("ristretto255.scalarmult_base", sink = m4crypt_ristretto255_scalarmult_base(out, key));

    secret_bytes(buf, 64);
    REGION("sha3_256.secret_input", m4crypt_sha3_256(out, buf, 64));
    REGION("shake256.secret_input", m4crypt_shake256(out, 200, buf, 300));

    public_bytes(nonce, 12, 2);
    public_bytes(buf, 300, 3);
    REGION("chacha20.300B", sink = m4crypt_chacha20_ietf_xor(out, buf, 300, key, nonce, 7));
    REGION("poly1305.300B", m4crypt_poly1305(tag, buf, 300, key));
    REGION("chacha20poly1305.encrypt",
           sink = m4crypt_aead_chacha20poly1305_encrypt(out, 316, buf, 300, nonce, 12, nonce, key));
    REGION("chacha20poly1305.decrypt_valid",
           sink = m4crypt_aead_chacha20poly1305_decrypt(buf, 300, out, 316, nonce, 12, nonce,
                                                        key));
    public_bytes(out, 316, 4); /* a forgery, the same for every secret key */
    REGION("chacha20poly1305.decrypt_forged",
           sink = m4crypt_aead_chacha20poly1305_decrypt(buf, 300, out, 316, 0, 0, nonce, key));

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

    plat_write("m4ct_library: done\n", 19);
    return 0;
}
