/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * A simulated STM32 RNG (RNG_CR, RNG_SR, RNG_DR) for the driver of src/rng/stm32_rng.c, and the
 * tests that run the driver against it: tests/rng/test_rng_stm32f4.c and test_rng_stm32l4.c
 * define the generation (M4CRYPT_RNG_STM32F4 or M4CRYPT_RNG_STM32L4), include this file, which
 * includes the driver built with M4CRYPT_RNG_STM32_SIM (so its register accesses come here), and
 * end with RNG_STM32_SIM_MAIN(their name).
 *
 * The model, per generation (SIM_L4 = 1 for the RM0432 L4R/L4S RNG, 0 for the RM0090 F4 RNG):
 *   - words are numbered 1, 2, 3, ... in the order RNG_DR delivers them; word i has the value
 *     i * 0x9E3779B1 (never 0, never equal to its neighbour), so an output word names its index;
 *   - RNGEN rising starts the generator: DRDY after SIM_WARMUP polls of RNG_SR; RNG_DR reads 0
 *     while DRDY is 0;
 *   - a seed error sets SEIS (until written 0) and SECS (for a number of RNG_SR reads, during
 *     which DRDY is 0) and makes words "tainted", i.e. never to be output: on the F4 every word
 *     until the generator is restarted (RNGEN 0 then 1; RM0090: "clear and set the RNGEN bit to
 *     reinitialize and restart the RNG"), on the L4+ the next 12 words the RNG delivers, the
 *     pipeline that the RM0432 procedure reads out and discards (a restart drops them too);
 *   - a clock error sets CEIS (until written 0) and CECS (for a number of RNG_SR reads);
 *   - events fire at a chosen word of the stream: a seed error seen before the word is read
 *     (in RNG_SR when the driver polls for it) or only after it was read (the word is then
 *     tainted too), a clock error after the read, a word equal to the one before it, or (L4+) a
 *     zero read from RNG_DR with no flag set yet (RM0432: a seed error between the RNG_SR poll and
 *     the RNG_DR read) that taints the pipeline.
 * Every word RNG_DR delivered is logged with its taint, and every write is checked: RNG_SR may
 * only be written with CEIS/SEIS bits (rc_w0 semantics: 0 clears, 1 leaves), RNG_CR only with
 * RNGEN.
 */
#ifndef M4CRYPT_TEST_RNG_STM32_SIM_H
#define M4CRYPT_TEST_RNG_STM32_SIM_H

#define M4CRYPT_RNG_STM32_SIM
#define M4CRYPT_RNG_STM32_MAX_POLLS 64u
#include "rng/stm32_rng.c"

#ifdef M4CRYPT_RNG_STM32L4
#define SIM_L4 1
#else
#define SIM_L4 0
#endif

#include <string.h>

#include "harness.h"

#define SIM_WARMUP 3
#define SIM_PIPELINE 12
#define SIM_LOG 4096
#define SIM_PERSISTENT 0xffffffffu

enum { EV_NONE, EV_SEED_BEFORE, EV_SEED_AFTER, EV_CLOCK_AFTER, EV_REPEAT, EV_ZERO };

static struct {
    int present;
    uint32_t cr;
    int seis, ceis;
    uint32_t secs_reads, cecs_reads; /* RNG_SR reads left with SECS / CECS set */
    unsigned warmup;
    int stuck;                       /* DRDY never rises */
    uint32_t delivered;              /* index of the last word RNG_DR delivered */
    unsigned taint_next;             /* L4+: tainted words still in the pipeline */
    int taint_until_restart;         /* F4: every word until RNGEN rises again */
    uint8_t tainted[SIM_LOG + 1];    /* by word index */
    struct {
        uint32_t word;               /* absolute word index the event belongs to */
        int kind;
        uint32_t arg;                /* SECS/CECS duration in RNG_SR reads */
    } ev[4];
    unsigned rngen_rises, seis_clears, bad_writes;
    uint32_t last_value;
} sim;

static int sim_clock_fails;

int m4crypt_rng_stm32_sim_clock_init(void)
{
    return sim_clock_fails ? -1 : 0;
}

static uint32_t sim_value(uint32_t index)
{
    return index * 0x9E3779B1u;
}

static void sim_seed_error(uint32_t secs_reads)
{
    sim.seis = 1;
    sim.secs_reads = secs_reads;
    if (SIM_L4)
        sim.taint_next = SIM_PIPELINE;
    else
        sim.taint_until_restart = 1;
}

static int sim_event(uint32_t word, int kind)
{
    for (unsigned i = 0; i < sizeof sim.ev / sizeof sim.ev[0]; i++)
        if (sim.ev[i].kind == kind && sim.ev[i].word == word) {
            sim.ev[i].kind = EV_NONE;
            return (int)i;
        }
    return -1;
}

static int sim_drdy(void)
{
    return (sim.cr & (1u << 2)) && sim.warmup == 0 && sim.secs_reads == 0 && !sim.stuck;
}

uint32_t m4crypt_rng_stm32_sim_read(uint32_t offset)
{
    if (!sim.present)
        return 0;
    if (offset == 0x00)
        return sim.cr;
    if (offset == 0x04) {
        int e = sim_event(sim.delivered + 1, EV_SEED_BEFORE);
        if (e >= 0)
            sim_seed_error(sim.ev[e].arg);
        uint32_t sr = (sim_drdy() ? 1u : 0u) | (sim.cecs_reads ? 1u << 1 : 0u) |
                      (sim.secs_reads ? 1u << 2 : 0u) | (sim.ceis ? 1u << 5 : 0u) |
                      (sim.seis ? 1u << 6 : 0u);
        if (sim.secs_reads && sim.secs_reads != SIM_PERSISTENT)
            sim.secs_reads--;
        if (sim.cecs_reads && sim.cecs_reads != SIM_PERSISTENT)
            sim.cecs_reads--;
        if (sim.warmup && (sim.cr & (1u << 2)))
            sim.warmup--;
        return sr;
    }
    if (offset == 0x08) {
        if (!sim_drdy() || sim.delivered == SIM_LOG)
            return 0;
        uint32_t i = ++sim.delivered, v = sim_value(i);
        if (sim.taint_until_restart)
            sim.tainted[i] = 1;
        else if (sim.taint_next) {
            sim.tainted[i] = 1;
            sim.taint_next--;
        }
        if (sim_event(i, EV_REPEAT) >= 0)
            v = sim.last_value;
        if (sim_event(i, EV_ZERO) >= 0) {
            v = 0;
            sim.tainted[i] = 1;
            sim.taint_next = SIM_PIPELINE;
        }
        int e = sim_event(i, EV_SEED_AFTER);
        if (e >= 0) {
            sim.tainted[i] = 1;
            sim_seed_error(sim.ev[e].arg);
        }
        e = sim_event(i, EV_CLOCK_AFTER);
        if (e >= 0) {
            sim.ceis = 1;
            sim.cecs_reads = sim.ev[e].arg;
        }
        sim.last_value = v;
        return v;
    }
    sim.bad_writes++; /* no other register is read */
    return 0;
}

void m4crypt_rng_stm32_sim_write(uint32_t offset, uint32_t value)
{
    if (!sim.present)
        return;
    if (offset == 0x00) {
        if (value & ~(1u << 2))
            sim.bad_writes++;
        if (!(sim.cr & (1u << 2)) && (value & (1u << 2))) {
            sim.rngen_rises++;
            sim.warmup = SIM_WARMUP;
            sim.taint_next = 0;
            sim.taint_until_restart = 0;
            if (sim.secs_reads != SIM_PERSISTENT)
                sim.secs_reads = 0; /* a transient noise-source error is over */
        }
        sim.cr = value;
    } else if (offset == 0x04) {
        if (value & ~((1u << 5) | (1u << 6)))
            sim.bad_writes++;
        if (sim.seis && !(value & (1u << 6)))
            sim.seis_clears++;
        sim.seis &= (int)(value >> 6) & 1;
        sim.ceis &= (int)(value >> 5) & 1;
    } else {
        sim.bad_writes++;
    }
}

/* A fresh, working RNG (the driver's state is not touched: it finds RNGEN clear and restarts). */
static void sim_reset(void)
{
    memset(&sim, 0, sizeof sim);
    sim.present = 1;
    sim_clock_fails = 0;
}

/* Schedules an event at the k-th word (1-based) the next call reads from RNG_DR. */
static void sim_at(unsigned slot, uint32_t k, int kind, uint32_t arg)
{
    sim.ev[slot].word = sim.delivered + k;
    sim.ev[slot].kind = kind;
    sim.ev[slot].arg = arg;
}

/*
 * One successful call of len bytes whose output must be words first, first + 1, ... (little
 * endian, the last one cut to what is left), none of them tainted.
 */
static void expect_words(const char *what, size_t len, uint32_t first)
{
    uint8_t out[128], want[128];
    memset(out, 0xee, sizeof out);
    int r = m4crypt_rng_stm32_randombytes(out, len);
    int ok = r == M4CRYPT_OK && m4crypt_rng_stm32_status() == M4CRYPT_RNG_STM32_OK;
    for (size_t i = 0; i < len; i++)
        want[i] = (uint8_t)(sim_value(first + (uint32_t)(i / 4)) >> (8 * (i % 4)));
    ok = ok && memcmp(out, want, len) == 0 && out[len] == 0xee;
    for (uint32_t w = 0; w < (len + 3) / 4; w++)
        ok = ok && !sim.tainted[first + w];
    ok = ok && sim.bad_writes == 0;
    if (!ok)
        t_printf("rng: %s: %zu bytes, expected words %u.. (result %d, status %d)\n", what, len,
                 (unsigned)first, r, m4crypt_rng_stm32_status());
    CHECK(ok);
}

/* One failed call: M4CRYPT_ERR_RANDOM, the whole output zero, the given status, the RNG off. */
static void expect_failure(const char *what, size_t len, int why)
{
    uint8_t out[128];
    memset(out, 0xee, sizeof out);
    int r = m4crypt_rng_stm32_randombytes(out, len);
    int ok = r == M4CRYPT_ERR_RANDOM && t_all_zero(out, len) && out[len] == 0xee &&
             m4crypt_rng_stm32_status() == why && !(sim.cr & (1u << 2)) && sim.bad_writes == 0;
    if (!ok)
        t_printf("rng: %s: expected failure %d, got result %d status %d\n", what, why, r,
                 m4crypt_rng_stm32_status());
    CHECK(ok);
}

static void rng_stm32_sim_tests(void)
{
    static const size_t lens[] = {0, 1, 3, 4, 5, 31, 32, 33, 64, 100};
    uint32_t d;

    /* Normal operation: the first word of each call is only compared, the rest is output. */
    sim_reset();
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        d = sim.delivered;
        expect_words("normal", lens[i], d + 2);
    }
    CHECK(sim.rngen_rises == 1); /* started once, kept running */

    /* A seed error at each position of a 32-byte call (the comparison word, the first output
     * word, ..., the last), seen in RNG_SR before the word is read or only after it was read:
     * recovered, and the output made only of words the RNG delivered after the recovery. */
    for (int kind = EV_SEED_BEFORE; kind <= EV_SEED_AFTER; kind++)
        for (uint32_t k = 1; k <= 9; k++) {
            unsigned long rec = m4crypt_rng_stm32_seed_recoveries();
            d = sim.delivered;
            sim_at(0, k, kind, 5);
            /* Words read before the error: k - 1 (before) or k (after, the word itself). */
            uint32_t read = d + k - (kind == EV_SEED_BEFORE);
            uint32_t next = SIM_L4 ? read + SIM_PIPELINE : read; /* L4+: 12 read out */
            expect_words(kind == EV_SEED_BEFORE ? "seed error before a read"
                                                : "seed error after a read",
                         32, next + 2);
            CHECK(m4crypt_rng_stm32_seed_recoveries() == rec + 1);
            CHECK(sim.seis == 0);
        }
    /* F4: recovered by restarting the generator; L4+: without a restart. */
    CHECK(sim.rngen_rises == (SIM_L4 ? 1u : 1u + 18u));

#if SIM_L4
    /* A zero word with no flag (yet): a seed error between the poll and the read. */
    d = sim.delivered;
    sim_at(0, 4, EV_ZERO, 0);
    expect_words("zero word", 32, d + 4 + SIM_PIPELINE + 2);
    /* A new seed error while the 12 words are read out: the recovery fails. */
    sim_at(0, 2, EV_SEED_AFTER, 5);
    sim_at(1, 2 + 6, EV_SEED_AFTER, 5);
    expect_failure("seed error during the recovery", 32, M4CRYPT_RNG_STM32_SEED_ERROR);
    /* The next call restarts the generator and works. */
    d = sim.delivered;
    expect_words("after a failed recovery", 32, d + 2);
    /* ... and one flagged as the 12th word is read out: the confirmation (step 3) sees it, and
     * the recovery does not count. */
    unsigned long rec = m4crypt_rng_stm32_seed_recoveries();
    sim_at(0, 2, EV_SEED_AFTER, 0);
    sim_at(1, 2 + SIM_PIPELINE, EV_SEED_AFTER, 0);
    expect_failure("seed error at the last word read out", 32, M4CRYPT_RNG_STM32_SEED_ERROR);
    CHECK(m4crypt_rng_stm32_seed_recoveries() == rec);
    d = sim.delivered;
    expect_words("after a failed confirmation", 32, d + 2);
#endif

    /* A seed error that does not go away: the call fails (the next call restarts). */
    sim_reset();
    expect_words("restart", 8, 2);
    sim_at(0, 3, EV_SEED_AFTER, SIM_PERSISTENT);
    expect_failure("persistent seed error", 32, M4CRYPT_RNG_STM32_SEED_ERROR);
    sim.secs_reads = 0;
    d = sim.delivered;
    expect_words("after a persistent seed error", 32, d + 2);

    /* Two seed errors in one call: the second is not recovered from. */
    sim_at(0, 2, EV_SEED_AFTER, 3);
    sim_at(1, 2 + (SIM_L4 ? SIM_PIPELINE : 0) + 4, EV_SEED_AFTER, 3);
    expect_failure("second seed error in a call", 32, M4CRYPT_RNG_STM32_SEED_ERROR);
    d = sim.delivered;
    expect_words("after two seed errors", 16, d + 2);

    /* A clock error fails the call; CEIS is cleared and the next call works. */
    unsigned rises = sim.rngen_rises;
    sim_at(0, 4, EV_CLOCK_AFTER, 1);
    expect_failure("clock error", 32, M4CRYPT_RNG_STM32_CLOCK_ERROR);
    CHECK(sim.ceis == 0);
    d = sim.delivered;
    expect_words("after a clock error", 32, d + 2);
    CHECK(sim.rngen_rises == rises + 1);

    /* The continuous test: two equal words. */
    sim_at(0, 5, EV_REPEAT, 0);
    expect_failure("two equal words", 32, M4CRYPT_RNG_STM32_REPEATED_WORD);
    d = sim.delivered;
    expect_words("after two equal words", 32, d + 2);

    /* DRDY never comes: a timeout after the poll budget. */
    sim.stuck = 1;
    expect_failure("no DRDY", 32, M4CRYPT_RNG_STM32_TIMEOUT);
    sim.stuck = 0;

    /* The firmware's clock hook fails. */
    sim_clock_fails = 1;
    expect_failure("clock hook", 32, M4CRYPT_RNG_STM32_NO_CLOCK);
    sim_clock_fails = 0;
    d = sim.delivered;
    expect_words("after the clock hook", 32, d + 2);

    /* No RNG at all (an emulator): RNGEN does not read back. */
    sim.present = 0;
    sim.cr = 0;
    expect_failure("no RNG", 32, M4CRYPT_RNG_STM32_NOT_RESPONDING);
    expect_failure("still no RNG", 1, M4CRYPT_RNG_STM32_NOT_RESPONDING);
    CHECK(sim.bad_writes == 0);
}

/* The test program: the tests above, reported under name. */
#define RNG_STM32_SIM_MAIN(name)                                                                   \
    int main(int argc, char **argv)                                                                \
    {                                                                                              \
        t_init(argc, argv);                                                                        \
        rng_stm32_sim_tests();                                                                     \
        return t_summary(name);                                                                    \
    }

#endif
