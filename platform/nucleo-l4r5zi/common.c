/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The shared STM32 code (platform/stm32-common/), compiled in this board's configuration: the
 * build links only the .c files of platform/<board>/, so each board includes the shared ones here.
 *
 * STM32L4R5: external interrupts at positions 0-94 of the vector table (RM0432, "STM32L4+ Series
 * vector table"). None is enabled; each entry reports an unexpected interrupt.
 */
#define STM32_IRQ_COUNT 95

#include "stm32-common/startup.c"
#include "stm32-common/link.c"
#include "stm32-common/regions.c"
#include "stm32-common/rng.c"
