/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The shared STM32 code (platform/stm32-common/), compiled in this board's configuration: the
 * build links only the .c files of platform/<board>/, so each board includes the shared ones here.
 *
 * STM32F405/407: 82 external interrupts (RM0090, "Vector table for STM32F405xx/07xx and
 * STM32F415xx/17xx", positions 0-81). None is enabled; each entry reports an unexpected
 * interrupt.
 */
#define STM32_IRQ_COUNT 82

#include "stm32-common/startup.c"
#include "stm32-common/link.c"
#include "stm32-common/regions.c"
#include "stm32-common/rng.c"
