# SPDX-License-Identifier: Apache-2.0 OR MIT
# make install (included by the Makefile). docs/integration.md describes the result.
#
#   make install PREFIX=DIR [DESTDIR=...] [INSTALL_VARIANTS="armv7m-hard host"]
#   make install-<variant> PREFIX=DIR            one variant (and the headers)
#   make uninstall PREFIX=DIR                    removes what install writes
#   make install PREFIX=DIR CONFIG=configs/mlkem768.h   libraries of that selection
#       (docs/configuration.md): the header goes to lib/m4crypt/<variant>/include/
#       m4crypt_user_config.h, and the pkg-config Cflags and the CMake target m4crypt::m4crypt
#       name it (-DM4CRYPT_CONFIG_FILE="m4crypt_user_config.h"), so the firmware is compiled
#       with the selection the library was built with
#
# Variants (each built from the configuration of the same flags, build/<config>/libm4crypt.a):
#   armv7m-hard    m4-armv7m         the armv7m assembly backends, -mfloat-abi=hard (Cortex-M4F)
#   armv7m-softfp  m4-armv7m-softfp  the same with -mfloat-abi=softfp
#   armv7m-nofpu   m4-armv7m-nofpu   for a Cortex-M4 without FPU, -mfloat-abi=soft (integer-only
#                                    backends, src/common/armv7m/fpu_scratch.h)
#   host           host-gcc          portable C, gcc -O2 -fPIC
# Layout (one prefix holds every variant; everything is relative to the prefix, so the tree can be
# moved or packed):
#   PREFIX/include/m4crypt.h, PREFIX/include/m4crypt/... (with nistapi/ml-kem-<set>/api.h)
#   PREFIX/lib/m4crypt/<variant>/libm4crypt.a, and for the Cortex-M variants the STM32 RNG
#       modules libm4crypt_rng_<part>.a (src/rng/module.mk, docs/rng.md)
#   PREFIX/lib/pkgconfig/m4crypt-<variant>.pc, m4crypt-<variant>-rng-<part>.pc
#   PREFIX/lib/cmake/m4crypt-<variant>/m4crypt-config.cmake, m4crypt-config-version.cmake,
#       m4crypt-targets.cmake, m4crypt-target.cmake, m4crypt-target.c
#   PREFIX/share/doc/m4crypt/  README.md, docs/integration.md, docs/rng.md, the licences
# find_package(m4crypt) with PREFIX in CMAKE_PREFIX_PATH takes the variant that matches the
# consumer's compiler flags (m4crypt-config-version.cmake), or the one M4CRYPT_VARIANT names.

PREFIX ?= /usr/local
INSTALL_VARIANTS ?= armv7m-hard armv7m-softfp armv7m-nofpu host
INSTALL ?= install
version_part = $(shell sed -n 's/^\#define M4CRYPT_VERSION_$(1) \([0-9][0-9]*\)$$/\1/p' include/m4crypt/version.h)
M4CRYPT_VERSION_MAJOR := $(call version_part,MAJOR)
M4CRYPT_VERSION_MINOR := $(call version_part,MINOR)
M4CRYPT_VERSION := $(M4CRYPT_VERSION_MAJOR).$(M4CRYPT_VERSION_MINOR).$(call version_part,PATCH)
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
INSTALL_HEADERS := $(shell find include -name '*.h' | sort)
ALL_VARIANTS := armv7m-hard armv7m-softfp armv7m-nofpu host
# The configuration (CONFIG=) in the package files; $${libdir} is pkg-config's variable.
INSTALL_CONFIG_SUBST = -e 's|@M4CRYPT_CONFIG_CFLAGS@|$(if $(CONFIG), -I$${libdir}/include -DM4CRYPT_CONFIG_FILE=\\"m4crypt_user_config.h\\")|g' \
    -e 's|@M4CRYPT_CONFIG_INSTALLED@|$(if $(CONFIG),1,0)|g'

# $(1) variant, $(2) configuration, $(3) backend, $(4) float ABI, $(5) machine flags,
# $(6) pointer size, $(7) description
define INSTALL_VARIANT
install_subst_$(1) := -e 's|@M4CRYPT_VERSION@|$$(M4CRYPT_VERSION)|g' \
    -e 's|@M4CRYPT_VERSION_MAJOR@|$$(M4CRYPT_VERSION_MAJOR)|g' \
    -e 's|@M4CRYPT_VERSION_MINOR@|$$(M4CRYPT_VERSION_MINOR)|g' \
    -e 's|@M4CRYPT_VARIANT@|$(1)|g' -e 's|@M4CRYPT_BACKEND@|$(3)|g' \
    -e 's|@M4CRYPT_FLOAT_ABI@|$(4)|g' -e 's|@M4CRYPT_NEEDS_DSP@|$(if $(filter armv7m,$(3)),1,0)|g' \
    -e 's|@M4CRYPT_SIZEOF_VOID_P@|$(6)|g' -e 's|@M4CRYPT_TARGET_CFLAGS@|$(5)|g' \
    -e 's|@M4CRYPT_TARGET_FLAGS@|$(subst $(space),;,$(5))|g' -e 's|@M4CRYPT_DESCRIPTION@|$(7)|g' \
    -e 's|@M4CRYPT_RNG_PARTS@|$(subst $(space),;,$(strip $($(2)_RNG_PARTS)))|g'
