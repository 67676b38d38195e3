/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin tests of the armv7m field (src/curve25519/armv7m/) and of X25519's armv7m backend
 * (src/x25519/armv7m/): the field on 8 x 32-bit words mod 2^256 - 38 against the portable
 * radix-2^25.5 functions of src/curve25519/fe25519.c, and the whole scalar multiplication against
 * m4crypt_x25519_scalarmult_c.
 *
 * The representations differ, so results are compared as canonical encodings (tobytes of each
 * side). The backend accepts any 256-bit value; its C twin gets the same value mod p (the low 255
 * bits through frombytes, plus 19 for bit 255, since 2^255 = 19 mod p). Inputs: at least 1000
 * random values per function (with words biased towards 0 and 2^32 - 1 to drive the carry
 * chains) and the edge values 0, 1, p - 1, p, p + 1, 2^255 - 1, 2^255, 2p - 1, 2p, 2^256 - 39,
 * 2^256 - 38, 2^256 - 1 and more. On a build without the backend each test compares the C
 * function with itself and says so.
 */
#include <string.h>

#include "harness.h"
#include "rfc7748_vectors.h"
#include "m4crypt/x25519.h"
#include "x25519/backend.h"

typedef struct {
    uint32_t w[8];
} w256;

/* ------------------------------------------------------------------ the C twin on w256 values */

static void c_from(m4crypt_fe25519_c *h, const w256 *a)
{
    uint8_t s[32];
    m4crypt_fe25519_c t;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 4; j++)
            s[4 * i + j] = (uint8_t)(a->w[i] >> (8 * j));
    m4crypt_fe25519_frombytes_c(h, s); /* bit 255 ignored */
    m4crypt_fe25519_0_c(&t);
    t.v[0] = (int32_t)(19 * (a->w[7] >> 31));
    m4crypt_fe25519_add_c(h, h, &t); /* tight + 19: still within the "loose" bound */
}

#ifdef M4CRYPT_X25519_HAVE_SCALARMULT
#define BACKEND 1
static void b_mul(w256 *h, const w256 *f, const w256 *g) { m4crypt_fe25519_mul_armv7m(h->w, f->w, g->w); }
static void b_sqr(w256 *h, const w256 *f) { m4crypt_fe25519_sqr_armv7m(h->w, f->w); }
static void b_add(w256 *h, const w256 *f, const w256 *g) { m4crypt_fe25519_add_armv7m(h->w, f->w, g->w); }
static void b_sub(w256 *h, const w256 *f, const w256 *g) { m4crypt_fe25519_sub_armv7m(h->w, f->w, g->w); }
static void b_m121666(w256 *h, const w256 *f) { m4crypt_fe25519_mul121666_armv7m(h->w, f->w); }
static void b_inv(w256 *h, const w256 *f) { m4crypt_fe25519_invert_armv7m(h->w, f->w); }
static void b_enc(uint8_t s[32], const w256 *f) { m4crypt_fe25519_tobytes_armv7m(s, f->w); }
static void b_scalarmult(uint8_t o[32], const uint8_t k[32], const uint8_t u[32])
{
    m4crypt_x25519_scalarmult_armv7m(o, k, u);
}
#else
#define BACKEND 0
/* No backend: the "selected" side is the C twin itself on the same values. */
typedef void (*binop)(m4crypt_fe25519_c *, const m4crypt_fe25519_c *, const m4crypt_fe25519_c *);
static void c_bin(w256 *h, const w256 *f, const w256 *g, binop op)
{
    m4crypt_fe25519_c a, b, r;
    uint8_t s[32];
    c_from(&a, f);
    c_from(&b, g);
    op(&r, &a, &b);
    m4crypt_fe25519_tobytes_c(s, &r);
    for (int i = 0; i < 8; i++)
        h->w[i] = (uint32_t)s[4 * i] | (uint32_t)s[4 * i + 1] << 8 | (uint32_t)s[4 * i + 2] << 16 |
                  (uint32_t)s[4 * i + 3] << 24;
}
static void sqr_as_bin(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f, const m4crypt_fe25519_c *g)
{
    (void)g;
    m4crypt_fe25519_sqr_c(h, f);
}
static void m121666_as_bin(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f,
                           const m4crypt_fe25519_c *g)
{
    (void)g;
    m4crypt_fe25519_mul121666_c(h, f);
}
static void inv_as_bin(m4crypt_fe25519_c *h, const m4crypt_fe25519_c *f, const m4crypt_fe25519_c *g)
{
    (void)g;
    m4crypt_fe25519_invert_c(h, f);
}
static void b_mul(w256 *h, const w256 *f, const w256 *g) { c_bin(h, f, g, m4crypt_fe25519_mul_c); }
static void b_sqr(w256 *h, const w256 *f) { c_bin(h, f, f, sqr_as_bin); }
static void b_add(w256 *h, const w256 *f, const w256 *g) { c_bin(h, f, g, m4crypt_fe25519_add_c); }
static void b_sub(w256 *h, const w256 *f, const w256 *g) { c_bin(h, f, g, m4crypt_fe25519_sub_c); }
static void b_m121666(w256 *h, const w256 *f) { c_bin(h, f, f, m121666_as_bin); }
static void b_inv(w256 *h, const w256 *f) { c_bin(h, f, f, inv_as_bin); }
static void b_enc(uint8_t s[32], const w256 *f)
{
    m4crypt_fe25519_c a;
    c_from(&a, f);
    m4crypt_fe25519_tobytes_c(s, &a);
}
static void b_scalarmult(uint8_t o[32], const uint8_t k[32], const uint8_t u[32])
{
    m4crypt_x25519_scalarmult_c(o, k, u);
}
#endif

