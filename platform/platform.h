/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * What each platform provides to the test and benchmark programs (not part of the library API).
 *
 * Host: stdio and the C runtime. mps2-an386: semihosting (Arm "Semihosting for AArch32 and
 * AArch64", SYS_* operations), served by QEMU and by m4sim alike; main(argc, argv) receives the
 * semihosting command line; the return value of main becomes the emulator's exit code.
 */
#ifndef M4CRYPT_PLATFORM_H
#define M4CRYPT_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

/* Write len bytes to the console (stdout). */
void plat_write(const char *s, size_t len);
/* Files for reading test vectors: a handle >= 0, or -1. */
int plat_open_read(const char *path);
/* Bytes read (0 at end of file), or -1 on error. */
long plat_read(int handle, void *buf, size_t len);
void plat_close(int handle);
/* Seeds the platform's default randombytes where it has no entropy source (mps2-an386: a
 * SHAKE256 generator; host: ignored, getrandom(2) is used). */
void plat_seed_random(const uint8_t *seed, size_t len);

/* Region markers and the constant-time seed for m4sim: m4sim's own header (tools/m4sim/m4sim/include,
 * shipped with the m4sim package: `m4sim --include-dir`), the one a firmware outside this repository
 * uses too. mps2-an386 and the host define them with M4SIM_DEFINE; the boards' definitions read the
 * DWT cycle counter (platform/stm32-common/regions.c). */
#include "m4sim.h"
/* Runs the statements in an m4sim region named name (benchmarks, constant-time firmware). */
#define REGION(name, ...) M4SIM_REGION(name, __VA_ARGS__)

#endif
