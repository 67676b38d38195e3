#!/usr/bin/env python3
"""Generates keccakf1600.S, Keccak-f[1600] for ARMv7E-M (Cortex-M4) on a bit-interleaved state.

Written for m4crypt from the published descriptions, not from other code:
- Bit interleaving (Bertoni, Daemen, Peeters, Van Assche, "Keccak implementation overview",
  section 2.1): each 64-bit lane is kept as two 32-bit words, the even-numbered bits and the
  odd-numbered bits. A 64-bit rotation by 2k rotates both words by k; by 2k+1 it swaps them, the
  new even word being the old odd word rotated by k+1 and the new odd word the old even word
  rotated by k.
- In-place processing (same document, "in-place processing"): chi of row Y reads the five lanes
  B[X, Y] = rho(A[X + 3Y, X]) and writes its five outputs into the five memory slots it just read.
  Storing output lane (x, y) in the slot N (x, y) with N = (1 0; 1 2) (mod 5) keeps every row's
  outputs inside its inputs' slots; N has order 4, so after 4 rounds every lane is back in its slot
  and the loop body is a multiple of 4 rounds (BLOCK below).
- Lazy rotations (Adomnicai, ePrint 2023/773): the rotations of rho are not executed. Every word
  carries a rotation offset f known at generation time (true value = ROL32(word, f)); an
  instruction combining two words rotates its second operand into the frame of the first with the
  barrel shifter (EOR/BIC rd, rn, rm, ROR #s), which costs nothing. Offsets are free inside the
  loop body; its last round rotates the words whose offset is not 0 back to 0 (one ROR each, about
  48 per iteration), so that the body can be repeated (this generator's own scheme).

Round structure (FIPS 202 section 3.3; theta of round i+1 is prepared during round i):
- two passes per round, one per output half (even words, then odd words); in a pass, for each of
  the five rows Y: load the five input words and the theta effect D of their columns (from the
  stack), XOR them, compute chi (BIC + EOR), apply iota to lane (0, 0), store the outputs, and
  accumulate the column parities C of the next round in five registers. The rows are software
  pipelined: the next row's loads go in front of this row's stores (on the M4 an LDR followed by
  LDR or STR pipelines), and all instructions are 32-bit so that fetch stays word-aligned;
- after the two passes, D[x] = C[x-1] ^ ROL64(C[x+1], 1) in interleaved form
  (De = Ce[x-1] ^ ROL32(Co[x+1], 1), Do = Co[x-1] ^ Ce[x+1]) is written to the stack.
A prologue computes the parities of the input state.

The generator also emulates the instruction list it emits and checks it against a plain Python
Keccak-f[1600] (itself checked against hashlib SHAKE128) before writing the file.
Usage: python3 gen_keccakf1600.py [out.S]
"""
from __future__ import annotations

import hashlib
import os
import random
import sys
from pathlib import Path

# FIPS 202 Table 2, rotation offsets r[x + 5y]
RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
# FIPS 202 section 3.2.5, round constants
RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
      0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
      0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
      0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
      0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
      0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
M32 = 0xFFFFFFFF


def rol32(v, n):
    n %= 32
    return ((v << n) | (v >> (32 - n))) & M32 if n else v


def ror32(v, n):
    return rol32(v, 32 - (n % 32))


def interleave(v: int):
    e = o = 0
    for i in range(32):
        e |= ((v >> (2 * i)) & 1) << i
        o |= ((v >> (2 * i + 1)) & 1) << i
    return e, o


def deinterleave(e: int, o: int) -> int:
    v = 0
    for i in range(32):
        v |= ((e >> i) & 1) << (2 * i) | ((o >> i) & 1) << (2 * i + 1)
    return v


