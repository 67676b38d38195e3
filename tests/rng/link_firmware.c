/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * A user's firmware, reduced to what decides whether it links: its own vector table and reset
 * handler, libm4crypt.a, and either an operation that needs randomness (-DNEEDS_RANDOMNESS:
 * ML-KEM-768 key generation) or one that does not (X25519 with a given secret). -DOWN_SOURCE
 * defines m4crypt_platform_randombytes itself, as a firmware on another chip does. Linked (never
 * run) by tests/rng/test_rng_link.py, which checks when the link must fail and what it says.
 */
#include <stdint.h>

#include "m4crypt.h"

int main(void);

#ifdef __arm__
extern uint32_t _estack;
void Reset_Handler(void);
void Reset_Handler(void)
{
    main();
    for (;;)
        __asm__ volatile("" ::: "memory");
}
__attribute__((section(".isr_vector"), used)) const void *const vectors[2] = {
    &_estack, (const void *)Reset_Handler};
#endif

#ifdef OWN_SOURCE
int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)i; /* a stand-in: this program only has to link */
    return 0;
}
#endif

static uint8_t pk[M4CRYPT_MLKEM768_PUBLICKEYBYTES], sk[M4CRYPT_MLKEM768_SECRETKEYBYTES];
static uint8_t shared[32], secret[32] = {1}, point[32] = {9};

int main(void)
{
#ifdef NEEDS_RANDOMNESS
    (void)shared;
    return m4crypt_mlkem768_keypair(pk, sk) != 0;
#else
    (void)pk;
    (void)sk;
    return m4crypt_x25519(shared, secret, point) != 0;
#endif
}
