/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * m4sim native engine: the per-block Unicorn hook that evaluates the Cortex-M4
 * cycle model.  Written for m4sim (m4crypt project).
 *
 * Design
 * ------
 * Python decodes each translation block once (capstone) into a compact array
 * of m4_insn records holding the *static* cost of every instruction (see
 * decode.py and model.py).  This file adds the *dynamic* parts of the model.
 *
 * A block is evaluated when the NEXT block starts: only then do we know where
 * control went (taken / not-taken branch, alignment of the branch target).
 * The executing block stays "pending" until then; m4_flush() evaluates the
 * last one when the run ends.
 *
 * Operand-dependent facts are collected by UC_HOOK_CODE hooks placed (before
 * any code is translated) only on the addresses of UDIV/SDIV and of the
 * conditional instructions inside IT blocks ("slots").  A slot hook stamps the
 * slot with the sequence number of the executing block; Unicorn does not call
 * the hook for an instruction that IT skips, so an unstamped IT instruction
 * was skipped.  For divisions the hook also computes the cycle count from the
 * operand registers.
 *
 * Every rule below names its constant in model.py; the constants arrive in
 * the parameter vector P[] (order: model.DYNAMIC_PARAM_NAMES).
 *
 * Public calls (ct mode, `m4sim ct --public-function`): a call of a function
 * declared public (its entry address reached while no public call is active)
 * starts a "public call"; it ends when a block starts at the return address
 * that was in LR at entry with SP at or above its value at entry (so nested
 * and recursive calls, and calls of the same function from inside it, stay
 * inside the outermost call).  Blocks executed during a public call are
 * costed as usual (the run's totals stay complete) but counted separately
 * (excl_*) and neither their instructions, their cycles nor their memory
 * accesses are traced; the call leaves one marker in the instruction trace:
 * the function's entry address with cost 0.  The flag is captured per block
 * when it starts executing, so the lagged evaluation sees the right state.
 * For the stack-residue check (`m4sim residue`), G_TRACE_PUB_WRITES makes the
 * memory trace also keep the writes made during public calls, flagged with
 * bit 30 of the size word (so that each word left on the stack can be traced
 * to its last writer); the ct comparison never sets it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

/*
 * The boundary with Python (native.py, model.py) is described once, here: the lists below define
 * the enums and are exported by m4_abi() as text; native.py checks its ctypes mirror against that
 * text (and the layout of m4_insn against m4_insn_layout()) when it loads the engine, and refuses
 * an engine that disagrees.
 */

/* the parameter vector P[]: order of model.DYNAMIC_PARAM_NAMES */
#define M4_PARAMS(X) \
    X(PIPE_SAVE_LOAD) X(PIPE_SAVE_STORE) X(ADDR_STALL) X(LITERAL_EXTRA) X(STORE_THEN_LOAD) \
    X(REFILL_P) X(REFILL_P_MISALIGNED32) X(IT_AFTER_16) X(IT_AFTER_32) X(IT_SKIPPED) \
    X(DIV_ZERO) X(DIV_SMALL) X(DIV_BASE) X(DIV_STEP) X(DIV_MAX) X(RUN32_MIN) \
    X(RUN32_PENALTY) X(PIPE_STORE_MIN)

#define M4_PP_ENUM(name) PP_##name,
enum { M4_PARAMS(M4_PP_ENUM) PP_COUNT };

/* m4_insn.flags: name, bit */
#define M4_FLAGS(X) \
    X(LOAD1, 0)     /* single LDR-family load: opens/joins the load pipeline */ \
    X(STORE1, 1)    /* single STR-family store: may follow a load in the pipeline */ \
    X(MEM, 2)       /* generates an address (address-generation stall check) */ \
    X(LITERAL, 3)   /* PC-relative load */ \
    X(STL_SRC, 4)   /* a store that makes a following load pay STORE_THEN_LOAD */ \
    X(STL_DST, 5)   /* a load that pays STORE_THEN_LOAD after such a store */ \
    X(BR, 6)        /* always writes PC (taken branch) */ \
    X(BRCOND, 7)    /* conditional PC write: taken iff successor != fallthrough */ \
    X(IT, 8)        /* the IT instruction itself */ \
    X(DIV, 9)       /* UDIV/SDIV: cost from its slot */ \
    X(ITCOND, 10)   /* conditional inside IT: executed iff its slot is stamped */ \
    X(ITBR, 11)     /* conditional PC write inside IT: not taken == skipped */

#define M4_F_ENUM(name, bit) F_##name = 1 << (bit),
enum { M4_FLAGS(M4_F_ENUM) };

/* the fields of m4_insn, in order: name, C type */
#define M4_INSN_FIELDS(X) \
    X(addr, uint32_t) \
    X(flags, uint16_t) \
    X(size, uint8_t) \
    X(base, uint8_t)       /* static cost if executed (branches: without P) */ \
    X(addr_regs, uint16_t) /* registers used to form the address (bit i = r[i]) */ \
    X(wr_regs, uint16_t)   /* registers written */ \
    X(slot, int32_t)       /* index of the slot (hooked instruction) or -1 */ \
    X(mem_bytes, uint8_t)  /* bytes it loads or stores when executed (0: no data access) */

#define M4_INSN_MEMBER(name, type) type name;
typedef struct { M4_INSN_FIELDS(M4_INSN_MEMBER) } m4_insn;

struct m4_ctx;
typedef struct {
    struct m4_ctx *ctx;
    uint64_t seq;       /* block sequence number when last executed */
    uint32_t cost;      /* division: cycles of the last execution */
    uint8_t rn, rm, is_div, is_signed;
} m4_slot;

typedef struct { uint64_t key; uint32_t first, n; } m4_block;

typedef int (*m4_miss_cb)(uint32_t addr, uint32_t size);
typedef void (*m4_event_cb)(int ev, uint32_t addr);

/* events passed to the m4_event_cb: name, value */
#define M4_EVENTS(X) X(BEGIN, 1) X(END, 2) X(OPEN, 3)
#define M4_EV_ENUM(name, value) EV_##name = (value),
enum { M4_EVENTS(M4_EV_ENUM) };
#define NONE_ADDR 0xFFFFFFFFu

typedef struct m4_ctx {
    int32_t P[PP_COUNT];
    int uc_reg[16];
    uc_engine *uc;
    /* counters */
    uint64_t cycles, ninstr, cyc_before_last, ins_before_last, it_before_last;
    uint64_t mem_cycles, mem_before_last;   /* cycles of loads and stores (F_MEM) */
    uint64_t max_insns;
    int hit_limit, miss_failed;
    /* pipeline state carried between instructions */
    uint32_t prev_wr, prev_load_dest;
    int prev_pipe_open, prev_store, prev_is32, run32;
    /* pending (executing) block */
    int64_t pending;
    uint64_t pending_seq, seq;
    /* block cache */
    m4_block *blocks; uint32_t nblocks, cap_blocks;
    uint32_t *htab; uint32_t hcap;
    m4_insn *insns; uint32_t ninsns, cap_insns;
    m4_slot *slots; uint32_t nslots;
    /* regions */
    uint32_t begin_addr, end_addr, open_addr;
    /* public calls (see the header comment) */
    uint32_t *pub; uint64_t *pub_calls; uint32_t npub;
    int pub_active, pending_pub;
    uint32_t pub_ret, pub_sp;
    uint64_t excl_cycles, excl_insns, excl_cyc_before_last, excl_ins_before_last;
    m4_miss_cb miss_cb;
    m4_event_cb event_cb;
    /* tracing (ct mode) */
    int tracing, trace_pub_writes;
    uint32_t *itrace; uint8_t *ctrace; uint64_t nit, capit;
    uint32_t *mtrace; uint64_t nmt, capmt; /* triples: pc, addr, size|write<<31 */
    /* ct mode: the instruction each memory access belongs to (see access_pc) */
    uint64_t mem_seq, mem_unattributed;
    uint32_t mem_next, mem_left, mem_pc;
    uc_hook hblock, hmem;
} m4_ctx;

m4_ctx *m4_new(const int32_t *params, int nparams, const int *uc_regs)
{
    m4_ctx *c = calloc(1, sizeof(*c));
    if (!c) return NULL;
    for (int i = 0; i < nparams && i < PP_COUNT; i++) c->P[i] = params[i];
    for (int i = 0; i < 16; i++) c->uc_reg[i] = uc_regs[i];
    c->pending = -1;
    c->begin_addr = c->end_addr = c->open_addr = NONE_ADDR;
    c->hcap = 1 << 14;
    c->htab = calloc(c->hcap, sizeof(uint32_t));
    return c;
}

void m4_free(m4_ctx *c)
{
    if (!c) return;
    free(c->blocks); free(c->htab); free(c->insns); free(c->slots);
    free(c->itrace); free(c->ctrace); free(c->mtrace);
    free(c->pub); free(c->pub_calls);
    free(c);
}

static inline uint32_t hslot(uint64_t key, uint32_t cap)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 40) & (cap - 1);
}

