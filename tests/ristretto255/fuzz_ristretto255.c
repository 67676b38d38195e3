/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * libFuzzer target: Ristretto255 decoding of arbitrary encodings (RFC 9496 section 4.3.1) through
 * m4crypt_ristretto255_is_valid_point and m4crypt_ristretto255_scalarmult, and the hash-to-group
 * map on arbitrary bytes (section 4.3.4).
 *
 * Input: point (32 bytes), scalar (32), uniform bytes (64); shorter inputs are zero-padded.
 * Checks (none of them is computed by the code under test alone):
 *  - is_valid_point returns 0 or M4CRYPT_ERR_PUBLIC_KEY; an encoding with bit 255 set or with
 *    its low bit set (a negative field element) is never valid;
 *  - scalarmult agrees with it: M4CRYPT_ERR_PUBLIC_KEY exactly for an invalid encoding, else 0 or
 *    M4CRYPT_ERR_ZERO_SHARED exactly when the output is all zero; the output is always zero on
 *    error and a valid encoding otherwise; bit 255 of the scalar is ignored;
 *  - for a valid encoding, 1 * P encodes to P itself (encodings are canonical), except the
 *    identity (the all-zero encoding), for which the result is M4CRYPT_ERR_ZERO_SHARED;
 *  - from_uniform_bytes returns 0 and a valid encoding, the same one twice.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "m4crypt/ristretto255.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t zero32[32]; /* the identity's encoding, all zero */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t in[128] = {0}, q[32], q2[32], h[32], h2[32], n2[32];
    memcpy(in, data, size < sizeof in ? size : sizeof in);
    const uint8_t *p = in, *n = in + 32, *u = in + 64;

    const int v = m4crypt_ristretto255_is_valid_point(p);
    if (v != 0 && v != M4CRYPT_ERR_PUBLIC_KEY)
        abort();
    if ((p[31] & 0x80 || p[0] & 1) && v == 0)
        abort();

    memset(q, 0xa5, sizeof q);
    const int r = m4crypt_ristretto255_scalarmult(q, n, p);
    if (v != 0) {
        if (r != M4CRYPT_ERR_PUBLIC_KEY || memcmp(q, zero32, 32) != 0)
            abort();
    } else {
        if (r != 0 && r != M4CRYPT_ERR_ZERO_SHARED)
            abort();
        if ((r == M4CRYPT_ERR_ZERO_SHARED) != (memcmp(q, zero32, 32) == 0))
            abort();
        if (r == 0 && m4crypt_ristretto255_is_valid_point(q) != 0)
            abort();
        memcpy(n2, n, 32);
        n2[31] ^= 0x80; /* ignored */
        if (m4crypt_ristretto255_scalarmult(q2, n2, p) != r || memcmp(q, q2, 32) != 0)
            abort();
        static const uint8_t one[32] = {1};
        const int r1 = m4crypt_ristretto255_scalarmult(q2, one, p);
        if (memcmp(p, zero32, 32) == 0) {
            if (r1 != M4CRYPT_ERR_ZERO_SHARED || memcmp(q2, zero32, 32) != 0)
                abort();
        } else if (r1 != 0 || memcmp(q2, p, 32) != 0) {
            abort();
        }
    }

    if (m4crypt_ristretto255_from_uniform_bytes(h, u) != 0 ||
        m4crypt_ristretto255_is_valid_point(h) != 0)
        abort();
    if (m4crypt_ristretto255_from_uniform_bytes(h2, u) != 0 || memcmp(h, h2, 32) != 0)
        abort();
    return 0;
}
