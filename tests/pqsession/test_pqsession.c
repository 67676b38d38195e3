/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Tests of examples/pqsession's protocol code (compiled in here: the file includes
 * pqsession.c, so that the session's internals can be set up without a second party), on the
 * host and on the emulated M4. The end-to-end runs, host program against firmware over QEMU's
 * serial line, are examples/pqsession/run_sessions.py (suite pqsession of tools/run_tests.py).
 *
 *  - key schedule: both ends agree, and their keys and handshake hash equal the schedule of
 *    README.md recomputed here from its parts (one-shot SHA3-256 over concatenations, SHAKE256,
 *    X-Wing decapsulation of the two ciphertexts), and the confirmation records open;
 *    pqs_respond gives the same bytes with pqs_accept's overlapping buffer layout;
 *  - a wrong pinned key, and every tested single-bit change of either handshake message, leave
 *    the two ends with keys whose confirmation records do not open (or, for some changes of
 *    the ephemeral key, an input-check error), never with agreeing keys;
 *  - records: every length class, every bit of the header and bits of the ciphertext and tag
 *    flipped (rejected, and no plaintext left), counters (replay, reorder), the limits;
 *  - sessions over a scripted byte stream: messages over several records, the close handshake,
 *    alerts in both directions, and on each failure the caller's buffer wiped and an alert
 *    (authenticated, with the right code) sent back.
 */
#include <string.h>

#include "../../examples/pqsession/pqsession.c"
#include "harness.h"
#include "m4crypt/fips202.h"

#define PK M4CRYPT_XWING_PUBLICKEYBYTES
#define CT M4CRYPT_XWING_CIPHERTEXTBYTES

/* ---------------------------------------------------------------- deterministic randomness */

static m4crypt_keccak_ctx rng_stream;
static int stream_rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    m4crypt_keccak_squeeze(&rng_stream, out, len);
    return 0;
}
static void rng_start(uint8_t seed)
{
    m4crypt_shake256_init(&rng_stream);
    m4crypt_keccak_absorb(&rng_stream, &seed, 1);
    m4crypt_keccak_finalize(&rng_stream);
    m4crypt_set_randombytes(stream_rng, NULL);
}

/* ---------------------------------------------------------------- a handshake without I/O */

static pqs_identity id, id_other;
static uint8_t seed[32], pk[PK], seed_other[32], pk_other[PK];
static uint8_t msg1[PQS_MSG1_BYTES], msg1b[PQS_MSG1_BYTES], msg2[PQS_MSG2_BYTES];
static uint8_t hconf[PQS_CONFIRM_BYTES], dconf[PQS_CONFIRM_BYTES];
static pqs_keys hk, dk;

static void make_devices(void)
{
    uint8_t sk[32];
    t_rand_bytes(seed, 32);
    t_rand_bytes(seed_other, 32);
    CHECK(m4crypt_xwing_keypair_derand(pk, sk, seed) == 0);
    CHECK(m4crypt_xwing_keypair_derand(pk_other, sk, seed_other) == 0);
    CHECK(pqs_identity_init(&id, seed) == PQS_OK);
    CHECK(pqs_identity_init(&id_other, seed_other) == PQS_OK);
    uint8_t got[PK];
    pqs_identity_public_key(got, &id);
    CHECK_MEM(got, pk, PK);
}

/* 1 if the confirmation record rec opens with k (as the first record). */
static int confirm_opens(pqs_keys k, const uint8_t rec[PQS_CONFIRM_BYTES])
{
    uint8_t r[PQS_CONFIRM_BYTES];
    size_t len = 99;
    memcpy(r, rec, sizeof r);
    return pqs_record_open(&k, r, sizeof r, &len) == PQS_OK && len == 0 && r[0] == PQS_CONFIRM;
}

