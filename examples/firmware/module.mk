# SPDX-License-Identifier: Apache-2.0 OR MIT
# examples/firmware built the way a user builds it (included by the Makefile, as every
# examples/<name>/module.mk; make examples and make build build it, make test runs it:
# tools/run_tests.py, suite examples):
#   $(BUILD)/install                         make install of every variant (the tree they consume)
#   $(BUILD)/examples/cmake-<variant>/       examples/firmware with CMake, find_package(m4crypt)
#                                            from that tree; cmake/arm-none-eabi.cmake with the
#                                            variant's float ABI picks the variant (host: no
#                                            toolchain file)
#   $(BUILD)/examples/make-<variant>/        the same with plain make and pkg-config m4crypt-<variant>
#   $(BUILD)/examples/cmake-source-armv7m-hard/     m4crypt built by CMake from this tree through
#                                            add_subdirectory(), then installed by cmake --install
#                                            into $(BUILD)/examples/cmake-install, which
#   $(BUILD)/examples/cmake-installed-armv7m-hard/  consumes with find_package
#   $(BUILD)/examples/config-mlkem768/...   the same for a library made for ML-KEM-768 alone
#                                            (configs/mlkem768.h; EXAMPLE_CONFIGS): make install
#                                            CONFIG= of armv7m-hard into $(BUILD)/config-mlkem768/
#                                            install (the selection's library, which make test
#                                            builds anyway), consumed by CMake (cmake-) and
#                                            pkg-config (make-); and CMake's own build of the
#                                            same selection (cmake-source-), made of both of
#                                            CMake's ways: M4CRYPT_CONFIG_FILE=configs/
#                                            xwing-aead.h with M4CRYPT_ENABLE_<X>=OFF for X-Wing,
#                                            X25519, ChaCha20 and Poly1305 (EXAMPLE_CMAKE_SEL_$(1)),
#                                            installed and consumed (cmake-installed-). The firmware compiles
#                                            only what the selection has; run_tests.py checks
#                                            with arm-none-eabi-nm that nothing else is in it.
# Each directory is named <how>-<variant>: run_tests.py checks that the firmware reports the
# variant it was built against. (The example's own make gets none of this make's command-line
# variables: MAKEOVERRIDES=.)

