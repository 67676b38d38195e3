/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 tests: RFC 7748 vectors (sections 5.2 and 6.1), the iterated check of section 5.2,
 * Wycheproof x25519_test.json with every result and flag, low-order points, key generation, and
 * the GF(2^255 - 19) functions of src/curve25519/fe25519.h against an independent slow reference
 * (bit-serial modular arithmetic on 8 x 32-bit words, written here).
 */
#include <string.h>

#include "harness.h"
#include "rfc7748_vectors.h"
#include "m4crypt/x25519.h"
#include "curve25519/fe25519.h"

static int is_zero32(const uint8_t *p)
{
    uint8_t acc = 0;
    for (int i = 0; i < 32; i++)
        acc |= p[i];
    return acc == 0;
}

/* ------------------------------------------------------------------ slow reference mod p */

typedef struct {
    uint32_t w[8]; /* little-endian words, value < p after every ref_ operation */
} ref_t;

static const ref_t REF_P = {{0xffffffed, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                             0xffffffff, 0xffffffff, 0x7fffffff}};

static int ref_geq(const ref_t *a, const ref_t *b)
{
    for (int i = 7; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] > b->w[i];
    return 1;
}

static uint32_t ref_add_raw(ref_t *r, const ref_t *a, const ref_t *b)
{
    uint64_t c = 0;
    for (int i = 0; i < 8; i++) {
        c += (uint64_t)a->w[i] + b->w[i];
        r->w[i] = (uint32_t)c;
        c >>= 32;
    }
    return (uint32_t)c;
}

static uint32_t ref_sub_raw(ref_t *r, const ref_t *a, const ref_t *b)
{
    int64_t c = 0;
    for (int i = 0; i < 8; i++) {
        c += (int64_t)a->w[i] - b->w[i];
        r->w[i] = (uint32_t)c;
        c = c < 0 ? -1 : 0;
    }
    return (uint32_t)(c != 0);
}

/* Any 256-bit value (< 2^256 < 3p) to [0, p). */
static void ref_reduce(ref_t *a)
{
    while (ref_geq(a, &REF_P))
        ref_sub_raw(a, a, &REF_P);
}

static void ref_addm(ref_t *r, const ref_t *a, const ref_t *b)
{
    ref_add_raw(r, a, b); /* < 2p < 2^256 */
    ref_reduce(r);
}

static void ref_subm(ref_t *r, const ref_t *a, const ref_t *b)
{
    if (ref_sub_raw(r, a, b))
        ref_add_raw(r, r, &REF_P);
}

/* Double-and-add over the bits of b. */
static void ref_mulm(ref_t *r, const ref_t *a, const ref_t *b)
{
    ref_t acc;
    memset(&acc, 0, sizeof acc);
    for (int bit = 254; bit >= 0; bit--) {
        ref_addm(&acc, &acc, &acc);
        if ((b->w[bit / 32] >> (bit % 32)) & 1)
            ref_addm(&acc, &acc, a);
    }
    *r = acc;
}

static void ref_small(ref_t *r, uint32_t v)
{
    memset(r, 0, sizeof *r);
    r->w[0] = v;
}

/* a^(p-2) by square-and-multiply over the bits of p - 2 = 2^255 - 21. */
static void ref_inv(ref_t *r, const ref_t *a)
{
    ref_t e = REF_P, acc;
    e.w[0] -= 2;
    ref_small(&acc, 1);
    for (int bit = 254; bit >= 0; bit--) {
        ref_mulm(&acc, &acc, &acc);
        if ((e.w[bit / 32] >> (bit % 32)) & 1)
            ref_mulm(&acc, &acc, a);
    }
    *r = acc;
}

/* decodeUCoordinate: little-endian, bit 255 masked, reduced mod p. */
static void ref_frombytes(ref_t *r, const uint8_t s[32])
{
    for (int i = 0; i < 8; i++)
        r->w[i] = (uint32_t)s[4 * i] | (uint32_t)s[4 * i + 1] << 8 | (uint32_t)s[4 * i + 2] << 16 |
                  (uint32_t)s[4 * i + 3] << 24;
    r->w[7] &= 0x7fffffff;
    ref_reduce(r);
}

