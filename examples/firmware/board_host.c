/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The same example as a host program (the host variant of an installed m4crypt): the console is
 * stdout, the randomness getrandom(2), main's return value the exit status. */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <sys/random.h>

#include "board.h"

void board_print(const char *s)
{
    fputs(s, stdout);
}

int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    while (len > 0) {
        ssize_t n = getrandom(out, len, 0);
        if (n <= 0)
            return -1;
        out += n;
        len -= (size_t)n;
    }
    return 0;
}
