/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Console and host link over the board's UART (115200 baud, 8N1), the same on every board and in
 * QEMU's netduinoplus2. A board has no file system: the test programs' vector files are served by
 * the host tool (tools/board/boardlink.py) over the same serial line.
 *
 * Protocol "m4crypt-link 1". Everything the firmware sends is console text, except request lines:
 *     0x01 <seq> <op> <args> '\n'
 *         S m4crypt-link 1 <board>      hello at boot (the host answers status 0)
 *         O <path>                      open a vector file: status = host handle, or -1
 *         R <handle> <offset> <max>     read up to max bytes at offset: status = bytes sent
 *         C <handle>                    close: status 0
 *         X <exit code>                 the program ended (no answer)
 * The host answers each request (except X) with
 *     0x02 <seq> <status> <length> <crc32 as 8 hex digits> '\n' <length bytes>
 * where crc32 is the IEEE 802.3 CRC-32 of the bytes (the one zlib.crc32 computes). The firmware
 * only listens while it waits for an answer, so the line is half-duplex. A corrupt answer (bad
 * header, short payload, CRC mismatch, UART error) is asked for again, up to 3 times; reads name
 * their offset so a repeat is harmless; an answer with another sequence number is skipped. Every
 * wait is bounded: with no host the boot hello gives up after about 30 s, and file opens fail
 * (the test reports "cannot open vector file").
 *
 * Console bytes 0x01 and 0x02 are replaced by '?' so that the framing stays unambiguous.
 *
 * netduinoplus2 build only (STM32_SEMIHOSTING): QEMU moves USART bytes at about 10 KB/s, like the
 * real line, too slow for the 5 MB of ML-KEM vectors. The runner answers an open of a large file
 * with status -2 and, as payload, the path of the same (--quick) data for semihosting SYS_OPEN;
 * small files still travel over the USART. A board build treats -2 as a failed open.
 */
#include <string.h>

#include "platform.h"
#include "stm32-common/stm32.h"

#define LINK_REQ 0x01
#define LINK_RSP 0x02
#define LINK_MAX_READ 4096u
#define LINK_FILES 4
/* Idle loop iterations between two receive polls: a few microseconds at most, far below the
 * 87 us of a byte (the netduinoplus2 build waits longer, see uart_getc). */
#ifndef STM32_POLL_PAUSE
#define STM32_POLL_PAUSE 32
#endif

static int uart_dead;
static int host_present = -1; /* -1: not asked yet, 0: no answer at boot, 1: answered */
static uint32_t link_seq;

/* ------------------------------------------------------------------ console */

static void uart_putc(uint8_t c)
{
    stm32_deadline d;
    if (uart_dead)
        return;
    /* One character takes 87 us at 115200 baud; 2 ms means the UART is not running. */
    stm32_deadline_start(&d, 2000);
    while (!stm32_board_uart_tx_ready()) {
        if (stm32_deadline_expired(&d)) {
            uart_dead = 1;
            return;
        }
    }
    stm32_board_uart_tx(c);
}

void stm32_uart_drain(void)
{
    stm32_deadline d;
    if (uart_dead)
        return;
    stm32_deadline_start(&d, 5000);
    while (!(stm32_board_uart_tx_ready() && stm32_board_uart_tx_done()))
        if (stm32_deadline_expired(&d))
            return;
}

void plat_write(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        uint8_t c = (uint8_t)s[i];
        uart_putc(c == LINK_REQ || c == LINK_RSP ? (uint8_t)'?' : c);
    }
}

void stm32_puts(const char *s)
{
    plat_write(s, strlen(s));
}