/* README.md's key schedule from its parts. */
static void schedule_from_parts(uint8_t k_i2r[32], uint8_t k_r2i[32], uint8_t h_out[32],
                                const uint8_t m1[PQS_MSG1_BYTES], const uint8_t m2[PQS_MSG2_BYTES],
                                const uint8_t e_sk[32])
{
    static uint8_t buf[32 + PK];
    uint8_t h[32], ck[32], ss[32], out[64];
    const char *name = "pqNK_XWing_ChaChaPoly_SHA3-256_SHAKE256 m4crypt-pqsession-1";
    m4crypt_sha3_256(h, (const uint8_t *)name, strlen(name));
    memcpy(ck, h, 32);
    m4crypt_sha3_256(h, h, 32); /* empty prologue */
#define MIXHASH(p, n)                                                                              \
    do {                                                                                           \
        memcpy(buf, h, 32);                                                                        \
        memcpy(buf + 32, (p), (n));                                                                \
        m4crypt_sha3_256(h, buf, 32 + (n));                                                        \
    } while (0)
#define KDF(label, a, b, o, olen)                                                                  \
    do {                                                                                           \
        size_t l_ = strlen(label);                                                                 \
        memcpy(buf, label, l_);                                                                    \
        memcpy(buf + l_, (a), 32);                                                                 \
        memcpy(buf + l_ + 32, (b), 32);                                                            \
        m4crypt_shake256((o), (olen), buf, l_ + 64);                                               \
    } while (0)
    MIXHASH(pk, PK);
    MIXHASH(m1, CT);
    CHECK(m4crypt_xwing_dec(ss, m1, seed) == 0);
    KDF("pqsession MixKey", ck, ss, ck, 32);
    MIXHASH(m1 + CT, PK);
    MIXHASH(m2, CT);
    CHECK(m4crypt_xwing_dec(ss, m2, e_sk) == 0);
    KDF("pqsession MixKey", ck, ss, ck, 32);
    KDF("pqsession Split", ck, h, out, 64);
    memcpy(k_i2r, out, 32);
    memcpy(k_r2i, out + 32, 32);
    memcpy(h_out, h, 32);
#undef MIXHASH
#undef KDF
}

static void test_key_schedule(void)
{
    pqs_initiator hs;
    uint8_t e_sk[32], k_i2r[32], k_r2i[32], h[32];
    CHECK(pqs_initiate(&hs, msg1, pk) == PQS_OK);
    memcpy(e_sk, hs.e_sk, 32);
    CHECK(pqs_respond(&id, &dk, msg2, dconf, msg1) == PQS_OK);
    CHECK(pqs_initiator_finish(&hs, &hk, hconf, msg2) == PQS_OK);
    CHECK_MEM(hk.send_key, dk.recv_key, 32);
    CHECK_MEM(hk.recv_key, dk.send_key, 32);
    CHECK_MEM(hk.h, dk.h, 32);
    CHECK(memcmp(hk.send_key, hk.recv_key, 32) != 0);
    schedule_from_parts(k_i2r, k_r2i, h, msg1, msg2, e_sk);
    CHECK_MEM(hk.send_key, k_i2r, 32);
    CHECK_MEM(hk.recv_key, k_r2i, 32);
    CHECK_MEM(hk.h, h, 32);
    CHECK(hk.send_n == 1 && dk.send_n == 1 && hk.recv_n == 0 && dk.recv_n == 0);
    CHECK(confirm_opens(dk, hconf));
    CHECK(confirm_opens(hk, dconf));
    static const uint8_t zero[sizeof hs] = {0};
    CHECK_MEM(&hs, zero, sizeof hs); /* the ephemeral secret is gone */

    /* pqs_accept's layout: msg2 over msg1, the confirmation right after it; same bytes */
    static uint8_t m[PQS_MSG1_BYTES];
    pqs_keys k1, k2;
    rng_start(1);
    CHECK(pqs_respond(&id, &k1, msg2, dconf, msg1) == PQS_OK);
    rng_start(1);
    memcpy(m, msg1, sizeof m);
    CHECK(pqs_respond(&id, &k2, m, m + PQS_MSG2_BYTES, m) == PQS_OK);
    CHECK_MEM(m, msg2, PQS_MSG2_BYTES);
    CHECK_MEM(m + PQS_MSG2_BYTES, dconf, PQS_CONFIRM_BYTES);
    CHECK(memcmp(&k1, &k2, sizeof k1) == 0);
}