static unsigned iters(unsigned host, unsigned quick) { return t_quick() ? quick : host; }

/* Edge values. */
#define NEDGE 20
static void edge(w256 *a, unsigned e)
{
    static const uint32_t P[8] = {0xffffffed, 0xffffffff, 0xffffffff, 0xffffffff,
                                  0xffffffff, 0xffffffff, 0xffffffff, 0x7fffffff};
    uint64_t c;
    for (int i = 0; i < 8; i++)
        a->w[i] = 0;
    switch (e) {
    case 0: break;                                  /* 0 */
    case 1: a->w[0] = 1; break;                     /* 1 */
    case 2: memcpy(a->w, P, 32); a->w[0] -= 1; break; /* p - 1 */
    case 3: memcpy(a->w, P, 32); break;             /* p */
    case 4: memcpy(a->w, P, 32); a->w[0] += 1; break; /* p + 1 */
    case 5: memset(a->w, 0xff, 32); a->w[7] = 0x7fffffff; break; /* 2^255 - 1 */
    case 6: a->w[7] = 0x80000000u; break;           /* 2^255 */
    case 7: memset(a->w, 0xff, 32); a->w[0] = 0xffffffda; break; /* 2p - 1 = 2^256 - 39 */
    case 8: memset(a->w, 0xff, 32); a->w[0] = 0xffffffdb; break; /* 2p = 2^256 - 38 */
    case 9: memset(a->w, 0xff, 32); break;          /* 2^256 - 1 */
    case 10: memset(a->w, 0xff, 32); a->w[0] = 0xffffffdc; break; /* 2^256 - 37 */
    case 11: a->w[0] = 38; break;
    case 12: a->w[0] = 19; break;
    case 13: memcpy(a->w, P, 32); a->w[0] += 19; break; /* 2^255 */
    case 14: memset(a->w, 0xff, 32); a->w[7] = 0; break; /* 2^224 - 1 */
    case 15: a->w[7] = 0xffffffffu; break;          /* 2^256 - 2^224 */
    case 16: /* 3p - 2^256... : p + 2^255 - 1 (fits, >= 2p) */
        c = 0;
        for (int i = 0; i < 8; i++) {
            c += (uint64_t)P[i] + (i == 7 ? 0x7fffffffu : 0xffffffffu);
            a->w[i] = (uint32_t)c;
            c >>= 32;
        }
        break;
    case 17: a->w[0] = 121666; break;
    case 18: a->w[0] = 0xffffffffu; break;
    default: for (int i = 0; i < 8; i++) a->w[i] = 0x80000000u; break;
    }
}