static int64_t lookup(m4_ctx *c, uint32_t addr, uint32_t size)
{
    uint64_t key = ((uint64_t)size << 32) | addr;
    uint32_t i = hslot(key, c->hcap);
    for (;;) {
        uint32_t v = c->htab[i];
        if (!v) return -1;
        if (c->blocks[v - 1].key == key) return v - 1;
        i = (i + 1) & (c->hcap - 1);
    }
}

static void hinsert(m4_ctx *c, uint64_t key, uint32_t idx1)
{
    uint32_t i = hslot(key, c->hcap);
    while (c->htab[i]) i = (i + 1) & (c->hcap - 1);
    c->htab[i] = idx1;
}

/* Called by Python after decoding a block.  Returns 0 on success. */
int m4_add_block(m4_ctx *c, uint32_t addr, uint32_t size, uint32_t n, const m4_insn *ins)
{
    if (n == 0) return -1;
    if (c->ninsns + n > c->cap_insns) {
        uint32_t cap = c->cap_insns ? c->cap_insns : 4096;
        while (cap < c->ninsns + n) cap *= 2;
        m4_insn *p = realloc(c->insns, cap * sizeof(m4_insn));
        if (!p) return -1;
        c->insns = p; c->cap_insns = cap;
    }
    if (c->nblocks + 1 > c->cap_blocks) {
        uint32_t cap = c->cap_blocks ? c->cap_blocks * 2 : 1024;
        m4_block *p = realloc(c->blocks, cap * sizeof(m4_block));
        if (!p) return -1;
        c->blocks = p; c->cap_blocks = cap;
    }
    if ((c->nblocks + 1) * 2 > c->hcap) {
        uint32_t ncap = c->hcap * 2;
        uint32_t *nt = calloc(ncap, sizeof(uint32_t));
        if (!nt) return -1;
        free(c->htab);
        c->htab = nt; c->hcap = ncap;
        for (uint32_t b = 0; b < c->nblocks; b++) hinsert(c, c->blocks[b].key, b + 1);
    }
    memcpy(c->insns + c->ninsns, ins, n * sizeof(m4_insn));
    m4_block *b = &c->blocks[c->nblocks];
    b->key = ((uint64_t)size << 32) | addr;
    b->first = c->ninsns; b->n = n;
    c->ninsns += n;
    hinsert(c, b->key, ++c->nblocks);
    return 0;
}

