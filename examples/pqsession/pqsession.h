/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pqsession: a post-quantum encrypted session between a host (initiator) and a device
 * (responder) over a byte stream such as a serial line. The handshake is the KEM-based Noise
 * pattern pqNK of "Post-Quantum Noise" (Angel, Dowling, Huelsing, Schwabe, Weber, ACM CCS 2022,
 * IACR ePrint 2022/539) with X-Wing as the KEM; records are ChaCha20-Poly1305. The key
 * schedule, the wire format and the error handling are written down in README.md (same
 * directory). This code is compiled unchanged into the host program (host.c) and the device
 * firmware (device.c).
 *
 * Two layers:
 *  - message functions with no I/O (pqs_initiate, pqs_respond, pqs_initiator_finish,
 *    pqs_record_seal, pqs_record_open): what the benchmark and the unit tests call;
 *  - a session over a byte stream (pqs_connect, pqs_accept, pqs_send, pqs_recv, pqs_close),
 *    given two callbacks that write and read bytes.
 * Every function returns PQS_OK (0) or a negative PQS_ERR_* code (pqs_strerror).
 */
#ifndef PQSESSION_H
#define PQSESSION_H

#include <stddef.h>
#include <stdint.h>

#include "m4crypt/xwing.h"

/* ---------------------------------------------------------------- sizes */
#define PQS_KEY_BYTES 32
#define PQS_HASH_BYTES 32
/* Handshake message 1 (host to device): skem (the X-Wing ciphertext to the device's static key)
 * then e (the host's ephemeral X-Wing public key). Message 2 (device to host): ekem (the X-Wing
 * ciphertext to the host's ephemeral key). */
#define PQS_MSG1_BYTES (M4CRYPT_XWING_CIPHERTEXTBYTES + M4CRYPT_XWING_PUBLICKEYBYTES) /* 2336 */
#define PQS_MSG2_BYTES M4CRYPT_XWING_CIPHERTEXTBYTES                                 /* 1120 */
/* Record: header (type, flags, length, counter; the AEAD's associated data), ciphertext, tag. */
#define PQS_HEADER_BYTES 12
#define PQS_TAG_BYTES 16
#define PQS_MAX_FRAGMENT 1024 /* plaintext bytes per record; longer messages span records */
#define PQS_MAX_RECORD (PQS_HEADER_BYTES + PQS_MAX_FRAGMENT + PQS_TAG_BYTES) /* 1052 */
#define PQS_CONFIRM_BYTES (PQS_HEADER_BYTES + PQS_TAG_BYTES)               /* 28 */

/* Record types (header byte 0). */
#define PQS_CONFIRM 1 /* the first record in each direction: empty, counter 0 */
#define PQS_DATA 2    /* a message fragment; flag PQS_MORE: the message continues */
#define PQS_CLOSE 3   /* orderly end: empty */
#define PQS_ALERT 4   /* the sender ends the session because of an error: 1 byte, the code */
#define PQS_MORE 0x01

/* ---------------------------------------------------------------- errors */
#define PQS_OK 0
#define PQS_CLOSED 1              /* pqs_recv: the peer closed the session in order */
#define PQS_ERR_IO (-1)           /* the transport failed or the line closed between records */
#define PQS_ERR_TRUNCATED (-2)    /* the line closed or went silent inside a record */
#define PQS_ERR_HEADER (-3)       /* unknown record type, bad flags or a length out of range */
#define PQS_ERR_COUNTER (-4)      /* replayed or reordered record: not the expected counter */
#define PQS_ERR_AUTH (-5)         /* the record failed authentication (tampered) */
#define PQS_ERR_CONFIRM (-6)      /* key confirmation failed: the two ends hold different keys */
#define PQS_ERR_UNEXPECTED (-7)   /* a record type that is not allowed at this point */
#define PQS_ERR_TOO_LONG (-8)     /* the message does not fit the caller's buffer */
#define PQS_ERR_PEER_ALERT (-9)   /* the peer ended the session with an alert (pqs_session) */
#define PQS_ERR_PEER_KEY (-10)    /* the host's ephemeral key fails X-Wing's input check */
#define PQS_ERR_RANDOM (-11)      /* the random number generator failed */
#define PQS_ERR_EXHAUSTED (-12)   /* the record counter reached its limit (2^64 - 1) */
#define PQS_ERR_STATE (-13)       /* the session has already ended (or never started) */
#define PQS_ERR_PARAM (-14)       /* bad argument (length, NULL) */

const char *pqs_strerror(int code);
/* The alert code a side sends for its own error (the codes above, negated, fit a byte). */
const char *pqs_alert_name(uint8_t alert);

/* ---------------------------------------------------------------- handshake */
/* The device's long-term identity: its X-Wing key expanded once, and h after the pattern's
 * pre-message (a function of the public key only), both computed at boot by
 * pqs_identity_init. 2,496 bytes of RAM, secret: pqs_identity_wipe erases it. */
typedef struct {
    m4crypt_xwing_expanded_key key;
    uint8_t h0[PQS_HASH_BYTES];
} pqs_identity;

/* Keys of an established session, one direction each. */
typedef struct {
    uint8_t send_key[PQS_KEY_BYTES], recv_key[PQS_KEY_BYTES];
    uint64_t send_n, recv_n;      /* the counter of the next record in each direction */
    uint8_t h[PQS_HASH_BYTES];    /* the handshake hash (public; for channel binding) */
} pqs_keys;

