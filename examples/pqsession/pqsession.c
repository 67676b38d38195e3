/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pqsession: the protocol, shared by the host program and the device firmware. README.md in this
 * directory is its specification; the comments here point to its sections.
 *
 * Handshake: Noise pattern pqNK ("Post-Quantum Noise", Angel, Dowling, Huelsing, Schwabe, Weber,
 * ACM CCS 2022; IACR ePrint 2022/539), KEM = X-Wing:
 *     <- s
 *     ...
 *     -> skem, e
 *     <- ekem
 * kept in a Noise symmetric state (Noise Protocol Framework, revision 34, section 5.2): a
 * chaining key ck and a handshake hash h, h = HASH(h || data) over the protocol name, the
 * pre-message and every token. HASH is SHA3-256; the KDF of MixKey and Split is SHAKE256 (README,
 * "Key schedule", says how and why this departs from Noise's HKDF).
 *
 * Records: ChaCha20-Poly1305 (RFC 8439) with the key of the direction, nonce = 32 zero bits ||
 * the 64-bit record counter, little endian (Noise section 12.3's ChaChaPoly nonce), associated
 * data = the 12-byte record header.
 */
#include "pqsession.h"

#include <string.h>

#include "m4crypt/chacha20poly1305.h"
#include "m4crypt/fips202.h"

/* README, "Key schedule": the protocol name (InitializeSymmetric), the KDF labels. */
static const char protocol_name[] = "pqNK_XWing_ChaChaPoly_SHA3-256_SHAKE256 m4crypt-pqsession-1";
static const char label_mixkey[] = "pqsession MixKey";
static const char label_split[] = "pqsession Split";

#define XW_CT M4CRYPT_XWING_CIPHERTEXTBYTES
#define XW_PK M4CRYPT_XWING_PUBLICKEYBYTES

/* ---------------------------------------------------------------- errors */

const char *pqs_strerror(int code)
{
    switch (code) {
    case PQS_OK: return "success";
    case PQS_CLOSED: return "the peer closed the session";
    case PQS_ERR_IO: return "the line closed (or failed) between records";
    case PQS_ERR_TRUNCATED: return "truncated record: the line closed or went silent inside it";
    case PQS_ERR_HEADER: return "malformed record header (type, flags or length)";
    case PQS_ERR_COUNTER: return "replayed or reordered record (not the expected counter)";
    case PQS_ERR_AUTH: return "record failed authentication (tampered)";
    case PQS_ERR_CONFIRM:
        return "key confirmation failed: the peer's first record does not authenticate under our "
               "keys (wrong pinned key, or a tampered handshake message)";
    case PQS_ERR_UNEXPECTED: return "unexpected record type at this point";
    case PQS_ERR_TOO_LONG: return "message longer than the receive buffer";
    case PQS_ERR_PEER_ALERT: return "the peer ended the session with an alert";
    case PQS_ERR_PEER_KEY: return "a public key fails X-Wing's input check";
    case PQS_ERR_RANDOM: return "the random number generator failed";
    case PQS_ERR_EXHAUSTED: return "record counter exhausted";
    case PQS_ERR_STATE: return "the session is not open";
    case PQS_ERR_PARAM: return "bad argument";
    default: return "unknown error";
    }
}

const char *pqs_alert_name(uint8_t alert)
{
    return pqs_strerror(-(int)alert);
}

/* ---------------------------------------------------------------- symmetric state */

/* MixHash(data): h = HASH(h || data). */
static void mix_hash(uint8_t h[PQS_HASH_BYTES], const uint8_t *data, size_t len)
{
    m4crypt_keccak_ctx ctx;
    m4crypt_sha3_256_init(&ctx);
    m4crypt_keccak_absorb(&ctx, h, PQS_HASH_BYTES);
    m4crypt_keccak_absorb(&ctx, data, len);
    m4crypt_sha3_256_final(&ctx, h);
}

/* SHAKE256(label || a || b), out_len bytes: the KDF (a and b are 32 bytes each). */
static void kdf(uint8_t *out, size_t out_len, const char *label, size_t label_len,
                const uint8_t a[32], const uint8_t b[32])
{
    m4crypt_keccak_ctx ctx;
    m4crypt_shake256_init(&ctx);
    m4crypt_keccak_absorb(&ctx, (const uint8_t *)label, label_len);
    m4crypt_keccak_absorb(&ctx, a, 32);
    m4crypt_keccak_absorb(&ctx, b, 32);
    m4crypt_keccak_finalize(&ctx);
    m4crypt_keccak_squeeze(&ctx, out, out_len);
    m4crypt_memzero(&ctx, sizeof ctx);
}

/* MixKey(ikm): ck = SHAKE256("pqsession MixKey" || ck || ikm)[0:32]. */
static void mix_key(uint8_t ck[PQS_HASH_BYTES], const uint8_t ikm[32])
{
    kdf(ck, PQS_HASH_BYTES, label_mixkey, sizeof label_mixkey - 1, ck, ikm);
}

/* InitializeSymmetric(protocol_name): the name is longer than 32 bytes, so h = HASH(name);
 * ck = h. */
static void initialize_symmetric(uint8_t ck[PQS_HASH_BYTES], uint8_t h[PQS_HASH_BYTES])
{
    m4crypt_sha3_256(h, (const uint8_t *)protocol_name, sizeof protocol_name - 1);
    memcpy(ck, h, PQS_HASH_BYTES);
}

void pqs_initial_hash(uint8_t h0[PQS_HASH_BYTES], const uint8_t static_pk[XW_PK])
{
    uint8_t ck[PQS_HASH_BYTES];
    initialize_symmetric(ck, h0);
    mix_hash(h0, NULL, 0);         /* MixHash(prologue): the prologue is empty */
    mix_hash(h0, static_pk, XW_PK); /* pre-message "<- s" */
}

/* Split(): k_i2r || k_r2i = SHAKE256("pqsession Split" || ck || h, 64); the keys of the two
 * directions, host to device (initiator to responder) first. Counters start at 0. */
static void split(pqs_keys *k, const uint8_t ck[PQS_HASH_BYTES], const uint8_t h[PQS_HASH_BYTES],
                  int initiator)
{
    uint8_t keys[2 * PQS_KEY_BYTES];
    kdf(keys, sizeof keys, label_split, sizeof label_split - 1, ck, h);
    memcpy(k->send_key, keys + (initiator ? 0 : PQS_KEY_BYTES), PQS_KEY_BYTES);
    memcpy(k->recv_key, keys + (initiator ? PQS_KEY_BYTES : 0), PQS_KEY_BYTES);
    k->send_n = k->recv_n = 0;
    memcpy(k->h, h, PQS_HASH_BYTES);
    m4crypt_memzero(keys, sizeof keys);
}

static int map_xwing_error(int r)
{
    if (r == M4CRYPT_ERR_PUBLIC_KEY)
        return PQS_ERR_PEER_KEY;
    if (r == M4CRYPT_ERR_RANDOM)
        return PQS_ERR_RANDOM;
    return r == M4CRYPT_OK ? PQS_OK : PQS_ERR_PARAM;
}

/* ---------------------------------------------------------------- device identity */

int pqs_identity_init(pqs_identity *id, const uint8_t static_sk[M4CRYPT_XWING_SECRETKEYBYTES])
{
    uint8_t pk[XW_PK];
    int r = m4crypt_xwing_expand_key(&id->key, static_sk);
    if (r != M4CRYPT_OK) {
        pqs_identity_wipe(id);
        return PQS_ERR_PARAM;
    }
    m4crypt_xwing_expanded_key_public(pk, &id->key);
    pqs_initial_hash(id->h0, pk);
    return PQS_OK;
}

void pqs_identity_public_key(uint8_t pk[XW_PK], const pqs_identity *id)
{
    m4crypt_xwing_expanded_key_public(pk, &id->key);
}

void pqs_identity_wipe(pqs_identity *id)
{
    m4crypt_xwing_expanded_key_wipe(&id->key);
    m4crypt_memzero(id->h0, sizeof id->h0);
}

/* ---------------------------------------------------------------- handshake */

/* Message 1, "skem, e" (README, "Handshake"). */
int pqs_initiate(pqs_initiator *hs, uint8_t msg1[PQS_MSG1_BYTES], const uint8_t pinned_pk[XW_PK])
{
    uint8_t ss[32];
    initialize_symmetric(hs->ck, hs->h);
    pqs_initial_hash(hs->h, pinned_pk);
    /* skem: (ct_s, ss_s) = Encaps(s); EncryptAndHash(ct_s) = MixHash(ct_s) (no key yet);
     * MixKey(ss_s) */
    int r = m4crypt_xwing_enc(msg1, ss, pinned_pk);
    if (r == M4CRYPT_OK) {
        mix_hash(hs->h, msg1, XW_CT);
        mix_key(hs->ck, ss);
        /* e: a fresh X-Wing key pair; MixHash(e.pk) */
        r = m4crypt_xwing_keypair(msg1 + XW_CT, hs->e_sk);
        if (r == M4CRYPT_OK)
            mix_hash(hs->h, msg1 + XW_CT, XW_PK);
    }
    m4crypt_memzero(ss, sizeof ss);
    if (r != M4CRYPT_OK)
        m4crypt_memzero(hs, sizeof *hs);
    return map_xwing_error(r);
}

/* Message 2, "ekem", read by the host; then Split and the host's confirmation record. msg2 and
 * confirm may share a buffer as pqs_connect lays them out (confirm after msg2). */
int pqs_initiator_finish(pqs_initiator *hs, pqs_keys *keys, uint8_t confirm[PQS_CONFIRM_BYTES],
                         const uint8_t msg2[PQS_MSG2_BYTES])
{
    uint8_t ss[32];
    /* ekem: MixHash(ct_e); ss_e = Decaps(e, ct_e); MixKey(ss_e). X-Wing decapsulation does not
     * fail: a tampered ct_e gives another ss_e, caught by key confirmation. */
    mix_hash(hs->h, msg2, XW_CT);
    int r = m4crypt_xwing_dec(ss, msg2, hs->e_sk);
    if (r == M4CRYPT_OK) {
        mix_key(hs->ck, ss);
        split(keys, hs->ck, hs->h, 1);
        r = pqs_record_seal(keys, confirm, PQS_CONFIRM, 0, NULL, 0);
    } else
        r = map_xwing_error(r);
    m4crypt_memzero(ss, sizeof ss);
    m4crypt_memzero(hs, sizeof *hs); /* the ephemeral secret key: forward secrecy */
    return r;
}

/* The device's whole side of the handshake: message 1 in, message 2, the keys and the device's
 * confirmation record out. msg2 may be msg1 and confirm msg1 + PQS_MSG2_BYTES (pqs_accept's
 * layout): ct_e is written over ct_s after ct_s is used, and confirm after e.pk is used. */
int pqs_respond(const pqs_identity *id, pqs_keys *keys, uint8_t msg2[PQS_MSG2_BYTES],
                uint8_t confirm[PQS_CONFIRM_BYTES], const uint8_t msg1[PQS_MSG1_BYTES])
{
    uint8_t ck[PQS_HASH_BYTES], h[PQS_HASH_BYTES], ss[32];
    initialize_symmetric(ck, h);
    memcpy(h, id->h0, PQS_HASH_BYTES); /* after the prologue and "<- s" (pqs_identity_init) */
    /* skem: MixHash(ct_s); ss_s = Decaps(s, ct_s); MixKey(ss_s) */
    mix_hash(h, msg1, XW_CT);
    (void)m4crypt_xwing_dec_expanded(ss, msg1, &id->key); /* never fails (implicit rejection) */
    mix_key(ck, ss);
    /* e: MixHash(e.pk) */
    mix_hash(h, msg1 + XW_CT, XW_PK);
    /* ekem: (ct_e, ss_e) = Encaps(e.pk); MixHash(ct_e); MixKey(ss_e) */
    int r = m4crypt_xwing_enc(msg2, ss, msg1 + XW_CT);
    if (r == M4CRYPT_OK) {
        mix_hash(h, msg2, XW_CT);
        mix_key(ck, ss);
        split(keys, ck, h, 0);
        r = pqs_record_seal(keys, confirm, PQS_CONFIRM, 0, NULL, 0);
    } else
        r = map_xwing_error(r);
    m4crypt_memzero(ss, sizeof ss);
    m4crypt_memzero(ck, sizeof ck);
    if (r != PQS_OK)
        m4crypt_memzero(keys, sizeof *keys);
    return r;
}

/* ---------------------------------------------------------------- records */

static void put_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

static uint64_t get_be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

/* Noise's ChaChaPoly nonce: 32 bits of zeros, then the counter little endian. */
static void make_nonce(uint8_t nonce[12], uint64_t n)
{
    memset(nonce, 0, 4);
    for (int i = 0; i < 8; i++, n >>= 8)
        nonce[4 + i] = (uint8_t)n;
}

int pqs_record_seal(pqs_keys *k, uint8_t *rec, uint8_t type, uint8_t flags, const uint8_t *pt,
                    size_t len)
{
    uint8_t nonce[12];
    if (len > PQS_MAX_FRAGMENT || (len > 0 && !pt))
        return PQS_ERR_PARAM;
    if (k->send_n == UINT64_MAX) /* Noise reserves 2^64 - 1 */
        return PQS_ERR_EXHAUSTED;
    if (pt && pt != rec + PQS_HEADER_BYTES)
        memmove(rec + PQS_HEADER_BYTES, pt, len);
    rec[0] = type;
    rec[1] = flags;
    rec[2] = (uint8_t)(len >> 8);
    rec[3] = (uint8_t)len;
    put_be64(rec + 4, k->send_n);
    make_nonce(nonce, k->send_n);
    m4crypt_aead_chacha20poly1305_encrypt_detached(rec + PQS_HEADER_BYTES,
                                                   rec + PQS_HEADER_BYTES + len,
                                                   rec + PQS_HEADER_BYTES, len, rec,
                                                   PQS_HEADER_BYTES, nonce, k->send_key);
    k->send_n++;
    return PQS_OK;
}

int pqs_record_check_header(const pqs_keys *k, const uint8_t hdr[PQS_HEADER_BYTES],
                            size_t *body_len)
{
    const uint8_t type = hdr[0], flags = hdr[1];
    const size_t len = (size_t)hdr[2] << 8 | hdr[3];
    if (type < PQS_CONFIRM || type > PQS_ALERT || len > PQS_MAX_FRAGMENT)
        return PQS_ERR_HEADER;
    if (flags & ~(type == PQS_DATA ? PQS_MORE : 0))
        return PQS_ERR_HEADER;
    if ((type == PQS_CONFIRM || type == PQS_CLOSE) && len != 0)
        return PQS_ERR_HEADER;
    if (type == PQS_ALERT && len != 1)
        return PQS_ERR_HEADER;
    if (get_be64(hdr + 4) != k->recv_n)
        return PQS_ERR_COUNTER;
    *body_len = len + PQS_TAG_BYTES;
    return PQS_OK;
}

int pqs_record_open(pqs_keys *k, uint8_t *rec, size_t rec_len, size_t *len)
{
    uint8_t nonce[12];
    size_t body;
    int r = pqs_record_check_header(k, rec, &body);
    if (r != PQS_OK)
        return r;
    if (rec_len != PQS_HEADER_BYTES + body)
        return PQS_ERR_PARAM;
    const size_t n = body - PQS_TAG_BYTES;
    make_nonce(nonce, k->recv_n);
    /* In place, in the record buffer: the AEAD checks the tag before it decrypts, and on a
     * mismatch leaves these n bytes zero. The caller's buffer is written only after this. */
    r = m4crypt_aead_chacha20poly1305_decrypt_detached(rec + PQS_HEADER_BYTES,
                                                       rec + PQS_HEADER_BYTES, n,
                                                       rec + PQS_HEADER_BYTES + n, rec,
                                                       PQS_HEADER_BYTES, nonce, k->recv_key);
    /* r is 0 or M4CRYPT_ERR_AUTH, a function of the key: no branch on it here (the caller acts on
     * the result, which the peer may learn anyway). fail = 1 on a mismatch. */
    const uint32_t fail = (uint32_t)r >> 31;
    k->recv_n += 1 - fail;
    *len = n;
    return (int)(0u - fail) & PQS_ERR_AUTH;
}

/* ---------------------------------------------------------------- sessions */

#define ST_NONE 0
#define ST_OPEN 1
#define ST_ENDED 2
#define SENT_CLOSE 0x10
#define GOT_CLOSE 0x20

static void end_session(pqs_session *s, int error)
{
    s->state = ST_ENDED;
    s->error = error;
    m4crypt_memzero(&s->keys.send_key, sizeof s->keys.send_key);
    m4crypt_memzero(&s->keys.recv_key, sizeof s->keys.recv_key);
    m4crypt_memzero(s->buf, sizeof s->buf);
}

/* Ends the session on a local error; tells the peer with an alert (sealed with our sending key,
 * which the peer's receiving key matches once the keys are confirmed) unless the line is gone. */
static int fail(pqs_session *s, int error)
{
    if ((s->state & 0x0f) == ST_OPEN && !(s->state & SENT_CLOSE) && error != PQS_ERR_IO &&
        error != PQS_ERR_PEER_ALERT) {
        uint8_t code = (uint8_t)-error;
        if (pqs_record_seal(&s->keys, s->buf, PQS_ALERT, 0, &code, 1) == PQS_OK) {
            (void)s->io.write(s->io.ctx, s->buf, PQS_HEADER_BYTES + 1 + PQS_TAG_BYTES);
            s->records_out++;
        }
    }
    end_session(s, error);
    return error;
}

/* Reads the n bytes that begin a handshake message or a record into s->buf; when they do not all
 * arrive, notes how many did (s->got of s->wanted). */
static int read_start(pqs_session *s, size_t n)
{
    size_t got = 0;
    if (s->io.read(s->io.ctx, s->buf, n, &got, 1) == 0)
        return PQS_OK;
    s->got = got;
    s->wanted = n;
    return got == 0 ? PQS_ERR_IO : PQS_ERR_TRUNCATED;
}

/* Reads and opens the next record into s->buf (plaintext at s->buf + PQS_HEADER_BYTES). */
static int read_record(pqs_session *s, uint8_t *type, uint8_t *flags, size_t *len)
{
    size_t got = 0, body;
    int r = read_start(s, PQS_HEADER_BYTES);
    if (r != PQS_OK)
        return r;
    r = pqs_record_check_header(&s->keys, s->buf, &body);
    if (r == PQS_ERR_COUNTER)
        s->seen_counter = get_be64(s->buf + 4);
    if (r != PQS_OK)
        return r;
    if (s->io.read(s->io.ctx, s->buf + PQS_HEADER_BYTES, body, &got, 0) != 0) {
        s->got = PQS_HEADER_BYTES + got;
        s->wanted = PQS_HEADER_BYTES + body;
        return PQS_ERR_TRUNCATED;
    }
    r = pqs_record_open(&s->keys, s->buf, PQS_HEADER_BYTES + body, len);
    if (r != PQS_OK)
        return r;
    s->records_in++;
    *type = s->buf[0];
    *flags = s->buf[1];
    return PQS_OK;
}

/* The peer's confirmation record: the first record, an empty CONFIRM with counter 0. Any
 * failure of it, whatever the reason, means the keys differ or the handshake was altered. */
static int read_confirm(pqs_session *s)
{
    uint8_t type = 0, flags = 0;
    size_t len = 0;
    int r = read_record(s, &type, &flags, &len);
    if (r == PQS_ERR_IO || r == PQS_ERR_TRUNCATED)
        return r;
    if (r != PQS_OK || type != PQS_CONFIRM)
        return PQS_ERR_CONFIRM;
    return PQS_OK;
}

static int write_all(pqs_session *s, const uint8_t *p, size_t n)
{
    return s->io.write(s->io.ctx, p, n) == 0 ? PQS_OK : PQS_ERR_IO;
}

/* The end of the handshake on both sides, r being how it went so far: our key confirmation (at
 * s->buf + PQS_MSG2_BYTES) out, the peer's in; then the session is open, or ended with the first
 * error. */
static int confirm_and_open(pqs_session *s, int r)
{
    if (r == PQS_OK)
        r = write_all(s, s->buf + PQS_MSG2_BYTES, PQS_CONFIRM_BYTES);
    if (r == PQS_OK) {
        s->records_out = 1;
        r = read_confirm(s);
    }
    if (r != PQS_OK) {
        end_session(s, r);
        return r;
    }
    s->state = ST_OPEN;
    return PQS_OK;
}

int pqs_connect(pqs_session *s, const pqs_io *io, const uint8_t pinned_pk[XW_PK])
{
    pqs_initiator hs;
    memset(s, 0, sizeof *s);
    s->io = *io;
    int r = pqs_initiate(&hs, s->buf, pinned_pk);
    if (r == PQS_OK)
        r = write_all(s, s->buf, PQS_MSG1_BYTES);
    if (r == PQS_OK)
        r = read_start(s, PQS_MSG2_BYTES);
    if (r == PQS_OK)
        r = pqs_initiator_finish(&hs, &s->keys, s->buf + PQS_MSG2_BYTES, s->buf);
    m4crypt_memzero(&hs, sizeof hs);
    return confirm_and_open(s, r);
}

int pqs_accept(pqs_session *s, const pqs_io *io, const pqs_identity *id)
{
    memset(s, 0, sizeof *s);
    s->io = *io;
    int r = read_start(s, PQS_MSG1_BYTES);
    if (r == PQS_OK)
        r = pqs_respond(id, &s->keys, s->buf, s->buf + PQS_MSG2_BYTES, s->buf);
    if (r == PQS_OK)
        r = write_all(s, s->buf, PQS_MSG2_BYTES);
    return confirm_and_open(s, r);
}

int pqs_send(pqs_session *s, const uint8_t *msg, size_t len)
{
    if ((s->state & 0x0f) != ST_OPEN || (s->state & SENT_CLOSE))
        return PQS_ERR_STATE;
    if (len > 0 && !msg)
        return PQS_ERR_PARAM;
    size_t off = 0;
    do {
        const size_t n = len - off > PQS_MAX_FRAGMENT ? PQS_MAX_FRAGMENT : len - off;
        const uint8_t flags = off + n < len ? PQS_MORE : 0;
        int r = pqs_record_seal(&s->keys, s->buf, PQS_DATA, flags, msg + off, n);
        if (r == PQS_OK)
            r = write_all(s, s->buf, PQS_HEADER_BYTES + n + PQS_TAG_BYTES);
        if (r != PQS_OK)
            return fail(s, r);
        s->records_out++;
        off += n;
    } while (off < len);
    return PQS_OK;
}

int pqs_recv(pqs_session *s, uint8_t *msg, size_t cap, size_t *len)
{
    if ((s->state & 0x0f) != ST_OPEN || (s->state & GOT_CLOSE))
        return PQS_ERR_STATE;
    size_t total = 0;
    int r;
    for (;;) {
        uint8_t type = 0, flags = 0;
        size_t n = 0;
        r = read_record(s, &type, &flags, &n);
        if (r != PQS_OK)
            break;
        const uint8_t *pt = s->buf + PQS_HEADER_BYTES;
        if (type == PQS_DATA) {
            if (n > cap - total) {
                r = PQS_ERR_TOO_LONG;
                break;
            }
            memcpy(msg + total, pt, n); /* authenticated: released to the caller */
            total += n;
            m4crypt_memzero(s->buf, PQS_HEADER_BYTES + n);
            if (!(flags & PQS_MORE)) {
                *len = total;
                return PQS_OK;
            }
        } else if (type == PQS_CLOSE && total == 0) {
            s->state |= GOT_CLOSE;
            if (s->state & SENT_CLOSE)
                end_session(s, 0);
            return PQS_CLOSED;
        } else if (type == PQS_ALERT) {
            s->peer_alert = pt[0];
            r = PQS_ERR_PEER_ALERT;
            break;
        } else { /* a second CONFIRM, or CLOSE inside a message */
            r = PQS_ERR_UNEXPECTED;
            break;
        }
    }
    if (total > 0)
        m4crypt_memzero(msg, total); /* no part of an unfinished message stays behind */
    return fail(s, r);
}

int pqs_close(pqs_session *s)
{
    if ((s->state & 0x0f) != ST_OPEN || (s->state & SENT_CLOSE))
        return PQS_ERR_STATE;
    int r = pqs_record_seal(&s->keys, s->buf, PQS_CLOSE, 0, NULL, 0);
    if (r == PQS_OK)
        r = write_all(s, s->buf, PQS_HEADER_BYTES + PQS_TAG_BYTES);
    if (r != PQS_OK)
        return fail(s, r);
    s->records_out++;
    s->state |= SENT_CLOSE;
    if (s->state & GOT_CLOSE)
        end_session(s, 0);
    return PQS_OK;
}

void pqs_session_wipe(pqs_session *s)
{
    m4crypt_memzero(s, sizeof *s);
}