def keccakf_ref(a):
    """Plain Keccak-f[1600] on 25 64-bit lanes (index x + 5y)."""
    a = list(a)
    m = (1 << 64) - 1
    rol = lambda v, n: ((v << n) | (v >> (64 - n))) & m if n else v  # noqa: E731
    for rnd in range(24):
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        a = [a[i] ^ d[i % 5] for i in range(25)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y], RHO[x + 5 * y])
        a = [b[i] ^ (~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & b[(i % 5 + 2) % 5 + 5 * (i // 5)])
             for i in range(25)]
        a[0] ^= RC[rnd]
    return a


def slot(x, y, r):
    """Memory slot of logical lane (x, y) at the start of round r of a block: N^r (x, y)."""
    for _ in range(r % 4):
        x, y = x, (x + 2 * y) % 5
    return x + 5 * y


# ---------------------------------------------------------------- code generation
# Registers: r0 state, r1-r5 parity accumulators, r6-r10 the row's five words b0..b4,
# r11 chi temporary / output, r12 and lr loaded D words and the round constant.
ACC = ["r1", "r2", "r3", "r4", "r5"]
B = ["r6", "r7", "r8", "r9", "r10"]
T = "r11"
TMP = ["r12", "lr"]
POOL = ["r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]  # rows' words and temporaries
# Stack frame (after push {r4-r11, lr}): D words, saved even parities, round-constant pointer.
SP_D = 0          # D[x][h] at SP_D + 4 * (2x + h)
SP_CE = 40        # Ce[x] at SP_CE + 4x
SP_RCP = 60       # pointer into the round-constant table (advanced by 8 * BLOCK per iteration)
SP_RCO = 64       # odd round-constant word of the coming round
FRAME = 72
RC_REG = "r2"     # even round-constant word of the coming round (ACC[1], written after its use)
# Rounds per loop iteration (a multiple of 4 dividing 24). Measured in m4sim (model 1.0), before
# the round constants were preloaded in theta (which saved another 67 cycles): 4 ->
# 9,735 cycles, 6.9 KB; 8 -> 9,564 cycles, 13 KB; 12 -> 9,503 cycles, 19 KB. The words rotated
# back at the end of each iteration (about 48) are what a longer body saves.
BLOCK = int(os.environ.get("KECCAK_BLOCK", "8"))


class Gen:
    def __init__(self):
        self.code = []         # ("op", args...) or ("label"/"comment"/"raw", text)
        self.state_f = {}      # (x, y, h) -> offset of that logical word
        # (x, y) -> (slot, swap): word h of lane (x, y) is at state word 2 * slot + (h ^ swap)
        self.where = {(x, y): (x + 5 * y, 0) for x in range(5) for y in range(5)}
        self.d_f = {}          # (x, h) -> offset of D word on the stack
        self.ce_f = [0] * 5
        self.acc_f = [0] * 5
        self.ror_fixups = 0

    def op(self, *ins):
        self.code.append(ins)

    def eor(self, rd, rn, fn, rm, fm):
        """rd = rn ^ rm aligned into rn's frame fn; returns fn."""
        self.op("eor", rd, rn, rm, (fn - fm) % 32)
        return fn

    def prologue(self):
        """Parities of the input state (offsets 0), then theta and the first row's loads."""
        self.code.append(("comment", "parities of the input state (all offsets 0)"))
        for x in range(5):
            for y in range(5):
                for h in range(2):
                    self.state_f[(x, y, h)] = 0
        for h in (0, 1):
            for x in range(5):
                for y in range(5):
                    self.op("ldr", B[y], "r0", 4 * (2 * (x + 5 * y) + h))
                self.op("eor", ACC[x], B[0], B[1], 0)
                self.op("eor", ACC[x], ACC[x], B[2], 0)
                self.op("eor", ACC[x], ACC[x], B[3], 0)
                self.op("eor", ACC[x], ACC[x], B[4], 0)
                self.acc_f[x] = 0
            if h == 0:
                for x in range(5):
                    self.op("str", ACC[x], "sp", SP_CE + 4 * x)
                    self.ce_f[x] = self.acc_f[x]
        return self.theta_d(0, 0)

    def theta_d(self, j_next, rc_off):
        """theta: D[x] = C[x-1] ^ ROL64(C[x+1], 1) from Ce (stack) and Co (ACC registers),
        interleaved: De = Ce[x-1] ^ ROL32(Co[x+1], 1), Do = Co[x-1] ^ Ce[x+1]; all ten are
        written to the stack. The D words of the first row of round j_next are computed first;
        the loads of that row are then issued in front of the other five stores (LDR; LDR; STR
        pipeline). Returns (by_slot, cur, free) for that row."""
        self.code.append(("comment", "theta: D[x] = C[x-1] ^ ROL64(C[x+1], 1)"))
        ce = {x: B[x] for x in range(5)}
        for x in range(5):
            self.op("ldr", ce[x], "sp", SP_CE + 4 * x)
        # iota of the next round: its even RC word goes to a register that survives until the
        # first row's lane (0, 0) (RC_REG, a parity register dead by then), its odd word to a
        # stack slot; rc_off is the table offset from the current pointer
        ptr = "r11"
        self.op("ldr", ptr, "sp", SP_RCP)
        rc_pending = True
        co_f = list(self.acc_f)
        by_slot = {}
        specs = self.row_specs(j_next, 0, 0, by_slot)
        need = {(s["d"] - SP_D) // 4 for s in specs}  # D word indices 2x + h the row reads
        order = sorted(range(10), key=lambda i: (i not in need, i))
        # operands of each D word: (first reg, first frame, second reg, second frame)
        uses = {("ce", x): 2 for x in range(5)}
        uses.update({("co", x): 2 for x in range(5)})
        free_pool = [r for r in POOL if r not in ce.values() and r != ptr]
        free_tmp = []   # dead ACC registers: temporaries only
        cur, pend, pairs_done = {}, list(specs), 0
        self.d_f_next = {}

        def release(kind, x):
            uses[(kind, x)] -= 1
            if uses[(kind, x)] == 0:
                (free_pool if kind == "ce" else free_tmp).append(ce[x] if kind == "ce" else ACC[x])

        for i in order:
            x, h = divmod(i, 2)
            xm, xp = (x - 1) % 5, (x + 1) % 5
            tmp = (free_tmp or free_pool).pop(0)
            pool_tmp = tmp in POOL
            if h == 0:  # De = Ce[x-1] ^ ROL32(Co[x+1], 1): Co[x+1] read in frame co_f + 1
                f = self.eor(tmp, ce[xm], self.ce_f[xm], ACC[xp], co_f[xp] + 1)
                release("ce", xm), release("co", xp)
            else:       # Do = Co[x-1] ^ Ce[x+1]
                f = self.eor(tmp, ACC[xm], co_f[xm], ce[xp], self.ce_f[xp])
                release("co", xm), release("ce", xp)
            self.d_f_next[(x, h)] = f
            if rc_pending and RC_REG in free_tmp and free_tmp != [RC_REG]:
                free_tmp.remove(RC_REG)
                t2 = free_tmp.pop(0)
                self.op("ldr", RC_REG, ptr, rc_off)
                self.op("ldr", t2, ptr, rc_off + 4)
                self.op("str", t2, "sp", SP_RCO)
                free_tmp.append(t2)
                free_pool.append(ptr)
                rc_pending = False
            loads = []
            if i not in need and pend:
                # a pair of the first row's loads in front of this store
                s = pend.pop(0)
                ra = free_pool.pop(0)
                rd = (free_tmp or free_pool).pop(0)
                self.op("ldr", ra, "r0", s["a"])
                self.op("ldr", rd, "sp", s["d"])
                loads.append((s, ra, rd))
            self.op("str", tmp, "sp", SP_D + 4 * i)
            (free_pool if pool_tmp else free_tmp).append(tmp)
            for s, ra, rd in loads:
                fd = self.d_f_next[((s["d"] - SP_D) // 8, ((s["d"] - SP_D) // 4) % 2)]
                f = self.eor(ra, ra, s["fa"], rd, fd)
                (free_pool if rd in POOL else free_tmp).append(rd)
                cur[s["X"]] = (ra, f + s["k"])
        assert not pend and not rc_pending
        self.d_f = self.d_f_next
        free_pool.sort(key=POOL.index)
        return by_slot, cur, free_pool

    def row_specs(self, j, h, Y, by_slot):
        """The five loads of row Y, output half h, round j: B[X, Y] = rho(A[x, y] ^ D[x]) with
        x = X + 3Y, y = X. Records in by_slot which word each slot's output will take."""
        specs = []
        for X in range(5):
            x, y = (X + 3 * Y) % 5, X
            r = RHO[x + 5 * y]
            if r % 2 == 0:
                src_h, k = h, r // 2
            elif h == 0:
                src_h, k = 1, (r + 1) // 2
            else:
                src_h, k = 0, (r - 1) // 2
            sl, sw = self.where[(x, y)]
            assert sl == slot(x, y, j)
            word = 2 * sl + (src_h ^ sw)
            # the output that goes into this slot takes the word just read
            by_slot[sl] = (word, (r % 2) ^ sw)
            specs.append({"X": X, "a": 4 * word, "d": SP_D + 4 * (2 * x + src_h),
                          "fa": self.state_f[(x, y, src_h)], "fd": self.d_f.get((x, src_h)),
                          "k": k})
        return specs

    def load_pairs(self, items, free, into):
        """Issues the loads of items (a run of LDRs), then the XORs a ^ D; into[X] = (reg, frame)."""
        regs = []
        for s in items:
            ra, rd = free.pop(0), free.pop(0)
            self.op("ldr", ra, "r0", s["a"])
            self.op("ldr", rd, "sp", s["d"])
            regs.append((s, ra, rd))
        return regs

    def finish_pairs(self, regs, free, into):
        for s, ra, rd in regs:
            f = self.eor(ra, ra, s["fa"], rd, s["fd"])
            free.append(rd)
            into[s["X"]] = (ra, f + s["k"])

    def round(self, j, last, first_row):
        """Round j (0..3) of a block; last: bring every output word to offset 0.

        Software-pipelined: while chi of one row runs, the loads of the next row are issued in
        front of each output's store (LDR; LDR; STR pipeline on the M4: 3 cycles for the three)."""
        new_f, new_where = {}, {}
        rows = [(h, Y) for h in (0, 1) for Y in range(5)]
        slots0, cur, free = first_row
        by_slot = {(0, 0): slots0}
        free = list(free)
        for i, (h, Y) in enumerate(rows):
            self.code.append(("comment", f"round {j}, {'even' if h == 0 else 'odd'} words, row {Y}"))
            nxt_specs = []
            if i + 1 < len(rows):
                nh, nY = rows[i + 1]
                nxt_specs = self.row_specs(j, nh, nY, by_slot.setdefault((nh, nY), {}))
            nxt = {}
            uses = [3] * 5
            first = Y == 0
            save_ce = (h, Y) == (0, 4)
            for X in range(5):
                b0, b1, b2 = X, (X + 1) % 5, (X + 2) % 5
                (r0_, f0), (r1_, f1), (r2_, f2) = cur[b0], cur[b1], cur[b2]
                dst = ACC[X] if first else free.pop(0)
                self.op("bic", dst, r2_, r1_, (f2 - f1) % 32)
                # out = t ^ b0 in t's frame, or b0 ^ t in b0's frame
                if last and f0 % 32 == 0 and f2 % 32 != 0:
                    self.op("eor", dst, r0_, dst, (f0 - f2) % 32)
                    fo = f0
                else:
                    self.op("eor", dst, dst, r0_, (f2 - f0) % 32)
                    fo = f2
                for b in (b0, b1, b2):
                    uses[b] -= 1
                    if uses[b] == 0:
                        free.append(cur[b][0])
                if X == 0 and Y == 0:  # iota (RC words loaded by theta)
                    if h == 0:
                        fo = self.eor(dst, dst, fo, RC_REG, 0)
                    else:
                        tmp = free.pop(0)
                        self.op("ldr", tmp, "sp", SP_RCO)
                        fo = self.eor(dst, dst, fo, tmp, 0)
                        free.append(tmp)
                if last and fo % 32 != 0:
                    self.op("ror", dst, dst, (32 - fo) % 32)  # true = ROL(dst, fo)
                    self.ror_fixups += 1
                    fo = 0
                fo %= 32
                if first:
                    self.acc_f[X] = fo
                else:
                    self.eor(ACC[X], ACC[X], self.acc_f[X], dst, fo)
                # memory group: next row's loads, then this output's store(s)
                pairs = []
                while nxt_specs and len(free) >= 2 and len(pairs) < 2:
                    pairs += self.load_pairs([nxt_specs.pop(0)], free, nxt)
                word, sw_new = by_slot[(h, Y)][slot(X, Y, j + 1)]
                self.op("str", dst, "r0", 4 * word)
                if save_ce:
                    self.op("str", ACC[X], "sp", SP_CE + 4 * X)
                    self.ce_f[X] = self.acc_f[X]
                if not first:
                    free.append(dst)
                self.finish_pairs(pairs, free, nxt)
                if h == 0:
                    new_where[(X, Y)] = (slot(X, Y, j + 1), sw_new)
                else:
                    assert new_where[(X, Y)] == (slot(X, Y, j + 1), sw_new)
                new_f[(X, Y, h)] = fo
            while nxt_specs:
                n = min(len(nxt_specs), len(free) // 2)
                chunk, nxt_specs = nxt_specs[:n], nxt_specs[n:]
                self.finish_pairs(self.load_pairs(chunk, free, nxt), free, nxt)
            cur = nxt
            assert sorted(free + [r for r, _ in cur.values()]) == sorted(POOL)
        self.state_f = new_f
        self.where = new_where
        # the pointer advances after the last round of the body: the next round is then 8 * BLOCK on
        return self.theta_d((j + 1) % BLOCK, 8 * (j + 1))

    def block(self, first_row):
        start_state, start_d, start_where = dict(self.state_f), dict(self.d_f), dict(self.where)
        start_row = first_row
        self.code.append(("label", ".Lblock"))
        for j in range(BLOCK):
            first_row = self.round(j, j == BLOCK - 1, first_row)
        # the next block finds the first row's words where this one did
        assert first_row[1] == start_row[1] and first_row[2] == start_row[2]
        assert first_row[0] == start_row[0]
        # loop control in registers that are dead here (parity registers r4, r5)
        self.code.append(("comment", "next block: advance the round-constant pointer"))
        self.op("ldr", "r4", "sp", SP_RCP)
        self.op("add", "r4", "r4", 8 * BLOCK)
        self.op("str", "r4", "sp", SP_RCP)
        self.op("loop", "r5", "r4")
        # the block must leave the offsets as it found them
        assert {k: v % 32 for k, v in self.state_f.items()} == {k: v % 32 for k, v in start_state.items()}
        assert {k: v % 32 for k, v in self.d_f.items()} == {k: v % 32 for k, v in start_d.items()}
        assert self.where == start_where


def build():
    g = Gen()
    g.block(g.prologue())
    return g


# ---------------------------------------------------------------- emulation
def emulate(g: Gen, lanes):
    """Runs the generated instructions on an interleaved state; returns the 25 lanes."""
    mem = {}
    STATE, SP, TABLE = 0x1000, 0x8000, 0x4000
    for i, v in enumerate(lanes):
        e, o = interleave(v)
        mem[STATE + 8 * i], mem[STATE + 8 * i + 4] = e, o
    for i, v in enumerate(RC):
        e, o = interleave(v)
        mem[TABLE + 8 * i], mem[TABLE + 8 * i + 4] = e, o
    # after the last round theta reads the words past the table (the code that follows it)
    mem[TABLE + 192], mem[TABLE + 196] = 0x12345678, 0x9ABCDEF0
    reg = {"r0": STATE, "sp": SP}
    mem[SP + SP_RCP] = TABLE
    body_start = next(i for i, c in enumerate(g.code) if c == ("label", ".Lblock"))
    loops = []

    def run(seq):
        for ins in seq:
            kind = ins[0]
            if kind in ("label", "comment"):
                continue
            if kind == "add":
                reg[ins[1]] = (reg[ins[2]] + ins[3]) & M32
                continue
            if kind == "loop":  # uxtb; cmp #192; bne (the table is 256-byte aligned)
                reg[ins[1]] = reg[ins[2]] & 0xFF
                loops.append((reg[ins[2]] - TABLE) & 0xFF != 192)
                continue
            if kind == "ldr":
                reg[ins[1]] = mem[reg[ins[2]] + ins[3]]
            elif kind == "str":
                mem[reg[ins[2]] + ins[3]] = reg[ins[1]]
            elif kind == "eor":
                reg[ins[1]] = reg[ins[2]] ^ ror32(reg[ins[3]], ins[4])
            elif kind == "bic":
                reg[ins[1]] = reg[ins[2]] & ~ror32(reg[ins[3]], ins[4]) & M32
            elif kind == "ror":
                reg[ins[1]] = ror32(reg[ins[2]], ins[3])
            else:
                raise ValueError(kind)

    run(g.code[:body_start])
    for _ in range(24 // BLOCK):
        # clobber everything the loop does not carry, to catch a register assumed to survive
        for r in ("r1", "r3", "r4", "r5"):
            reg[r] = 0xDEADBEEF
        run(g.code[body_start:])
    assert loops == [True] * (24 // BLOCK - 1) + [False]
    return [deinterleave(mem[STATE + 8 * i], mem[STATE + 8 * i + 4]) for i in range(25)]


def self_test(g: Gen):
    # the Python reference against hashlib: SHAKE128("") = first 168 bytes of f(pad block)
    blk = bytearray(200)
    blk[0], blk[167] = 0x1F, 0x80
    st = keccakf_ref([int.from_bytes(blk[8 * i:8 * i + 8], "little") for i in range(25)])
    assert b"".join(v.to_bytes(8, "little") for v in st)[:168] == hashlib.shake_128(b"").digest(168)
    rng = random.Random(1600)
    for _ in range(20):
        lanes = [rng.getrandbits(64) for _ in range(25)]
        assert emulate(g, lanes) == keccakf_ref(lanes)
    assert emulate(g, [0] * 25)[0] == 0xF1258F7940E1DDE7


# ---------------------------------------------------------------- assembly text
def asm_text(g: Gen) -> str:
    out = []
    for ins in g.code:
        kind = ins[0]
        if kind == "label":
            out.append(f"{ins[1]}:")
        elif kind == "comment":
            out.append(f"    @ {ins[1]}")
        # Every instruction is 32-bit (.w): the code stays word-aligned, so the M4 never fetches
        # a run of 32-bit instructions at halfword-aligned addresses (one extra cycle each run).
        elif kind == "ldr":
            out.append(f"    ldr.w {ins[1]}, [{ins[2]}, #{ins[3]}]")
        elif kind == "str":
            out.append(f"    str.w {ins[1]}, [{ins[2]}, #{ins[3]}]")
        elif kind in ("eor", "bic"):
            sh = f", ror #{ins[4]}" if ins[4] else ""
            out.append(f"    {kind}.w {ins[1]}, {ins[2]}, {ins[3]}{sh}")
        elif kind == "ror":
            out.append(f"    ror.w {ins[1]}, {ins[2]}, #{ins[3]}")
        elif kind == "add":
            out.append(f"    add.w {ins[1]}, {ins[2]}, #{ins[3]}")
        elif kind == "loop":
            out.append(f"    uxtb.w {ins[1]}, {ins[2]}")
            out.append(f"    cmp.w {ins[1]}, #192")
            out.append("    bne.w .Lblock")
    return "\n".join(out)


def count(g: Gen):
    body_start = next(i for i, c in enumerate(g.code) if c == ("label", ".Lblock"))
    kinds = {}
    for ins in g.code[body_start:]:
        if ins[0] not in ("label", "comment", "loop", "add"):
            kinds[ins[0]] = kinds.get(ins[0], 0) + 1
    return kinds


HEADER = """\
@ Keccak-f[1600] for ARMv7E-M (Cortex-M4), bit-interleaved state, in place, lazy rotations.
@ GENERATED by gen_keccakf1600.py (same folder) -- edit the generator, not this file.
@
@ void m4crypt_keccakf1600_armv7m(uint64_t state[25]);
@   state: 25 lanes in the bit-interleaved layout of backend.h (lane i: word 2i = even bits,
@   word 2i+1 = odd bits), permuted in place. The lanes travel between memory slots and are
@   back in place every 4 rounds.
@
@ Register map: r0 state; r1-r5 column parities of the next round (one half at a time; dead
@ ones serve as temporaries in theta and for the loop control); r6-r12, lr the five words of the
@ row being processed, the next row's prefetched words, chi outputs, loaded theta effects D and
@ round constants (allocated by the generator); r2 carries the even round-constant word of the
@ coming round from theta to its first row. Stack: D (10 words), even parities (5), the
@ round-constant pointer, the odd round-constant word of the coming round.
@ Loop body of {block} rounds, {iters} iterations: {counts}; {fixups} words rotated back per iteration.
@ Cycles: 9,497 per permutation in m4sim (model 1.0, BLOCK = 8), stack 108 bytes.
@ Constant time: no branch or address depends on the state (the only branch is the loop).

    .syntax unified
    .thumb
    .text

    .align 8  @ the loop ends when the low byte of the table pointer reaches 24 * 8 = 192
    .type m4crypt_keccakf1600_armv7m_rc, %object
m4crypt_keccakf1600_armv7m_rc:  @ FIPS 202 round constants, interleaved (even word, odd word)
{rc}
    .size m4crypt_keccakf1600_armv7m_rc, . - m4crypt_keccakf1600_armv7m_rc

    .align 2
    .global m4crypt_keccakf1600_armv7m
    .type m4crypt_keccakf1600_armv7m, %function
    .thumb_func
m4crypt_keccakf1600_armv7m:
    push.w {{r4-r11, lr}}
    sub.w sp, sp, #{frame}
    adr.w r12, m4crypt_keccakf1600_armv7m_rc
    str.w r12, [sp, #{rcp}]
"""

FOOTER = """\
    add.w sp, sp, #{frame}
    pop.w {{r4-r11, pc}}
    .size m4crypt_keccakf1600_armv7m, . - m4crypt_keccakf1600_armv7m
"""


def main():
    g = build()
    self_test(g)
    rc = "\n".join("    .word 0x%08x, 0x%08x" % interleave(v) for v in RC)
    counts = ", ".join(f"{v} {k}" for k, v in sorted(count(g).items()))
    text = HEADER.format(counts=counts, fixups=g.ror_fixups, rc=rc, frame=FRAME, rcp=SP_RCP,
                         block=BLOCK, iters=24 // BLOCK)
    text += asm_text(g) + "\n" + FOOTER.format(rcp=SP_RCP, frame=FRAME)
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("keccakf1600.S")
    path.write_text(text)
    print(f"{path}: emulation matches the reference; per block {counts}; fixups {g.ror_fixups}")


if __name__ == "__main__":
    main()