static void rand_w(w256 *a)
{
    uint32_t mode = t_rand32() % 4;
    for (int i = 0; i < 8; i++) {
        uint32_t x = t_rand32();
        if (mode == 1) { /* words of 0 and all-ones mixed with random ones */
            uint32_t s = t_rand32() % 3;
            x = s == 0 ? 0 : s == 1 ? 0xffffffffu : x;
        } else if (mode == 2) {
            x = 0xffffffffu - (t_rand32() % 64 == 0 ? x : t_rand32() % 40);
        }
        a->w[i] = x;
    }
}

static void enc_c(uint8_t s[32], const m4crypt_fe25519_c *f) { m4crypt_fe25519_tobytes_c(s, f); }

/* 1 if x1 and y1, or x2 and y2, encode different field elements (backend words against C limbs). */
static int two_differ(const w256 *x1, const m4crypt_fe25519_c *y1, const w256 *x2,
                      const m4crypt_fe25519_c *y2)
{
    uint8_t e1[32], e2[32], e3[32], e4[32];
    b_enc(e1, x1);
    enc_c(e2, y1);
    b_enc(e3, x2);
    enc_c(e4, y2);
    return memcmp(e1, e2, 32) != 0 || memcmp(e3, e4, 32) != 0;
}

enum { OP_MUL, OP_SQR, OP_ADD, OP_SUB, OP_M121666, OP_INV, OP_ENC, NOPS };
static const char *op_name[NOPS] = {"mul", "sqr", "add", "sub", "mul121666", "invert", "tobytes"};

/* Runs op on (f, g) both ways; returns 1 on agreement. */
static int twin(int op, const w256 *f, const w256 *g)
{
    m4crypt_fe25519_c a, b, r;
    w256 h, f2 = *f, g2 = *g;
    uint8_t sb[32], sc[32];
    c_from(&a, f);
    c_from(&b, g);
    switch (op) {
    case OP_MUL: b_mul(&h, &f2, &g2); m4crypt_fe25519_mul_c(&r, &a, &b); break;
    case OP_SQR: b_sqr(&h, &f2); m4crypt_fe25519_sqr_c(&r, &a); break;
    case OP_ADD: b_add(&h, &f2, &g2); m4crypt_fe25519_add_c(&r, &a, &b); break;
    case OP_SUB: b_sub(&h, &f2, &g2); m4crypt_fe25519_sub_c(&r, &a, &b); break;
    case OP_M121666: b_m121666(&h, &f2); m4crypt_fe25519_mul121666_c(&r, &a); break;
    case OP_INV: b_inv(&h, &f2); m4crypt_fe25519_invert_c(&r, &a); break;
    default: h = f2; r = a; break;
    }
    b_enc(sb, &h);
    enc_c(sc, &r);
    /* inputs untouched */
    return memcmp(sb, sc, 32) == 0 && memcmp(&f2, f, sizeof f2) == 0 &&
           memcmp(&g2, g, sizeof g2) == 0;
}

/* Aliased outputs: h = f * h, h = h + h, ... */
static int twin_alias(const w256 *f, const w256 *g)
{
    w256 h1 = *g, h2 = *f, h3 = *f, h4 = *g, ref;
    uint8_t s1[32], s2[32];
    int ok = 1;
    b_mul(&ref, f, g);
    b_mul(&h1, f, &h1);
    b_enc(s1, &ref);
    b_enc(s2, &h1);
    ok &= memcmp(s1, s2, 32) == 0;
    b_mul(&h2, &h2, g);
    b_enc(s2, &h2);
    ok &= memcmp(s1, s2, 32) == 0;
    b_sqr(&ref, f);
    b_sqr(&h3, &h3);
    b_enc(s1, &ref);
    b_enc(s2, &h3);
    ok &= memcmp(s1, s2, 32) == 0;
    b_sub(&ref, f, g);
    b_sub(&h4, f, &h4);
    b_enc(s1, &ref);
    b_enc(s2, &h4);
    ok &= memcmp(s1, s2, 32) == 0;
    return ok;
}

