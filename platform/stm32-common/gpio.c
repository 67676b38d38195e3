/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The console UART's pins on the STM32 boards, included by each board.c. The GPIO ports have the
 * same registers in both families (RM0090, RM0432, "GPIO registers"): MODER 0x00 (2 bits a pin,
 * 10: alternate function), OSPEEDR 0x08 (2 bits, 01: medium speed), PUPDR 0x0C (2 bits, 01:
 * pull-up), AFRL 0x20 and AFRH 0x24 (4 bits a pin: pins 0-7, then 8-15).
 */
#define GPIO_MODER 0x00u
#define GPIO_OSPEEDR 0x08u
#define GPIO_PUPDR 0x0Cu
#define GPIO_AFRL 0x20u

/* The field of mask at bit shift of the register at reg set to value; the other bits kept. */
static void set_field(uint32_t reg, unsigned shift, uint32_t mask, uint32_t value)
{
    STM32_REG(reg) = (STM32_REG(reg) & ~(mask << shift)) | value << shift;
}

/* Pins tx and rx of the GPIO port at base as the UART's: alternate function af, tx at medium
 * speed, a pull-up on rx (the line idles high when nothing is connected). */
static void gpio_uart_pins(uint32_t base, unsigned tx, unsigned rx, uint32_t af)
{
    set_field(base + GPIO_MODER, 2 * tx, 3u, 2u);
    set_field(base + GPIO_MODER, 2 * rx, 3u, 2u);
    set_field(base + GPIO_OSPEEDR, 2 * tx, 3u, 1u);
    set_field(base + GPIO_PUPDR, 2 * rx, 3u, 1u);
    set_field(base + GPIO_AFRL + 4 * (tx / 8), 4 * (tx % 8), 0xFu, af);
    set_field(base + GPIO_AFRL + 4 * (rx / 8), 4 * (rx % 8), 0xFu, af);
}
