/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The example's board support for Arm's MPS2 AN386 (a Cortex-M4F; QEMU: -M mps2-an386), written
 * for this example: the vector table, the reset handler, a fault handler, a console and the exit
 * code through semihosting (QEMU: -semihosting-config enable=on,target=native), and the
 * randomness m4crypt asks for.
 *
 * Reset: copy .data from flash, zero .bss, enable the FPU when the firmware is built for one (an
 * -mfloat-abi=hard or softfp build: m4crypt's assembly keeps words in FPU registers, so the FPU
 * must be on before the first call; a soft-float build leaves it off, and any FPU instruction
 * would then fault), run main and report its return value as the exit code.
 */
#include <m4crypt/fips202.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

int main(void);
extern uint32_t __data_load, __data_start, __data_end, __bss_start, __bss_end, __stack_top;

/* Arm semihosting (Semihosting for AArch32 and AArch64, v2.0): BKPT 0xAB on M-profile. */
static int semihost(int op, const void *arg)
{
    register int r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void board_print(const char *s)
{
    semihost(0x04 /* SYS_WRITE0 */, s);
}

static __attribute__((noreturn)) void board_exit(int code)
{
    const uint32_t block[2] = {0x20026 /* ADP_Stopped_ApplicationExit */, (uint32_t)code};
    semihost(0x20 /* SYS_EXIT_EXTENDED */, block);
    for (;;)
        __asm__ volatile("wfi");
}

/*
 * m4crypt's randomness (include/m4crypt/common.h, docs/rng.md). QEMU's mps2-an386 has no random
 * number generator, so this example stands one in: SHAKE256 of a fixed label and a counter. That
 * is NOT random, and a real firmware must not copy it: there, this function reads the chip's TRNG
 * and returns non-zero when it fails, or the firmware links m4crypt's STM32 RNG module, which
 * defines it (the example's firmware_rng_* builds: EXAMPLE_RNG_FROM_LIBRARY).
 */
#ifndef EXAMPLE_RNG_FROM_LIBRARY
int m4crypt_platform_randombytes(uint8_t *out, size_t len)
{
    static uint32_t counter;
    static const char label[] = "m4crypt example: not random, QEMU has no RNG";
    m4crypt_keccak_ctx ctx;
    uint8_t c[4] = {(uint8_t)counter, (uint8_t)(counter >> 8), (uint8_t)(counter >> 16),
                    (uint8_t)(counter >> 24)};
    counter++;
    m4crypt_shake256_init(&ctx);
    m4crypt_shake_absorb(&ctx, (const uint8_t *)label, sizeof label - 1);
    m4crypt_shake_absorb(&ctx, c, sizeof c);
    m4crypt_shake_finalize(&ctx);
    m4crypt_shake_squeeze(&ctx, out, len);
    m4crypt_memzero(&ctx, sizeof ctx);
    return 0;
}
#endif

__attribute__((noreturn)) void Reset_Handler(void)
{
    const uint32_t *src = &__data_load;
    for (uint32_t *dst = &__data_start; dst < &__data_end;)
        *dst++ = *src++;
    for (uint32_t *dst = &__bss_start; dst < &__bss_end;)
        *dst++ = 0;
#ifdef __ARM_FP
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20; /* CPACR: CP10, CP11 full access */
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    board_exit(main());
}

static __attribute__((noreturn)) void Fault_Handler(void)
{
    board_print("FAULT\n");
    board_exit(3);
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)&__stack_top,
    Reset_Handler,
    Fault_Handler, /* NMI */
    Fault_Handler, /* HardFault */
    Fault_Handler, /* MemManage */
    Fault_Handler, /* BusFault */
    Fault_Handler, /* UsageFault */
};