static int grow_itrace(m4_ctx *c)
{
    uint64_t cap = c->capit ? c->capit * 2 : (1u << 16);
    uint32_t *a = realloc(c->itrace, cap * sizeof(uint32_t));
    if (!a) return -1;
    c->itrace = a;
    uint8_t *b = realloc(c->ctrace, cap);
    if (!b) return -1;
    c->ctrace = b; c->capit = cap;
    return 0;
}

/* Whether the instruction's slot hook ran in the block execution numbered seq (an IT-conditional
   instruction executed; a division's cost was computed). */
static inline int slot_stamped(const m4_ctx *c, const m4_insn *in, uint64_t seq)
{
    return in->slot >= 0 && c->slots[in->slot].seq == seq;
}

/* Evaluate one executed instruction of a finished block. */
static inline void step(m4_ctx *c, const m4_insn *in, uint64_t seq, int last,
                        int has_succ, uint32_t succ_addr, int succ_mis32, int pub)
{
    const int32_t *P = c->P;
    uint32_t f = in->flags;
    int cost, executed = 1, taken = 0;
    const m4_slot *s = in->slot >= 0 ? &c->slots[in->slot] : NULL;
    int stamped = slot_stamped(c, in, seq);

    if ((f & F_ITCOND) && !stamped) executed = 0;
    if (f & (F_BR | F_BRCOND)) {
        /* TRM: a branch costs 1 + P when taken.  A conditional one is taken
           iff the next block does not start at its fallthrough address. */
        if (f & F_BR) taken = 1;
        else taken = last && has_succ && succ_addr != in->addr + in->size;
        if ((f & F_ITBR) && !taken) executed = 0;
    }
    if (!executed) {
        /* Rule IT_SKIPPED: an instruction skipped by IT still takes a cycle. */
        cost = P[PP_IT_SKIPPED];
        c->prev_wr = 0; c->prev_load_dest = 0; c->prev_pipe_open = 0; c->prev_store = 0;
    } else {
        cost = in->base;
        if ((f & F_DIV) && stamped) cost = (int)s->cost;   /* rule DIV_* */
        if (f & F_IT)                                      /* rule IT_AFTER_16/32 */
            cost = c->prev_is32 ? P[PP_IT_AFTER_32] : P[PP_IT_AFTER_16];
        if (f & F_MEM) {
            /* rule ADDR_STALL: base/offset written by the previous instruction */
            if (in->addr_regs & c->prev_wr) cost += P[PP_ADDR_STALL];
            /* rule PIPE_SAVE_*: LDR followed by LDR/STR pipelines unless the
               address uses the first load's result; a pipelined store still
               costs at least PIPE_STORE_MIN (LSN: LDR;STR = 3 with either
               STR addressing) */
            if ((f & (F_LOAD1 | F_STORE1)) && c->prev_pipe_open &&
                !(in->addr_regs & c->prev_load_dest)) {
                if (f & F_LOAD1) {
                    cost -= P[PP_PIPE_SAVE_LOAD];
                } else {
                    int save = P[PP_PIPE_SAVE_STORE];
                    if ((int)in->base - save < P[PP_PIPE_STORE_MIN])
                        save = (int)in->base - P[PP_PIPE_STORE_MIN];
                    if (save > 0) cost -= save;
                }
            }
            /* rule STORE_THEN_LOAD */
            if ((f & F_STL_DST) && c->prev_store) cost += P[PP_STORE_THEN_LOAD];
            /* rule LITERAL_EXTRA */
            if (f & F_LITERAL) cost += P[PP_LITERAL_EXTRA];
        }
        /* rule REFILL_P / REFILL_P_MISALIGNED32 */
        if (taken) cost += P[PP_REFILL_P] + (succ_mis32 ? P[PP_REFILL_P_MISALIGNED32] : 0);
        c->prev_wr = in->wr_regs;
        c->prev_pipe_open = (f & F_LOAD1) != 0;
        c->prev_load_dest = (f & F_LOAD1) ? in->wr_regs : 0;
        c->prev_store = (f & F_STL_SRC) != 0;
    }
    /* rule RUN32: a run of RUN32_MIN+ 32-bit instructions at addr % 4 == 2
       (fetch effect: applies to skipped instructions too) */
    if (in->size == 4 && (in->addr & 2)) {
        if (++c->run32 == P[PP_RUN32_MIN]) cost += P[PP_RUN32_PENALTY];
    } else {
        c->run32 = 0;
    }
    c->prev_is32 = in->size == 4;
    if (taken) {
        /* the pipeline was refilled: nothing carries over a taken branch */
        c->run32 = 0; c->prev_wr = 0; c->prev_load_dest = 0;
        c->prev_pipe_open = 0; c->prev_store = 0;
    }
    if (cost < 0) cost = 0;
    c->cycles += (uint64_t)cost;
    c->ninstr += 1;
    if (executed && (f & F_MEM)) c->mem_cycles += (uint64_t)cost;
    if (pub) {
        /* inside a public call: counted, not traced */
        c->excl_cycles += (uint64_t)cost;
        c->excl_insns += 1;
        return;
    }
    if (c->tracing) {
        if (c->nit == c->capit && grow_itrace(c)) return;
        c->itrace[c->nit] = in->addr;
        c->ctrace[c->nit] = (uint8_t)(cost > 255 ? 255 : cost);
        c->nit++;
    }
}

