/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The clock bits the STM32 boards share and their flash setup, included by each board.c after it
 * has defined FLASH_ACR and STM32_ACR_LATENCY_MASK. The bits are at the same positions in both
 * families (RM0090, RM0432): RCC_CR PLLON 24, PLLRDY 25; FLASH_ACR LATENCY from bit 0 (3 bits on
 * the F4, 4 on the L4+), PRFTEN 8, ICEN 9, DCEN 10, ICRST 11, DCRST 12.
 */
#define CR_PLLON (1u << 24)
#define CR_PLLRDY (1u << 25)
#define ACR_PRFTEN (1u << 8)
#define ACR_ICEN (1u << 9)
#define ACR_DCEN (1u << 10)
#define ACR_ICRST (1u << 11)
#define ACR_DCRST (1u << 12)

/* Flash wait states and accelerator; 0 if FLASH_ACR took the setting. */
static int flash_setup(uint32_t latency, int accel)
{
    STM32_REG(FLASH_ACR) = latency; /* caches and prefetch off */
    STM32_REG(FLASH_ACR) = latency | ACR_ICRST | ACR_DCRST;
    STM32_REG(FLASH_ACR) = latency;
    if (accel)
        STM32_REG(FLASH_ACR) = latency | ACR_PRFTEN | ACR_ICEN | ACR_DCEN;
    return (STM32_REG(FLASH_ACR) & STM32_ACR_LATENCY_MASK) == latency ? 0 : -1;
}