EXAMPLE_SRCS := $(wildcard examples/firmware/*)
EXAMPLE_PREFIX := $(abspath $(BUILD))/install
EXAMPLE_OUT := $(BUILD)/examples
EXAMPLE_ARM_VARIANTS := armv7m-hard armv7m-softfp armv7m-nofpu
EXAMPLE_ABI_armv7m-hard := hard
EXAMPLE_ABI_armv7m-softfp := softfp
EXAMPLE_ABI_armv7m-nofpu := soft
EXAMPLE_CMAKE := cmake --log-level=WARNING
EXAMPLE_TOOLCHAIN = -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/arm-none-eabi.cmake -DM4CRYPT_FLOAT_ABI=$(1)
CMAKE_SRCS := CMakeLists.txt $(wildcard cmake/*)

# The install tree, redone when a library, a header or a package template changes.
$(EXAMPLE_PREFIX)/.installed: $(BUILD)/m4-armv7m/libm4crypt.a $(BUILD)/m4-armv7m-softfp/libm4crypt.a \
        $(BUILD)/m4-armv7m-nofpu/libm4crypt.a $(BUILD)/host-gcc/libm4crypt.a $(INSTALL_HEADERS) \
        $(foreach c,m4-armv7m m4-armv7m-softfp m4-armv7m-nofpu,$($(c)_RNG_LIBS)) \
        $(CMAKE_SRCS) mk/install.mk examples/firmware/module.mk
	@rm -rf $(EXAMPLE_PREFIX)
	$(Q)$(MAKE) --no-print-directory install PREFIX=$(EXAMPLE_PREFIX) DESTDIR= \
	    INSTALL_VARIANTS="$(EXAMPLE_ARM_VARIANTS) host" >/dev/null
	@touch $@

# $(1) variant, $(2) executable name, $(3) cmake arguments for the machine
define EXAMPLE_BUILDS
$(EXAMPLE_OUT)/cmake-$(1)/$(2): $(EXAMPLE_PREFIX)/.installed $(EXAMPLE_SRCS)
	$$(call say,CMAKE,example,$$@)
	@rm -rf $$(@D) && mkdir -p $$(@D)
	$$(Q)$$(EXAMPLE_CMAKE) -S examples/firmware -B $$(@D) $(3) -DCMAKE_PREFIX_PATH=$$(EXAMPLE_PREFIX) \
	    > $$(@D)/build.log 2>&1 && cmake --build $$(@D) >> $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
$(EXAMPLE_OUT)/make-$(1)/$(2): $(EXAMPLE_PREFIX)/.installed $(EXAMPLE_SRCS)
	$$(call say,MAKE,example,$$@)
	$$(Q)$$(MAKE) --no-print-directory -s -C examples/firmware MAKEOVERRIDES= VARIANT=$(1) \
	    OUT=$$(abspath $$(@D)) PKG_CONFIG_PATH=$$(EXAMPLE_PREFIX)/lib/pkgconfig
EXAMPLE_BINS += $(EXAMPLE_OUT)/cmake-$(1)/$(2) $(EXAMPLE_OUT)/make-$(1)/$(2)
endef
# The Cortex-M builds also link the firmware with m4crypt's STM32F4 RNG module instead of the
# board's stand-in (CMake: firmware_rng_stm32f4.elf beside firmware.elf; make: RNG=stm32f4): a
# link check (QEMU's mps2-an386 has no RNG), run_tests.py looks for the driver's symbol.
define EXAMPLE_RNG_BUILD
$(EXAMPLE_OUT)/make-$(1)/firmware-rng-stm32f4.elf: $(EXAMPLE_PREFIX)/.installed $(EXAMPLE_SRCS)
	$$(call say,MAKE,example,$$@)
	$$(Q)$$(MAKE) --no-print-directory -s -C examples/firmware MAKEOVERRIDES= VARIANT=$(1) \
	    RNG=stm32f4 OUT=$$(abspath $$(@D)) PKG_CONFIG_PATH=$$(EXAMPLE_PREFIX)/lib/pkgconfig
EXAMPLE_BINS += $(EXAMPLE_OUT)/make-$(1)/firmware-rng-stm32f4.elf
endef
EXAMPLE_BINS :=
$(foreach v,$(EXAMPLE_ARM_VARIANTS),$(eval $(call EXAMPLE_BUILDS,$(v),firmware.elf,\
    $(call EXAMPLE_TOOLCHAIN,$(EXAMPLE_ABI_$(v))))))
$(foreach v,$(EXAMPLE_ARM_VARIANTS),$(eval $(call EXAMPLE_RNG_BUILD,$(v))))
$(eval $(call EXAMPLE_BUILDS,host,firmware,))

# m4crypt from source through add_subdirectory (the CMake build of the library), its cmake
# --install tree, and find_package from that tree.
EXAMPLE_CMAKE_INSTALL := $(abspath $(EXAMPLE_OUT))/cmake-install
$(EXAMPLE_OUT)/cmake-source-armv7m-hard/firmware.elf: $(EXAMPLE_SRCS) $(CMAKE_SRCS) \
        $(LIB_SRCS) $(MLKEM_PERSET_SRCS) $(ARMV7M_SRCS) $(INSTALL_HEADERS) \
        $(wildcard src/*/*.h src/*/module.mk src/*/armv7m/*.h src/*/armv7m/*.i)
	$(call say,CMAKE,example,$@)
	@rm -rf $(@D) $(EXAMPLE_CMAKE_INSTALL) && mkdir -p $(@D)
	$(Q)$(EXAMPLE_CMAKE) -S examples/firmware -B $(@D) $(call EXAMPLE_TOOLCHAIN,hard) \
	    -DM4CRYPT_SOURCE_DIR=$(CURDIR) -DM4CRYPT_INSTALL=ON -DM4CRYPT_WARNINGS_AS_ERRORS=ON \
	    > $(@D)/build.log 2>&1 && cmake --build $(@D) >> $(@D)/build.log 2>&1 && \
	    cmake --install $(@D) --prefix $(EXAMPLE_CMAKE_INSTALL) >> $(@D)/build.log 2>&1 \
	    || { cat $(@D)/build.log; exit 1; }
$(EXAMPLE_OUT)/cmake-installed-armv7m-hard/firmware.elf: \
        $(EXAMPLE_OUT)/cmake-source-armv7m-hard/firmware.elf
	$(call say,CMAKE,example,$@)
	@rm -rf $(@D) && mkdir -p $(@D)
	$(Q)$(EXAMPLE_CMAKE) -S examples/firmware -B $(@D) $(call EXAMPLE_TOOLCHAIN,hard) \
	    -DCMAKE_PREFIX_PATH=$(EXAMPLE_CMAKE_INSTALL) > $(@D)/build.log 2>&1 && \
	    cmake --build $(@D) >> $(@D)/build.log 2>&1 || { cat $(@D)/build.log; exit 1; }
EXAMPLE_BINS += $(EXAMPLE_OUT)/cmake-source-armv7m-hard/firmware.elf \
                $(EXAMPLE_OUT)/cmake-installed-armv7m-hard/firmware.elf

# The example against a reduced library (the default configuration's make only).
ifeq ($(CONFIG),)
EXAMPLE_CONFIGS := mlkem768
EXAMPLE_CMAKE_SEL_mlkem768 := -DM4CRYPT_CONFIG_FILE=$(CURDIR)/configs/xwing-aead.h \
    -DM4CRYPT_ENABLE_XWING=OFF -DM4CRYPT_ENABLE_X25519=OFF -DM4CRYPT_ENABLE_CHACHA20=OFF \
    -DM4CRYPT_ENABLE_POLY1305=OFF
# $(1) selection (configs/$(1).h, one of SELECTIONS)
define EXAMPLE_CONFIG_BUILDS
EXAMPLE_CFG_PREFIX_$(1) := $$(abspath $$(BUILD))/config-$(1)/install
EXAMPLE_CFG_OUT_$(1) := $$(EXAMPLE_OUT)/config-$(1)
# (after selection-test-$(1), the make that builds the same library: never two at once)
$$(EXAMPLE_CFG_PREFIX_$(1))/.installed: configs/$(1).h $$(LIB_SRCS) $$(MLKEM_PERSET_SRCS) \
        $$(ARMV7M_SRCS) $$(INSTALL_HEADERS) $$(CMAKE_SRCS) mk/install.mk examples/firmware/module.mk \
        $$(wildcard src/*/*.h src/*/module.mk src/*/armv7m/*.h src/*/armv7m/*.i) \
        | selection-test-$(1)
	@rm -rf $$(EXAMPLE_CFG_PREFIX_$(1))
	$$(Q)$$(MAKE) --no-print-directory CONFIG=configs/$(1).h BUILD=$$(BUILD)/config-$(1) \
	    install-armv7m-hard PREFIX=$$(EXAMPLE_CFG_PREFIX_$(1)) DESTDIR= >/dev/null
	@touch $$@
$$(EXAMPLE_CFG_OUT_$(1))/cmake-armv7m-hard/firmware.elf: $$(EXAMPLE_CFG_PREFIX_$(1))/.installed \
        $$(EXAMPLE_SRCS)
	$$(call say,CMAKE,example,$$@)
	@rm -rf $$(@D) && mkdir -p $$(@D)
	$$(Q)$$(EXAMPLE_CMAKE) -S examples/firmware -B $$(@D) $$(call EXAMPLE_TOOLCHAIN,hard) \
	    -DCMAKE_PREFIX_PATH=$$(EXAMPLE_CFG_PREFIX_$(1)) > $$(@D)/build.log 2>&1 && \
	    cmake --build $$(@D) >> $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
$$(EXAMPLE_CFG_OUT_$(1))/make-armv7m-hard/firmware.elf: $$(EXAMPLE_CFG_PREFIX_$(1))/.installed \
        $$(EXAMPLE_SRCS)
	$$(call say,MAKE,example,$$@)
	$$(Q)$$(MAKE) --no-print-directory -s -C examples/firmware MAKEOVERRIDES= VARIANT=armv7m-hard \
	    OUT=$$(abspath $$(@D)) PKG_CONFIG_PATH=$$(EXAMPLE_CFG_PREFIX_$(1))/lib/pkgconfig
$$(EXAMPLE_CFG_OUT_$(1))/cmake-source-armv7m-hard/firmware.elf: configs/$(1).h configs/xwing-aead.h \
        $$(EXAMPLE_SRCS) \
        $$(CMAKE_SRCS) $$(LIB_SRCS) $$(MLKEM_PERSET_SRCS) $$(ARMV7M_SRCS) $$(INSTALL_HEADERS) \
        $$(wildcard src/*/*.h src/*/module.mk src/*/armv7m/*.h src/*/armv7m/*.i)
	$$(call say,CMAKE,example,$$@)
	@rm -rf $$(@D) $$(EXAMPLE_CFG_OUT_$(1))/cmake-install && mkdir -p $$(@D)
	$$(Q)$$(EXAMPLE_CMAKE) -S examples/firmware -B $$(@D) $$(call EXAMPLE_TOOLCHAIN,hard) \
	    -DM4CRYPT_SOURCE_DIR=$$(CURDIR) -DM4CRYPT_INSTALL=ON -DM4CRYPT_WARNINGS_AS_ERRORS=ON \
	    $$(EXAMPLE_CMAKE_SEL_$(1)) > $$(@D)/build.log 2>&1 && \
	    cmake --build $$(@D) >> $$(@D)/build.log 2>&1 && \
	    cmake --install $$(@D) --prefix $$(abspath $$(EXAMPLE_CFG_OUT_$(1)))/cmake-install \
	    >> $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
$$(EXAMPLE_CFG_OUT_$(1))/cmake-installed-armv7m-hard/firmware.elf: \
        $$(EXAMPLE_CFG_OUT_$(1))/cmake-source-armv7m-hard/firmware.elf
	$$(call say,CMAKE,example,$$@)
	@rm -rf $$(@D) && mkdir -p $$(@D)
	$$(Q)$$(EXAMPLE_CMAKE) -S examples/firmware -B $$(@D) $$(call EXAMPLE_TOOLCHAIN,hard) \
	    -DCMAKE_PREFIX_PATH=$$(abspath $$(EXAMPLE_CFG_OUT_$(1)))/cmake-install > $$(@D)/build.log 2>&1 && \
	    cmake --build $$(@D) >> $$(@D)/build.log 2>&1 || { cat $$(@D)/build.log; exit 1; }
EXAMPLE_BINS += $$(foreach h,cmake make cmake-source cmake-installed,\
    $$(EXAMPLE_CFG_OUT_$(1))/$$(h)-armv7m-hard/firmware.elf)
endef
$(foreach s,$(EXAMPLE_CONFIGS),$(eval $(call EXAMPLE_CONFIG_BUILDS,$(s))))
endif

EXAMPLES += $(EXAMPLE_BINS)
