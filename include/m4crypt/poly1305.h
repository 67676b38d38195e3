/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Poly1305 one-time authenticator (RFC 8439 section 2.5). A key must never be used twice.
 */
#ifndef M4CRYPT_POLY1305_H
#define M4CRYPT_POLY1305_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define M4CRYPT_POLY1305_KEYBYTES 32
#define M4CRYPT_POLY1305_TAGBYTES 16

/* The layout is private (src/poly1305/backend.h: clamped r and s as little-endian words, the
 * accumulator h in radix 2^32, the same for every backend). */
typedef struct {
    uint32_t r[5], h[5], pad[4];
    uint8_t buf[16];
    uint32_t buflen;
} m4crypt_poly1305_ctx;

#if M4CRYPT_ENABLE_POLY1305 /* m4crypt/config.h */
void m4crypt_poly1305_init(m4crypt_poly1305_ctx *ctx, const uint8_t key[32]);
void m4crypt_poly1305_update(m4crypt_poly1305_ctx *ctx, const uint8_t *m, size_t len);
void m4crypt_poly1305_final(m4crypt_poly1305_ctx *ctx, uint8_t tag[16]); /* wipes ctx */
void m4crypt_poly1305(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t key[32]);
#endif

#ifdef __cplusplus
}
#endif
#endif
