/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Firmware for the stack-residue checker tests. Secrets come from m4sim_ct_seed; each routine
   runs inside its own region. */
#include "rt.h"

static volatile uint32_t sink;

static uint32_t secret_word(int i)
{
    return (uint32_t)m4sim_ct_seed[4 * i] | ((uint32_t)m4sim_ct_seed[4 * i + 1] << 8) |
           ((uint32_t)m4sim_ct_seed[4 * i + 2] << 16) | ((uint32_t)m4sim_ct_seed[4 * i + 3] << 24);
}

static void wipe(volatile uint32_t *p, int n)
{
    for (int i = 0; i < n; i++)
        p[i] = 0;
}

/* (a) a buffer holding secret words, not wiped */
__attribute__((noinline)) uint32_t leaves_buffer(uint32_t s)
{
    volatile uint32_t buf[4];
    for (int i = 0; i < 4; i++)
        buf[i] = s * (uint32_t)(2 * i + 1);
    return buf[0] ^ buf[3];
}

/* (b) the same, wiped */
__attribute__((noinline)) uint32_t wipes_buffer(uint32_t s)
{
    volatile uint32_t buf[4];
    for (int i = 0; i < 4; i++)
        buf[i] = s * (uint32_t)(2 * i + 1);
    uint32_t r = buf[0] ^ buf[3];
    wipe(buf, 4);
    return r;
}

/* (c) a function the tests declare public, leaving what it computed (from a value derived
   from the secret) on its stack; called by a function that leaves nothing itself */
__attribute__((noinline)) uint32_t public_helper(uint32_t x)
{
    volatile uint32_t buf[2];
    buf[0] = x + 1;
    buf[1] = x + 2;
    return buf[0] + buf[1];
}

__attribute__((noinline)) uint32_t calls_public(uint32_t s)
{
    return public_helper(s >> 16) + 7;
}

/* (d) saves the caller's r4 and r5 on the stack, as a prologue does, and returns */
__attribute__((naked)) void saves_callers_registers(void)
{
    __asm__ volatile("push {r4, r5, lr}\n"
                     "movs r4, #0\n"
                     "movs r5, #0\n"
                     "pop {r4, r5, pc}\n");
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    uint32_t s0 = secret_word(0), s1 = secret_word(1), s2 = secret_word(2);

    m4sim_region_begin("leaky");
    sink = leaves_buffer(s0);
    m4sim_region_end();

    m4sim_region_begin("wiped");
    sink = wipes_buffer(s0);
    m4sim_region_end();

    m4sim_region_begin("public_call");
    sink = calls_public(s1);
    m4sim_region_end();

    /* the caller (this function) holds a secret in r4 when the region begins */
    static const char name[] = "caller_registers";
    __asm__ volatile("mov r4, %0\n"
                     "mov r5, %1\n"
                     "mov r0, %2\n"
                     "bl m4sim_region_begin\n"
                     "bl saves_callers_registers\n"
                     "bl m4sim_region_end\n"
                     :
                     : "r"(s2), "r"(~s2), "r"(name)
                     : "r0", "r1", "r2", "r3", "r4", "r5", "r12", "lr", "memory", "cc");
    return 0;
}
