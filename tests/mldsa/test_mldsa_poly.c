/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ML-DSA's per-polynomial functions (src/mldsa/poly.h) against their definitions in FIPS 204,
 * computed here the slow, obvious way:
 *   - Decompose (Alg. 36) and Power2Round (Alg. 35) for every r in [0, q) on the host (both
 *     gamma2), a stride through [0, q) plus the edges with --quick; UseHint (Alg. 40);
 *   - MakeHint (Alg. 39) with signing's r0 bound for every a in [0, q) on the host (both gamma2;
 *     with --quick the a near Decompose's steps), each with 6 t in (-gamma2, gamma2): those
 *     putting LowBits(a) + t at the edges of its block, then 0, +-1, +-(gamma2 - 1) or random;
 *   - the NTT: NTT^-1(NTT(a) o NTT(b)) equals the schoolbook product in Z_q[X]/(X^256 + 1), at the
 *     input bounds (|x| < q) and on random inputs; the streamed part products agree with the
 *     whole pointwise product;
 *   - reduce32, caddq and the infinity-norm check at their edges;
 *   - every bit packing round-trips at its edges (Alg. 16-19) and writes exactly its size;
 *   - CoeffFromThreeBytes / CoeffFromHalfByte rejection (Alg. 14, 15) over all inputs;
 *   - signing's c s1, c s2 by the NTT modulo 769 (m4crypt_mldsa_small_mul_c, the backend's
 *     transforms) equal the exact negacyclic integer product, for c with tau nonzeros +-1 and s
 *     in [-eta, eta], every set; the reduction modulo 769 over every int16.
 */
#include <string.h>

#include "harness.h"
#include "mldsa/poly.h"

#define Q M4CRYPT_MLDSA_Q
static const int32_t GAMMA2[2] = {(Q - 1) / 88, (Q - 1) / 32};

static int32_t mod_q(int64_t x)
{
    int64_t r = x % Q;
    return (int32_t)(r < 0 ? r + Q : r);
}

/* x mod+- m: the representative in (-m/2, m/2] (m even). */
static int32_t mod_pm(int32_t x, int32_t m)
{
    int32_t r = x % m;
    if (r < 0)
        r += m;
    return r > m / 2 ? r - m : r;
}

