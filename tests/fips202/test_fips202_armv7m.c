/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin test of the Keccak-f[1600] backend: m4crypt_keccakf1600_armv7m (bit-interleaved state)
 * against the portable m4crypt_keccakf1600_c on 1000 random states and edge states (zero, all
 * ones, single bits), plus the public m4crypt_keccakf1600 (which converts the layout) against
 * the portable one. The interleaving used here is this test's own bit-by-bit version. With the
 * backend's lane conversion (keccak_lanes.S), 1000 random cases of xor_lanes/extract_lanes
 * (1..25 lanes, unaligned byte buffers) against the same bit-by-bit interleaving.
 * On a configuration without the backend it compares m4crypt_keccakf1600 with _c and says so.
 */
#include <string.h>

#include "fips202/backend.h"
#include "harness.h"

#ifdef M4CRYPT_FIPS202_HAVE_KECCAKF1600
static uint64_t interleave(uint64_t v)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < 32; i++) {
        r |= ((v >> (2 * i)) & 1) << i;
        r |= ((v >> (2 * i + 1)) & 1) << (32 + i);
    }
    return r;
}

static uint64_t deinterleave(uint64_t r)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 32; i++) {
        v |= ((r >> i) & 1) << (2 * i);
        v |= ((r >> (32 + i)) & 1) << (2 * i + 1);
    }
    return v;
}
#endif

