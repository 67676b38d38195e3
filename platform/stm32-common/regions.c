/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4sim region markers on a board: the same benchmarks/bench.c measures on silicon.
 *
 * m4sim_region_begin(name) scans the painted stack (for the regions still open), repaints
 * everything below the caller's stack pointer and, as its last action, reads the DWT cycle
 * counter. m4sim_region_end() reads the counter first, then finds the lowest stack word that lost
 * its paint. So a region is measured like m4sim measures it: cycles from the return of
 * m4sim_region_begin to the call of m4sim_region_end (minus the call overhead, measured once at
 * boot with an empty region), stack = caller's stack pointer at begin - lowest word written.
 * Each finished region prints one line
 *     region <name> cycles <n> stack <n>
 * when no region is open any more (printing inside an open region would be measured with it).
 *
 * DWT (Armv7-M ARM C1.6.5 DEMCR, C1.8.7 DWT_CTRL, C1.8.8 DWT_CYCCNT): DEMCR 0xE000EDFC, TRCENA
 * bit 24; DWT_CTRL 0xE0001000, CYCCNTENA bit 0; DWT_CYCCNT 0xE0001004. QEMU does not model the
 * DWT (its registers read as zero): the counter is checked at boot and cycles print as 0.
 */
#include <string.h>

#include "platform.h"
#include "stm32-common/stm32.h"

#define DEMCR 0xE000EDFCu
#define DWT_CTRL 0xE0001000u
#define DWT_CYCCNT_ADDR 0xE0001004u

#define MAX_OPEN 8
#define MAX_DONE 24

extern uint32_t stm32_stack_low;
extern uint32_t _stack_limit;

struct open_region {
    const char *name;
    uint32_t sp0, low, cyc0;
};
struct done_region {
    const char *name;
    uint32_t cycles, stack;
    int at_limit;
};

static struct open_region open_regions[MAX_OPEN];
static unsigned depth, overflowed;
static struct done_region done[MAX_DONE];
static unsigned ndone, dropped;
static uint32_t overhead, quiet, last_cycles;

/* Used by the assembly of the markers. */
uint32_t stm32_region_floor;
uint32_t *stm32_region_cyc0;
static uint32_t cyc0_dummy;

void stm32_dwt_init(void)
{
    STM32_REG(DEMCR) |= 1u << 24;
    STM32_REG(DWT_CYCCNT_ADDR) = 0;
    STM32_REG(DWT_CTRL) |= 1u;
    uint32_t a = STM32_REG(DWT_CYCCNT_ADDR);
    for (volatile int i = 0; i < 100; i++) {
    }
    stm32_dwt_ok = STM32_REG(DWT_CYCCNT_ADDR) != a;
    stm32_region_floor = (uint32_t)(uintptr_t)&_stack_limit + 32u;
}

static void print_done(void)
{
    for (unsigned i = 0; i < ndone; i++) {
        stm32_puts("region ");
        stm32_puts(done[i].name);
        stm32_puts(" cycles ");
        stm32_put_dec(done[i].cycles);
        stm32_puts(" stack ");
        stm32_put_dec(done[i].stack);
        stm32_puts(done[i].at_limit ? " limit\n" : "\n");
    }
    if (dropped) {
        stm32_puts("board: ");
        stm32_put_dec(dropped);
        stm32_puts(" nested regions not reported (more than 24 inside one region)\n");
    }
    ndone = dropped = 0;
}

/* Called by m4sim_region_begin with the caller's stack pointer and the lowest stack word written
 * since the last paint; returns the floor from which to repaint. */
__attribute__((used, noinline)) uint32_t stm32_region_open(const char *name, uint32_t sp0,
                                                          uint32_t low)
{
    if (low < stm32_stack_low)
        stm32_stack_low = low;
    for (unsigned i = 0; i < depth; i++)
        if (low < open_regions[i].low)
            open_regions[i].low = low;
    if (depth == MAX_OPEN) {
        overflowed++;
        stm32_region_cyc0 = &cyc0_dummy;
        return sp0; /* nothing repainted */
    }
    struct open_region *r = &open_regions[depth++];
    r->name = name;
    r->sp0 = sp0;
    r->low = sp0;
    r->cyc0 = 0;
    stm32_region_cyc0 = &r->cyc0;
    return stm32_region_floor;
}

