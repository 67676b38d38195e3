/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Arm semihosting (AArch32, "bkpt 0xab"), the operations m4crypt's firmware uses: the emulated
 * M4 (platform/mps2-an386) and the STM32 image built for QEMU's netduinoplus2 (stm32-common,
 * STM32_SEMIHOSTING). Reference: Arm, "Semihosting for AArch32 and AArch64", version 3.0. */
#ifndef M4CRYPT_SEMIHOST_H
#define M4CRYPT_SEMIHOST_H
#include <stdint.h>

#define SYS_OPEN 0x01
#define SYS_CLOSE 0x02
#define SYS_WRITE 0x05
#define SYS_READ 0x06
#define SYS_GET_CMDLINE 0x15
#define SYS_EXIT 0x18
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

static inline int32_t semihost_call(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return (int32_t)r0;
}

__attribute__((noreturn)) void semihost_exit(int code);
#endif
