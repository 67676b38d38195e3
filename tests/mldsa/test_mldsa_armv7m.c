/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin tests of the ML-DSA Cortex-M4 backend (src/mldsa/armv7m/): each assembly routine against
 * its portable C twin (the _c function, always built), on random inputs at the contract's
 * bounds and on edge polynomials (every coefficient +-(q - 1), alternating signs, zero, single
 * coefficients, random signs at the bound). The assembly follows the C's arithmetic exactly, so
 * the outputs must be equal word for word (and within the documented bounds). On a build without
 * the backend the plain name is the C function itself: the test then checks the C against
 * itself and says so. The routines only key generation and signing use are built with them
 * (M4CRYPT_ENABLE_MLDSA_KEYPAIR, m4crypt/config.h): without, their tests are left out, and the
 * program says so.
 */
#include <string.h>

#include "harness.h"
#include "mldsa/poly.h"
#include "fips202/backend.h"
#include "fips202/sponge.h"

#define Q M4CRYPT_MLDSA_Q
/* make_hint, pack_eta, unpack_eta, unpack_t0, pack_z, rej_eta, add_eta_power2round_pack: key
 * generation and signing only */
#define KEYGEN_SIGN M4CRYPT_ENABLE_MLDSA_KEYPAIR

#ifdef M4CRYPT_MLDSA_HAVE_NTT
#define HAVE_NTT 1
#else
#define HAVE_NTT 0
#endif
#ifdef M4CRYPT_MLDSA_HAVE_INVNTT
#define HAVE_INVNTT 1
#else
#define HAVE_INVNTT 0
#endif
#ifdef M4CRYPT_MLDSA_HAVE_POINTWISE
#define HAVE_POINTWISE 1
#else
#define HAVE_POINTWISE 0
#endif
#ifdef M4CRYPT_MLDSA_HAVE_REJ_UNIFORM
#define HAVE_REJ_UNIFORM 1
#else
#define HAVE_REJ_UNIFORM 0
#endif
/* The NTT modulo 769 of signing's c s1, c s2 (signing only) */
#define SIGN M4CRYPT_ENABLE_MLDSA_SIGN

static unsigned iters(unsigned host, unsigned quick) { return t_quick() ? quick : host; }

/* An encoder, assembly against its C twin fn##_c: both write to offset off of o1 / o2 (arrays in
 * the caller, filled with 0xa5 first), compared whole, so the bytes around must stay untouched
 * too. 1 if they differ. */
