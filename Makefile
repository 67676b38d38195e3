# SPDX-License-Identifier: Apache-2.0 OR MIT
# m4crypt build. The two commands a user needs:
#   make test    install what is missing, build everything, run every test suite
#   make bench   install what is missing, build the M4 benchmark firmware, measure it in m4sim
# Other targets: make deps | build | host | m4 | vectors | install | examples | clean | help
#
# Configurations (build/<config>/):
#   host-gcc    gcc -O2, -Wall -Wextra -Werror, also the shared library for the Python tests
#   host-clang  clang -O2, same warnings
#   host-san    clang -O1 with AddressSanitizer and UndefinedBehaviorSanitizer
#   host-fuzz   clang with libFuzzer, ASan and UBSan
#   m4          arm-none-eabi-gcc for mps2-an386 (Cortex-M4F), portable C only
#   m4-armv7m   the same with the armv7m/ assembly backends (when any exist)

SHELL := /bin/bash
# Quiet build lines ("CC config file"); make V=1 prints the full commands.
ifeq ($(V),1)
Q :=
say = @true
else
Q := @
say = @printf '  %-6s %-10s %s\n' $(1) $(2) $(3)
endif
.DEFAULT_GOAL := help
.SECONDARY:
.DELETE_ON_ERROR:
BUILD ?= build
VENV ?= .venv
PY := $(VENV)/bin/python
ARM_PREFIX ?= arm-none-eabi-

