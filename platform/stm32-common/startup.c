/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * STM32 boards: vector table, reset, bounded waits, the stack guard, fault reports and exit.
 *
 * Cortex-M4 system registers (Armv7-M Architecture Reference Manual, DDI 0403E, B3.2 "System
 * Control Space", C1.6 "Debug system registers", B3.5 "Protected Memory System Architecture"):
 *   CPACR 0xE000ED88 (CP10/CP11 bits 23:20), VTOR 0xE000ED08, SHCSR 0xE000ED24 (MEMFAULTENA 16,
 *   BUSFAULTENA 17, USGFAULTENA 18), CCR 0xE000ED14 (DIV_0_TRP 4), CFSR 0xE000ED28,
 *   HFSR 0xE000ED2C, MMFAR 0xE000ED34, BFAR 0xE000ED38, MPU_TYPE 0xE000ED90, MPU_CTRL 0xE000ED94,
 *   MPU_RNR 0xE000ED98, MPU_RBAR 0xE000ED9C, MPU_RASR 0xE000EDA0.
 *
 * Reset: copy .data, zero .bss, enable the FPU, point VTOR at our table, paint the stack (for the
 * high-water mark), put a 32-byte no-access MPU region under the stack (the linker scripts put the
 * stack at the bottom of SRAM, so an overflow is a reported MemManage or BusFault, never silently
 * overwritten data), start the DWT counter and the UART, wait
 * (bounded) for the host tool, set the clock profile, probe the RNG, run main.
 */
#include <string.h>

#include "platform.h"
#include "stm32-common/stm32.h"

#ifndef STM32_IRQ_COUNT
#error "the board's common.c defines STM32_IRQ_COUNT (its number of external interrupts)"
#endif

#define SCB_VTOR 0xE000ED08u
#define SCB_CCR 0xE000ED14u
#define SCB_SHCSR 0xE000ED24u
#define SCB_CFSR 0xE000ED28u
#define SCB_HFSR 0xE000ED2Cu
#define SCB_MMFAR 0xE000ED34u
#define SCB_BFAR 0xE000ED38u
#define SCB_CPACR 0xE000ED88u
#define MPU_TYPE 0xE000ED90u
#define MPU_CTRL 0xE000ED94u
#define MPU_RNR 0xE000ED98u
#define MPU_RBAR 0xE000ED9Cu
#define MPU_RASR 0xE000EDA0u
/* CFSR bits (B3.2.15): MemManage MMARVALID 7, MSTKERR 4; BusFault BFARVALID 15, STKERR 12. */
#define CFSR_MMARVALID (1u << 7)
#define CFSR_MSTKERR (1u << 4)
#define CFSR_BFARVALID (1u << 15)
#define CFSR_STKERR (1u << 12)

/* Linker script symbols: the stack runs from _estack down to _stack_limit (the start of SRAM, so
 * 32-byte aligned); the MPU guard is its first 32 bytes. */
extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _stack_limit, _estack;
#define STACK_GUARD_BYTES 32u
#define STACK_PAINT 0x6d34736bu /* "ks4m" */

/* bench.elf is linked with --defsym=stm32_bench_clock=1 (mk/boards.mk): the benchmark clock. */
extern const char stm32_bench_clock[] __attribute__((weak));

int main(int argc, char **argv);

uint32_t stm32_cpu_hz;
int stm32_dwt_ok;
static int mpu_guard;

/* ------------------------------------------------------------------ bounded waits */

#define DWT_CYCCNT 0xE0001004u

void stm32_deadline_start(stm32_deadline *d, uint32_t us)
{
    uint64_t cycles = (uint64_t)us * (stm32_cpu_hz / 1000000u + 1u);
    if (cycles > 0x7fffffffu)
        cycles = 0x7fffffffu;
    d->cycles = (uint32_t)cycles;
    d->start = stm32_dwt_ok ? STM32_REG(DWT_CYCCNT) : 0;
    d->polls_left = d->cycles / 4u + 64u;
}

int stm32_deadline_expired(stm32_deadline *d)
{
    if (d->polls_left == 0)
        return 1;
    d->polls_left--;
    return stm32_dwt_ok && (uint32_t)(STM32_REG(DWT_CYCCNT) - d->start) > d->cycles;
}

int stm32_wait(uint32_t reg, uint32_t mask, uint32_t value, uint32_t us)
{
    stm32_deadline d;
    stm32_deadline_start(&d, us);
    while ((STM32_REG(reg) & mask) != value)
        if (stm32_deadline_expired(&d))
            return -1;
    return 0;
}

/* ------------------------------------------------------------------ stack */

static uint32_t stack_floor(void)
{
    return (uint32_t)(uintptr_t)&_stack_limit + STACK_GUARD_BYTES;
}

static uint32_t current_sp(void)
{
    uint32_t sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

/* Lowest stack word that no longer holds the paint (the whole stack is painted at reset, and
 * every region repaints below its own stack pointer; regions.c keeps the overall minimum). */
uint32_t stm32_stack_low = 0xffffffffu;

static uint32_t stack_scan(uint32_t top)
{
    uint32_t a = stack_floor();
    while (a < top && *(volatile uint32_t *)(uintptr_t)a == STACK_PAINT)
        a += 4;
    return a;
}

static void stack_guard(void)
{
    if (((STM32_REG(MPU_TYPE) >> 8) & 0xffu) == 0)
        return;
    STM32_REG(MPU_RNR) = 0;
    STM32_REG(MPU_RBAR) = (uint32_t)(uintptr_t)&_stack_limit; /* 32-byte aligned */
    /* XN (bit 28), AP = 000 no access (26:24), SIZE = 4: 2^(4+1) = 32 bytes (5:1), ENABLE. */
    STM32_REG(MPU_RASR) = (1u << 28) | (4u << 1) | 1u;
    /* PRIVDEFENA (bit 2): the default memory map elsewhere; ENABLE (bit 0). */
    STM32_REG(MPU_CTRL) = (1u << 2) | 1u;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    mpu_guard = (STM32_REG(MPU_CTRL) & 1u) != 0;
}

/* ------------------------------------------------------------------ exit */

void stm32_link_exit(int code);

void stm32_exit(int code)
{
    uint32_t low = stack_scan(current_sp());
    if (low < stm32_stack_low)
        stm32_stack_low = low;
    uint32_t top = (uint32_t)(uintptr_t)&_estack;
    stm32_puts("board: exit ");
    if (code < 0) {
        stm32_puts("-");
        stm32_put_dec((uint32_t)-code);
    } else {
        stm32_put_dec((uint32_t)code);
    }
    stm32_puts(", stack high-water mark ");
    stm32_put_dec(top - stm32_stack_low);
    stm32_puts(" of ");
    stm32_put_dec(top - stack_floor());
    stm32_puts(" bytes\n");
    stm32_link_exit(code);
    stm32_uart_drain();
#ifdef STM32_SEMIHOSTING
    /* QEMU's exit code: SYS_EXIT_EXTENDED with ADP_Stopped_ApplicationExit (0x20026). */
    uint32_t block[2] = {0x20026u, (uint32_t)code};
    semihost_call(SYS_EXIT_EXTENDED, block);
#endif
    for (;;)
        __asm__ volatile("" ::: "memory");
}

/* ------------------------------------------------------------------ faults */

static void put_reg(const char *name, uint32_t v)
{
    stm32_puts("  ");
    stm32_puts(name);
    stm32_puts(" 0x");
    stm32_put_hex(v);
    stm32_puts("\n");
}

static const char *exception_name(uint32_t n)
{
    switch (n) {
    case 2: return "NMI";
    case 3: return "HardFault";
    case 4: return "MemManage";
    case 5: return "BusFault";
    case 6: return "UsageFault";
    case 11: return "SVCall";
    case 12: return "DebugMonitor";
    case 14: return "PendSV";
    case 15: return "SysTick";
    default: return n >= 16 ? "unexpected interrupt" : "reserved exception";
    }
}

/*
 * What a fault report prints, and what it must not. The exception frame holds r0-r3, r12, lr, pc
 * and xPSR of the interrupted code. r0-r3 and r12 are data, and so can lr be: the compiler and our
 * assembly use it as a general register once it is saved (ChaCha20 keeps a state word in it), and
 * a fault in the middle of an operation leaves secret words there (a BusFault from a bad output
 * pointer passed to m4crypt_x25519 printed a word of the shared secret). So the report prints:
 *   pc     the faulting instruction (a code address);
 *   lr     only when it is a return address into this firmware (odd, between the vector table and
 *          the end of the code in flash) or an EXC_RETURN value (0xFFFFFFE0 and up); otherwise it
 *          says that it is withheld;
 *   xpsr   with the flags that are results of data operations masked (N Z C V Q, bits 31:27, and
 *          GE[3:0], bits 19:16): what is left is the exception number, the Thumb bit and the IT
 *          state, which the code determines;
 *   cfsr, hfsr, and mmfar / bfar when CFSR marks them valid (the fault status and address
 *          registers: B3.2.15-B3.2.18 of the Armv7-M ARM).
 * No general-purpose register, and no other memory, is printed. (The floating-point part of an
 * extended frame, s0-s15 and FPSCR, is not read either.) tests/platform/test_fault_report.py
 * faults with secret-looking values in every register of the frame and checks the output.
 */
#define XPSR_DATA_FLAGS 0xF80F0000u

extern const void *const stm32_vectors[];

static int code_address(uint32_t a)
{
    return (a & 1u) && a >= (uint32_t)(uintptr_t)stm32_vectors &&
           a < (uint32_t)(uintptr_t)&_sidata;
}

/* Every exception but reset ends up here: nothing in this firmware enables an interrupt. */
__attribute__((used, noreturn)) void stm32_fault_report(uint32_t *frame, uint32_t ipsr)
{
    uint32_t n = ipsr & 0x1ffu;
    uint32_t cfsr = STM32_REG(SCB_CFSR), hfsr = STM32_REG(SCB_HFSR);
    uint32_t mmfar = STM32_REG(SCB_MMFAR), bfar = STM32_REG(SCB_BFAR);
    uint32_t f = (uint32_t)(uintptr_t)frame, lim = (uint32_t)(uintptr_t)&_stack_limit;
    stm32_puts("\nFAULT: ");
    stm32_puts(exception_name(n));
    stm32_puts(" (exception ");
    stm32_put_dec(n);
    stm32_puts(")\n");
    int frame_ok = !(cfsr & (CFSR_MSTKERR | CFSR_STKERR)) && f >= stack_floor() &&
                   f + 32 <= (uint32_t)(uintptr_t)&_estack;
    if (frame_ok) {
        put_reg("pc  ", frame[6]);
        if (code_address(frame[5]) || frame[5] >= 0xFFFFFFE0u)
            put_reg("lr  ", frame[5]);
        else
            stm32_puts("  lr   withheld (not a return address: it may hold data)\n");
        put_reg("xpsr", frame[7] & ~XPSR_DATA_FLAGS);
    } else {
        stm32_puts("  (no readable exception frame: pc, lr, xpsr unknown)\n");
    }
    put_reg("cfsr", cfsr);
    put_reg("hfsr", hfsr);
    if (cfsr & CFSR_MMARVALID)
        put_reg("mmfar", mmfar);
    if (cfsr & CFSR_BFARVALID)
        put_reg("bfar", bfar);
    if ((cfsr & (CFSR_MSTKERR | CFSR_STKERR)) || f < stack_floor() ||
        ((cfsr & CFSR_MMARVALID) && mmfar >= lim - 65536u && mmfar < lim + 32) ||
        ((cfsr & CFSR_BFARVALID) && bfar >= lim - 65536u && bfar < lim + 32))
        stm32_puts("  stack overflow: the stack ran into the guard at the bottom of SRAM\n");
    stm32_exit(125);
}

/* Reports on the current stack, unless the stack pointer is near or past the bottom (a stack
 * overflow): then on a fresh stack from the top (the program is over anyway). */
__attribute__((naked)) void stm32_fault_handler(void)
{
    __asm__ volatile("tst lr, #4\n\t"
                     "ite eq\n\t"
                     "mrseq r0, msp\n\t"
                     "mrsne r0, psp\n\t"
                     "mrs r1, ipsr\n\t"
                     "ldr r2, =_stack_limit\n\t"
                     "add r2, r2, #1024\n\t"
                     "cmp r0, r2\n\t"
                     "bhs 1f\n\t"
                     "ldr r2, =_estack\n\t"
                     "mov sp, r2\n\t"
                     "1:\n\t"
                     "b stm32_fault_report\n\t"
                     ".ltorg\n\t");
}

/* ------------------------------------------------------------------ reset */

static char arg0[] = "m4crypt", arg1[] = "vectors", arg2[] = "--quick";
static char *board_argv[] = {arg0, arg1, arg2, 0};

void stm32_dwt_init(void);
void stm32_link_sync(void);
void stm32_rng_probe(void);
void stm32_region_calibrate(void);

static void put_mhz(uint32_t hz)
{
    stm32_put_dec(hz / 1000000u);
    if (hz % 1000000u) {
        stm32_puts(".");
        stm32_put_dec((hz % 1000000u) / 1000u);
    }
    stm32_puts(" MHz");
}

__attribute__((noreturn)) void Reset_Handler(void)
{
    uint32_t *src = &_sidata, *dst = &_sdata;
    while (dst < &_edata)
        *dst++ = *src++;
    for (dst = &_sbss; dst < &_ebss;)
        *dst++ = 0;
    STM32_REG(SCB_CPACR) |= 0xFu << 20;
    STM32_REG(SCB_VTOR) = (uint32_t)(uintptr_t)stm32_vectors;
    __asm__ volatile("dsb\n\tisb" ::: "memory");

    /* Paint the stack below this frame. */
    for (uint32_t a = stack_floor(), top = current_sp() - 64; a < top; a += 4)
        *(volatile uint32_t *)(uintptr_t)a = STACK_PAINT;
    STM32_REG(SCB_SHCSR) |= (1u << 16) | (1u << 17) | (1u << 18);
    STM32_REG(SCB_CCR) |= 1u << 4;
    stack_guard();

    stm32_cpu_hz = stm32_board_reset_hz;
    stm32_dwt_init();
    stm32_board_early();
    stm32_board_uart_init();
    stm32_link_sync();

    int bench = stm32_bench_clock != 0;
    stm32_puts("board: ");
    stm32_puts(stm32_board_name);
    stm32_puts(bench ? ", benchmark firmware\n" : ", test firmware\n");
    stm32_uart_drain();
    uint32_t hz = stm32_board_clock(bench);
    stm32_cpu_hz = hz;
    stm32_board_uart_init();
    stm32_board_report();
    stm32_puts("board: core clock ");
    put_mhz(hz);
    stm32_puts(bench ? " (benchmark profile)\n" : " (test profile)\n");
    if (!mpu_guard)
        stm32_note("MPU: not present, the stack has no overflow guard");
    stm32_rng_probe();
    stm32_region_calibrate();
    stm32_exit(main(3, board_argv));
}

/* ------------------------------------------------------------------ vector table */

__attribute__((section(".isr_vector"),
               used)) const void *const stm32_vectors[16 + STM32_IRQ_COUNT] = {
    [0] = &_estack,
    [1] = (const void *)Reset_Handler,
    [2 ... 6] = (const void *)stm32_fault_handler,  /* NMI, HardFault, MemManage, Bus, Usage */
    [11 ... 12] = (const void *)stm32_fault_handler, /* SVCall, DebugMonitor */
    [14 ... 15 + STM32_IRQ_COUNT] = (const void *)stm32_fault_handler, /* PendSV, SysTick, IRQs */
};