#define PACK_DIFFERS(fn, ...)                                                                      \
    (memset(o1, 0xa5, sizeof o1), memset(o2, 0xa5, sizeof o2), fn(o1 + off, __VA_ARGS__),         \
     fn##_c(o2 + off, __VA_ARGS__), memcmp(o1, o2, sizeof o1) != 0)

/* A decoder, assembly against its C twin, from offset off of o2 into the polynomials x, y. */
#define UNPACK_DIFFERS(fn, x, y)                                                                   \
    (fn(x, o2 + off), fn##_c(y, o2 + off), memcmp(x, y, sizeof *(x)) != 0)

#define EDGES 9
/* Edge polynomial number k (k < EDGES) or a random one, coefficients in [-bound, bound]. */
static void poly_case(m4crypt_mldsa_poly *a, unsigned k, int32_t bound)
{
    for (unsigned i = 0; i < 256; i++) {
        int32_t v;
        switch (k) {
        case 0: v = bound; break;
        case 1: v = -bound; break;
        case 2: v = (i & 1) ? bound : -bound; break;
        case 3: v = 0; break;
        case 4: v = i == 0 ? bound : 0; break;
        case 5: v = i == 255 ? -bound : 0; break;
        case 6: v = (t_rand32() & 1) ? bound : -bound; break;
        case 7: v = i < 128 ? bound : -bound; break;
        case 8: v = (int32_t)((int64_t)(i * 32749u % (2u * (uint32_t)bound + 1)) - bound); break;
        default: v = (int32_t)((int64_t)(t_rand32() % (2u * (uint32_t)bound + 1)) - bound); break;
        }
        a->coeffs[i] = v;
    }
}

static int within(const m4crypt_mldsa_poly *a, int32_t bound)
{
    for (unsigned i = 0; i < 256; i++)
        if (a->coeffs[i] <= -bound || a->coeffs[i] >= bound)
            return 0;
    return 1;
}

/* A transform (the NTT or its inverse) against its C twin on edge and random inputs |x| < q; the
 * outputs must also lie within (-out_bound, out_bound). With plain (a transform whose outputs
 * these equal modulo q), they must moreover lie in [0, out_bound) and be congruent to its. */
static void check_transform(void (*fn)(m4crypt_mldsa_poly *), void (*fn_c)(m4crypt_mldsa_poly *),
                            int32_t out_bound, void (*plain)(m4crypt_mldsa_poly *))
{
    unsigned n = iters(2000, 1000), bad = 0, bad_plain = 0;
    for (unsigned k = 0; k < n + EDGES; k++) {
        m4crypt_mldsa_poly a, b, c;
        poly_case(&a, k < EDGES ? k : EDGES, Q - 1);
        b = c = a;
        fn(&a);
        fn_c(&b);
        bad += memcmp(&a, &b, sizeof a) != 0 || !within(&a, out_bound);
        if (!plain)
            continue;
        plain(&c);
        for (unsigned i = 0; i < 256; i++)
            bad_plain += a.coeffs[i] < 0 || a.coeffs[i] >= out_bound ||
                         (a.coeffs[i] - c.coeffs[i]) % Q != 0;
    }
    CHECK(bad == 0);
    if (plain)
        CHECK(bad_plain == 0);
}

static void test_ntt(void)
{
    check_transform(m4crypt_mldsa_ntt, m4crypt_mldsa_ntt_c, 9 * Q, NULL);
}

static void test_invntt(void)
{
    check_transform(m4crypt_mldsa_invntt, m4crypt_mldsa_invntt_c, Q, NULL);
}

/* The inverse NTT whose last pass adds q to negative outputs: its C twin's values (invntt_c, then
 * caddq_c), every output in [0, q), and the plain inverse NTT's values modulo q. */
static void test_invntt_caddq(void)
{
    check_transform(m4crypt_mldsa_invntt_caddq, m4crypt_mldsa_invntt_caddq_c, Q,
                    m4crypt_mldsa_invntt);
}

/* The inverse NTT whose last pass reduces (centers) its outputs: its C twin's values (invntt_c,
 * then reduce_c), |x| <= 2^22, and the plain inverse NTT's values modulo q. */
static void test_invntt_reduce(void)
{
    check_transform(m4crypt_mldsa_invntt_reduce, m4crypt_mldsa_invntt_reduce_c, (1 << 22) + 1,
                    NULL);
    unsigned bad = 0;
    for (unsigned k = 0; k < iters(500, 200) + EDGES; k++) {
        m4crypt_mldsa_poly a, c;
        poly_case(&a, k < EDGES ? k : EDGES, Q - 1);
        c = a;
        m4crypt_mldsa_invntt_reduce(&a);
        m4crypt_mldsa_invntt(&c);
        for (unsigned i = 0; i < 256; i++)
            bad += (a.coeffs[i] - c.coeffs[i]) % Q != 0;
    }
    CHECK(bad == 0);
}

/* Products at the operand bounds of poly.h (|x| < 9q); r aliasing a and b; the accumulating part
 * product onto an accumulator that already holds up to 7 terms (|x| < 7q). */
static void test_pointwise(void)
{
    unsigned n = iters(1000, 1000), bad = 0;
    for (unsigned k = 0; k < n + EDGES * EDGES; k++) {
        m4crypt_mldsa_poly a, b, r1, r2, acc1, acc2;
        poly_case(&a, k < EDGES * EDGES ? k % EDGES : EDGES, 9 * Q - 1);
        poly_case(&b, k < EDGES * EDGES ? k / EDGES : EDGES, 9 * Q - 1);
        m4crypt_mldsa_pointwise(&r1, &a, &b);
        m4crypt_mldsa_pointwise_c(&r2, &a, &b);
        bad += memcmp(&r1, &r2, sizeof r1) != 0 || !within(&r1, Q);
        r1 = a;
        m4crypt_mldsa_pointwise(&r1, &r1, &b); /* r = a */
        bad += memcmp(&r1, &r2, sizeof r1) != 0;
        r1 = b;
        m4crypt_mldsa_pointwise(&r1, &a, &r1); /* r = b */
        bad += memcmp(&r1, &r2, sizeof r1) != 0;
        poly_case(&acc1, EDGES, 7 * Q - 1);
        acc2 = acc1;
        for (unsigned s = 0; s < 256; s += M4CRYPT_MLDSA_STEP) {
            m4crypt_mldsa_pointwise_acc_part(acc1.coeffs + s, a.coeffs + s, b.coeffs + s);
            m4crypt_mldsa_pointwise_acc_part_c(acc2.coeffs + s, a.coeffs + s, b.coeffs + s);
        }
        bad += memcmp(&acc1, &acc2, sizeof acc1) != 0 || !within(&acc1, 8 * Q);
    }
    CHECK(bad == 0);
}

/* Replaces each 3-byte candidate of buf[0 .. len) with probability num / den by a value within 8
 * of q, either side (bit 23, which the rejection ignores, random): groups with a rejected
 * candidate become frequent. */
static void plant_near_q(uint8_t *buf, unsigned len, unsigned num, unsigned den)
{
    for (unsigned i = 0; i + 3 <= len; i += 3)
        if (t_rand32() % den < num) {
            uint32_t v = (uint32_t)(Q - 8 + t_rand32() % 16);
            buf[i] = (uint8_t)v;
            buf[i + 1] = (uint8_t)(v >> 8);
            buf[i + 2] = (uint8_t)((v >> 16) | (t_rand32() & 0x80));
        }
}

/* RejNTTPoly's rejection on random buffers of every length (multiples of 3 up to a SHAKE128
 * block), with candidates near q made frequent, every output limit near the count; and in place as
 * m4crypt_mldsa_sample_ntt_step uses it (the block at the end of the coefficient array). The
 * same for the packed form (rej_uniform_p24, signing's A), to every alignment. */
static void test_rej_uniform(void)
{
    unsigned n = iters(1500, 1000), bad = 0, bad_p24 = 0;
    static uint8_t buf[168];
    static int32_t r1[64], r2[64];
    static m4crypt_mldsa_xof w1, w2;
    for (unsigned k = 0; k < n; k++) {
        unsigned buflen = 3 * (t_rand32() % 57), len = t_rand32() % 64;
        t_rand_bytes(buf, sizeof buf);
        plant_near_q(buf, buflen, 1, 4);
        memset(r1, 0x55, sizeof r1);
        memset(r2, 0x55, sizeof r2);
        unsigned c1 = m4crypt_mldsa_rej_uniform(r1, len, buf, buflen);
        unsigned c2 = m4crypt_mldsa_rej_uniform_c(r2, len, buf, buflen);
        bad += c1 != c2 || memcmp(r1, r2, 4 * c2) != 0 ||
               memcmp(r1 + len, r2 + len, sizeof r1 - 4 * len) != 0;
        /* in place: have = 0..STEP-1 coefficients in front, the block at the end */
        unsigned have = t_rand32() % M4CRYPT_MLDSA_STEP;
        uint8_t *blk1 = (uint8_t *)w1.coeffs + sizeof w1.coeffs - 168;
        uint8_t *blk2 = (uint8_t *)w2.coeffs + sizeof w2.coeffs - 168;
        memcpy(blk1, buf, 168);
        memcpy(blk2, buf, 168);
        c1 = m4crypt_mldsa_rej_uniform(w1.coeffs + have, 256, blk1, 168);
        c2 = m4crypt_mldsa_rej_uniform_c(w2.coeffs + have, 256, buf, 168);
        bad += c1 != c2 || memcmp(w1.coeffs + have, w2.coeffs + have, 4 * c1) != 0;
        /* into the packed form, at every alignment: the same count and bytes, the bytes after
         * 3 len untouched (those between 3 count and 3 len may differ: the contract), and the
         * int32 loop's values */
        static uint8_t p1[3 * 64 + 8], p2[3 * 64 + 8];
        unsigned off = k % 4;
        memset(p1, 0xa5, sizeof p1);
        memset(p2, 0xa5, sizeof p2);
        c1 = m4crypt_mldsa_rej_uniform_p24(p1 + off, len, buf, buflen);
        c2 = m4crypt_mldsa_rej_uniform_p24_c(p2 + off, len, buf, buflen);
        bad_p24 += c1 != c2 || memcmp(p1, p2, off + 3 * c2) != 0 ||
                   memcmp(p1 + off + 3 * len, p2 + off + 3 * len, sizeof p1 - off - 3 * len) != 0;
        c1 = m4crypt_mldsa_rej_uniform_c(r2, len, buf, buflen);
        for (unsigned i = 0; i < c1 && i < c2; i++)
            bad_p24 += (uint32_t)r2[i] != (p2[off + 3 * i] | (uint32_t)p2[off + 3 * i + 1] << 8 |
                                           (uint32_t)p2[off + 3 * i + 2] << 16);
        bad_p24 += c1 != c2;
    }
    CHECK(bad == 0);
    CHECK(bad_p24 == 0);
}

/* Coefficients of a (edge case or random, [-(q - 1), q - 1]) packed 3 bytes each in [0, q); every
 * third case all q - 1. */
static void pack24_case(uint8_t packed[768], unsigned edge, unsigned k)
{
    m4crypt_mldsa_poly a;
    poly_case(&a, edge, Q - 1);
    for (unsigned i = 0; i < 256; i++) {
        uint32_t v = (uint32_t)(a.coeffs[i] + (a.coeffs[i] < 0 ? Q - 1 : 0)); /* [0, q) */
        if (k % 3 == 1)
            v = (uint32_t)Q - 1;
        packed[3 * i] = (uint8_t)v;
        packed[3 * i + 1] = (uint8_t)(v >> 8);
        packed[3 * i + 2] = (uint8_t)(v >> 16);
    }
}

/* The coefficient packed 3 bytes at p (little-endian), as pack24 stores it. */
static int32_t unpack24_at(const uint8_t *p)
{
    return (int32_t)(p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16);
}

/* r += a o b 2^-32 over M4CRYPT_MLDSA_STEP coefficients, a packed 3 bytes per coefficient: the
 * single products that the sums below are checked against. */
static void acc_part_p24_ref(int32_t *r, const uint8_t *a, const int32_t *b)
{
    for (unsigned i = 0; i < M4CRYPT_MLDSA_STEP; i++) {
        r[i] += m4crypt_mldsa_montgomery_reduce((int64_t)unpack24_at(a + 3 * i) * b[i]);
    }
}

/* The products with packed entries: a in [0, q) packed 3 bytes per coefficient (edges 0 and
 * q - 1), b at the NTT output bound.
 * - One column in place (r = b), verification's -NTT(c) o NTT(t1 2^d).
 * - Signing's sum over 1 (writing), 2 or 3 columns (writing, or adding to an r of any int32,
 *   edges at +-(2^31 - 1)): the same values as its C twin, below q in magnitude, and congruent
 *   modulo q to the old r plus the sum of the columns' single products (acc_part_p24_ref), so
 *   that the one reduction of the 64-bit sum is checked against products reduced one
 *   by one. */
static void test_pointwise_p24(void)
{
    unsigned n = iters(1000, 500), bad = 0, bad_sum = 0;
    for (unsigned k = 0; k < n + EDGES * EDGES; k++) {
        m4crypt_mldsa_poly b[3], init, acc1, acc2, single;
        static uint8_t packed[3][768];
        unsigned edge_a = k < EDGES * EDGES ? k % EDGES : EDGES;
        unsigned edge_b = k < EDGES * EDGES ? k / EDGES : EDGES;
        for (unsigned c = 0; c < 3; c++) {
            pack24_case(packed[c], c == 0 ? edge_a : EDGES, k + c);
            poly_case(&b[c], c == 0 ? edge_b : (c == 1 ? edge_a : EDGES), 9 * Q - 1);
        }
        poly_case(&init, EDGES, 7 * Q - 1);
        /* one column in place (r = b), as verification multiplies NTT(t1 2^d) */
        acc1 = b[0];
        m4crypt_mldsa_pointwise_sum_p24(&acc1, packed[0], &acc1, 1, 0);
        m4crypt_mldsa_pointwise_sum_p24_c(&acc2, packed[0], b, 1, 0);
        bad += memcmp(&acc1, &acc2, sizeof acc1) != 0;
        for (unsigned ncols = 1; ncols <= 3; ncols++)
            for (int acc = 0; acc <= (ncols > 1); acc++) {
                /* with acc the old r may be any int32 */
                acc1 = acc2 = init;
                if (acc) {
                    poly_case(&acc1, k % (EDGES + 1), INT32_MAX);
                    acc2 = acc1;
                }
                m4crypt_mldsa_poly old = acc1;
                m4crypt_mldsa_pointwise_sum_p24(&acc1, packed[0], b, ncols, acc);
                m4crypt_mldsa_pointwise_sum_p24_c(&acc2, packed[0], b, ncols, acc);
                bad_sum += memcmp(&acc1, &acc2, sizeof acc1) != 0 || !within(&acc1, Q);
                single = (m4crypt_mldsa_poly){{0}};
                for (unsigned c = 0; c < ncols; c++)
                    for (unsigned s = 0; s < 256; s += M4CRYPT_MLDSA_STEP)
                        acc_part_p24_ref(single.coeffs + s, packed[c] + 3 * s, b[c].coeffs + s);
                for (unsigned i = 0; i < 256; i++)
                    bad_sum += ((int64_t)acc1.coeffs[i] - single.coeffs[i] -
                                (acc ? old.coeffs[i] : 0)) % Q != 0;
            }
    }
    CHECK(bad == 0);
    CHECK(bad_sum == 0);
}

#if M4CRYPT_ENABLE_MLDSA_VERIFY || M4CRYPT_ENABLE_MLDSA_KEYPAIR
/* Whole entries (matrix_entry_acc_p24: SHAKE128 blocks read from the state by
 * rej_uniform_acc_block_p24) against the entry sampled first and multiplied after, for random rho
 * and edge vectors, and with reduce its reduce32. */
static void test_matrix_entry_acc_p24(void)
{
    unsigned bad_entry = 0;
    /* whole entries against a reference that samples the entry first (sample_ntt_start / step,
     * the small-memory build's path) and then multiplies */
    for (unsigned k = 0; k < iters(12, 4); k++) {
        static m4crypt_mldsa_poly acc_a, acc_b, old_acc;
        static uint8_t zhat[768], rho[32];
        static m4crypt_mldsa_xof xof;
        static m4crypt_keccak_ctx blk;
        t_rand_bytes(rho, sizeof rho);
        pack24_case(zhat, k < EDGES ? k : EDGES, k);
        poly_case(&old_acc, EDGES, 7 * Q - 1);
        acc_b = old_acc;
        m4crypt_mldsa_sample_ntt_start(&xof, rho, (uint8_t)(k / 8), (uint8_t)(k % 8));
        for (unsigned s = 0; s < 256; s += M4CRYPT_MLDSA_STEP) {
            m4crypt_mldsa_sample_ntt_step(&xof);
            for (unsigned i = 0; i < M4CRYPT_MLDSA_STEP; i++) {
                acc_b.coeffs[s + i] += m4crypt_mldsa_montgomery_reduce(
                    (int64_t)xof.coeffs[i] * unpack24_at(zhat + 3 * (s + i)));
            }
        }
        acc_a = old_acc;
        m4crypt_mldsa_matrix_entry_acc_p24(&acc_a, zhat, rho, k % 8, k / 8, &blk, 0);
        bad_entry += memcmp(&acc_a, &acc_b, sizeof acc_a) != 0;
        /* a row's last entry: each coefficient reduced, below q */
        acc_a = old_acc;
        m4crypt_mldsa_matrix_entry_acc_p24(&acc_a, zhat, rho, k % 8, k / 8, &blk, 1);
        for (unsigned i = 0; i < 256; i++)
            bad_entry += acc_a.coeffs[i] != m4crypt_mldsa_reduce32(acc_b.coeffs[i]) ||
                         acc_a.coeffs[i] >= Q || acc_a.coeffs[i] <= -Q;
    }
    CHECK(bad_entry == 0);
}
#endif

#if M4CRYPT_ENABLE_MLDSA_VERIFY || M4CRYPT_ENABLE_MLDSA_KEYPAIR
/* The standard-layout bytes of a whole state into the sponge's layout (bit-interleaved with the
 * armv7m Keccak). */
static void state_from_bytes(uint64_t st[25], const uint8_t bytes[200])
{
#ifdef M4CRYPT_FIPS202_INTERLEAVED
    memset(st, 0, 200);
    m4crypt_keccak_xor_lanes_armv7m(st, bytes, 25);
#else
    for (unsigned i = 0; i < 25; i++) {
        st[i] = 0;
        for (unsigned j = 0; j < 8; j++)
            st[i] |= (uint64_t)bytes[8 * i + j] << (8 * j);
    }
#endif
}

/* The rejection fused with the products, reading the block from the sponge's state
 * (rej_uniform_acc_block_p24): states whose 168-byte block has candidates near q made frequent
 * (groups with a rejected candidate, in either group of a piece), output limits from 0 to 256 (the
 * room running out at every position of a piece), b packed at every alignment, acc up to 7 q in
 * magnitude. The assembly against its C twin (count, every word of acc, the words after the count
 * untouched), the C twin against RejNTTPoly's rejection of the block's bytes followed by one
 * Montgomery product per accepted candidate; both forms (the _reduce form then reduce32). */
static void test_rej_uniform_acc_block_p24(void)
{
    unsigned n = iters(1500, 600), bad = 0, bad_twin = 0, bad_layout = 0;
    unsigned fast_slow = 0, tail = 0, full = 0;
    static uint8_t bytes[200], out[168], b[3 * 256 + 8];
    static uint64_t st[25];
    static int32_t acc1[264], acc2[264], vals[256], old[264];
    for (unsigned k = 0; k < n; k++) {
        unsigned len = k % 3 == 0 ? t_rand32() % 64 : t_rand32() % 257, off = k % 4;
        t_rand_bytes(bytes, sizeof bytes);
        unsigned near = k % 3 == 0 ? 0 : (k % 3 == 1 ? 40 : 4); /* per 1000 candidates near q */
        plant_near_q(bytes, 168, near * 10, 1000);
        state_from_bytes(st, bytes);
        m4crypt_keccak_state_bytes(st, 0, out, sizeof out);
        bad_layout += memcmp(out, bytes, sizeof out) != 0;
        for (unsigned i = 0; i < 256; i++) {
            uint32_t v = k % 5 == 0 ? (uint32_t)Q - 1 : (k % 5 == 1 ? 0 : t_rand32() % Q);
            b[off + 3 * i] = (uint8_t)v;
            b[off + 3 * i + 1] = (uint8_t)(v >> 8);
            b[off + 3 * i + 2] = (uint8_t)(v >> 16);
        }
        for (unsigned i = 0; i < 264; i++)
            old[i] = acc1[i] = acc2[i] = (int32_t)(t_rand32() % (14u * Q - 1)) - (7 * Q - 1);
        int reduce = (k / 4) % 2; /* both forms at every alignment */
        unsigned c1, c2;
        if (reduce) {
            c1 = m4crypt_mldsa_rej_uniform_acc_block_reduce_p24(acc1, b + off, len, st);
            c2 = m4crypt_mldsa_rej_uniform_acc_block_reduce_p24_c(acc2, b + off, len, st);
        } else {
            c1 = m4crypt_mldsa_rej_uniform_acc_block_p24(acc1, b + off, len, st);
            c2 = m4crypt_mldsa_rej_uniform_acc_block_p24_c(acc2, b + off, len, st);
        }
        bad += c1 != c2 || memcmp(acc1, acc2, sizeof acc1) != 0;
        unsigned c3 = m4crypt_mldsa_rej_uniform_c(vals, len, bytes, 168);
        bad_twin += c3 != c2 || memcmp(acc2 + c2, old + c2, sizeof old - 4 * c2) != 0;
        for (unsigned i = 0; i < c3 && i < c2; i++) {
            int32_t x = old[i] + m4crypt_mldsa_montgomery_reduce((int64_t)vals[i] *
                                                                 unpack24_at(b + off + 3 * i));
            bad_twin += acc2[i] != (reduce ? m4crypt_mldsa_reduce32(x) : x);
            bad_twin += reduce && (acc2[i] >= Q || acc2[i] <= -Q);
        }
        unsigned accepted = m4crypt_mldsa_rej_uniform_c(vals, 56, bytes, 168);
        fast_slow += accepted < 56 && c2 == accepted; /* a rejection, all of the block used */
        tail += c2 == len && len < accepted && len % 8 != 0;
        full += accepted == 56 && c2 == 56;
    }
    CHECK(bad == 0);
    CHECK(bad_twin == 0);
    CHECK(bad_layout == 0);
    CHECK(fast_slow > 0 && tail > 0 && full > 0);
}
#endif

/* reduce and freeze on reduce's whole input range (|x| < 2^31 - 2^22, edges at the ends and at
 * the rounding points), caddq on |x| < q. */
static void test_reduce_caddq(void)
{
    unsigned n = iters(1000, 500), bad = 0;
    const int32_t lim = (int32_t)(0x7fffffff - (1 << 22));
    for (unsigned k = 0; k < n + EDGES; k++) {
        m4crypt_mldsa_poly a, b;
        poly_case(&a, k < EDGES ? k : EDGES, lim);
        if (k % 4 == 3) /* around the rounding points (2 m + 1) 2^22 */
            for (unsigned i = 0; i < 256; i++)
                a.coeffs[i] = ((int32_t)(t_rand32() % 501) - 250) * (1 << 23) + (1 << 22) - 2 +
                              (int32_t)(t_rand32() % 4);
        m4crypt_mldsa_poly frozen = a;
        b = a;
        m4crypt_mldsa_reduce(&a);
        m4crypt_mldsa_reduce_c(&b);
        bad += memcmp(&a, &b, sizeof a) != 0 || !within(&a, 6283009);
        /* freeze: reduce and caddq in one pass, [0, q), congruent to its input */
        m4crypt_mldsa_poly frozen_c = frozen, input = frozen;
        m4crypt_mldsa_freeze(&frozen);
        m4crypt_mldsa_freeze_c(&frozen_c);
        bad += memcmp(&frozen, &frozen_c, sizeof frozen) != 0;
        for (unsigned i = 0; i < 256; i++)
            bad += frozen.coeffs[i] < 0 || frozen.coeffs[i] >= Q ||
                   ((int64_t)frozen.coeffs[i] - input.coeffs[i]) % Q != 0;
        /* caddq_c (in the C twins of freeze and invntt_caddq): [0, q), congruent */
        poly_case(&a, k < EDGES ? k : EDGES, Q - 1);
        b = a;
        m4crypt_mldsa_caddq_c(&a);
        for (unsigned i = 0; i < 256; i++)
            bad += a.coeffs[i] < 0 || a.coeffs[i] >= Q || (a.coeffs[i] - b.coeffs[i]) % Q != 0;
    }
    CHECK(bad == 0);
}

/* BitUnpack of z (gamma1 = 2^17, 2^19) and of s (eta = 2, 4) from every alignment, on random
 * bytes, all-zero and all-ones encodings; unpack_eta's flag on encodings with and without a
 * field above 2 eta. */
static void test_unpack(void)
{
    unsigned n = iters(600, 300), bad = 0;
    static uint8_t buf[640 + 4];
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly a, b;
        unsigned off = k % 4, bits = (k & 4) ? 19 : 17, eta = (k & 8) ? 4 : 2;
        unsigned fill = k % 16 < 2 ? (k % 16 ? 0xffu : 0u) : 0x100u;
        for (unsigned i = 0; i < sizeof buf; i++)
            buf[i] = fill == 0x100u ? (uint8_t)t_rand32() : (uint8_t)fill;
        memset(&a, 0x55, sizeof a);
        memset(&b, 0x55, sizeof b);
        m4crypt_mldsa_unpack_z(&a, buf + off, bits);
        m4crypt_mldsa_unpack_z_c(&b, buf + off, bits);
        bad += memcmp(&a, &b, sizeof a) != 0;
#if KEYGEN_SIGN
        if (k % 3 == 0) { /* a valid s: every field at most 2 eta */
            m4crypt_mldsa_poly s;
            for (unsigned i = 0; i < 256; i++)
                s.coeffs[i] = (int32_t)(t_rand32() % (2 * eta + 1)) - (int32_t)eta;
            m4crypt_mldsa_pack_eta_c(buf + off, &s, eta);
        }
        memset(&a, 0x55, sizeof a);
        memset(&b, 0x55, sizeof b);
        uint32_t f1 = m4crypt_mldsa_unpack_eta(&a, buf + off, eta);
        uint32_t f2 = m4crypt_mldsa_unpack_eta_c(&b, buf + off, eta);
        bad += f1 != f2 || memcmp(&a, &b, sizeof a) != 0 || (k % 3 == 0 && f1 != 0);
#else
        (void)eta;
#endif
    }
    CHECK(bad == 0);
}

/* w1Encode(HighBits(a)) (signing's commitment, verification's w1) for both gamma2 on [0, q): edges 0, q - 1, and values within 2
 * of every multiple of 2 gamma2 (where r1 steps, and the wrap at the top), to every alignment
 * (the bytes around untouched): its C twin's bytes, which are pack_w1 of Decompose's r1. */
static void test_highbits_pack_w1(void)
{
    unsigned n = iters(600, 300), bad = 0;
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly a, a1, a0;
        int32_t gamma2 = (k & 1) ? (Q - 1) / 32 : (Q - 1) / 88;
        for (unsigned i = 0; i < 256; i++) {
            int32_t v = (int32_t)(t_rand32() % Q);
            if (k % 4 >= 2) { /* near a multiple of 2 gamma2, clamped to [0, q) */
                v = (int32_t)(t_rand32() % (Q / (2 * gamma2) + 2)) * 2 * gamma2 - 2 +
                    (int32_t)(t_rand32() % 5);
                v = v < 0 ? 0 : v >= Q ? Q - 1 : v;
            }
            if (i == 0)
                v = 0;
            if (i == 1)
                v = Q - 1;
            a.coeffs[i] = v;
        }
        m4crypt_mldsa_decompose_c(&a1, &a0, &a, gamma2);
        static uint8_t o1[192 + 8], o2[192 + 8], want[192];
        unsigned off = k % 4;
        bad += PACK_DIFFERS(m4crypt_mldsa_highbits_pack_w1, &a, gamma2);
        m4crypt_mldsa_pack_w1_c(want, &a1, gamma2);
        bad += memcmp(o2 + off, want, (k & 1) ? 128 : 192) != 0;
    }
    CHECK(bad == 0);
}