static void test_field(void)
{
    for (int op = 0; op < NOPS; op++) {
        unsigned bad = 0, n = 0;
        const unsigned reps = op == OP_INV ? iters(1000, 200) : 1000;
        for (unsigned e = 0; e < NEDGE; e++)
            for (unsigned e2 = 0; e2 < NEDGE; e2++) {
                w256 f, g;
                edge(&f, e);
                edge(&g, e2);
                if ((op == OP_INV || op == OP_SQR || op == OP_M121666 || op == OP_ENC) && e2)
                    continue;
                n++;
                if (!twin(op, &f, &g)) {
                    if (bad++ < 4)
                        t_printf("  %s mismatch on edges %u, %u\n", op_name[op], e, e2);
                }
            }
        for (unsigned i = 0; i < reps; i++) {
            w256 f, g;
            rand_w(&f);
            if (i % 8 == 0)
                edge(&g, t_rand32() % NEDGE);
            else
                rand_w(&g);
            n++;
            if (!twin(op, &f, &g)) {
                if (bad++ < 4)
                    t_printf("  %s mismatch on random case %u\n", op_name[op], i);
            }
        }
        CHECK(bad == 0);
        t_printf("%s: %u cases (edges and random), %u mismatches\n", op_name[op], n, bad);
    }

    unsigned bad = 0;
    for (unsigned i = 0; i < 1000; i++) {
        w256 f, g;
        rand_w(&f);
        rand_w(&g);
        if (!twin_alias(&f, &g))
            bad++;
    }
    CHECK(bad == 0);
    t_printf("aliased outputs: 1000 cases, %u mismatches\n", bad);
}

/* The ladder's fused routines against the C twin: muladdsub (t = f g, s = u + t, u = u - t),
 * sqrsel ((bit ? c : a)^2). */
#if BACKEND
static void b_muladdsub(w256 *s_, const w256 *f, const w256 *g, w256 *u)
{
    m4crypt_fe25519_muladdsub_armv7m(s_->w, f->w, g->w, u->w);
}
static void b_sqrsel(w256 *h, const w256 *a, const w256 *c, uint32_t bit)
{
    m4crypt_fe25519_sqrsel_armv7m(h->w, a->w, c->w, bit);
}
static void b_suba24(w256 *e, const w256 *a, w256 *b) { m4crypt_fe25519_suba24_armv7m(e->w, a->w, b->w); }
#else
static void b_muladdsub(w256 *s_, const w256 *f, const w256 *g, w256 *u)
{
    w256 t;
    b_mul(&t, f, g);
    b_add(s_, u, &t);
    b_sub(u, u, &t);
}
static void b_sqrsel(w256 *h, const w256 *a, const w256 *c, uint32_t bit)
{
    b_sqr(h, bit ? c : a);
}
static void b_suba24(w256 *e, const w256 *a, w256 *b)
{
    w256 t;
    b_sub(e, a, b);
    b_m121666(&t, e);
    b_add(b, b, &t);
}
#endif

static void rand_or_edge(w256 *a, unsigned i)
{
    if (i % 5 == 0)
        edge(a, t_rand32() % NEDGE);
    else
        rand_w(a);
}

