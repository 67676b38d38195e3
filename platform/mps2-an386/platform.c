/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* mps2-an386 platform services over semihosting; randombytes from a seeded SHAKE256 stream. */
#include <string.h>

#include "platform.h"
#include "semihost.h"

static int console = -1;

void plat_write(const char *s, size_t len)
{
    if (console < 0) {
        struct {
            const char *name;
            uint32_t mode, len;
        } open_block = {":tt", 4 /* "w" */, 3};
        console = semihost_call(SYS_OPEN, &open_block);
    }
    struct {
        int32_t handle;
        const char *buf;
        uint32_t len;
    } block = {console, s, (uint32_t)len};
    semihost_call(SYS_WRITE, &block);
}

int plat_open_read(const char *path)
{
    struct {
        const char *name;
        uint32_t mode, len;
    } block = {path, 1 /* "rb" */, (uint32_t)strlen(path)};
    return semihost_call(SYS_OPEN, &block);
}

long plat_read(int handle, void *buf, size_t len)
{
    struct {
        int32_t handle;
        void *buf;
        uint32_t len;
    } block = {handle, buf, (uint32_t)len};
    int32_t not_read = semihost_call(SYS_READ, &block);
    if (not_read < 0 || (uint32_t)not_read > len)
        return -1;
    return (long)(len - (uint32_t)not_read);
}

void plat_close(int handle)
{
    int32_t block = handle;
    semihost_call(SYS_CLOSE, &block);
}

/* The emulated board has no entropy source: randombytes is a SHAKE256 output stream, seeded with
 * a fixed string unless plat_seed_random() is called. For tests and benchmarks only. */
#define SEEDED_RNG_LABEL "m4crypt mps2-an386 emulator generator"
#include "seeded_rng.c"

__attribute__((weak)) int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    seeded_rng_squeeze(out, len);
    return 0;
}

/* m4sim_region_begin, m4sim_region_end (empty) and m4sim_ct_seed (in .data), from m4sim's header */
#define M4SIM_DEFINE
#include "m4sim.h"
