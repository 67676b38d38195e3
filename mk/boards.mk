# SPDX-License-Identifier: Apache-2.0 OR MIT
# m4crypt on real boards and in QEMU's netduinoplus2 (included by the Makefile). docs/boards.md.
#
#   make PLATFORM=stm32f4discovery        the test and benchmark firmware for that board
#   make PLATFORM=nucleo-l4r5zi             (build/<board>/tests/<prim>/test_*.elf, bench.elf;
#                                            build/<board>-armv7m/... when assembly backends exist)
#   make flash PLATFORM=<board> [FIRMWARE=bench|test_<name>|path.elf] [IMPL=portable|armv7m]
#              [FLASHER=openocd|st-flash]
#   make board-test PLATFORM=<board> PORT=/dev/ttyACM0     flash and run every test program,
#                                            serving the vector files over the serial line
#   make board-bench PLATFORM=<board> PORT=/dev/ttyACM0    flash bench.elf, read its regions,
#                                            write benchmarks/board-<board>.json
#   make board-compare PLATFORM=<board>     board cycles beside m4sim's (benchmarks/results.json)
#   make netduinoplus2-all                  the F4 test firmware and bench.elf built for QEMU's
#                                           netduinoplus2 (make netduinoplus2: the tests only)
#   make netduinoplus2-test                 ... and run it there (tools/board/run_netduinoplus2.py,
#                                           needs make vectors)
#
# Configurations (build/<config>/, same compiler flags as m4, the board's platform directory):
#   stm32f4discovery   STM32F407VG, platform/stm32f4discovery (also runs in QEMU netduinoplus2)
#   nucleo-l4r5zi      STM32L4R5ZI, platform/nucleo-l4r5zi
#   netduinoplus2      the stm32f4discovery image, built to end with semihosting SYS_EXIT_EXTENDED
#                      (QEMU's exit code) and allowed to fall back to a seeded generator when the
#                      RNG does not answer (QEMU has no RNG model), and pausing longer between
#                      receive polls (QEMU's USART needs the emulator's lock); never for a board
#   <config>-armv7m    each with the armv7m assembly backends, when any exist
# The F4 parts have 128 KB of SRAM: the harness's vector record buffer is set to 24 KB (the largest
# record of the --quick subset the host tool serves is 16 KB).

BOARD_NAMES := stm32f4discovery nucleo-l4r5zi
BOARD_BASE_CONFIGS := $(BOARD_NAMES) netduinoplus2
BOARD_CONFIGS := $(BOARD_BASE_CONFIGS) \
                 $(if $(ARMV7M_SRCS),$(addsuffix -armv7m,$(BOARD_BASE_CONFIGS)))

STM32_CFLAGS := $(M4_FLAGS) -O3 -ffunction-sections -fdata-sections
STM32_LDFLAGS := $(M4_FLAGS) -nostartfiles --specs=nano.specs --specs=nosys.specs \
                 -Wl,--gc-sections -Wl,--no-warn-rwx-segments

# $(1) configuration, $(2) platform directory, $(3) linker script, $(4) extra CFLAGS, $(5) the
# STM32 RNG library its firmware links (src/rng/module.mk: stm32f4 or stm32l4), after libm4crypt.a
define BOARD_CONFIG
$(1)_CC := $$(ARM_PREFIX)gcc
$(1)_CFLAGS := $$(STM32_CFLAGS) $(4)
$(1)_LDFLAGS := $$(STM32_LDFLAGS) -T $(3)
$(1)_PLATFORM := $(2)
$(1)_EXE := .elf
$(1)_RNG_PARTS := $(5)
$(1)_RNG_LINK := $$(BUILD)/$(1)/libm4crypt_rng_$(5).a
$(1)-armv7m_CC := $$(ARM_PREFIX)gcc
$(1)-armv7m_CFLAGS := $$(STM32_CFLAGS) $(4) -DM4CRYPT_ARCH_ARMV7M
$(1)-armv7m_LDFLAGS := $$(STM32_LDFLAGS) -T $(3)
$(1)-armv7m_PLATFORM := $(2)
$(1)-armv7m_EXE := .elf
$(1)-armv7m_ARCH_SRCS := $$(ARMV7M_SRCS)
$(1)-armv7m_RNG_PARTS := $(5)
$(1)-armv7m_RNG_LINK := $$(BUILD)/$(1)-armv7m/libm4crypt_rng_$(5).a
endef

F4_LD := platform/stm32f4discovery/stm32f4.ld
F4_DEFS := -DM4CRYPT_VEC_RECORD_MAX=24576
$(eval $(call BOARD_CONFIG,stm32f4discovery,stm32f4discovery,$(F4_LD),$(F4_DEFS),stm32f4))
$(eval $(call BOARD_CONFIG,netduinoplus2,stm32f4discovery,$(F4_LD),\
    $(F4_DEFS) -DSTM32_SEMIHOSTING -DSTM32_RNG_FALLBACK -DSTM32_POLL_PAUSE=256,stm32f4))