#if KEYGEN_SIGN
/* MakeHint with the r0 bound for the three sets' (gamma2, gamma2 - beta), and the r0 bound alone
 * (chknorm_lowbits) against make_hint's flag: a in [0, q) near the
 * steps of Decompose, 0 and q - 1, in the wrap (a >= q - gamma2), at r0 = +-gamma2 and at
 * q - r0_bound; t at +-(q - 1), 0, +-(gamma2 - 1), random, such that a + t lands near the steps,
 * 0 and q, and such that r0 + t lands at +-gamma2 (the contract's |t| < q, beyond the |t| <
 * gamma2 where the bits are Alg. 39's); the r0 bound both met and missed. */
static void test_make_hint(void)
{
    static const int32_t g2[3] = {(Q - 1) / 88, (Q - 1) / 32, (Q - 1) / 32};
    static const int32_t r0b[3] = {(Q - 1) / 88 - 78, (Q - 1) / 32 - 196, (Q - 1) / 32 - 120};
    unsigned n = iters(600, 300), bad = 0;
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly a, t;
        uint8_t h1[32], h2[32];
        int32_t gamma2 = g2[k % 3], bound = r0b[k % 3];
        for (unsigned i = 0; i < 256; i++) {
            int32_t v = (int32_t)(t_rand32() % Q), x;
            if (k % 4 >= 1) { /* near a step of Decompose */
                v = (int32_t)(t_rand32() % (Q / (2 * gamma2) + 2)) * 2 * gamma2 - gamma2 - 2 +
                    (int32_t)(t_rand32() % 5);
                v = v < 0 ? 0 : v >= Q ? Q - 1 : v;
            }
            if (k % 4 == 2) /* small r0: the bound met */
                v = (int32_t)(t_rand32() % (Q / (2 * gamma2))) * 2 * gamma2 +
                    (int32_t)(t_rand32() % (2u * (uint32_t)bound - 1)) - bound + 1;
            if (k % 4 == 3) { /* the wrap, r0 = +-gamma2 or -gamma2 + 1, a = q - r0_bound */
                int32_t step = (int32_t)(t_rand32() % (Q / (2 * gamma2))) * 2 * gamma2;
                switch (t_rand32() % 5) {
                case 0: v = Q - 1 - (int32_t)(t_rand32() % (uint32_t)(gamma2 + 2)); break;
                case 1: v = step + gamma2; break;
                case 2: v = step - gamma2; break;
                case 3: v = step - gamma2 + 1; break;
                default: v = Q - bound + (int32_t)(t_rand32() % 3) - 1; break;
                }
            }
            v = v < 0 ? 0 : v >= Q ? Q - 1 : v;
            /* r0 = LowBits(v) without the wrap's -1: for the t putting r0 + t at the edges */
            int32_t r0 = v - (v + gamma2 - 1) / (2 * gamma2) * 2 * gamma2;
            switch (t_rand32() % 9) {
            case 0: x = Q - 1; break;
            case 1: x = -(Q - 1); break;
            case 2: x = 0; break;
            case 3: x = -v + (int32_t)(t_rand32() % 5) - 2; break;            /* a + t near 0 */
            case 4: x = Q - v + (int32_t)(t_rand32() % 5) - 2; break;         /* near q */
            case 5: x = t_rand32() & 1 ? gamma2 - 1 : 1 - gamma2; break;
            case 6: x = gamma2 - r0 + (int32_t)(t_rand32() % 3) - 1; break;   /* r0 + t at gamma2 */
            case 7: x = -gamma2 - r0 + (int32_t)(t_rand32() % 3) - 1; break;  /* at -gamma2 */
            default: x = (int32_t)(t_rand32() % (2u * Q - 1)) - (Q - 1); break;
            }
            x = x >= Q ? Q - 1 : x <= -Q ? -(Q - 1) : x;
            a.coeffs[i] = i == 0 ? 0 : i == 1 ? Q - 1 : v;
            t.coeffs[i] = x;
        }
        memset(h1, 0x5a, sizeof h1);
        memset(h2, 0xa5, sizeof h2);
        uint32_t r1 = m4crypt_mldsa_make_hint(h1, &a, &t, gamma2, bound);
        uint32_t r2 = m4crypt_mldsa_make_hint_c(h2, &a, &t, gamma2, bound);
        bad += r1 != r2 || memcmp(h1, h2, sizeof h1) != 0;
        bad += m4crypt_mldsa_chknorm_lowbits(&a, gamma2, bound) != r2 >> 31;
        bad += m4crypt_mldsa_chknorm_lowbits_c(&a, gamma2, bound) != r2 >> 31;
    }
    /* the r0 bound alone: one coefficient with r0 at +-(r0_bound - 1), +-r0_bound, +-(r0_bound + 1)
     * in every block, and at the wrap (a = q - r0_bound: r0 = -r0_bound), the others 0 */
    for (unsigned set = 0; set < 3; set++) {
        static const int32_t d[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {-1, 2},
                                        {1, -1},  {1, 0},  {1, 1},  {1, 2}};
        int32_t gamma2 = g2[set], bound = r0b[set];
        for (int32_t step = 0; step <= (Q - 1) / (2 * gamma2); step++)
            for (unsigned e = 0; e < 8; e++) {
                m4crypt_mldsa_poly a, t;
                uint8_t h1[32], h2[32];
                int32_t v = step * 2 * gamma2 + d[e][0] * bound + d[e][1];
                if (v < 0 || v >= Q)
                    continue;
                memset(&a, 0, sizeof a);
                memset(&t, 0, sizeof t);
                a.coeffs[(unsigned)step % 256] = v;
                uint32_t r1 = m4crypt_mldsa_make_hint(h1, &a, &t, gamma2, bound);
                uint32_t r2 = m4crypt_mldsa_make_hint_c(h2, &a, &t, gamma2, bound);
                bad += r1 != r2 || memcmp(h1, h2, sizeof h1) != 0;
                bad += m4crypt_mldsa_chknorm_lowbits(&a, gamma2, bound) != r2 >> 31;
                /* the same coefficient at the last of the four positions of a load */
                a.coeffs[255] = v;
                a.coeffs[(unsigned)step % 256] = 0;
                bad += m4crypt_mldsa_chknorm_lowbits(&a, gamma2, bound) !=
                       m4crypt_mldsa_chknorm_lowbits_c(&a, gamma2, bound);
            }
    }
    CHECK(bad == 0);
}
#endif

