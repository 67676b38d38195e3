/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The STM32 RNG driver behind libm4crypt_rng_stm32f4.a and libm4crypt_rng_stm32l4.a
 * (include/m4crypt/rng_stm32.h, docs/rng.md). Built once per RNG generation:
 *
 *   -DM4CRYPT_RNG_STM32F4   RM0090 (STM32F405/407/415/417/427/429/437/439), chapter "Random number
 *                           generator (RNG)", section 24.3.2 "Error management": on a seed error
 *                           "clear the SEIS bit, then clear and set the RNGEN bit to reinitialize
 *                           and restart the RNG"; a number that is in RNG_DR must not be used.
 *   -DM4CRYPT_RNG_STM32L4   RM0432 (STM32L4+), chapter "Random number generator (RNG) applied to
 *                           STM32L4Rxxx and STM32L4Sxxx only", section "Error management", "Noise
 *                           source error detection": the generation with a conditioning stage and
 *                           a 4 x 32-bit output FIFO (the L4P5/L4Q5 RNG, with CONDRST, is another
 *                           chapter and is not this one). After a seed error, following the RNG's
 *                           initialization: 1. clear SEIS by writing 0; 2. read out 12 words from
 *                           RNG_DR and discard each of them, to clean the pipeline; 3. confirm
 *                           that SEIS is still clear. A value in RNG_DR at the error must not be
 *                           used; RNG_DR reads zero when no data is ready, so a zero word is a seed
 *                           error that came between the RNG_SR poll and the RNG_DR read. (The same
 *                           text is in RM0440 section 26.3.7 and RM0399 section 36.3.7 for that
 *                           RNG generation in the STM32G4 and STM32H745/747.)
 *
 * Registers (both manuals), at M4CRYPT_RNG_STM32_BASE (0x5006 0800, AHB2):
 *   RNG_CR 0x00  RNGEN bit 2 (IE bit 3 stays 0; L4+: CED bit 5 stays 0, clock error detection on)
 *   RNG_SR 0x04  DRDY 0, CECS 1, SECS 2 (read only); CEIS 5, SEIS 6 (rc_w0: writing 0 clears,
 *                writing 1 has no effect; the other bits are read only or reserved, written 0)
 *   RNG_DR 0x08  32 random bits
 *
 * One call (m4crypt_rng_stm32_randombytes): start the generator if it is not running, or if
 * RNGEN reads 0 (the firmware's m4crypt_rng_stm32_clock_init, clear CEIS/SEIS, RNGEN 0 then 1, check that RNGEN
 * reads back); read one word that is only kept for the continuous test (RM0090 24.3.1: the first
 * number after RNGEN is compared with the next, and every number with the one before it; we do it
 * per call); then the output words. Each word: poll RNG_SR (bounded by M4CRYPT_RNG_STM32_MAX_POLLS)
 * for DRDY with no error flag, read RNG_DR, read RNG_SR again; an error flag at either read, or
 * (L4+) a zero word, means the word is not used. A seed error: the part's recovery above, then the
 * call starts again from its first word (what was read before the error is discarded too, so no
 * word buffered around the error is ever output); at most M4CRYPT_RNG_STM32_MAX_RECOVERIES per
 * call. Anything else fails the call: the whole output is zeroed, the generator is switched off
 * (RNGEN 0) and the next call starts it again.
 *
 * M4CRYPT_RNG_STM32_SIM (tests only, tests/rng/): the three registers are reached through
 * m4crypt_rng_stm32_sim_read/_write, which a test provides to simulate the RNG, and the public
 * names get a _sim_ infix so that the test's copy links beside the real driver.
 */
#include <stdint.h>

#ifdef M4CRYPT_RNG_STM32_SIM
/* A test's copy of the driver must not collide with the real one a board firmware links. */
#define m4crypt_rng_stm32_randombytes m4crypt_rng_stm32_sim_randombytes
#define m4crypt_rng_stm32_status m4crypt_rng_stm32_sim_status
#define m4crypt_rng_stm32_seed_recoveries m4crypt_rng_stm32_sim_seed_recoveries
#define m4crypt_rng_stm32_clock_init m4crypt_rng_stm32_sim_clock_init
#endif
#include "m4crypt/rng_stm32.h"

#if defined(M4CRYPT_RNG_STM32F4) == defined(M4CRYPT_RNG_STM32L4)
#error "build with exactly one of -DM4CRYPT_RNG_STM32F4 and -DM4CRYPT_RNG_STM32L4 (src/rng/module.mk)"
#endif

