/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * A polled driver for the UART of the Arm Cortex-M System Design Kit (CMSDK APB UART, Arm DDI
 * 0479C, section 4.3), as found on the MPS2 boards: UART0 of mps2-an386 (Arm AN386; QEMU's
 * -M mps2-an386, whose first -serial it is) at 0x40004000, clocked at 25 MHz. No interrupts, no
 * FIFO (the UART holds one byte each way). Time-outs are counted with SysTick (Armv7-M ARM
 * B3.3) on the processor clock.
 */
#ifndef PQSESSION_UART_CMSDK_H
#define PQSESSION_UART_CMSDK_H

#include <stddef.h>
#include <stdint.h>

/* Sets the baud rate divider (25 MHz / baud; QEMU only requires it to be at least 16), enables
 * transmit and receive, starts SysTick as a free-running 24-bit counter. */
void uart_init(uint32_t baud);
/* Sends n bytes (waits while the transmit buffer is full). */
void uart_write(const uint8_t *p, size_t n);
/* Receives exactly n bytes: 0, or -1 when no byte came for first_ms (before the first byte) or
 * idle_ms (between bytes); *got is the number that came. */
int uart_read(uint8_t *p, size_t n, size_t *got, uint32_t first_ms, uint32_t idle_ms);

#endif