/* The initiator between its two messages: the ephemeral secret key and the symmetric state. */
typedef struct {
    uint8_t e_sk[M4CRYPT_XWING_SECRETKEYBYTES];
    uint8_t ck[PQS_HASH_BYTES], h[PQS_HASH_BYTES];
} pqs_initiator;

/* h after InitializeSymmetric(protocol name), MixHash(prologue = empty), MixHash(s): what both
 * ends start from. */
void pqs_initial_hash(uint8_t h0[PQS_HASH_BYTES],
                      const uint8_t static_pk[M4CRYPT_XWING_PUBLICKEYBYTES]);
int pqs_identity_init(pqs_identity *id, const uint8_t static_sk[M4CRYPT_XWING_SECRETKEYBYTES]);
void pqs_identity_public_key(uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES], const pqs_identity *id);
void pqs_identity_wipe(pqs_identity *id);

/* Host: message 1 for the pinned device key. */
int pqs_initiate(pqs_initiator *hs, uint8_t msg1[PQS_MSG1_BYTES],
                 const uint8_t pinned_pk[M4CRYPT_XWING_PUBLICKEYBYTES]);
/* Host: message 2 in, keys and the host's confirmation record out; wipes hs. */
int pqs_initiator_finish(pqs_initiator *hs, pqs_keys *keys, uint8_t confirm[PQS_CONFIRM_BYTES],
                         const uint8_t msg2[PQS_MSG2_BYTES]);
/* Device: message 1 in; message 2, keys and the device's confirmation record out. */
int pqs_respond(const pqs_identity *id, pqs_keys *keys, uint8_t msg2[PQS_MSG2_BYTES],
                uint8_t confirm[PQS_CONFIRM_BYTES], const uint8_t msg1[PQS_MSG1_BYTES]);

/* ---------------------------------------------------------------- records */
/* Seals len (<= PQS_MAX_FRAGMENT) bytes of pt as the next record into rec (PQS_HEADER_BYTES +
 * len + PQS_TAG_BYTES bytes; pt may be at rec + PQS_HEADER_BYTES). */
int pqs_record_seal(pqs_keys *k, uint8_t *rec, uint8_t type, uint8_t flags, const uint8_t *pt,
                    size_t len);
/* Checks a received header (12 bytes): type, flags, length, counter. Gives the body length
 * (ciphertext + tag) to read next. Nothing is decrypted. */
int pqs_record_check_header(const pqs_keys *k, const uint8_t hdr[PQS_HEADER_BYTES],
                            size_t *body_len);
/* Opens the record in rec (header and body, as checked) in place: on success the plaintext is
 * at rec + PQS_HEADER_BYTES (length *len) and the receive counter advances; on failure
 * PQS_ERR_AUTH and the buffer holds no plaintext (the AEAD zeroes it). */
int pqs_record_open(pqs_keys *k, uint8_t *rec, size_t rec_len, size_t *len);

/* ---------------------------------------------------------------- sessions over a byte stream */
typedef struct {
    void *ctx;
    /* Writes all len bytes: 0, or -1 if the line is gone. */
    int (*write)(void *ctx, const uint8_t *buf, size_t len);
    /* Reads exactly len bytes: 0; or -1 if the line closed or stayed silent for the
     * transport's timeout, with *got the bytes that did arrive. start is 1 when the bytes begin
     * a handshake message or a record (the peer may take its time: wait as long as the
     * application wants), 0 when they continue one (silence there means a truncated record). */
    int (*read)(void *ctx, uint8_t *buf, size_t len, size_t *got, int start);
} pqs_io;

typedef struct {
    pqs_io io;
    pqs_keys keys;
    int state;          /* 0 none, 1 established, 2 ended */
    int error;          /* the error that ended it (0: closed in order) */
    uint8_t peer_alert; /* the alert the peer sent, if error == PQS_ERR_PEER_ALERT */
    size_t got;         /* on PQS_ERR_TRUNCATED: bytes of the record that arrived */
    size_t wanted;      /* ... of how many */
    uint64_t seen_counter; /* on PQS_ERR_COUNTER: the counter the record carried */
    uint64_t records_in, records_out;
    uint8_t buf[PQS_MSG1_BYTES]; /* handshake messages, then one record at a time */
} pqs_session;

/* Host: sends message 1, reads message 2, exchanges the confirmation records. */
int pqs_connect(pqs_session *s, const pqs_io *io,
                const uint8_t pinned_pk[M4CRYPT_XWING_PUBLICKEYBYTES]);
/* Device: reads message 1, sends message 2 and its confirmation, checks the host's. */
int pqs_accept(pqs_session *s, const pqs_io *io, const pqs_identity *id);
/* Sends one message (any length; split into records of at most PQS_MAX_FRAGMENT bytes). */
int pqs_send(pqs_session *s, const uint8_t *msg, size_t len);
/* Receives one message into msg (cap bytes): PQS_OK with *len, PQS_CLOSED when the peer closed,
 * or an error. A message is written to msg only record by record as each authenticates; if the
 * session fails part-way, what was written is wiped. Any error ends the session: the receiver
 * sends an alert (authenticated with its own sending key) where it can, and both ends stop. */
int pqs_recv(pqs_session *s, uint8_t *msg, size_t cap, size_t *len);
/* Sends the close record (the peer's pqs_recv returns PQS_CLOSED) and ends the session. */
int pqs_close(pqs_session *s);
/* Erases the keys and the buffer. */
void pqs_session_wipe(pqs_session *s);

#endif
