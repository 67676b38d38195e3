/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target for X-Wing decapsulation: an arbitrary ciphertext (the input, zero-padded or
 * cut to 1120 bytes) against a fixed key. Decapsulation must never fail or crash, must be
 * deterministic, must not read or write outside its buffers (ASan), and must give a different
 * key than the honest encapsulation unless the ciphertext is the honest one.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_reader.h"
#include "m4crypt/xwing.h"

#if M4CRYPT_ENABLE_XWING_KEYPAIR && M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS /* m4crypt/config.h: what this program needs is built */

static uint8_t pk[M4CRYPT_XWING_PUBLICKEYBYTES], sk[M4CRYPT_XWING_SECRETKEYBYTES];
static uint8_t honest_ct[M4CRYPT_XWING_CIPHERTEXTBYTES], honest_ss[32];
static int ready;

static void setup(void)
{
    uint8_t seed[32], eseed[64];
    for (int i = 0; i < 32; i++)
        seed[i] = (uint8_t)(0xa0 + i);
    for (int i = 0; i < 64; i++)
        eseed[i] = (uint8_t)(3 * i + 1);
    if (m4crypt_xwing_keypair_derand(pk, sk, seed) != 0 ||
        m4crypt_xwing_enc_derand(honest_ct, honest_ss, pk, eseed) != 0)
        abort();
    ready = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t ct[M4CRYPT_XWING_CIPHERTEXTBYTES], ss[32], ss2[32];
    if (!ready)
        setup();
    /* Small inputs patch the honest ciphertext (offset from the first two bytes), so the fuzzer
     * also explores ciphertexts close to a valid one; larger inputs are the ciphertext itself. */
    if (size >= 2 && size < 64) {
        memcpy(ct, honest_ct, sizeof ct);
        size_t off = ((size_t)data[0] << 8 | data[1]) % sizeof ct;
        for (size_t i = 2; i < size; i++)
            ct[(off + i - 2) % sizeof ct] ^= data[i];
    } else {
        memset(ct, 0, sizeof ct);
        memcpy(ct, data, size < sizeof ct ? size : sizeof ct);
    }
    if (m4crypt_xwing_dec(ss, ct, sk) != 0)
        abort();
    if (m4crypt_xwing_dec(ss2, ct, sk) != 0 || memcmp(ss, ss2, 32) != 0)
        abort();
    const int same_ct = memcmp(ct, honest_ct, sizeof ct) == 0;
    if (same_ct != (memcmp(ss, honest_ss, 32) == 0))
        abort();
    return 0;
}
#else
FUZZ_TARGET_NOT_BUILT
#endif