static void test_rounding(void)
{
    uint32_t step = t_quick() ? 997 : 1;
    unsigned bad = 0;
    for (int g = 0; g < 2; g++) {
        int32_t gamma2 = GAMMA2[g];
        for (uint32_t r = 0; r < Q; r += (r < 300000 || r > Q - 300000) ? 1 : step) {
            int32_t r0 = mod_pm((int32_t)r, 2 * gamma2), r1, got0;
            if ((int32_t)r - r0 == Q - 1) {
                r1 = 0;
                r0 = r0 - 1;
            } else {
                r1 = ((int32_t)r - r0) / (2 * gamma2);
            }
            if (m4crypt_mldsa_highbits((int32_t)r, gamma2, &got0) != r1 || got0 != r0)
                bad++;
        }
    }
    /* Power2Round (Alg. 35 written out) through its encodings: power2round_pack, then the
     * decoders; t is left unchanged, and without t0_out the t1 bytes are the same */
    for (uint32_t r = 0; r < Q; r += step) {
        m4crypt_mldsa_poly a, t1s, t0;
        uint8_t t1_bytes[320], t1_alone[320], t0_bytes[416];
        for (unsigned i = 0; i < 256; i++)
            a.coeffs[i] = (int32_t)((r + i) % Q);
        m4crypt_mldsa_power2round_pack(t1_bytes, t0_bytes, &a);
        m4crypt_mldsa_power2round_pack(t1_alone, NULL, &a);
        m4crypt_mldsa_unpack_t1_shifted(&t1s, t1_bytes);
        m4crypt_mldsa_unpack_t0(&t0, t0_bytes);
        bad += memcmp(t1_bytes, t1_alone, sizeof t1_bytes) != 0;
        for (unsigned i = 0; i < 256; i++) {
            int32_t x = (int32_t)((r + i) % Q), x0 = mod_pm(x, 1 << 13);
            if (a.coeffs[i] != x || t0.coeffs[i] != x0 || t1s.coeffs[i] != x - x0)
                bad++;
        }
        if (r + 256 > Q)
            break;
        r += 255;
    }
    CHECK(bad == 0);
    /* Decompose and UseHint on a polynomial (both gamma2; Alg. 40 written out), as verification
     * applies it: w1Encode(HighBits) (highbits_pack_w1), then the hinted fields rewritten
     * (w1_use_hints), against pack_w1 of UseHint's values; hints at random positions, at none
     * and at all 256 */
    for (int g = 0; g < 4; g++) {
        int32_t gamma2 = GAMMA2[g % 2], m = (Q - 1) / (2 * gamma2);
        m4crypt_mldsa_poly a, a0, a1, u;
        uint8_t h[256], pos[256], w1[192], want_w1[192];
        unsigned npos = 0;
        for (unsigned i = 0; i < 256; i++) {
            a.coeffs[i] = i < 8 ? (int32_t)(i < 4 ? i : Q - 1 - (i - 4)) : (int32_t)(t_rand32() % Q);
            h[i] = (uint8_t)(g == 2 ? 0 : g == 3 ? 1 : t_rand32() & 1);
            if (h[i])
                pos[npos++] = (uint8_t)i;
        }
        m4crypt_mldsa_decompose_c(&a1, &a0, &a, gamma2);
        for (unsigned i = 0; i < 256; i++) {
            int32_t r0, r1 = m4crypt_mldsa_highbits(a.coeffs[i], gamma2, &r0), want = r1;
            CHECK(a1.coeffs[i] == r1 && a0.coeffs[i] == r0);
            if (h[i]) {
                want = r0 > 0 ? (r1 + 1) % m : (r1 - 1 + m) % m;
                CHECK(m4crypt_mldsa_use_hint_one(a.coeffs[i], gamma2) == want);
            }
            u.coeffs[i] = want;
        }
        m4crypt_mldsa_pack_w1_c(want_w1, &u, gamma2);
        m4crypt_mldsa_highbits_pack_w1(w1, &a, gamma2);
        m4crypt_mldsa_w1_use_hints(w1, &a, pos, npos, gamma2);
        CHECK(memcmp(w1, want_w1, m == 44 ? 192 : 128) == 0);
    }
}

/* Decompose (Alg. 36) written out, with a division: returns r1, r0 into *r0. */
static inline int32_t decompose_ref(int32_t r, int32_t gamma2, int32_t *r0)
{
    *r0 = mod_pm(r, 2 * gamma2);
    if (r - *r0 == Q - 1) {
        *r0 -= 1;
        return 0;
    }
    return (r - *r0) / (2 * gamma2);
}

/* decompose_ref with a constant gamma2 ((q - 1) / 88 or / 32): divisions by constants, which the
 * compiler turns into multiplications, for the speed of the exhaustive MakeHint test */
static int32_t decompose_const(int32_t r, int32_t gamma2, int32_t *r0)
{
    return gamma2 == (Q - 1) / 88 ? decompose_ref(r, (Q - 1) / 88, r0)
                                  : decompose_ref(r, (Q - 1) / 32, r0);
}

/* The t of kind 0..5 for a with LowBits r0, in (-gamma2, gamma2): those with r0 + t = gamma2,
 * gamma2 + 1, -gamma2, -gamma2 + 1, -gamma2 - 1 (the edges of the blocks of HighBits), clamped to
 * +-(gamma2 - 1) where these are out of range; then by a mod 8: 0, 1, -1, gamma2 - 1, -(gamma2 - 1)
 * or random. */
#define HINT_T_KINDS 6
static int32_t hint_t(unsigned kind, int32_t a, int32_t r0, int32_t gamma2)
{
    int32_t t;
    if (kind < 5) {
        static const int8_t edge[5][2] = {{1, 0}, {1, 1}, {-1, 0}, {-1, 1}, {-1, -1}};
        t = edge[kind][0] * gamma2 + edge[kind][1] - r0;
        t = t >= gamma2 ? gamma2 - 1 : t <= -gamma2 ? 1 - gamma2 : t;
    } else {
        const int32_t fixed[5] = {0, 1, -1, gamma2 - 1, 1 - gamma2};
        t = a % 8 < 5 ? fixed[a % 8]
                      : (int32_t)((uint64_t)t_rand32() * (2u * (uint32_t)gamma2 - 1) >> 32) -
                            (gamma2 - 1);
    }
    return t;
}

