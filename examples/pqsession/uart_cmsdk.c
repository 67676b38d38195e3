/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* CMSDK APB UART0 of mps2-an386, polled (uart_cmsdk.h). */
#include "uart_cmsdk.h"

#define UART0_BASE 0x40004000u
#define UART_DATA (*(volatile uint32_t *)(UART0_BASE + 0x000))
#define UART_STATE (*(volatile uint32_t *)(UART0_BASE + 0x004)) /* bit 0 TX full, 1 RX full */
#define UART_CTRL (*(volatile uint32_t *)(UART0_BASE + 0x008)) /* bit 0 TX enable, 1 RX enable */
#define UART_BAUDDIV (*(volatile uint32_t *)(UART0_BASE + 0x010))
#define STATE_TXFULL 0x1u
#define STATE_RXFULL 0x2u
#define CTRL_TXEN 0x1u
#define CTRL_RXEN 0x2u
#define PCLK_HZ 25000000u

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u) /* bit 0 enable, bit 2 processor clock */
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
#define TICKS_PER_MS (PCLK_HZ / 1000u) /* the processor runs at the same 25 MHz */

static uint32_t last_cvr;
static uint64_t ticks;

/* Ticks since uart_init; SysTick counts down from 2^24 - 1 and wraps every 0.67 s, so this must
 * be called more often than that (the read loop calls it on every poll). */
static uint64_t now(void)
{
    uint32_t v = SYST_CVR;
    ticks += (last_cvr - v) & 0xffffffu;
    last_cvr = v;
    return ticks;
}

void uart_init(uint32_t baud)
{
    UART_BAUDDIV = PCLK_HZ / baud;
    UART_CTRL = CTRL_TXEN | CTRL_RXEN;
    SYST_RVR = 0xffffffu;
    SYST_CVR = 0;
    SYST_CSR = 0x5u;
    last_cvr = SYST_CVR;
}

void uart_write(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        while (UART_STATE & STATE_TXFULL)
            ;
        UART_DATA = p[i];
    }
}

int uart_read(uint8_t *p, size_t n, size_t *got, uint32_t first_ms, uint32_t idle_ms)
{
    size_t i = 0;
    uint64_t since = now();
    while (i < n) {
        if (UART_STATE & STATE_RXFULL) {
            p[i++] = (uint8_t)UART_DATA;
            since = now();
            continue;
        }
        const uint64_t limit = (uint64_t)(i == 0 ? first_ms : idle_ms) * TICKS_PER_MS;
        if (now() - since > limit)
            break;
        /* A pause between polls: in QEMU each access to the UART takes the emulator's global
         * lock, and a tight loop would slow down the thread that delivers the next byte. */
        for (int k = 0; k < 32; k++)
            __asm__ volatile("nop");
    }
    *got = i;
    return i == n ? 0 : -1;
}