/* Called by m4sim_region_end with the lowest stack word written and the end count. */
__attribute__((used, noinline)) void stm32_region_close(uint32_t low, uint32_t cyc1)
{
    if (low < stm32_stack_low)
        stm32_stack_low = low;
    if (overflowed) {
        overflowed--;
        return;
    }
    if (depth == 0) {
        stm32_note("m4sim_region_end without m4sim_region_begin");
        return;
    }
    struct open_region *r = &open_regions[--depth];
    if (low < r->low)
        r->low = low;
    for (unsigned i = 0; i < depth; i++)
        if (r->low < open_regions[i].low)
            open_regions[i].low = r->low;
    uint32_t cycles = stm32_dwt_ok ? cyc1 - r->cyc0 : 0;
    cycles = cycles > overhead ? cycles - overhead : 0;
    last_cycles = cycles;
    if (quiet)
        return;
    if (ndone < MAX_DONE)
        done[ndone++] = (struct done_region){r->name, cycles, r->sp0 - r->low,
                                             r->low <= stm32_region_floor};
    else
        dropped++;
    if (depth == 0)
        print_done();
}

/* r0 = name. Scan [floor, sp) for the lowest written word, open the region, repaint [floor, sp),
 * and read the cycle counter last. Uses only r0-r3, r12 (caller-saved) outside the call. */
__attribute__((naked)) void m4sim_region_begin(const char *name)
{
    (void)name;
    __asm__ volatile("mov r1, sp\n\t"
                     "ldr r2, =stm32_region_floor\n\t"
                     "ldr r2, [r2]\n\t"
                     "ldr r3, =0x6d34736b\n\t" /* STACK_PAINT */
                     "1:\n\t"
                     "cmp r2, r1\n\t"
                     "bhs 2f\n\t"
                     "ldr r12, [r2]\n\t"
                     "cmp r12, r3\n\t"
                     "bne 2f\n\t"
                     "adds r2, #4\n\t"
                     "b 1b\n\t"
                     "2:\n\t"
                     "push {r4, lr}\n\t"
                     "bl stm32_region_open\n\t"
                     "pop {r4, lr}\n\t"
                     "mov r2, sp\n\t"
                     "ldr r3, =0x6d34736b\n\t"
                     "3:\n\t"
                     "cmp r0, r2\n\t"
                     "bhs 4f\n\t"
                     "str r3, [r0], #4\n\t"
                     "b 3b\n\t"
                     "4:\n\t"
                     "ldr r3, =stm32_region_cyc0\n\t"
                     "ldr r3, [r3]\n\t"
                     "ldr r2, =0xE0001004\n\t"
                     "ldr r2, [r2]\n\t"
                     "str r2, [r3]\n\t"
                     "bx lr\n\t"
                     ".ltorg\n\t");
}

/* Read the counter, scan [floor, sp) for the lowest written word, close the region. */
__attribute__((naked)) void m4sim_region_end(void)
{
    __asm__ volatile("ldr r12, =0xE0001004\n\t"
                     "ldr r12, [r12]\n\t"
                     "ldr r0, =stm32_region_floor\n\t"
                     "ldr r0, [r0]\n\t"
                     "mov r2, sp\n\t"
                     "ldr r1, =0x6d34736b\n\t"
                     "1:\n\t"
                     "cmp r0, r2\n\t"
                     "bhs 2f\n\t"
                     "ldr r3, [r0]\n\t"
                     "cmp r3, r1\n\t"
                     "bne 2f\n\t"
                     "adds r0, #4\n\t"
                     "b 1b\n\t"
                     "2:\n\t"
                     "mov r1, r12\n\t"
                     "b stm32_region_close\n\t"
                     ".ltorg\n\t");
}

/* The cost of the markers themselves: an empty region, the smallest of a few runs. */
void stm32_region_calibrate(void)
{
    if (!stm32_dwt_ok) {
        stm32_note("DWT: the cycle counter does not count (QEMU does not model the DWT): region "
                   "cycles print as 0");
        return;
    }
    uint32_t best = 0xffffffffu;
    quiet = 1;
    for (int i = 0; i < 4; i++) {
        m4sim_region_begin("calibration");
        m4sim_region_end();
        if (last_cycles < best)
            best = last_cycles;
    }
    quiet = 0;
    overhead = best;
    stm32_puts("board: DWT cycle counter running; region marker overhead ");
    stm32_put_dec(overhead);
    stm32_puts(" cycles, subtracted\n");
}

volatile uint8_t m4sim_ct_seed[32] = {1};