/* m4crypt_mldsa_make_hint_c on a_i = start + i (mod q) with the t of every kind, against
 * MakeHint (Alg. 39) written out: bits, number of ones and the r0 bound flag, which
 * m4crypt_mldsa_chknorm_lowbits_c must give alone; returns the number of mismatches. */
static unsigned check_make_hint(int32_t start, int32_t gamma2, int32_t bound)
{
    m4crypt_mldsa_poly a, t;
    int32_t r0[256], r1[256];
    uint32_t some_r0_bad = 0;
    unsigned bad = 0;
    for (unsigned i = 0; i < 256; i++) {
        a.coeffs[i] = (int32_t)(((uint32_t)start + i) % Q);
        r1[i] = decompose_const(a.coeffs[i], gamma2, &r0[i]);
        some_r0_bad |= r0[i] >= bound || r0[i] <= -bound;
    }
    for (unsigned kind = 0; kind < HINT_T_KINDS; kind++) {
        uint8_t h[32];
        uint32_t ones = 0;
        for (unsigned i = 0; i < 256; i++)
            t.coeffs[i] = hint_t(kind, a.coeffs[i], r0[i], gamma2);
        uint32_t got = m4crypt_mldsa_make_hint_c(h, &a, &t, gamma2, bound);
        for (unsigned i = 0; i < 256; i++) {
            int32_t s = a.coeffs[i] + t.coeffs[i], s0;
            s = s < 0 ? s + Q : s >= Q ? s - Q : s;
            uint32_t want = decompose_const(s, gamma2, &s0) != r1[i];
            bad += (uint32_t)(h[i / 8] >> (i % 8) & 1) != want;
            ones += want;
        }
        bad += got != (ones | some_r0_bad << 31);
    }
    bad += m4crypt_mldsa_chknorm_lowbits_c(&a, gamma2, bound) != some_r0_bad;
    return bad;
}

static void test_make_hint(void)
{
    /* (gamma2, r0_bound = gamma2 - beta) of ML-DSA-44, -65 and -87 */
    static const int32_t sets[3][2] = {{(Q - 1) / 88, (Q - 1) / 88 - 78},
                                       {(Q - 1) / 32, (Q - 1) / 32 - 196},
                                       {(Q - 1) / 32, (Q - 1) / 32 - 120}};
    unsigned bad = 0;
    for (unsigned set = 0; set < 2; set++) {
        int32_t gamma2 = sets[set][0], bound = sets[set][1], top = (Q - 1) / (2 * gamma2);
        if (!t_quick()) {
            for (int32_t start = 0; start < Q; start += 256)
                bad += check_make_hint(start, gamma2, bound);
        } else { /* the 256 a around each step of Decompose, 0 and q - 1 (the wrap) */
            for (int32_t k = 0; k <= top; k++)
                bad += check_make_hint(k * 2 * gamma2 + gamma2 - 128 + Q, gamma2, bound);
            bad += check_make_hint(Q - 128, gamma2, bound);
        }
    }
    /* the r0 bound flag coefficient by coefficient: a with LowBits(a) near +-bound in every block
     * and at the wrap (a = q - bound: r0 = -bound), the other coefficients 0 */
    for (unsigned set = 0; set < 3; set++) {
        int32_t gamma2 = sets[set][0], bound = sets[set][1], top = (Q - 1) / (2 * gamma2);
        for (int32_t k = 0; k <= top; k++)
            for (int32_t e = 0; e < 10; e++) { /* r0 = -bound - 2 .. -bound + 2, bound - 2 .. */
                int32_t d = e < 5 ? -bound - 2 + e : bound - 7 + e, r = k * 2 * gamma2 + d, r0;
                if (r < 0 || r >= Q)
                    continue;
                m4crypt_mldsa_poly a, t;
                uint8_t h[32];
                memset(&a, 0, sizeof a);
                memset(&t, 0, sizeof t);
                a.coeffs[17] = r;
                decompose_ref(r, gamma2, &r0);
                uint32_t want = (uint32_t)(r0 >= bound || r0 <= -bound) << 31;
                bad += m4crypt_mldsa_make_hint_c(h, &a, &t, gamma2, bound) != want;
                bad += m4crypt_mldsa_chknorm_lowbits_c(&a, gamma2, bound) != want >> 31;
            }
    }
    CHECK(bad == 0);
}

