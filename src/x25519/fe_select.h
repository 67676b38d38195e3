/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The field and point types of the Edwards-curve code (x25519_base.c, src/ristretto255/): the
 * GF(2^255 - 19) arithmetic the selected X25519 ladder runs on, i.e. the portable radix-2^25.5
 * functions of fe25519.h, or with the armv7m backend its 8-word representation
 * (src/x25519/armv7m/backend.h). Internal to m4crypt.
 *
 * fs_add / fs_sub are the raw operations (portable: no carry, see the bounds in fe25519.h);
 * fs_addc / fs_subc always return a "tight" element (portable: followed by a carry pass), for
 * code that chains additions without tracking bounds. On armv7m they are all the same.
 */
#ifndef M4CRYPT_X25519_FE_SELECT_H
#define M4CRYPT_X25519_FE_SELECT_H

#include <stdint.h>

#include "m4crypt/common.h"
#include "x25519/fe25519.h"

#ifdef M4CRYPT_X25519_HAVE_SCALARMULT
typedef struct {
    uint32_t v[8];
} m4crypt_fesel;
#define FS_WORDS 8
#define fs_mul(h, f, g) m4crypt_fe256_mul_armv7m((h)->v, (f)->v, (g)->v)
#define fs_sqr(h, f) m4crypt_fe256_sqr_armv7m((h)->v, (f)->v)
#define fs_add(h, f, g) m4crypt_fe256_add_armv7m((h)->v, (f)->v, (g)->v)
#define fs_sub(h, f, g) m4crypt_fe256_sub_armv7m((h)->v, (f)->v, (g)->v)
#define fs_addc fs_add
#define fs_subc fs_sub
#define fs_invert(h, f) m4crypt_fe256_invert_armv7m((h)->v, (f)->v)
#define fs_frombytes(h, s) m4crypt_fe256_frombytes_armv7m((h)->v, (s))
#define fs_tobytes(s, f) m4crypt_fe256_tobytes_armv7m((s), (f)->v)
/* a canonical value as 8 little-endian words is already this representation */
static inline void fs_fromwords(m4crypt_fesel *h, const uint32_t w[8])
{
    for (int i = 0; i < 8; i++)
        h->v[i] = w[i];
}
#else
typedef m4crypt_fe25519 m4crypt_fesel;
#define FS_WORDS 10
#define fs_mul m4crypt_fe25519_mul
#define fs_sqr m4crypt_fe25519_sqr
#define fs_add m4crypt_fe25519_add
#define fs_sub m4crypt_fe25519_sub
#define fs_invert m4crypt_fe25519_invert
#define fs_frombytes m4crypt_fe25519_frombytes
#define fs_tobytes m4crypt_fe25519_tobytes
static inline void fs_addc(m4crypt_fesel *h, const m4crypt_fesel *f, const m4crypt_fesel *g)
{
    m4crypt_fe25519_add(h, f, g);
    m4crypt_fe25519_carry(h, h);
}
static inline void fs_subc(m4crypt_fesel *h, const m4crypt_fesel *f, const m4crypt_fesel *g)
{
    m4crypt_fe25519_sub(h, f, g);
    m4crypt_fe25519_carry(h, h);
}
static inline void fs_fromwords(m4crypt_fesel *h, const uint32_t w[8])
{
    uint8_t s[32];
    for (int i = 0; i < 8; i++) {
        s[4 * i] = (uint8_t)w[i];
        s[4 * i + 1] = (uint8_t)(w[i] >> 8);
        s[4 * i + 2] = (uint8_t)(w[i] >> 16);
        s[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    m4crypt_fe25519_frombytes(h, s);
    m4crypt_memzero(s, sizeof s);
}
#endif

static inline void fs_set_small(m4crypt_fesel *h, uint32_t v)
{
    for (int i = 0; i < FS_WORDS; i++)
        h->v[i] = 0;
    h->v[0] = v;
}

/* t = f g; s = u + t; u = u - t (s must not alias u, f or g); t: scratch, which the caller
 * wipes. With the armv7m backend its fused routine (m4crypt_fe256_muladdsub_armv7m, the same words
 * as the assembly's muladdsub_int; t unused). */
static inline void fs_muladdsub(m4crypt_fesel *s, const m4crypt_fesel *f, const m4crypt_fesel *g,
                                m4crypt_fesel *u, m4crypt_fesel *t)
{
#ifdef M4CRYPT_X25519_HAVE_SCALARMULT
    (void)t;
    m4crypt_fe256_muladdsub_armv7m(s->v, f->v, g->v, u->v);
#else
    fs_mul(t, f, g);
    fs_add(s, u, t);
    fs_sub(u, u, t);
#endif
}

/* f = g where mask is all ones, unchanged where it is zero. */
static inline void fs_cmov(m4crypt_fesel *f, const m4crypt_fesel *g, uint32_t mask)
{
    for (int i = 0; i < FS_WORDS; i++) {
        const uint32_t x = ((uint32_t)f->v[i] ^ (uint32_t)g->v[i]) & mask;
        f->v[i] = (int32_t)((uint32_t)f->v[i] ^ x);
    }
}

/* Extended twisted Edwards coordinates on edwards25519: x = X / Z, y = Y / Z, x y = T / Z. */
typedef struct {
    m4crypt_fesel X, Y, Z, T;
} m4crypt_ge25519_p3;

/* h = a * B, B the edwards25519 base point (the ristretto255 generator), for a 32-byte
 * little-endian a with a[31] <= 127, constant time (x25519_base.c). */
void m4crypt_ge25519_scalarmult_base(m4crypt_ge25519_p3 *h, const uint8_t a[32]);

/* h = sum e_i 16^i B for the 64 recoded digits e (m4crypt_scalar_recode_signed4), the portable
 * fixed-base loop of x25519_base.c; mode 0: h = (X, Y, Z, T); mode 1 (X25519): h->X / h->Y = the
 * Montgomery u of the result (Z + Y) / (Z - Y), h->Z, h->T unspecified. With the armv7m backend
 * the twin of m4crypt_ge25519_base_mul_armv7m (armv7m/ge25519_backend.h), giving the same words. */
void m4crypt_ge25519_base_mul_c(m4crypt_ge25519_p3 *h, const int8_t e[64], int mode);

/* The variable-base table scan of src/ristretto255/ristretto255.c: q = b P in the "cached" form
 * (Y + X, Y - X, 2 Z, 2 d T) from tab[k][j] = coordinate k of the cached (j + 1) P, b in [-8, 8]
 * (every entry read, one kept by masks; identity (1, 1, 2, 0) for b = 0; the negative by a masked
 * swap of the first two coordinates and a masked negation 0 - v of the last). With the armv7m
 * backend the twin of m4crypt_ge25519_select_cached_armv7m (armv7m/ge25519_backend.h). */
void m4crypt_ge25519_select_cached_c(m4crypt_fesel q[4], const m4crypt_fesel tab[4][8], int32_t b);

/* The variable-base loop of ristretto255: h = sum e_i 16^i P (e: 64 digits in [-8, 8]), from
 * i = 63 down, four doublings and the addition of e_i P chosen from tab (as above) per digit. With
 * the armv7m backend the twin of m4crypt_ge25519_varmul_armv7m (the same words). */
void m4crypt_ge25519_varmul_c(m4crypt_ge25519_p3 *h, const int8_t e[64],
                              const m4crypt_fesel tab[4][8]);

/* Recodes a scalar a (a[31] <= 127) into 64 signed radix-16 digits e_i in [-8, 8) (e_63 <= 8) with
 * a = sum e_i 16^i, for the fixed-window multiplications of x25519_base.c and src/ristretto255/.
 * Branch-free and data-independent in its memory accesses. */
static inline void m4crypt_scalar_recode_signed4(int8_t e[64], const uint8_t a[32])
{
    int8_t carry = 0;
    for (int i = 0; i < 32; i++) {
        e[2 * i] = (int8_t)(a[i] & 15);
        e[2 * i + 1] = (int8_t)(a[i] >> 4);
    }
    for (int i = 0; i < 63; i++) {
        e[i] = (int8_t)(e[i] + carry);
        carry = (int8_t)((e[i] + 8) >> 4);
        e[i] = (int8_t)(e[i] - carry * 16);
    }
    e[63] = (int8_t)(e[63] + carry);
}

#endif