/* The device answers m1; 1 if the two ends then agree (either confirmation opens). */
static int agree(const pqs_identity *device, const uint8_t m1[PQS_MSG1_BYTES], pqs_initiator hs,
                 int tamper_msg2_at, int *peer_key_error)
{
    pqs_keys h, d;
    uint8_t m2[PQS_MSG2_BYTES], c1[PQS_CONFIRM_BYTES], c2[PQS_CONFIRM_BYTES];
    int r = pqs_respond(device, &d, m2, c2, m1);
    if (r == PQS_ERR_PEER_KEY) {
        *peer_key_error += 1;
        return 0;
    }
    CHECK(r == PQS_OK);
    if (tamper_msg2_at >= 0)
        m2[tamper_msg2_at / 8] ^= (uint8_t)(1u << (tamper_msg2_at % 8));
    CHECK(pqs_initiator_finish(&hs, &h, c1, m2) == PQS_OK);
    return confirm_opens(d, c1) || confirm_opens(h, c2) ||
           memcmp(h.send_key, d.recv_key, 32) == 0 || memcmp(h.h, d.h, 32) == 0;
}

static void test_handshake_failures(void)
{
    pqs_initiator hs, hs2;
    int peer_key = 0;
    unsigned agreed = 0, n = 0;
    /* the host pins another key */
    CHECK(pqs_initiate(&hs, msg1, pk_other) == PQS_OK);
    CHECK(!agree(&id, msg1, hs, -1, &peer_key));
    /* the right key, untouched: they agree (the control for what follows) */
    CHECK(pqs_initiate(&hs, msg1, pk) == PQS_OK);
    CHECK(agree(&id, msg1, hs, -1, &peer_key));
    /* one bit of message 1 changed: in ct_s (ML-KEM and X25519 parts), in e (ML-KEM ek, rho,
     * X25519) */
    static const unsigned at1[] = {0, 8 * 100 + 3, 8 * 1087 + 7, 8 * 1088, 8 * 1119 + 7,
                                   8 * 1120, 8 * 1500 + 1, 8 * 2303, 8 * 2304 + 2, 8 * 2335 + 7};
    for (unsigned i = 0; i < sizeof at1 / sizeof at1[0]; i++) {
        CHECK(pqs_initiate(&hs, msg1, pk) == PQS_OK);
        memcpy(msg1b, msg1, sizeof msg1b);
        msg1b[at1[i] / 8] ^= (uint8_t)(1u << (at1[i] % 8));
        agreed += agree(&id, msg1b, hs, -1, &peer_key);
        n++;
    }
    for (unsigned i = 0; i < (t_quick() ? 4u : 40u); i++) {
        CHECK(pqs_initiate(&hs, msg1, pk) == PQS_OK);
        memcpy(msg1b, msg1, sizeof msg1b);
        unsigned bit = t_rand32() % (8 * PQS_MSG1_BYTES);
        msg1b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        agreed += agree(&id, msg1b, hs, -1, &peer_key);
        n++;
    }
    /* one bit of message 2 changed */
    static const int at2[] = {0, 8 * 500 + 5, 8 * 1087 + 7, 8 * 1088, 8 * 1119 + 7};
    for (unsigned i = 0; i < sizeof at2 / sizeof at2[0]; i++) {
        CHECK(pqs_initiate(&hs2, msg1, pk) == PQS_OK);
        agreed += agree(&id, msg1, hs2, at2[i], &peer_key);
        n++;
    }
    CHECK(agreed == 0);
    t_printf("pqsession: %u altered handshakes, none agreed (%d refused by the input check)\n", n,
             peer_key);
    /* an ephemeral key whose ML-KEM part fails the modulus check: refused by the device */
    CHECK(pqs_initiate(&hs, msg1, pk) == PQS_OK);
    msg1[CT] = 0xff;
    msg1[CT + 1] |= 0x0f; /* coefficient 0 = 4095 >= q */
    pqs_keys d;
    CHECK(pqs_respond(&id, &d, msg2, dconf, msg1) == PQS_ERR_PEER_KEY);
    /* a pinned key that fails it: refused by the host */
    memcpy(msg1b, pk, PK);
    msg1b[0] = 0xff;
    msg1b[1] |= 0x0f;
    CHECK(pqs_initiate(&hs, msg1, msg1b) == PQS_ERR_PEER_KEY);
}

