/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A compute-heavy workload for measuring m4sim's speed (a toy ARX mix). */
#include "rt.h"
static uint32_t state[64];
static volatile uint32_t sink;
__attribute__((noinline)) static void mix(uint32_t *s, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < 64; i += 4) {
            uint32_t a = s[i], b = s[i + 1], c = s[i + 2], d = s[i + 3];
            a += b; d ^= a; d = (d << 16) | (d >> 16);
            c += d; b ^= c; b = (b << 12) | (b >> 20);
            a += b; d ^= a; d = (d << 8) | (d >> 24);
            c += d; b ^= c; b = (b << 7) | (b >> 25);
            s[i] = a; s[i + 1] = b; s[i + 2] = c; s[i + 3] = d;
        }
        if (s[r & 63] & 1) s[(r + 1) & 63] ^= 0x9e3779b9u;
    }
}
int main(int argc, char **argv)
{
    (void)argc; (void)argv;
    for (int i = 0; i < 64; i++) state[i] = i * 0x01010101u;
    m4sim_region_begin("mix");
    mix(state, 20000);
    m4sim_region_end();
    sink = state[3];
    return 0;
}
