/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ARMv7E-M (Cortex-M4) backend of FIPS 202: Keccak-f[1600] in assembly (keccakf1600.S, generated
 * by gen_keccakf1600.py) on a bit-interleaved state.
 *
 * Layout: with this backend the sponge keeps m4crypt_keccak_ctx.state bit-interleaved: lane i is
 * stored as (even bits) | (odd bits) << 32, i.e. on this little-endian target word 2i holds bits
 * 0, 2, ..., 62 and word 2i + 1 bits 1, 3, ..., 63 of the standard lane. fips202.c converts bytes
 * on absorb/squeeze (whole lanes with keccak_lanes.S), and the public m4crypt_keccakf1600 converts
 * a standard state in and out.
 */
#ifndef M4CRYPT_FIPS202_ARMV7M_BACKEND_H
#define M4CRYPT_FIPS202_ARMV7M_BACKEND_H

#include <stdint.h>

/* Keccak-f[1600] on a bit-interleaved state, in place. */
void m4crypt_keccakf1600_armv7m(uint64_t state[25]);

/* Sponge lane conversion (keccak_lanes.S), n >= 1 whole lanes, byte pointers unaligned:
 * s[i] ^= interleave(little-endian 64-bit word at in + 8i), and the inverse extraction. */
void m4crypt_keccak_xor_lanes_armv7m(uint64_t *s, const uint8_t *in, unsigned n);
void m4crypt_keccak_extract_lanes_armv7m(const uint64_t *s, uint8_t *out, unsigned n);
/* s[0..24] = 0 (the sponge's init; keccak_lanes.S). */
void m4crypt_keccak_zero_state_armv7m(uint64_t s[25]);

#define M4CRYPT_FIPS202_HAVE_KECCAKF1600 1
#define M4CRYPT_FIPS202_INTERLEAVED 1
#define M4CRYPT_FIPS202_HAVE_LANES 1
#define M4CRYPT_FIPS202_HAVE_ZERO_STATE 1

#endif
