/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * pqsession device firmware for mps2-an386 (QEMU: -M mps2-an386, UART0 = the first -serial).
 *
 * The device is the responder of pqNK: it holds a static X-Wing key, expands it once at boot
 * (m4crypt_xwing_expand_key) and serves one session over UART0: the handshake, then an echo
 * service (a message "E" || data is answered with "e" || SHA3-256(data) || data), until the
 * host closes the session or an error ends it. Its log goes to the semihosting console, not to
 * the UART, which carries only the protocol.
 *
 * Arguments (semihosting command line), for QEMU:
 *   --key HEX        the 32-byte X-Wing secret key (seed) of this device (required; a real
 *                    device reads it from its protected storage)
 *   --entropy HEX    seeds the emulator's random generator (QEMU has no entropy source; a real
 *                    board uses its hardware RNG through m4crypt_platform_randombytes)
 *   --fault tamper-reply
 *                    flips a bit in the device's record number 3 (a test of the host's checks)
 *   --idle-ms N      silence inside a record after which it counts as truncated (2000)
 *   --wait-ms N      how long to wait for the start of a message (60000)
 * Exit code: 0 when the session ended with both close records, 2 if the handshake failed, 3 if
 * the session failed after it, 1 for bad arguments.
 */
#include <string.h>

#include "m4crypt/fips202.h"
#include "pqsession.h"
#include "platform.h"
#include "uart_cmsdk.h"

#define MAX_MESSAGE 8192 /* the echo service's limit on a message's data */

static pqs_identity identity;
static pqs_session session;
static uint8_t msg[1 + MAX_MESSAGE];
static uint8_t reply[1 + 32 + MAX_MESSAGE];

/* ---------------------------------------------------------------- console */

static void say(const char *s)
{
    plat_write(s, strlen(s));
}

