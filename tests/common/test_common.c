/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Tests of src/common: constant-time compare, wiping, error strings, the randombytes hook.
 * On an Arm M-profile core it first prints the core it runs on (from CPUID), which
 * tools/run_tests.py checks where the M4 build runs on other cores (QEMU mps2-an500, mps2-an505). */
#include <string.h>

#include "harness.h"
#include "m4crypt/common.h"

static int calls;
static int fixed_rng(void *ctx, uint8_t *out, size_t len)
{
    calls++;
    memset(out, *(const uint8_t *)ctx, len);
    return 0;
}
static int failing_rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    memset(out, 0xaa, len);
    return -1;
}

/* Writes v (0 <= v < 1000) in decimal, returns the number of digits. */
static size_t put_decimal(char *out, int v)
{
    size_t n = 0;
    if (v >= 100)
        out[n++] = (char)('0' + v / 100);
    if (v >= 10)
        out[n++] = (char)('0' + v / 10 % 10);
    out[n++] = (char)('0' + v % 10);
    return n;
}

#if defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
/* CPUID (Armv7-M ARM B3.2.3, Armv8-M ARM D1.2.x): implementer [31:24], variant [23:20],
 * part number [15:4] (Arm: 0xc24 Cortex-M4, 0xc27 Cortex-M7, 0xd21 Cortex-M33), revision [3:0]. */
static void print_cpu(void)
{
    const uint32_t cpuid = *(volatile const uint32_t *)0xE000ED00u;
    const unsigned part = (cpuid >> 4) & 0xfff;
    const char *name = part == 0xc24 ? "Cortex-M4" : part == 0xc27 ? "Cortex-M7"
                       : part == 0xd21 ? "Cortex-M33" : "unknown core";
    t_printf("cpu: %s r%up%u (CPUID 0x%08lx)\n", name, (unsigned)(cpuid >> 20) & 15,
             (unsigned)cpuid & 15, (unsigned long)cpuid);
}
#endif

int main(int argc, char **argv)
{
    t_init(argc, argv);
#if defined(__arm__) && defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
    print_cpu();
#endif
    uint8_t a[64], b[64];
    t_rand_seed(1);
    for (size_t len = 0; len <= sizeof a; len++) {
        t_rand_bytes(a, sizeof a);
        memcpy(b, a, sizeof a);
        CHECK(m4crypt_verify(a, b, len) == 0);
        for (size_t i = 0; i < len; i++)
            for (int bit = 0; bit < 8; bit += 7) {
                b[i] ^= (uint8_t)(1u << bit);
                CHECK(m4crypt_verify(a, b, len) == -1);
                b[i] ^= (uint8_t)(1u << bit);
            }
    }
    memset(a, 0x5c, sizeof a);
    m4crypt_memzero(a + 1, 62);
    CHECK(a[0] == 0x5c && a[63] == 0x5c);
    memset(b, 0, sizeof b);
    CHECK_MEM(a + 1, b, 62);

    /* The library's version is the headers' and has the documented form and number. */
    CHECK(strcmp(m4crypt_version(), M4CRYPT_VERSION_STRING) == 0);
    char want[16];
    size_t n = put_decimal(want, M4CRYPT_VERSION_MAJOR);
    want[n++] = '.';
    n += put_decimal(want + n, M4CRYPT_VERSION_MINOR);
    want[n++] = '.';
    n += put_decimal(want + n, M4CRYPT_VERSION_PATCH);
    want[n] = 0;
    CHECK(strcmp(m4crypt_version(), want) == 0);
    CHECK(M4CRYPT_VERSION_NUMBER == M4CRYPT_VERSION_MAJOR * 10000 + M4CRYPT_VERSION_MINOR * 100 +
                                        M4CRYPT_VERSION_PATCH);

    CHECK(strcmp(m4crypt_strerror(M4CRYPT_OK), "success") == 0);
    for (int code = -7; code < 0; code++)
        CHECK(strcmp(m4crypt_strerror(code), "unknown error") != 0);
    CHECK(strcmp(m4crypt_strerror(-100), "unknown error") == 0);

    uint8_t fill = 0x42;
    m4crypt_set_randombytes(fixed_rng, &fill);
    CHECK(m4crypt_randombytes(a, 10) == 0 && calls == 1 && a[0] == 0x42 && a[9] == 0x42);
    m4crypt_set_randombytes(failing_rng, 0);
    CHECK(m4crypt_randombytes(a, 10) == M4CRYPT_ERR_RANDOM);
    CHECK(a[0] == 0 && a[9] == 0); /* a failed draw is wiped, never half-used */
    m4crypt_set_randombytes(0, 0);
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    CHECK(m4crypt_randombytes(a, 32) == 0 && m4crypt_randombytes(b, 32) == 0);
    CHECK(memcmp(a, b, 32) != 0); /* the platform generator moves on */
    return t_summary("common");
}