/* The norm check at its bounds: every coefficient at +-(bound - 1) (passes), one at +-bound
 * (fails), random values around the bound, for the bounds signing and verification use. */
static void test_chknorm(void)
{
    static const int32_t bounds[] = {(1 << 17) - 78, (1 << 19) - 196, (1 << 19) - 120,
                                     (Q - 1) / 88, (Q - 1) / 32, (Q - 1) / 88 - 78,
                                     (Q - 1) / 32 - 196, 1};
    unsigned n = iters(800, 400), bad = 0;
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly a;
        int32_t bound = bounds[k % 8];
        for (unsigned i = 0; i < 256; i++) {
            int32_t v = bound - 1 - (int32_t)(t_rand32() % 3);
            if (k % 4 == 3)
                v = (int32_t)(t_rand32() % (2u * (uint32_t)bound));
            a.coeffs[i] = (t_rand32() & 1) ? v : -v;
        }
        if (k % 4 == 1)
            a.coeffs[t_rand32() % 256] = (t_rand32() & 1) ? bound : -bound;
        uint32_t r1 = m4crypt_mldsa_chknorm(&a, bound), r2 = m4crypt_mldsa_chknorm_c(&a, bound);
        bad += r1 != r2 || (k % 4 == 0 && r1 != 0) || (k % 4 == 1 && r1 != 1);
    }
    CHECK(bad == 0);
}

