# SPDX-License-Identifier: Apache-2.0 OR MIT
# CMake toolchain file for bare-metal Arm Cortex-M with the GNU Arm Embedded toolchain
# (arm-none-eabi-gcc), for m4crypt itself and for firmware that uses it (examples/firmware):
#
#   cmake -S . -B build-m4 -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
#         [-DM4CRYPT_FLOAT_ABI=hard|softfp|soft] [-DM4CRYPT_CPU=cortex-m4] [-DM4CRYPT_FPU=fpv4-sp-d16]
#
#   M4CRYPT_CPU        -mcpu (default cortex-m4)
#   M4CRYPT_FLOAT_ABI  hard (default: FPU registers for floating-point arguments), softfp (FPU,
#                      core-register arguments), soft (no FPU: a Cortex-M4 without FPU)
#   M4CRYPT_FPU        -mfpu for hard and softfp (default fpv4-sp-d16, the Cortex-M4F's FPv4-SP)
#   ARM_NONE_EABI_PREFIX  the compiler prefix, e.g. /opt/gcc-arm/bin/arm-none-eabi- (default:
#                      arm-none-eabi- from PATH)
# The flags go to CMAKE_C_FLAGS / CMAKE_ASM_FLAGS / CMAKE_EXE_LINKER_FLAGS (the whole build uses
# one float ABI; m4crypt's installed packages are chosen by them). Test programs of CMake's own
# checks are built as static libraries (no startup code or linker script needed).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(M4CRYPT_CPU "cortex-m4" CACHE STRING "-mcpu of the Cortex-M target")
set(M4CRYPT_FLOAT_ABI "hard" CACHE STRING "float ABI: hard, softfp or soft")
set(M4CRYPT_FPU "fpv4-sp-d16" CACHE STRING "-mfpu for the hard and softfp float ABIs")
set(ARM_NONE_EABI_PREFIX "arm-none-eabi-" CACHE STRING "compiler prefix (path and triplet)")
set_property(CACHE M4CRYPT_FLOAT_ABI PROPERTY STRINGS hard softfp soft)
# try_compile projects re-read this file: hand them the choices
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES M4CRYPT_CPU M4CRYPT_FLOAT_ABI M4CRYPT_FPU
     ARM_NONE_EABI_PREFIX)

set(CMAKE_C_COMPILER "${ARM_NONE_EABI_PREFIX}gcc")
set(CMAKE_CXX_COMPILER "${ARM_NONE_EABI_PREFIX}g++")
set(CMAKE_ASM_COMPILER "${ARM_NONE_EABI_PREFIX}gcc")
set(CMAKE_AR "${ARM_NONE_EABI_PREFIX}ar" CACHE FILEPATH "archiver")
set(CMAKE_RANLIB "${ARM_NONE_EABI_PREFIX}ranlib" CACHE FILEPATH "ranlib")
set(CMAKE_OBJCOPY "${ARM_NONE_EABI_PREFIX}objcopy" CACHE FILEPATH "objcopy")
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

if(M4CRYPT_FLOAT_ABI STREQUAL "hard" OR M4CRYPT_FLOAT_ABI STREQUAL "softfp")
  set(_m4crypt_machine "-mcpu=${M4CRYPT_CPU} -mthumb -mfloat-abi=${M4CRYPT_FLOAT_ABI} -mfpu=${M4CRYPT_FPU}")
elseif(M4CRYPT_FLOAT_ABI STREQUAL "soft")
  set(_m4crypt_machine "-mcpu=${M4CRYPT_CPU} -mthumb -mfloat-abi=soft")
else()
  message(FATAL_ERROR "M4CRYPT_FLOAT_ABI must be hard, softfp or soft (not '${M4CRYPT_FLOAT_ABI}')")
endif()
set(CMAKE_C_FLAGS_INIT "${_m4crypt_machine}")
set(CMAKE_CXX_FLAGS_INIT "${_m4crypt_machine}")
set(CMAKE_ASM_FLAGS_INIT "${_m4crypt_machine}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${_m4crypt_machine}")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
