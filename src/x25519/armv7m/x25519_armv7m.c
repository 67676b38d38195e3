/*
 * X25519 (RFC 7748 section 5) on the ARMv7E-M field backend (8 x 32-bit words mod 2^256 - 38,
 * see backend.h): byte conversion, the inversion chain and the Montgomery ladder. The field
 * multiplications, squarings, additions and the conditional swap are the assembly of fe256*.S.
 *
 * Constant time: fixed loop counts, the swap bit only enters m4crypt_fe256_cswap_armv7m (masked
 * XOR), the final reduction is carry arithmetic without branches.
 */
#include "m4crypt/x25519.h"

#include "x25519/fe25519.h"

typedef uint32_t fe[8];

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

static void sqr_n(uint32_t h[8], const uint32_t f[8], int n)
{
    m4crypt_fe256_sqr_armv7m(h, f);
    for (int i = 1; i < n; i++)
        m4crypt_fe256_sqr_armv7m(h, h);
}

/* f^(p - 2), the chain of fe25519.c (D. J. Bernstein, "Curve25519: new Diffie-Hellman speed
 * records", 2006): 254 squarings and 11 multiplications. */
void m4crypt_fe256_invert_armv7m(uint32_t h[8], const uint32_t f[8])
{
    fe z2, z9, z11, a, b, c;

    m4crypt_fe256_sqr_armv7m(z2, f);        /* z^2 */
    sqr_n(a, z2, 2);                        /* z^8 */
    m4crypt_fe256_mul_armv7m(z9, a, f);     /* z^9 */
    m4crypt_fe256_mul_armv7m(z11, z9, z2);  /* z^11 */
    m4crypt_fe256_sqr_armv7m(a, z11);       /* z^22 */
    m4crypt_fe256_mul_armv7m(a, a, z9);     /* z^(2^5 - 1) */
    sqr_n(b, a, 5);
    m4crypt_fe256_mul_armv7m(a, b, a);      /* z^(2^10 - 1) */
    sqr_n(b, a, 10);
    m4crypt_fe256_mul_armv7m(b, b, a);      /* z^(2^20 - 1) */
    sqr_n(c, b, 20);
    m4crypt_fe256_mul_armv7m(b, c, b);      /* z^(2^40 - 1) */
    sqr_n(b, b, 10);
    m4crypt_fe256_mul_armv7m(a, b, a);      /* z^(2^50 - 1) */
    sqr_n(b, a, 50);
    m4crypt_fe256_mul_armv7m(b, b, a);      /* z^(2^100 - 1) */
    sqr_n(c, b, 100);
    m4crypt_fe256_mul_armv7m(b, c, b);      /* z^(2^200 - 1) */
    sqr_n(b, b, 50);
    m4crypt_fe256_mul_armv7m(a, b, a);      /* z^(2^250 - 1) */
    sqr_n(a, a, 5);                         /* z^(2^255 - 32) */
    m4crypt_fe256_mul_armv7m(h, a, z11);    /* z^(2^255 - 21) */

    m4crypt_memzero(z2, sizeof z2);
    m4crypt_memzero(z9, sizeof z9);
    m4crypt_memzero(z11, sizeof z11);
    m4crypt_memzero(a, sizeof a);
    m4crypt_memzero(b, sizeof b);
    m4crypt_memzero(c, sizeof c);
}

/* RFC 7748 section 5, as m4crypt_x25519_scalarmult_c (x25519.c): clamping and decoding here, the
 * ladder in assembly, then x_2 / z_2 and the canonical encoding. */
void m4crypt_x25519_scalarmult_armv7m(uint8_t out[32], const uint8_t scalar[32],
                                      const uint8_t point[32])
{
    uint8_t k[32];
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