/* ---------------------------------------------------------------- records */

static uint8_t rec[PQS_MAX_RECORD], rec2[PQS_MAX_RECORD], pt[PQS_MAX_FRAGMENT];

static void test_records(void)
{
    static const unsigned lens[] = {0, 1, 15, 16, 17, 63, 64, 65, 1000, 1023, 1024};
    unsigned bad = 0, flips = 0;
    for (unsigned i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        const size_t n = lens[i];
        pqs_keys s = hk, r = dk;
        s.send_n = r.recv_n = 5 + i;
        t_rand_bytes(pt, n);
        bad += pqs_record_seal(&s, rec, PQS_DATA, n % 2 ? PQS_MORE : 0, pt, n) != PQS_OK;
        const size_t rl = PQS_HEADER_BYTES + n + PQS_TAG_BYTES;
        bad += s.send_n != 6 + i;
        bad += rec[0] != PQS_DATA || rec[2] != (n >> 8) || rec[3] != (uint8_t)n;
        /* every header bit, and ciphertext and tag bits, flipped: rejected, nothing released */
        for (size_t bit = 0; bit < 8 * rl; bit += (bit < 8 * PQS_HEADER_BYTES ? 1 : 8 * 7 + 5)) {
            memcpy(rec2, rec, rl);
            rec2[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            pqs_keys rr = r;
            size_t got = 0, body = 0;
            int e = pqs_record_check_header(&rr, rec2, &body);
            if (e == PQS_OK && body == n + PQS_TAG_BYTES) {
                e = pqs_record_open(&rr, rec2, rl, &got);
                bad += e != PQS_ERR_AUTH;
                bad += !t_all_zero(rec2 + PQS_HEADER_BYTES, n);
            } else
                bad += e == PQS_OK ? 0 : (e != PQS_ERR_HEADER && e != PQS_ERR_COUNTER);
            bad += rr.recv_n != r.recv_n; /* the counter moves only on success */
            flips++;
        }
        /* the untouched record opens, in place */
        size_t got = 0;
        memcpy(rec2, rec, rl);
        bad += pqs_record_open(&r, rec2, rl, &got) != PQS_OK || got != n;
        bad += memcmp(rec2 + PQS_HEADER_BYTES, pt, n) != 0;
        bad += r.recv_n != 6 + i;
        /* and a second time it is a replay */
        memcpy(rec2, rec, rl);
        bad += pqs_record_open(&r, rec2, rl, &got) != PQS_ERR_COUNTER;
        /* with the sender's own receiving key (the other direction) it does not */
        pqs_keys wrong = s;
        wrong.recv_n = 5 + i;
        memcpy(rec2, rec, rl);
        bad += pqs_record_open(&wrong, rec2, rl, &got) != PQS_ERR_AUTH;
    }
    CHECK(bad == 0);
    t_printf("pqsession: %u single-bit changes of records, all rejected\n", flips);

    pqs_keys s = hk, r = dk;
    size_t body;
    CHECK(pqs_record_seal(&s, rec, PQS_DATA, 0, pt, PQS_MAX_FRAGMENT + 1) == PQS_ERR_PARAM);
    CHECK(pqs_record_seal(&s, rec, PQS_DATA, 0, pt, 10) == PQS_OK);
    rec[2] = 0x04, rec[3] = 0x01; /* length 1025 */
    CHECK(pqs_record_check_header(&r, rec, &body) == PQS_ERR_HEADER);
    static const uint8_t bad_headers[][4] = {
        {0, 0, 0, 0},           {5, 0, 0, 0},         {PQS_CONFIRM, 0, 0, 1},
        {PQS_CLOSE, 0, 0, 1},   {PQS_ALERT, 0, 0, 0}, {PQS_ALERT, 0, 0, 2},
        {PQS_CLOSE, PQS_MORE, 0, 0}, {PQS_DATA, 2, 0, 0}, {PQS_DATA, 0x80, 0, 0},
    };
    for (unsigned i = 0; i < sizeof bad_headers / sizeof bad_headers[0]; i++) {
        memcpy(rec, bad_headers[i], 4);
        memset(rec + 4, 0, 8);
        CHECK(pqs_record_check_header(&r, rec, &body) == PQS_ERR_HEADER);
    }
    memcpy(rec, (const uint8_t[]){PQS_DATA, PQS_MORE, 4, 0}, 4); /* 1024, more: fine */
    CHECK(pqs_record_check_header(&r, rec, &body) == PQS_OK && body == 1024 + PQS_TAG_BYTES);
    rec[11] = 1; /* counter 1, expected 0 */
    CHECK(pqs_record_check_header(&r, rec, &body) == PQS_ERR_COUNTER);
    s.send_n = UINT64_MAX;
    CHECK(pqs_record_seal(&s, rec, PQS_DATA, 0, pt, 1) == PQS_ERR_EXHAUSTED);
}

/* ---------------------------------------------------------------- sessions on a script */

typedef struct {
    uint8_t in[8192];
    size_t in_len, in_pos;
    uint8_t out[8192];
    size_t out_len;
} tape;

static tape tp;

static int tape_write(void *ctx, const uint8_t *buf, size_t len)
{
    tape *t = ctx;
    if (t->out_len + len > sizeof t->out)
        return -1;
    memcpy(t->out + t->out_len, buf, len);
    t->out_len += len;
    return 0;
}

static int tape_read(void *ctx, uint8_t *buf, size_t len, size_t *got, int start)
{
    tape *t = ctx;
    (void)start;
    size_t n = t->in_len - t->in_pos < len ? t->in_len - t->in_pos : len;
    memcpy(buf, t->in + t->in_pos, n);
    t->in_pos += n;
    *got = n;
    return n == len ? 0 : -1;
}

/* Appends a record sealed with the host's keys (the device's peer) to the device's input. */
static void feed(pqs_keys *host, uint8_t type, uint8_t flags, const uint8_t *p, size_t n)
{
    CHECK(pqs_record_seal(host, tp.in + tp.in_len, type, flags, p, n) == PQS_OK);
    tp.in_len += PQS_HEADER_BYTES + n + PQS_TAG_BYTES;
}

/* An open device session whose peer (the host) holds *host. */
static void open_session(pqs_session *s, pqs_keys *host)
{
    static const pqs_io io = {&tp, tape_write, tape_read};
    memset(&tp, 0, sizeof tp);
    memset(s, 0, sizeof *s);
    s->io = io;
    s->keys = dk;
    s->keys.send_n = s->keys.recv_n = 1; /* after the confirmation records */
    s->state = ST_OPEN;
    *host = hk;
    host->send_n = host->recv_n = 1;
}

/* The next record the device wrote, opened with the host's keys: its type (payload in p). */
static int next_out(pqs_keys *host, size_t *pos, uint8_t *p, size_t *n, uint8_t *flags)
{
    size_t body;
    if (*pos + PQS_HEADER_BYTES > tp.out_len ||
        pqs_record_check_header(host, tp.out + *pos, &body) != PQS_OK)
        return -1;
    memcpy(rec, tp.out + *pos, PQS_HEADER_BYTES + body);
    *pos += PQS_HEADER_BYTES + body;
    if (pqs_record_open(host, rec, PQS_HEADER_BYTES + body, n) != PQS_OK)
        return -1;
    memcpy(p, rec + PQS_HEADER_BYTES, *n);
    *flags = rec[1];
    return rec[0];
}

static uint8_t big[3000], got_msg[4096];

/* The device's session ends with error e: the caller's buffer holds nothing, the device sent
 * one alert carrying e (when expected), and the session refuses further use. */
static void check_failed(pqs_session *s, pqs_keys *host, int r, int e, int alert_expected)
{
    uint8_t a[4], flags;
    size_t pos = 0, n = 0;
    CHECK(r == e);
    CHECK(t_all_zero(got_msg, sizeof got_msg));
    if (alert_expected) {
        CHECK(next_out(host, &pos, a, &n, &flags) == PQS_ALERT && n == 1 && a[0] == (uint8_t)-e);
        CHECK(pos == tp.out_len);
    } else
        CHECK(tp.out_len == 0);
    CHECK(pqs_send(s, big, 1) == PQS_ERR_STATE);
    size_t len;
    CHECK(pqs_recv(s, got_msg, sizeof got_msg, &len) == PQS_ERR_STATE);
    CHECK(t_all_zero(s->keys.send_key, 32) && t_all_zero(s->keys.recv_key, 32));
}

static void test_sessions(void)
{
    static pqs_session s;
    pqs_keys host;
    size_t len = 0, pos = 0, n;
    uint8_t flags;
    t_rand_bytes(big, sizeof big);

    /* a message over three records, an empty one, then close in both directions */
    open_session(&s, &host);
    feed(&host, PQS_DATA, PQS_MORE, big, 1024);
    feed(&host, PQS_DATA, PQS_MORE, big + 1024, 1024);
    feed(&host, PQS_DATA, 0, big + 2048, 952);
    feed(&host, PQS_DATA, 0, NULL, 0);
    feed(&host, PQS_CLOSE, 0, NULL, 0);
    CHECK(pqs_recv(&s, got_msg, sizeof got_msg, &len) == PQS_OK && len == 3000);
    CHECK_MEM(got_msg, big, 3000);
    CHECK(pqs_recv(&s, got_msg, sizeof got_msg, &len) == PQS_OK && len == 0);
    CHECK(pqs_send(&s, big, 2500) == PQS_OK);
    CHECK(pqs_recv(&s, got_msg, sizeof got_msg, &len) == PQS_CLOSED);
    CHECK(pqs_recv(&s, got_msg, sizeof got_msg, &len) == PQS_ERR_STATE);
    CHECK(pqs_close(&s) == PQS_OK);
    CHECK(s.state == ST_ENDED && s.error == 0 && s.records_in == 5 && s.records_out == 4);
    /* what the device sent: 1024 + 1024 + 452 bytes, "more" on the first two, then close */
    CHECK(next_out(&host, &pos, got_msg, &n, &flags) == PQS_DATA && n == 1024 && flags == PQS_MORE);
    CHECK_MEM(got_msg, big, 1024);
    CHECK(next_out(&host, &pos, got_msg, &n, &flags) == PQS_DATA && n == 1024 && flags == PQS_MORE);
    CHECK(next_out(&host, &pos, got_msg, &n, &flags) == PQS_DATA && n == 452 && flags == 0);
    CHECK_MEM(got_msg, big + 2048, 452);
    CHECK(next_out(&host, &pos, got_msg, &n, &flags) == PQS_CLOSE && n == 0);
    CHECK(pos == tp.out_len);

    /* the second record of a message tampered with: the first one's bytes are wiped */
    open_session(&s, &host);
    feed(&host, PQS_DATA, PQS_MORE, big, 1024);
    feed(&host, PQS_DATA, 0, big + 1024, 500);
    tp.in[PQS_MAX_RECORD + PQS_HEADER_BYTES + 7] ^= 0x20;
    memset(got_msg, 0, sizeof got_msg);
    check_failed(&s, &host, pqs_recv(&s, got_msg, sizeof got_msg, &len), PQS_ERR_AUTH, 1);

    /* replayed (the first record again) and reordered (the third before the second) */
    for (int reorder = 0; reorder < 2; reorder++) {
        open_session(&s, &host);
        feed(&host, PQS_DATA, PQS_MORE, big, 100);
        const size_t first = tp.in_len;
        feed(&host, PQS_DATA, PQS_MORE, big + 100, 100);
        const size_t second = tp.in_len;
        feed(&host, PQS_DATA, 0, big + 200, 100);
        if (reorder) { /* swap records 2 and 3 (equal lengths) */
            memcpy(rec, tp.in + first, second - first);
            memmove(tp.in + first, tp.in + second, second - first);
            memcpy(tp.in + second, rec, second - first);
        } else
            memcpy(tp.in + first, tp.in, first);
        memset(got_msg, 0, sizeof got_msg);
        check_failed(&s, &host, pqs_recv(&s, got_msg, sizeof got_msg, &len), PQS_ERR_COUNTER, 1);
        CHECK(s.seen_counter == (reorder ? 3u : 1u));
    }

    /* truncated: the line ends inside a record (and inside the header) */
    for (int cut = 0; cut < 2; cut++) {
        open_session(&s, &host);
        feed(&host, PQS_DATA, PQS_MORE, big, 1024);
        feed(&host, PQS_DATA, 0, big, 1024);
        tp.in_len -= cut ? PQS_MAX_RECORD - 5 : 100;
        memset(got_msg, 0, sizeof got_msg);
        check_failed(&s, &host, pqs_recv(&s, got_msg, sizeof got_msg, &len), PQS_ERR_TRUNCATED,
                     1);
        CHECK(s.got == (cut ? 5u : PQS_MAX_RECORD - 100) &&
              s.wanted == (cut ? PQS_HEADER_BYTES : PQS_MAX_RECORD));
    }
    /* the line ends between records: no alert to a line that is gone */
    open_session(&s, &host);
    feed(&host, PQS_DATA, PQS_MORE, big, 10);
    memset(got_msg, 0, sizeof got_msg);
    check_failed(&s, &host, pqs_recv(&s, got_msg, sizeof got_msg, &len), PQS_ERR_IO, 0);

    /* a message longer than the buffer */
    open_session(&s, &host);
    feed(&host, PQS_DATA, PQS_MORE, big, 1024);
    feed(&host, PQS_DATA, 0, big, 1024);
    memset(got_msg, 0, sizeof got_msg);
    check_failed(&s, &host, pqs_recv(&s, got_msg, 2000, &len), PQS_ERR_TOO_LONG, 1);

    /* a second confirmation, and a close inside a message: unexpected */
    for (int k = 0; k < 2; k++) {
        open_session(&s, &host);
        if (k)
            feed(&host, PQS_DATA, PQS_MORE, big, 10);
        feed(&host, k ? PQS_CLOSE : PQS_CONFIRM, 0, NULL, 0);
        memset(got_msg, 0, sizeof got_msg);
        check_failed(&s, &host, pqs_recv(&s, got_msg, sizeof got_msg, &len), PQS_ERR_UNEXPECTED,
                     1);
    }

    /* the peer's alert: reported with its code; none is sent back */
    open_session(&s, &host);
    const uint8_t code = (uint8_t)-PQS_ERR_AUTH;
    feed(&host, PQS_ALERT, 0, &code, 1);
    memset(got_msg, 0, sizeof got_msg);
    check_failed(&s, &host, pqs_recv(&s, got_msg, sizeof got_msg, &len), PQS_ERR_PEER_ALERT, 0);
    CHECK(s.peer_alert == code);
    CHECK(strcmp(pqs_alert_name(s.peer_alert), pqs_strerror(PQS_ERR_AUTH)) == 0);

    /* a bad header: rejected before anything is decrypted */
    open_session(&s, &host);
    feed(&host, PQS_DATA, 0, big, 10);
    tp.in[0] = 9;
    memset(got_msg, 0, sizeof got_msg);
    check_failed(&s, &host, pqs_recv(&s, got_msg, sizeof got_msg, &len), PQS_ERR_HEADER, 1);
}

/* pqs_accept and pqs_connect on scripted lines: what they send, and their failures. */
static void test_accept_connect(void)
{
    static pqs_session s;
    static const pqs_io io = {&tp, tape_write, tape_read};
    pqs_initiator hs;
    pqs_keys host;
    /* accept: message 1 and a confirmation that does not open -> key confirmation failed,
     * after message 2 and the device's confirmation were sent (and open for the host) */
    memset(&tp, 0, sizeof tp);
    CHECK(pqs_initiate(&hs, tp.in, pk) == PQS_OK);
    tp.in_len = PQS_MSG1_BYTES;
    memset(tp.in + tp.in_len, 0, PQS_CONFIRM_BYTES);
    tp.in[tp.in_len] = PQS_CONFIRM;
    tp.in_len += PQS_CONFIRM_BYTES;
    CHECK(pqs_accept(&s, &io, &id) == PQS_ERR_CONFIRM);
    CHECK(tp.out_len == PQS_MSG2_BYTES + PQS_CONFIRM_BYTES);
    CHECK(pqs_initiator_finish(&hs, &host, hconf, tp.out) == PQS_OK);
    CHECK(confirm_opens(host, tp.out + PQS_MSG2_BYTES));
    CHECK(s.state == ST_ENDED && s.error == PQS_ERR_CONFIRM);
    /* ... and with the host's real confirmation it is accepted: replay the same randomness */
    memset(&tp, 0, sizeof tp);
    rng_start(7);
    CHECK(pqs_initiate(&hs, tp.in, pk) == PQS_OK);
    rng_start(8);
    CHECK(pqs_respond(&id, &dk, msg2, dconf, tp.in) == PQS_OK);
    CHECK(pqs_initiator_finish(&hs, &host, tp.in + PQS_MSG1_BYTES, msg2) == PQS_OK);
    tp.in_len = PQS_MSG1_BYTES + PQS_CONFIRM_BYTES;
    rng_start(8);
    CHECK(pqs_accept(&s, &io, &id) == PQS_OK);
    CHECK(s.state == ST_OPEN && memcmp(s.keys.send_key, dk.send_key, 32) == 0 &&
          memcmp(s.keys.recv_key, dk.recv_key, 32) == 0 && memcmp(s.keys.h, dk.h, 32) == 0);
    CHECK(s.keys.send_n == 1 && s.keys.recv_n == 1);
    CHECK_MEM(tp.out, msg2, PQS_MSG2_BYTES);
    /* accept: message 1 cut short, or not there */
    for (int k = 0; k < 2; k++) {
        memset(&tp, 0, sizeof tp);
        tp.in_len = k ? 0 : 1000;
        CHECK(pqs_accept(&s, &io, &id) == (k ? PQS_ERR_IO : PQS_ERR_TRUNCATED));
        CHECK(tp.out_len == 0);
    }
    /* connect: message 2 from a device that does not hold the key -> confirmation fails */
    memset(&tp, 0, sizeof tp);
    t_rand_bytes(tp.in, PQS_MSG2_BYTES + PQS_CONFIRM_BYTES);
    tp.in[PQS_MSG2_BYTES] = PQS_CONFIRM;
    memset(tp.in + PQS_MSG2_BYTES + 1, 0, 11);
    tp.in_len = PQS_MSG2_BYTES + PQS_CONFIRM_BYTES;
    CHECK(pqs_connect(&s, &io, pk) == PQS_ERR_CONFIRM);
    CHECK(tp.out_len == PQS_MSG1_BYTES + PQS_CONFIRM_BYTES);
    CHECK(s.state == ST_ENDED && t_all_zero(s.keys.send_key, 32));
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x7071736573ULL); /* "pqses" */
    rng_start(0); /* the library's randomness too: the same checks run on every platform */
    make_devices();
    test_key_schedule();
    test_handshake_failures();
    test_records();
    test_sessions();
    test_accept_connect();
    pqs_identity_wipe(&id);
    CHECK(t_all_zero((const uint8_t *)&id, sizeof id));
    return t_summary("test_pqsession");
}
