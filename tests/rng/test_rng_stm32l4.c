/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The STM32 RNG driver (src/rng/stm32_rng.c) built for the STM32L4R/L4S generation (RM0432, "Noise source error detection": clear SEIS, read
 * out and discard 12 words, confirm SEIS is still clear), run against the simulated RNG of
 * rng_stm32_sim.h: normal output, seed errors at every word of a call (seen before or after the
 * read), which words are output after the recovery and that no word buffered around an error ever
 * is, failed recoveries, clock errors, the continuous test, timeouts, a missing RNG. Runs on the
 * host and on the emulated M4 alike (no hardware is touched).
 */
#define M4CRYPT_RNG_STM32_SIM
#define M4CRYPT_RNG_STM32L4
#define M4CRYPT_RNG_STM32_MAX_POLLS 64u
#include "rng/stm32_rng.c"

#define SIM_L4 1
#include "rng_stm32_sim.h"

int main(int argc, char **argv)
{
    t_init(argc, argv);
    rng_stm32_sim_tests();
    return t_summary("rng_stm32l4");
}