static void process(m4_ctx *c, int64_t bi, uint64_t seq, int64_t succ, int pub)
{
    const m4_block *B = &c->blocks[bi];
    const m4_insn *in = &c->insns[B->first];
    uint32_t n = B->n;
    int has_succ = succ >= 0, succ_mis32 = 0;
    uint32_t succ_addr = NONE_ADDR;
    if (has_succ) {
        const m4_insn *s = &c->insns[c->blocks[succ].first];
        succ_addr = s->addr;
        succ_mis32 = s->size == 4 && (s->addr & 2);
    }
    for (uint32_t i = 0; i + 1 < n; i++)
        step(c, &in[i], seq, 0, has_succ, succ_addr, succ_mis32, pub);
    c->cyc_before_last = c->cycles;
    c->ins_before_last = c->ninstr;
    c->mem_before_last = c->mem_cycles;
    c->it_before_last = c->nit;
    c->excl_cyc_before_last = c->excl_cycles;
    c->excl_ins_before_last = c->excl_insns;
    step(c, &in[n - 1], seq, 1, has_succ, succ_addr, succ_mis32, pub);
}

/* Public calls: called at the start of every block (after the previous block
   was evaluated) when public functions are declared. */
static void public_calls(m4_ctx *c, uc_engine *uc, uint32_t a)
{
    if (c->pub_active) {
        if (a != c->pub_ret) return;
        uint32_t sp = 0;
        uc_reg_read(uc, c->uc_reg[13], &sp);
        if (sp >= c->pub_sp) c->pub_active = 0;    /* the outermost call returned */
        /* a public entry right at the return address: fall through */
    }
    if (c->pub_active) return;
    for (uint32_t i = 0; i < c->npub; i++) {
        if (c->pub[i] != a) continue;
        uint32_t lr = 0, sp = 0;
        uc_reg_read(uc, c->uc_reg[14], &lr);
        uc_reg_read(uc, c->uc_reg[13], &sp);
        c->pub_active = 1;
        c->pub_ret = lr & ~1u;
        c->pub_sp = sp;
        c->pub_calls[i]++;
        if (c->tracing) {
            /* one marker: the entry address, cost 0 */
            if (c->nit == c->capit && grow_itrace(c)) return;
            c->itrace[c->nit] = a;
            c->ctrace[c->nit] = 0;
            c->nit++;
        }
        return;
    }
}