# ---------------------------------------------------------------- sources
MLKEM_SETS := 512 768 1024
# Per-parameter-set sources (compiled once per set) are listed by src/mlkem/module.mk.
MLKEM_PERSET_SRCS :=
# Randomness sources (host getrandom, the STM32 RNG libraries) are listed by src/rng/module.mk and
# built only where they belong (see RNG_SRCS below and the per-configuration _RNG_ variables).
RNG_SRCS :=
-include $(wildcard src/*/module.mk)
LIB_SRCS := $(filter-out $(MLKEM_PERSET_SRCS) $(RNG_SRCS),$(wildcard src/*/*.c))
ARMV7M_SRCS := $(wildcard src/*/armv7m/*.c src/*/armv7m/*.S)
TEST_SRCS := $(wildcard tests/*/test_*.c)
CT_SRCS := $(wildcard tests/*/ct_*.c)
FUZZ_SRCS := $(wildcard tests/*/fuzz_*.c)
# The harness, and the AES-256 CTR_DRBG of the NIST KAT generator (replays KAT records).
HARNESS_SRCS := tests/common/harness.c tests/common/kat_drbg.c
# The benchmark firmware also measures the example protocol's device side (examples/pqsession).
BENCH_SRCS := $(wildcard benchmarks/*.c) examples/pqsession/pqsession.c
BENCH_HEADERS := $(wildcard benchmarks/*.h) $(wildcard examples/pqsession/*.h)
BENCH_CFLAGS := -Iexamples/pqsession

COMMON_CFLAGS := -std=c11 -Iinclude -Isrc -Iplatform -Itools/m4sim/m4sim/include -Itests/common \
                 -Wall -Wextra -Werror \
                 -Wshadow -Wvla -g
# The X25519 ladder m4crypt_x25519 runs in the armv7m backend: compact (default, ~3.7 KB of code)
# or inlined (~9 KB, ~9 % fewer cycles; src/x25519/armv7m/backend.h). Use its own build folder:
#   make X25519_LADDER=inlined BUILD=build-inlined ...   (both ladders are always built and tested)
ifeq ($(X25519_LADDER),inlined)
COMMON_CFLAGS += -DM4CRYPT_X25519_INLINED_LADDER
else ifneq ($(X25519_LADDER),)
$(error X25519_LADDER must be empty (compact) or inlined)
endif
HOST_WARN :=

# Randomness per configuration (src/rng/module.mk, docs/rng.md):
#   <config>_RNG_SRCS   compiled into that configuration's libm4crypt (the host: getrandom(2))
#   <config>_RNG_PARTS  STM32 RNG libraries built beside it, libm4crypt_rng_<part>.a
#   <config>_RNG_LINK   the one its test programs and bench.elf link (mk/boards.mk: the board's)
# A Cortex-M libm4crypt has no randomness source of its own: firmware that uses randomness and
# links none fails with "undefined reference to `m4crypt_platform_randombytes'".
host-gcc_RNG_SRCS := $(RNG_HOST_SRCS)
host-clang_RNG_SRCS := $(RNG_HOST_SRCS)
host-san_RNG_SRCS := $(RNG_HOST_SRCS)
host-fuzz_RNG_SRCS := $(RNG_HOST_SRCS)
m4_RNG_PARTS := $(RNG_STM32_PARTS)
m4-armv7m_RNG_PARTS := $(RNG_STM32_PARTS)
m4-armv7m-softfp_RNG_PARTS := $(RNG_STM32_PARTS)
m4-armv7m-nofpu_RNG_PARTS := $(RNG_STM32_PARTS)

host-gcc_CC := gcc
host-gcc_CFLAGS := -O2 -fPIC
host-gcc_PLATFORM := host
host-clang_CC := clang
host-clang_CFLAGS := -O2
host-clang_PLATFORM := host
host-san_CC := clang
host-san_CFLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
host-san_LDFLAGS := -fsanitize=address,undefined
host-san_PLATFORM := host
host-fuzz_CC := clang
host-fuzz_CFLAGS := -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
host-fuzz_LDFLAGS := -fsanitize=fuzzer,address,undefined
host-fuzz_PLATFORM := host
M4_FLAGS := -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16
m4_CC := $(ARM_PREFIX)gcc
m4_CFLAGS := $(M4_FLAGS) -O3 -ffunction-sections -fdata-sections
m4_LDFLAGS := $(M4_FLAGS) -T platform/mps2-an386/mps2-an386.ld -nostartfiles \
              --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections
m4_PLATFORM := mps2-an386
m4_EXE := .elf
m4-armv7m_CC := $(m4_CC)
m4-armv7m_CFLAGS := $(m4_CFLAGS) -DM4CRYPT_ARCH_ARMV7M
m4-armv7m_LDFLAGS := $(m4_LDFLAGS)
m4-armv7m_PLATFORM := mps2-an386
m4-armv7m_EXE := .elf
m4-armv7m_ARCH_SRCS := $(ARMV7M_SRCS)
# The two other float ABIs a Cortex-M4 firmware uses (make install ships all three):
#   m4-armv7m-softfp  FPv4-SP present, floating-point arguments in core registers (-mfloat-abi=softfp):
#                     the same code as m4-armv7m, the library only (the examples link it)
#   m4-armv7m-nofpu   a Cortex-M4 without FPU (-mfloat-abi=soft): the backends that keep words in FPU
#                     registers use stack slots instead (src/common/armv7m/fpu_scratch.h); tests,
#                     benchmark (impl armv7m-nofpu) and constant-time firmware like m4-armv7m. Its
#                     startup leaves the FPU disabled, so a stray FPU instruction faults in QEMU.
M4_SOFTFP_FLAGS := -mcpu=cortex-m4 -mthumb -mfloat-abi=softfp -mfpu=fpv4-sp-d16
M4_NOFPU_FLAGS := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
m4-armv7m-softfp_CC := $(m4_CC)
m4-armv7m-softfp_CFLAGS := $(M4_SOFTFP_FLAGS) -O3 -ffunction-sections -fdata-sections -DM4CRYPT_ARCH_ARMV7M
m4-armv7m-softfp_LDFLAGS := $(subst $(M4_FLAGS),$(M4_SOFTFP_FLAGS),$(m4_LDFLAGS))
m4-armv7m-softfp_PLATFORM := mps2-an386
m4-armv7m-softfp_EXE := .elf
m4-armv7m-softfp_ARCH_SRCS := $(ARMV7M_SRCS)
m4-armv7m-nofpu_CC := $(m4_CC)
m4-armv7m-nofpu_CFLAGS := $(M4_NOFPU_FLAGS) -O3 -ffunction-sections -fdata-sections -DM4CRYPT_ARCH_ARMV7M
m4-armv7m-nofpu_LDFLAGS := $(subst $(M4_FLAGS),$(M4_NOFPU_FLAGS),$(m4_LDFLAGS))
m4-armv7m-nofpu_PLATFORM := mps2-an386
m4-armv7m-nofpu_EXE := .elf
m4-armv7m-nofpu_ARCH_SRCS := $(ARMV7M_SRCS)

HOST_CONFIGS := host-gcc host-clang host-san
M4_CONFIGS := m4 $(if $(ARMV7M_SRCS),m4-armv7m m4-armv7m-nofpu)

# ---------------------------------------------------------------- per-configuration rules
# $(1) = configuration name
define CONFIG_RULES
$(1)_DIR := $(BUILD)/$(1)
$(1)_ALL_CFLAGS := $$(COMMON_CFLAGS) $$($(1)_CFLAGS) $$(if $$(filter host%,$(1)),$$(HOST_WARN))
$(1)_LIB_OBJS := $$(patsubst %,$$($(1)_DIR)/obj/%.o,$$(LIB_SRCS) $$($(1)_ARCH_SRCS) $$($(1)_RNG_SRCS)) \
    $$(foreach s,$$(MLKEM_SETS),$$(patsubst %,$$($(1)_DIR)/obj/%.$$(s).o,$$(MLKEM_PERSET_SRCS)))
$(1)_PLAT_OBJS := $$(patsubst %,$$($(1)_DIR)/obj/%.o,$$(wildcard platform/$$($(1)_PLATFORM)/*.c))
$(1)_HARNESS_OBJS := $$(patsubst %,$$($(1)_DIR)/obj/%.o,$$(HARNESS_SRCS))
$(1)_LIB := $$($(1)_DIR)/libm4crypt.a
$(1)_RNG_LIBS := $$(foreach p,$$($(1)_RNG_PARTS),$$($(1)_DIR)/libm4crypt_rng_$$(p).a)
$(1)_TESTS := $$(patsubst tests/%.c,$$($(1)_DIR)/tests/%$$($(1)_EXE),$$(TEST_SRCS))

$$($(1)_DIR)/obj/%.c.o: %.c
	@mkdir -p $$(@D)
	$$(call say,CC,$(1),$$<)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) -MMD -MP -c $$< -o $$@

$$($(1)_DIR)/obj/%.S.o: %.S
	@mkdir -p $$(@D)
	$$(call say,AS,$(1),$$<)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) -MMD -MP -c $$< -o $$@

$$(foreach s,$$(MLKEM_SETS),$$(eval $$(call PERSET_RULE,$(1),$$(s))))
$$(foreach p,$$($(1)_RNG_PARTS),$$(eval $$(call RNG_PART_RULES,$(1),$$(p))))

$$($(1)_LIB): $$($(1)_LIB_OBJS)
	@rm -f $$@
	$$(call say,AR,$(1),$$@)
	$$(Q)$$(if $$(filter m4%,$(1)),$$(ARM_PREFIX)ar,ar) rcs $$@ $$^

$$($(1)_DIR)/tests/%$$($(1)_EXE): tests/%.c $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) \
                                   $$($(1)_RNG_LINK)
	@mkdir -p $$(@D)
	$$(call say,LINK,$(1),$$@)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) -MMD -MP $$< $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) \
	    $$($(1)_LIB) $$($(1)_RNG_LINK) $$($(1)_LDFLAGS) -o $$@

$(1): $$($(1)_LIB) $$($(1)_RNG_LIBS) $$($(1)_TESTS)
-include $$(shell find $$($(1)_DIR) -name '*.d' 2>/dev/null)
endef

# $(1) = configuration, $(2) = ML-KEM parameter set
define PERSET_RULE
$$($(1)_DIR)/obj/%.c.$(2).o: %.c
	@mkdir -p $$(@D)
	$$(call say,CC,$(1),$$<[$(2)])
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) -DM4CRYPT_MLKEM_SET=$(2) -MMD -MP -c $$< -o $$@
endef

# $(1) = configuration, $(2) = STM32 RNG part (src/rng/module.mk): the part's objects and library.
define RNG_PART_RULES
$$($(1)_DIR)/obj/%.c.$(2).o: %.c
	@mkdir -p $$(@D)
	$$(call say,CC,$(1),$$<[$(2)])
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(RNG_DEFINE_$(2)) -MMD -MP -c $$< -o $$@

$$($(1)_DIR)/libm4crypt_rng_$(2).a: $$(patsubst %,$$($(1)_DIR)/obj/%.$(2).o,$$(RNG_STM32_SRCS))
	@rm -f $$@
	$$(call say,AR,$(1),$$@)
	$$(Q)$$(ARM_PREFIX)ar rcs $$@ $$^
endef

$(foreach c,host-gcc host-clang host-san host-fuzz m4 m4-armv7m m4-armv7m-softfp m4-armv7m-nofpu,\
    $(eval $(call CONFIG_RULES,$(c))))

# Real boards (STM32F407 Discovery, NUCLEO-L4R5ZI) and QEMU's netduinoplus2: mk/boards.mk.
-include mk/boards.mk

# make install PREFIX=DIR: headers, libraries, pkg-config and CMake package files: mk/install.mk.
include mk/install.mk
# Examples (examples/<name>/module.mk adds its programs to EXAMPLES).
EXAMPLES :=
-include $(wildcard examples/*/module.mk)

