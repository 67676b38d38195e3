/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The STM32 RNG driver (src/rng/stm32_rng.c) built for the STM32F4 generation (RM0090 24.3.2: a seed error is recovered by clearing SEIS and
 * restarting the generator, RNGEN 0 then 1), run against the simulated RNG of
 * rng_stm32_sim.h: normal output, seed errors at every word of a call (seen before or after the
 * read), which words are output after the recovery and that no word buffered around an error ever
 * is, failed recoveries, clock errors, the continuous test, timeouts, a missing RNG. Runs on the
 * host and on the emulated M4 alike (no hardware is touched).
 */
#define M4CRYPT_RNG_STM32F4
#include "rng_stm32_sim.h"

RNG_STM32_SIM_MAIN("rng_stm32f4")