static void block_hook(uc_engine *uc, uint64_t address, uint32_t size, void *ud)
{
    m4_ctx *c = ud;
    uint32_t a = (uint32_t)address;
    int64_t b = lookup(c, a, size);
    if (b < 0) {
        if (c->miss_cb(a, size) != 0 || (b = lookup(c, a, size)) < 0) {
            c->miss_failed = 1;
            uc_emu_stop(uc);
            return;
        }
    }
    if (c->pending >= 0) process(c, c->pending, c->pending_seq, b, c->pending_pub);
    if (c->npub) public_calls(c, uc, a);
    c->seq++;
    c->pending = b;
    c->pending_seq = c->seq;
    c->pending_pub = c->pub_active;
    if (a == c->open_addr) { c->open_addr = NONE_ADDR; c->event_cb(EV_OPEN, a); }
    if (a == c->begin_addr) c->event_cb(EV_BEGIN, a);
    else if (a == c->end_addr) c->event_cb(EV_END, a);
    if (c->max_insns && c->ninstr >= c->max_insns) { c->hit_limit = 1; uc_emu_stop(uc); }
}

static int bitlen(uint32_t x) { return x ? 32 - __builtin_clz(x) : 0; }

static void slot_hook(uc_engine *uc, uint64_t address, uint32_t size, void *ud)
{
    m4_slot *s = ud;
    m4_ctx *c = s->ctx;
    s->seq = c->seq;
    if (s->is_div) {
        uint32_t n = 0, m = 0;
        uc_reg_read(uc, c->uc_reg[s->rn], &n);
        uc_reg_read(uc, c->uc_reg[s->rm], &m);
        if (s->is_signed) {
            if (n & 0x80000000u) n = 0u - n;
            if (m & 0x80000000u) m = 0u - m;
        }
        const int32_t *P = c->P;
        int cost;
        if (n == 0 || m == 0) cost = P[PP_DIV_ZERO];
        else if (bitlen(n) < bitlen(m)) cost = P[PP_DIV_SMALL];
        else cost = P[PP_DIV_BASE] + (bitlen(n) - bitlen(m)) / P[PP_DIV_STEP];
        if (cost > P[PP_DIV_MAX]) cost = P[PP_DIV_MAX];
        s->cost = (uint32_t)cost;
    }
}