static void ref_tobytes(uint8_t s[32], const ref_t *a)
{
    for (int i = 0; i < 32; i++)
        s[i] = (uint8_t)(a->w[i / 4] >> (8 * (i % 4)));
}

/* The value of a limb vector (any signed limbs), mod p: sum v[i] 2^off[i]. */
static const int limb_off[10] = {0, 26, 51, 77, 102, 128, 153, 179, 204, 230};
static void ref_from_limbs(ref_t *r, const m4crypt_fe25519_c *f)
{
    ref_t acc, term, pow;
    ref_small(&acc, 0);
    for (int i = 0; i < 10; i++) {
        int32_t v = f->v[i];
        uint32_t mag = v < 0 ? (uint32_t)0 - (uint32_t)v : (uint32_t)v;
        ref_small(&term, mag);
        memset(&pow, 0, sizeof pow);
        pow.w[limb_off[i] / 32] = 1u << (limb_off[i] % 32);
        ref_mulm(&term, &term, &pow);
        if (v < 0)
            ref_subm(&acc, &acc, &term);
        else
            ref_addm(&acc, &acc, &term);
    }
    *r = acc;
}

/* Does fe encode (via tobytes) to the same bytes as the reference value? */
static int fe_eq_ref(const m4crypt_fe25519_c *f, const ref_t *want)
{
    uint8_t a[32], b[32];
    m4crypt_fe25519_tobytes_c(a, f);
    ref_tobytes(b, want);
    return memcmp(a, b, 32) == 0;
}

/* ------------------------------------------------------------------ field tests */

/* Edge encodings: 0, 1, 2, 19, p-1, p .. 2^255-1 (non-canonical), 2^255 - 2^k, and values with
 * all limbs at their maxima or single limbs set. Each also with bit 255 set. */
static unsigned edge_encoding(uint8_t s[32], unsigned idx)
{
    const unsigned n_fixed = 4 + 1 + 19 + 8;
    unsigned i = idx / 2;
    memset(s, 0, 32);
    if (i < 4) {
        static const uint8_t small[4] = {0, 1, 2, 19};
        s[0] = small[i];
    } else if (i < 5 + 19) { /* p - 1 + j for j = 0..19: p-1, p, p+1, ..., p+18 = 2^255-1 */
        uint32_t j = i - 4;
        memset(s, 0xff, 32);
        s[31] = 0x7f;
        s[0] = (uint8_t)(0xec + j); /* 0xec = p-1's low byte; 0xec + 19 = 0xff */
    } else if (i < n_fixed) { /* 2^255 - 2^k for k = 32 * (i - 24) + 5 */
        int k = (int)(32 * (i - 24) + 5);
        memset(s, 0xff, 32);
        s[31] = 0x7f;
        for (int b = 0; b < k; b++)
            s[b / 8] &= (uint8_t) ~(1u << (b % 8));
    } else if (i < n_fixed + 10) { /* the top bit of each limb */
        int b = limb_off[i - n_fixed] + ((i - n_fixed) % 2 ? 24 : 25);
        s[b / 8] = (uint8_t)(1u << (b % 8));
    } else {
        return 0;
    }
    if (idx % 2)
        s[31] |= 0x80;
    return 1;
}

static void rand_ref(ref_t *r, uint8_t s[32])
{
    t_rand_bytes(s, 32);
    ref_frombytes(r, s);
}

/* Limb bounds of fe25519.h: tight and loose, for even / odd limbs. */
#define TIGHT_EVEN ((1 << 25) + (1 << 18))
#define TIGHT_ODD ((1 << 24) + (1 << 18))
#define LOOSE_EVEN 107374182 /* floor(1.6 * 2^26) */
#define LOOSE_ODD 53687091   /* floor(1.6 * 2^25) */

static int within(const m4crypt_fe25519_c *f, int32_t even, int32_t odd)
{
    for (int i = 0; i < 10; i++) {
        int32_t b = i % 2 ? odd : even;
        if (f->v[i] > b || f->v[i] < -b)
            return 0;
    }
    return 1;
}

