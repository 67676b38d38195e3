/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pqsession host program: the initiator of pqNK, over a serial line reached as a socket (QEMU's
 * serial character device: -serial unix:PATH,server=on or tcp:HOST:PORT,server=on). Built with
 * the host library (build/host-gcc/libm4crypt.a, whose randomness is getrandom(2)) and the same
 * pqsession.c as the firmware.
 *
 *   pqsession_host pubkey KEYHEX FILE
 *       writes the public key (1,216 bytes) of the device whose secret key (seed) is KEYHEX:
 *       what a device's owner pins in the host, once, when the device is provisioned.
 *   pqsession_host run --connect unix:PATH|tcp:HOST:PORT --pin FILE [--sizes N,N,...]
 *                      [--fault NAME] [--timeout-ms N]
 *       connects, runs the handshake with the pinned key, sends one echo request per size
 *       ("E" || N random bytes; the device answers "e" || SHA3-256(data) || data, which is
 *       checked), closes the session and waits for the device's close record.
 *
 * Faults, injected on the wire after the protocol code (for the tests; an attacker on the line
 * can do each of them):
 *   tamper-msg1     flip a bit of handshake message 1 (in ct_s) as it is sent
 *   tamper-msg2     flip a bit of handshake message 2 (in ct_e) as it arrives
 *   tamper-record   flip a ciphertext bit of our record 4 as it is sent
 *   tamper-header   flip the "more" flag in the header of our record 4
 *   replay-record   send our record 3 a second time, just before record 4
 *   reorder-record  hold our record 4 back and send it after record 5
 *   truncate-record send only the first 100 bytes of our record 4, and nothing after them (the
 *                   line towards the device is cut; the device sees it fall silent)
 * With the default sizes, records 4 and 5 are the two records of the fourth message (2000 bytes);
 * record 0 is the confirmation.
 * Exit code: 0 when every echo was right and both ends closed the session, 2 if the handshake
 * failed, 3 if the session failed after it, 1 for bad arguments or a line that cannot be opened.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "m4crypt/fips202.h"
#include "pqsession.h"

#define MAX_MESSAGE 8192

enum fault { NONE, TAMPER_MSG1, TAMPER_MSG2, TAMPER_RECORD, TAMPER_HEADER, REPLAY, REORDER,
             TRUNCATE };
static const char *const fault_names[] = {"none", "tamper-msg1", "tamper-msg2", "tamper-record",
                                          "tamper-header", "replay-record", "reorder-record",
                                          "truncate-record"};

typedef struct {
    int fd;
    int timeout_ms;
    enum fault fault;
    int fault_done;
    int cut;                   /* truncate-record: nothing we send arrives any more */
    unsigned long writes;      /* write calls so far: 0 = message 1, then one per record */
    unsigned long long rx;     /* bytes received so far */
    uint8_t saved[PQS_MAX_RECORD];
    size_t saved_len;
    uint8_t held[PQS_MAX_RECORD];
    size_t held_len;
} line;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int send_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t w = send(fd, p, n, 0);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static uint64_t record_counter(const uint8_t *rec)
{
    uint64_t v = 0;
    for (int i = 4; i < 12; i++)
        v = v << 8 | rec[i];
    return v;
}

static void injected(line *l, const char *what)
{
    printf("host: fault injected: %s\n", what);
    fflush(stdout);
    l->fault_done = 1;
}