/* Unicorn 2.1.4 (qemu/accel/tcg/cputlb.c) calls cpu_restore_state() before it runs a
   UC_HOOK_MEM_READ/WRITE callback, to make PC exact.  On Arm that also writes the IT state of
   the accessing instruction (the insn_start word) into env->condexec_bits, in the middle of a
   translation block.  QEMU's Thumb translator keeps condexec_bits at zero while a block runs
   (cleared at the start of a block that begins inside an IT block, written only when the block
   is left inside one), so when the access was inside an IT block and the block goes on past
   the block's end (`it mi; strbmi r2, [r0]; bx lr`, as in m4crypt_memzero) the stale state
   survives the block, and the next block is translated as if it were still inside the IT
   block: the caller's first instructions after the return were skipped (or run under the wrong
   condition).  Restore QEMU's invariant: every memory hook clears a non-zero IT state.  The
   flags written back are the ones just read (TCG syncs its globals before a memory access), and
   the write does not end the block (only a PC write does). */
#define M4_EPSR_IT 0x0600FC00u
static void clear_stale_it(uc_engine *uc)
{
    uint32_t v = 0;
    if (uc_reg_read(uc, UC_ARM_REG_EAPSR, &v) != UC_ERR_OK || !(v & M4_EPSR_IT)) return;
    v &= ~M4_EPSR_IT;
    uc_reg_write(uc, UC_ARM_REG_EAPSR_NZCVQG, &v);
}

/* The address of the instruction that made a memory access of `size` bytes.  Unicorn's PC is
   only up to date where the translator syncs it (block starts, helper calls), and a code hook on
   every instruction to track it cost 6 times the rest of a traced run.  The executing block's
   decoded instructions say which of them access memory and how many bytes each moves
   (m4_insn.mem_bytes); accesses arrive in program order, so each one belongs to the first
   instruction, in order, whose bytes are not yet used up.  A conditional instruction inside an
   IT block is passed over unless its slot hook stamped it in this execution of the block (the
   hook runs before the instruction, so before its accesses).  An access that finds no
   instruction left (none is expected: exception stacking is not used by the firmware) gets
   Unicorn's PC and is counted in mem_unattributed, which the Python side reports. */
static uint32_t access_pc(m4_ctx *c, uc_engine *uc, int size)
{
    if (c->pending >= 0) {
        const m4_block *b = &c->blocks[c->pending];
        if (c->mem_seq != c->seq) {
            c->mem_seq = c->seq;
            c->mem_next = 0;
            c->mem_left = 0;
        }
        while (c->mem_left == 0 && c->mem_next < b->n) {
            const m4_insn *in = &c->insns[b->first + c->mem_next++];
            if (!in->mem_bytes) continue;
            if ((in->flags & F_ITCOND) && !slot_stamped(c, in, c->seq))
                continue;
            c->mem_pc = in->addr;
            c->mem_left = in->mem_bytes;
        }
        if (c->mem_left) {
            c->mem_left = (uint32_t)size >= c->mem_left ? 0 : c->mem_left - (uint32_t)size;
            return c->mem_pc;
        }
    }
    uint32_t pc = 0;
    uc_reg_read(uc, c->uc_reg[15], &pc);
    c->mem_unattributed++;
    return pc;
}