static void test_fused(void)
{
    unsigned bad = 0, n = 0;
    for (unsigned i = 0; i < 1000 + NEDGE * NEDGE; i++) {
        w256 f, g, u, u0, s_, f0, g0;
        m4crypt_fe25519_c a, b, c, t, rs, rd;
        if (i < NEDGE * NEDGE) {
            edge(&f, i % NEDGE);
            edge(&g, i / NEDGE);
            edge(&u, (i * 7) % NEDGE);
        } else {
            rand_or_edge(&f, i);
            rand_or_edge(&g, i / 3);
            rand_or_edge(&u, i / 7);
        }
        f0 = f;
        g0 = g;
        u0 = u;
        b_muladdsub(&s_, &f, &g, &u);
        c_from(&a, &f0);
        c_from(&b, &g0);
        c_from(&c, &u0);
        m4crypt_fe25519_mul_c(&t, &a, &b);
        m4crypt_fe25519_add_c(&rs, &c, &t);
        m4crypt_fe25519_sub_c(&rd, &c, &t);
        n++;
        if (two_differ(&s_, &rs, &u, &rd) || memcmp(&f, &f0, sizeof f) ||
            memcmp(&g, &g0, sizeof g)) {
            if (bad++ < 4)
                t_printf("  muladdsub mismatch on case %u\n", i);
        }
    }
    CHECK(bad == 0);
    t_printf("muladdsub: %u cases (edges and random), %u mismatches\n", n, bad);

    /* The words themselves: s = u + t is below 2^255 + 2^225 (its top word is formed first),
     * the product behind it below 2^255 + 2^230 (mul's bound, which u - t relies on); s may
     * alias f or g (ge25519_base.c, ristretto255.c: s is always a fresh slot, but the contract
     * allows it), and the words must then be the same as without aliasing. */
    bad = n = 0;
    for (unsigned i = 0; i < 1000 + NEDGE; i++) {
        w256 f, g, u, ua, ub, s_, sa, sb, h;
        if (i < NEDGE) {
            edge(&f, i);
            edge(&g, NEDGE - 1 - i);
            edge(&u, (i * 3) % NEDGE);
        } else {
            rand_or_edge(&f, i);
            rand_or_edge(&g, i / 3);
            rand_or_edge(&u, i / 7);
        }
        ua = ub = u;
        sa = f;
        sb = g;
        b_mul(&h, &f, &g);
        b_muladdsub(&s_, &f, &g, &u);
        b_muladdsub(&sa, &sa, &g, &ua); /* s = f */
        b_muladdsub(&sb, &f, &sb, &ub); /* s = g */
        n++;
        if (h.w[7] >= 0x80000040u || s_.w[7] > 0x80000001u || memcmp(&sa, &s_, sizeof sa) ||
            memcmp(&sb, &s_, sizeof sb) || memcmp(&ua, &u, sizeof ua) ||
            memcmp(&ub, &u, sizeof ub)) {
            if (bad++ < 4)
                t_printf("  mul / muladdsub bound or aliasing mismatch on case %u\n", i);
        }
    }
    CHECK(bad == 0);
    t_printf("mul, muladdsub bounds and aliasing (s = f, s = g): %u cases, %u mismatches\n", n,
             bad);

    bad = n = 0;
    for (unsigned i = 0; i < 1000 + 2 * NEDGE; i++) {
        w256 a2, c2, h, ref;
        uint8_t e1[32], e2[32];
        const uint32_t bit = i & 1;
        if (i < 2 * NEDGE) {
            edge(&a2, i / 2);
            edge(&c2, NEDGE - 1 - i / 2);
        } else {
            rand_or_edge(&a2, i);
            rand_or_edge(&c2, i / 3);
        }
        b_sqrsel(&h, &a2, &c2, bit);
        b_sqr(&ref, bit ? &c2 : &a2);
        b_enc(e1, &h);
        b_enc(e2, &ref);
        n++;
        if (memcmp(e1, e2, 32)) {
            if (bad++ < 4)
                t_printf("  sqrsel mismatch on case %u (bit %u)\n", i, (unsigned)bit);
        }
    }
    CHECK(bad == 0);
    t_printf("sqrsel: %u cases (edges and random, both bits), %u mismatches\n", n, bad);

    /* suba24: e = a - b, b = b + 121666 e (the ladder's E = AA - BB, BB + a24 E). Contract:
     * b <= 2^256 - 38 (one borrow fold; the ladder's BB is a squaring output): b above it is
     * replaced by the bound itself, so the edges probe it exactly (a = 0: a - b + 2^256 = 38);
     * every third random case takes squaring outputs for a and b, as the ladder does. */
    bad = n = 0;
    for (unsigned i = 0; i < 1000 + NEDGE * NEDGE; i++) {
        w256 a2, b2, a0, b0, e;
        m4crypt_fe25519_c ca, cb, ce, ct, cr;
        int above = 1;
        if (i < NEDGE * NEDGE) {
            edge(&a2, i % NEDGE);
            edge(&b2, i / NEDGE);
        } else {
            rand_or_edge(&a2, i);
            rand_or_edge(&b2, i / 3);
            if (i % 3 == 0) {
                b_sqr(&a2, &a2);
                b_sqr(&b2, &b2);
            }
        }
        for (int k = 1; k < 8; k++)
            above &= b2.w[k] == 0xffffffffu;
        if (above && b2.w[0] > 0xffffffdau) /* b > 2^256 - 38: the bound instead */
            b2.w[0] = 0xffffffdau;
        a0 = a2;
        b0 = b2;
        b_suba24(&e, &a2, &b2);
        c_from(&ca, &a0);
        c_from(&cb, &b0);
        m4crypt_fe25519_sub_c(&ce, &ca, &cb);
        m4crypt_fe25519_mul121666_c(&ct, &ce);
        m4crypt_fe25519_add_c(&cr, &cb, &ct);
        n++;
        if (two_differ(&e, &ce, &b2, &cr) || memcmp(&a2, &a0, sizeof a2)) {
            if (bad++ < 4)
                t_printf("  suba24 mismatch on case %u\n", i);
        }
    }
    CHECK(bad == 0);
    t_printf("suba24: %u cases (edges and random), %u mismatches\n", n, bad);
}