static size_t fmt_dec(char *out, uint32_t v)
{
    char tmp[10];
    size_t n = 0, len = 0;
    do {
        tmp[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        out[len++] = tmp[--n];
    return len;
}

void stm32_put_dec(uint32_t v)
{
    char buf[10];
    plat_write(buf, fmt_dec(buf, v));
}

void stm32_put_hex(uint32_t v)
{
    char buf[8];
    for (int i = 0; i < 8; i++)
        buf[i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 15u];
    plat_write(buf, 8);
}

void stm32_note(const char *s)
{
    stm32_puts("board: ");
    stm32_puts(s);
    stm32_puts("\n");
}

/* ------------------------------------------------------------------ receiving */

/* A byte, -1 on timeout, -2 on a receive error. */
static int uart_getc(uint32_t us)
{
    stm32_deadline d;
    stm32_deadline_start(&d, us);
    for (;;) {
        uint8_t c;
        int r = stm32_board_uart_rx(&c);
        if (r > 0)
            return c;
        if (r < 0)
            return -2;
        if (stm32_deadline_expired(&d))
            return -1;
        /* A short pause between polls (a byte lasts 87 us at 115200 baud): in QEMU every poll
         * of the status register takes the emulator's global lock, and a tight loop starves the
         * thread that delivers the next byte. */
        for (int i = 0; i < STM32_POLL_PAUSE; i++)
            __asm__ volatile("nop");
    }
}

/* Discards input until the line has been quiet for 50 ms (at most 64 KB). */
static void link_drain(void)
{
    for (uint32_t n = 0; n < 65536u; n++)
        if (uart_getc(50000) == -1)
            return;
}

/* IEEE 802.3 CRC-32, reflected, polynomial 0xEDB88320, initial and final complement. */
static uint32_t crc32(const uint8_t *p, size_t n)
{
    uint32_t crc = 0xffffffffu;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static const char *parse_dec(const char *s, long *v)
{
    int neg = *s == '-';
    long x = 0;
    s += neg;
    if (*s < '0' || *s > '9')
        return 0;
    while (*s >= '0' && *s <= '9') {
        if (x > 100000000L)
            return 0;
        x = x * 10 + (*s++ - '0');
    }
    *v = neg ? -x : x;
    return s;
}

/* Reads "<seq> <status> <length> <crc>\n" after the STX. */
static int link_header(long *seq, long *status, long *len, uint32_t *crc)
{
    char h[64];
    size_t n = 0;
    for (;;) {
        int c = uart_getc(200000);
        if (c < 0)
            return -1;
        if (c == '\n')
            break;
        if (n + 1 >= sizeof h)
            return -1;
        h[n++] = (char)c;
    }
    h[n] = 0;
    const char *s = parse_dec(h, seq);
    if (!s || *s++ != ' ' || !(s = parse_dec(s, status)) || *s++ != ' ' ||
        !(s = parse_dec(s, len)) || *s++ != ' ' || *len < 0)
        return -1;
    uint32_t x = 0;
    for (int i = 0; i < 8; i++, s++) {
        int d = (*s >= '0' && *s <= '9')   ? *s - '0'
                : (*s >= 'a' && *s <= 'f') ? *s - 'a' + 10
                                           : -1;
        if (d < 0)
            return -1;
        x = x << 4 | (uint32_t)d;
    }
    *crc = x;
    return *s == 0 ? 0 : -1;
}

static void link_send(uint32_t seq, const char *req)
{
    char num[10];
    uart_putc(LINK_REQ);
    plat_write(num, fmt_dec(num, seq));
    uart_putc(' ');
    stm32_puts(req);
    uart_putc('\n');
}

/* Sends a request and reads its answer into buf (at most max bytes): 0 with *status and *got
 * set, or -1 when no valid answer came within wait_s seconds (3 attempts for corrupt answers). */
static int link_call(const char *req, uint8_t *buf, size_t max, long *status, size_t *got,
                     uint32_t wait_s)
{
    uint32_t seq = ++link_seq % 100000u;
    for (int attempt = 0; attempt < 3; attempt++) {
        link_send(seq, req);
        uint32_t waited = 0, noise = 0;
        for (;;) {
            int c = uart_getc(1000000);
            if (c == -1) {
                if (++waited >= wait_s)
                    return -1;
                continue;
            }
            if (c != LINK_RSP) {
                if (++noise > 65536u)
                    return -1;
                continue;
            }
            long rseq, st, len;
            uint32_t crc;
            if (link_header(&rseq, &st, &len, &crc) != 0 || (size_t)len > max)
                break; /* corrupt: ask again */
            long i;
            for (i = 0; i < len; i++) {
                int b = uart_getc(200000);
                if (b < 0)
                    break;
                buf[i] = (uint8_t)b;
            }
            if (i != len || crc32(buf, (size_t)len) != crc)
                break;
            if ((uint32_t)rseq != seq)
                continue; /* a late answer to an earlier request */
            *status = st;
            *got = (size_t)len;
            return 0;
        }
        link_drain();
    }
    return -1;
}

static uint32_t wait_seconds(void)
{
    return host_present == 1 ? 30u : 2u;
}

void stm32_link_sync(void)
{
    char req[96] = "S m4crypt-link 1 ";
    size_t n = strlen(req), b = strlen(stm32_board_name);
    long status;
    size_t got;
    uint8_t none[1];
    if (b > sizeof req - n - 1)
        b = sizeof req - n - 1;
    memcpy(req + n, stm32_board_name, b);
    req[n + b] = 0;
    for (int i = 0; i < 30; i++) {
        if (link_call(req, none, 0, &status, &got, 1) == 0) {
            host_present = 1;
            return;
        }
        if (uart_dead)
            break;
    }
    host_present = 0;
    stm32_note("no host tool answered on the serial line: vector files cannot be read");
}

void stm32_link_exit(int code)
{
    char req[16] = "X ";
    size_t n = 2;
    if (code < 0) {
        req[n++] = '-';
        n += fmt_dec(req + n, (uint32_t)-code);
    } else {
        n += fmt_dec(req + n, (uint32_t)code);
    }
    req[n] = 0;
    link_send(++link_seq % 100000u, req);
}

/* ------------------------------------------------------------------ vector files */

static struct {
    long host;
    uint32_t offset;
    int used, semihosted;
} files[LINK_FILES];

#ifdef STM32_SEMIHOSTING
static long semihost_open(const char *path)
{
    struct {
        const char *name;
        uint32_t mode, len;
    } block = {path, 1 /* "rb" */, (uint32_t)strlen(path)};
    return semihost_call(SYS_OPEN, &block);
}
#endif

int plat_open_read(const char *path)
{
    char req[256] = "O ";
    size_t len = strlen(path);
    long status;
    size_t got;
    char answer[256];
    if (len + 3 > sizeof req)
        return -1;
    memcpy(req + 2, path, len + 1);
    for (int h = 0; h < LINK_FILES; h++) {
        if (files[h].used)
            continue;
        if (link_call(req, (uint8_t *)answer, sizeof answer - 1, &status, &got,
                      wait_seconds()) != 0)
            return -1;
        files[h].semihosted = 0;
#ifdef STM32_SEMIHOSTING
        if (status == -2 && got > 0) {
            answer[got] = 0;
            status = semihost_open(answer);
            files[h].semihosted = 1;
        }
#endif
        if (status < 0)
            return -1;
        files[h].host = status;
        files[h].offset = 0;
        files[h].used = 1;
        return h;
    }
    return -1;
}

long plat_read(int handle, void *buf, size_t len)
{
    char req[48] = "R ";
    size_t n = 2;
    long status;
    size_t got;
    if (handle < 0 || handle >= LINK_FILES || !files[handle].used)
        return -1;
#ifdef STM32_SEMIHOSTING
    if (files[handle].semihosted) {
        struct {
            int32_t handle;
            void *buf;
            uint32_t len;
        } block = {(int32_t)files[handle].host, buf, (uint32_t)len};
        int32_t not_read = semihost_call(SYS_READ, &block);
        if (not_read < 0 || (uint32_t)not_read > len)
            return -1;
        return (long)(len - (uint32_t)not_read);
    }
#endif
    if (len > LINK_MAX_READ)
        len = LINK_MAX_READ;
    n += fmt_dec(req + n, (uint32_t)files[handle].host);
    req[n++] = ' ';
    n += fmt_dec(req + n, files[handle].offset);
    req[n++] = ' ';
    n += fmt_dec(req + n, (uint32_t)len);
    req[n] = 0;
    if (link_call(req, buf, len, &status, &got, wait_seconds()) != 0 || status < 0 ||
        (size_t)status != got)
        return -1;
    files[handle].offset += (uint32_t)got;
    return (long)got;
}

void plat_close(int handle)
{
    char req[16] = "C ";
    long status;
    size_t got;
    uint8_t none[1];
    if (handle < 0 || handle >= LINK_FILES || !files[handle].used)
        return;
    files[handle].used = 0;
#ifdef STM32_SEMIHOSTING
    if (files[handle].semihosted) {
        int32_t block = (int32_t)files[handle].host;
        semihost_call(SYS_CLOSE, &block);
        return;
    }
#endif
    req[2 + fmt_dec(req + 2, (uint32_t)files[handle].host)] = 0;
    link_call(req, none, 0, &status, &got, wait_seconds());
}