.PHONY: install-$(1) uninstall-$(1)
install-$(1): $$(BUILD)/$(2)/libm4crypt.a $$($(2)_RNG_LIBS) install-headers
	@echo "  INSTALL $(1) -> $$(INSTALL_ROOT)"
	$$(Q)$$(INSTALL) -d $$(INSTALL_ROOT)/lib/m4crypt/$(1) $$(INSTALL_ROOT)/lib/pkgconfig \
	    $$(INSTALL_ROOT)/lib/cmake/m4crypt-$(1)
	$$(Q)$$(INSTALL) -m 644 $$(BUILD)/$(2)/libm4crypt.a $$($(2)_RNG_LIBS) $$(INSTALL_ROOT)/lib/m4crypt/$(1)/
	$$(Q)rm -rf $$(INSTALL_ROOT)/lib/m4crypt/$(1)/include
	$$(Q)$$(if $$(CONFIG),$$(INSTALL) -D -m 644 $$(CONFIG_FILE) \
	    $$(INSTALL_ROOT)/lib/m4crypt/$(1)/include/m4crypt_user_config.h)
	$$(Q)sed $$(install_subst_$(1)) $$(INSTALL_CONFIG_SUBST) cmake/m4crypt.pc.in \
	    > $$(INSTALL_ROOT)/lib/pkgconfig/m4crypt-$(1).pc
	$$(Q)for p in $$($(2)_RNG_PARTS); do \
	    sed $$(install_subst_$(1)) $$(INSTALL_CONFIG_SUBST) -e "s|@M4CRYPT_RNG_PART@|$$$$p|g" cmake/m4crypt-rng.pc.in \
	        > $$(INSTALL_ROOT)/lib/pkgconfig/m4crypt-$(1)-rng-$$$$p.pc || exit 1; \
	done
	$$(Q)for f in m4crypt-config.cmake m4crypt-config-version.cmake m4crypt-targets.cmake; do \
	    sed $$(install_subst_$(1)) $$(INSTALL_CONFIG_SUBST) cmake/$$$$f.in \
	        > $$(INSTALL_ROOT)/lib/cmake/m4crypt-$(1)/$$$$f || exit 1; \
	done
	$$(Q)$$(INSTALL) -m 644 cmake/m4crypt-target.cmake cmake/m4crypt-target.c \
	    $$(INSTALL_ROOT)/lib/cmake/m4crypt-$(1)/
uninstall-$(1):
	rm -rf $$(INSTALL_ROOT)/lib/m4crypt/$(1) $$(INSTALL_ROOT)/lib/cmake/m4crypt-$(1)
	rm -f $$(INSTALL_ROOT)/lib/pkgconfig/m4crypt-$(1).pc $$(INSTALL_ROOT)/lib/pkgconfig/m4crypt-$(1)-rng-*.pc
endef

space := $(subst ,, )
comma := ,
HOST_SIZEOF_POINTER := $(shell echo __SIZEOF_POINTER__ | gcc -E -P - 2>/dev/null | tr -d ' ')
DESC_armv7m-hard := armv7m assembly backends for a Cortex-M4F, -mfloat-abi=hard
DESC_armv7m-softfp := armv7m assembly backends for a Cortex-M4F, -mfloat-abi=softfp
DESC_armv7m-nofpu := armv7m assembly backends for a Cortex-M4 without FPU, -mfloat-abi=soft
DESC_host := portable C for the host
$(eval $(call INSTALL_VARIANT,armv7m-hard,m4-armv7m,armv7m,hard,$(M4_FLAGS),4,$$(DESC_armv7m-hard)))
$(eval $(call INSTALL_VARIANT,armv7m-softfp,m4-armv7m-softfp,armv7m,softfp,$(M4_SOFTFP_FLAGS),4,$$(DESC_armv7m-softfp)))
$(eval $(call INSTALL_VARIANT,armv7m-nofpu,m4-armv7m-nofpu,armv7m,soft,$(M4_NOFPU_FLAGS),4,$$(DESC_armv7m-nofpu)))
$(eval $(call INSTALL_VARIANT,host,host-gcc,portable,host,,$(HOST_SIZEOF_POINTER),$$(DESC_host)))

.PHONY: install install-headers uninstall
install: $(addprefix install-,$(INSTALL_VARIANTS))
	@echo "m4crypt $(M4CRYPT_VERSION) installed in $(INSTALL_ROOT): $(INSTALL_VARIANTS)"

install-headers:
	$(Q)for h in $(INSTALL_HEADERS); do \
	    $(INSTALL) -D -m 644 $$h $(INSTALL_ROOT)/$$h || exit 1; done
	$(Q)$(INSTALL) -d $(INSTALL_ROOT)/share/doc/m4crypt
	$(Q)$(INSTALL) -m 644 README.md docs/integration.md docs/rng.md LICENSE-APACHE LICENSE-MIT \
	    $(INSTALL_ROOT)/share/doc/m4crypt/

uninstall: $(addprefix uninstall-,$(ALL_VARIANTS))
	rm -f $(INSTALL_ROOT)/include/m4crypt.h
	rm -rf $(INSTALL_ROOT)/include/m4crypt $(INSTALL_ROOT)/share/doc/m4crypt
	-rmdir $(INSTALL_ROOT)/lib/m4crypt 2>/dev/null
