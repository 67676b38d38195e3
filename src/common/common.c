/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The version, error strings, the randombytes hook, wiping and constant-time comparison. */
#include "common/backend.h"

const char *m4crypt_version(void)
{
    return M4CRYPT_VERSION_STRING;
}

const char *m4crypt_strerror(int code)
{
    switch (code) {
    case M4CRYPT_OK: return "success";
    case M4CRYPT_ERR_LENGTH: return "wrong buffer length";
    case M4CRYPT_ERR_PUBLIC_KEY: return "public key fails the FIPS 203 modulus check";
    case M4CRYPT_ERR_SECRET_KEY: return "malformed secret key (FIPS 203 hash check, FIPS 204 range)";
    case M4CRYPT_ERR_AUTH: return "authentication failed";
    case M4CRYPT_ERR_ZERO_SHARED: return "all-zero shared secret (low-order point)";
    case M4CRYPT_ERR_RANDOM: return "random number generator failed";
    case M4CRYPT_ERR_PARAM: return "invalid parameter";
    case M4CRYPT_ERR_SIGNATURE: return "signature does not verify";
    case M4CRYPT_ERR_SELFTEST: return "self-test failed";
    default: return "unknown error";
    }
}

static m4crypt_randombytes_fn user_rng;
static void *user_rng_ctx;

void m4crypt_set_randombytes(m4crypt_randombytes_fn fn, void *ctx)
{
    user_rng = fn;
    user_rng_ctx = ctx;
}

/* m4crypt_platform_randombytes is deliberately not defined in the library's common code: the host
 * library gets src/rng/getrandom.c, firmware links an RNG module or defines it (docs/rng.md), and
 * firmware that does neither fails to link with an undefined reference naming it. */
int m4crypt_randombytes(uint8_t *out, size_t len)
{
    int r = user_rng ? user_rng(user_rng_ctx, out, len) : m4crypt_platform_randombytes(out, len);
    if (r != 0) {
        m4crypt_memzero(out, len);
        return M4CRYPT_ERR_RANDOM;
    }
    return M4CRYPT_OK;
}

void m4crypt_memzero_c(void *p, size_t len)
{
    volatile uint8_t *v = (volatile uint8_t *)p;
    __asm__ volatile("" : : "r"(p) : "memory"); /* earlier stores to p happen before */
    /* Bytes up to a word boundary, whole words, the remaining bytes (a byte loop costs ~7
     * cycles per byte on the Cortex-M4, word stores about a quarter of that). */
    while (len > 0 && ((uintptr_t)v & 3) != 0) {
        *v++ = 0;
        len--;
    }
    volatile uint32_t *w = (volatile uint32_t *)(uintptr_t)v;
    for (; len >= 16; len -= 16, w += 4) /* four stores per loop test */
        w[0] = 0, w[1] = 0, w[2] = 0, w[3] = 0;
    for (; len >= 4; len -= 4)
        *w++ = 0;
    v = (volatile uint8_t *)(uintptr_t)w;
    while (len > 0) {
        *v++ = 0;
        len--;
    }
    /* The barrier tells the compiler the zeroed memory may be read, so the stores stay. */
    __asm__ volatile("" : : "r"(p) : "memory");
}

int m4crypt_verify_c(const uint8_t *a, const uint8_t *b, size_t len)
{
    uint32_t diff = 0;
    for (size_t i = 0; i < len; i++)
        diff |= (uint32_t)(a[i] ^ b[i]);
    /* diff in 0..255: (diff - 1) >> 31 is 1 iff diff == 0. */
    return (int)((1 & ((diff - 1) >> 31)) - 1);
}

/* __builtin_alloca places the zeroed area right below this function's frame, which is right
 * below the caller's stack pointer (two saved registers, 8 bytes, in between): the area the
 * caller's callees used. Volatile word stores, sixteen per loop test (about 1.3 cycles per word
 * on the Cortex-M4, as the assembly m4crypt_memzero), cannot be removed; the length is rounded
 * up to 8 bytes, as alloca rounds it. */
__attribute__((noinline)) void m4crypt_stack_wipe(size_t len, uintptr_t zero1, uintptr_t zero2,
                                                  uintptr_t zero3)
{
    (void)zero1, (void)zero2, (void)zero3;
    size_t n = ((len + 7) & ~(size_t)7) / 4;
    volatile uint32_t *w = __builtin_alloca(4 * n);
    for (; n >= 16; n -= 16, w += 16) {
        w[0] = 0, w[1] = 0, w[2] = 0, w[3] = 0, w[4] = 0, w[5] = 0, w[6] = 0, w[7] = 0;
        w[8] = 0, w[9] = 0, w[10] = 0, w[11] = 0, w[12] = 0, w[13] = 0, w[14] = 0, w[15] = 0;
    }
    for (; n > 0; n -= 2, w += 2)
        w[0] = 0, w[1] = 0;
    __asm__ volatile("" : : "r"(w) : "memory");
}

/* The public names: the backend's assembly carries them itself (common/armv7m/common.S), else
 * the portable versions. */
#ifndef M4CRYPT_COMMON_HAVE_MEMZERO
void m4crypt_memzero(void *p, size_t len)
{
    m4crypt_memzero_c(p, len);
}
#endif

#ifndef M4CRYPT_COMMON_HAVE_VERIFY
int m4crypt_verify(const uint8_t *a, const uint8_t *b, size_t len)
{
    return m4crypt_verify_c(a, b, len);
}
#endif
