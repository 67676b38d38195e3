/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Fixed-base X25519: u(k * 9) from k * B on edwards25519, B the base point (RFC 7748 section
 * 4.1 gives the birational map u = (1 + y) / (1 - y); B maps to u = 9), by the fixed-base
 * multiplication of src/curve25519/ge25519_base.c in its mode 1, which leaves u as the fraction
 * (F + H) / (F - H) of its last addition.
 */
#include "x25519/x25519_base.h"

#include "curve25519/ge25519.h"

#if M4CRYPT_ENABLE_X25519_BASE_TABLE /* m4crypt/config.h */

void m4crypt_x25519_base_fixed(uint8_t out[32], const uint8_t scalar[32])
{
    struct {
        uint8_t k[32];
        int8_t e[64];
        m4crypt_ge25519_p3 h;
    } w;

    for (int i = 0; i < 32; i++)
        w.k[i] = scalar[i];
    w.k[0] &= 248; /* RFC 7748 section 5, decodeScalar25519 */
    w.k[31] &= 127;
    w.k[31] |= 64;

    m4crypt_scalar_recode_signed4(w.e, w.k);
    m4crypt_ge25519_base_mul(&w.h, w.e, 1);

    /* u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y) = (F + H) / (F - H), in h.X / h.Y; the
     * denominator is not 0 as k B is not the identity */
    m4crypt_fe25519_invert(&w.h.Y, &w.h.Y);
    m4crypt_fe25519_mul(&w.h.X, &w.h.X, &w.h.Y);
    m4crypt_fe25519_tobytes(out, &w.h.X);

    m4crypt_memzero(&w, sizeof w);
}
#endif /* M4CRYPT_ENABLE_X25519_BASE_TABLE */
