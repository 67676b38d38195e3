/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin test of the src/common backend: m4crypt_memzero_armv7m and m4crypt_verify_armv7m
 * (common/armv7m/common.S) against the portable m4crypt_memzero_c / m4crypt_verify_c, and the
 * public names against both. Every length 0..300 at every alignment of each pointer (0..3, and
 * for verify every pair of alignments), random contents, guard bytes around the wiped range,
 * single-bit differences at every position of short buffers and at random positions of long ones
 * (the first, the last and each word boundary included). On a configuration without the backend
 * it compares the public functions with the _c ones only and says so.
 */
#include <string.h>

#include "common/backend.h"
#include "harness.h"

#ifdef M4CRYPT_COMMON_HAVE_MEMZERO
#define MEMZERO_UNDER_TEST m4crypt_memzero_armv7m
#else
#define MEMZERO_UNDER_TEST m4crypt_memzero
#endif
#ifdef M4CRYPT_COMMON_HAVE_VERIFY
#define VERIFY_UNDER_TEST m4crypt_verify_armv7m
#else
#define VERIFY_UNDER_TEST m4crypt_verify
#endif

#define MAXLEN 300
#define GUARD 8

static uint8_t bufa[MAXLEN + 2 * GUARD + 4], bufb[MAXLEN + 2 * GUARD + 4];

/* Wipes [off, off + len) of a random buffer with f; everything else must be unchanged. */
static int wipe_ok(void (*f)(void *, size_t), size_t off, size_t len)
{
    uint8_t ref[sizeof bufa];
    t_rand_bytes(bufa, sizeof bufa);
    memcpy(ref, bufa, sizeof ref);
    memset(ref + GUARD + off, 0, len);
    f(bufa + GUARD + off, len);
    return memcmp(bufa, ref, sizeof ref) == 0;
}

/* Both verifies on (a + oa, b + ob, len) must give want. */
static int verify_ok(size_t oa, size_t ob, size_t len, int want)
{
    int c = m4crypt_verify_c(bufa + oa, bufb + ob, len);
    int v = VERIFY_UNDER_TEST(bufa + oa, bufb + ob, len);
    int p = m4crypt_verify(bufa + oa, bufb + ob, len);
    return c == want && v == want && p == want;
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
#if defined(M4CRYPT_COMMON_HAVE_MEMZERO) && defined(M4CRYPT_COMMON_HAVE_VERIFY)
    t_printf("common_armv7m: comparing m4crypt_memzero/verify_armv7m with the _c versions\n");
#else
    t_printf("common_armv7m: no armv7m backend in this configuration: comparing m4crypt_memzero "
             "and m4crypt_verify with the _c versions only\n");
#endif
    t_rand_seed(300);
    /* memzero: every length, every alignment, three implementations */
    for (size_t len = 0; len <= MAXLEN; len++)
        for (size_t off = 0; off < 4; off++) {
            int ok = wipe_ok(MEMZERO_UNDER_TEST, off, len);
            ok &= wipe_ok(m4crypt_memzero_c, off, len);
            ok &= wipe_ok(m4crypt_memzero, off, len);
            CHECK(ok);
        }

    /* verify: every length and pair of alignments; equal, then one flipped bit */
    for (size_t len = 0; len <= MAXLEN; len++) {
        int ok = 1;
        for (size_t oa = 0; oa < 4; oa++)
            for (size_t ob = 0; ob < 4; ob++) {
                t_rand_bytes(bufa, sizeof bufa);
                memcpy(bufb + ob, bufa + oa, len);
                ok &= verify_ok(oa, ob, len, 0);
                if (len == 0)
                    continue;
                /* positions: first, last, a random one, and (short buffers or quick runs
                 * aside) every position */
                size_t step = (len <= 40 || !t_quick()) ? 1 : len;
                for (size_t i = 0; i < len; i += step) {
                    unsigned bit = t_rand32() % 8;
                    bufb[ob + i] ^= (uint8_t)(1u << bit);
                    ok &= verify_ok(oa, ob, len, -1);
                    bufb[ob + i] ^= (uint8_t)(1u << bit);
                }
                size_t pos[3] = {0, len - 1, t_rand32() % len};
                for (int k = 0; k < 3; k++) {
                    bufb[ob + pos[k]] ^= 0x80;
                    ok &= verify_ok(oa, ob, len, -1);
                    bufb[ob + pos[k]] ^= 0x80;
                }
                ok &= verify_ok(oa, ob, len, 0);
            }
        CHECK(ok);
    }

    /* random contents: equal by chance almost never, so both must say -1 for unequal buffers and
     * agree; bytes just outside the range differ and must not matter */
    for (int n = 0; n < 1000; n++) {
        size_t len = t_rand32() % (MAXLEN + 1), oa = t_rand32() % 4, ob = t_rand32() % 4;
        t_rand_bytes(bufa, sizeof bufa);
        t_rand_bytes(bufb, sizeof bufb);
        int want = len == 0 ? 0 : (memcmp(bufa + oa, bufb + ob, len) ? -1 : 0);
        int ok = verify_ok(oa, ob, len, want);
        memcpy(bufb + ob, bufa + oa, len);
        bufb[ob + len] = (uint8_t)~bufa[oa + len];
        if (ob > 0 && oa > 0)
            bufb[ob - 1] = (uint8_t)~bufa[oa - 1];
        ok &= verify_ok(oa, ob, len, 0);
        CHECK(ok);
    }
    /* one call of each in m4sim regions, which common/armv7m/common.S names for its cycles
     * (m4sim run --regions <this elf>), the results checked as above */
    {
        static uint8_t big[1024], big2[1024];
        t_rand_bytes(big, sizeof big);
        memcpy(big2, big, sizeof big2);
        int v0, v1, v2;
        REGION("common.verify768", v0 = VERIFY_UNDER_TEST(big, big2, 768));
        REGION("common.verify768_c", v1 = m4crypt_verify_c(big, big2, 768));
        big2[767] ^= 1;
        v2 = VERIFY_UNDER_TEST(big, big2, 768);
        REGION("common.memzero1024", MEMZERO_UNDER_TEST(big, 1024));
        REGION("common.memzero1024_c", m4crypt_memzero_c(big2, 1024));
        REGION("common.memzero200", MEMZERO_UNDER_TEST(big + 4, 200));
        int ok = v0 == 0 && v1 == 0 && v2 == -1;
        for (size_t i = 0; i < sizeof big; i++)
            ok &= big[i] == 0 && big2[i] == 0;
        CHECK(ok);
    }
    return t_summary("common_armv7m");
}
