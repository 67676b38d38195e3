/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Benchmark firmware: every operation of m4crypt once, each inside an m4sim region named after
 * the operation (the names of benchmarks/results.json). m4sim counts the cycles, instructions and
 * stack high-water mark of each region; on QEMU or a board the markers are empty functions.
 *
 * Buffers are static so that a region's stack figure is the operation's own use. Inputs are
 * fixed (the simulator is deterministic, so one run of each operation is its figure).
 * A reduced build (m4crypt/config.h) measures what it contains (ML-KEM and X-Wing: when all three
 * of their operations are built).
 */
#include <string.h>

#include "bench_internal.h"
#include "m4crypt.h"
#if M4CRYPT_ENABLE_MLDSA
#include "mldsa_messages.h"
#endif
#include "platform.h"
#include "x25519/backend.h" /* M4CRYPT_X25519_HAVE_INLINED_LADDER (armv7m builds) */

/* examples/pqsession, the device's side of its protocol: X-Wing encapsulation and
 * decapsulation, ChaCha20-Poly1305 (mk/config_features.h, "pqsession") */
#define HAVE_PQSESSION                                                                             \
    (M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS && M4CRYPT_ENABLE_CHACHA20POLY1305)
#if HAVE_PQSESSION
#include "pqsession.h"
#endif

/* (some unused in a reduced configuration) */
#define MAYBE_UNUSED __attribute__((unused))
static MAYBE_UNUSED uint8_t pk[M4CRYPT_MLKEM1024_PUBLICKEYBYTES + 64], sk[M4CRYPT_MLKEM1024_SECRETKEYBYTES];
static MAYBE_UNUSED uint8_t ct[M4CRYPT_MLKEM1024_CIPHERTEXTBYTES + 64], ss[32], ss2[32];
static MAYBE_UNUSED uint8_t coins[64];
/* The ML-DSA benchmark (which runs first and reads its messages from flash) and the symmetric ones
 * share their buffers, so that the firmware leaves a 128 KB part (the STM32F4 board) stack enough
 * for m4crypt_selftest, which signs with ML-DSA-87. */
static union {
    struct {
        uint8_t msg[16384], out[16384 + 16];
    } sym;
    struct {
        uint8_t pk[M4CRYPT_MLDSA87_PUBLICKEYBYTES], sk[M4CRYPT_MLDSA87_SECRETKEYBYTES];
        uint8_t sig[M4CRYPT_MLDSA87_BYTES];
    } mldsa;
} bench_buffers;
#define msg (bench_buffers.sym.msg)
#define out (bench_buffers.sym.out)
static MAYBE_UNUSED volatile int sink;

#define HAVE_MLKEM_OPS                                                                             \
    (M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS)
#define HAVE_XWING_OPS                                                                             \
    (M4CRYPT_ENABLE_XWING_KEYPAIR && M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS)

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(seed + 31 * i + (i >> 8));
}

static __attribute__((unused)) int check(int ok, const char *what)
{
    if (!ok) {
        plat_write("bench: check failed: ", 21);
        plat_write(what, strlen(what));
        plat_write("\n", 1);
    }
    return ok ? 0 : 1;
}

