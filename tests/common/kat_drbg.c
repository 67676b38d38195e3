/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* AES-256 and the KAT generator's CTR_DRBG, for tests only: see kat_drbg.h. */
#include "kat_drbg.h"

#include <string.h>

/* Multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197 section 4.2.1). */
static uint8_t xtime(uint8_t a)
{
    return (uint8_t)((a << 1) ^ ((a >> 7) * 0x1b));
}

static uint8_t gmul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    for (; b; b >>= 1, a = xtime(a))
        if (b & 1)
            p ^= a;
    return p;
}

/* FIPS 197 section 5.1.1: the multiplicative inverse (0 maps to 0), then the affine map
 * b ^ (b <<< 1) ^ (b <<< 2) ^ (b <<< 3) ^ (b <<< 4) ^ 0x63. */
static uint8_t sbox[256];
static void sbox_init(void)
{
    if (sbox[0] == 0x63)
        return;
    for (unsigned x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (unsigned y = 1; y < 256 && x; y++)
            if (gmul((uint8_t)x, (uint8_t)y) == 1)
                inv = (uint8_t)y;
        uint8_t b = inv, s = inv;
        for (int i = 0; i < 4; i++) {
            b = (uint8_t)((b << 1) | (b >> 7));
            s ^= b;
        }
        sbox[x] = s ^ 0x63;
    }
}

/* FIPS 197 section 5.2, Nk = 8, Nr = 14: words w[0..59], round key r = w[4r..4r+3]. */
void kat_aes256_init(kat_aes256 *aes, const uint8_t key[32])
{
    uint8_t w[60][4], rcon = 1;
    sbox_init();
    memcpy(w, key, 32);
    for (int i = 8; i < 60; i++) {
        uint8_t t[4];
        memcpy(t, w[i - 1], 4);
        if (i % 8 == 0) {
            uint8_t t0 = t[0]; /* RotWord, SubWord, Rcon */
            t[0] = (uint8_t)(sbox[t[1]] ^ rcon);
            t[1] = sbox[t[2]];
            t[2] = sbox[t[3]];
            t[3] = sbox[t0];
            rcon = xtime(rcon);
        } else if (i % 8 == 4) {
            for (int j = 0; j < 4; j++)
                t[j] = sbox[t[j]];
        }
        for (int j = 0; j < 4; j++)
            w[i][j] = w[i - 8][j] ^ t[j];
    }
    memcpy(aes->rk, w, sizeof aes->rk);
}

/* FIPS 197 section 5.1; the state is column-major: s[r + 4c]. */
void kat_aes256_encrypt(const kat_aes256 *aes, uint8_t out[16], const uint8_t in[16])
{
    uint8_t s[16], t[16];
    for (int i = 0; i < 16; i++)
        s[i] = in[i] ^ aes->rk[0][i];
    for (int round = 1; round <= 14; round++) {
        for (int i = 0; i < 16; i++) /* SubBytes and ShiftRows: row r moves left by r */
            t[i] = sbox[s[(i + 4 * (i % 4)) % 16]];
        if (round < 14) /* MixColumns */
            for (int c = 0; c < 4; c++) {
                uint8_t *a = t + 4 * c, a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
                a[0] = (uint8_t)(xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3);
                a[1] = (uint8_t)(a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3);
                a[2] = (uint8_t)(a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3);
                a[3] = (uint8_t)(xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3));
            }
        for (int i = 0; i < 16; i++)
            s[i] = t[i] ^ aes->rk[round][i];
    }
    memcpy(out, s, 16);
}

static void increment(uint8_t v[16])
{
    for (int i = 15; i >= 0 && ++v[i] == 0; i--)
        ;
}

/* SP 800-90A 10.2.1.2 CTR_DRBG_Update; provided = NULL stands for 0^384. */
static void update(kat_drbg *d, const uint8_t *provided)
{
    uint8_t temp[48];
    for (int i = 0; i < 3; i++) {
        increment(d->v);
        kat_aes256_encrypt(&d->aes, temp + 16 * i, d->v);
    }
    if (provided)
        for (int i = 0; i < 48; i++)
            temp[i] ^= provided[i];
    memcpy(d->key, temp, 32);
    memcpy(d->v, temp + 32, 16);
    kat_aes256_init(&d->aes, d->key);
}

void kat_drbg_init(kat_drbg *d, const uint8_t seed[48])
{
    memset(d->key, 0, sizeof d->key);
    memset(d->v, 0, sizeof d->v);
    kat_aes256_init(&d->aes, d->key);
    update(d, seed);
}

void kat_drbg_generate(kat_drbg *d, uint8_t *out, size_t len)
{
    uint8_t block[16];
    while (len > 0) {
        increment(d->v);
        kat_aes256_encrypt(&d->aes, block, d->v);
        size_t n = len < 16 ? len : 16;
        memcpy(out, block, n);
        out += n;
        len -= n;
    }
    update(d, NULL);
}

int kat_drbg_randombytes(void *ctx, uint8_t *out, size_t len)
{
    kat_drbg_generate((kat_drbg *)ctx, out, len);
    return 0;
}