# The shared library the Python differential tests load with ctypes.
$(BUILD)/host-gcc/libm4crypt.so: $(host-gcc_LIB_OBJS) $(host-gcc_PLAT_OBJS)
	$(call say,LINK,host-gcc,$@)
	$(Q)gcc -shared -o $@ $^

# Constant-time programs, run under valgrind (host-gcc objects).
CT_BINS := $(patsubst tests/%.c,$(BUILD)/host-gcc/ct/%,$(CT_SRCS) tests/common/ct_planted_leak.c)
$(BUILD)/host-gcc/ct/%: tests/%.c $(host-gcc_HARNESS_OBJS) $(host-gcc_PLAT_OBJS) $(host-gcc_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,host-gcc,$@)
	$(Q)gcc $(host-gcc_ALL_CFLAGS) $< $(host-gcc_HARNESS_OBJS) $(host-gcc_PLAT_OBJS) $(host-gcc_LIB) -o $@

# libFuzzer targets.
FUZZ_BINS := $(patsubst tests/%.c,$(BUILD)/host-fuzz/fuzz/%,$(FUZZ_SRCS))
$(BUILD)/host-fuzz/fuzz/%: tests/%.c $(host-fuzz_PLAT_OBJS) $(host-fuzz_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,host-fuzz,$@)
	$(Q)clang $(host-fuzz_ALL_CFLAGS) $< $(host-fuzz_PLAT_OBJS) $(host-fuzz_LIB) $(host-fuzz_LDFLAGS) -o $@