/* a * b in Z_q[X]/(X^256 + 1), schoolbook. */
static void schoolbook(int32_t *r, const int32_t *a, const int32_t *b)
{
    static int64_t acc[512];
    memset(acc, 0, sizeof acc);
    for (unsigned i = 0; i < 256; i++)
        for (unsigned j = 0; j < 256; j++)
            acc[i + j] = (acc[i + j] + (int64_t)a[i] * b[j]) % Q;
    for (unsigned i = 0; i < 256; i++)
        r[i] = mod_q(acc[i] - acc[i + 256]);
}

static void fill(m4crypt_mldsa_poly *a, unsigned kind)
{
    for (unsigned i = 0; i < 256; i++) {
        int32_t v;
        switch (kind) {
        case 0: v = Q - 1; break;
        case 1: v = -(Q - 1); break;
        case 2: v = (i & 1) ? Q - 1 : -(Q - 1); break;
        case 3: v = i == 0 ? 1 : 0; break;
        case 4: v = i == 255 ? -(Q - 1) : 0; break;
        default: v = (int32_t)(t_rand32() % (2 * Q - 1)) - (Q - 1); break;
        }
        a->coeffs[i] = v;
    }
}

static void test_ntt(void)
{
    unsigned cases = t_quick() ? 8 : 24;
    for (unsigned c = 0; c < cases; c++) {
        m4crypt_mldsa_poly a, b, ah, bh, r, acc;
        int32_t want[256];
        fill(&a, c % 7);
        fill(&b, (c / 7 + 5) % 7);
        schoolbook(want, a.coeffs, b.coeffs);
        ah = a;
        bh = b;
        m4crypt_mldsa_ntt(&ah);
        m4crypt_mldsa_ntt(&bh);
        int ok = 1;
        for (unsigned i = 0; i < 256; i++)
            ok &= ah.coeffs[i] > -9 * Q && ah.coeffs[i] < 9 * Q;
        CHECK(ok);
        m4crypt_mldsa_pointwise(&r, &ah, &bh);
        /* the streamed part products give the same sum (twice: accumulated) */
        memset(&acc, 0, sizeof acc);
        m4crypt_mldsa_caddq_c(&r);
        for (unsigned k = 0; k < 256; k += M4CRYPT_MLDSA_STEP) {
            m4crypt_mldsa_poly ar = ah;
            m4crypt_mldsa_freeze(&ar); /* the matrix operand: in [0, q) */
            m4crypt_mldsa_pointwise_acc_part(acc.coeffs + k, ar.coeffs + k, bh.coeffs + k);
            m4crypt_mldsa_pointwise_acc_part(acc.coeffs + k, ar.coeffs + k, bh.coeffs + k);
        }
        ok = 1;
        for (unsigned i = 0; i < 256; i++)
            ok &= mod_q(acc.coeffs[i]) == mod_q(2 * (int64_t)r.coeffs[i]);
        CHECK(ok);
        m4crypt_mldsa_invntt(&r);
        ok = 1;
        for (unsigned i = 0; i < 256; i++)
            ok &= r.coeffs[i] > -Q && r.coeffs[i] < Q && mod_q(r.coeffs[i]) == want[i];
        CHECK(ok);
    }
}

