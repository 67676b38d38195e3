/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 (RFC 7748 sections 5 and 6.1): the Montgomery ladder on the u-coordinate of Curve25519.
 */
#include "m4crypt/x25519.h"

#include "common/backend.h"
#include "x25519/backend.h"
#include "x25519/x25519_base.h"

#if M4CRYPT_ENABLE_X25519 /* m4crypt/config.h */

/* Backend contract (src/x25519/backend.h): out = X25519(scalar, point) as in RFC 7748 section 5,
 * i.e. with the scalar clamped and bit 255 of the point masked, canonical output, constant time.
 * Returns nothing; the caller checks for the all-zero result. On the portable field (_c) in
 * every build. */

/*
 * RFC 7748 section 5: decodeScalar25519 (clamping), decodeUCoordinate (bit 255 masked, values
 * >= p accepted: frombytes keeps them and the arithmetic reduces them), then the ladder of the
 * RFC's pseudo-code with 255 iterations (bits 254 down to 0 of the clamped scalar) and
 * conditional swaps by masked XOR, and finally encodeUCoordinate(x_2 * z_2^(p - 2)).
 *
 * The ladder step uses z_2 = E * (BB + 121666 E), which equals the RFC's E * (AA + a24 E) with
 * a24 = 121665 because AA = BB + E.
 */
__attribute__((noinline)) void m4crypt_x25519_scalarmult_c(uint8_t out[32],
                                                           const uint8_t scalar[32],
                                                           const uint8_t point[32])
{
    uint8_t k[32];
    m4crypt_fe25519_c x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb;
    uint32_t swap = 0;

    for (int i = 0; i < 32; i++)
        k[i] = scalar[i];
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;

    m4crypt_fe25519_frombytes_c(&x1, point);
    m4crypt_fe25519_1_c(&x2);
    m4crypt_fe25519_0_c(&z2);
    x3 = x1;
    m4crypt_fe25519_1_c(&z3);

    for (int t = 254; t >= 0; t--) {
        const uint32_t kt = (uint32_t)(k[t >> 3] >> (t & 7)) & 1;
        swap ^= kt;
        m4crypt_fe25519_cswap_c(&x2, &x3, swap);
        m4crypt_fe25519_cswap_c(&z2, &z3, swap);
        swap = kt;

        m4crypt_fe25519_add_c(&a, &x2, &z2);   /* A = x_2 + z_2 */
        m4crypt_fe25519_sqr_c(&aa, &a);        /* AA = A^2 */
        m4crypt_fe25519_sub_c(&b, &x2, &z2);   /* B = x_2 - z_2 */
        m4crypt_fe25519_sqr_c(&bb, &b);        /* BB = B^2 */
        m4crypt_fe25519_sub_c(&e, &aa, &bb);   /* E = AA - BB */
        m4crypt_fe25519_add_c(&c, &x3, &z3);   /* C = x_3 + z_3 */
        m4crypt_fe25519_sub_c(&d, &x3, &z3);   /* D = x_3 - z_3 */
        m4crypt_fe25519_mul_c(&da, &d, &a);    /* DA = D * A */
        m4crypt_fe25519_mul_c(&cb, &c, &b);    /* CB = C * B */
        m4crypt_fe25519_add_c(&x3, &da, &cb);
        m4crypt_fe25519_sqr_c(&x3, &x3);       /* x_3 = (DA + CB)^2 */
        m4crypt_fe25519_sub_c(&z3, &da, &cb);
        m4crypt_fe25519_sqr_c(&z3, &z3);
        m4crypt_fe25519_mul_c(&z3, &z3, &x1);  /* z_3 = x_1 * (DA - CB)^2 */
        m4crypt_fe25519_mul_c(&x2, &aa, &bb);  /* x_2 = AA * BB */
        m4crypt_fe25519_mul121666_c(&z2, &e);
        m4crypt_fe25519_add_c(&z2, &z2, &bb);
        m4crypt_fe25519_mul_c(&z2, &z2, &e);   /* z_2 = E * (BB + 121666 E) */
    }
    m4crypt_fe25519_cswap_c(&x2, &x3, swap);
    m4crypt_fe25519_cswap_c(&z2, &z3, swap);

    m4crypt_fe25519_invert_c(&z2, &z2);
    m4crypt_fe25519_mul_c(&x2, &x2, &z2);
    m4crypt_fe25519_tobytes_c(out, &x2);

    m4crypt_memzero(k, sizeof k);
    m4crypt_memzero(&swap, sizeof swap);
    m4crypt_memzero(&x2, sizeof x2);
    m4crypt_memzero(&z2, sizeof z2);
    m4crypt_memzero(&x3, sizeof x3);
    m4crypt_memzero(&z3, sizeof z3);
    m4crypt_memzero(&a, sizeof a);
    m4crypt_memzero(&aa, sizeof aa);
    m4crypt_memzero(&b, sizeof b);
    m4crypt_memzero(&bb, sizeof bb);
    m4crypt_memzero(&e, sizeof e);
    m4crypt_memzero(&c, sizeof c);
    m4crypt_memzero(&d, sizeof d);
    m4crypt_memzero(&da, sizeof da);
    m4crypt_memzero(&cb, sizeof cb);
}

