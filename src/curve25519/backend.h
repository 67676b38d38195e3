/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Backend selection for the Curve25519 field and group (docs/DEVELOPING.md, "Assembly backends";
 * src/common/backend_contract.h). Included by fe25519.h; do not include directly.
 *
 * With M4CRYPT_ARCH_ARMV7M defined (the -armv7m configurations), src/curve25519/armv7m/backend.h
 * brings its own field representation, M4CRYPT_CURVE25519_RADIX32 (8 x 32-bit words mod
 * 2^256 - 38: its multiplication takes fewer than half the cycles of the ten-limb one, bench rows
 * fe25519.mul, armv7m and portable), and with it every field function the code on the selected
 * field calls; the group code's loops on that field may come with it (M4CRYPT_CURVE25519_HAVE_*,
 * dispatched in ge25519.h). Without a backend the selected field is the portable one.
 */
#ifndef M4CRYPT_CURVE25519_BACKEND_H
#define M4CRYPT_CURVE25519_BACKEND_H

#include "common/backend_contract.h"
#ifdef M4CRYPT_ARCH_ARMV7M
#include "curve25519/armv7m/backend.h"
#endif

#ifdef M4CRYPT_CURVE25519_RADIX32
#if !(defined(M4CRYPT_CURVE25519_HAVE_FE_MUL) && defined(M4CRYPT_CURVE25519_HAVE_FE_SQR) &&       \
      defined(M4CRYPT_CURVE25519_HAVE_FE_ADD) && defined(M4CRYPT_CURVE25519_HAVE_FE_SUB) &&       \
      defined(M4CRYPT_CURVE25519_HAVE_FE_MULADDSUB) && defined(M4CRYPT_CURVE25519_HAVE_FE_INVERT) && \
      defined(M4CRYPT_CURVE25519_HAVE_FE_FROMBYTES) && defined(M4CRYPT_CURVE25519_HAVE_FE_TOBYTES))
#error "curve25519 backend: M4CRYPT_CURVE25519_RADIX32 needs every field function on its representation"
#endif
typedef struct {
    uint32_t v[8];
} m4crypt_fe25519;
#define M4CRYPT_FE25519_WORDS 8
#define m4crypt_fe25519_mul(h, f, g) m4crypt_fe25519_mul_armv7m((h)->v, (f)->v, (g)->v)
#define m4crypt_fe25519_sqr(h, f) m4crypt_fe25519_sqr_armv7m((h)->v, (f)->v)
#define m4crypt_fe25519_add(h, f, g) m4crypt_fe25519_add_armv7m((h)->v, (f)->v, (g)->v)
#define m4crypt_fe25519_sub(h, f, g) m4crypt_fe25519_sub_armv7m((h)->v, (f)->v, (g)->v)
#define m4crypt_fe25519_addc m4crypt_fe25519_add /* every result is a valid input */
#define m4crypt_fe25519_subc m4crypt_fe25519_sub
#define m4crypt_fe25519_invert(h, f) m4crypt_fe25519_invert_armv7m((h)->v, (f)->v)
#define m4crypt_fe25519_frombytes(h, s) m4crypt_fe25519_frombytes_armv7m((h)->v, (s))
#define m4crypt_fe25519_tobytes(s, f) m4crypt_fe25519_tobytes_armv7m((s), (f)->v)
/* a canonical value as 8 little-endian words is already this representation */
static inline void m4crypt_fe25519_fromwords(m4crypt_fe25519 *h, const uint32_t w[8])
{
    for (int i = 0; i < 8; i++)
        h->v[i] = w[i];
}
/* t = f g; s = u + t; u = u - t (s must not alias u, f or g; t: scratch the caller wipes, unused
 * here: the backend's fused routine, the same words as the assembly's muladdsub_int). */
static inline void m4crypt_fe25519_muladdsub(m4crypt_fe25519 *s, const m4crypt_fe25519 *f,
                                             const m4crypt_fe25519 *g, m4crypt_fe25519 *u,
                                             m4crypt_fe25519 *t)
{
    (void)t;
    m4crypt_fe25519_muladdsub_armv7m(s->v, f->v, g->v, u->v);
}

#else /* the portable field */

#if defined(M4CRYPT_CURVE25519_HAVE_BASE_MUL) || defined(M4CRYPT_CURVE25519_HAVE_SELECT_CACHED) || \
    defined(M4CRYPT_CURVE25519_HAVE_VARMUL)
#error "curve25519 backend: the group functions of a backend run on its field representation"
#endif
typedef m4crypt_fe25519_c m4crypt_fe25519;
#define M4CRYPT_FE25519_WORDS 10
#define m4crypt_fe25519_mul m4crypt_fe25519_mul_c
#define m4crypt_fe25519_sqr m4crypt_fe25519_sqr_c
#define m4crypt_fe25519_add m4crypt_fe25519_add_c
#define m4crypt_fe25519_sub m4crypt_fe25519_sub_c
#define m4crypt_fe25519_invert m4crypt_fe25519_invert_c
#define m4crypt_fe25519_frombytes m4crypt_fe25519_frombytes_c
#define m4crypt_fe25519_tobytes m4crypt_fe25519_tobytes_c
static inline void m4crypt_fe25519_addc(m4crypt_fe25519 *h, const m4crypt_fe25519 *f,
                                        const m4crypt_fe25519 *g)
{
    m4crypt_fe25519_add_c(h, f, g);
    m4crypt_fe25519_carry_c(h, h);
}
static inline void m4crypt_fe25519_subc(m4crypt_fe25519 *h, const m4crypt_fe25519 *f,
                                        const m4crypt_fe25519 *g)
{
    m4crypt_fe25519_sub_c(h, f, g);
    m4crypt_fe25519_carry_c(h, h);
}
static inline void m4crypt_fe25519_fromwords(m4crypt_fe25519 *h, const uint32_t w[8])
{
    uint8_t s[32];
    for (int i = 0; i < 8; i++) {
        s[4 * i] = (uint8_t)w[i];
        s[4 * i + 1] = (uint8_t)(w[i] >> 8);
        s[4 * i + 2] = (uint8_t)(w[i] >> 16);
        s[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    m4crypt_fe25519_frombytes_c(h, s);
    m4crypt_memzero(s, sizeof s);
}
/* t = f g; s = u + t; u = u - t (s must not alias u, f or g); t: scratch, which the caller
 * wipes. */
static inline void m4crypt_fe25519_muladdsub(m4crypt_fe25519 *s, const m4crypt_fe25519 *f,
                                             const m4crypt_fe25519 *g, m4crypt_fe25519 *u,
                                             m4crypt_fe25519 *t)
{
    m4crypt_fe25519_mul_c(t, f, g);
    m4crypt_fe25519_add_c(s, u, t);
    m4crypt_fe25519_sub_c(u, u, t);
}
#endif

#endif
