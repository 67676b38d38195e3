/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant time of SHA-3 and SHAKE on secret input (valgrind memcheck, tests/common/ct.h):
 * SHAKE128/256 and SHA3-256/512 of secret messages of several lengths (around the rate), one-shot
 * and incremental, the permutation on a secret state, and squeezing from a secret-seeded state.
 * Only lengths are public. Outputs are declassified after each operation.
 */
#include <string.h>

#include "ct.h"
#include "fips202/backend.h"
#include "harness.h"

int main(int argc, char **argv)
{
    t_init(argc, argv);
    static const size_t lens[] = {0, 1, 31, 32, 33, 71, 72, 73, 135, 136, 137, 167, 168, 169, 500};
    uint8_t secret[512], out[600], ref[600];
    m4crypt_keccak_ctx ctx;
    t_rand_seed(7);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t n = lens[i];
        t_rand_bytes(secret, sizeof secret);

        CT_SECRET(secret, sizeof secret);
        m4crypt_shake256(out, 200, secret, n);
        CT_PUBLIC(out, 200);
        CT_PUBLIC(secret, sizeof secret);
        memcpy(ref, out, 200);

        /* the same incrementally: two absorbs, several squeezes */
        CT_SECRET(secret, sizeof secret);
        m4crypt_shake256_init(&ctx);
        m4crypt_keccak_absorb(&ctx, secret, n / 3);
        m4crypt_keccak_absorb(&ctx, secret + n / 3, n - n / 3);
        m4crypt_keccak_finalize(&ctx);
        m4crypt_keccak_squeeze(&ctx, out, 5);
        m4crypt_keccak_squeeze(&ctx, out + 5, 195);
        CT_PUBLIC(out, 200);
        CT_PUBLIC(secret, sizeof secret);
        CHECK_MEM(out, ref, 200);

        CT_SECRET(secret, sizeof secret);
        m4crypt_shake128(out, 400, secret, n);
        CT_PUBLIC(out, 400);
        m4crypt_sha3_256(out, secret, n);
        CT_PUBLIC(out, 32);
        m4crypt_sha3_512(out + 32, secret, n);
        CT_PUBLIC(out + 32, 64);
        m4crypt_sha3_512_init(&ctx);
        m4crypt_keccak_absorb(&ctx, secret, n);
        m4crypt_sha3_512_final(&ctx, ref);
        CT_PUBLIC(ref, 64);
        CT_PUBLIC(secret, sizeof secret);
        CHECK_MEM(out + 32, ref, 64);
    }

    /* A secret seed expanded into a long stream (how the samplers and the RNG use SHAKE). */
    t_rand_bytes(secret, 64);
    CT_SECRET(secret, 64);
    m4crypt_shake256_init(&ctx);
    m4crypt_keccak_absorb(&ctx, secret, 64);
    m4crypt_keccak_finalize(&ctx);
    for (int i = 0; i < 4; i++)
        m4crypt_keccak_squeeze(&ctx, out + 150 * i, 150);
    CT_PUBLIC(out, 600);
    m4crypt_memzero(&ctx, sizeof ctx);

    /* The permutation on a fully secret state, both the public entry and the portable one. */
    uint64_t st[25];
    t_rand_bytes((uint8_t *)st, sizeof st);
    CT_SECRET(st, sizeof st);
    m4crypt_keccakf1600(st);
    m4crypt_keccakf1600_c(st);
    CT_PUBLIC(st, sizeof st);
    CHECK(st[0] != 0 || st[1] != 0);
    return t_summary("ct_fips202");
}