static void test_reduce_norm(void)
{
    static const int32_t edges[] = {0, 1, -1, Q, -Q, Q - 1, 2147483647 - (1 << 22),
                                    -2147483647 + (1 << 22), 4190208, -4190208, 6283008, 123456789};
    m4crypt_mldsa_poly a;
    for (unsigned i = 0; i < 256; i++)
        a.coeffs[i] = i < sizeof edges / sizeof edges[0] ? edges[i] : (int32_t)t_rand32() >> 1;
    m4crypt_mldsa_poly b = a;
    m4crypt_mldsa_reduce(&b);
    int ok = 1;
    for (unsigned i = 0; i < 256; i++) {
        int32_t x = a.coeffs[i];
        if (x > 2147483647 - (1 << 22) || x < -2147483647 + (1 << 22))
            continue;
        ok &= b.coeffs[i] >= -6283008 && b.coeffs[i] <= 6283008 && mod_q(b.coeffs[i]) == mod_q(x);
    }
    CHECK(ok);
    m4crypt_mldsa_caddq_c(&b);
    ok = 1;
    for (unsigned i = 0; i < 256; i++)
        ok &= b.coeffs[i] >= 0 && b.coeffs[i] < Q;
    CHECK(ok);
    /* chknorm: the bound is strict (|x| >= bound fails), either sign, any position */
    for (unsigned pos = 0; pos < 256; pos += 85) {
        memset(&a, 0, sizeof a);
        a.coeffs[pos] = 1000;
        CHECK(m4crypt_mldsa_chknorm(&a, 1001) == 0);
        CHECK(m4crypt_mldsa_chknorm(&a, 1000) == 1);
        a.coeffs[pos] = -1000;
        CHECK(m4crypt_mldsa_chknorm(&a, 1001) == 0);
        CHECK(m4crypt_mldsa_chknorm(&a, 1000) == 1);
    }
}