#ifndef M4CRYPT_RNG_STM32_BASE
#define M4CRYPT_RNG_STM32_BASE 0x50060800u
#endif
/* Polls of RNG_SR before DRDY counts as late. A word takes 40 RNG clock periods on the F4
 * (RM0090 24.4.3, under 1 us at 48 MHz); the first words after RNGEN on the L4+ generation take
 * about 192 RNG clock + 213 AHB cycles (RM0440 26.5). A poll is an AHB read of at least two core
 * cycles, so 10^6 polls last at least 11 ms at 180 MHz: thousands of times what a working RNG
 * needs. */
#ifndef M4CRYPT_RNG_STM32_MAX_POLLS
#define M4CRYPT_RNG_STM32_MAX_POLLS 1000000u
#endif
#ifndef M4CRYPT_RNG_STM32_MAX_RECOVERIES
#define M4CRYPT_RNG_STM32_MAX_RECOVERIES 1
#endif
/* L4+: words read out and discarded after a seed error (RM0432, "Noise source error detection"). */
#define L4_DISCARD_WORDS 12

#define RNG_CR 0x00u
#define RNG_SR 0x04u
#define RNG_DR 0x08u
#define CR_RNGEN (1u << 2)
#define SR_DRDY (1u << 0)
#define SR_CECS (1u << 1)
#define SR_SECS (1u << 2)
#define SR_CEIS (1u << 5)
#define SR_SEIS (1u << 6)
#define SR_SEED (SR_SECS | SR_SEIS)
#define SR_CLOCK (SR_CECS | SR_CEIS)

#ifdef M4CRYPT_RNG_STM32_SIM
uint32_t m4crypt_rng_stm32_sim_read(uint32_t offset);
void m4crypt_rng_stm32_sim_write(uint32_t offset, uint32_t value);
#define REG_READ(off) m4crypt_rng_stm32_sim_read(off)
#define REG_WRITE(off, v) m4crypt_rng_stm32_sim_write((off), (v))
#else
#define REG(off) (*(volatile uint32_t *)(uintptr_t)(M4CRYPT_RNG_STM32_BASE + (off)))
#define REG_READ(off) REG(off)
#define REG_WRITE(off, v) (REG(off) = (v))
/* The firmware's clock hook: by default the clocks are the firmware's business. */
__attribute__((weak)) int m4crypt_rng_stm32_clock_init(void)
{
    return 0;
}
#endif

static int running, status;
static unsigned long recoveries;

int m4crypt_rng_stm32_status(void)
{
    return status;
}

unsigned long m4crypt_rng_stm32_seed_recoveries(void)
{
    return recoveries;
}

static void wipe(void *p, size_t len)
{
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (len-- > 0)
        *v++ = 0;
}

/* What became of one word. */
enum { WORD_OK, WORD_SEED_ERROR, WORD_FAILED };

static int fail(int why)
{
    /* Off, with both interrupt flags cleared: the next call restarts the generator. */
    REG_WRITE(RNG_CR, REG_READ(RNG_CR) & ~CR_RNGEN);
    REG_WRITE(RNG_SR, 0);
    running = 0;
    status = why;
    return WORD_FAILED;
}

static int start(void)
{
    if (m4crypt_rng_stm32_clock_init() != 0)
        return fail(M4CRYPT_RNG_STM32_NO_CLOCK);
    REG_WRITE(RNG_SR, 0);
    uint32_t cr = REG_READ(RNG_CR) & ~CR_RNGEN;
    REG_WRITE(RNG_CR, cr);
    REG_WRITE(RNG_CR, cr | CR_RNGEN);
    if ((REG_READ(RNG_CR) & CR_RNGEN) == 0)
        return fail(M4CRYPT_RNG_STM32_NOT_RESPONDING);
    running = 1;
    return WORD_OK;
}

