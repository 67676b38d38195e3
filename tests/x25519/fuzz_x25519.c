/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target for X25519: input = scalar (32 bytes) || point (32 bytes), shorter inputs are
 * zero-padded. Checks the contract on arbitrary data: the return code is M4CRYPT_ERR_ZERO_SHARED
 * exactly when the output is all zero and 0 otherwise; the output is canonical (below p, so bit
 * 255 clear); the result does not depend on bit 255 of the point nor on the clamped scalar bits;
 * it is deterministic; and a zero output comes only from the low-order points.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "m4crypt/x25519.h"

static int is_zero(const uint8_t *p)
{
    uint8_t a = 0;
    for (int i = 0; i < 32; i++)
        a |= p[i];
    return a == 0;
}

/* out < p = 2^255 - 19 */
static int canonical(const uint8_t *p)
{
    if (p[31] & 0x80)
        return 0;
    if (p[31] != 0x7f)
        return 1;
    for (int i = 30; i >= 1; i--)
        if (p[i] != 0xff)
            return 1;
    return p[0] < 0xed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t in[64] = {0}, sk[32], pt[32], out[32], out2[32];
    memcpy(in, data, size < 64 ? size : 64);
    memcpy(sk, in, 32);
    memcpy(pt, in + 32, 32);

    int r = m4crypt_x25519(out, sk, pt);
    if (r != 0 && r != M4CRYPT_ERR_ZERO_SHARED)
        abort();
    if ((r == M4CRYPT_ERR_ZERO_SHARED) != is_zero(out))
        abort();
    if (!canonical(out))
        abort();

    /* bit 255 of the point and the clamped bits of the scalar are ignored */
    pt[31] ^= 0x80;
    sk[0] ^= (uint8_t)(size & 7);
    sk[31] ^= 0xc0;
    int r2 = m4crypt_x25519(out2, sk, pt);
    if (r2 != r || memcmp(out, out2, 32) != 0)
        abort();

    /* A zero result means a low-order point: then every scalar gives zero. */
    if (r == M4CRYPT_ERR_ZERO_SHARED) {
        sk[5] ^= 0x5a;
        if (m4crypt_x25519(out2, sk, pt) != M4CRYPT_ERR_ZERO_SHARED)
            abort();
    }
    return 0;
}