static void test_packing(void)
{
    uint8_t buf[640 + 8], buf2[640 + 8];
    m4crypt_mldsa_poly a, b;
    for (unsigned rep = 0; rep < 8; rep++) {
        /* t1 (10 bits) and t0 ((-2^12, 2^12], 13 bits) of Power2Round: rep 0 reaches t1 = 1023
         * and t0 = 2^12, rep 1 t1 = 0 and t0 = -(2^12 - 1); the bytes after each encoding are
         * untouched, and t1 2^d + t0 = t */
        m4crypt_mldsa_poly t1s;
        for (unsigned i = 0; i < 256; i++)
            a.coeffs[i] = rep == 0   ? ((i & 1) ? Q - 1 : 8192 * (int32_t)(i % 1023) + 4096)
                          : rep == 1 ? ((i & 1) ? (int32_t)i / 2 : 8192 * (int32_t)(i % 1022) + 4097)
                                     : (int32_t)(t_rand32() % Q);
        memset(buf, 0xa5, sizeof buf);
        memset(buf2, 0xa5, sizeof buf2);
        m4crypt_mldsa_power2round_pack(buf, buf2, &a);
        CHECK(buf[320] == 0xa5 && buf2[416] == 0xa5);
        m4crypt_mldsa_unpack_t1_shifted(&t1s, buf);
        m4crypt_mldsa_unpack_t0(&b, buf2);
        int ok = 1, t1_max = 0, t0_max = 0, t0_min = 0;
        for (unsigned i = 0; i < 256; i++) {
            ok &= t1s.coeffs[i] + b.coeffs[i] == a.coeffs[i] && (t1s.coeffs[i] & 8191) == 0;
            t1_max |= t1s.coeffs[i] == 1023 << 13;
            t0_max |= b.coeffs[i] == 4096;
            t0_min |= b.coeffs[i] == -4095;
        }
        CHECK(ok);
        CHECK(rep != 0 || (t1_max && t0_max));
        CHECK(rep != 1 || t0_min);
        /* eta 2 and 4: [-eta, eta] round-trips and is in range */
        for (unsigned eta = 2; eta <= 4; eta += 2) {
            size_t n = eta == 2 ? 96 : 128;
            for (unsigned i = 0; i < 256; i++)
                a.coeffs[i] = rep == 0 ? (int32_t)eta : rep == 1 ? -(int32_t)eta
                                                               : (int32_t)(t_rand32() % (2 * eta + 1)) - (int32_t)eta;
            memset(buf, 0xa5, sizeof buf);
            m4crypt_mldsa_pack_eta(buf, &a, eta);
            CHECK(buf[n] == 0xa5);
            CHECK(m4crypt_mldsa_unpack_eta(&b, buf, eta) == 0);
            CHECK(memcmp(&a, &b, sizeof a) == 0);
            /* add_eta_power2round_pack: the encodings of (t + s) mod q for |t| < q (edges
             * +-(q - 1) and around 0, where the sum changes sign), t unchanged, as
             * power2round_pack of the sum computed here */
            {
                static uint8_t t1a[320], t0a[416], t1b[320], t0b[416], t1c[320];
                for (unsigned i = 0; i < 256; i++)
                    b.coeffs[i] = i % 4 == 0   ? Q - 1
                                  : i % 4 == 1 ? -(Q - 1)
                                  : i % 4 == 2 ? (int32_t)(t_rand32() % 9) - 4
                                               : (int32_t)(t_rand32() % (2 * Q - 1)) - (Q - 1);
                m4crypt_mldsa_poly sum, t_before = b;
                for (unsigned i = 0; i < 256; i++)
                    sum.coeffs[i] = (int32_t)(((int64_t)b.coeffs[i] + a.coeffs[i] + 2 * Q) % Q);
                m4crypt_mldsa_add_eta_power2round_pack(t1a, t0a, &b, buf, eta);
                m4crypt_mldsa_add_eta_power2round_pack(t1c, NULL, &b, buf, eta);
                m4crypt_mldsa_power2round_pack(t1b, t0b, &sum);
                CHECK(memcmp(t1a, t1b, sizeof t1a) == 0 && memcmp(t0a, t0b, sizeof t0a) == 0 &&
                      memcmp(t1c, t1b, sizeof t1c) == 0 &&
                      memcmp(&b, &t_before, sizeof b) == 0);
            }
            /* a field of 2 eta + 1 .. 2^bits - 1 is out of range, at any position */
            memcpy(buf2, buf, n);
            buf2[n - 1] |= eta == 2 ? 0xe0 : 0xf0; /* the last field: 7 or 15 */
            CHECK(m4crypt_mldsa_unpack_eta(&b, buf2, eta) == 1);
        }
        /* z: (-gamma1, gamma1] for gamma1 = 2^17, 2^19 */
        for (unsigned bits = 17; bits <= 19; bits += 2) {
            int32_t g1 = (int32_t)1 << bits;
            size_t n = 32 * (bits + 1);
            for (unsigned i = 0; i < 256; i++)
                a.coeffs[i] = rep == 0 ? g1 : rep == 1 ? -g1 + 1 : (int32_t)(t_rand32() % (uint32_t)(2 * g1)) - g1 + 1;
            memset(buf, 0xa5, sizeof buf);
            m4crypt_mldsa_pack_z(buf, &a, bits);
            CHECK(buf[n] == 0xa5);
            m4crypt_mldsa_unpack_z(&b, buf, bits);
            CHECK(memcmp(&a, &b, sizeof a) == 0);
        }
        /* w1: 6 bits (gamma2 = (q-1)/88, values 0..43) or 4 bits ((q-1)/32, 0..15) */
        for (int g = 0; g < 2; g++) {
            int32_t top = (Q - 1) / (2 * GAMMA2[g]);
            size_t n = g == 0 ? 192 : 128;
            unsigned bits = g == 0 ? 6 : 4;
            for (unsigned i = 0; i < 256; i++)
                a.coeffs[i] = rep == 0 ? top - 1 : (int32_t)(t_rand32() % (uint32_t)top);
            memset(buf, 0xa5, sizeof buf);
            m4crypt_mldsa_pack_w1_c(buf, &a, GAMMA2[g]);
            CHECK(buf[n] == 0xa5);
            int ok2 = 1;
            for (unsigned i = 0; i < 256; i++) {
                uint32_t v = 0;
                for (unsigned k = 0; k < bits; k++) {
                    unsigned pos = i * bits + k;
                    v |= (uint32_t)(buf[pos / 8] >> (pos % 8) & 1) << k;
                }
                ok2 &= v == (uint32_t)a.coeffs[i];
            }
            CHECK(ok2);
        }
    }
}