static void test_scalarmult(void)
{
    const unsigned n = iters(100, 20);
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        uint8_t k[32], u[32], o1[32], o2[32];
        t_rand_bytes(k, 32);
        t_rand_bytes(u, 32);
        if (i % 10 == 1)
            memset(u, 0xff, 32); /* non-canonical u, bit 255 set */
        if (i % 10 == 2) {
            memset(u, 0, 32);    /* u = p (= 0) */
            memset(u, 0xff, 31);
            u[0] = 0xed;
            u[31] = 0x7f;
        }
        b_scalarmult(o1, k, u);
        m4crypt_x25519_scalarmult_c(o2, k, u);
        bad += memcmp(o1, o2, 32) != 0;
    }
    CHECK(bad == 0);
    t_printf("scalarmult: %u random cases against the portable ladder, %u mismatches\n", n, bad);
}

/* The inlined ladder (x25519_ladder_inlined.S, what m4crypt_x25519 runs when the library is built
 * with -DM4CRYPT_X25519_INLINED_LADDER) against the RFC 7748 section 5.2 vectors and iterations
 * (1 and 1,000), and word for word against the compact ladder: random scalars and points, the
 * low-order points of RFC 7748 section 7 and the edge encodings, with and without bit 255, and
 * the extreme scalars. */
