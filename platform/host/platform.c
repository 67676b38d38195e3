/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Host platform: stdio. (Randomness: the host libm4crypt's getrandom(2), src/rng/getrandom.c.) */
#define _GNU_SOURCE
#include "platform.h"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

void plat_write(const char *s, size_t len)
{
    fwrite(s, 1, len, stdout);
    fflush(stdout);
}

int plat_open_read(const char *path)
{
    return open(path, O_RDONLY);
}

long plat_read(int handle, void *buf, size_t len)
{
    return (long)read(handle, buf, len);
}

void plat_close(int handle)
{
    close(handle);
}

void plat_seed_random(const uint8_t *seed, size_t len)
{
    (void)seed;
    (void)len;
}

/* m4sim_region_begin, m4sim_region_end (empty) and m4sim_ct_seed (in .data), from m4sim's header */
#define M4SIM_DEFINE
#include "m4sim.h"
