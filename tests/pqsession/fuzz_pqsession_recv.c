/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target for the receiving side of examples/pqsession (the file includes
 * pqsession.c): the byte stream a device's pqs_recv reads is built from the input, as a list of
 * steps, so that the fuzzer reaches every state of the session and not only rejected headers:
 *   0 T F L L data a record correctly sealed by the peer (type T % 6, flags F % 4, L (11 bits)
 *                  bytes of data, the peer's next counter), or with L > 1024 the header alone
 *   1 N bytes      N raw bytes (anything: forged records, garbage, a cut)
 *   2 K            the bit K of the stream so far flipped
 * Then pqs_recv runs until it returns something other than PQS_OK. It must return a defined
 * code; a message it returns must be what was sealed; when it fails, the caller's buffer must be
 * all zero and the session must refuse further use. ASan and UBSan watch the rest.
 */
#include <stdlib.h>
#include <string.h>

#include "../../examples/pqsession/pqsession.c"

static pqs_keys device_keys, host_keys;
static uint8_t stream[16384], expect[8192], out[2048], msg[3000];
static size_t stream_len, stream_pos;

static int tape_write(void *ctx, const uint8_t *buf, size_t len)
{
    (void)ctx, (void)buf, (void)len;
    return 0;
}

static int tape_read(void *ctx, uint8_t *buf, size_t len, size_t *got, int start)
{
    (void)ctx, (void)start;
    size_t n = stream_len - stream_pos < len ? stream_len - stream_pos : len;
    memcpy(buf, stream + stream_pos, n);
    stream_pos += n;
    *got = n;
    return n == len ? 0 : -1;
}

static void setup(void)
{
    for (int i = 0; i < 32; i++) {
        device_keys.send_key[i] = (uint8_t)(i + 1);
        device_keys.recv_key[i] = (uint8_t)(0x80 + i);
    }
    memcpy(host_keys.send_key, device_keys.recv_key, 32);
    memcpy(host_keys.recv_key, device_keys.send_key, 32);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    static pqs_session s;
    if (!ready)
        setup(), ready = 1;
    pqs_keys peer = host_keys;
    peer.send_n = 1;
    stream_len = stream_pos = 0;
    size_t expect_len = 0;
    for (size_t i = 0; i < size;) {
        const uint8_t op = data[i++] % 3;
        if (op == 0 && size - i >= 4) {
            /* types 0..5 (1..4 are the valid ones), flags 0..3 (bit 1 is never valid),
             * lengths 0..2047 */
            const uint8_t type = data[i] % 6, flags = data[i + 1] % 4;
            const size_t len = (size_t)(data[i + 2] & 7) << 8 | data[i + 3];
            i += 4;
            if (len > PQS_MAX_FRAGMENT) {
                if (stream_len + PQS_HEADER_BYTES <= sizeof stream) {
                    const uint8_t hdr[4] = {type, flags, (uint8_t)(len >> 8), (uint8_t)len};
                    memcpy(stream + stream_len, hdr, 4);
                    memset(stream + stream_len + 4, 0, 8);
                    stream_len += PQS_HEADER_BYTES;
                }
                continue;
            }
            const size_t n = len < size - i ? len : size - i;
            if (stream_len + PQS_HEADER_BYTES + len + PQS_TAG_BYTES > sizeof stream)
                break;
            memset(msg, 0, len);
            memcpy(msg, data + i, n);
            i += n;
            if (pqs_record_seal(&peer, stream + stream_len, type, flags, msg, len) != PQS_OK)
                abort();
            stream_len += PQS_HEADER_BYTES + len + PQS_TAG_BYTES;
            if (type == PQS_DATA && expect_len + len <= sizeof expect) {
                memcpy(expect + expect_len, msg, len);
                expect_len += len;
            }
        } else if (op == 1 && i < size) {
            size_t n = data[i++];
            n = n < size - i ? n : size - i;
            if (stream_len + n > sizeof stream)
                break;
            memcpy(stream + stream_len, data + i, n);
            stream_len += n;
            i += n;
        } else if (op == 2 && i < size) {
            if (stream_len > 0)
                stream[(data[i] * 131u) % stream_len] ^= (uint8_t)(1u << (data[i] % 8));
            i++;
        } else
            break;
    }

    static const pqs_io io = {NULL, tape_write, tape_read};
    memset(&s, 0, sizeof s);
    s.io = io;
    s.keys = device_keys;
    s.keys.send_n = s.keys.recv_n = 1;
    s.state = ST_OPEN;
    size_t offset = 0; /* of the messages received so far, in the DATA plaintext sealed */
    for (;;) {
        size_t len = 0;
        memset(out, 0x5a, sizeof out);
        int r = pqs_recv(&s, out, sizeof out, &len);
        if (r == PQS_OK) {
            if (len > sizeof out)
                abort();
            /* every message returned authenticated, so it is the next stretch of sealed data
             * (whatever was forged in between was refused and ended the session) */
            if (offset + len <= expect_len && memcmp(out, expect + offset, len) != 0)
                abort();
            offset += len;
            continue;
        }
        if (r == PQS_CLOSED)
            break;
        if (r > 0 || r < PQS_ERR_PARAM)
            abort();
        for (size_t k = 0; k < sizeof out; k++)
            if (out[k] != 0 && out[k] != 0x5a)
                abort(); /* a failed message left some of its bytes in the caller's buffer */
        if (pqs_recv(&s, out, sizeof out, &len) != PQS_ERR_STATE)
            abort();
        break;
    }
    return 0;
}