/* A random limb vector with |v[i]| <= even / odd bound, signed; often at the extremes. */
static void rand_limbs(m4crypt_fe25519_c *f, int32_t even, int32_t odd)
{
    for (int i = 0; i < 10; i++) {
        uint32_t bound = (uint32_t)(i % 2 ? odd : even);
        uint32_t r = t_rand32();
        int32_t mag = (int32_t)(t_rand32() % (bound + 1));
        if (r % 8 == 0)
            mag = (int32_t)(bound - (r >> 3) % 2);
        f->v[i] = (r >> 31) ? -mag : mag;
    }
}

/* Two random limb vectors a, b (rand_limbs' bounds) and their values ra, rb for the reference. */
static void rand_operands(m4crypt_fe25519_c *a, m4crypt_fe25519_c *b, ref_t *ra, ref_t *rb,
                          int32_t even, int32_t odd)
{
    rand_limbs(a, even, odd);
    rand_limbs(b, even, odd);
    ref_from_limbs(ra, a);
    ref_from_limbs(rb, b);
}

static void test_field(void)
{
    uint8_t s[32], s2[32], out[32], want[32];
    ref_t ra, rb, rr;
    m4crypt_fe25519_c a, b, h, t;

    /* Edge encodings through frombytes/tobytes and every operation. */
    unsigned edges = 0;
    for (unsigned e = 0; edge_encoding(s, e); e++) {
        edges++;
        ref_frombytes(&ra, s);
        m4crypt_fe25519_frombytes_c(&a, s);
        CHECK(within(&a, TIGHT_EVEN, TIGHT_ODD));
        m4crypt_fe25519_tobytes_c(out, &a);
        ref_tobytes(want, &ra);
        CHECK_MEM(out, want, 32);
        for (unsigned e2 = 0; edge_encoding(s2, e2); e2 += 3) {
            ref_frombytes(&rb, s2);
            m4crypt_fe25519_frombytes_c(&b, s2);
            m4crypt_fe25519_mul_c(&h, &a, &b);
            ref_mulm(&rr, &ra, &rb);
            CHECK(fe_eq_ref(&h, &rr));
            m4crypt_fe25519_add_c(&h, &a, &b);
            ref_addm(&rr, &ra, &rb);
            CHECK(fe_eq_ref(&h, &rr));
            m4crypt_fe25519_sub_c(&h, &a, &b);
            ref_subm(&rr, &ra, &rb);
            CHECK(fe_eq_ref(&h, &rr));
            /* loose inputs into mul: (a + b) * (a - b) */
            m4crypt_fe25519_add_c(&h, &a, &b);
            m4crypt_fe25519_sub_c(&t, &a, &b);
            m4crypt_fe25519_mul_c(&h, &h, &t);
            ref_t r2;
            ref_addm(&rr, &ra, &rb);
            ref_subm(&r2, &ra, &rb);
            ref_mulm(&rr, &rr, &r2);
            CHECK(fe_eq_ref(&h, &rr));
        }
        m4crypt_fe25519_sqr_c(&h, &a);
        ref_mulm(&rr, &ra, &ra);
        CHECK(fe_eq_ref(&h, &rr));
        m4crypt_fe25519_mul121666_c(&h, &a);
        ref_small(&rb, 121666);
        ref_mulm(&rr, &ra, &rb);
        CHECK(fe_eq_ref(&h, &rr));
        if (e % 4 == 0 || !t_quick()) {
            m4crypt_fe25519_invert_c(&h, &a);
            ref_inv(&rr, &ra);
            CHECK(fe_eq_ref(&h, &rr));
        }
    }
    t_printf("fe25519: %u edge encodings\n", edges);

    /* Specific values: p .. 2^255-1 reduce to 0 .. 18; 2^255 - 1 with bit 255 set too. */
    for (unsigned j = 0; j < 19; j++) {
        memset(s, 0xff, 32);
        s[31] = 0x7f;
        s[0] = (uint8_t)(0xed + j);
        m4crypt_fe25519_frombytes_c(&a, s);
        m4crypt_fe25519_tobytes_c(out, &a);
        memset(want, 0, 32);
        want[0] = (uint8_t)j;
        CHECK_MEM(out, want, 32);
    }
    /* 0 and 1, inverse of 0 is 0, inverse of 1 is 1, inverse of p-1 is p-1. */
    m4crypt_fe25519_0_c(&a);
    m4crypt_fe25519_invert_c(&h, &a);
    m4crypt_fe25519_tobytes_c(out, &h);
    memset(want, 0, 32);
    CHECK_MEM(out, want, 32);
    m4crypt_fe25519_1_c(&a);
    m4crypt_fe25519_invert_c(&h, &a);
    m4crypt_fe25519_tobytes_c(out, &h);
    want[0] = 1;
    CHECK_MEM(out, want, 32);
    m4crypt_fe25519_0_c(&a);
    m4crypt_fe25519_1_c(&b);
    m4crypt_fe25519_sub_c(&a, &a, &b); /* -1 as limbs (-1, 0, ...) */
    m4crypt_fe25519_invert_c(&h, &a);
    m4crypt_fe25519_tobytes_c(out, &h);
    memset(want, 0xff, 32);
    want[0] = 0xec;
    want[31] = 0x7f;
    CHECK_MEM(out, want, 32);

    /* cswap: 0 keeps, 1 swaps, both ways. */
    for (uint32_t bit = 0; bit < 2; bit++) {
        rand_limbs(&a, TIGHT_EVEN, TIGHT_ODD);
        rand_limbs(&b, TIGHT_EVEN, TIGHT_ODD);
        m4crypt_fe25519_c a0 = a, b0 = b;
        m4crypt_fe25519_cswap_c(&a, &b, bit);
        CHECK(memcmp(&a, bit ? &b0 : &a0, sizeof a) == 0);
        CHECK(memcmp(&b, bit ? &a0 : &b0, sizeof b) == 0);
    }

    /* Random canonical-range inputs. */
    const unsigned n = t_quick() ? 200 : 2000;
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        rand_ref(&ra, s);
        m4crypt_fe25519_frombytes_c(&a, s);
        rand_ref(&rb, s2);
        m4crypt_fe25519_frombytes_c(&b, s2);
        m4crypt_fe25519_tobytes_c(out, &a);
        ref_tobytes(want, &ra);
        bad += memcmp(out, want, 32) != 0;
        m4crypt_fe25519_mul_c(&h, &a, &b);
        ref_mulm(&rr, &ra, &rb);
        bad += !fe_eq_ref(&h, &rr);
        m4crypt_fe25519_mul_c(&t, &h, &h); /* aliasing */
        m4crypt_fe25519_sqr_c(&h, &h);
        ref_mulm(&rr, &rr, &rr);
        bad += !fe_eq_ref(&h, &rr) || !fe_eq_ref(&t, &rr);
        m4crypt_fe25519_add_c(&h, &a, &b);
        ref_addm(&rr, &ra, &rb);
        bad += !fe_eq_ref(&h, &rr);
        m4crypt_fe25519_sub_c(&h, &a, &b);
        ref_subm(&rr, &ra, &rb);
        bad += !fe_eq_ref(&h, &rr);
        m4crypt_fe25519_mul121666_c(&h, &a);
        ref_small(&rr, 121666);
        ref_mulm(&rr, &rr, &ra);
        bad += !fe_eq_ref(&h, &rr);
        if (i < (t_quick() ? 4u : 100u)) { /* the reference inversion is slow */
            m4crypt_fe25519_invert_c(&h, &a);
            ref_inv(&rr, &ra);
            bad += !fe_eq_ref(&h, &rr);
            m4crypt_fe25519_mul_c(&h, &h, &a); /* a * a^-1 = 1 (a != 0 almost surely) */
            ref_small(&rr, 1);
            bad += !fe_eq_ref(&h, &rr);
        }
    }
    CHECK(bad == 0);

    /* Random limb vectors at the documented bounds: loose into mul, sqr and mul121666; tight
     * into add and sub; up to 2^29 into tobytes. Outputs of mul, sqr, mul121666 and frombytes
     * must be tight, those of add and sub of tight inputs loose. */
    bad = 0;
    for (unsigned i = 0; i < n; i++) {
        rand_operands(&a, &b, &ra, &rb, LOOSE_EVEN, LOOSE_ODD);
        m4crypt_fe25519_mul_c(&h, &a, &b);
        ref_mulm(&rr, &ra, &rb);
        bad += !fe_eq_ref(&h, &rr) || !within(&h, TIGHT_EVEN, TIGHT_ODD);
        m4crypt_fe25519_sqr_c(&h, &a);
        ref_mulm(&rr, &ra, &ra);
        bad += !fe_eq_ref(&h, &rr) || !within(&h, TIGHT_EVEN, TIGHT_ODD);
        m4crypt_fe25519_mul121666_c(&h, &b);
        ref_small(&rr, 121666);
        ref_mulm(&rr, &rr, &rb);
        bad += !fe_eq_ref(&h, &rr) || !within(&h, TIGHT_EVEN, TIGHT_ODD);
        rand_operands(&a, &b, &ra, &rb, TIGHT_EVEN, TIGHT_ODD);
        m4crypt_fe25519_add_c(&h, &a, &b);
        ref_addm(&rr, &ra, &rb);
        bad += !fe_eq_ref(&h, &rr) || !within(&h, LOOSE_EVEN, LOOSE_ODD);
        m4crypt_fe25519_sub_c(&h, &a, &b);
        ref_subm(&rr, &ra, &rb);
        bad += !fe_eq_ref(&h, &rr) || !within(&h, LOOSE_EVEN, LOOSE_ODD);
        rand_limbs(&a, 1 << 29, 1 << 29);
        ref_from_limbs(&ra, &a);
        bad += !fe_eq_ref(&a, &ra);
        t_rand_bytes(s, 32);
        m4crypt_fe25519_frombytes_c(&a, s);
        bad += !within(&a, TIGHT_EVEN, TIGHT_ODD);
    }
    CHECK(bad == 0);
    t_printf("fe25519: %u random cases of each operation, %u mismatches\n", 2 * n, bad);
}