#ifdef M4CRYPT_X25519_HAVE_INLINED_LADDER
static void test_inlined(void)
{
    t_printf("inlined ladder: against RFC 7748 and the compact ladder\n");
    uint8_t k[32], u[32], want[32], o1[32], o2[32];
    for (int i = 0; i < 2; i++) {
        t_unhex(k, rfc7748_52[i][0]);
        t_unhex(u, rfc7748_52[i][1]);
        t_unhex(want, rfc7748_52[i][2]);
        m4crypt_x25519_scalarmult_inlined_armv7m(o1, k, u);
        CHECK_MEM(o1, want, 32);
    }
    /* k = u = 9, then (k, u) = (X25519(k, u), k): after 1 and after 1,000 iterations */
    memset(k, 0, 32);
    memset(u, 0, 32);
    k[0] = u[0] = 9;
    for (unsigned i = 1; i <= 1000; i++) {
        m4crypt_x25519_scalarmult_inlined_armv7m(o1, k, u);
        memcpy(u, k, 32);
        memcpy(k, o1, 32);
        if (i == 1) {
            t_unhex(want, rfc7748_iter1);
            CHECK_MEM(k, want, 32);
        }
    }
    t_unhex(want, rfc7748_iter1000);
    CHECK_MEM(k, want, 32);

    /* the low-order points and edge encodings, then 2^255 - 1 */
    static const char *const top = "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f";
    const unsigned npoints = sizeof low_order / sizeof low_order[0] + 1;
    const unsigned n = iters(1000, 200);
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        t_rand_bytes(k, 32);
        t_rand_bytes(u, 32);
        if (i < 4 * npoints) {
            t_unhex(u, i % npoints < npoints - 1 ? low_order[i % npoints] : top);
            u[31] |= (uint8_t)((i / npoints) & 1) << 7;    /* bit 255, ignored */
            if (i / npoints >= 2)
                memset(k, (i / npoints) == 2 ? 0x00 : 0xff, 32);
        }
        m4crypt_x25519_scalarmult_inlined_armv7m(o1, k, u);
        m4crypt_x25519_scalarmult_armv7m(o2, k, u);
        bad += memcmp(o1, o2, 32) != 0;
    }
    CHECK(bad == 0);
    t_printf("inlined ladder: %u cases against the compact ladder (%u edge), %u mismatches\n", n,
             4 * npoints, bad);
}
#endif

/* The glue copies bytes as (unaligned) words and tobytes stores words: scalar, point and output
 * at every byte offset 0..3 give the same bytes as aligned buffers, and nothing outside the
 * 32 output bytes is written. */
static void test_unaligned(void)
{
    unsigned bad = 0, n = 0;
    for (unsigned i = 0; i < 4; i++) {
        _Alignas(4) uint8_t kb[36], ub[36], ob[40];
        uint8_t k[32], u[32], ref[32], e1[32], e2[32];
        w256 f;
        t_rand_bytes(k, 32);
        t_rand_bytes(u, 32);
        memcpy(kb + i, k, 32);
        memcpy(ub + 3 - i, u, 32);
        memset(ob, 0xa5, sizeof ob);
        b_scalarmult(ref, k, u);
        b_scalarmult(ob + 4 + i, kb + i, ub + 3 - i);
        bad += memcmp(ob + 4 + i, ref, 32) != 0;
        for (unsigned j = 0; j < sizeof ob; j++)
            bad += (j < 4 + i || j >= 36 + i) && ob[j] != 0xa5;
        rand_w(&f);
        memset(ob, 0xa5, sizeof ob);
        b_enc(e1, &f);
        b_enc(ob + 4 + i, &f);
        memcpy(e2, ob + 4 + i, 32);
        bad += memcmp(e1, e2, 32) != 0;
        for (unsigned j = 0; j < sizeof ob; j++)
            bad += (j < 4 + i || j >= 36 + i) && ob[j] != 0xa5;
        n += 2;
    }
    CHECK(bad == 0);
    t_printf("unaligned buffers: %u cases (offsets 0..3), %u mismatches\n", n, bad);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
    if (BACKEND)
        t_printf("armv7m backend: comparing with the portable C\n");
    else
        t_printf("no armv7m backend in this build: comparing the C functions with themselves\n");
    test_field();
    test_fused();
    test_scalarmult();
    test_unaligned();
#ifdef M4CRYPT_X25519_HAVE_INLINED_LADDER
    test_inlined();
#elif defined(M4CRYPT_ARCH_ARMV7M)
    t_printf("inlined ladder: not in this build (it needs an FPU; m4crypt_x25519 runs the compact one)\n");
#endif
    return t_summary("x25519_armv7m");
}
