/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The backend contract: how architecture-specific code replaces portable code, the same way for
 * every primitive (docs/DEVELOPING.md, "Assembly backends"). Included first by each selection
 * header.
 *
 * 1. Portable C is the reference and is always built: every replaceable function m4crypt_<fn> is
 *    compiled as m4crypt_<fn>_c in every configuration (the twin tests call both).
 * 2. A backend is a folder src/<prim>/<arch>/ (today only armv7m: ARMv7E-M, the Cortex-M4). Its
 *    backend.h declares each function it provides, suffix _<arch>, and defines
 *    M4CRYPT_<PRIM>_HAVE_<FN> 1 for it (plus the representation flags of point 4); nothing else.
 * 3. One selection header per primitive, src/<prim>/backend.h (src/common: common_internal.h,
 *    which the whole library includes for its wiping helpers; how the other internal headers are
 *    named: docs/DEVELOPING.md, "Internal headers"), includes this file, then the backend's
 *    backend.h with a plain #include when the build defines M4CRYPT_ARCH_<ARCH>
 *    (M4CRYPT_ARCH_ARMV7M: the -armv7m configurations; no __has_include, so a wrong path is an
 *    error, not a silent fallback), and maps the name the code calls to the implementation in use:
 *        #ifdef M4CRYPT_<PRIM>_HAVE_<FN>
 *        #define m4crypt_<fn> m4crypt_<fn>_<arch>
 *        #else
 *        #define m4crypt_<fn> m4crypt_<fn>_c
 *        #endif
 *    The code calls m4crypt_<fn> only.
 * 4. A backend that keeps data in another representation says so with one flag, and the
 *    selection header stops with #error unless the backend brings every function that
 *    representation needs:
 *      M4CRYPT_FIPS202_INTERLEAVED     the sponge state bit-interleaved (fips202/armv7m/backend.h):
 *                                      needs the permutation and the lane conversion on it.
 *      M4CRYPT_X25519_HAVE_SCALARMULT  the field as 8 words mod 2^256 - 38 (x25519/armv7m/
 *                                      backend.h): the backend replaces the whole scalar
 *                                      multiplication, and the Edwards-curve code and Ristretto255
 *                                      run on its field (x25519/fe_select.h).
 * 5. Where the replaceable function is itself public (m4crypt_memzero, m4crypt_verify), the
 *    backend's assembly carries the public name as a second label of the same code (no extra
 *    call), and the portable file leaves its definition of the public name out under
 *    M4CRYPT_<PRIM>_HAVE_<FN> (common.c). Where the public function keeps a standard layout that
 *    the backend does not (m4crypt_keccakf1600), the code calls an internal name for the one on
 *    the backend's layout (m4crypt_keccak_permute -> m4crypt_keccakf1600_armv7m or _c) and the
 *    public function converts.
 */
#ifndef M4CRYPT_COMMON_BACKEND_CONTRACT_H
#define M4CRYPT_COMMON_BACKEND_CONTRACT_H

#if defined(M4CRYPT_ARCH_ARMV7M) && !defined(__ARM_ARCH_7EM__)
#error "M4CRYPT_ARCH_ARMV7M: the armv7m backends need an ARMv7E-M target (e.g. -mcpu=cortex-m4)"
#endif

#endif
