# SPDX-License-Identifier: Apache-2.0 OR MIT
# m4crypt build. The two commands a user needs:
#   make test    install what is missing, build everything, run every test suite
#   make bench   install what is missing, build the M4 benchmark firmware, measure it in m4sim
# Other targets: make deps | build | host | m4 | vectors | install | examples | fuzz | clean | help
#
# Configurations (build/<config>/):
#   host-gcc    gcc -O2, -Wall -Wextra -Werror, also the shared library for the Python tests
#   host-clang  clang -O2, same warnings
#   host-san    clang -O1 with AddressSanitizer and UndefinedBehaviorSanitizer
#   host-fuzz   clang with libFuzzer, ASan and UBSan
#   m4          arm-none-eabi-gcc for mps2-an386 (Cortex-M4F), portable C only
#   m4-armv7m   the same with the armv7m/ assembly backends (when any exist)
# (make m4-an505: the test programs of m4 and m4-armv7m linked again for QEMU's mps2-an505,
# Cortex-M33; mps2-an500, Cortex-M7, runs the mps2-an386 images as they are)
#
# What the library contains (docs/configuration.md): everything, or the selection of a
# configuration header given with CONFIG (include/m4crypt/config.h, examples in configs/):
#   make CONFIG=configs/mlkem768.h m4-armv7m    build/config-mlkem768/m4-armv7m/libm4crypt.a and
#                                               the tests that apply (BUILD= to choose the folder)
# make test also builds and runs the selections of SELECTIONS (configs/<name>.h) on the M4.

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
# A configuration header (docs/configuration.md): passed to every compilation as
# M4CRYPT_CONFIG_FILE; its own build folder unless BUILD is given.
ifneq ($(CONFIG),)
CONFIG_FILE := $(abspath $(CONFIG))
ifeq ($(wildcard $(CONFIG_FILE)),)
$(error CONFIG=$(CONFIG): no such file)
endif
CONFIG_NAME := $(basename $(notdir $(CONFIG)))
BUILD ?= build/config-$(CONFIG_NAME)
CONFIG_CFLAGS := -DM4CRYPT_CONFIG_FILE='"$(CONFIG_FILE)"'
endif
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
# What the configuration builds, as the names of the tests/ folders that apply (every source
# file is always compiled: a disabled part compiles to nothing). mk/config_features.h.
# On a fresh machine gcc comes with make deps: make test and make bench run it first and build in
# a second make, which reads this file again with gcc there. Until then nothing is built and
# FEATURES is empty (tests/tools/test_makefile.py: make deps parses without gcc).
ifneq ($(shell command -v gcc 2>/dev/null),)
FEATURES := $(shell gcc -E -P -Iinclude $(CONFIG_CFLAGS) mk/config_features.h || echo CONFIG-ERROR)
ifneq ($(filter CONFIG-ERROR,$(FEATURES)),)
$(error the configuration is not consistent (the #error above, include/m4crypt/config.h))
endif
endif
feature_srcs = $(foreach d,$(FEATURES),$(wildcard tests/$(d)/$(1)))
# (tests/mlkem/test_mlkem_pct.c and tests/mldsa/test_mldsa_pct.c are built only with the option
# they test: VARIANT_RULES below)
TEST_SRCS := $(filter-out tests/mlkem/test_mlkem_pct.c tests/mldsa/test_mldsa_pct.c,\
    $(call feature_srcs,test_*.c))
CT_SRCS := $(call feature_srcs,ct_*.c)
FUZZ_SRCS := $(call feature_srcs,fuzz_*.c)
# The harness, and the AES-256 CTR_DRBG of the NIST KAT generator (replays KAT records).
HARNESS_SRCS := tests/common/harness.c tests/common/kat_drbg.c
BENCH_SRCS := $(filter-out benchmarks/selection.c,$(wildcard benchmarks/*.c))
# The benchmark firmware also measures the example protocol's device side (examples/pqsession),
# when the configuration has what it needs (mk/config_features.h: pqsession).
BENCH_SRCS += $(if $(filter pqsession,$(FEATURES)),examples/pqsession/pqsession.c)
BENCH_HEADERS := $(wildcard benchmarks/*.h) $(wildcard examples/pqsession/*.h)
BENCH_CFLAGS := -Iexamples/pqsession
# ML-DSA signing is the mean over the CCTV benchmark messages: the armv7m builds (default and
# MLDSA_MEMORY=small, the rows the goals compare) sign the whole set, the portable and
# integer-only builds its first 16 (the whole set would add minutes to make bench).
BENCH_FEW_MLDSA_MESSAGES := -DM4CRYPT_BENCH_MLDSA_MESSAGES=16
m4_BENCH_CFLAGS := $(BENCH_FEW_MLDSA_MESSAGES)
m4-armv7m-nofpu_BENCH_CFLAGS := $(BENCH_FEW_MLDSA_MESSAGES)

COMMON_CFLAGS := -std=c11 -Iinclude -Isrc -Iplatform -Itools/m4sim/m4sim/include -Itests/common \
                 -Wall -Wextra -Werror \
                 -Wshadow -Wvla -g $(CONFIG_CFLAGS)
# The X25519 ladder m4crypt_x25519 runs in the armv7m backend: compact (default, ~3.7 KB of code)
# or inlined (~9 KB, ~9 % fewer cycles; src/x25519/armv7m/backend.h). Use its own build folder:
#   make X25519_LADDER=inlined BUILD=build-inlined ...   (both ladders are always built and tested)
ifeq ($(X25519_LADDER),inlined)
COMMON_CFLAGS += -DM4CRYPT_X25519_INLINED_LADDER
else ifneq ($(X25519_LADDER),)
$(error X25519_LADDER must be empty (compact) or inlined)
endif
# ML-DSA signing: fast (default; A and NTT(t0) kept across attempts, ~0.6 x pqm4 m4f's stack) or
# small (M4CRYPT_MLDSA_SMALL_MEMORY: nothing kept, every entry of A streamed in every attempt;
# verification without NTT(z), NTT(c) kept; src/mldsa/sign_set.h). Use its own build folder:  make MLDSA_MEMORY=small BUILD=build-small ...
ifeq ($(MLDSA_MEMORY),small)
COMMON_CFLAGS += -DM4CRYPT_MLDSA_SMALL_MEMORY
else ifneq ($(MLDSA_MEMORY),)
$(error MLDSA_MEMORY must be empty (fast) or small)
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
# $(1) configuration, $(2) its float-ABI flags (in place of M4_FLAGS; the rest as m4-armv7m)
define M4_FLOAT_ABI_CONFIG
$(1)_CC := $$(m4_CC)
$(1)_CFLAGS := $(2) -O3 -ffunction-sections -fdata-sections -DM4CRYPT_ARCH_ARMV7M
$(1)_LDFLAGS := $$(subst $$(M4_FLAGS),$(2),$$(m4_LDFLAGS))
$(1)_PLATFORM := mps2-an386
$(1)_EXE := .elf
$(1)_ARCH_SRCS := $$(ARMV7M_SRCS)
endef
$(eval $(call M4_FLOAT_ABI_CONFIG,m4-armv7m-softfp,$(M4_SOFTFP_FLAGS)))
$(eval $(call M4_FLOAT_ABI_CONFIG,m4-armv7m-nofpu,$(M4_NOFPU_FLAGS)))

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

# Test programs of compile-time options, built for every configuration and run by make test with
# the others. The sources an option changes are compiled with it into the program's own objects,
# linked ahead of the library (whose objects for those files are then not pulled in):
#   tests/mlkem/test_mlkem_pct: the pairwise consistency test after key generation
#       (-DM4CRYPT_KEYGEN_PCT, and the hook that makes it fail on demand) in src/mlkem/kem.c
#       (every set) and src/xwing/xwing.c;
#   tests/mldsa/test_mldsa_pct: the same for ML-DSA (sign and verify), in src/mldsa/mldsa.c;
#   tests/selftest/test_selftest_planted: m4crypt_selftest with every known answer planted wrong
#       (-DM4CRYPT_PLANT_SELFTEST_KAT) in src/selftest/selftest.c, which must fail every test.
PCT_FLAGS := -DM4CRYPT_KEYGEN_PCT -DM4CRYPT_KEYGEN_PCT_BREAKAGE_TEST
define VARIANT_RULES
$$($(1)_DIR)/tests/mlkem/test_mlkem_pct$$($(1)_EXE): tests/mlkem/test_mlkem_pct.c src/mlkem/kem.c \
    src/xwing/xwing.c $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) $$($(1)_RNG_LINK)
	@mkdir -p $$(@D)
	$$(call say,LINK,$(1),$$@)
	$$(Q)for s in $$(MLKEM_SETS); do $$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(PCT_FLAGS) \
	    -DM4CRYPT_MLKEM_SET=$$$$s -c src/mlkem/kem.c -o $$(@D)/pct_kem.$$$$s.o || exit 1; done
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(PCT_FLAGS) -c src/xwing/xwing.c -o $$(@D)/pct_xwing.o
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(PCT_FLAGS) $$< \
	    $$(foreach s,$$(MLKEM_SETS),$$(@D)/pct_kem.$$(s).o) $$(@D)/pct_xwing.o \
	    $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) $$($(1)_RNG_LINK) $$($(1)_LDFLAGS) -o $$@

$$($(1)_DIR)/tests/mldsa/test_mldsa_pct$$($(1)_EXE): tests/mldsa/test_mldsa_pct.c src/mldsa/mldsa.c \
    $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) $$($(1)_RNG_LINK)
	@mkdir -p $$(@D)
	$$(call say,LINK,$(1),$$@)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(PCT_FLAGS) -c src/mldsa/mldsa.c \
	    -o $$(@D)/pct_mldsa.o
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$(PCT_FLAGS) $$< $$(@D)/pct_mldsa.o \
	    $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) $$($(1)_RNG_LINK) $$($(1)_LDFLAGS) -o $$@

$$($(1)_DIR)/tests/selftest/test_selftest_planted$$($(1)_EXE): tests/selftest/test_selftest.c \
    src/selftest/selftest.c src/selftest/selftest_kat.h $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) \
    $$($(1)_LIB) $$($(1)_RNG_LINK)
	@mkdir -p $$(@D)
	$$(call say,LINK,$(1),$$@)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) -DM4CRYPT_PLANT_SELFTEST_KAT -c src/selftest/selftest.c \
	    -o $$(@D)/selftest_planted.o
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) -DM4CRYPT_PLANT_SELFTEST_KAT $$< $$(@D)/selftest_planted.o \
	    $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) $$($(1)_RNG_LINK) $$($(1)_LDFLAGS) -o $$@

$(1): $$($(1)_DIR)/tests/mlkem/test_mlkem_pct$$($(1)_EXE) $$($(1)_DIR)/tests/mldsa/test_mldsa_pct$$($(1)_EXE) \
      $$($(1)_DIR)/tests/selftest/test_selftest_planted$$($(1)_EXE)
endef
# (the default configuration only: the PCT programs need ML-KEM, X-Wing and ML-DSA)
ifeq ($(CONFIG),)
$(foreach c,host-gcc host-clang host-san m4 m4-armv7m,$(eval $(call VARIANT_RULES,$(c))))
endif

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

# Programs compiled and linked from one source in one step write their header dependencies
# beside themselves (<program>.d, read with the configuration's other .d files), so that editing
# a header they include rebuilds them.
LINK_DEPS = -MMD -MP -MF $@.d -MT $@

# Constant-time programs, run under valgrind (host-gcc objects).
CT_BINS := $(patsubst tests/%.c,$(BUILD)/host-gcc/ct/%,$(CT_SRCS) tests/common/ct_planted_leak.c)
$(BUILD)/host-gcc/ct/%: tests/%.c $(host-gcc_HARNESS_OBJS) $(host-gcc_PLAT_OBJS) $(host-gcc_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,host-gcc,$@)
	$(Q)gcc $(host-gcc_ALL_CFLAGS) $(LINK_DEPS) $< $(host-gcc_HARNESS_OBJS) $(host-gcc_PLAT_OBJS) $(host-gcc_LIB) -o $@

# libFuzzer targets.
FUZZ_BINS := $(patsubst tests/%.c,$(BUILD)/host-fuzz/fuzz/%,$(FUZZ_SRCS))
$(BUILD)/host-fuzz/fuzz/%: tests/%.c $(host-fuzz_PLAT_OBJS) $(host-fuzz_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,host-fuzz,$@)
	$(Q)clang $(host-fuzz_ALL_CFLAGS) $(LINK_DEPS) $< $(host-fuzz_PLAT_OBJS) $(host-fuzz_LIB) $(host-fuzz_LDFLAGS) -o $@

# Benchmark firmware, portable and (when present) assembly backends. --emit-relocs keeps the
# relocations in the image (same code and data), so that m4sim size tells addresses from
# constants when it follows code to the tables it reads (benchmarks/run_bench.py).
BENCH_ELFS := $(foreach c,$(M4_CONFIGS),$(BUILD)/$(c)/bench.elf)
$(BUILD)/%/bench.elf: $(BENCH_SRCS) $(BENCH_HEADERS) $(BUILD)/%/libm4crypt.a
	@mkdir -p $(@D)
	$(call say,LINK,$*,$@)
	$(Q)$($*_CC) $($*_ALL_CFLAGS) $(BENCH_CFLAGS) $($*_BENCH_CFLAGS) $(BENCH_SRCS) $($*_PLAT_OBJS) $($*_LIB) $($*_LDFLAGS) \
	    -Wl,--emit-relocs -Wl,-Map=$(@:.elf=.map) -o $@
$(foreach c,$(M4_CONFIGS),$(eval $(BUILD)/$(c)/bench.elf: $($(c)_PLAT_OBJS)))

# Code-size firmware: every public function of the configuration, linked with --gc-sections
# (benchmarks/selection.c; make bench measures it, make test checks its symbols).
SELECTION_ELFS := $(foreach c,$(M4_CONFIGS),$(BUILD)/$(c)/selection.elf)
$(BUILD)/%/selection.elf: benchmarks/selection.c $(BUILD)/%/libm4crypt.a
	@mkdir -p $(@D)
	$(call say,LINK,$*,$@)
	$(Q)$($*_CC) $($*_ALL_CFLAGS) $< $($*_PLAT_OBJS) $($*_LIB) $($*_LDFLAGS) \
	    -Wl,--emit-relocs -Wl,-Map=$(@:.elf=.map) -o $@
$(foreach c,$(M4_CONFIGS),$(eval $(BUILD)/$(c)/selection.elf: $($(c)_PLAT_OBJS)))

# Constant-time firmware for m4sim ct: every secret-handling operation inside a region.
CT_ELFS := $(foreach c,$(M4_CONFIGS),$(BUILD)/$(c)/ct/m4ct_library.elf)
$(BUILD)/%/ct/m4ct_library.elf: tests/common/m4ct_library.c $(BUILD)/%/libm4crypt.a
	@mkdir -p $(@D)
	$(call say,LINK,$*,$@)
	$(Q)$($*_CC) $($*_ALL_CFLAGS) $(LINK_DEPS) $< $($*_PLAT_OBJS) $($*_LIB) $($*_LDFLAGS) -o $@
$(foreach c,$(M4_CONFIGS),$(eval $(BUILD)/$(c)/ct/m4ct_library.elf: $($(c)_PLAT_OBJS)))

# The checks' own tests: the same firmware (-DM4CT_PLANTED: only the regions the faults must show
# in) with ML-KEM's kem.c built with two planted faults (M4CRYPT_PLANT_REJECTION_BRANCH: select_key
# branches on the rejection flag; M4CRYPT_PLANT_UNWIPED_BUFFER: key generation leaves its random
# coins d || z on the stack). Those objects come before the library, so the library's own kem.c
# objects are not linked. m4sim ct and m4sim residue must both fail on it (tools/run_tests.py).
PLANT_FLAGS := -DM4CRYPT_PLANT_REJECTION_BRANCH -DM4CRYPT_PLANT_UNWIPED_BUFFER
# (the default configuration only: the faults are planted in ML-KEM)
CT_PLANTED_ELFS := $(if $(CONFIG),,$(foreach c,$(M4_CONFIGS),$(BUILD)/$(c)/ct/m4ct_planted.elf))
$(BUILD)/%/ct/m4ct_planted.elf: tests/common/m4ct_library.c src/mlkem/kem.c $(wildcard src/mlkem/*.h) \
    $(BUILD)/%/libm4crypt.a
	@mkdir -p $(@D)
	$(call say,LINK,$*,$@)
	$(Q)for s in $(MLKEM_SETS); do $($*_CC) $($*_ALL_CFLAGS) $(PLANT_FLAGS) -DM4CRYPT_MLKEM_SET=$$s \
	    -c src/mlkem/kem.c -o $(@D)/kem_planted.$$s.o || exit 1; done
	$(Q)$($*_CC) $($*_ALL_CFLAGS) -DM4CT_PLANTED $< $(foreach s,$(MLKEM_SETS),$(@D)/kem_planted.$(s).o) \
	    $($*_PLAT_OBJS) $($*_LIB) $($*_LDFLAGS) -o $@
$(foreach c,$(M4_CONFIGS),$(eval $(BUILD)/$(c)/ct/m4ct_planted.elf: $($(c)_PLAT_OBJS)))

# ---------------------------------------------------------------- other cores
# The M4 build's test programs on cores with the same instructions (tools/run_tests.py, suites
# m7-qemu* and m33-qemu*): QEMU's mps2-an500 (Cortex-M7) has mps2-an386's memory map and runs
# the very same images; for mps2-an505 (Cortex-M33, TrustZone) they are linked again from the
# same objects and library with platform/mps2-an505/mps2-an505.ld (into <config>/an505/tests/).
AN505_LD := platform/mps2-an505/mps2-an505.ld
define AN505_RULES
$(1)_AN505_TESTS := $$(patsubst tests/%.c,$$(BUILD)/$(1)/an505/tests/%.elf,$$(TEST_SRCS))
$$(BUILD)/$(1)/an505/tests/%.elf: tests/%.c $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) \
                                  $$($(1)_RNG_LINK) $$(AN505_LD)
	@mkdir -p $$(@D)
	$$(call say,LINK,$(1),$$@)
	$$(Q)$$($(1)_CC) $$($(1)_ALL_CFLAGS) $$< $$($(1)_HARNESS_OBJS) $$($(1)_PLAT_OBJS) $$($(1)_LIB) \
	    $$($(1)_RNG_LINK) $$(subst platform/mps2-an386/mps2-an386.ld,$$(AN505_LD),$$($(1)_LDFLAGS)) -o $$@
endef
$(foreach c,$(M4_CONFIGS),$(eval $(call AN505_RULES,$(c))))
.PHONY: m4-an505
m4-an505: $(foreach c,$(M4_CONFIGS),$($(c)_AN505_TESTS))

# ---------------------------------------------------------------- selections (docs/configuration.md)
# Typical configurations (configs/<name>.h), each built in $(BUILD)/config-<name>/ by a make of
# its own: make test builds their armv7m library, M4 test programs and code-size firmware
# (tools/run_tests.py runs them, suites config-<name>, and checks their symbols), make bench the
# code-size firmware of both M4 builds (benchmarks/run_bench.py, "Code size per selection").
SELECTIONS := mlkem768 mlkem768-encaps x25519 x25519-ladder xwing-aead mldsa65-verify
define SELECTION_RULES
.PHONY: selection-test-$(1) selection-bench-$(1)
selection-test-$(1):
	@$$(MAKE) --no-print-directory CONFIG=configs/$(1).h BUILD=$$(BUILD)/config-$(1) \
	    m4-armv7m $$(BUILD)/config-$(1)/m4-armv7m/selection.elf
selection-bench-$(1):
	@$$(MAKE) --no-print-directory CONFIG=configs/$(1).h BUILD=$$(BUILD)/config-$(1) \
	    $$(foreach c,$$(M4_CONFIGS),$$(BUILD)/config-$(1)/$$(c)/selection.elf)
endef
$(foreach s,$(SELECTIONS),$(eval $(call SELECTION_RULES,$(s))))
.PHONY: selections-test selections-bench
selections-test: $(addprefix selection-test-,$(SELECTIONS))
selections-bench: $(addprefix selection-bench-,$(SELECTIONS))

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
.PHONY: help deps build host m4-all vectors test bench fuzz clean ct-bins fuzz-bins test-fresh examples regen

help:
	@echo "make test    install what is missing, build, run every test (host and emulated M4);"
	@echo "             SLOW=1 adds the slow host checks (RFC 7748's 10^6 X25519 iterations)"
	@echo "make bench   install what is missing, build the M4 firmware, print the benchmark table"
	@echo "make fuzz    every libFuzzer target for FUZZ_S seconds (default 600), corpus in tests/"
	@echo "make deps    only install (apt packages, the Python venv in $(VENV))"
	@echo "make build   only build every configuration"
	@echo "make install PREFIX=DIR   headers, libraries, pkg-config and CMake packages of every"
	@echo "             variant (docs/integration.md); make uninstall PREFIX=DIR removes them"
	@echo "make regen   rerun every code generator (tools/generated.py lists them); make test"
	@echo "             checks that each generated file equals its generator's output"
	@echo "make clean   remove $(BUILD)/"
	@echo "make CONFIG=configs/mlkem768.h m4-armv7m   a reduced library (docs/configuration.md)"
	@echo "make test-fresh  make test and make bench in an empty Debian 12 root, what CI runs"
	@echo "             (root; the installation, then both commands in full; prints how long each"
	@echo "             took; FRESH_ARGS=\"--distro ubuntu-24.04\" for Ubuntu)"

deps:
	@tools/bootstrap.sh

# Every generated source file from its generator (tools/generated.py; tests/tools/test_generated.py
# checks that none differs).
regen: deps
	@$(PY) tools/generated.py regen

vectors: deps
	@$(PY) tools/vectors/convert.py $(BUILD)/vectors

host: $(HOST_CONFIGS) $(BUILD)/host-gcc/libm4crypt.so $(CT_BINS)
m4-all: $(M4_CONFIGS) $(BENCH_ELFS) $(CT_ELFS) $(SELECTION_ELFS) $(CT_PLANTED_ELFS)
fuzz-bins: host-fuzz-lib $(FUZZ_BINS)
host-fuzz-lib: $(host-fuzz_LIB)
.PHONY: host-fuzz-lib $(HOST_CONFIGS) host-fuzz $(M4_CONFIGS)

examples: $(EXAMPLES)

# With CONFIG, the configuration's own programs only (no selections; no differential tests and
# fault-report firmware, which need the whole library; the example where it has what it needs).
build: host m4-all m4-an505 $(FUZZ_BINS) netduinoplus2-all \
       $(if $(CONFIG),$(if $(filter pqsession,$(FEATURES)),examples),$(FAULT_ELFS) examples \
       selections-test mldsa-small-test)

test: deps
	@$(MAKE) --no-print-directory vectors
	@$(MAKE) --no-print-directory -j$$(nproc) build
	@$(PY) tools/run_tests.py --build $(BUILD) $(if $(CONFIG),--skip pytest) \
	    $(if $(SLOW),--slow) $(TEST_ARGS)

# make fuzz FUZZ_S=600: every libFuzzer target for FUZZ_S seconds, one after the other, from the
# corpus kept in tests/<prim>/corpus/<target>/, which it then stores back, minimized
# (tools/fuzz.py; FUZZ_ARGS="--only x25519" for some targets).
FUZZ_S ?= 600
fuzz: deps
	@$(MAKE) --no-print-directory -j$$(nproc) fuzz-bins
	@$(PY) tools/fuzz.py --build $(BUILD) --seconds $(FUZZ_S) $(FUZZ_ARGS)

bench: deps
	@$(MAKE) --no-print-directory -j$$(nproc) m4-all $(if $(CONFIG),,selections-bench mldsa-small-bench)
	@$(PY) benchmarks/run_bench.py --build $(BUILD) \
	    $(if $(CONFIG),--print-only --config $(CONFIG_NAME)) $(BENCH_ARGS)

# The small-memory ML-DSA build's benchmark firmware (make bench: impl armv7m-small, ML-DSA rows)
# and its ML-DSA test programs, on the host and the Cortex-M4 (make test: suite mldsa-small), and
# its constant-time firmware (suites ct-m4sim-mldsa-small, residue-m4sim-mldsa-small).
MLDSA_SMALL_TESTS := test_mldsa test_mldsa_vectors test_mldsa_pct
.PHONY: mldsa-small-bench mldsa-small-test
mldsa-small-bench:
	@$(MAKE) --no-print-directory MLDSA_MEMORY=small BUILD=$(BUILD)/mldsa-small \
	    $(BUILD)/mldsa-small/m4-armv7m/bench.elf
mldsa-small-test:
	@$(MAKE) --no-print-directory MLDSA_MEMORY=small BUILD=$(BUILD)/mldsa-small \
	    $(foreach t,$(MLDSA_SMALL_TESTS),$(BUILD)/mldsa-small/host-gcc/tests/mldsa/$(t) \
	        $(BUILD)/mldsa-small/m4-armv7m/tests/mldsa/$(t).elf) \
	    $(BUILD)/mldsa-small/m4-armv7m/ct/m4ct_library.elf

clean:
	rm -rf $(BUILD)

# The README's two commands on a machine that has nothing (tools/test_fresh.sh).
test-fresh:
	@tools/test_fresh.sh $(FRESH_ARGS)