#if KEYGEN_SIGN
/* BitPack of z (both gamma1, coefficients in (-gamma1, gamma1] with the ends, and outside it as
 * a rejected attempt packs), to every alignment; the bytes around the encoding stay untouched. */
static void test_pack(void)
{
    unsigned n = iters(600, 300), bad = 0;
    static uint8_t o1[640 + 8], o2[640 + 8];
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly a;
        unsigned off = k % 4;
        unsigned bits = (k & 4) ? 19 : 17;
        int32_t g1 = (int32_t)1 << bits;
        poly_case(&a, k % 16 < EDGES ? k % 16 : EDGES, g1 - 1);
        if (k % 16 == 2)
            a.coeffs[t_rand32() % 256] = g1;
        if (k % 16 == 10) /* out of range: the C keeps the low bits, and so must the assembly */
            for (unsigned i = 0; i < 256; i++)
                a.coeffs[i] = (int32_t)(t_rand32() % (4u * (uint32_t)g1)) - 2 * g1;
        bad += PACK_DIFFERS(m4crypt_mldsa_pack_z, &a, bits);
    }
    CHECK(bad == 0);
}
#endif

/* Power2Round's input number k: [0, q) at random, or (k % 3 == 1) the rounding points
 * k 2^13 + 2^12 +- 2; coefficients 0 and 1 are the edges 0 and q - 1. */