/* One word into *w, or the reason there is none. */
static int read_word(uint32_t *w)
{
    for (uint32_t polls = 0; polls < M4CRYPT_RNG_STM32_MAX_POLLS; polls++) {
        uint32_t sr = REG_READ(RNG_SR);
        if (sr & SR_SEED)
            return WORD_SEED_ERROR;
        if (sr & SR_CLOCK)
            return fail(M4CRYPT_RNG_STM32_CLOCK_ERROR);
        if (sr & SR_DRDY) {
            uint32_t v = REG_READ(RNG_DR);
            sr = REG_READ(RNG_SR); /* an error flagged while it was read: the word is not used */
            if (sr & SR_SEED)
                return WORD_SEED_ERROR;
            if (sr & SR_CLOCK)
                return fail(M4CRYPT_RNG_STM32_CLOCK_ERROR);
#ifdef M4CRYPT_RNG_STM32L4
            if (v == 0)
                return WORD_SEED_ERROR;
#endif
            *w = v;
            return WORD_OK;
        }
    }
    return fail(M4CRYPT_RNG_STM32_TIMEOUT);
}

/* The manual's recovery from a seed error: WORD_OK when the generator runs again. */
static int recover(void)
{
#ifdef M4CRYPT_RNG_STM32F4
    /* RM0090 24.3.2: clear SEIS (CEIS written 1: unchanged), then RNGEN 0 and 1. */
    REG_WRITE(RNG_SR, SR_CEIS);
    uint32_t cr = REG_READ(RNG_CR) & ~CR_RNGEN;
    REG_WRITE(RNG_CR, cr);
    REG_WRITE(RNG_CR, cr | CR_RNGEN);
#else
    /* RM0432, "Noise source error detection": 1. clear SEIS. */
    REG_WRITE(RNG_SR, SR_CEIS);
    /* 2. Read out 12 words and discard them. Each is a word the RNG delivered (DRDY), so all 12
     * leave the pipeline even when the RNG needs a moment to resume after the error; a new seed
     * error (SEIS) or a timeout fails the recovery. */
    for (int i = 0; i < L4_DISCARD_WORDS; i++) {
        uint32_t polls = 0, sr;
        while (((sr = REG_READ(RNG_SR)) & SR_DRDY) == 0) {
            if (sr & SR_SEIS)
                return fail(M4CRYPT_RNG_STM32_SEED_ERROR);
            if (++polls == M4CRYPT_RNG_STM32_MAX_POLLS)
                return fail((sr & SR_SECS) ? M4CRYPT_RNG_STM32_SEED_ERROR
                                           : M4CRYPT_RNG_STM32_TIMEOUT);
        }
        (void)REG_READ(RNG_DR);
    }
    /* 3. Confirm that SEIS is still clear (and the error is over: SECS clear too). */
    if (REG_READ(RNG_SR) & SR_SEED)
        return fail(M4CRYPT_RNG_STM32_SEED_ERROR);
#endif
    recoveries++;
    return WORD_OK;
}

/* One attempt at filling out: WORD_OK, WORD_SEED_ERROR (nothing of it may be used), or
 * WORD_FAILED. */
static int fill(uint8_t *out, size_t len)
{
    uint32_t prev, w = 0;
    int r = read_word(&prev); /* the continuous test's base: never output */
    while (r == WORD_OK && len > 0) {
        r = read_word(&w);
        if (r != WORD_OK)
            break;
        if (w == prev) {
            r = fail(M4CRYPT_RNG_STM32_REPEATED_WORD);
            break;
        }
        prev = w;
        size_t n = len < 4 ? len : 4;
        for (size_t i = 0; i < n; i++)
            out[i] = (uint8_t)(w >> (8 * i));
        out += n;
        len -= n;
    }
    wipe(&prev, sizeof prev);
    wipe(&w, sizeof w);
    return r;
}

int m4crypt_rng_stm32_randombytes(uint8_t *out, size_t len)
{
    int r = WORD_OK;
    /* Started by us and still on (a firmware may switch the RNG off, or reset it, to save power). */
    if (!running || !(REG_READ(RNG_CR) & CR_RNGEN))
        r = start();
    for (int attempt = 0; r == WORD_OK; attempt++) {
        r = fill(out, len);
        if (r != WORD_SEED_ERROR)
            break;
        /* Nothing read in this attempt is used: it is all overwritten or wiped. */
        if (attempt == M4CRYPT_RNG_STM32_MAX_RECOVERIES) {
            r = fail(M4CRYPT_RNG_STM32_SEED_ERROR);
            break;
        }
        r = recover();
    }
    if (r != WORD_OK) {
        wipe(out, len);
        return M4CRYPT_ERR_RANDOM;
    }
    status = M4CRYPT_RNG_STM32_OK;
    return M4CRYPT_OK;
}
