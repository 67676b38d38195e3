/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The polled UART transmit and receive of the STM32 boards (stm32.h's stm32_board_uart_*),
 * included by each board.c after it has defined its UART's registers:
 *   STM32_UART_STATUS   the status register (USART_SR on the F4, LPUART_ISR on the L4+)
 *   STM32_UART_TXDATA, STM32_UART_RXDATA   the data registers (both DR on the F4)
 *   STM32_UART_CLEAR_ERRORS(status)   what clears the error flags found in status
 * The status bits are at the same positions in both families (RM0090 USART_SR, RM0432
 * LPUART_ISR): PE 0, FE 1, NF 2, ORE 3, RXNE 5, TC 6, TXE 7.
 */
#define STM32_UART_ERRORS 0xFu /* PE, FE, NF, ORE */
#define STM32_UART_RXNE (1u << 5)
#define STM32_UART_TC (1u << 6)
#define STM32_UART_TXE (1u << 7)

int stm32_board_uart_tx_ready(void)
{
    return (STM32_REG(STM32_UART_STATUS) & STM32_UART_TXE) != 0;
}

void stm32_board_uart_tx(uint8_t c)
{
    STM32_REG(STM32_UART_TXDATA) = c;
}

int stm32_board_uart_tx_done(void)
{
    return (STM32_REG(STM32_UART_STATUS) & STM32_UART_TC) != 0;
}

int stm32_board_uart_rx(uint8_t *c)
{
    uint32_t status = STM32_REG(STM32_UART_STATUS);
    if (status & STM32_UART_ERRORS) {
        STM32_UART_CLEAR_ERRORS(status);
        return -1;
    }
    if (status & STM32_UART_RXNE) {
        *c = (uint8_t)STM32_REG(STM32_UART_RXDATA);
        return 1;
    }
    return 0;
}
