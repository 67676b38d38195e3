/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What the example needs from its board (board_mps2_an386.c, board_host.c): a console line. The
 * board also provides m4crypt_platform_randombytes, m4crypt's source of randomness. */
#ifndef EXAMPLE_BOARD_H
#define EXAMPLE_BOARD_H

void board_print(const char *s);

#endif
