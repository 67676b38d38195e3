# SPDX-License-Identifier: Apache-2.0 OR MIT
# Randomness sources (docs/rng.md). None of them is among libm4crypt's common sources (the
# Makefile filters RNG_SRCS out of src/*/*.c); each is built only where it belongs:
#   RNG_HOST_SRCS   host configurations only: compiled into libm4crypt (getrandom(2))
#   RNG_STM32_SRCS  Cortex-M configurations: for each part p of RNG_STM32_PARTS, compiled with
#                   RNG_DEFINE_<p> into its own library $(BUILD)/<config>/libm4crypt_rng_<p>.a,
#                   which a firmware links after libm4crypt.a to get m4crypt_platform_randombytes
#                   (the board firmware of mk/boards.mk links the one of its part)
RNG_HOST_SRCS := src/rng/getrandom.c
RNG_STM32_SRCS := src/rng/stm32_rng.c src/rng/stm32_platform_randombytes.c
RNG_STM32_PARTS := stm32f4 stm32l4
RNG_DEFINE_stm32f4 := -DM4CRYPT_RNG_STM32F4
RNG_DEFINE_stm32l4 := -DM4CRYPT_RNG_STM32L4
RNG_SRCS := $(RNG_HOST_SRCS) $(RNG_STM32_SRCS)
