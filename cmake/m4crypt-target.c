/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Compiled (never linked or run) by m4crypt-target.cmake with the C compiler and flags of a CMake
 * build, to learn which m4crypt variant that code links with: its float ABI (hard: floating-point
 * arguments in FPU registers; softfp: an FPU, core-register arguments; soft: no FPU) and whether
 * it targets an M-profile core with the DSP extension (what the armv7m backends need: Cortex-M4,
 * M7, M33 with DSP). The answer is the string below, read back from the object file.
 */
#if defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#if defined(__ARM_PCS_VFP)
#define M4CRYPT_TARGET_ABI "hard"
#elif defined(__ARM_FP)
#define M4CRYPT_TARGET_ABI "softfp"
#else
#define M4CRYPT_TARGET_ABI "soft"
#endif
#if defined(__ARM_FEATURE_DSP) && defined(__thumb2__)
#define M4CRYPT_TARGET_DSP "dsp"
#else
#define M4CRYPT_TARGET_DSP "nodsp"
#endif
#elif defined(__arm__)
#define M4CRYPT_TARGET_ABI "arm-not-m-profile"
#define M4CRYPT_TARGET_DSP "nodsp"
#else
#define M4CRYPT_TARGET_ABI "host"
#define M4CRYPT_TARGET_DSP "nodsp"
#endif

const char m4crypt_target_info[] = "M4CRYPT_TARGET<" M4CRYPT_TARGET_ABI "," M4CRYPT_TARGET_DSP ">";