/* ------------------------------------------------------------------ X25519 */

/* RFC 7748 section 6.1, Diffie-Hellman: Alice's and Bob's private keys, public keys, and K. */
static const char *const rfc7748_61[5] = {
    "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
    "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
    "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
    "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
    "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
};

static void test_rfc7748(void)
{
    uint8_t k[32], u[32], want[32], out[32];
    for (int i = 0; i < 2; i++) {
        t_unhex(k, rfc7748_52[i][0]);
        t_unhex(u, rfc7748_52[i][1]);
        t_unhex(want, rfc7748_52[i][2]);
        CHECK(m4crypt_x25519(out, k, u) == 0);
        CHECK_MEM(out, want, 32);
    }

    uint8_t a_sk[32], a_pk[32], b_sk[32], b_pk[32], kk[32], pk[32];
    t_unhex(a_sk, rfc7748_61[0]);
    t_unhex(a_pk, rfc7748_61[1]);
    t_unhex(b_sk, rfc7748_61[2]);
    t_unhex(b_pk, rfc7748_61[3]);
    t_unhex(kk, rfc7748_61[4]);
    CHECK(m4crypt_x25519_base(pk, a_sk) == 0);
    CHECK_MEM(pk, a_pk, 32);
    CHECK(m4crypt_x25519_base(pk, b_sk) == 0);
    CHECK_MEM(pk, b_pk, 32);
    CHECK(m4crypt_x25519(out, a_sk, b_pk) == 0);
    CHECK_MEM(out, kk, 32);
    CHECK(m4crypt_x25519(out, b_sk, a_pk) == 0);
    CHECK_MEM(out, kk, 32);

    /* The same vectors from the cryptography-vectors file (converted). */
    unsigned n = 0;
    for (vec_file f = vec_begin("x25519_rfc7748.vec"); vec_next(&f);) {
        CHECK(vec_hex("scalar", k, 32) == 32 && vec_hex("u", u, 32) == 32 &&
              vec_hex("out", want, 32) == 32);
        CHECK(m4crypt_x25519(out, k, u) == 0);
        CHECK_MEM(out, want, 32);
        n++;
    }
    CHECK(n == 3);
}

