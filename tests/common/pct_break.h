/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * For the pairwise-consistency tests (test_<prim>_pct.c), built with -DM4CRYPT_KEYGEN_PCT
 * -DM4CRYPT_KEYGEN_PCT_BREAKAGE_TEST: the application hook m4crypt_keygen_pct_break() the library
 * then calls after each key generation's self-check (src/common/common_internal.h), answering
 * break_pct, which the test sets to 1 to make that check fail. Include it once, in the program.
 */
#ifndef M4CRYPT_TEST_PCT_BREAK_H
#define M4CRYPT_TEST_PCT_BREAK_H

#ifndef M4CRYPT_KEYGEN_PCT_BREAKAGE_TEST
#error "a PCT test is built with -DM4CRYPT_KEYGEN_PCT -DM4CRYPT_KEYGEN_PCT_BREAKAGE_TEST"
#endif

static int break_pct;
int m4crypt_keygen_pct_break(void);
int m4crypt_keygen_pct_break(void) { return break_pct; }

#endif