/* Runs one state through both and checks that they agree. */
static void twin(const uint64_t in[25])
{
    uint64_t ref[25], got[25];
    memcpy(ref, in, sizeof ref);
    m4crypt_keccakf1600_c(ref);
#ifdef M4CRYPT_FIPS202_HAVE_KECCAKF1600
    for (int i = 0; i < 25; i++)
        got[i] = interleave(in[i]);
    m4crypt_keccakf1600_armv7m(got);
    for (int i = 0; i < 25; i++)
        got[i] = deinterleave(got[i]);
    CHECK(memcmp(got, ref, sizeof ref) == 0);
#endif
    memcpy(got, in, sizeof got);
    m4crypt_keccakf1600(got);
    CHECK(memcmp(got, ref, sizeof ref) == 0);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
#ifdef M4CRYPT_FIPS202_HAVE_KECCAKF1600
    t_printf("fips202_armv7m: comparing m4crypt_keccakf1600_armv7m with m4crypt_keccakf1600_c\n");
    {
        /* the interleaving itself: bit 2i -> even word bit i, bit 2i+1 -> odd word bit i */
        CHECK(interleave(1) == 1 && interleave(2) == 1ULL << 32);
        CHECK(interleave(1ULL << 63) == 1ULL << 63);
        CHECK(deinterleave(interleave(0x0123456789abcdefULL)) == 0x0123456789abcdefULL);
    }
#else
    t_printf("fips202_armv7m: no armv7m backend in this configuration: comparing "
             "m4crypt_keccakf1600 with m4crypt_keccakf1600_c only\n");
#endif
    uint64_t s[25];
    memset(s, 0, sizeof s);
    twin(s);
    memset(s, 0xff, sizeof s);
    twin(s);
    for (int bit = 0; bit < 1600; bit += t_quick() ? 37 : 1) {
        memset(s, 0, sizeof s);
        s[bit / 64] = 1ULL << (bit % 64);
        twin(s);
    }
    t_rand_seed(1600);
    for (int n = 0; n < 1000; n++) {
        t_rand_bytes((uint8_t *)s, sizeof s);
        twin(s);
    }
    /* a chain: each output fed back in, so errors that only show up after many rounds appear */
    uint64_t a[25] = {0};
#ifdef M4CRYPT_FIPS202_HAVE_KECCAKF1600
    uint64_t b[25] = {0};
    for (int n = 0; n < 200; n++) {
        m4crypt_keccakf1600_c(a);
        m4crypt_keccakf1600_armv7m(b);
    }
    for (int i = 0; i < 25; i++)
        b[i] = deinterleave(b[i]);
    CHECK(memcmp(a, b, sizeof a) == 0);
#else
    m4crypt_keccakf1600_c(a);
    CHECK(a[0] == 0xF1258F7940E1DDE7ULL);
#endif
#ifdef M4CRYPT_FIPS202_HAVE_LANES
    /* sponge lane conversion: 1000 random states, inputs, lane counts and misalignments */
    for (int n = 0; n < 1000; n++) {
        uint64_t st[25], ref[25];
        uint8_t buf[25 * 8 + 3], out[25 * 8 + 3];
        unsigned lanes = 1 + t_rand32() % 25, off = t_rand32() % 4;
        t_rand_bytes((uint8_t *)st, sizeof st);
        t_rand_bytes(buf, sizeof buf);
        memcpy(ref, st, sizeof ref);
        for (unsigned i = 0; i < lanes; i++) {
            uint64_t v = 0;
            for (unsigned k = 0; k < 8; k++)
                v |= (uint64_t)buf[off + 8 * i + k] << (8 * k);
            ref[i] ^= interleave(v);
        }
        m4crypt_keccak_xor_lanes_armv7m(st, buf + off, lanes);
        CHECK(memcmp(st, ref, sizeof st) == 0);
        memset(out, 0xa5, sizeof out);
        m4crypt_keccak_extract_lanes_armv7m(st, out + off, lanes);
        int ok = 1;
        for (unsigned i = 0; i < lanes; i++) {
            uint64_t v = deinterleave(st[i]);
            for (unsigned k = 0; k < 8; k++)
                ok &= out[off + 8 * i + k] == (uint8_t)(v >> (8 * k));
        }
        for (unsigned i = 0; i < off; i++)
            ok &= out[i] == 0xa5;
        for (unsigned i = off + 8 * lanes; i < sizeof out; i++)
            ok &= out[i] == 0xa5;
        CHECK(ok);
    }
    {
        /* one call of each on a full SHA3-256 / SHAKE256 block (17 lanes) and a SHAKE128 block
         * (21 lanes) in m4sim regions, which keccak_lanes.S names for its cycles (m4sim run
         * --regions <this elf>); checked against the bit-by-bit interleaving like the above */
        uint64_t st[25] = {0}, ref[25] = {0};
        uint8_t buf[200], out[200];
        t_rand_bytes(buf, sizeof buf);
        REGION("lanes.xor17", m4crypt_keccak_xor_lanes_armv7m(st, buf, 17));
        REGION("lanes.extract21", m4crypt_keccak_extract_lanes_armv7m(st, out, 21));
        for (unsigned i = 0; i < 17; i++) {
            uint64_t v = 0;
            for (unsigned k = 0; k < 8; k++)
                v |= (uint64_t)buf[8 * i + k] << (8 * k);
            ref[i] = interleave(v);
        }
        CHECK(memcmp(st, ref, sizeof st) == 0);
        int ok = 1;
        for (unsigned i = 0; i < 21; i++) {
            uint64_t v = deinterleave(st[i]);
            for (unsigned k = 0; k < 8; k++)
                ok &= out[8 * i + k] == (uint8_t)(v >> (8 * k));
        }
        CHECK(ok);
    }
#endif
#ifdef M4CRYPT_FIPS202_HAVE_ZERO_STATE
    {
        /* the state zeroing of the sponge's init: every word zero, the words around untouched */
        uint64_t z[27];
        t_rand_bytes((uint8_t *)z, sizeof z);
        uint64_t g0 = z[0], g26 = z[26];
        REGION("lanes.zero_state", m4crypt_keccak_zero_state_armv7m(z + 1));
        int ok = z[0] == g0 && z[26] == g26;
        for (int i = 1; i <= 25; i++)
            ok &= z[i] == 0;
        CHECK(ok);
    }
#endif
    return t_summary("fips202_armv7m");
}
