/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Benchmarks of single internal routines (NTT, inverse NTT, base multiplication). */
#ifndef M4CRYPT_BENCH_INTERNAL_H
#define M4CRYPT_BENCH_INTERNAL_H
void bench_internal(void);
#endif
