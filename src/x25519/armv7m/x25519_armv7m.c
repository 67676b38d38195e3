/*
 * X25519 (RFC 7748 section 5) on the ARMv7E-M field backend (8 x 32-bit words mod 2^256 - 38,
 * see backend.h): byte conversion and the glue around the assembly ladder and inversion
 * (fe256_mul.S).
 *
 * Constant time: fixed loop counts; the scalar only enters the assembly ladder (selection by SEL,
 * no branch or address on its bits); the final reduction is carry arithmetic without branches.
 */
#include "m4crypt/x25519.h"

#include "x25519/fe25519.h"

void m4crypt_fe256_frombytes_armv7m(uint32_t h[8], const uint8_t s[32])
{
    for (int i = 0; i < 8; i++)
        h[i] = (uint32_t)s[4 * i] | ((uint32_t)s[4 * i + 1] << 8) |
               ((uint32_t)s[4 * i + 2] << 16) | ((uint32_t)s[4 * i + 3] << 24);
    h[7] &= 0x7fffffff; /* RFC 7748 section 5: mask bit 255 (decodeUCoordinate) */
}

/*
 * Full reduction of v in [0, 2^256) to [0, p):
 *  1. v = (v mod 2^255) + 19 * floor(v / 2^255)   (2^255 = 19 mod p), now v < 2^255 + 19 < 2 p;
 *  2. q = floor((v + 19) / 2^255) in {0, 1} is 1 exactly when v >= p; v = (v + 19 q) mod 2^255.
 */
void m4crypt_fe256_tobytes_armv7m(uint8_t s[32], const uint32_t f[8])
{
    uint32_t t[8];
    uint64_t c;

    c = (uint64_t)(f[7] >> 31) * 19;
    for (int i = 0; i < 8; i++) {
        c += i == 7 ? (f[7] & 0x7fffffff) : f[i];
        t[i] = (uint32_t)c;
        c >>= 32;
    }
    /* v + 19 < 2^255 + 38 < 2^256: q is bit 255 of v + 19. */
    {
        uint64_t d = 19;
        uint32_t top = 0;
        for (int i = 0; i < 8; i++) {
            d += t[i];
            top = (uint32_t)d;
            d >>= 32;
        }
        c = (uint64_t)(top >> 31) * 19;
    }
    for (int i = 0; i < 8; i++) {
        c += t[i];
        t[i] = (uint32_t)c;
        c >>= 32;
    }
    t[7] &= 0x7fffffff;
    for (int i = 0; i < 8; i++) {
        s[4 * i] = (uint8_t)t[i];
        s[4 * i + 1] = (uint8_t)(t[i] >> 8);
        s[4 * i + 2] = (uint8_t)(t[i] >> 16);
        s[4 * i + 3] = (uint8_t)(t[i] >> 24);
    }
    m4crypt_memzero(t, sizeof t);
}

/* RFC 7748 section 5, as m4crypt_x25519_scalarmult_c (x25519.c): clamping and decoding here, the
 * ladder in assembly (it returns X, Z with X / Z = x_2 / z_2), then X / Z and the canonical
 * encoding. */
void m4crypt_x25519_scalarmult_armv7m(uint8_t out[32], const uint8_t scalar[32],
                                      const uint8_t point[32])
{
    _Alignas(4) uint8_t k[32]; /* the ladder reads and overwrites it by LDM/STM */
    uint32_t x1[8], xz[16];

    for (int i = 0; i < 32; i++)
        k[i] = scalar[i];
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;

    m4crypt_fe256_frombytes_armv7m(x1, point);
    m4crypt_x25519_ladder_armv7m(xz, x1, k);
    m4crypt_fe256_invert_armv7m(xz + 8, xz + 8);
    m4crypt_fe256_mul_armv7m(xz, xz, xz + 8);
    m4crypt_fe256_tobytes_armv7m(out, xz);

    m4crypt_memzero(k, sizeof k);
    m4crypt_memzero(xz, sizeof xz);
}
