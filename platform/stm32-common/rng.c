/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt_platform_randombytes from the STM32 true random number generator.
 *
 * The RNG block is the same on the STM32F405/407 (RM0090, chapter "Random number generator
 * (RNG)") and the STM32L4R5 (RM0432, chapter "Random number generator (RNG)"), at 0x5006 0800 on
 * both (AHB2):
 *   RNG_CR 0x00  RNGEN bit 2 (IE bit 3 stays 0; L4+: CED bit 5 = 0 keeps clock error detection on)
 *   RNG_SR 0x04  DRDY bit 0, CECS bit 1, SECS bit 2, CEIS bit 5, SEIS bit 6 (CEIS/SEIS: write 0
 *                to clear)
 *   RNG_DR 0x08  32 random bits
 * The board file switches on the bus clock and the 48 MHz RNG clock (F4: PLL48CLK from the main
 * PLL's Q output; L4+: HSI48).
 *
 * Checks (from the manuals' error management sections): a seed error (SECS/SEIS) or a clock error
 * (CECS/CEIS), seen before or right after reading RNG_DR, fails the call; the generator is then
 * disabled and re-enabled on the next call (the manuals' recovery: clear SEIS, clear and set
 * RNGEN). DRDY must come within 2 ms (a word takes about 40 RNG clock periods, under 1 us): a
 * timeout fails the call. The FIPS PUB 140-2 continuous test that RM0090 asks of the application:
 * the first word of every call is not output but kept for comparison, and each word must differ
 * from the one before it. A failed call wipes the whole output and returns M4CRYPT_ERR_RANDOM:
 * never partial or unchecked output.
 *
 * QEMU's netduinoplus2 has no RNG model (reads as zero): the probe at boot sees the timeout and
 * the wiped output and says so. Only the netduinoplus2 test build (STM32_RNG_FALLBACK) then uses a
 * seeded SHAKE256 generator, as the mps2-an386 platform does; board firmware never falls back.
 */
#include <string.h>

#include "m4crypt/common.h"
#include "m4crypt/fips202.h"
#include "platform.h"
#include "stm32-common/stm32.h"

#define RNG_CR 0x50060800u
#define RNG_SR 0x50060804u
#define RNG_DR 0x50060808u
#define CR_RNGEN (1u << 2)
#define SR_DRDY (1u << 0)
#define SR_ERRORS ((1u << 1) | (1u << 2) | (1u << 5) | (1u << 6))

static int rng_enabled, rng_cr_answered;

static void rng_disable(void)
{
    STM32_REG(RNG_CR) &= ~CR_RNGEN;
    STM32_REG(RNG_SR) = 0; /* clears CEIS and SEIS */
    rng_enabled = 0;
}

static int rng_enable(void)
{
    if (stm32_board_rng_clock() != 0)
        return -1;
    STM32_REG(RNG_SR) = 0;
    STM32_REG(RNG_CR) |= CR_RNGEN;
    rng_cr_answered = (STM32_REG(RNG_CR) & CR_RNGEN) != 0;
    rng_enabled = 1;
    return 0;
}

static int rng_word(uint32_t *out)
{
    stm32_deadline d;
    stm32_deadline_start(&d, 2000);
    for (;;) {
        uint32_t sr = STM32_REG(RNG_SR);
        if (sr & SR_ERRORS)
            break;
        if (sr & SR_DRDY) {
            uint32_t v = STM32_REG(RNG_DR);
            if (STM32_REG(RNG_SR) & SR_ERRORS)
                break;
            *out = v;
            return 0;
        }
        if (stm32_deadline_expired(&d))
            break;
    }
    rng_disable();
    return -1;
}

static int hw_randombytes(uint8_t *out, size_t len)
{
    uint8_t *start = out;
    size_t total = len;
    uint32_t prev = 0, w = 0;
    if (!rng_enabled && rng_enable() != 0)
        goto fail;
    if (rng_word(&prev) != 0) /* the comparison base, never output */
        goto fail;
    while (len > 0) {
        if (rng_word(&w) != 0)
            goto fail;
        if (w == prev) { /* continuous test: two equal consecutive words */
            rng_disable();
            goto fail;
        }
        prev = w;
        size_t n = len < 4 ? len : 4;
        memcpy(out, &w, n);
        out += n;
        len -= n;
    }
    m4crypt_memzero(&w, sizeof w);
    m4crypt_memzero(&prev, sizeof prev);
    return M4CRYPT_OK;
fail:
    m4crypt_memzero(&w, sizeof w);
    m4crypt_memzero(&prev, sizeof prev);
    m4crypt_memzero(start, total);
    return M4CRYPT_ERR_RANDOM;
}

#ifdef STM32_RNG_FALLBACK
static m4crypt_keccak_ctx fallback;
static int fallback_on, fallback_seeded;

void plat_seed_random(const uint8_t *seed, size_t len)
{
    static const char label[] = "m4crypt netduinoplus2 emulator generator";
    m4crypt_shake256_init(&fallback);
    m4crypt_keccak_absorb(&fallback, (const uint8_t *)label, sizeof label - 1);
    m4crypt_keccak_absorb(&fallback, seed, len);
    m4crypt_keccak_finalize(&fallback);
    fallback_seeded = 1;
}
#else
/* A board has its entropy source; a seed is not used. */
void plat_seed_random(const uint8_t *seed, size_t len)
{
    (void)seed;
    (void)len;
}
#endif

__attribute__((weak)) int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
#ifdef STM32_RNG_FALLBACK
    if (fallback_on) {
        if (!fallback_seeded)
            plat_seed_random(0, 0);
        m4crypt_keccak_squeeze(&fallback, out, len);
        return M4CRYPT_OK;
    }
#endif
    return hw_randombytes(out, len);
}

void stm32_rng_probe(void)
{
    uint8_t buf[32];
    memset(buf, 0xa5, sizeof buf);
    int r = hw_randombytes(buf, sizeof buf);
    if (r == M4CRYPT_OK) {
        stm32_note("RNG: hardware generator running (seed/clock error flags, DRDY timeout and "
                   "the FIPS 140-2 continuous test checked on every call)");
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
    if (!rng_cr_answered) {
#ifdef STM32_RNG_FALLBACK
        fallback_on = 1;
        stm32_note("RNG: not implemented in QEMU (timeout -> M4CRYPT_ERR_RANDOM, output wiped: "
                   "checked); test firmware falls back to the seeded generator");
#else
        stm32_note("RNG: does not answer (timeout -> M4CRYPT_ERR_RANDOM, output wiped: checked); "
                   "m4crypt_randombytes will fail");
#endif
        return;
    }
    stm32_note("RNG: failed at boot (seed or clock error, or DRDY timeout): "
               "m4crypt_randombytes returns M4CRYPT_ERR_RANDOM");
}