static void mem_hook(uc_engine *uc, uc_mem_type type, uint64_t address, int size,
                     int64_t value, void *ud)
{
    m4_ctx *c = ud;
    uint32_t pub = 0, pc;
    (void)value;
    clear_stale_it(uc);
    if (!c->tracing) return;
    pc = access_pc(c, uc, size);
    if (c->pub_active) {
        if (!c->trace_pub_writes || type != UC_MEM_WRITE) return;
        pub = 0x40000000u;
    }
    if (c->nmt + 3 > c->capmt) {
        uint64_t cap = c->capmt ? c->capmt * 2 : (3u << 16);
        uint32_t *p = realloc(c->mtrace, cap * sizeof(uint32_t));
        if (!p) return;
        c->mtrace = p; c->capmt = cap;
    }
    c->mtrace[c->nmt++] = pc;
    c->mtrace[c->nmt++] = (uint32_t)address;
    c->mtrace[c->nmt++] = (uint32_t)size | (type == UC_MEM_WRITE ? 0x80000000u : 0) | pub;
}

int m4_install(m4_ctx *c, uc_engine *uc, m4_miss_cb miss, m4_event_cb ev)
{
    c->uc = uc;
    c->miss_cb = miss;
    c->event_cb = ev;
    return uc_hook_add(uc, &c->hblock, UC_HOOK_BLOCK, (void *)block_hook, c, 1, 0);
}

int m4_alloc_slots(m4_ctx *c, uint32_t n)
{
    c->slots = calloc(n ? n : 1, sizeof(m4_slot));
    if (!c->slots) return -1;
    c->nslots = n;
    return 0;
}

int m4_add_slot(m4_ctx *c, uint32_t idx, uint32_t addr, int is_div, int is_signed, int rn, int rm)
{
    if (idx >= c->nslots) return -1;
    m4_slot *s = &c->slots[idx];
    uc_hook h;
    s->ctx = c; s->seq = 0; s->cost = 0;
    s->is_div = (uint8_t)is_div; s->is_signed = (uint8_t)is_signed;
    s->rn = (uint8_t)(rn & 15); s->rm = (uint8_t)(rm & 15);
    return uc_hook_add(c->uc, &h, UC_HOOK_CODE, (void *)slot_hook, s, addr, addr);
}

int m4_enable_mem_trace(m4_ctx *c)
{
    return uc_hook_add(c->uc, &c->hmem, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE,
                       (void *)mem_hook, c, 1, 0);
}

void m4_flush(m4_ctx *c)
{
    if (c->pending >= 0) process(c, c->pending, c->pending_seq, -1, c->pending_pub);
    c->pending = -1;
}

/* Declare the entry addresses (Thumb bit clear) of the public functions. */
int m4_set_public(m4_ctx *c, const uint32_t *addrs, uint32_t n)
{
    free(c->pub); free(c->pub_calls);
    c->pub = NULL; c->pub_calls = NULL; c->npub = 0; c->pub_active = 0;
    if (!n) return 0;
    c->pub = malloc(n * sizeof(uint32_t));
    c->pub_calls = calloc(n, sizeof(uint64_t));
    if (!c->pub || !c->pub_calls) return -1;
    memcpy(c->pub, addrs, n * sizeof(uint32_t));
    c->npub = n;
    return 0;
}

/* Number of public calls of function i so far. */
uint64_t m4_pub_calls(m4_ctx *c, uint32_t i)
{
    return i < c->npub ? c->pub_calls[i] : 0;
}

/* Reset the pipeline state, e.g. before a fresh run on the same context. */
void m4_reset_state(m4_ctx *c)
{
    c->prev_wr = c->prev_load_dest = 0;
    c->prev_pipe_open = c->prev_store = c->prev_is32 = c->run32 = 0;
    c->pending = -1;
    c->pending_pub = c->pub_active = 0;
}

/* the counters read by m4_get (and some written by m4_set), each with the m4_ctx field it reads:
   their index is their position */
