/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * mps2-an386 (QEMU's Cortex-M4F board, Arm AN386): vector table, reset handler, fault handler.
 *
 * Reset: copy .data from flash, zero .bss, enable the FPU (CPACR CP10/CP11 full access, Armv7-M
 * ARM B3.2.20) when built for one (__ARM_FP; a -mfloat-abi=soft build leaves it disabled, so any
 * FPU instruction raises a NOCP UsageFault, reported as a fault), read the semihosting command
 * line into argv, call main, and pass its return value to the emulator with SYS_EXIT_EXTENDED.
 */
#include <stdint.h>
#include <string.h>

#include "platform.h"
#include "semihost.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(int argc, char **argv);

#define MAX_ARGS 16
static char cmdline[512];
static char *argv_buf[MAX_ARGS + 1];

static int split_cmdline(void)
{
    struct {
        char *buf;
        uint32_t len;
    } block = {cmdline, sizeof cmdline - 1};
    int argc = 0;
    if (semihost_call(SYS_GET_CMDLINE, &block) != 0)
        block.len = 0;
    cmdline[block.len < sizeof cmdline ? block.len : sizeof cmdline - 1] = 0;
    for (char *p = cmdline; *p && argc < MAX_ARGS;) {
        while (*p == ' ')
            *p++ = 0;
        if (!*p)
            break;
        argv_buf[argc++] = p;
        while (*p && *p != ' ')
            p++;
    }
    argv_buf[argc] = 0;
    return argc;
}

__attribute__((noreturn)) void semihost_exit(int code)
{
    uint32_t block[2] = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)code};
    semihost_call(SYS_EXIT_EXTENDED, block);
    for (;;)
        __asm__ volatile("wfi");
}

__attribute__((noreturn)) void Reset_Handler(void)
{
    uint32_t *src = &_sidata, *dst = &_sdata;
    while (dst < &_edata)
        *dst++ = *src++;
    for (dst = &_sbss; dst < &_ebss;)
        *dst++ = 0;
#ifdef __ARM_FP
    volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88u;
    *cpacr |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    int argc = split_cmdline();
    semihost_exit(main(argc, argv_buf));
}

static void print_hex32(const char *label, uint32_t v)
{
    char line[32];
    size_t n = strlen(label);
    memcpy(line, label, n);
    for (int i = 7; i >= 0; i--)
        line[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
    line[n++] = '\n';
    plat_write(line, n);
}

/* Any fault: report pc, lr (only when it is a return address into this image or an EXC_RETURN
 * value: the code may use lr as a data register), xPSR without its data-dependent flags (N Z C V
 * Q and GE), and the fault status and address registers (CFSR, HFSR, MMFAR/BFAR when valid),
 * then exit with 125. No general-purpose register is printed: r0-r3 and r12 of the frame hold
 * whatever the interrupted code was computing (platform/stm32-common/startup.c says more;
 * tests/platform/test_fault_report.py checks both). */
extern const void *const vector_table[16];

__attribute__((used)) static void fault_report(uint32_t *frame)
{
    static const char withheld[] = "  lr   withheld (not a return address: it may hold data)\n";
    uint32_t cfsr = *(volatile uint32_t *)0xE000ED28u, lr = frame[5];
    plat_write("FAULT\n", 6);
    print_hex32("  pc   0x", frame[6]);
    if (((lr & 1u) && lr >= (uint32_t)(uintptr_t)vector_table &&
         lr < (uint32_t)(uintptr_t)&_sidata) || lr >= 0xFFFFFFE0u)
        print_hex32("  lr   0x", lr);
    else
        plat_write(withheld, sizeof withheld - 1);
    print_hex32("  xpsr 0x", frame[7] & ~0xF80F0000u);
    print_hex32("  cfsr 0x", cfsr);
    print_hex32("  hfsr 0x", *(volatile uint32_t *)0xE000ED2Cu);
    if (cfsr & (1u << 7)) /* MMARVALID */
        print_hex32("  mmfar 0x", *(volatile uint32_t *)0xE000ED34u);
    if (cfsr & (1u << 15)) /* BFARVALID */
        print_hex32("  bfar 0x", *(volatile uint32_t *)0xE000ED38u);
    semihost_exit(125);
}

__attribute__((naked)) void Fault_Handler(void)
{
    __asm__ volatile("tst lr, #4\n\t"
                     "ite eq\n\t"
                     "mrseq r0, msp\n\t"
                     "mrsne r0, psp\n\t"
                     "b fault_report\n\t");
}

__attribute__((section(".isr_vector"), used)) const void *const vector_table[16] = {
    &_estack,      Reset_Handler, Fault_Handler, Fault_Handler, Fault_Handler, Fault_Handler,
    Fault_Handler, 0,             0,             0,             0,             Fault_Handler,
    Fault_Handler, 0,             Fault_Handler, Fault_Handler,
};
