/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Test harness: counting, a small printf, deterministic randomness and the .vec reader. */
#include "harness.h"

#include <stdarg.h>
#include <string.h>

#include "m4crypt/common.h"
#include "param_sets.h"

unsigned t_passed, t_failed;
static const char *vecdir = "build/vectors";
static int quick, slow;

void t_init(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--slow") == 0)
            slow = 1;
        else
            vecdir = argv[i];
    }
}

const char *t_vecdir(void) { return vecdir; }
int t_quick(void) { return quick; }
int t_slow(void) { return slow; }
unsigned t_limit(void) { return quick ? 25 : 0; }

/* ---- output ---- */

static void put_num(char *out, size_t *n, unsigned long long v, unsigned base, int width,
                    char pad, int negative)
{
    char tmp[24];
    int len = 0;
    do {
        tmp[len++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    if (negative)
        tmp[len++] = '-';
    while (len < width--)
        out[(*n)++] = pad;
    while (len)
        out[(*n)++] = tmp[--len];
}

void t_printf(const char *fmt, ...)
{
    char out[512];
    size_t n = 0;
    va_list ap;
    va_start(ap, fmt);
    for (const char *p = fmt; *p && n < sizeof out - 32; p++) {
        if (*p != '%') {
            out[n++] = *p;
            continue;
        }
        p++;
        char pad = ' ';
        int width = 0, longness = 0;
        if (*p == '0')
            pad = '0', p++;
        while (*p >= '0' && *p <= '9')
            width = width * 10 + (*p++ - '0');
        while (*p == 'l' || *p == 'z')
            longness = 1, p++;
        switch (*p) {
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (!s)
                s = "(null)";
            while (*s && n < sizeof out - 32)
                out[n++] = *s++;
            break;
        }
        case 'c':
            out[n++] = (char)va_arg(ap, int);
            break;
        case 'd': {
            long v = longness ? va_arg(ap, long) : va_arg(ap, int);
            put_num(out, &n, v < 0 ? -(unsigned long)v : (unsigned long)v, 10, width, pad, v < 0);
            break;
        }
        case 'u':
        case 'x': {
            unsigned long v = longness ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
            put_num(out, &n, v, *p == 'u' ? 10 : 16, width, pad, 0);
            break;
        }
        case '%':
            out[n++] = '%';
            break;
        default:
            out[n++] = '?';
        }
    }
    va_end(ap);
    plat_write(out, n);
}

void t_hexdump(const char *label, const uint8_t *p, size_t len)
{
    t_printf("  %s (%zu bytes): ", label, len);
    for (size_t i = 0; i < len && i < 64; i++)
        t_printf("%02x", p[i]);
    t_printf("%s\n", len > 64 ? "..." : "");
}

int t_memeq(const void *a, const void *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

void t_fail(const char *file, int line, const char *what)
{
    t_failed++;
    if (t_failed <= 50)
        t_printf("FAIL %s:%d: %s [%s]\n", file, line, what, vec_where());
}

int t_summary(const char *name)
{
    t_printf("%s: %u passed, %u failed\n", name, t_passed, t_failed);
    return (t_failed == 0 && t_passed > 0) ? 0 : 1;
}

int t_not_built(const char *name, const char *what)
{
    t_printf("%s: not built in this configuration (%s)\n", name, what);
    return 0;
}

/* ---- test randomness: xoshiro128** (Blackman and Vigna), seeded by splitmix64 ---- */

static uint32_t rng_s[4] = {1, 2, 3, 4};

void t_rand_seed(uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        seed += 0x9e3779b97f4a7c15ull;
        uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        rng_s[i] = (uint32_t)(z ^ (z >> 31));
    }
}

static uint32_t rotl32(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

uint32_t t_rand32(void)
{
    uint32_t result = rotl32(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 9;
    rng_s[2] ^= rng_s[0];
    rng_s[3] ^= rng_s[1];
    rng_s[1] ^= rng_s[2];
    rng_s[0] ^= rng_s[3];
    rng_s[2] ^= t;
    rng_s[3] = rotl32(rng_s[3], 11);
    return result;
}

void t_rand_bytes(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)t_rand32();
}

/* ---- .vec reader ---- */

#define READ_CHUNK 4096
/* One record's text. A platform with little RAM (the STM32F4 boards: 128 KB SRAM) sets a smaller
 * M4CRYPT_VEC_RECORD_MAX; a record that does not fit is a reported failure, never truncated. */
#ifndef M4CRYPT_VEC_RECORD_MAX
#define M4CRYPT_VEC_RECORD_MAX (96 * 1024)
#endif
#define RECORD_MAX M4CRYPT_VEC_RECORD_MAX
#define MAX_FIELDS 48
static char read_buf[READ_CHUNK];
static char record[RECORD_MAX];
static const char *field_key[MAX_FIELDS], *field_val[MAX_FIELDS];
static int nfields;
static char where[160];

const char *vec_where(void) { return where; }

vec_file vec_begin(const char *name)
{
    vec_file f;
    char path[256];
    size_t a = strlen(vecdir), b = strlen(name);
    memset(&f, 0, sizeof f);
    f.handle = -1;
    where[0] = 0;
    nfields = 0;
    if (a + b + 2 > sizeof path) {
        t_printf("vector file name too long: %s\n", name);
        t_failed++;
        return f;
    }
    memcpy(path, vecdir, a);
    path[a] = '/';
    memcpy(path + a + 1, name, b + 1);
    strncpy(f.name, name, sizeof f.name - 1);
    f.buf = read_buf;
    f.handle = plat_open_read(path);
    if (f.handle < 0) {
        t_printf("cannot open vector file %s\n", path);
        t_failed++;
    }
    return f;
}

void vec_close(vec_file *f)
{
    if (f->handle >= 0)
        plat_close(f->handle);
    f->handle = -1;
}

/* Reads one line into dst (NUL-terminated, without the newline); returns its length or -1 at
 * end of file. Lines that do not fit are a hard failure. */
static long read_line(vec_file *f, char *dst, size_t max)
{
    size_t n = 0;
    for (;;) {
        if (f->buf_pos == f->buf_len) {
            if (f->eof)
                break;
            long got = plat_read(f->handle, f->buf, READ_CHUNK);
            if (got <= 0) {
                f->eof = 1;
                break;
            }
            f->buf_len = (size_t)got;
            f->buf_pos = 0;
        }
        char c = f->buf[f->buf_pos++];
        if (c == '\n') {
            dst[n] = 0;
            return (long)n;
        }
        if (c == '\r')
            continue;
        if (n + 1 >= max)
            return -2;
        dst[n++] = c;
    }
    if (n == 0)
        return -1;
    dst[n] = 0;
    return (long)n;
}

/* Reads the next record into record[] / field tables; 1 if one was read. */
static int read_record(vec_file *f)
{
    size_t used = 0;
    nfields = 0;
    for (;;) {
        long len = read_line(f, record + used, RECORD_MAX - used);
        if (len == -2) {
            t_printf("vector line too long in %s\n", f->name);
            t_failed++;
            return 0;
        }
        if (len < 0)
            return nfields > 0;
        char *line = record + used;
        if (len == 0) {
            if (nfields > 0)
                return 1;
            continue;
        }
        if (line[0] == '#')
            continue;
        char *eq = strchr(line, '=');
        if (!eq || nfields == MAX_FIELDS)
            continue;
        char *key_end = eq;
        while (key_end > line && key_end[-1] == ' ')
            key_end--;
        *key_end = 0;
        char *val = eq + 1;
        while (*val == ' ')
            val++;
        field_key[nfields] = line;
        field_val[nfields] = val;
        nfields++;
        used += (size_t)len + 1;
    }
}

int vec_next(vec_file *f)
{
    if (f->handle < 0)
        return 0;
    while (read_record(f)) {
        const char *g = vec_str("group");
        if (!g)
            g = "";
        if (strncmp(g, f->group, sizeof f->group - 1) != 0) {
            strncpy(f->group, g, sizeof f->group - 1);
            f->group[sizeof f->group - 1] = 0;
            f->group_records = 0;
        }
        if (t_limit() && f->group_records >= t_limit())
            continue;
        f->group_records++;
        f->records++;
        const char *id = vec_str("tcId");
        if (!id)
            id = vec_str("count");
        size_t n = 0;
        for (const char *s = f->name; *s && n < 90; s++)
            where[n++] = *s;
        where[n++] = ':';
        where[n] = 0;
        if (id) {
            for (const char *s = id; *s && n < sizeof where - 1; s++)
                where[n++] = *s;
        }
        where[n] = 0;
        return 1;
    }
    vec_close(f);
    return 0;
}

const void *vec_next_of_set(vec_file *f, const void *table, size_t entry_size, int n,
                            int (*is_set)(long), unsigned *skipped, const char *key,
                            const char **value)
{
    while (vec_next(f)) {
        long set = vec_int("set", 0);
        CHECK(is_set(set));
        const void *entry = t_set_by_id(table, entry_size, n, set);
        *skipped += entry == NULL;
        const char *v = key ? vec_str(key) : "";
        if (entry && v) {
            if (value)
                *value = v;
            return entry;
        }
    }
    return NULL;
}

const char *vec_str(const char *key)
{
    for (int i = 0; i < nfields; i++)
        if (strcmp(field_key[i], key) == 0)
            return field_val[i];
    return 0;
}

int vec_has(const char *key) { return vec_str(key) != 0; }

/* The byte the two hex digits at s spell (either case), or -1. */
static int hex_byte(const char *s)
{
    int byte = 0;
    for (int i = 0; i < 2; i++) {
        const int c = s[i], lower = c | 0x20; /* 'A'..'F' to 'a'..'f' */
        if (c >= '0' && c <= '9')
            byte = byte << 4 | (c - '0');
        else if (lower >= 'a' && lower <= 'f')
            byte = byte << 4 | (lower - 'a' + 10);
        else
            return -1;
    }
    return byte;
}

size_t t_unhex(uint8_t *out, const char *hex)
{
    size_t n = 0;
    for (; hex[0] && hex[1]; hex += 2) {
        const int byte = hex_byte(hex);
        if (byte < 0) {
            t_fail(__FILE__, __LINE__, "bad hex constant");
            break;
        }
        out[n++] = (uint8_t)byte;
    }
    return n;
}

long vec_hex(const char *key, uint8_t *out, size_t max)
{
    const char *s = vec_str(key);
    if (!s)
        return -1;
    size_t len = strlen(s);
    if (len % 2 || len / 2 > max)
        return -1;
    for (size_t i = 0; i < len / 2; i++) {
        const int byte = hex_byte(s + 2 * i);
        if (byte < 0)
            return -1;
        out[i] = (uint8_t)byte;
    }
    return (long)(len / 2);
}

int vec_error(void)
{
    static const struct {
        const char *name;
        int code;
    } errors[] = {{"length", M4CRYPT_ERR_LENGTH},
                  {"public_key", M4CRYPT_ERR_PUBLIC_KEY},
                  {"secret_key", M4CRYPT_ERR_SECRET_KEY},
                  {"signature", M4CRYPT_ERR_SIGNATURE}};
    const char *name = vec_str("error");
    if (!name)
        return 1;
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        if (strcmp(name, errors[i].name) == 0)
            return errors[i].code;
    return 2;
}

long vec_int(const char *key, long dflt)
{
    const char *s = vec_str(key);
    if (!s || !*s)
        return dflt;
    long v = 0;
    int neg = (*s == '-');
    for (s += neg; *s >= '0' && *s <= '9'; s++)
        v = v * 10 + (*s - '0');
    return neg ? -v : v;
}