static int line_write(void *ctx, const uint8_t *buf, size_t len)
{
    line *l = ctx;
    const unsigned long call = l->writes++;
    const int is_record = call > 0 && len >= PQS_HEADER_BYTES + PQS_TAG_BYTES;
    const uint64_t n = is_record ? record_counter(buf) : ~(uint64_t)0;
    if (l->cut) /* the line towards the device is cut: what we send is lost */
        return 0;
    uint8_t copy[PQS_MSG1_BYTES];
    if (len > sizeof copy)
        return -1;
    memcpy(copy, buf, len);
    switch (l->fault_done ? NONE : l->fault) {
    case TAMPER_MSG1:
        if (call == 0) {
            copy[100] ^= 0x01;
            injected(l, "flipped bit 0 of byte 100 of handshake message 1 (in ct_s)");
        }
        break;
    case TAMPER_RECORD:
        if (n == 4) {
            copy[len > PQS_HEADER_BYTES + PQS_TAG_BYTES ? PQS_HEADER_BYTES : len - 1] ^= 0x01;
            injected(l, "flipped a ciphertext bit of record 4");
        }
        break;
    case TAMPER_HEADER:
        if (n == 4) {
            copy[1] ^= PQS_MORE;
            injected(l, "flipped the 'more' flag in the header of record 4");
        }
        break;
    case REPLAY:
        if (n == 3) {
            memcpy(l->saved, buf, len);
            l->saved_len = len;
        } else if (n == 4 && l->saved_len > 0) {
            injected(l, "sent record 3 again before record 4");
            if (send_all(l->fd, l->saved, l->saved_len) != 0)
                return -1;
        }
        break;
    case REORDER:
        if (n == 4) {
            memcpy(l->held, buf, len);
            l->held_len = len;
            return 0; /* held back */
        }
        if (n == 5 && l->held_len > 0) {
            injected(l, "sent record 5 before record 4");
            if (send_all(l->fd, copy, len) != 0)
                return -1;
            return send_all(l->fd, l->held, l->held_len);
        }
        break;
    case TRUNCATE:
        if (n == 4 && len > 100) {
            injected(l, "sent only the first 100 bytes of record 4; from here on the line "
                        "towards the device is cut");
            int r = send_all(l->fd, copy, 100);
            l->cut = 1;
            return r;
        }
        break;
    default:
        break;
    }
    return send_all(l->fd, copy, len);
}

static int line_read(void *ctx, uint8_t *buf, size_t len, size_t *got, int start)
{
    line *l = ctx;
    size_t n = 0;
    (void)start;
    while (n < len) {
        struct pollfd p = {l->fd, POLLIN, 0};
        int pr = poll(&p, 1, l->timeout_ms);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr <= 0)
            break;
        ssize_t r = recv(l->fd, buf + n, len - n, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        /* tamper-msg2: the stream's first bytes are message 2 */
        if (l->fault == TAMPER_MSG2 && !l->fault_done && l->rx <= 100 &&
            l->rx + (unsigned long long)r > 100) {
            buf[n + (100 - l->rx)] ^= 0x01;
            injected(l, "flipped bit 0 of byte 100 of handshake message 2 (in ct_e)");
        }
        l->rx += (unsigned long long)r;
        n += (size_t)r;
    }
    *got = n;
    return n == len ? 0 : -1;
}

static int open_line(const char *spec)
{
    if (strncmp(spec, "unix:", 5) == 0) {
        struct sockaddr_un a;
        memset(&a, 0, sizeof a);
        a.sun_family = AF_UNIX;
        if (strlen(spec + 5) >= sizeof a.sun_path)
            return -1;
        strcpy(a.sun_path, spec + 5);
        int fd = socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0)
            return fd;
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (strncmp(spec, "tcp:", 4) == 0) {
        char host[256];
        const char *colon = strrchr(spec + 4, ':');
        if (!colon || (size_t)(colon - spec - 4) >= sizeof host)
            return -1;
        memcpy(host, spec + 4, (size_t)(colon - spec - 4));
        host[colon - spec - 4] = 0;
        struct addrinfo hints, *res = NULL;
        memset(&hints, 0, sizeof hints);
        hints.ai_socktype = SOCK_STREAM;
        if (getaddrinfo(host, colon + 1, &hints, &res) != 0)
            return -1;
        int fd = -1;
        for (struct addrinfo *ai = res; ai && fd < 0; ai = ai->ai_next) {
            fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
            if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
                close(fd);
                fd = -1;
            }
        }
        freeaddrinfo(res);
        return fd;
    }
    return -1;
}

/* Ends our use of the line without losing what we sent: a socket closed with bytes still
 * queued may be dropped by the far end (QEMU's character device disconnects on hang-up before
 * the guest has read them all). So: close our sending half, then wait (at most 10 s) until the
 * far end closes too (the device has finished; in QEMU, the emulator has exited). */