static void say_u(unsigned long v)
{
    char b[24];
    int n = 0;
    do
        b[sizeof b - 1 - n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    plat_write(b + sizeof b - n, (size_t)n);
}

static void say_hex(const uint8_t *p, size_t n)
{
    char b[2];
    for (size_t i = 0; i < n; i++) {
        b[0] = "0123456789abcdef"[p[i] >> 4];
        b[1] = "0123456789abcdef"[p[i] & 15];
        plat_write(b, 2);
    }
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes exactly 2 * n hex digits; 0 or -1. */
static int parse_hex(uint8_t *out, size_t n, const char *s)
{
    if (strlen(s) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = hex_value(s[2 * i]), lo = hex_value(s[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

static unsigned long parse_u(const char *s)
{
    unsigned long v = 0;
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (unsigned long)(*s++ - '0');
    return v;
}

/* ---------------------------------------------------------------- the serial line */

typedef struct {
    uint32_t wait_ms, idle_ms;
    int tamper_reply;
} line;

static uint64_t be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static int line_write(void *ctx, const uint8_t *buf, size_t len)
{
    line *l = ctx;
    /* The session writes each record with one call, so a record is recognised by its header. */
    if (l->tamper_reply && len >= PQS_HEADER_BYTES + PQS_TAG_BYTES && buf[0] == PQS_DATA &&
        be64(buf + 4) == 3) {
        uint8_t *p = (uint8_t *)buf; /* the session's own buffer, already sealed */
        p[len > PQS_HEADER_BYTES + PQS_TAG_BYTES ? PQS_HEADER_BYTES : len - 1] ^= 0x04;
        say("device: fault injected: flipped a bit of our record 3\n");
        l->tamper_reply = 0;
    }
    uart_write(buf, len);
    return 0;
}

static int line_read(void *ctx, uint8_t *buf, size_t len, size_t *got, int start)
{
    line *l = ctx;
    return uart_read(buf, len, got, start ? l->wait_ms : l->idle_ms, l->idle_ms);
}

/* ---------------------------------------------------------------- main */

static void report_error(const char *when, int r)
{
    say("device: ");
    say(when);
    say(": ");
    say(pqs_strerror(r));
    if (r == PQS_ERR_PEER_ALERT) {
        say(" (the host's alert: ");
        say(pqs_alert_name(session.peer_alert));
        say(")");
    }
    if (r == PQS_ERR_TRUNCATED) {
        say(" (");
        say_u(session.got);
        say(" of ");
        say_u(session.wanted);
        say(" bytes)");
    }
    if (r == PQS_ERR_COUNTER) {
        say(" (record counter ");
        say_u((unsigned long)session.seen_counter);
        say(", expected ");
        say_u((unsigned long)session.keys.recv_n);
        say(")");
    }
    say("\n");
}

int main(int argc, char **argv)
{
    uint8_t sk[32], pk[M4CRYPT_XWING_PUBLICKEYBYTES], digest[32], entropy[64];
    int have_key = 0;
    line l = {60000, 2000, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (strcmp(a, "--key") == 0 && parse_hex(sk, 32, v) == 0)
            have_key = 1, i++;
        else if (strcmp(a, "--entropy") == 0 && strlen(v) <= 128 && strlen(v) % 2 == 0 &&
                 parse_hex(entropy, strlen(v) / 2, v) == 0)
            plat_seed_random(entropy, strlen(v) / 2), i++;
        else if (strcmp(a, "--fault") == 0 && strcmp(v, "tamper-reply") == 0)
            l.tamper_reply = 1, i++;
        else if (strcmp(a, "--idle-ms") == 0 && parse_u(v) > 0)
            l.idle_ms = (uint32_t)parse_u(v), i++;
        else if (strcmp(a, "--wait-ms") == 0 && parse_u(v) > 0)
            l.wait_ms = (uint32_t)parse_u(v), i++;
        else {
            say("device: bad argument: ");
            say(a);
            say("\nusage: pqsession_device --key HEX64 [--entropy HEX] [--fault tamper-reply] "
                "[--idle-ms N] [--wait-ms N]\n");
            return 1;
        }
    }
    if (!have_key) {
        say("device: --key HEX64 is required\n");
        return 1;
    }

    /* Boot: expand the static key once; keep it (and h after "<- s") for every session. */
    pqs_identity_init(&identity, sk);
    m4crypt_memzero(sk, sizeof sk);
    pqs_identity_public_key(pk, &identity);
    m4crypt_sha3_256(digest, pk, sizeof pk);
    say("device: static X-Wing key expanded (");
    say_u(sizeof identity.key);
    say(" bytes of RAM); public key SHA3-256 ");
    say_hex(digest, 8);
    say("...\n");

    uart_init(115200);
    const pqs_io io = {&l, line_write, line_read};
    int r = pqs_accept(&session, &io, &identity);
    if (r != PQS_OK) {
        report_error("handshake failed", r);
        pqs_identity_wipe(&identity);
        return 2;
    }
    say("device: session established (keys confirmed); handshake hash ");
    say_hex(session.keys.h, 8);
    say("...\n");

    unsigned long messages = 0;
    for (;;) {
        size_t len = 0;
        r = pqs_recv(&session, msg, sizeof msg, &len);
        if (r == PQS_CLOSED) {
            r = pqs_close(&session);
            if (r != PQS_OK)
                break;
            say("device: session closed by the host after ");
            say_u(messages);
            say(" messages; close record sent\n");
            pqs_identity_wipe(&identity);
            return 0;
        }
        if (r != PQS_OK)
            break;
        messages++;
        size_t out_len;
        if (len >= 1 && msg[0] == 'E') { /* echo: "e" || SHA3-256(data) || data */
            reply[0] = 'e';
            m4crypt_sha3_256(reply + 1, msg + 1, len - 1);
            memcpy(reply + 33, msg + 1, len - 1);
            out_len = 32 + len;
        } else {
            reply[0] = '?';
            out_len = 1;
        }
        r = pqs_send(&session, reply, out_len);
        if (r != PQS_OK)
            break;
    }
    report_error("session ended", r);
    say("device: ");
    say_u(session.records_in);
    say(" records in, ");
    say_u(session.records_out);
    say(" out\n");
    pqs_session_wipe(&session);
    pqs_identity_wipe(&identity);
    return 3;
}