static void test_rejection(void)
{
    /* Alg. 14: every 24-bit pattern's decision, by sweeping the top byte (the decision depends on
     * b2 & 127 and the others only at the threshold). */
    uint8_t buf[3 * 256];
    int32_t out[256];
    unsigned bad = 0;
    for (unsigned b2 = 0; b2 < 256; b2++) {
        for (unsigned i = 0; i < 256; i++) {
            buf[3 * i] = (uint8_t)i;
            buf[3 * i + 1] = (uint8_t)(b2 == 0x7f || b2 == 0xff ? 0xdf + (i & 0x3f) % 0x21 : i * 7);
            buf[3 * i + 2] = (uint8_t)b2;
        }
        unsigned want = 0;
        for (unsigned i = 0; i < 256; i++) {
            uint32_t z = buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 | (uint32_t)(b2 & 127) << 16;
            if (z < Q)
                want++;
        }
        unsigned n = m4crypt_mldsa_rej_uniform(out, 256, buf, sizeof buf);
        bad += n != want;
        for (unsigned i = 0, k = 0; i < 256 && k < n; i++) {
            uint32_t z = buf[3 * i] | (uint32_t)buf[3 * i + 1] << 8 | (uint32_t)(b2 & 127) << 16;
            if (z < Q)
                bad += out[k++] != (int32_t)z;
        }
    }
    CHECK(bad == 0);
    /* the output limit is honoured */
    memset(buf, 0, sizeof buf);
    out[10] = 12345;
    CHECK(m4crypt_mldsa_rej_uniform(out, 10, buf, sizeof buf) == 10 && out[10] == 12345);
    /* Alg. 15 for all 256 bytes (both half-bytes), eta = 2 and 4 */
    uint8_t all[256];
    for (unsigned i = 0; i < 256; i++)
        all[i] = (uint8_t)i;
    for (unsigned eta = 2; eta <= 4; eta += 2) {
        int32_t r[512];
        unsigned n = m4crypt_mldsa_rej_eta(r, 512, all, 256, eta), k = 0;
        bad = 0;
        for (unsigned i = 0; i < 256; i++)
            for (unsigned half = 0; half < 2; half++) {
                unsigned b = half ? i >> 4 : i & 15;
                if (eta == 2 && b < 15)
                    bad += k >= n || r[k++] != 2 - (int32_t)(b % 5);
                if (eta == 4 && b < 9)
                    bad += k >= n || r[k++] != 4 - (int32_t)b;
            }
        CHECK(bad == 0 && k == n);
        CHECK(m4crypt_mldsa_rej_eta(r, 3, all, 256, eta) == 3);
    }
}

#if M4CRYPT_ENABLE_MLDSA_SIGN
/* c s in Z[X]/(X^256 + 1), exactly. */
static void negacyclic(int32_t *r, const int32_t *c, const int32_t *s)
{
    memset(r, 0, 256 * sizeof *r);
    for (unsigned i = 0; i < 256; i++)
        for (unsigned j = 0; j < 256; j++) {
            int32_t p = c[i] * s[j];
            if (i + j < 256)
                r[i + j] += p;
            else
                r[i + j - 256] -= p;
        }
}

/* For ML-DSA-44, -65, -87 (tau, eta): c with tau nonzeros (random places; random signs, all +1 or
 * all -1), s = every coefficient +eta or -eta, or random in [-eta, eta], packed as in the secret
 * key; m4crypt_mldsa_small_mul_c(s, small_ntt(c)) and its two-step form (NTT(s) kept,
 * m4crypt_mldsa_small_ntt_eta and m4crypt_mldsa_small_mul_c_hat) against the schoolbook
 * product. */
