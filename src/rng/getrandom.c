/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The host library's m4crypt_platform_randombytes: getrandom(2) (Linux 3.17, glibc 2.25). It
 * blocks until the kernel's generator is initialized (a signal then gives EINTR: asked again);
 * after that, a request of up to 256 bytes (the library asks for 32 to 64) is answered in full.
 * A short count is still handled by asking for the rest. Compiled into
 * the host configurations' libm4crypt only (src/rng/module.mk); a Cortex-M library has no default
 * source, so a firmware without one fails to link (docs/rng.md).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/random.h>

#include "m4crypt/common.h"

int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    while (len > 0) {
        ssize_t n = getrandom(out, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return M4CRYPT_ERR_RANDOM;
        out += n;
        len -= (size_t)n;
    }
    return M4CRYPT_OK;
}
