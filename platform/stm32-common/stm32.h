/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared code of m4crypt's STM32 boards (STM32F407 Discovery, NUCLEO-L4R5ZI, and QEMU's
 * netduinoplus2 machine, an STM32F405): the interface between a board file
 * (platform/<board>/board.c: clocks, UART, RNG clock, register addresses of that family) and the
 * common Cortex-M4 code in platform/stm32-common/ (startup, timeouts, the serial host link that
 * carries the console and the vector files, DWT regions with stack painting, fault reports, the
 * RNG driver).
 *
 * The build links only the .c files of platform/<board>/; each board's common.c includes the
 * shared .c files, so they are compiled with that board's configuration.
 */
#ifndef M4CRYPT_STM32_H
#define M4CRYPT_STM32_H

#include <stddef.h>
#include <stdint.h>

#define STM32_REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

#define STM32_BAUD 115200u

/* ------------------------------------------------------------ provided by the board file */

/* "stm32f4discovery (STM32F407VG)" etc. */
extern const char stm32_board_name[];
/* The core clock after reset (F4: HSI 16 MHz; L4+: MSI 4 MHz). */
extern const uint32_t stm32_board_reset_hz;
/* Called first, with the reset clock: whatever the UART pins need (L4+: VDDIO2 for port G). */
void stm32_board_early(void);
/* Sets the clock tree. bench = 1: the benchmark clock at zero flash wait states with the flash
 * accelerator off; bench = 0: the fast clock for tests. Prints a note on what it did and returns
 * the core clock in Hz (the reset clock when a ready flag timed out or RCC does not answer). */
uint32_t stm32_board_clock(int bench);
/* Prints what stm32_board_clock did (and which peripherals did not answer), once the UART runs
 * at the new clock. */
void stm32_board_report(void);
/* (Re)configures the UART for STM32_BAUD with the current clocks (pins, clock enable, BRR). */
void stm32_board_uart_init(void);
int stm32_board_uart_tx_ready(void);
void stm32_board_uart_tx(uint8_t c);
/* 1 when the last byte has left the shift register (TC). */
int stm32_board_uart_tx_done(void);
/* 1: a byte was received into *c; 0: nothing yet; -1: a receive error (overrun, framing, noise,
 * parity), cleared. */
int stm32_board_uart_rx(uint8_t *c);
/* Switches on the RNG's bus clock and its 48 MHz kernel clock: 0, or -1 if that clock did not
 * become ready. */
int stm32_board_rng_clock(void);

/* ------------------------------------------------------------ provided by the common code */

/* Core clock in Hz, as set by stm32_board_clock (the timeouts are derived from it). */
extern uint32_t stm32_cpu_hz;
/* 1 when the DWT cycle counter counts (QEMU does not model the DWT). */
extern int stm32_dwt_ok;

/* A bounded wait: expires after `us` microseconds measured with the DWT cycle counter when it
 * counts, and in any case after a number of polls that cannot take less time on the chip (each
 * poll reads a peripheral register: more than 4 cycles). So every wait ends, on silicon and in an
 * emulator whose peripherals read as zero. At most about 2^31 cycles per deadline. */
typedef struct {
    uint32_t start, cycles, polls_left;
} stm32_deadline;
void stm32_deadline_start(stm32_deadline *d, uint32_t us);
int stm32_deadline_expired(stm32_deadline *d);
/* Waits until (*reg & mask) == value: 0, or -1 on timeout. */
int stm32_wait(uint32_t reg, uint32_t mask, uint32_t value, uint32_t us);

/* Console output (plain text over the UART), "board: <text>\n" notes, numbers. */
void stm32_puts(const char *s);
void stm32_put_dec(uint32_t v);
void stm32_put_hex(uint32_t v);
void stm32_note(const char *s);
/* Waits until the UART has sent everything (before a clock or baud change). */
void stm32_uart_drain(void);

/* Ends the program: reports the stack high-water mark, tells the host the exit code and stops
 * (netduinoplus2 build: semihosting SYS_EXIT_EXTENDED; boards: a busy loop). */
__attribute__((noreturn)) void stm32_exit(int code);

#ifdef STM32_SEMIHOSTING
/* Only in the netduinoplus2 build (QEMU with -semihosting-config enable=on,target=native): Arm
 * semihosting ("Semihosting for AArch32 and AArch64"), BKPT 0xAB with the operation in r0 and the
 * parameter block in r1. Never on a board: without a debugger a BKPT is a HardFault. */
#include "semihost.h"
#endif

#endif
