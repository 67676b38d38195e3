/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Negative control for the valgrind constant-time check: a secret-dependent branch and a
 * secret-indexed load. Run under memcheck with secrets marked undefined, this program MUST produce
 * errors; tools/run_tests.py fails if it does not (then the check itself is broken, e.g. valgrind
 * headers missing or the secret not marked).
 */
#include "ct.h"
#include "harness.h"

static const uint8_t table[256] = {1, 2, 3};

__attribute__((noinline)) static int leaky_compare(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) /* early exit: the running time tells where the first difference is */
            return -1;
    return 0;
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    uint8_t secret[32], guess[32] = {0};
    t_rand_bytes(secret, sizeof secret);
    CT_SECRET(secret, sizeof secret);
    volatile int r = leaky_compare(secret, guess, sizeof secret);
    volatile uint8_t t = table[secret[0]];
    (void)r;
    (void)t;
    t_passed++;
    return t_summary("ct_planted_leak");
}