# Benchmark firmware, portable and (when present) assembly backends.
BENCH_ELFS := $(foreach c,$(M4_CONFIGS),$(BUILD)/$(c)/bench.elf)
$(BUILD)/%/bench.elf: $(BENCH_SRCS) $(BENCH_HEADERS) $(BUILD)/%/libm4crypt.a
	@mkdir -p $(@D)
	$(call say,LINK,$*,$@)
	$(Q)$($*_CC) $($*_ALL_CFLAGS) $(BENCH_CFLAGS) $(BENCH_SRCS) $($*_PLAT_OBJS) $($*_LIB) $($*_LDFLAGS) \
	    -Wl,-Map=$(@:.elf=.map) -o $@
$(foreach c,$(M4_CONFIGS),$(eval $(BUILD)/$(c)/bench.elf: $($(c)_PLAT_OBJS)))

# Constant-time firmware for m4sim ct: every secret-handling operation inside a region.
CT_ELFS := $(foreach c,$(M4_CONFIGS),$(BUILD)/$(c)/ct/m4ct_library.elf)
$(BUILD)/%/ct/m4ct_library.elf: tests/common/m4ct_library.c $(BUILD)/%/libm4crypt.a
	@mkdir -p $(@D)
	$(call say,LINK,$*,$@)
	$(Q)$($*_CC) $($*_ALL_CFLAGS) $< $($*_PLAT_OBJS) $($*_LIB) $($*_LDFLAGS) -o $@
