/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4crypt_platform_randombytes from the STM32 RNG driver (stm32_rng.c), in an object of its own
 * so that a firmware which defines m4crypt_platform_randombytes itself (a DRBG seeded from the
 * RNG, say) can still link the library and call m4crypt_rng_stm32_randombytes: the linker takes
 * this member from the archive only when nothing else defines the symbol.
 */
#include "m4crypt/rng_stm32.h"

int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    return m4crypt_rng_stm32_randombytes(out, len);
}