#define BENCH_MLKEM(N)                                                                             \
    do {                                                                                           \
        fill(coins, sizeof coins, N & 0xff);                                                       \
        REGION("mlkem" #N ".keypair", sink = m4crypt_mlkem##N##_keypair_derand(pk, sk, coins));   \
        REGION("mlkem" #N ".encaps", sink = m4crypt_mlkem##N##_enc_derand(ct, ss, pk, coins));    \
        REGION("mlkem" #N ".decaps", sink = m4crypt_mlkem##N##_dec(ss2, ct, sk));                 \
        failures += check(memcmp(ss, ss2, 32) == 0, "mlkem" #N " round trip");                    \
        /* part of decaps: the FIPS 203 section 7.3 hash check, H(ek) against the copy in dk */    \
        REGION("mlkem" #N ".decaps_hash_check", sink = m4crypt_mlkem##N##_check_sk(sk));          \
        /* part of encaps: the FIPS 203 section 7.2 modulus check of ek */                         \
        REGION("mlkem" #N ".encaps_modulus_check", sink = m4crypt_mlkem##N##_check_pk(pk));       \
    } while (0)

#if HAVE_PQSESSION
/* examples/pqsession, the device's side (README.md there): boot (the static key expanded once),
 * the handshake (message 1 in; message 2 and the device's confirmation record out), the check of
 * the host's confirmation record, and records of 64 B and 1 KB sealed and opened. The host's
 * side runs outside the regions, with the same code. */
static int bench_pqsession(void)
{
    static pqs_identity id;
    static pqs_initiator hs;
    static pqs_keys dev, host;
    static uint8_t m1[PQS_MSG1_BYTES], m2[PQS_MSG2_BYTES], dconf[PQS_CONFIRM_BYTES];
    static uint8_t hconf[PQS_CONFIRM_BYTES], rec[PQS_MAX_RECORD];
    static const unsigned sizes[] = {64, 1024};
    static const char *const seal_names[] = {"pqsession.record_seal.64B",
                                             "pqsession.record_seal.1024B"};
    static const char *const open_names[] = {"pqsession.record_open.64B",
                                             "pqsession.record_open.1024B"};
    int failures = 0;
    size_t len = 0;
    fill(coins, 32, 12);
    REGION("pqsession.device_boot", sink = pqs_identity_init(&id, coins));
    pqs_identity_public_key(pk, &id);
    failures += check(pqs_initiate(&hs, m1, pk) == PQS_OK, "pqsession message 1");
    REGION("pqsession.device_handshake", sink = pqs_respond(&id, &dev, m2, dconf, m1));
    failures += check(sink == PQS_OK, "pqsession message 2");
    failures += check(pqs_initiator_finish(&hs, &host, hconf, m2) == PQS_OK, "pqsession keys");
    REGION("pqsession.confirm_open", sink = pqs_record_open(&dev, hconf, sizeof hconf, &len));
    failures += check(sink == PQS_OK, "pqsession key confirmation");
    failures += check(pqs_record_open(&host, dconf, sizeof dconf, &len) == PQS_OK,
                      "pqsession key confirmation (host)");
    for (unsigned i = 0; i < 2; i++) {
        fill(msg, sizes[i], (uint8_t)(20 + i));
        const size_t rec_len = PQS_HEADER_BYTES + sizes[i] + PQS_TAG_BYTES;
        REGION(seal_names[i], sink = pqs_record_seal(&dev, rec, PQS_DATA, 0, msg, sizes[i]));
        REGION(open_names[i], sink = pqs_record_open(&host, rec, rec_len, &len));
        failures += check(sink == PQS_OK && len == sizes[i] &&
                              memcmp(rec + PQS_HEADER_BYTES, msg, sizes[i]) == 0,
                          "pqsession record");
    }
    pqs_identity_wipe(&id);
    return failures;
}
#endif

/* ML-DSA: key generation from the all-zero seed, deterministic signing with an empty context of
 * the C2SP CCTV benchmark messages (benchmarks/mldsa_messages.h: their rejection rounds are
 * representative as a whole, so run_bench.py reports the mean over every execution of the
 * region), verification of the last signature. M4CRYPT_BENCH_MLDSA_MESSAGES caps how many are
 * signed (default: the whole set; the Makefile caps it for the slower builds that carry no
 * goal, to keep make bench short). */
#ifndef M4CRYPT_BENCH_MLDSA_MESSAGES
#define M4CRYPT_BENCH_MLDSA_MESSAGES 100000
#endif
#define dpk (bench_buffers.mldsa.pk)
#define dsk (bench_buffers.mldsa.sk)
#define dsig (bench_buffers.mldsa.sig)
/* (the rows need key generation, signing and verification: a verify-only selection has its code
 * size in the selection table) */
#define HAVE_MLDSA_OPS                                                                             \
    (M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY)
#define BENCH_MLDSA(N)                                                                             \
    do {                                                                                           \
        static const uint8_t zero[32];                                                             \
        unsigned count = MLDSA##N##_BENCH_MESSAGES < M4CRYPT_BENCH_MLDSA_MESSAGES                  \
                             ? MLDSA##N##_BENCH_MESSAGES                                           \
                             : M4CRYPT_BENCH_MLDSA_MESSAGES;                                       \
        const uint8_t *m = NULL;                                                                   \
        REGION("mldsa" #N ".keypair", sink = m4crypt_mldsa##N##_keypair_derand(dpk, dsk, zero));  \
        for (unsigned i = 0; i < count; i++) {                                                     \
            m = (const uint8_t *)mldsa##N##_bench_messages[i];                                     \
            REGION("mldsa" #N ".sign",                                                             \
                   sink = m4crypt_mldsa##N##_sign_derand(dsig, m, MLDSA##N##_BENCH_MESSAGE_BYTES,  \
                                                         NULL, 0, dsk, zero));                     \
        }                                                                                          \
        REGION("mldsa" #N ".verify",                                                               \
               sink = m4crypt_mldsa##N##_verify(dsig, m, MLDSA##N##_BENCH_MESSAGE_BYTES, NULL, 0,  \
                                                dpk));                                             \
        failures += check(sink == 0, "mldsa" #N " verify");                                        \
    } while (0)

int main(void)
{
    int failures = 0;
    static uint8_t key[32], nonce[12], tag[16];

#if M4CRYPT_ENABLE_MLKEM512 && HAVE_MLKEM_OPS
    BENCH_MLKEM(512);
#endif
#if M4CRYPT_ENABLE_MLKEM768 && HAVE_MLKEM_OPS
    BENCH_MLKEM(768);
#endif
#if M4CRYPT_ENABLE_MLKEM1024 && HAVE_MLKEM_OPS
    BENCH_MLKEM(1024);
#endif
#if M4CRYPT_ENABLE_MLDSA44 && HAVE_MLDSA_OPS
    BENCH_MLDSA(44);
#endif
#if M4CRYPT_ENABLE_MLDSA65 && HAVE_MLDSA_OPS
    BENCH_MLDSA(65);
#endif
#if M4CRYPT_ENABLE_MLDSA87 && HAVE_MLDSA_OPS
    BENCH_MLDSA(87);
#endif
    bench_internal();

    fill(msg, 1024, 7);
    REGION("shake256.1024in_1024out", m4crypt_shake256(out, 1024, msg, 1024));

    fill(key, 32, 1);
    fill(pk, 32, 2);
#if M4CRYPT_ENABLE_X25519
    REGION("x25519.scalarmult", sink = m4crypt_x25519(out, key, pk));
#ifdef M4CRYPT_X25519_HAVE_INLINED_LADDER
    /* the ladder with its routines inlined (~9 KB of code), what m4crypt_x25519 runs when the
     * library is compiled with -DM4CRYPT_X25519_INLINED_LADDER */
    REGION("x25519.scalarmult_inlined", m4crypt_x25519_scalarmult_inlined_armv7m(out, key, pk));
#endif
    REGION("x25519.scalarmult_base", sink = m4crypt_x25519_base(out, key));
#endif
#if M4CRYPT_ENABLE_RISTRETTO255
    REGION("ristretto255.scalarmult_base", sink = m4crypt_ristretto255_scalarmult_base(out, key));
    memcpy(pk, out, 32); /* a valid encoding as the variable-base input */
    REGION("ristretto255.scalarmult", sink = m4crypt_ristretto255_scalarmult(out, key, pk));
#endif

    fill(nonce, 12, 3);
    fill(msg, sizeof msg, 4);
    (void)tag, (void)ss2;
    static const unsigned lengths[] = {64, 1024, 16384};
    static const char *const chacha_names[] = {"chacha20.64B", "chacha20.1024B", "chacha20.16384B"};
    static const char *const poly_names[] = {"poly1305.64B", "poly1305.1024B", "poly1305.16384B"};
    static const char *const aead_names[] = {"chacha20poly1305.encrypt.64B",
                                             "chacha20poly1305.encrypt.1024B",
                                             "chacha20poly1305.encrypt.16384B"};
    for (unsigned i = 0; i < 3; i++) {
        unsigned len = lengths[i];
        (void)len, (void)chacha_names, (void)poly_names, (void)aead_names;
#if M4CRYPT_ENABLE_CHACHA20
        REGION(chacha_names[i], sink = m4crypt_chacha20_ietf_xor(out, msg, len, key, nonce, 1));
#endif
#if M4CRYPT_ENABLE_POLY1305
        REGION(poly_names[i], m4crypt_poly1305(tag, msg, len, key));
#endif
#if M4CRYPT_ENABLE_CHACHA20POLY1305
        REGION(aead_names[i], sink = m4crypt_aead_chacha20poly1305_encrypt(
                                  out, len + 16, msg, len, msg, 0, nonce, key));
#endif
    }

#if HAVE_XWING_OPS
    fill(coins, 64, 9);
    REGION("xwing.keypair", sink = m4crypt_xwing_keypair_derand(pk, sk, coins));
    REGION("xwing.encaps", sink = m4crypt_xwing_enc_derand(ct, ss, pk, coins));
    REGION("xwing.decaps", sink = m4crypt_xwing_dec(ss2, ct, sk));
    failures += check(memcmp(ss, ss2, 32) == 0, "xwing round trip");
    /* the seed expanded once (a device's static key), then decapsulation from it */
    static m4crypt_xwing_expanded_key xek;
    REGION("xwing.expand_key", sink = m4crypt_xwing_expand_key(&xek, sk));
    memset(ss2, 0, 32);
    REGION("xwing.decaps_expanded", sink = m4crypt_xwing_dec_expanded(ss2, ct, &xek));
    failures += check(memcmp(ss, ss2, 32) == 0, "xwing expanded-key round trip");
#endif

#if HAVE_PQSESSION
    failures += bench_pqsession();
#endif

    /* the known-answer self-test of every primitive (m4crypt/selftest.h) */
    uint32_t selftest_failed = 0;
    REGION("selftest", sink = m4crypt_selftest(&selftest_failed));
    failures += check(sink == 0 && selftest_failed == 0, "selftest");

    plat_write(failures ? "bench: FAILED\n" : "bench: done\n", failures ? 14 : 12);
    return failures;
}
