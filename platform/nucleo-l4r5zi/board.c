/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * NUCLEO-L4R5ZI (STM32L4R5ZI): clocks, LPUART1 on PG7/PG8 (the ST-LINK virtual COM port of the
 * Nucleo-144 board, UM2179), the RNG clock.
 *
 * Register addresses and bits: STMicroelectronics RM0432 "STM32L4+ Series reference manual":
 *   RCC 0x40021000 ("Reset and clock control"):
 *     RCC_CR 0x00       MSION 0, MSIRDY 1, HSION 8, HSIRDY 10, PLLON 24, PLLRDY 25
 *     RCC_CFGR 0x08     SW 1:0, SWS 3:2 (0 MSI, 1 HSI16, 2 HSE, 3 PLL), HPRE 7:4 (0xxx /1,
 *                       1000 /2), PPRE1 10:8, PPRE2 13:11
 *     RCC_PLLCFGR 0x0C  PLLSRC 1:0 (2 = HSI16), PLLM 7:4 (divider M = PLLM + 1), PLLN 14:8,
 *                       PLLREN 24, PLLR 26:25 (0: /2, 1: /4, 2: /6, 3: /8)
 *     RCC_AHB2ENR 0x4C  GPIOGEN 6, RNGEN 18;  RCC_APB1ENR1 0x58  PWREN 28
 *     RCC_APB1ENR2 0x5C LPUART1EN 0
 *     RCC_CCIPR 0x88    LPUART1SEL 11:10 (2 = HSI16), CLK48SEL 27:26 (0 = HSI48)
 *     RCC_CRRCR 0x98    HSI48ON 0, HSI48RDY 1
 *   PWR 0x40007000 ("Power control"): PWR_CR1 0x00 VOS 10:9 (1 = range 1); PWR_CR2 0x04 IOSV 9
 *     (VDDIO2 valid: port G pins PG[15:2] are supplied by VDDIO2 and stay isolated until it is
 *     set); PWR_SR2 0x14 VOSF 10; PWR_CR5 0x80 R1MODE 8 (1 = range 1 normal, 0 = boost)
 *   FLASH_ACR 0x40022000  LATENCY 3:0, PRFTEN 8, ICEN 9, DCEN 10, ICRST 11, DCRST 12
 *     ("Number of wait states according to CPU clock (HCLK) frequency", range 1: 0 wait states up
 *      to 20 MHz, 5 wait states up to 120 MHz; above 80 MHz needs range 1 boost mode)
 *   GPIOG 0x48001800: MODER 0x00, OSPEEDR 0x08, PUPDR 0x0C, AFRL 0x20, AFRH 0x24
 *   LPUART1 0x40008000: CR1 0x00 (UE 0, RE 2, TE 3), BRR 0x0C (256 * fck / baud, fck from 3x to
 *     4096x the baud rate), ISR 0x1C (PE 0, FE 1, NF 2, ORE 3, RXNE 5, TC 6, TXE 7),
 *     ICR 0x20 (PECF 0, FECF 1, NECF 2, ORECF 3), RDR 0x24, TDR 0x28
 * PG7 = LPUART1_TX, PG8 = LPUART1_RX are alternate function 8 (STM32L4R5xx datasheet DS12023,
 * "Alternate function" tables).
 *
 * Clocks: the PLL runs from HSI16 divided to 8 MHz (M = 2):
 *   benchmark: N = 20 (VCO 160 MHz), R = 8 -> 20 MHz SYSCLK = HCLK = PCLK1 = PCLK2, voltage range
 *              1 normal mode, flash 0 wait states, prefetch, instruction and data caches off (the
 *              zero-wait-state setting of the published pqm4 figures on this board)
 *   tests:     N = 30 (VCO 240 MHz), R = 2 -> 120 MHz, range 1 boost mode, flash 5 wait states,
 *              prefetch + I-cache + D-cache on. The manual's sequence for going above 80 MHz is
 *              followed: AHB prescaler /2 first, R1MODE = 0, wait states, switch, 1 us, AHB /1.
 * LPUART1 is clocked from HSI16 in both profiles, so its baud rate does not depend on SYSCLK
 * (BRR = 256 * 16 MHz / 115200 = 35556). The RNG runs on HSI48.
 */
#include "platform.h"
#include "stm32-common/stm32.h"