static void power2round_case(m4crypt_mldsa_poly *a, unsigned k)
{
    for (unsigned i = 0; i < 256; i++) {
        int32_t v = (int32_t)(t_rand32() % Q);
        if (k % 3 == 1)
            v = (int32_t)(t_rand32() % 1023) * 8192 + 4096 - 2 + (int32_t)(t_rand32() % 5);
        a->coeffs[i] = i == 0 ? 0 : i == 1 ? Q - 1 : v;
    }
}

/* The t1 and t0 decoders on the encodings of Power2Round (power2round_pack, C in both builds) of
 * power2round_case's polynomials and on random bytes, and BitPack of s for eta 2 and 4, from and
 * to every alignment (the bytes around an encoding untouched), on in-range values, their ends,
 * and random bytes. */
static void test_pack_t(void)
{
    unsigned n = iters(600, 300), bad = 0;
    static uint8_t o1[420 + 8], o2[420 + 8];
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly a, b, b1;
        unsigned off = k % 4;
        power2round_case(&a, k);
        m4crypt_mldsa_power2round_pack(o2 + off, o1 + off, &a);
        if (k % 2)
            t_rand_bytes(o2 + off, 320);
        bad += UNPACK_DIFFERS(m4crypt_mldsa_unpack_t1_shifted, &b, &b1);
#if KEYGEN_SIGN
        memcpy(o2 + off, o1 + off, 416);
        if (k % 2)
            t_rand_bytes(o2 + off, 416);
        bad += UNPACK_DIFFERS(m4crypt_mldsa_unpack_t0, &b, &b1);
        unsigned eta = (k & 4) ? 4 : 2;
        for (unsigned i = 0; i < 256; i++)
            a.coeffs[i] = k % 7 == 0 ? ((i & 1) ? (int32_t)eta : -(int32_t)eta)
                                     : (int32_t)(t_rand32() % (2 * eta + 1)) - (int32_t)eta;
        bad += PACK_DIFFERS(m4crypt_mldsa_pack_eta, &a, eta);
#endif
    }
    CHECK(bad == 0);
}

#if KEYGEN_SIGN
/* Key generation's add_eta_power2round_pack against its C twin: t at the edges of |t| < q and
 * random; s's fields from random bytes (every 3- or 4-bit value, also beyond 2 eta) or the ends
 * -eta, eta; t + s at 0 and -1 (t = -s, -s - 1); eta 2 and 4; t1 and t0 to every alignment with
 * the bytes around untouched, without t0 (NULL) too, and t unchanged. */
static void test_add_eta_power2round_pack(void)
{
    unsigned n = iters(600, 300), bad = 0;
    static uint8_t t1a[320 + 8], t1b[320 + 8], t1c[320 + 8], t0a[416 + 8], t0b[416 + 8],
        s_in[128];
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly t, t_before, s;
        unsigned off = k % 4, eta = (k & 16) ? 4 : 2, edge = k % 12;
        if (k % 3 == 0) {
            t_rand_bytes(s_in, sizeof s_in);
        } else {
            for (unsigned i = 0; i < 256; i++)
                s.coeffs[i] = k % 3 == 1 ? ((i & 1) ? (int32_t)eta : -(int32_t)eta)
                                         : (int32_t)(t_rand32() % (2 * eta + 1)) - (int32_t)eta;
            m4crypt_mldsa_pack_eta_c(s_in, &s, eta);
        }
        m4crypt_mldsa_unpack_eta_c(&s, s_in, eta); /* s = eta - field, whatever the field */
        if (edge < EDGES) {
            poly_case(&t, edge, Q - 1);
        } else {
            for (unsigned i = 0; i < 256; i++)
                t.coeffs[i] = edge == EDGES ? -s.coeffs[i] - (int32_t)(i & 1)
                                            : (int32_t)(t_rand32() % (2 * Q - 1)) - (Q - 1);
        }
        t_before = t;
        memset(t1a, 0xa5, sizeof t1a);
        memset(t1b, 0xa5, sizeof t1b);
        memset(t1c, 0xa5, sizeof t1c);
        memset(t0a, 0xa5, sizeof t0a);
        memset(t0b, 0xa5, sizeof t0b);
        m4crypt_mldsa_add_eta_power2round_pack(t1a + off, t0a + off, &t, s_in, eta);
        m4crypt_mldsa_add_eta_power2round_pack_c(t1b + off, t0b + off, &t, s_in, eta);
        m4crypt_mldsa_add_eta_power2round_pack(t1c + off, NULL, &t, s_in, eta);
        bad += memcmp(t1a, t1b, sizeof t1a) != 0 || memcmp(t0a, t0b, sizeof t0a) != 0 ||
               memcmp(t1c, t1b, sizeof t1c) != 0 || memcmp(&t, &t_before, sizeof t) != 0;
    }
    CHECK(bad == 0);
}
#endif

