/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Region markers: repeated, nested, and with known stack use. */
#include "rt.h"
static volatile uint32_t sink;

__attribute__((noinline)) static void use_stack(void)
{
    volatile uint32_t buf[64];              /* 256 bytes + frame */
    for (int i = 0; i < 64; i++) buf[i] = (uint32_t)i;
    sink = buf[5];
}

__attribute__((noinline)) static uint32_t work(uint32_t n)
{
    uint32_t a = 0;
    for (uint32_t i = 0; i < n; i++) a += i ^ (a >> 3);
    return a;
}

int main(int argc, char **argv)
{
    (void)argc; (void)argv;
    for (int k = 1; k <= 3; k++) {
        m4sim_region_begin("rep");
        sink = work((uint32_t)k * 10);
        m4sim_region_end();
    }
    m4sim_region_begin("outer");
    sink = work(5);
    m4sim_region_begin("inner");
    use_stack();
    m4sim_region_end();
    sink = work(5);
    m4sim_region_end();
    m4sim_region_begin("empty");
    m4sim_region_end();
    sh_write0("done\n");
    return 0;
}
