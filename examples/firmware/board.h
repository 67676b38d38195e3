/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the example needs from its board (board_mps2_an386.c, board_host.c): a console line. The
 * randomness m4crypt draws comes from m4crypt_platform_randombytes: the board's stand-in on
 * mps2-an386, the host library's getrandom(2), or an STM32 RNG module of m4crypt (docs/rng.md). */
#ifndef EXAMPLE_BOARD_H
#define EXAMPLE_BOARD_H

void board_print(const char *s);

#endif