/* The 3-byte packed form both ways, whole polynomials and 32-coefficient parts (as signing
 * packs SampleNTT's output), values 0, 2^24 - 1, q - 1 and random, to and from every alignment
 * with the bytes / words around untouched; freeze_pack24 on freeze's whole input range. */
static void test_pack24(void)
{
    unsigned n = iters(400, 200), bad = 0, bad_freeze = 0;
    static uint8_t o1[768 + 8], o2[768 + 8];
    for (unsigned k = 0; k < n; k++) {
        m4crypt_mldsa_poly a, r1, r2;
        unsigned off = k % 4, len = (k & 4) ? 32 : 256;
        for (unsigned i = 0; i < 256; i++) {
            uint32_t v = t_rand32() & 0xffffff;
            a.coeffs[i] = (int32_t)(k % 5 == 0 ? 0xffffffu : k % 5 == 1 ? (uint32_t)Q - 1
                                  : k % 5 == 2 ? 0u : v);
        }
        bad += PACK_DIFFERS(m4crypt_mldsa_pack24, a.coeffs, len);
        if (k % 2)
            t_rand_bytes(o2 + off, 3 * len);
        memset(&r1, 0x55, sizeof r1);
        memset(&r2, 0x55, sizeof r2);
        m4crypt_mldsa_unpack24(r1.coeffs, o2 + off, len);
        m4crypt_mldsa_unpack24_c(r2.coeffs, o2 + off, len);
        bad += memcmp(&r1, &r2, sizeof r1) != 0;
        /* freeze_pack24 over freeze's input range |x| < 2^31 - 2^22 (its ends, the rounding
         * points of reduce32 and random), a unchanged: its C twin's bytes, which are pack24 of
         * freeze_c */
        poly_case(&a, k % (EDGES + 1), (1 << 30) + ((1 << 30) - (1 << 22) - 1));
        if (k % 7 == 3)
            for (unsigned i = 0; i < 256; i++)
                a.coeffs[i] = (int32_t)(i % 255) * (1 << 23) - (255 << 22) + (int32_t)(i % 3) - 1;
        r1 = a;
        bad_freeze += PACK_DIFFERS(m4crypt_mldsa_freeze_pack24, &a);
        bad_freeze += memcmp(&r1, &a, sizeof a) != 0;
        m4crypt_mldsa_freeze_c(&r1);
        uint8_t want[768];
        m4crypt_mldsa_pack24_c(want, r1.coeffs, 256);
        bad_freeze += memcmp(o1 + off, want, sizeof want) != 0;
    }
    CHECK(bad == 0);
    CHECK(bad_freeze == 0);
}

#if KEYGEN_SIGN
/* RejBoundedPoly's loop on random buffers of every length up to two SHAKE256 blocks, rejected
 * half-bytes (15, or 9..15) made frequent, every output limit (0 .. 256), eta 2 and 4: the same
 * count and outputs; the words after len untouched (those between the count and len may hold
 * rejected values, the contract of m4crypt_mldsa_rej_eta_c). */
static void test_rej_eta(void)
{
    unsigned n = iters(1500, 600), bad = 0;
    static uint8_t buf[272];
    static int32_t r1[260], r2[260];
    for (unsigned k = 0; k < n; k++) {
        unsigned buflen = t_rand32() % 273, len = t_rand32() % 257, eta = (k & 1) ? 4 : 2;
        t_rand_bytes(buf, sizeof buf);
        for (unsigned i = 0; i < buflen; i++)
            if (t_rand32() % 4 == 0)
                buf[i] = (uint8_t)(buf[i] | (t_rand32() & 1 ? 0x0f : 0xf0));
        memset(r1, 0x55, sizeof r1);
        memset(r2, 0x55, sizeof r2);
        unsigned c1 = m4crypt_mldsa_rej_eta(r1, len, buf, buflen, eta);
        unsigned c2 = m4crypt_mldsa_rej_eta_c(r2, len, buf, buflen, eta);
        bad += c1 != c2 || memcmp(r1, r2, 4 * c2) != 0 ||
               memcmp(r1 + len, r2 + len, sizeof r1 - 4 * len) != 0;
    }
    CHECK(bad == 0);
}
#endif

#if SIGN
#define SQ M4CRYPT_MLDSA_SMALL_Q

/* poly_case for the 16-bit polynomials modulo 769 (bound < 2^15). */
static void small_case(m4crypt_mldsa_smallpoly *a, unsigned k, int32_t bound)
{
    m4crypt_mldsa_poly t;
    poly_case(&t, k, bound);
    for (unsigned i = 0; i < 256; i++)
        a->coeffs[i] = (int16_t)t.coeffs[i];
}

/* 1 unless a = b mod 769 coefficient-wise and |a| <= bound. */
static int small_differs(const m4crypt_mldsa_smallpoly *a, const m4crypt_mldsa_smallpoly *b,
                         int32_t bound)
{
    int bad = 0;
    for (unsigned i = 0; i < 256; i++)
        bad |= ((int32_t)a->coeffs[i] - b->coeffs[i]) % SQ != 0 || a->coeffs[i] > bound ||
               a->coeffs[i] < -bound;
    return bad;
}

/* The three transforms modulo 769 against their C twins at the bounds of poly.h: the NTT (input
 * |x| <= 384) and the base multiplication (|a|, |b| <= 3072; r aliasing a and b) agree with the C
 * modulo 769 and stay within their output bounds (the assembly reduces less than the C); the
 * inverse NTT (input |x| < 769) agrees exactly (both give the representatives in [-384, 384]). */
static void test_small_ntt(void)
{
    unsigned n = iters(1000, 500), bad_ntt = 0, bad_mul = 0, bad_inv = 0;
    for (unsigned k = 0; k < n + EDGES * EDGES; k++) {
        unsigned ka = k < EDGES * EDGES ? k % EDGES : EDGES;
        unsigned kb = k < EDGES * EDGES ? k / EDGES : EDGES;
        m4crypt_mldsa_smallpoly a, b, r1, r2;
        small_case(&a, ka, 384);
        b = a;
        m4crypt_mldsa_small_ntt(&a);
        m4crypt_mldsa_small_ntt_c(&b);
        bad_ntt += small_differs(&a, &b, 3072);
        small_case(&a, ka, 3072);
        small_case(&b, kb, 3072);
        m4crypt_mldsa_small_basemul(&r1, &a, &b);
        m4crypt_mldsa_small_basemul_c(&r2, &a, &b);
        bad_mul += small_differs(&r1, &r2, SQ - 1);
        r1 = a;
        m4crypt_mldsa_small_basemul(&r1, &r1, &b); /* r = a */
        bad_mul += small_differs(&r1, &r2, SQ - 1);
        r1 = b;
        m4crypt_mldsa_small_basemul(&r1, &a, &r1); /* r = b */
        bad_mul += small_differs(&r1, &r2, SQ - 1);
        small_case(&a, ka, SQ - 1);
        b = a;
        m4crypt_mldsa_small_invntt(&a);
        m4crypt_mldsa_small_invntt_c(&b);
        bad_inv += memcmp(&a, &b, sizeof a) != 0 || small_differs(&a, &b, (SQ - 1) / 2);
    }
    CHECK(bad_ntt == 0);
    CHECK(bad_mul == 0);
    CHECK(bad_inv == 0);
}

