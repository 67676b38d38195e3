/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Firmware for the constant-time checker tests.  Secrets come from
   m4sim_ct_seed; public inputs are fixed.  Each routine runs inside its own
   region. */
#include "rt.h"

static volatile uint32_t sink;
static volatile uint32_t public_q = 3329;     /* public, but not a compile-time constant */
static const uint8_t table[256] = {
#define R(i) (uint8_t)((i) * 37 + 11)
    R(0), R(1), R(2), R(3), R(4), R(5), R(6), R(7), R(8), R(9), R(10), R(11), R(12), R(13), R(14), R(15),
};

static uint32_t secret_word(int i)
{
    return (uint32_t)m4sim_ct_seed[4 * i] | ((uint32_t)m4sim_ct_seed[4 * i + 1] << 8) |
           ((uint32_t)m4sim_ct_seed[4 * i + 2] << 16) | ((uint32_t)m4sim_ct_seed[4 * i + 3] << 24);
}

__attribute__((noinline)) static uint32_t slow_path(uint32_t x) { return x * 7 + 1; }

/* (a) a secret-dependent branch */
__attribute__((noinline)) uint32_t secret_branch(uint32_t s, uint32_t x)
{
    if (s & 1)
        x = slow_path(x);
    return x + 3;
}

/* (b) a secret-indexed table load */
__attribute__((noinline)) uint32_t secret_table(uint32_t s)
{
    return table[s & 15];
}

/* (c) KyberSlash: a division of a secret by a public modulus; branch-free,
   same instructions and addresses in every run - only the cycles differ */
__attribute__((noinline)) uint32_t secret_div(uint32_t s)
{
    uint32_t q = public_q;
    return ((s << 10) + q / 2) / q;      /* compress: s is a 12-bit coefficient */
}

/* (d) constant-time: conditional swap and comparison */
__attribute__((noinline)) void ct_cswap(uint32_t *a, uint32_t *b, uint32_t bit, int n)
{
    uint32_t mask = 0u - (bit & 1);
    for (int i = 0; i < n; i++) {
        uint32_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}

__attribute__((noinline)) uint32_t ct_compare(const uint8_t *a, const uint8_t *b, int n)
{
    uint32_t d = 0;
    for (int i = 0; i < n; i++) d |= (uint32_t)(a[i] ^ b[i]);
    return (0u - d) >> 31;      /* 1 if different */
}

/* (e) public division: same operands in every run - must pass */
__attribute__((noinline)) uint32_t public_div(uint32_t x)
{
    return x / public_q;
}

int main(int argc, char **argv)
{
    (void)argc; (void)argv;
    uint32_t s0 = secret_word(0), s1 = secret_word(1);

    m4sim_region_begin("branch");
    sink = secret_branch(s0, 5);
    m4sim_region_end();

    m4sim_region_begin("table");
    sink = secret_table(s1);
    m4sim_region_end();

    m4sim_region_begin("div");
    sink = secret_div(secret_word(2) & 0xFFF);
    m4sim_region_end();

    uint32_t a[8], b[8];
    uint8_t x[16], y[16];
    for (int i = 0; i < 8; i++) { a[i] = secret_word(i); b[i] = ~secret_word(7 - i); }
    for (int i = 0; i < 16; i++) { x[i] = m4sim_ct_seed[i]; y[i] = m4sim_ct_seed[i + 16]; }
    for (int k = 0; k < 2; k++) {
        m4sim_region_begin("cswap");
        ct_cswap(a, b, secret_word(3 + k), 8);
        m4sim_region_end();
    }
    m4sim_region_begin("compare");
    sink = ct_compare(x, y, 16);
    m4sim_region_end();

    m4sim_region_begin("pubdiv");
    sink = public_div(1000000);
    m4sim_region_end();
    sink = a[0] ^ b[0];
    return 0;
}
