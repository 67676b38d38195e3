/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Minimal startup for m4sim test firmware (mps2-an386 layout). */
#include "rt.h"

extern uint32_t __data_start, __data_end, __data_load, __bss_start, __bss_end, __stack_top;
void reset_handler(void);
static void fault_handler(void) { sh_exit(99); }

__attribute__((section(".vectors"), used))
const void *vectors[16] = {
    &__stack_top, reset_handler, fault_handler, fault_handler, fault_handler,
    fault_handler, fault_handler, 0, 0, 0, 0, fault_handler, fault_handler, 0,
    fault_handler, fault_handler,
};

volatile uint8_t m4sim_ct_seed[32] = {1};

__attribute__((noinline)) int sh_call(int op, void *arg)
{
    register int r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void sh_write0(const char *s) { sh_call(0x04, (void *)s); }

void sh_exit(int code)
{
    uint32_t blk[2] = {0x20026, (uint32_t)code};
    sh_call(0x20, blk);
    for (;;) {}
}

__attribute__((noinline)) void m4sim_region_begin(const char *name) { (void)name; __asm__ volatile(""); }
__attribute__((noinline)) void m4sim_region_end(void) { __asm__ volatile(""); }

void put_u32(uint32_t v)
{
    char buf[12];
    int i = 11;
    buf[i] = 0;
    do { buf[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    sh_write0(&buf[i]);
}

static char cmdline[256];
static char *argv_buf[16];

void reset_handler(void)
{
    uint32_t *s = &__data_load, *d = &__data_start;
    while (d < &__data_end) *d++ = *s++;
    for (d = &__bss_start; d < &__bss_end; d++) *d = 0;
    *(volatile uint32_t *)0xE000ED88 |= 0xFu << 20;   /* CPACR: enable CP10/CP11 */
    uint32_t blk[2] = {(uint32_t)cmdline, sizeof cmdline};
    int argc = 0;
    if (sh_call(0x15, blk) == 0) {
        char *p = cmdline;
        while (*p && argc < 15) {
            while (*p == ' ') *p++ = 0;
            if (!*p) break;
            argv_buf[argc++] = p;
            while (*p && *p != ' ') p++;
        }
    }
    argv_buf[argc] = 0;
    sh_exit(main(argc, argv_buf));
}