static void iterate(uint8_t k[32], uint8_t u[32], unsigned long from, unsigned long to)
{
    uint8_t r[32];
    for (unsigned long i = from; i < to; i++) {
        m4crypt_x25519(r, k, u);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
    }
}

static void test_iterations(void)
{
    uint8_t k[32] = {9}, u[32] = {9}, want[32];
    iterate(k, u, 0, 1);
    t_unhex(want, rfc7748_iter1);
    CHECK_MEM(k, want, 32);
    iterate(k, u, 1, 1000);
    t_unhex(want, rfc7748_iter1000);
    CHECK_MEM(k, want, 32);
    if (t_slow()) {
        iterate(k, u, 1000, 1000000);
        t_unhex(want, rfc7748_iter1000000);
        CHECK_MEM(k, want, 32);
        t_printf("x25519: 1,000,000 iterations checked\n");
    }
}

/*
 * Wycheproof: every record is checked the same way, because the library implements RFC 7748
 * exactly and the test file's "shared" is the RFC 7748 result in every case:
 *   valid      the shared secret matches, return code 0 (never zero here).
 *   acceptable the shared secret matches; the return code is M4CRYPT_ERR_ZERO_SHARED exactly when
 *              it is all zero (flag ZeroSharedSecret: low-order public keys), else 0. Non-canonical
 *              public keys (u >= p) are reduced as RFC 7748 section 5 asks; twist points are
 *              used as they are (no point validation, as in the RFC).
 *   invalid    Wycheproof XDH tests are invalid only for malformed encodings; the raw 32-byte API
 *              cannot receive them: the record must then hold a key that is not 32 bytes long.
 * The flags are cross-checked: ZeroSharedSecret <=> shared is all zero.
 */