/* The whole product as signing computes it, c s = small_invntt(small_basemul(small_ntt(c),
 * small_ntt(s))), backend against C, for each set's tau and eta: c with tau nonzeros at random
 * places (random signs, all +1, all -1, at the first or the last tau places), s = every
 * coefficient +eta, -eta, alternating, or random in [-eta, eta]. Equal word for word, every
 * coefficient within tau eta. */
static void test_small_mul(void)
{
    static const unsigned taus[3] = {39, 49, 60}, etas[3] = {2, 4, 2};
    unsigned n = iters(300, 100), bad = 0;
    for (unsigned k = 0; k < 3 * n; k++) {
        unsigned tau = taus[k % 3], eta = etas[k % 3], kc = k / 3 % 5, ks = k / 15 % 4;
        m4crypt_mldsa_smallpoly c, chat1, chat2, r1, r2;
        m4crypt_mldsa_poly s;
        uint8_t packed[128];
        memset(&c, 0, sizeof c);
        for (unsigned placed = 0; placed < tau;) {
            unsigned pos = kc == 3 ? placed : kc == 4 ? 255 - placed : t_rand32() % 256;
            if (c.coeffs[pos] != 0)
                continue;
            c.coeffs[pos] = (int16_t)(kc == 1 ? 1 : kc == 2 ? -1 : (t_rand32() & 1) ? 1 : -1);
            placed++;
        }
        for (unsigned i = 0; i < 256; i++)
            s.coeffs[i] = ks == 0   ? (int32_t)eta
                          : ks == 1 ? -(int32_t)eta
                          : ks == 2 ? ((i & 1) ? (int32_t)eta : -(int32_t)eta)
                                    : (int32_t)(t_rand32() % (2 * eta + 1)) - (int32_t)eta;
        m4crypt_mldsa_pack_eta_c(packed, &s, eta);
        chat1 = chat2 = c;
        m4crypt_mldsa_small_ntt(&chat1);
        m4crypt_mldsa_small_ntt_c(&chat2);
        m4crypt_mldsa_small_mul_c(&r1, packed, eta, &chat1); /* the backend's transforms */
        m4crypt_mldsa_small_unpack_eta(&r2, packed, eta);
        m4crypt_mldsa_small_ntt_c(&r2);
        m4crypt_mldsa_small_basemul_c(&r2, &chat2, &r2);
        m4crypt_mldsa_small_invntt_c(&r2);
        bad += memcmp(&r1, &r2, sizeof r1) != 0 ||
               small_differs(&r1, &r2, (int32_t)(tau * eta));
    }
    CHECK(bad == 0);
}
#endif

#if SIGN
/* Applying c s against the C twins: add_small_chknorm on r with |r| < 2^31 - 385 or near the
 * norm bound (both results), and a at +-384; and
 * sub_small_freeze on r in [0, q) (edges 0 and q - 1) and a at +-384, whose output must also
 * lie in [0, q) and be r - a mod q. */
static void test_add_small(void)
{
    unsigned n = iters(1000, 500), bad_add = 0, bad_sub = 0, flags_seen = 0;
    for (unsigned k = 0; k < n + EDGES * EDGES; k++) {
        unsigned ka = k < EDGES * EDGES ? k % EDGES : EDGES;
        unsigned kr = k < EDGES * EDGES ? k / EDGES : EDGES;
        m4crypt_mldsa_smallpoly a;
        m4crypt_mldsa_poly r1, r2, r0;
        small_case(&a, ka, 384);
        /* r anywhere, or near z's bound (gamma1 - beta for ML-DSA-44 and -87), so that r + a
         * lands on both sides of it */
        int32_t bound = (k & 1) ? (1 << 17) - 78 : (1 << 19) - 120;
        poly_case(&r1, kr, k % 3 == 0 ? 0x7fffffff - 385 : bound + 400);
        if (k % 3 == 2)
            for (unsigned i = 0; i < 256; i++)
                r1.coeffs[i] = (r1.coeffs[i] < 0 ? -bound : bound) + (int32_t)(t_rand32() % 9) - 4 -
                               (i == 7 ? 0 : (r1.coeffs[i] < 0 ? -400 : 400));
        r2 = r1;
        uint32_t f1 = m4crypt_mldsa_add_small_chknorm(&r1, &a, bound);
        uint32_t f2 = m4crypt_mldsa_add_small_chknorm_c(&r2, &a, bound);
        bad_add += memcmp(&r1, &r2, sizeof r1) != 0 || f1 != f2;
        flags_seen |= 1u << f1;
        poly_case(&r0, kr, (Q - 1) / 2);
        for (unsigned i = 0; i < 256; i++)
            r0.coeffs[i] += (Q - 1) / 2; /* [0, q - 1] */
        r1 = r2 = r0;
        m4crypt_mldsa_sub_small_freeze(&r1, &a);
        m4crypt_mldsa_sub_small_freeze_c(&r2, &a);
        bad_sub += memcmp(&r1, &r2, sizeof r1) != 0;
        for (unsigned i = 0; i < 256; i++)
            bad_sub += r1.coeffs[i] < 0 || r1.coeffs[i] >= Q ||
                       ((int64_t)r0.coeffs[i] - a.coeffs[i] - r1.coeffs[i]) % Q != 0;
    }
    CHECK(bad_add == 0);
    CHECK(flags_seen == 3); /* both results of the norm check occurred */
    CHECK(bad_sub == 0);
}
#endif

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(0x61726d37);
    if (!HAVE_NTT || !HAVE_INVNTT || !HAVE_POINTWISE || !HAVE_REJ_UNIFORM)
        t_printf("  (no ML-DSA assembly backend in this build: the C twins are checked against "
                 "themselves)\n");
    test_ntt();
    test_invntt();
    test_invntt_caddq();
    test_invntt_reduce();
    test_pointwise();
    test_rej_uniform();
    test_pointwise_p24();
#if M4CRYPT_ENABLE_MLDSA_VERIFY || M4CRYPT_ENABLE_MLDSA_KEYPAIR
    test_matrix_entry_acc_p24();
    test_rej_uniform_acc_block_p24();
#endif
    test_reduce_caddq();
    test_unpack();
    test_highbits_pack_w1();
#if KEYGEN_SIGN
    test_make_hint();
    test_rej_eta();
#endif
#if SIGN
    test_small_ntt();
    test_small_mul();
    test_add_small();
#else
    t_printf("  (signing not built (m4crypt/config.h): the NTT modulo 769 is not built, and not "
             "tested)\n");
#endif
#if !KEYGEN_SIGN
    t_printf("  (key generation and signing not built (m4crypt/config.h): make_hint, "
             "power2round, pack_t1, pack_t0, unpack_t0, pack_eta, unpack_eta, pack_z, rej_eta and "
             "add_eta_power2round_pack are not built, and not tested)\n");
#endif
    test_chknorm();
    test_pack_t();
#if KEYGEN_SIGN
    test_add_eta_power2round_pack();
#endif
    test_pack24();
#if KEYGEN_SIGN
    test_pack();
#endif
    return t_summary("mldsa_armv7m");
}
