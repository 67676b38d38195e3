/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The same example as a host program (the host variant of an installed m4crypt): the console is
 * stdout, main's return value the exit status. The randomness is the host library's own,
 * getrandom(2) (docs/rng.md). */
#include <stdio.h>

#include "board.h"

void board_print(const char *s)
{
    fputs(s, stdout);
}
