/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A user's own firmware linked against libm4crypt.a (tools/m4sim/tests/test_out_of_tree.py):
 * a Keccak permutation of a state made from the ct seed in region "keccak", then SHAKE256 and
 * SHA3-256 of a fixed input, each in its own region (SHA3's finalisation clears its state with
 * m4crypt_memzero, whose IT block just before its return once broke m4sim ct and profile).
 * Variants for the error-path tests:
 *   NO_MARKERS       no region markers at all
 *   OWN_MARKERS      markers written by hand (no m4sim.h); the seed is defined but nothing refers to
 *                    it, so -Wl,--gc-sections drops it
 *   SEED_IN_BSS      the seed zero-initialised (.bss)
 *   CRASH_FIRST      a fault before the regions */
#include <stdint.h>
#include <string.h>

#include <m4crypt.h>

#if defined(NO_MARKERS)
#define M4SIM_REGION(name, ...) __VA_ARGS__
static const volatile unsigned char no_seed[32];
#define SEED no_seed
#elif defined(OWN_MARKERS) || defined(SEED_IN_BSS)
__attribute__((noinline)) void m4sim_region_begin(const char *name)
{
    __asm__ volatile("" : : "r"(name) : "memory");
}
__attribute__((noinline)) void m4sim_region_end(void)
{
    __asm__ volatile("" ::: "memory");
}
#define M4SIM_REGION(name, ...) (m4sim_region_begin(name), (__VA_ARGS__), m4sim_region_end())
#ifdef SEED_IN_BSS
volatile unsigned char m4sim_ct_seed[32];
#define SEED m4sim_ct_seed
#else
volatile unsigned char m4sim_ct_seed[32] = {1};
static const unsigned char not_the_seed[32] = {1};
#define SEED not_the_seed
#endif
#else
#define M4SIM_DEFINE
#include "m4sim.h"
#endif
#ifndef SEED
#define SEED m4sim_ct_seed
#endif

void app_puts(const char *s);

static void put_hex(const uint8_t *p, size_t n)
{
    char b[2 * 64 + 2];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        b[k++] = "0123456789abcdef"[p[i] >> 4];
        b[k++] = "0123456789abcdef"[p[i] & 15];
    }
    b[k++] = '\n';
    b[k] = 0;
    app_puts(b);
}

int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    memset(out, 7, len);
    return 0;
}

static uint64_t state[25];

int main(void)
{
    uint8_t in[8] = "demo", out[32];
#ifdef CRASH_FIRST
    *(volatile uint32_t *)0x90000000u = 1;
#endif
    for (int i = 0; i < 32; i++)
        ((uint8_t *)state)[i] = SEED[i];
    M4SIM_REGION("keccak", m4crypt_keccakf1600(state));
    M4SIM_REGION("shake256", m4crypt_shake256(out, 32, in, 8));
    put_hex(out, 32);
    M4SIM_REGION("sha3_256", m4crypt_sha3_256(out, in, 8));
    put_hex(out, 32);
    return 0;
}
