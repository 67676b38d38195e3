/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Fixed-base X25519 (src/x25519/x25519_base.c): m4crypt_x25519_base against the Montgomery
 * ladder on u = 9 (m4crypt_x25519) for random scalars and edge scalars, and the public keys of
 * RFC 7748 section 6.1.
 */
#include <string.h>

#include "harness.h"
#include "m4crypt/x25519.h"

static const uint8_t nine[32] = {9};

static int one(const uint8_t k[32])
{
    uint8_t a[32], b[32];
    const int ra = m4crypt_x25519_base(a, k);
    const int rb = m4crypt_x25519(b, k, nine);
    return ra == 0 && rb == 0 && memcmp(a, b, 32) == 0;
}

int main(int argc, char **argv)
{
    t_init(argc, argv);

    /* RFC 7748 section 6.1 */
    static const char *sk_hex[2] = {
        "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
        "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"};
    static const char *pk_hex[2] = {
        "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
        "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"};
    for (int i = 0; i < 2; i++) {
        uint8_t sk[32], pk[32], out[32];
        t_unhex(sk, sk_hex[i]);
        t_unhex(pk, pk_hex[i]);
        CHECK(m4crypt_x25519_base(out, sk) == 0);
        CHECK_MEM(out, pk, 32);
    }

    /* edge scalars: clamping makes these 2^254, 2^255 - 8, 2^254 + 8, ... */
    unsigned bad = 0, n = 0;
    for (unsigned e = 0; e < 6; e++) {
        uint8_t k[32];
        memset(k, e == 0 ? 0x00 : e == 1 ? 0xff : e == 2 ? 0x88 : e == 3 ? 0x77 : 0, 32);
        if (e == 4)
            k[0] = 8; /* 2^254 + 8 */
        if (e == 5)
            memset(k, 0xf8, 32); /* digits near the recoding carries */
        n++;
        bad += !one(k);
    }
    CHECK(bad == 0);

    /* random scalars */
    const unsigned reps = 1000;
    bad = 0;
    for (unsigned i = 0; i < reps; i++) {
        uint8_t k[32];
        t_rand_bytes(k, 32);
        n++;
        if (!one(k)) {
            if (bad++ < 4)
                t_printf("  mismatch on random scalar %u\n", i);
        }
    }
    CHECK(bad == 0);
    t_printf("base: %u scalars against the ladder on u = 9, %u mismatches\n", n, bad);
    return t_summary("x25519_base");
}
