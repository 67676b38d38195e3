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

/* Region markers for m4sim (empty functions on QEMU and the host; m4sim hooks their entry). */
void m4sim_region_begin(const char *name);
void m4sim_region_end(void);
/* Filled by m4sim's constant-time checker with a different secret seed on each run. */
extern volatile uint8_t m4sim_ct_seed[32];
/* Runs the statements in an m4sim region named name (benchmarks, constant-time firmware). */
#define REGION(name, ...)                                                                          \
    do {                                                                                           \
        m4sim_region_begin(name);                                                                  \
        __VA_ARGS__;                                                                               \
        m4sim_region_end();                                                                        \
    } while (0)

#endif