/* The portable field functions leave register spills on the stack (field elements of the
 * ladder); after an operation that ran on them, the stack it used is wiped (m4crypt_stack_wipe),
 * as far down as make bench measured it for the portable build (x25519.scalarmult and
 * x25519.scalarmult_base, less m4crypt_x25519's own frame). The armv7m code keeps its values in
 * registers and in buffers it wipes: nothing to do there. */
#ifndef M4CRYPT_X25519_HAVE_SCALARMULT
#define WIPE_STACK(len) M4CRYPT_STACK_WIPE(len)
#define SCALARMULT_STACK 1072
#define BASE_STACK 1192
#else
#define WIPE_STACK(len) ((void)0)
#endif

int m4crypt_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    m4crypt_x25519_scalarmult(out, scalar, point);
    WIPE_STACK(SCALARMULT_STACK);
    return m4crypt_curve25519_zero_error(out);
}

/* The base point u = 9 (RFC 7748 section 4.1) by the fixed-base method of x25519_base.c (a table
 * of multiples of the edwards25519 base point), or without the table (M4CRYPT_ENABLE_X25519_BASE_TABLE
 * 0) by the ladder on u = 9. The result is never zero (9 generates the prime-order subgroup, a
 * clamped scalar is a nonzero multiple of 8 below 2^255 and no multiple of its order), but it is
 * checked all the same. */
int m4crypt_x25519_base(uint8_t out[32], const uint8_t scalar[32])
{
#if M4CRYPT_ENABLE_X25519_BASE_TABLE
    m4crypt_x25519_base_fixed(out, scalar);
    WIPE_STACK(BASE_STACK);
#else
    static const uint8_t nine[32] = {9};
    m4crypt_x25519_scalarmult(out, scalar, nine);
    WIPE_STACK(SCALARMULT_STACK);
#endif
    return m4crypt_curve25519_zero_error(out);
}

int m4crypt_x25519_keypair(uint8_t pk[32], uint8_t sk[32])
{
    int r = m4crypt_randombytes(sk, 32);
    if (r != 0) {
        for (int i = 0; i < 32; i++)
            pk[i] = 0;
        return r;
    }
    r = m4crypt_x25519_base(pk, sk);
    /* r != 0 cannot happen (see above); should it, no key pair is handed out. Masked, not
     * branched: r is computed from the secret key. */
    const uint8_t keep = (uint8_t)(((uint32_t)r >> 31) - 1); /* 0xff if r == 0, else 0 */
    for (int i = 0; i < 32; i++) {
        sk[i] &= keep;
        pk[i] &= keep;
    }
    return r;
}
#endif /* M4CRYPT_ENABLE_X25519 */