static void test_small_mul(void)
{
    static const unsigned taus[3] = {39, 49, 60}, etas[3] = {2, 4, 2};
    unsigned n = t_quick() ? 12 : 60, bad = 0, bad_reduce = 0, bad_hat = 0;
    static m4crypt_mldsa_smallpoly shat;
    for (unsigned k = 0; k < 3 * n; k++) {
        unsigned tau = taus[k % 3], eta = etas[k % 3], kc = k / 3 % 3, ks = k / 9 % 3;
        m4crypt_mldsa_poly c, s;
        m4crypt_mldsa_smallpoly chat, r;
        int32_t want[256];
        uint8_t packed[128];
        memset(&c, 0, sizeof c);
        for (unsigned placed = 0; placed < tau;) {
            unsigned pos = t_rand32() % 256;
            if (c.coeffs[pos] != 0)
                continue;
            c.coeffs[pos] = kc == 1 ? 1 : kc == 2 ? -1 : (t_rand32() & 1) ? 1 : -1;
            placed++;
        }
        for (unsigned i = 0; i < 256; i++) {
            s.coeffs[i] = ks == 0   ? (int32_t)eta
                          : ks == 1 ? -(int32_t)eta
                                    : (int32_t)(t_rand32() % (2 * eta + 1)) - (int32_t)eta;
            chat.coeffs[i] = (int16_t)c.coeffs[i];
        }
        m4crypt_mldsa_pack_eta(packed, &s, eta);
        m4crypt_mldsa_small_ntt(&chat);
        m4crypt_mldsa_small_mul_c(&r, packed, eta, &chat);
        negacyclic(want, c.coeffs, s.coeffs);
        for (unsigned i = 0; i < 256; i++)
            bad += r.coeffs[i] != want[i];
        /* the two-step form that signing uses for s1 and s2: NTT(s) kept, within small_ntt's
         * output bound */
        m4crypt_mldsa_small_ntt_eta(&shat, packed, eta);
        for (unsigned i = 0; i < 256; i++)
            bad_hat += shat.coeffs[i] > 3072 || shat.coeffs[i] < -3072;
        memset(&r, 0x5a, sizeof r);
        m4crypt_mldsa_small_mul_c_hat(&r, &shat, &chat);
        for (unsigned i = 0; i < 256; i++)
            bad_hat += r.coeffs[i] != want[i];
    }
    for (int32_t a = -32768; a < 32768; a++) {
        int32_t t = m4crypt_mldsa_small_reduce((int16_t)a);
        bad_reduce += t < -384 || t > 384 || (a - t) % M4CRYPT_MLDSA_SMALL_Q != 0;
    }
    CHECK(bad == 0);
    CHECK(bad_hat == 0);
    CHECK(bad_reduce == 0);
}
#endif

#if M4CRYPT_ENABLE_MLDSA_SIGN
/* Signing's packed A: sample_ntt_p24 of random rho and indices gives, byte for byte, the packed
 * form (pack24) of the streamed entry (sample_ntt_start and its steps), and leaves the bytes
 * after the entry alone. */
static void test_sample_ntt_p24(void)
{
    static uint8_t want[768], got[768 + 4];
    static m4crypt_mldsa_xof ws;
    unsigned bad = 0;
    for (unsigned k = 0; k < 24; k++) {
        uint8_t rho[32];
        t_rand_bytes(rho, sizeof rho);
        uint8_t s = (uint8_t)(k % 7), r = (uint8_t)(k / 3);
        m4crypt_mldsa_sample_ntt_start(&ws, rho, s, r);
        for (unsigned n = 0; n < 256; n += M4CRYPT_MLDSA_STEP) {
            m4crypt_mldsa_sample_ntt_step(&ws);
            m4crypt_mldsa_pack24(want + 3 * n, ws.coeffs, M4CRYPT_MLDSA_STEP);
        }
        memset(got, 0xa5, sizeof got);
        m4crypt_mldsa_sample_ntt_p24(got, rho, s, r, &ws);
        bad += memcmp(got, want, sizeof want) != 0 || got[768] != 0xa5 || got[771] != 0xa5;
    }
    CHECK(bad == 0);
}
#endif

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x706f6c79);
    test_rounding();
    test_make_hint();
    test_ntt();
    test_reduce_norm();
    test_packing();
    test_rejection();
#if M4CRYPT_ENABLE_MLDSA_SIGN
    test_small_mul();
    test_sample_ntt_p24();
#endif
    return t_summary("mldsa_poly");
}
