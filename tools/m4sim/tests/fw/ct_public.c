/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Firmware for the --public-function tests of the constant-time checker.
   A value "rho" is derived from the secret seed in constant time (as ML-KEM
   derives its public seed rho from the secret d); public_f then runs a
   rejection-style loop whose length and memory addresses depend on rho, like
   SampleNTT.  public_f reaches itself again through walker() (same call site,
   deeper stack) and directly, to exercise nested calls of a public function. */
#include "rt.h"

static volatile uint32_t sink;
static volatile uint32_t pubbuf[64];

static uint32_t secret_word(int i)
{
    return (uint32_t)m4sim_ct_seed[4 * i] | ((uint32_t)m4sim_ct_seed[4 * i + 1] << 8) |
           ((uint32_t)m4sim_ct_seed[4 * i + 2] << 16) | ((uint32_t)m4sim_ct_seed[4 * i + 3] << 24);
}

/* constant time: multiply, shift, xor */
static uint32_t derive_rho(uint32_t s) { return (s * 0x9E3779B1u) ^ (s >> 15); }

__attribute__((noinline)) uint32_t walker(uint32_t x, int n);

/* "public": loops a rho-dependent number of times, indexes memory with it.
   Sibling-call optimisation off so that the self-call stays a real call. */
__attribute__((noinline, optimize("no-optimize-sibling-calls")))
uint32_t public_f(uint32_t x, int n)
{
    uint32_t acc = x;
    if (n > 0)
        acc ^= walker(x * 3u + 1u, n - 1);   /* re-enters public_f from walker's call site */
    if (n == 1)
        acc += public_f(acc ^ 0x5Au, 0);     /* direct self-call */
    uint32_t k = 0;
    do {                                     /* rejection loop: ~16 iterations on average */
        acc = acc * 1103515245u + 12345u;
        pubbuf[acc & 63] += k;
        k++;
    } while ((acc >> 28) != 0);
    return acc + k;
}

__attribute__((noinline, optimize("no-optimize-sibling-calls")))
uint32_t walker(uint32_t x, int n)
{
    uint32_t r = public_f(x, n);
    sink = r;
    return r ^ 7u;
}

/* a tail call into the public function (B, not BL: LR is the caller's) */
__attribute__((noinline)) uint32_t tail_caller(uint32_t x) { return public_f(x ^ 0x55u, 0); }

__attribute__((noinline)) static uint32_t slow_path(uint32_t x) { return x * 7u + 1u; }

/* the public call is fine, but a secret branch follows it */
__attribute__((noinline)) uint32_t leak_after(uint32_t s, uint32_t rho)
{
    uint32_t r = public_f(rho, 0);
    if (s & 1)
        r = slow_path(r);
    return r + 3u;
}

/* the same rejection loop in a function that is NOT declared public */
__attribute__((noinline)) uint32_t private_loop(uint32_t x)
{
    uint32_t k = 0;
    do {
        x = x * 1103515245u + 12345u;
        pubbuf[x & 63] += k;
        k++;
    } while ((x >> 28) != 0);
    return x + k;
}

/* which function is called depends on the secret (selected without a branch):
   the same instructions run up to the indirect call; the traces differ only
   in whether the public function's marker follows it */
__attribute__((noinline)) uint32_t other_f(uint32_t x, int n) { return x + (uint32_t)n; }

typedef uint32_t (*fn_t)(uint32_t, int);

__attribute__((noinline)) uint32_t secret_call(uint32_t s)
{
    uintptr_t m = 0u - (uintptr_t)(s & 1);
    fn_t f = (fn_t)(((uintptr_t)public_f & m) | ((uintptr_t)other_f & ~m));
    return f(1234u, 0);
}

int main(int argc, char **argv)
{
    (void)argc; (void)argv;
    uint32_t s = secret_word(0);
    uint32_t rho = derive_rho(secret_word(1));

    m4sim_region_begin("public");
    for (uint32_t k = 0; k < 3; k++)
        sink = walker(rho + k, 2);
    m4sim_region_end();

    m4sim_region_begin("tail");
    sink = tail_caller(rho);
    m4sim_region_end();

    m4sim_region_begin("leak_after");
    sink = leak_after(s, rho);
    m4sim_region_end();

    m4sim_region_begin("private");
    sink = public_f(rho, 0) ^ private_loop(rho);
    m4sim_region_end();

    m4sim_region_begin("secret_call");
    sink = secret_call(s);
    m4sim_region_end();
    return 0;
}