static void close_line(int fd)
{
    uint8_t sink[256];
    shutdown(fd, SHUT_WR);
    const double t0 = now_ms();
    while (now_ms() - t0 < 10000) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 200) > 0 && recv(fd, sink, sizeof sink, 0) <= 0)
            break;
    }
    close(fd);
}

static int read_file(const char *path, uint8_t *buf, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, len, f);
    int extra = fgetc(f);
    fclose(f);
    return n == len && extra == EOF ? 0 : -1;
}

static int parse_hex(uint8_t *out, size_t n, const char *s)
{
    if (strlen(s) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static void print_hex(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
}

static int cmd_pubkey(int argc, char **argv)
{
    uint8_t sk[32], pk[M4CRYPT_XWING_PUBLICKEYBYTES];
    m4crypt_xwing_expanded_key k;
    if (argc != 4 || parse_hex(sk, 32, argv[2]) != 0) {
        fprintf(stderr, "usage: pqsession_host pubkey KEYHEX64 FILE\n");
        return 1;
    }
    m4crypt_xwing_expand_key(&k, sk);
    m4crypt_xwing_expanded_key_public(pk, &k);
    m4crypt_xwing_expanded_key_wipe(&k);
    m4crypt_memzero(sk, sizeof sk);
    FILE *f = fopen(argv[3], "wb");
    if (!f || fwrite(pk, 1, sizeof pk, f) != sizeof pk || fclose(f) != 0) {
        fprintf(stderr, "pqsession_host: cannot write %s\n", argv[3]);
        return 1;
    }
    return 0;
}

static void report_error(const char *when, int r, const pqs_session *s)
{
    printf("host: %s: %s", when, pqs_strerror(r));
    if (r == PQS_ERR_PEER_ALERT)
        printf(" (the device's alert: %s)", pqs_alert_name(s->peer_alert));
    if (r == PQS_ERR_TRUNCATED)
        printf(" (%zu of %zu bytes)", s->got, s->wanted);
    if (r == PQS_ERR_COUNTER)
        printf(" (record counter %llu, expected %llu)", (unsigned long long)s->seen_counter,
               (unsigned long long)s->keys.recv_n);
    printf("\n");
    fflush(stdout);
}

static pqs_session session;
static uint8_t msg[1 + MAX_MESSAGE], reply[1 + 32 + MAX_MESSAGE + 1];

static int cmd_run(int argc, char **argv)
{
    const char *connect_to = NULL, *pin = NULL, *sizes = "0,1,64,2000,1024,1025,8192,100";
    static line l;
    l.timeout_ms = 15000;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            goto usage;
        if (strcmp(a, "--connect") == 0)
            connect_to = v;
        else if (strcmp(a, "--pin") == 0)
            pin = v;
        else if (strcmp(a, "--sizes") == 0)
            sizes = v;
        else if (strcmp(a, "--timeout-ms") == 0)
            l.timeout_ms = atoi(v);
        else if (strcmp(a, "--fault") == 0) {
            unsigned f = 0;
            while (f < sizeof fault_names / sizeof fault_names[0] && strcmp(v, fault_names[f]))
                f++;
            if (f == sizeof fault_names / sizeof fault_names[0])
                goto usage;
            l.fault = (enum fault)f;
        } else
            goto usage;
        i++;
    }
    if (!connect_to || !pin)
        goto usage;

    uint8_t pinned[M4CRYPT_XWING_PUBLICKEYBYTES], digest[32];
    if (read_file(pin, pinned, sizeof pinned) != 0) {
        fprintf(stderr, "pqsession_host: %s is not a 1216-byte X-Wing public key\n", pin);
        return 1;
    }
    m4crypt_sha3_256(digest, pinned, sizeof pinned);
    printf("host: pinned device key SHA3-256 ");
    print_hex(digest, 8);
    printf("...\n");

    /* QEMU creates the socket when it starts: try for a few seconds. */
    double t0 = now_ms();
    l.fd = -1;
    while (l.fd < 0 && now_ms() - t0 < 10000) {
        l.fd = open_line(connect_to);
        if (l.fd < 0)
            nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
    if (l.fd < 0) {
        fprintf(stderr, "pqsession_host: cannot connect to %s\n", connect_to);
        return 1;
    }

    const pqs_io io = {&l, line_write, line_read};
    t0 = now_ms();
    int r = pqs_connect(&session, &io, pinned);
    if (r != PQS_OK) {
        report_error("handshake failed", r, &session);
        close_line(l.fd);
        return 2;
    }
    printf("host: session established (keys confirmed) in %.0f ms; on the wire: %d + %d bytes "
           "sent (message 1, confirmation), %d + %d received; handshake hash ",
           now_ms() - t0, PQS_MSG1_BYTES, PQS_CONFIRM_BYTES, PQS_MSG2_BYTES, PQS_CONFIRM_BYTES);
    print_hex(session.keys.h, 8);
    printf("...\n");
    fflush(stdout);

    unsigned count = 0;
    for (const char *p = sizes; *p;) {
        char *end;
        unsigned long n = strtoul(p, &end, 10);
        if (end == p || n > MAX_MESSAGE) {
            fprintf(stderr, "pqsession_host: bad size list %s\n", sizes);
            return 1;
        }
        p = *end == ',' ? end + 1 : end;
        msg[0] = 'E';
        m4crypt_randombytes(msg + 1, n);
        const uint64_t out0 = session.records_out, in0 = session.records_in;
        r = pqs_send(&session, msg, 1 + n);
        size_t len = 0;
        if (r == PQS_OK)
            r = pqs_recv(&session, reply, sizeof reply, &len);
        if (r != PQS_OK) {
            report_error("session ended", r, &session);
            close_line(l.fd);
            return 3;
        }
        uint8_t want[32];
        m4crypt_sha3_256(want, msg + 1, n);
        if (len != 33 + n || reply[0] != 'e' || memcmp(reply + 1, want, 32) != 0 ||
            memcmp(reply + 33, msg + 1, n) != 0) {
            printf("host: message %u: the echo of %lu bytes is wrong\n", count, n);
            close_line(l.fd);
            return 3;
        }
        printf("host: message %u: %lu bytes echoed and checked (%llu records out, %llu in)\n",
               count, n, (unsigned long long)(session.records_out - out0),
               (unsigned long long)(session.records_in - in0));
        fflush(stdout);
        count++;
    }
    if (l.fault != NONE && !l.fault_done) {
        printf("host: the fault %s was never injected (too few or too short messages)\n",
               fault_names[l.fault]);
        close_line(l.fd);
        return 1;
    }
    r = pqs_close(&session);
    size_t len = 0;
    if (r == PQS_OK)
        r = pqs_recv(&session, reply, sizeof reply, &len);
    if (r != PQS_CLOSED) {
        report_error("closing", r == PQS_OK ? PQS_ERR_UNEXPECTED : r, &session);
        close_line(l.fd);
        return 3;
    }
    printf("host: session closed by both ends after %u messages (%llu records out, %llu in)\n",
           count, (unsigned long long)session.records_out,
           (unsigned long long)session.records_in);
    pqs_session_wipe(&session);
    close_line(l.fd);
    return 0;

usage:
    fprintf(stderr, "usage: pqsession_host run --connect unix:PATH|tcp:HOST:PORT --pin FILE "
                    "[--sizes N,N,...] [--fault NAME] [--timeout-ms N]\n");
    return 1;
}

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN); /* a closed line is an error return, not a signal */
    if (argc >= 2 && strcmp(argv[1], "pubkey") == 0)
        return cmd_pubkey(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "run") == 0)
        return cmd_run(argc, argv);
    fprintf(stderr, "usage: pqsession_host pubkey KEYHEX64 FILE\n"
                    "       pqsession_host run --connect unix:PATH|tcp:HOST:PORT --pin FILE "
                    "[--sizes N,N,...] [--fault NAME]\n");
    return 1;
}