static void test_wycheproof(void)
{
    unsigned n = 0, n_valid = 0, n_accept = 0, n_invalid = 0, n_zero = 0;
    uint8_t sk[33], pk[33], ss[33], out[32];
    for (vec_file f = vec_begin("x25519_wycheproof.vec"); vec_next(&f);) {
        const char *result = vec_str("result");
        const char *flags = vec_str("flags");
        long lsk = vec_hex("private", sk, sizeof sk);
        long lpk = vec_hex("public", pk, sizeof pk);
        long lss = vec_hex("shared", ss, sizeof ss);
        CHECK(result != NULL && flags != NULL);
        if (!result || !flags)
            continue;
        n++;
        if (strcmp(result, "invalid") == 0) {
            n_invalid++;
            CHECK(lsk != 32 || lpk != 32);
            continue;
        }
        CHECK(lsk == 32 && lpk == 32 && lss == 32);
        if (lsk != 32 || lpk != 32 || lss != 32)
            continue;
        const int zero = is_zero32(ss);
        const int zero_flag = strstr(flags, "ZeroSharedSecret") != NULL;
        CHECK(zero == zero_flag);
        memset(out, 0xa5, sizeof out);
        int r = m4crypt_x25519(out, sk, pk);
        CHECK_MEM(out, ss, 32);
        CHECK(r == (zero ? M4CRYPT_ERR_ZERO_SHARED : 0));
        if (strcmp(result, "valid") == 0) {
            n_valid++;
            CHECK(r == 0);
        } else {
            CHECK(strcmp(result, "acceptable") == 0);
            n_accept++;
        }
        n_zero += zero;
    }
    t_printf("wycheproof: %u records (%u valid, %u acceptable, %u invalid, %u zero shared)\n", n,
             n_valid, n_accept, n_invalid, n_zero);
    CHECK(n > 0);
}

