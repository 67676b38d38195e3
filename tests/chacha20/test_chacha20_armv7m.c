/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Twin test of the ChaCha20 block function: the backend in use (m4crypt_chacha20_xor_blocks over
 * m4crypt_chacha20_xor_job, the ARMv7E-M assembly in the m4-armv7m configuration) against the
 * portable m4crypt_chacha20_xor_blocks_c, on random states and inputs, unaligned and in-place
 * buffers, block counts 0..20, counters near 2^32 (carry into word 13, which also refreshes the
 * assembly's precomputed words) and 2^64, and every message length 0..200 through the public API;
 * then the job function itself (1-3 segments, separate and in-place buffers, unaligned key and iv,
 * counters crossing 2^32 inside and between segments) against m4crypt_chacha20_xor_job_c. On a
 * build without a backend it compares the C functions with themselves and says so.
 */
#include <string.h>

#include "chacha20/backend.h"
#include "harness.h"
#include "m4crypt/chacha20.h"

#define MAXB 20

static uint8_t inb[64 * MAXB + 8], outb[64 * MAXB + 8], refb[64 * MAXB + 8], copy[64 * MAXB + 8];

/* Runs both block functions on the same input; in_off/out_off in 0..3; inplace: out == in. */
static void twin(const uint32_t state[16], size_t nblocks, unsigned in_off, unsigned out_off,
                 int inplace)
{
    uint32_t s_impl[16], s_ref[16];
    const size_t n = 64 * nblocks;
    memcpy(s_impl, state, sizeof s_impl);
    memcpy(s_ref, state, sizeof s_ref);
    t_rand_bytes(inb, sizeof inb);
    memcpy(copy, inb, sizeof inb);
    m4crypt_chacha20_xor_blocks_c(refb + out_off, inb + in_off, nblocks, s_ref);
    if (inplace) {
        m4crypt_chacha20_xor_blocks(inb + in_off, inb + in_off, nblocks, s_impl);
        CHECK_MEM(inb + in_off, refb + out_off, n);
        CHECK_MEM(inb, copy, in_off); /* nothing outside the buffer */
        CHECK_MEM(inb + in_off + n, copy + in_off + n, sizeof inb - in_off - n);
    } else {
        memset(outb, 0xe7, sizeof outb);
        m4crypt_chacha20_xor_blocks(outb + out_off, inb + in_off, nblocks, s_impl);
        CHECK_MEM(outb + out_off, refb + out_off, n);
        CHECK_MEM(inb, copy, sizeof inb); /* the input is not modified */
        int guard = 1;
        for (size_t i = 0; i < out_off; i++)
            guard &= outb[i] == 0xe7;
        for (size_t i = out_off + n; i < sizeof outb; i++)
            guard &= outb[i] == 0xe7;
        CHECK(guard);
    }
    CHECK_MEM(s_impl, s_ref, sizeof s_ref); /* counter advanced identically, rest unchanged */
}

static void random_state(uint32_t s[16])
{
    for (int i = 0; i < 16; i++)
        s[i] = t_rand32();
}

/* Job twin: nseg segments of random lengths (1..6 blocks) laid out in one buffer at random
 * offsets, alternately separate and in place; the key at an unaligned address. */
static uint8_t jin[3][64 * 6 + 4], jout_a[3][64 * 6 + 4], jout_b[3][64 * 6 + 4];

static void job_twin(uint32_t ctr_lo, uint32_t ctr_hi, size_t nseg, int consts_rfc)
{
    uint32_t consts[4], ctr_a[2], ctr_b[2];
    uint8_t keybuf[33], ivbuf[11];
    t_rand_bytes(keybuf, sizeof keybuf);
    t_rand_bytes(ivbuf, sizeof ivbuf);
    for (int i = 0; i < 4; i++)
        consts[i] = consts_rfc ? m4crypt_chacha20_sigma[i] : t_rand32();
    ctr_a[0] = ctr_lo, ctr_a[1] = ctr_hi;
    memcpy(ctr_b, ctr_a, sizeof ctr_b);
    m4crypt_chacha20_job ja, jb;
    ja.consts = jb.consts = consts;
    ja.key = jb.key = keybuf + 1; /* unaligned */
    ja.iv = jb.iv = ivbuf + t_rand32() % 4;
    ja.ctr = ctr_a;
    jb.ctr = ctr_b;
    ja.nseg = jb.nseg = nseg;
    for (size_t k = 0; k < nseg; k++) {
        const size_t nb = 1 + t_rand32() % 6;
        const unsigned ioff = t_rand32() % 4, ooff = t_rand32() % 4;
        const int inplace = (int)(t_rand32() % 3 == 0);
        t_rand_bytes(jin[k], sizeof jin[k]);
        memcpy(jout_a[k], jin[k], sizeof jin[k]);
        memcpy(jout_b[k], jin[k], sizeof jin[k]);
        ja.seg[k].nblocks = jb.seg[k].nblocks = nb;
        if (inplace) {
            ja.seg[k].out = jout_a[k] + ioff, ja.seg[k].in = jout_a[k] + ioff;
            jb.seg[k].out = jout_b[k] + ioff, jb.seg[k].in = jout_b[k] + ioff;
        } else {
            ja.seg[k].out = jout_a[k] + ooff, ja.seg[k].in = jin[k] + ioff;
            jb.seg[k].out = jout_b[k] + ooff, jb.seg[k].in = jin[k] + ioff;
        }
    }
    m4crypt_chacha20_xor_job(&ja);
    m4crypt_chacha20_xor_job_c(&jb);
    for (size_t k = 0; k < nseg; k++)
        CHECK_MEM(jout_a[k], jout_b[k], sizeof jout_a[k]); /* incl. the bytes around each run */
    CHECK_MEM(ctr_a, ctr_b, sizeof ctr_a);
}

int main(int argc, char **argv)
{
    t_init(argc, argv);
#ifdef M4CRYPT_CHACHA20_HAVE_XOR_JOB
    t_printf("chacha20_armv7m: comparing the assembly backend with the portable C\n");
#else
    t_printf("chacha20_armv7m: no backend in this build; checking the portable C against itself\n");
#endif
    t_rand_seed(0xa4);
    uint32_t s[16];

    /* random states (any constants too: the function must not assume them) */
    const unsigned iters = t_quick() ? 1000 : 4000;
    for (unsigned it = 0; it < iters; it++) {
        random_state(s);
        size_t nb = it % 8 == 0 ? t_rand32() % (MAXB + 1) : t_rand32() % 4;
        twin(s, nb, t_rand32() % 4, t_rand32() % 4, it % 5 == 0);
    }

    /* counters near 2^32 and 2^64: words 12-13 as a 64-bit counter */
    static const uint32_t lows[] = {0xffffffffu, 0xfffffffeu, 0xfffffffdu, 0xfffffff0u, 0, 1};
    static const uint32_t highs[] = {0, 1, 0x7fffffffu, 0xfffffffeu, 0xffffffffu};
    for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++)
        for (size_t j = 0; j < sizeof highs / sizeof highs[0]; j++)
            for (size_t nb = 1; nb <= 5; nb += 2) {
                random_state(s);
                s[12] = lows[i];
                s[13] = highs[j];
                twin(s, nb, (unsigned)(i % 4), (unsigned)(j % 4), (int)(nb == 3));
            }
    /* a long run across the wrap: 20 blocks starting 10 before 2^32 */
    random_state(s);
    s[12] = 0xfffffff6u;
    twin(s, 20, 1, 2, 0);

    /* the state words 0-3 as in RFC 8439 and every length 0..200 through the public API, against
     * a block-by-block composition of the portable function */
    static uint8_t msg[200 + 4], out[200 + 4], ref[200 + 64];
    uint8_t key[32], nonce[12];
    for (size_t len = 0; len <= 200; len++) {
        t_rand_bytes(key, sizeof key);
        t_rand_bytes(nonce, sizeof nonce);
        t_rand_bytes(msg, sizeof msg);
        uint32_t counter = len % 3 == 0 ? 0xffffffffu - (uint32_t)(len / 64) : t_rand32() >> 1;
        unsigned off = (unsigned)(len % 4);
        m4crypt_chacha20_state_ietf(s, key, nonce, counter);
        size_t nb = (len + 63) / 64;
        memset(ref, 0, sizeof ref);
        memcpy(ref, msg + off, len);
        m4crypt_chacha20_xor_blocks_c(ref, ref, nb, s);
        CHECK(m4crypt_chacha20_ietf_xor(out + (3 - off), msg + off, len, key, nonce, counter) == 0);
        CHECK_MEM(out + (3 - off), ref, len);
        /* in place */
        CHECK(m4crypt_chacha20_ietf_xor(msg + off, msg + off, len, key, nonce, counter) == 0);
        CHECK_MEM(msg + off, ref, len);
    }

    /* the job function: random counters, and counters crossing 2^32 and 2^64 */
    const unsigned jobs = t_quick() ? 300 : 2000;
    for (unsigned it = 0; it < jobs; it++)
        job_twin(t_rand32(), t_rand32(), 1 + it % 3, (int)(it % 2));
    for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++)
        for (size_t j = 0; j < sizeof highs / sizeof highs[0]; j++)
            for (size_t nseg = 1; nseg <= 3; nseg++)
                job_twin(lows[i], highs[j], nseg, 1);
    return t_summary("chacha20_armv7m");
}