#define M4_GETTERS(X) \
    X(CYCLES, cycles) X(INSNS, ninstr) X(CYC_BEFORE_LAST, cyc_before_last) \
    X(INS_BEFORE_LAST, ins_before_last) X(IT_BEFORE_LAST, it_before_last) \
    X(HIT_LIMIT, hit_limit) X(MISS_FAILED, miss_failed) X(NIT, nit) X(NMT, nmt) \
    X(MAX_INSNS, max_insns) X(BEGIN, begin_addr) X(END, end_addr) X(OPEN, open_addr) \
    X(TRACING, tracing) X(NBLOCKS, nblocks) X(EXCL_CYCLES, excl_cycles) \
    X(EXCL_INSNS, excl_insns) X(EXCL_CYC_BEFORE_LAST, excl_cyc_before_last) \
    X(EXCL_INS_BEFORE_LAST, excl_ins_before_last) X(PUB_ACTIVE, pub_active) \
    X(MEM_CYCLES, mem_cycles) X(MEM_BEFORE_LAST, mem_before_last) \
    X(TRACE_PUB_WRITES, trace_pub_writes) X(MEM_UNATTRIBUTED, mem_unattributed)

#define M4_G_ENUM(name, field) G_##name,
enum { M4_GETTERS(M4_G_ENUM) G_COUNT };

#define M4_G_CASE(name, field) case G_##name: return (uint64_t)c->field;
uint64_t m4_get(m4_ctx *c, int what)
{
    switch (what) {
    M4_GETTERS(M4_G_CASE)
    }
    return 0;
}

void m4_set(m4_ctx *c, int what, uint64_t v)
{
    switch (what) {
    case G_CYCLES: c->cycles = v; break;
    case G_INSNS: c->ninstr = v; break;
    case G_NIT: if (v <= c->nit) c->nit = v; break;
    case G_NMT: if (v <= c->nmt) c->nmt = v; break;
    case G_MAX_INSNS: c->max_insns = v; break;
    case G_BEGIN: c->begin_addr = (uint32_t)v; break;
    case G_END: c->end_addr = (uint32_t)v; break;
    case G_OPEN: c->open_addr = (uint32_t)v; break;
    case G_TRACING: c->tracing = (int)v; break;
    case G_TRACE_PUB_WRITES: c->trace_pub_writes = (int)v; break;
    default: break;
    }
}

/* which: 0 = instruction addresses (uint32), 1 = per-instruction cycles
   (uint8), 2 = memory accesses (uint32 triples). */
void *m4_trace_ptr(m4_ctx *c, int which)
{
    return which == 0 ? (void *)c->itrace : which == 1 ? (void *)c->ctrace : (void *)c->mtrace;
}

/* The boundary as text, one list per line: "params NAME,...", "flags NAME=BIT,...",
   "getters NAME,..." (index = position), "events NAME=VALUE,...", "insn NAME,..." (field order). */
#define M4_ABI_NAME(name) #name ","
#define M4_ABI_PAIR(name, v) #name "=" #v ","
#define M4_ABI_FIRST(name, other) #name ","
const char *m4_abi(void)
{
    return "params " M4_PARAMS(M4_ABI_NAME) "\n"
           "flags " M4_FLAGS(M4_ABI_PAIR) "\n"
           "getters " M4_GETTERS(M4_ABI_FIRST) "\n"
           "events " M4_EVENTS(M4_ABI_PAIR) "\n"
           "insn " M4_INSN_FIELDS(M4_ABI_FIRST) "\n";
}

/* The layout of m4_insn: out[0] = sizeof, then offset and size of each field in order. Returns
   the number of values written (1 + 2 * fields), or -1 when n is too small. */
int m4_insn_layout(int32_t *out, int n)
{
    int i = 0;
    if (n < 1) return -1;
    out[i++] = (int32_t)sizeof(m4_insn);
#define M4_LAYOUT(name, type) \
    if (i + 2 > n) return -1; \
    out[i++] = (int32_t)offsetof(m4_insn, name); \
    out[i++] = (int32_t)sizeof(((m4_insn *)0)->name);
    M4_INSN_FIELDS(M4_LAYOUT)
#undef M4_LAYOUT
    return i;
}
