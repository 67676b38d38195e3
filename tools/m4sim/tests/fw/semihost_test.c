/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Exercises the semihosting calls m4sim implements; output must match QEMU's. */
#include "rt.h"

static uint32_t slen(const char *s) { uint32_t n = 0; while (s[n]) n++; return n; }
static int sh_open(const char *name, int mode) { uint32_t b[3] = {(uint32_t)name, (uint32_t)mode, slen(name)}; return sh_call(0x01, b); }
static int sh_close(int h) { uint32_t b[1] = {(uint32_t)h}; return sh_call(0x02, b); }
static int sh_write(int h, const void *p, uint32_t n) { uint32_t b[3] = {(uint32_t)h, (uint32_t)p, n}; return sh_call(0x05, b); }
static int sh_read(int h, void *p, uint32_t n) { uint32_t b[3] = {(uint32_t)h, (uint32_t)p, n}; return sh_call(0x06, b); }
static int sh_seek(int h, uint32_t pos) { uint32_t b[2] = {(uint32_t)h, pos}; return sh_call(0x0A, b); }
static int sh_flen(int h) { uint32_t b[1] = {(uint32_t)h}; return sh_call(0x0C, b); }
static int sh_istty(int h) { uint32_t b[1] = {(uint32_t)h}; return sh_call(0x09, b); }
static void put_i(int v) { if (v < 0) { sh_write0("-"); v = -v; } put_u32((uint32_t)v); }

int main(int argc, char **argv)
{
    sh_write0("hello via SYS_WRITE0\n");
    sh_write0("argc=");
    put_u32((uint32_t)argc);
    sh_write0("\n");
    for (int i = 1; i < argc; i++) { sh_write0("argv: "); sh_write0(argv[i]); sh_write0("\n"); }
    char c = 'C';
    sh_call(0x03, &c);
    sh_write0("\n");
    int tt = sh_open(":tt", 4);
    sh_write0("tt handle>0: "); put_u32(tt > 0); sh_write0("\n");
    sh_write0("write ret: "); put_i(sh_write(tt, "via SYS_WRITE\n", 14)); sh_write0("\n");
    sh_write0("istty: "); put_i(sh_istty(tt)); sh_write0("\n");

    int h = sh_open("m4sim_sh_test.tmp", 4);           /* "wb" */
    sh_write0("open w ok: "); put_u32(h > 0); sh_write0("\n");
    sh_write0("write file: "); put_i(sh_write(h, "abcdefgh", 8)); sh_write0("\n");
    sh_write0("istty file: "); put_i(sh_istty(h)); sh_write0("\n");
    sh_write0("close: "); put_i(sh_close(h)); sh_write0("\n");
    h = sh_open("m4sim_sh_test.tmp", 1);               /* "rb" */
    sh_write0("flen: "); put_i(sh_flen(h)); sh_write0("\n");
    sh_write0("seek: "); put_i(sh_seek(h, 2)); sh_write0("\n");
    char buf[16] = {0};
    sh_write0("read ret: "); put_i(sh_read(h, buf, 3)); sh_write0(" data: "); sh_write0(buf); sh_write0("\n");
    sh_write0("read past end ret: "); put_i(sh_read(h, buf, 10)); sh_write0("\n");
    sh_close(h);
    int bad = sh_open("no/such/dir/file", 1);
    sh_write0("open missing: "); put_i(bad); sh_write0(" errno nonzero: ");
    put_u32(sh_call(0x13, 0) != 0); sh_write0("\n");
    uint32_t b2[2] = {(uint32_t)"m4sim_sh_test.tmp", 17};
    sh_write0("remove: "); put_i(sh_call(0x0E, b2)); sh_write0("\n");
    return 3;
}
