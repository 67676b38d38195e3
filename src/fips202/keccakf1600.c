/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Keccak-f[1600], portable C (FIPS 202 section 3.3: Rnd = iota . chi . pi . rho . theta, 24 rounds).
 *
 * Lane (x, y) of the state is state[x + 5y]. The round is written out for all 25 lanes as local
 * variables, two rounds per loop iteration (a -> e, then e -> a), so no lane is copied between
 * rounds. rho and pi are merged: the lane B[X, Y] that chi reads at position (X, Y) is
 * ROL(A[x, y] ^ D[x], r[x, y]) with x = X + 3Y, y = X (mod 5), the inverse of pi's
 * (x, y) -> (y, 2x + 3y). The straight-line round body below was generated from that rule by a
 * small script (the rotation offsets r[x, y] are FIPS 202 Table 2).
 *
 * Everything is data-independent (no branches or table lookups on the state): constant time.
 */
#include "common/common_internal.h"
#include "fips202_internal.h"

/* FIPS 202 section 3.2.5: RC[i] for i_r = 0..23 (the values of rc(j + 7 i_r) at bit 2^j - 1). */
static const uint64_t keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#define ROL64(x, n) (((x) << (n)) | ((x) >> (64 - (n))))

__attribute__((noinline)) void m4crypt_keccakf1600_c(uint64_t state[25])
{
    uint64_t a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18,
        a19, a20, a21, a22, a23, a24;
    uint64_t e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17, e18,
        e19, e20, e21, e22, e23, e24;
    uint64_t b0, b1, b2, b3, b4, c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;

    a0 = state[0], a1 = state[1], a2 = state[2], a3 = state[3], a4 = state[4];
    a5 = state[5], a6 = state[6], a7 = state[7], a8 = state[8], a9 = state[9];
    a10 = state[10], a11 = state[11], a12 = state[12], a13 = state[13], a14 = state[14];
    a15 = state[15], a16 = state[16], a17 = state[17], a18 = state[18], a19 = state[19];
    a20 = state[20], a21 = state[21], a22 = state[22], a23 = state[23], a24 = state[24];

    for (unsigned i = 0; i < 24; i += 2) {
        /* round i: a -> e */
        c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
        c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
        c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
        c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
        c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
        d0 = c4 ^ ROL64(c1, 1);
        d1 = c0 ^ ROL64(c2, 1);
        d2 = c1 ^ ROL64(c3, 1);
        d3 = c2 ^ ROL64(c4, 1);
        d4 = c3 ^ ROL64(c0, 1);
        b0 = a0 ^ d0;
        b1 = ROL64(a6 ^ d1, 44);
        b2 = ROL64(a12 ^ d2, 43);
        b3 = ROL64(a18 ^ d3, 21);
        b4 = ROL64(a24 ^ d4, 14);
        e0 = b0 ^ (~b1 & b2);
        e1 = b1 ^ (~b2 & b3);
        e2 = b2 ^ (~b3 & b4);
        e3 = b3 ^ (~b4 & b0);
        e4 = b4 ^ (~b0 & b1);
        b0 = ROL64(a3 ^ d3, 28);
        b1 = ROL64(a9 ^ d4, 20);
        b2 = ROL64(a10 ^ d0, 3);
        b3 = ROL64(a16 ^ d1, 45);
        b4 = ROL64(a22 ^ d2, 61);
        e5 = b0 ^ (~b1 & b2);
        e6 = b1 ^ (~b2 & b3);
        e7 = b2 ^ (~b3 & b4);
        e8 = b3 ^ (~b4 & b0);
        e9 = b4 ^ (~b0 & b1);
        b0 = ROL64(a1 ^ d1, 1);
        b1 = ROL64(a7 ^ d2, 6);
        b2 = ROL64(a13 ^ d3, 25);
        b3 = ROL64(a19 ^ d4, 8);
        b4 = ROL64(a20 ^ d0, 18);
        e10 = b0 ^ (~b1 & b2);
        e11 = b1 ^ (~b2 & b3);
        e12 = b2 ^ (~b3 & b4);
        e13 = b3 ^ (~b4 & b0);
        e14 = b4 ^ (~b0 & b1);
        b0 = ROL64(a4 ^ d4, 27);
        b1 = ROL64(a5 ^ d0, 36);
        b2 = ROL64(a11 ^ d1, 10);
        b3 = ROL64(a17 ^ d2, 15);
        b4 = ROL64(a23 ^ d3, 56);
        e15 = b0 ^ (~b1 & b2);
        e16 = b1 ^ (~b2 & b3);
        e17 = b2 ^ (~b3 & b4);
        e18 = b3 ^ (~b4 & b0);
        e19 = b4 ^ (~b0 & b1);
        b0 = ROL64(a2 ^ d2, 62);
        b1 = ROL64(a8 ^ d3, 55);
        b2 = ROL64(a14 ^ d4, 39);
        b3 = ROL64(a15 ^ d0, 41);
        b4 = ROL64(a21 ^ d1, 2);
        e20 = b0 ^ (~b1 & b2);
        e21 = b1 ^ (~b2 & b3);
        e22 = b2 ^ (~b3 & b4);
        e23 = b3 ^ (~b4 & b0);
        e24 = b4 ^ (~b0 & b1);
        e0 ^= keccak_rc[i];
        /* round i + 1: e -> a */
        c0 = e0 ^ e5 ^ e10 ^ e15 ^ e20;
        c1 = e1 ^ e6 ^ e11 ^ e16 ^ e21;
        c2 = e2 ^ e7 ^ e12 ^ e17 ^ e22;
        c3 = e3 ^ e8 ^ e13 ^ e18 ^ e23;
        c4 = e4 ^ e9 ^ e14 ^ e19 ^ e24;
        d0 = c4 ^ ROL64(c1, 1);
        d1 = c0 ^ ROL64(c2, 1);
        d2 = c1 ^ ROL64(c3, 1);
        d3 = c2 ^ ROL64(c4, 1);
        d4 = c3 ^ ROL64(c0, 1);
        b0 = e0 ^ d0;
        b1 = ROL64(e6 ^ d1, 44);
        b2 = ROL64(e12 ^ d2, 43);
        b3 = ROL64(e18 ^ d3, 21);
        b4 = ROL64(e24 ^ d4, 14);
        a0 = b0 ^ (~b1 & b2);
        a1 = b1 ^ (~b2 & b3);
        a2 = b2 ^ (~b3 & b4);
        a3 = b3 ^ (~b4 & b0);
        a4 = b4 ^ (~b0 & b1);
        b0 = ROL64(e3 ^ d3, 28);
        b1 = ROL64(e9 ^ d4, 20);
        b2 = ROL64(e10 ^ d0, 3);
        b3 = ROL64(e16 ^ d1, 45);
        b4 = ROL64(e22 ^ d2, 61);
        a5 = b0 ^ (~b1 & b2);
        a6 = b1 ^ (~b2 & b3);
        a7 = b2 ^ (~b3 & b4);
        a8 = b3 ^ (~b4 & b0);
        a9 = b4 ^ (~b0 & b1);
        b0 = ROL64(e1 ^ d1, 1);
        b1 = ROL64(e7 ^ d2, 6);
        b2 = ROL64(e13 ^ d3, 25);
        b3 = ROL64(e19 ^ d4, 8);
        b4 = ROL64(e20 ^ d0, 18);
        a10 = b0 ^ (~b1 & b2);
        a11 = b1 ^ (~b2 & b3);
        a12 = b2 ^ (~b3 & b4);
        a13 = b3 ^ (~b4 & b0);
        a14 = b4 ^ (~b0 & b1);
        b0 = ROL64(e4 ^ d4, 27);
        b1 = ROL64(e5 ^ d0, 36);
        b2 = ROL64(e11 ^ d1, 10);
        b3 = ROL64(e17 ^ d2, 15);
        b4 = ROL64(e23 ^ d3, 56);
        a15 = b0 ^ (~b1 & b2);
        a16 = b1 ^ (~b2 & b3);
        a17 = b2 ^ (~b3 & b4);
        a18 = b3 ^ (~b4 & b0);
        a19 = b4 ^ (~b0 & b1);
        b0 = ROL64(e2 ^ d2, 62);
        b1 = ROL64(e8 ^ d3, 55);
        b2 = ROL64(e14 ^ d4, 39);
        b3 = ROL64(e15 ^ d0, 41);
        b4 = ROL64(e21 ^ d1, 2);
        a20 = b0 ^ (~b1 & b2);
        a21 = b1 ^ (~b2 & b3);
        a22 = b2 ^ (~b3 & b4);
        a23 = b3 ^ (~b4 & b0);
        a24 = b4 ^ (~b0 & b1);
        a0 ^= keccak_rc[i + 1];
    }

    state[0] = a0, state[1] = a1, state[2] = a2, state[3] = a3, state[4] = a4;
    state[5] = a5, state[6] = a6, state[7] = a7, state[8] = a8, state[9] = a9;
    state[10] = a10, state[11] = a11, state[12] = a12, state[13] = a13, state[14] = a14;
    state[15] = a15, state[16] = a16, state[17] = a17, state[18] = a18, state[19] = a19;
    state[20] = a20, state[21] = a21, state[22] = a22, state[23] = a23, state[24] = a24;
}

#ifndef M4CRYPT_FIPS202_HAVE_KECCAKF1600
/* Stack bytes m4crypt_keccakf1600_c uses (make bench, keccak.f1600 portable: 292 with this
 * function's 8-byte frame), rounded up. */
#define KECCAKF1600_C_STACK 288
void m4crypt_keccakf1600_c_wiped(uint64_t state[25])
{
    m4crypt_keccakf1600_c(state);
    M4CRYPT_STACK_WIPE(KECCAKF1600_C_STACK);
}
#endif

#ifndef M4CRYPT_FIPS202_INTERLEAVED
/* The public permutation: the backend's if it uses the standard layout, else the portable one.
 * (An interleaving backend's version, with the layout conversion, is in fips202.c.) */
void m4crypt_keccakf1600(uint64_t state[25]) { M4CRYPT_KECCAKF1600_IMPL(state); }
#endif
