/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * STM32F4DISCOVERY (STM32F407VG): clocks, USART2 on PA2/PA3, the RNG clock. The same image runs
 * in QEMU's netduinoplus2 machine (STM32F405: same core, memory map and peripheral addresses).
 *
 * Register addresses and bits: STMicroelectronics RM0090 "STM32F405/415, STM32F407/417,
 * STM32F427/437 and STM32F429/439 reference manual":
 *   RCC 0x40023800 (chapter "Reset and clock control for STM32F405xx/07xx and STM32F415xx/17xx"):
 *     RCC_CR 0x00       HSION 0, HSIRDY 1, HSEON 16, HSERDY 17, PLLON 24, PLLRDY 25
 *     RCC_PLLCFGR 0x04  PLLM 5:0, PLLN 14:6, PLLP 17:16 (0: /2 .. 3: /8), PLLSRC 22 (1 = HSE),
 *                       PLLQ 27:24
 *     RCC_CFGR 0x08     SW 1:0, SWS 3:2 (0 HSI, 1 HSE, 2 PLL), HPRE 7:4, PPRE1 12:10,
 *                       PPRE2 15:13 (0xx: /1, 100: /2, 101: /4)
 *     RCC_AHB1ENR 0x30  GPIOAEN 0;  RCC_AHB2ENR 0x34  RNGEN 6
 *     RCC_APB1ENR 0x40  USART2EN 17, PWREN 28
 *   PWR_CR 0x40007000   VOS 14 (scale 1, needed above 144 MHz; its reset value on the F407)
 *   FLASH_ACR 0x40023C00  LATENCY 2:0, PRFTEN 8, ICEN 9, DCEN 10, ICRST 11, DCRST 12
 *     ("Relation between CPU clock frequency and Flash memory read time", 2.7-3.6 V:
 *      0 wait states up to 30 MHz, 5 wait states up to 168 MHz)
 *   GPIOA 0x40020000: MODER 0x00, OSPEEDR 0x08, PUPDR 0x0C, AFRL 0x20
 *   USART2 0x40004400: SR 0x00 (PE 0, FE 1, NF 2, ORE 3, RXNE 5, TC 6, TXE 7), DR 0x04, BRR 0x08
 *     (fck / baud with OVER8 = 0: mantissa and 4-bit fraction), CR1 0x0C (RE 2, TE 3, UE 13)
 * PA2 = USART2_TX, PA3 = USART2_RX are alternate function 7 (STM32F407 datasheet DS8626,
 * "Alternate function mapping"), as pqm4 uses them on this board.
 *
 * Clocks. The Discovery has an 8 MHz crystal on HSE; the PLL input is divided to 1 MHz (M = 8;
 * M = 16 from the 16 MHz HSI when the crystal does not start within 100 ms):
 *   benchmark: N = 192 (VCO 192 MHz), P = 8 -> 24 MHz SYSCLK = AHB = APB1 = APB2, Q = 4 -> 48 MHz
 *              RNG clock; flash 0 wait states with prefetch, instruction and data caches off, so
 *              every flash access takes one cycle as in m4sim's zero-wait-state model (the
 *              setting of the published pqm4 figures).
 *   tests:     N = 336 (VCO 336 MHz), P = 2 -> 168 MHz, Q = 7 -> 48 MHz; APB1 /4 = 42 MHz,
 *              APB2 /2 = 84 MHz; flash 5 wait states, prefetch + I-cache + D-cache on.
 * QEMU's netduinoplus2 models neither RCC nor the flash interface (they read as zero): RCC_CR
 * without HSIRDY, impossible on silicon, is reported and the clock stays at reset.
 */
#include "platform.h"
#include "stm32-common/stm32.h"

#define RCC_CR 0x40023800u
#define RCC_PLLCFGR 0x40023804u
#define RCC_CFGR 0x40023808u
#define RCC_AHB1ENR 0x40023830u
#define RCC_AHB2ENR 0x40023834u
#define RCC_APB1ENR 0x40023840u
#define PWR_CR 0x40007000u
#define FLASH_ACR 0x40023C00u
#define GPIOA 0x40020000u
#define USART2_SR 0x40004400u
#define USART2_DR 0x40004404u
#define USART2_BRR 0x40004408u
#define USART2_CR1 0x4000440Cu

#define CR_HSIRDY (1u << 1)
#define CR_HSEON (1u << 16)
#define CR_HSERDY (1u << 17)
#define CFGR_SWS_PLL (2u << 2)

const char stm32_board_name[] = "stm32f4discovery (STM32F407VG)";
const uint32_t stm32_board_reset_hz = 16000000u;

static struct {
    int rcc_absent, hse, pll, bench, acr_ok;
    uint32_t pclk1;
} clk = {0, 0, 0, 0, 0, 16000000u};
static int gpio_absent;

void stm32_board_early(void)
{
}

#define STM32_ACR_LATENCY_MASK 7u
#define STM32_RESET_CLOCK "HSI 16 MHz"
#include "stm32-common/clock.c"
#include "stm32-common/gpio.c"

