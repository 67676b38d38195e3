/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The clock bits the STM32 boards share, their PLL start and flash setup, and the notes on a clock
 * setup that stopped at either. Included by each board.c after it has defined RCC_CR, FLASH_ACR,
 * STM32_ACR_LATENCY_MASK and STM32_RESET_CLOCK (the reset clock's name, for the notes). The bits
 * are at the same positions in both families (RM0090, RM0432): RCC_CR PLLON 24, PLLRDY 25;
 * FLASH_ACR LATENCY from bit 0 (3 bits on the F4, 4 on the L4+), PRFTEN 8, ICEN 9, DCEN 10,
 * ICRST 11, DCRST 12.
 */
#define CR_PLLON (1u << 24)
#define CR_PLLRDY (1u << 25)
#define ACR_PRFTEN (1u << 8)
#define ACR_ICEN (1u << 9)
#define ACR_DCEN (1u << 10)
#define ACR_ICRST (1u << 11)
#define ACR_DCRST (1u << 12)

/* Starts the PLL as the board has configured it: 1 when it locked within 10 ms, else 0 (and the
 * PLL is off again). */
static int pll_start(void)
{
    STM32_REG(RCC_CR) |= CR_PLLON;
    if (stm32_wait(RCC_CR, CR_PLLRDY, CR_PLLRDY, 10000) == 0)
        return 1;
    STM32_REG(RCC_CR) &= ~CR_PLLON;
    return 0;
}

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

/* The note on a clock setup that stopped at the PLL (pll: it locked) or at the flash wait states
 * (acr_ok: FLASH_ACR took them) and runs on the reset clock; 0 when it went past both. */
static int pll_stage_note(int pll, int acr_ok)
{
    if (!pll)
        stm32_note("clock: the PLL did not lock within 10 ms: running on " STM32_RESET_CLOCK);
    else if (!acr_ok)
        stm32_note("clock: FLASH_ACR did not take the wait states: running on " STM32_RESET_CLOCK);
    return !pll || !acr_ok;
}
