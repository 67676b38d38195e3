/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * A firmware that faults on purpose, for tests/platform/test_fault_report.py: the fault report
 * of the platform (platform/stm32-common/startup.c on the STM32 boards and QEMU's netduinoplus2,
 * platform/mps2-an386/startup.c on QEMU's mps2-an386) must show pc, lr (or that it is withheld),
 * xPSR and the fault status and address registers, and no general-purpose register.
 *
 *   -DFAULT_REGISTERS  every register of the exception frame (r0-r3, r12, lr) and r4-r11 hold
 *                      secret-looking values 0x5ec1e7<nn> (lr: 0x5ec1e70f, odd like a return
 *                      address but outside the image) when a load from FAULT_ADDRESS faults;
 *   -DFAULT_X25519     m4crypt_x25519 writes its shared secret through a bad output pointer
 *                      (FAULT_ADDRESS), the leak the old report had: the scalar is 32 bytes of
 *                      0x11, the point 9 (the base point); the test computes the shared secret
 *                      and looks for its words in the output.
 * FAULT_ADDRESS is unmapped on both machines (a precise BusFault with BFAR in QEMU).
 */
#include <stdint.h>

#include "m4crypt/x25519.h"
#include "platform.h"

#define FAULT_ADDRESS 0x60000000u

#ifdef FAULT_REGISTERS
__attribute__((naked, noreturn)) static void fault_with_secret_registers(void)
{
    __asm__ volatile("ldr r0, =0x5ec1e700\n\t"
                     "ldr r1, =0x5ec1e701\n\t"
                     "ldr r2, =0x5ec1e702\n\t"
                     "ldr r3, =0x5ec1e703\n\t"
                     "ldr r4, =0x5ec1e704\n\t"
                     "ldr r5, =0x5ec1e705\n\t"
                     "ldr r6, =0x5ec1e706\n\t"
                     "ldr r8, =0x5ec1e708\n\t"
                     "ldr r9, =0x5ec1e709\n\t"
                     "ldr r10, =0x5ec1e70a\n\t"
                     "ldr r11, =0x5ec1e70b\n\t"
                     "ldr r12, =0x5ec1e70c\n\t"
                     "ldr lr, =0x5ec1e70f\n\t"
                     "ldr r7, =%c0\n\t"
                     "ldr r7, [r7]\n\t"
                     "b .\n\t"
                     ".ltorg\n\t"
                     :
                     : "i"(FAULT_ADDRESS));
}
#endif

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    static const char hello[] = "fault_firmware: faulting now\n";
    plat_write(hello, sizeof hello - 1);
#ifdef FAULT_REGISTERS
    fault_with_secret_registers();
#elif defined(FAULT_X25519)
    static uint8_t scalar[32], point[32] = {9};
    for (int i = 0; i < 32; i++)
        scalar[i] = 0x11;
    m4crypt_x25519((uint8_t *)(uintptr_t)FAULT_ADDRESS, scalar, point);
#else
#error "build with -DFAULT_REGISTERS or -DFAULT_X25519"
#endif
    static const char bad[] = "fault_firmware: no fault\n";
    plat_write(bad, sizeof bad - 1);
    return 1;
}
