/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The STM32 true random number generator as m4crypt's randomness source: an optional module,
 * built as its own library for each RNG generation (docs/rng.md):
 *
 *   libm4crypt_rng_stm32f4.a   STM32F405/407/415/417/427/429/437/439 (RM0090, "Random number
 *                              generator (RNG)"): recovery from a seed error by clearing SEIS and
 *                              restarting the generator (RNGEN 0 then 1)
 *   libm4crypt_rng_stm32l4.a   STM32L4R5/L4R7/L4R9/L4S5/L4S7/L4S9 (RM0432, "Random number
 *                              generator (RNG) applied to STM32L4Rxxx and STM32L4Sxxx only"): the
 *                              RNG with a conditioning stage and a 4-word output FIFO; recovery
 *                              by clearing SEIS, reading out and discarding 12 words, and
 *                              confirming that SEIS stayed clear
 *
 * Linking one of them (after libm4crypt.a) gives the firmware m4crypt_platform_randombytes(). Both
 * drive the RNG at 0x5006 0800 through RNG_CR, RNG_SR and RNG_DR only.
 *
 * What the firmware does: switch on the RNG's bus clock (RCC AHB2ENR RNGEN) and its 48 MHz kernel
 * clock (F4: PLL48CLK, the main PLL's Q output; L4+: HSI48 or a PLL 48 MHz output), either before
 * the first call or in m4crypt_rng_stm32_clock_init(), which the driver calls each time it
 * (re)starts the generator. Calls are not reentrant: one thread at a time, never from an
 * interrupt handler that can preempt another call.
 */
#ifndef M4CRYPT_RNG_STM32_H
#define M4CRYPT_RNG_STM32_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Fills out with len bytes from the RNG: M4CRYPT_OK, or M4CRYPT_ERR_RANDOM with all len bytes
 * zeroed (never a partial result). Every word is checked: RNG_SR before and after the RNG_DR read
 * (seed error SECS/SEIS, clock error CECS/CEIS), DRDY within a bounded number of polls, and the
 * continuous test RM0090 asks of the application (each call's first word is kept for comparison
 * and never output; each word must differ from the one before it). A seed error is recovered with
 * the part's procedure, every word read in the call so far is discarded, and the call starts
 * again, once; a second seed error in the same call, a failed recovery, a clock error, a timeout
 * or two equal words fail the call, and the generator is restarted by the next call.
 */
int m4crypt_rng_stm32_randombytes(uint8_t *out, size_t len);

/*
 * Called before the driver sets RNGEN (the first call, and after a failure): switches on the
 * RNG's clocks and returns 0, or a nonzero value if they did not start (the call then fails with
 * M4CRYPT_RNG_STM32_NO_CLOCK). The library's default does nothing and returns 0 (the firmware
 * enabled the clocks itself); define it to replace the default.
 */
int m4crypt_rng_stm32_clock_init(void);

/* Why the last call failed (M4CRYPT_RNG_STM32_OK after a successful call). */
#define M4CRYPT_RNG_STM32_OK 0
#define M4CRYPT_RNG_STM32_NO_CLOCK 1       /* m4crypt_rng_stm32_clock_init() returned nonzero */
#define M4CRYPT_RNG_STM32_NOT_RESPONDING 2 /* RNG_CR does not keep RNGEN: the bus clock is off,
                                              or there is no RNG at 0x5006 0800 (an emulator) */
#define M4CRYPT_RNG_STM32_TIMEOUT 3        /* DRDY did not come within the poll budget */
#define M4CRYPT_RNG_STM32_CLOCK_ERROR 4    /* CECS/CEIS: RNG clock too slow for the bus clock */
#define M4CRYPT_RNG_STM32_SEED_ERROR 5     /* a seed error the recovery did not clear, or a
                                              second one in the same call */
#define M4CRYPT_RNG_STM32_REPEATED_WORD 6  /* the continuous test saw two equal words */
int m4crypt_rng_stm32_status(void);

/* Seed errors recovered since reset (each cost the call's words so far, and on the L4+ part 12
 * discarded words). */
unsigned long m4crypt_rng_stm32_seed_recoveries(void);

#ifdef __cplusplus
}
#endif
#endif