$(eval $(call BOARD_CONFIG,nucleo-l4r5zi,nucleo-l4r5zi,platform/nucleo-l4r5zi/stm32l4r5.ld,,stm32l4))

$(foreach c,$(BOARD_CONFIGS),$(eval $(call CONFIG_RULES,$(c))))

# Benchmark firmware: bench.c linked with the board's platform; --defsym selects the benchmark
# clock profile (zero flash wait states) in the board's startup code. A portable board build signs
# as many ML-DSA messages as the m4 build does (m4_BENCH_CFLAGS), so board-compare compares like
# with like.
define BOARD_BENCH
$$(BUILD)/$(1)/bench.elf: $$(BENCH_SRCS) $$(BENCH_HEADERS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) $$($(1)_RNG_LINK)
	@mkdir -p $$(@D)
	$$(call say,LINK,$(1),$$@)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(BENCH_CFLAGS) $$(if $$(findstring -armv7m,$(1)),,$$(m4_BENCH_CFLAGS)) \
	    $$(BENCH_SRCS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) \
	    $$($(1)_RNG_LINK) $$($(1)_LDFLAGS) -Wl,--defsym=stm32_bench_clock=1 -Wl,-Map=$$(@:.elf=.map) -o $$@
$$(BUILD)/$(1)/bench.bin: $$(BUILD)/$(1)/bench.elf
	$$(call say,BIN,$(1),$$@)
	$$(Q)$$(ARM_PREFIX)objcopy -O binary $$< $$@
endef
$(foreach c,$(BOARD_CONFIGS),$(eval $(call BOARD_BENCH,$(c))))

# Raw images for st-flash.
$(BUILD)/%.bin: $(BUILD)/%.elf
	$(call say,BIN,,$@)
	$(Q)$(ARM_PREFIX)objcopy -O binary $< $@

# ---------------------------------------------------------------- targets
.PHONY: $(BOARD_CONFIGS) board boards flash board-test board-bench board-compare \
        netduinoplus2-all netduinoplus2-test board-check-platform board-impl

board_configs_of = $(1) $(if $(ARMV7M_SRCS),$(1)-armv7m)
board_outputs_of = $(foreach c,$(call board_configs_of,$(1)),$(c) $(BUILD)/$(c)/bench.elf \
                     $(BUILD)/$(c)/bench.bin)

ifneq ($(PLATFORM),)
ifeq ($(filter $(PLATFORM),$(BOARD_BASE_CONFIGS)),)
$(error PLATFORM=$(PLATFORM) is not a board: use one of $(BOARD_BASE_CONFIGS))
endif
.DEFAULT_GOAL := board
endif

board-check-platform:
	@if [ -z "$(PLATFORM)" ]; then \
	    echo "give the board: PLATFORM=stm32f4discovery or PLATFORM=nucleo-l4r5zi"; exit 2; fi

# The firmware of one board (PLATFORM=...), or of all of them.
board: board-check-platform $(if $(PLATFORM),$(call board_outputs_of,$(PLATFORM)))
	@echo "board firmware: $(foreach c,$(call board_configs_of,$(PLATFORM)),$(BUILD)/$(c)/)"
boards: $(foreach b,$(BOARD_BASE_CONFIGS),$(call board_outputs_of,$(b)))

BOARD_PY := $(PY) tools/board
IMPL ?= portable
FIRMWARE ?= bench
FLASHER ?=
PORT ?= /dev/ttyACM0
BOARD_TOOL_ARGS = --board $(PLATFORM) --build $(BUILD) --impl $(IMPL) \
                  $(if $(FLASHER),--flasher $(FLASHER))

# The one configuration these commands use: PLATFORM, with -armv7m for IMPL=armv7m.
BOARD_CFG := $(PLATFORM)$(if $(filter armv7m,$(IMPL)),-armv7m)
board-impl: board-check-platform $(if $(PLATFORM),$(BOARD_CFG) $(BUILD)/$(BOARD_CFG)/bench.elf)

flash: board-impl
	@$(BOARD_PY)/flash.py $(BOARD_TOOL_ARGS) --firmware $(FIRMWARE)

board-test: board-impl
	@$(BOARD_PY)/board_tests.py $(BOARD_TOOL_ARGS) --port $(PORT) --vectors $(BUILD)/vectors

board-bench: board-impl
	@$(BOARD_PY)/serial_bench.py $(BOARD_TOOL_ARGS) --port $(PORT) --flash

board-compare: board-check-platform
	@$(BOARD_PY)/compare.py --board $(PLATFORM)

# Everything run_netduinoplus2.py runs: the test programs and bench.elf of netduinoplus2[-armv7m].
netduinoplus2-all: $(call board_configs_of,netduinoplus2) \
                   $(foreach c,$(call board_configs_of,netduinoplus2),$(BUILD)/$(c)/bench.elf)

netduinoplus2-test: netduinoplus2-all
	@$(BOARD_PY)/run_netduinoplus2.py --build $(BUILD)
