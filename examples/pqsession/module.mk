# SPDX-License-Identifier: Apache-2.0 OR MIT
# examples/pqsession (included by the Makefile; README.md in this directory):
#   $(BUILD)/m4-armv7m/examples/pqsession/pqsession_device.elf   firmware for QEMU mps2-an386
#   $(BUILD)/host-gcc/examples/pqsession/pqsession_host         the host program
# Both compile the same pqsession.c; the firmware links the mps2-an386 startup and semihosting
# console (platform/mps2-an386), the host program only libm4crypt.a. `make examples` builds
# them (so does `make build`); tools/run_tests.py runs the sessions (suite pqsession).

PQS_DIR := examples/pqsession
PQS_HEADERS := $(wildcard $(PQS_DIR)/*.h)
PQS_DEVICE := $(BUILD)/m4-armv7m/examples/pqsession/pqsession_device.elf
PQS_HOST := $(BUILD)/host-gcc/examples/pqsession/pqsession_host
PQS_DEVICE_SRCS := $(PQS_DIR)/device.c $(PQS_DIR)/pqsession.c $(PQS_DIR)/uart_cmsdk.c
PQS_HOST_SRCS := $(PQS_DIR)/host.c $(PQS_DIR)/pqsession.c

$(PQS_DEVICE): $(PQS_DEVICE_SRCS) $(PQS_HEADERS) $(m4-armv7m_PLAT_OBJS) $(m4-armv7m_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,m4-armv7m,$@)
	$(Q)$(m4-armv7m_CC) $(m4-armv7m_ALL_CFLAGS) -I$(PQS_DIR) $(PQS_DEVICE_SRCS) \
	    $(m4-armv7m_PLAT_OBJS) $(m4-armv7m_LIB) $(m4-armv7m_LDFLAGS) -Wl,-Map=$(@:.elf=.map) -o $@

$(PQS_HOST): $(PQS_HOST_SRCS) $(PQS_HEADERS) $(host-gcc_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,host-gcc,$@)
	$(Q)gcc $(host-gcc_ALL_CFLAGS) -I$(PQS_DIR) $(PQS_HOST_SRCS) $(host-gcc_LIB) -o $@

EXAMPLES += $(PQS_DEVICE) $(PQS_HOST)

# The test programs that compile pqsession.c into themselves (tests/pqsession/*.c include it):
# the generic fuzz and valgrind rules do not track included files, so name them here.
$(BUILD)/host-fuzz/fuzz/pqsession/fuzz_pqsession_recv: $(PQS_DIR)/pqsession.c $(PQS_HEADERS)
$(BUILD)/host-gcc/ct/pqsession/ct_pqsession: $(PQS_DIR)/pqsession.c $(PQS_HEADERS)