#define RCC_CR 0x40021000u
#define RCC_CFGR 0x40021008u
#define RCC_PLLCFGR 0x4002100Cu
#define RCC_AHB2ENR 0x4002104Cu
#define RCC_APB1ENR1 0x40021058u
#define RCC_APB1ENR2 0x4002105Cu
#define RCC_CCIPR 0x40021088u
#define RCC_CRRCR 0x40021098u
#define PWR_CR1 0x40007000u
#define PWR_CR2 0x40007004u
#define PWR_SR2 0x40007014u
#define PWR_CR5 0x40007080u
#define FLASH_ACR 0x40022000u
#define GPIOG 0x48001800u
#define LPUART1_CR1 0x40008000u
#define LPUART1_BRR 0x4000800Cu
#define LPUART1_ISR 0x4000801Cu
#define LPUART1_ICR 0x40008020u
#define LPUART1_RDR 0x40008024u
#define LPUART1_TDR 0x40008028u

#define CR_MSIRDY (1u << 1)
#define CR_HSION (1u << 8)
#define CR_HSIRDY (1u << 10)

#define HSI16_HZ 16000000u

const char stm32_board_name[] = "nucleo-l4r5zi (STM32L4R5ZI)";
const uint32_t stm32_board_reset_hz = 4000000u; /* MSI range 6 */

static struct {
    int rcc_absent, hsi, pll, bench, acr_ok, vos_ok;
} clk;

void stm32_board_early(void)
{
    /* Port G (LPUART1 on PG7/PG8) is powered by VDDIO2: clear its isolation first. */
    STM32_REG(RCC_APB1ENR1) |= 1u << 28;
    (void)STM32_REG(RCC_APB1ENR1);
    STM32_REG(PWR_CR2) |= 1u << 9;
    /* HSI16 clocks LPUART1 (and feeds the PLL later). */
    STM32_REG(RCC_CR) |= CR_HSION;
    clk.hsi = stm32_wait(RCC_CR, CR_HSIRDY, CR_HSIRDY, 10000) == 0;
}

#define STM32_ACR_LATENCY_MASK 0xFu
#define STM32_RESET_CLOCK "MSI 4 MHz"
#include "stm32-common/clock.c"
#include "stm32-common/gpio.c"

static void set_hpre(uint32_t hpre)
{
    STM32_REG(RCC_CFGR) = (STM32_REG(RCC_CFGR) & ~(0xFu << 4)) | hpre << 4;
}

uint32_t stm32_board_clock(int bench)
{
    clk.bench = bench;
    if (!(STM32_REG(RCC_CR) & CR_MSIRDY)) {
        clk.rcc_absent = 1;
        return stm32_board_reset_hz;
    }
    if (!clk.hsi)
        return stm32_board_reset_hz;
    /* Voltage range 1 (the reset value), and wait until the regulator has settled. */
    STM32_REG(PWR_CR1) = (STM32_REG(PWR_CR1) & ~(3u << 9)) | (1u << 9);
    clk.vos_ok = stm32_wait(PWR_SR2, 1u << 10, 0, 10000) == 0;
    if (!clk.vos_ok)
        return stm32_board_reset_hz;

    STM32_REG(RCC_CR) &= ~CR_PLLON;
    stm32_wait(RCC_CR, CR_PLLRDY, 0, 10000);
    uint32_t n = bench ? 20u : 30u, r = bench ? 3u : 0u;
    /* PLLSRC = HSI16, M = 2, N, R enabled; the P and Q outputs stay off (reserved bits kept). */
    uint32_t fields = 3u | (0xFu << 4) | (0x7Fu << 8) | (3u << 16) | (7u << 20) | (7u << 24) |
                      (0x1Fu << 27);
    STM32_REG(RCC_PLLCFGR) =
        (STM32_REG(RCC_PLLCFGR) & ~fields) | 2u | (1u << 4) | n << 8 | (1u << 24) | r << 25;
    clk.pll = pll_start();
    if (!clk.pll)
        return stm32_board_reset_hz;
    /* APB1 and APB2 undivided (at most 120 MHz on the L4+). */
    STM32_REG(RCC_CFGR) &= ~((7u << 8) | (7u << 11));
    if (!bench) {
        set_hpre(8u); /* AHB /2 while the clock goes above 80 MHz */
        STM32_REG(PWR_CR5) &= ~(1u << 8); /* range 1 boost mode */
    }
    clk.acr_ok = flash_setup(bench ? 0u : 5u, !bench) == 0;
    if (!clk.acr_ok) {
        flash_setup(0, 0);
        set_hpre(0);
        return stm32_board_reset_hz;
    }
    STM32_REG(RCC_CFGR) |= 3u;
    if (stm32_wait(RCC_CFGR, 3u << 2, 3u << 2, 10000) != 0) {
        STM32_REG(RCC_CFGR) &= ~3u;
        clk.pll = 0;
        set_hpre(0);
        return stm32_board_reset_hz;
    }
    if (!bench) {
        /* At least 1 us at HCLK = 60 MHz before removing the /2. */
        for (volatile int i = 0; i < 200; i++) {
        }
        set_hpre(0);
    }
    return bench ? 20000000u : 120000000u;
}