uint32_t stm32_board_clock(int bench)
{
    clk.bench = bench;
    clk.pclk1 = 16000000u;
    if (!(STM32_REG(RCC_CR) & CR_HSIRDY)) {
        clk.rcc_absent = 1;
        return stm32_board_reset_hz;
    }
    STM32_REG(RCC_APB1ENR) |= 1u << 28;
    (void)STM32_REG(RCC_APB1ENR);
    STM32_REG(PWR_CR) |= 1u << 14;

    STM32_REG(RCC_CR) |= CR_HSEON;
    clk.hse = stm32_wait(RCC_CR, CR_HSERDY, CR_HSERDY, 100000) == 0;
    if (!clk.hse)
        STM32_REG(RCC_CR) &= ~CR_HSEON;

    /* Run from HSI with the PLL off while it is reprogrammed. */
    STM32_REG(RCC_CFGR) &= ~3u;
    stm32_wait(RCC_CFGR, 3u << 2, 0, 10000);
    STM32_REG(RCC_CR) &= ~CR_PLLON;
    stm32_wait(RCC_CR, CR_PLLRDY, 0, 10000);

    uint32_t m = clk.hse ? 8u : 16u, n = bench ? 192u : 336u, p = bench ? 3u : 0u;
    uint32_t q = bench ? 4u : 7u;
    /* Bits 31:28 and the other reserved bits keep their reset value. */
    uint32_t fields = 0x3Fu | (0x1FFu << 6) | (3u << 16) | (1u << 22) | (0xFu << 24);
    STM32_REG(RCC_PLLCFGR) = (STM32_REG(RCC_PLLCFGR) & ~fields) | m | n << 6 | p << 16 |
                             (clk.hse ? 1u << 22 : 0u) | q << 24;
    uint32_t cfgr = STM32_REG(RCC_CFGR) & ~((0xFu << 4) | (7u << 10) | (7u << 13));
    if (!bench)
        cfgr |= (5u << 10) | (4u << 13); /* APB1 /4, APB2 /2 */
    STM32_REG(RCC_CFGR) = cfgr;
    clk.pll = pll_start();
    if (!clk.pll)
        return stm32_board_reset_hz;
    clk.acr_ok = flash_setup(bench ? 0u : 5u, !bench) == 0;
    if (!clk.acr_ok) {
        flash_setup(0, 0);
        return stm32_board_reset_hz;
    }
    STM32_REG(RCC_CFGR) = (STM32_REG(RCC_CFGR) & ~3u) | 2u;
    if (stm32_wait(RCC_CFGR, 3u << 2, CFGR_SWS_PLL, 10000) != 0) {
        STM32_REG(RCC_CFGR) &= ~3u;
        clk.pll = 0;
        return stm32_board_reset_hz;
    }
    clk.pclk1 = bench ? 24000000u : 42000000u;
    return bench ? 24000000u : 168000000u;
}

void stm32_board_report(void)
{
    if (clk.rcc_absent) {
        stm32_note("RCC: reads as zero (not implemented in QEMU): clock setup skipped, the core "
                   "stays on the reset clock (HSI 16 MHz nominal); FLASH_ACR not exercised");
    } else if (!pll_stage_note(clk.pll, clk.acr_ok)) {
        stm32_puts(clk.hse ? "board: clock: HSE 8 MHz crystal -> PLL M=8 "
                           : "board: clock: HSE did not start in 100 ms; HSI 16 MHz -> PLL M=16 ");
        stm32_puts(clk.bench ? "N=192 P=8 Q=4: SYSCLK = AHB = APB1 = APB2 = 24 MHz; flash 0 wait "
                               "states, prefetch and I/D caches off\n"
                             : "N=336 P=2 Q=7: SYSCLK 168 MHz, APB1 42 MHz, APB2 84 MHz; flash 5 "
                               "wait states, prefetch and I/D caches on\n");
    }
    if (gpio_absent)
        stm32_note("GPIO: not implemented in QEMU (the PA2/PA3 alternate-function setup is not "
                   "exercised; QEMU connects USART2 directly)");
}

void stm32_board_uart_init(void)
{
    STM32_REG(RCC_AHB1ENR) |= 1u << 0;
    STM32_REG(RCC_APB1ENR) |= 1u << 17;
    (void)STM32_REG(RCC_APB1ENR);
    /* PA2 (TX), PA3 (RX): alternate function 7. */
    gpio_uart_pins(GPIOA, 2, 3, 7u);
    gpio_absent = (STM32_REG(GPIOA + GPIO_MODER) & (0xFu << 4)) != (0xAu << 4);
    STM32_REG(USART2_CR1) = 0;
    STM32_REG(USART2_BRR) = (clk.pclk1 + STM32_BAUD / 2) / STM32_BAUD;
    STM32_REG(USART2_CR1) = (1u << 13) | (1u << 3) | (1u << 2);
}

#define STM32_UART_STATUS USART2_SR
#define STM32_UART_TXDATA USART2_DR
#define STM32_UART_RXDATA USART2_DR
/* SR then DR read clears the error flags. */
#define STM32_UART_CLEAR_ERRORS(sr) ((void)(sr), (void)STM32_REG(USART2_DR))
#include "stm32-common/uart_poll.c"

int stm32_board_rng_clock(void)
{
    /* The RNG runs on PLL48CLK (the PLL's Q output, 48 MHz in both profiles). */
    if (!clk.rcc_absent && !clk.pll)
        return -1;
    STM32_REG(RCC_AHB2ENR) |= 1u << 6;
    (void)STM32_REG(RCC_AHB2ENR);
    return 0;
}