static void test_low_order(void)
{
    uint8_t u[32], k[32], out[32], zero[32] = {0};
    for (int i = 0; i < 7; i++) {
        for (int hb = 0; hb < 2; hb++) {
            t_unhex(u, low_order[i]);
            u[31] |= (uint8_t)(hb << 7);
            for (int j = 0; j < 4; j++) {
                t_rand_bytes(k, 32);
                memset(out, 0x5a, 32);
                CHECK(m4crypt_x25519(out, k, u) == M4CRYPT_ERR_ZERO_SHARED);
                CHECK_MEM(out, zero, 32);
            }
        }
    }
    /* A point of order 8 times a scalar: ok only for the low-order check, not zero for u = 9. */
    t_rand_bytes(k, 32);
    CHECK(m4crypt_x25519_base(out, k) == 0);
    CHECK(!is_zero32(out));
}

/* Diffie-Hellman agreement and properties of clamping and of bit 255 of u. */
static void test_properties(void)
{
    uint8_t a[32], b[32], pa[32], pb[32], s1[32], s2[32], t[32];
    const unsigned n = t_quick() ? 10 : 200;
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        t_rand_bytes(a, 32);
        t_rand_bytes(b, 32);
        bad += m4crypt_x25519_base(pa, a) != 0;
        bad += m4crypt_x25519_base(pb, b) != 0;
        bad += m4crypt_x25519(s1, a, pb) != 0;
        bad += m4crypt_x25519(s2, b, pa) != 0;
        bad += memcmp(s1, s2, 32) != 0;
        /* bits cleared by clamping do not matter */
        memcpy(t, a, 32);
        t[0] ^= 7;
        t[31] ^= 0xc0;
        m4crypt_x25519(s2, t, pb);
        bad += memcmp(s1, s2, 32) != 0;
        /* bit 255 of the point does not matter */
        memcpy(t, pb, 32);
        t[31] ^= 0x80;
        m4crypt_x25519(s2, a, t);
        bad += memcmp(s1, s2, 32) != 0;
        /* a clamping-relevant bit does matter */
        memcpy(t, a, 32);
        t[1] ^= 1;
        m4crypt_x25519(s2, t, pb);
        bad += memcmp(s1, s2, 32) == 0;
    }
    CHECK(bad == 0);
    /* outputs alias inputs */
    t_rand_bytes(a, 32);
    t_rand_bytes(b, 32);
    m4crypt_x25519(s1, a, b);
    memcpy(t, b, 32);
    m4crypt_x25519(t, a, t);
    CHECK_MEM(t, s1, 32);
    memcpy(t, a, 32);
    m4crypt_x25519(t, t, b);
    CHECK_MEM(t, s1, 32);
}

static uint8_t rng_byte;
static int rng_fail;
static int test_rng(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(rng_byte + i);
    return rng_fail ? -1 : 0;
}

static void test_keypair(void)
{
    uint8_t pk[32], sk[32], pk2[32], want_sk[32];
    rng_byte = 0x31;
    rng_fail = 0;
    m4crypt_set_randombytes(test_rng, NULL);
    CHECK(m4crypt_x25519_keypair(pk, sk) == 0);
    for (int i = 0; i < 32; i++)
        want_sk[i] = (uint8_t)(0x31 + i);
    CHECK_MEM(sk, want_sk, 32);
    CHECK(m4crypt_x25519_base(pk2, sk) == 0);
    CHECK_MEM(pk, pk2, 32);
    rng_fail = 1;
    memset(pk, 0x77, 32);
    CHECK(m4crypt_x25519_keypair(pk, sk) == M4CRYPT_ERR_RANDOM);
    memset(pk2, 0, 32);
    CHECK_MEM(pk, pk2, 32);
    CHECK_MEM(sk, pk2, 32);
    m4crypt_set_randombytes(NULL, NULL);
    uint8_t pk3[32], sk3[32];
    CHECK(m4crypt_x25519_keypair(pk, sk) == 0);
    CHECK(m4crypt_x25519_keypair(pk3, sk3) == 0);
    CHECK(memcmp(sk, sk3, 32) != 0 && memcmp(pk, pk3, 32) != 0);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    t_rand_seed(25519);
    test_field();
    test_rfc7748();
    test_iterations();
    test_wycheproof();
    test_low_order();
    test_properties();
    test_keypair();
    return t_summary("x25519");
}