void stm32_board_report(void)
{
    if (clk.rcc_absent) {
        stm32_note("RCC: reads as zero (not implemented): clock setup skipped, running on the "
                   "reset clock (MSI 4 MHz nominal)");
    } else if (!clk.hsi) {
        stm32_note("clock: HSI16 did not start within 10 ms: running on MSI 4 MHz");
    } else if (!clk.vos_ok) {
        stm32_note("clock: the regulator did not settle in range 1: running on MSI 4 MHz");
    } else if (!pll_stage_note(clk.pll, clk.acr_ok)) {
        stm32_note(clk.bench ? "clock: HSI16 -> PLL M=2 N=20 R=8: SYSCLK = HCLK = PCLK = 20 MHz, "
                               "range 1 normal; flash 0 wait states, prefetch and I/D caches off; "
                               "LPUART1 on HSI16"
                             : "clock: HSI16 -> PLL M=2 N=30 R=2: SYSCLK = HCLK = PCLK = 120 MHz, "
                               "range 1 boost; flash 5 wait states, prefetch and I/D caches on; "
                               "LPUART1 on HSI16");
    }
}

void stm32_board_uart_init(void)
{
    /* LPUART1 kernel clock: HSI16 when it runs, else PCLK1 (= the MSI 4 MHz reset clock). */
    uint32_t sel = clk.hsi ? 2u : 0u, fck = clk.hsi ? HSI16_HZ : stm32_cpu_hz;
    STM32_REG(RCC_CCIPR) = (STM32_REG(RCC_CCIPR) & ~(3u << 10)) | sel << 10;
    STM32_REG(RCC_AHB2ENR) |= 1u << 6;
    STM32_REG(RCC_APB1ENR2) |= 1u << 0;
    (void)STM32_REG(RCC_APB1ENR2);
    /* PG7 (TX), PG8 (RX): alternate function 8. */
    gpio_uart_pins(GPIOG, 7, 8, 8u);
    STM32_REG(LPUART1_CR1) = 0;
    STM32_REG(LPUART1_BRR) =
        (uint32_t)(((uint64_t)fck * 256u + STM32_BAUD / 2) / STM32_BAUD);
    STM32_REG(LPUART1_CR1) = (1u << 3) | (1u << 2) | (1u << 0);
}

#define STM32_UART_STATUS LPUART1_ISR
#define STM32_UART_TXDATA LPUART1_TDR
#define STM32_UART_RXDATA LPUART1_RDR
/* ICR clears the flags; a character received with an error is read and dropped. */
#define STM32_UART_CLEAR_ERRORS(isr)                                                               \
    do {                                                                                           \
        STM32_REG(LPUART1_ICR) = STM32_UART_ERRORS;                                                \
        if ((isr) & STM32_UART_RXNE)                                                               \
            (void)STM32_REG(LPUART1_RDR);                                                          \
    } while (0)
#include "stm32-common/uart_poll.c"

int stm32_board_rng_clock(void)
{
    /* 48 MHz RNG clock from HSI48 (CLK48SEL = 00). */
    STM32_REG(RCC_CRRCR) |= 1u << 0;
    if (stm32_wait(RCC_CRRCR, 1u << 1, 1u << 1, 10000) != 0) {
        stm32_note("RNG: HSI48 (its 48 MHz clock) did not start within 10 ms");
        return -1;
    }
    STM32_REG(RCC_CCIPR) &= ~(3u << 26);
    STM32_REG(RCC_AHB2ENR) |= 1u << 18;
    (void)STM32_REG(RCC_AHB2ENR);
    return 0;
}
