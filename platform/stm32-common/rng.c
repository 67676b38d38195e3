/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The boards' side of randomness. The RNG driver is the library's STM32 RNG module (src/rng/,
 * include/m4crypt/rng_stm32.h), linked as libm4crypt_rng_stm32f4.a (STM32F407, and the F405 of
 * QEMU's netduinoplus2) or libm4crypt_rng_stm32l4.a (STM32L4R5); mk/boards.mk links the board's.
 * It gives the board firmware m4crypt_platform_randombytes. Here:
 *   - m4crypt_rng_stm32_clock_init: the board file switches on the RNG's bus clock and its 48 MHz
 *     kernel clock (F4: PLL48CLK from the main PLL's Q output; L4+: HSI48);
 *   - the probe at boot, which says in a "board:" line whether the RNG works and, when not, that a
 *     failed call returns M4CRYPT_ERR_RANDOM with wiped output (checked);
 *   - the netduinoplus2 test build only (STM32_RNG_FALLBACK): QEMU has no RNG model (the RNG's
 *     registers read as zero, so RNGEN does not read back); this build then uses a seeded
 *     SHAKE256 generator, the mps2-an386 platform's (platform/seeded_rng.c), through its
 *     own m4crypt_platform_randombytes (the library's is then not linked). Board firmware never
 *     falls back.
 */
#include <string.h>

#include "m4crypt/common.h"
#include "m4crypt/rng_stm32.h"
#include "platform.h"
#include "stm32-common/stm32.h"

int m4crypt_rng_stm32_clock_init(void)
{
    return stm32_board_rng_clock();
}

#ifdef STM32_RNG_FALLBACK
#define SEEDED_RNG_LABEL "m4crypt netduinoplus2 emulator generator"
#include "seeded_rng.c"
static int fallback_on;

int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    if (fallback_on) {
        seeded_rng_squeeze(out, len);
        return M4CRYPT_OK;
    }
    return m4crypt_rng_stm32_randombytes(out, len);
}
#else
/* A board has its entropy source; a seed is not used. */
void plat_seed_random(const uint8_t *seed, size_t len)
{
    (void)seed;
    (void)len;
}
#endif

void stm32_rng_probe(void)
{
    uint8_t buf[32];
    memset(buf, 0xa5, sizeof buf);
    int r = m4crypt_rng_stm32_randombytes(buf, sizeof buf);
    if (r == M4CRYPT_OK) {
        stm32_note("RNG: hardware generator running (seed/clock error flags, DRDY timeout and "
                   "the continuous test checked on every word; seed errors recovered as the "
                   "reference manual says)");
        m4crypt_memzero(buf, sizeof buf);
        return;
    }
    int wiped = 1;
    for (size_t i = 0; i < sizeof buf; i++)
        wiped &= buf[i] == 0;
    if (r != M4CRYPT_ERR_RANDOM || !wiped) {
        stm32_note("RNG: ERROR: a failed call did not return M4CRYPT_ERR_RANDOM with wiped output");
        return;
    }
    if (m4crypt_rng_stm32_status() == M4CRYPT_RNG_STM32_NOT_RESPONDING) {
#ifdef STM32_RNG_FALLBACK
        fallback_on = 1;
        stm32_note("RNG: not implemented in QEMU (RNG_CR reads as zero -> M4CRYPT_ERR_RANDOM, "
                   "output wiped: checked); test firmware falls back to the seeded generator");
#else
        stm32_note("RNG: does not answer (RNG_CR does not keep RNGEN -> M4CRYPT_ERR_RANDOM, "
                   "output wiped: checked); m4crypt_randombytes will fail");
#endif
        return;
    }
    stm32_puts("board: RNG: failed at boot (status ");
    stm32_put_dec((uint32_t)m4crypt_rng_stm32_status());
    stm32_puts(", include/m4crypt/rng_stm32.h: clock, seed or clock error, DRDY timeout): "
               "m4crypt_randombytes returns M4CRYPT_ERR_RANDOM\n");
}
