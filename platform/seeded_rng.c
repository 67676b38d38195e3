/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The generator of the emulated boards, which have no entropy source (QEMU's mps2-an386, and its
 * netduinoplus2, which models no RNG): a SHAKE256 output stream seeded with SEEDED_RNG_LABEL and
 * then the seed given to plat_seed_random() (none when it is not called). For tests and benchmarks
 * only. Included by the platform file that uses it, after it has defined SEEDED_RNG_LABEL.
 */
#include "m4crypt/fips202.h"
#include "platform.h"

static m4crypt_keccak_ctx seeded_rng;
static int seeded_rng_ready;

void plat_seed_random(const uint8_t *seed, size_t len)
{
    static const char label[] = SEEDED_RNG_LABEL;
    m4crypt_shake256_init(&seeded_rng);
    m4crypt_keccak_absorb(&seeded_rng, (const uint8_t *)label, sizeof label - 1);
    m4crypt_keccak_absorb(&seeded_rng, seed, len);
    m4crypt_keccak_finalize(&seeded_rng);
    seeded_rng_ready = 1;
}

/* The next len bytes of the stream. */
static void seeded_rng_squeeze(uint8_t *out, size_t len)
{
    if (!seeded_rng_ready)
        plat_seed_random(0, 0);
    m4crypt_keccak_squeeze(&seeded_rng, out, len);
}
