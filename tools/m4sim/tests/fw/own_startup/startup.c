/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* A user's own minimal Cortex-M4F startup for QEMU mps2-an386 and m4sim: no m4crypt platform code.
 * Copies .data, clears .bss, enables the FPU, calls main and exits through semihosting. */
#include <stdint.h>

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);

static int semihost(int op, void *arg)
{
    register int r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void app_puts(const char *s)
{
    semihost(0x04 /* SYS_WRITE0 */, (void *)s);
}

__attribute__((noreturn)) static void app_exit(int code)
{
    uint32_t blk[2] = {0x20026 /* ApplicationExit */, (uint32_t)code};
    semihost(0x20 /* SYS_EXIT_EXTENDED */, blk);
    for (;;)
        ;
}

__attribute__((noreturn)) void Reset_Handler(void)
{
    uint32_t *s = &_sidata, *d = &_sdata;
    while (d < &_edata)
        *d++ = *s++;
    for (d = &_sbss; d < &_ebss;)
        *d++ = 0;
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20; /* CPACR: CP10, CP11 full access */
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    app_exit(main());
}

static void Fault_Handler(void)
{
    app_puts("FAULT\n");
    app_exit(125);
}

__attribute__((section(".isr_vector"), used)) static const void *vectors[16] = {
    &_estack, Reset_Handler, Fault_Handler, Fault_Handler, Fault_Handler, Fault_Handler,
    Fault_Handler,
};
