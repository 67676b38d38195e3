/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Minimal runtime for m4sim test firmware: semihosting and region markers. */
#ifndef M4SIM_TEST_RT_H
#define M4SIM_TEST_RT_H
#include <stdint.h>
#include <stddef.h>

int sh_call(int op, void *arg);
void sh_write0(const char *s);
void sh_exit(int code);                /* SYS_EXIT_EXTENDED */
void m4sim_region_begin(const char *name);
void m4sim_region_end(void);
void put_u32(uint32_t v);              /* decimal, via SYS_WRITE0 */
extern volatile uint8_t m4sim_ct_seed[32];
int main(int argc, char **argv);
#endif
