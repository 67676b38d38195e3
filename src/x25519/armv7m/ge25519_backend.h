/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ARMv7E-M (Cortex-M4) assembly for the fixed-base multiplication of x25519_base.c (edwards25519,
 * shared by X25519 key generation and ristretto255): the constant-time table scan and the whole
 * multiplication loop, on the field representation of the X25519 backend
 * (src/x25519/armv7m/backend.h: 8 x 32-bit words mod 2^256 - 38). Included by x25519_base.c when
 * that backend is selected (M4CRYPT_X25519_HAVE_SCALARMULT); the C twins are in x25519_base.c.
 */
#ifndef M4CRYPT_X25519_ARMV7M_GE25519_BACKEND_H
#define M4CRYPT_X25519_ARMV7M_GE25519_BACKEND_H

#include <stdint.h>

/* Twin of m4crypt_x25519_base_select_c (x25519_base.h): out = b * 256^i * B in the form
 * ((y + x) / 2, (y - x) / 2, d x y) for row = m4crypt_x25519_base_table[i], b in [-8, 8]; every
 * word of the row is read (ge25519_select.S). */
void m4crypt_ge25519_select_armv7m(uint32_t out[24], const uint32_t row[3][8][8], int32_t b);

/* p = sum e_i 16^i B for the 64 recoded digits e in [-8, 8] (x25519_base.c): 64 scans and mixed
 * additions (madd-2008-hwcd-3 + conversion to extended coordinates), four doublings between the
 * odd and the even digits. mode 0: p = (X, Y, Z, T) as 32 consecutive words
 * (m4crypt_ge25519_p3); mode 1 (X25519): p[0..7] / p[8..15] = the Montgomery u of the result as a
 * fraction, p[16..31] unspecified (p still 32 words). table = m4crypt_x25519_base_table. Twin:
 * m4crypt_ge25519_base_mul_c (x25519_base.c). All temporaries stay on its own frame, which it wipes
 * with what its callees left below it and s0..s15 before returning (ge25519_base.S). */
void m4crypt_ge25519_base_mul_armv7m(uint32_t *p, const int8_t e[64],
                                     const uint32_t table[32][3][8][8], uint32_t mode);

#define M4CRYPT_GE25519_HAVE_BASE_MUL 1

/* Twin of m4crypt_ge25519_select_cached_c (fe_select.h): the variable-base scan of ristretto255,
 * out (32 words) = b P in the cached form (Y + X, Y - X, 2 Z, 2 d T) from tab[k][j] (4 x 8 x 8
 * words) = coordinate k of (j + 1) P, b in [-8, 8]; every word of tab is read
 * (ge25519_select.S). */
void m4crypt_ge25519_select_cached_armv7m(uint32_t *out, const uint32_t *tab, int32_t b);

#define M4CRYPT_GE25519_HAVE_SELECT_CACHED 1

/* Twin of m4crypt_ge25519_varmul_c (fe_select.h): h (32 words, extended coordinates) =
 * sum e_i 16^i P, i = 63 down to 0, four doublings and one cached addition per digit, the
 * multiples from tab as for m4crypt_ge25519_select_cached_armv7m (ge25519_base.S). */
void m4crypt_ge25519_varmul_armv7m(uint32_t *h, const int8_t e[64], const uint32_t *tab);

#define M4CRYPT_GE25519_HAVE_VARMUL 1

#endif