$(foreach c,$(M4_CONFIGS),$(eval $(BUILD)/$(c)/ct/m4ct_library.elf: $($(c)_PLAT_OBJS)))

# Firmware that faults on purpose (tests/platform/test_fault_report.py): the fault report of the
# mps2-an386 and STM32 (netduinoplus2) platforms must show no general-purpose register.
FAULT_MODES := registers x25519
FAULT_DEFINE_registers := -DFAULT_REGISTERS
FAULT_DEFINE_x25519 := -DFAULT_X25519
FAULT_CONFIGS := $(M4_CONFIGS) $(call board_configs_of,netduinoplus2)
# $(1) = configuration, $(2) = mode
define FAULT_FIRMWARE
$$(BUILD)/$(1)/fault/fault_$(2).elf: tests/platform/fault_firmware.c $$($(1)_PLAT_OBJS) $$($(1)_LIB) \
                                    $$($(1)_RNG_LINK)
	@mkdir -p $$(@D)
	$$(call say,LINK,$(1),$$@)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(FAULT_DEFINE_$(2)) $$< \
	    $$($(1)_PLAT_OBJS) $$($(1)_LIB) $$($(1)_RNG_LINK) $$($(1)_LDFLAGS) -o $$@
endef
$(foreach c,$(FAULT_CONFIGS),$(foreach m,$(FAULT_MODES),$(eval $(call FAULT_FIRMWARE,$(c),$(m)))))
FAULT_ELFS := $(foreach c,$(FAULT_CONFIGS),$(foreach m,$(FAULT_MODES),$(BUILD)/$(c)/fault/fault_$(m).elf))

# ---------------------------------------------------------------- top-level targets
.PHONY: help deps build host m4-all vectors test bench clean ct-bins fuzz-bins test-fresh examples regen

help:
	@echo "make test    install what is missing, build, run every test (host and emulated M4)"
	@echo "make bench   install what is missing, build the M4 firmware, print the benchmark table"
	@echo "make deps    only install (apt packages, the Python venv in $(VENV))"
	@echo "make build   only build every configuration"
	@echo "make install PREFIX=DIR   headers, libraries, pkg-config and CMake packages of every"
	@echo "             variant (docs/integration.md); make uninstall PREFIX=DIR removes them"
	@echo "make regen   rerun every code generator (tools/generated.py lists them); make test"
	@echo "             checks that each generated file equals its generator's output"
	@echo "make clean   remove $(BUILD)/"
	@echo "make test-fresh  make test and make bench in an empty Debian 12 root (root; ~15 min;"
	@echo "             FRESH_ARGS=\"--distro ubuntu-24.04\" for Ubuntu)"

deps:
	@tools/bootstrap.sh

# Every generated source file from its generator (tools/generated.py; tests/tools/test_generated.py
# checks that none differs).
regen: deps
	@$(PY) tools/generated.py regen

vectors: deps
	@$(PY) tools/vectors/convert.py $(BUILD)/vectors

host: $(HOST_CONFIGS) $(BUILD)/host-gcc/libm4crypt.so $(CT_BINS)
m4-all: $(M4_CONFIGS) $(BENCH_ELFS) $(CT_ELFS)
fuzz-bins: host-fuzz-lib $(FUZZ_BINS)
host-fuzz-lib: $(host-fuzz_LIB)
.PHONY: host-fuzz-lib $(HOST_CONFIGS) host-fuzz $(M4_CONFIGS)

examples: $(EXAMPLES)

build: host m4-all $(FUZZ_BINS) netduinoplus2-all $(FAULT_ELFS) examples

test: deps
	@$(MAKE) --no-print-directory vectors
	@$(MAKE) --no-print-directory -j$$(nproc) build
	@$(PY) tools/run_tests.py --build $(BUILD) $(TEST_ARGS)

bench: deps
	@$(MAKE) --no-print-directory -j$$(nproc) m4-all
	@$(PY) benchmarks/run_bench.py --build $(BUILD) $(BENCH_ARGS)

clean:
	rm -rf $(BUILD)

# The README's two commands on a machine that has nothing (tools/test_fresh.sh).
test-fresh:
	@tools/test_fresh.sh $(FRESH_ARGS)
