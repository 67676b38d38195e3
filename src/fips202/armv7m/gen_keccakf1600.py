#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
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
  outputs inside its inputs' slots; N has order 4, so after 4 rounds every lane is back in its
  slot: the loop body is 4 rounds, run 6 times.
- Lazy rotations (Adomnicai, ePrint 2023/773): the rotations of rho are not executed. Every word
  carries a rotation offset f known at generation time (true value = ROL32(word, f)); an
  instruction combining two words rotates its second operand into the frame of the first with the
  barrel shifter (EOR/BIC rd, rn, rm, ROR #s), which costs nothing.
- This generator's own scheme for the offsets: each two-operand instruction may leave its result
  in the frame of either operand (EOR rd, rn, rm, ROR or EOR rd, rm, rn, ROR), so every word,
  theta effect and column parity has a choice of frames. The choices (PLAN below, found by
  search_frames.py with a constraint solver) bring every word back to offset 0 at the end of the
  4-round body without a single explicit rotation, so the state is in the plain interleaved
  layout between iterations and at the exit.

Round structure (FIPS 202 section 3.3; theta of round i+1 is prepared during round i):
- two passes per round, one per output half (even words, then odd words); in a pass, for each of
  the five rows Y (in the order 0, 1, 2, 4, 3): the five words b = rho(A ^ D), chi (BIC + EOR),
  iota on lane (0, 0), the stores, and the column parities C of the next round accumulated in
  five registers (the first row's outputs are computed directly into them).
- Memory traffic is shaped for the M4's load pipelining (docs/m4sim.md): the only loads are the
  state words, five per row in one run (LDR after LDR costs one cycle; every run costs one
  more), issued as soon as the last output of the previous row is computed. The theta effects D
  and the saved even parities live in FPU registers s0-s14 (VMOV core <-> S: one cycle, no run);
  consecutive rows in the order above share two D words, which stay in core registers.
- theta: D[x] = C[x-1] ^ ROL64(C[x+1], 1), interleaved De = Ce[x-1] ^ ROL32(Co[x+1], 1),
  Do = Co[x-1] ^ Ce[x+1]; the ten D words go to s0-s9, and the five the first row of the next
  round needs are used from the registers (with that row's state words loaded here).
A prologue computes the parities of the input state.

The generator emulates the instruction list it emits and checks it against a plain Python
Keccak-f[1600] (itself checked against hashlib SHAKE128) before writing the file; it also
reports the cycles of the body under the m4sim model rules (docs/m4sim.md).
Run: python3 src/fips202/armv7m/gen_keccakf1600.py > src/fips202/armv7m/keccakf1600.S (the file on
stdout, the model's estimate on stderr; tools/generated.py lists every generator).
"""
from __future__ import annotations

import hashlib
import random
import sys

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
ROUNDS = 4  # rounds per loop iteration (the order of the lane mapping N)

# Offset choices, per round of the body (search_frames.py). Index orders:
#   xd, oc: (X, Y, h) for X, Y in 0..4, h in 0..1 (row-major, h fastest)
#   acc, dc: (x, h)
# xd: b[X, Y, h] = rho(A ^ D) kept in the frame of A (0) or of D (1)
# oc: chi output (X, Y, h) in the frame of b[X] (0) or of b[X + 2] (1)
# acc: the parity C[x, h] ends in the frame of the output of row acc
# dc: De[x] in the frame of Ce[x-1] (0) or of ROL(Co[x+1], 1) (1); Do[x]: Co[x-1] (0), Ce[x+1] (1)
PLAN = {
    "xd": ["00100001001010001000000000000101011001011001101000",
           "01010001111000000000100101101000110100100001101001",
           "00010001111100111001001111001100010010000111011100",
           "01010101111000000001110100000000110011000110000100"],
    "oc": ["00010000111000000100010100000110111010101010011000",
           "00101000011100110010011010000111100101000010100010",
           "01000110000000001001000000010000100111000010001000",
           "00111101110110110010111010000010000010011001001101"],
    "acc": ["2021424202", "1440322241", "2031104111", "0000000004"],
    "dc": ["1010110001", "0000000010", "0110110011", "1011111111"],
}
KEYS = [(X, Y, h) for X in range(5) for Y in range(5) for h in range(2)]
DKEYS = [(x, h) for x in range(5) for h in range(2)]


def plan(name, j, key):
    keys = KEYS if name in ("xd", "oc") else DKEYS
    return int(PLAN[name][j][keys.index(key)])


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
    """Memory slot of logical lane (x, y) at the start of round r of the body: N^r (x, y)."""
    for _ in range(r % 4):
        x, y = x, (x + 2 * y) % 5
    return x + 5 * y


def lane_spec(X, Y, h):
    """Input of b[X, Y] in output half h: lane (x, y), source half s, rotation k of that half."""
    x, y = (X + 3 * Y) % 5, X
    r = RHO[x + 5 * y]
    if r % 2 == 0:
        s, k = h, r // 2
    elif h == 0:
        s, k = 1, (r + 1) // 2
    else:
        s, k = 0, (r - 1) // 2
    return x, y, s, k


# ---------------------------------------------------------------- registers and storage
STATE = "r0"
ACC = ["r8", "r9", "r10", "r11", "r12"]                   # column parities (ALU only)
POOL = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "lr"]  # words, D, temporaries (low first)
RC_REG = ACC[1]   # even round-constant word, from theta to the first row's lane (0, 0)
S_D = 0           # theta effect D (x, h) in s(2x + h)   (FPU registers as a scratchpad:
S_CE = 10         # even parities Ce[x] in s(10 + x)      VMOV core <-> S costs one cycle and,
S_RCO = 15        # odd round-constant word in s15         unlike a load, never starts a run)
SP_RCP = 0        # stack: pointer to the round constants of the current iteration
FRAME = 4
LOW = {f"r{i}" for i in range(8)}
SENTINEL = 2      # even round-constant word after the table: the loop stops when it is loaded
ORDER = (0, 1, 2, 4, 3)   # row order in a pass: consecutive rows share two D words
KEEP = 2          # D words kept in registers from one row to the next


def sreg(i):
    return f"s{i}"


def d_set(h, Y):
    return {(lane_spec(X, Y, h)[0], lane_spec(X, Y, h)[2]) for X in range(5)}


class Gen:
    def __init__(self):
        self.code = []
        self.a = {(x, y, h): 0 for x in range(5) for y in range(5) for h in range(2)}
        self.where = {(x, y): (x + 5 * y, 0) for x in range(5) for y in range(5)}
        self.d = {}
        self.free = []

    def eor_in_frame(self, dest, p, q, keep_p):
        """dest = p ^ q for the words p, q = (register, frame): the result in p's frame when
        keep_p, else in q's, the other operand rotated into it by the barrel shifter. Returns
        the result's frame."""
        (a, fa), (b, fb) = (p, q) if keep_p else (q, p)
        self.op("eor", dest, a, b, (fa - fb) % 32)
        return fa

    def op(self, *ins):
        self.code.append(ins)

    def comment(self, text):
        self.code.append(("comment", text))

    def take(self):
        self.free.sort(key=POOL.index)
        return self.free.pop(0)

    def give(self, r):
        assert r in POOL and r not in self.free, r
        self.free.append(r)

    def word_of(self, j, X, Y, h):
        """State word index read for b[X, Y] (half h) in round j, and lane (x, y), half s, k."""
        x, y, s, k = lane_spec(X, Y, h)
        sl, sw = self.where[(x, y)]
        assert sl == slot(x, y, j)
        return 2 * sl + (s ^ sw), x, y, s, k

    def load_row(self, j, h, Y, extra=()):
        """The run of loads of row (h, Y): its five state words (and extra loads); returns
        {X: register}."""
        regs = {}
        for X in range(5):
            word = self.word_of(j, X, Y, h)[0]
            regs[X] = self.take()
            self.op("ldr", regs[X], "r0", 4 * word)
        for ins in extra:
            self.op(*ins)
        return regs

    def combine_row(self, j, h, Y, aregs, dregs, keep_for, into_d=()):
        """b[X] = rho(A ^ D) into the state word's register (or, for the D words in into_d, into
        the D word's register), in the frame the plan chooses. dregs: D words already in
        registers ({(x, s): reg}); the others are read from their S register. Keeps in registers
        (at most KEEP) the D words that row keep_for also needs. Returns ({X: (reg, frame)}, kept)."""
        cur = {}
        want = d_set(*keep_for) if keep_for else set()
        kept = {}
        for X in range(5):
            word, x, y, s, k = self.word_of(j, X, Y, h)
            fa, fd = self.a[(x, y, s)], self.d[(x, s)]
            key = (x, s)
            if key in dregs:
                rd = dregs.pop(key)
            else:
                rd = self.take()
                self.op("vmov", rd, sreg(S_D + 2 * x + s))
            ra = aregs[X]
            dest = rd if key in into_d else ra
            f = self.eor_in_frame(dest, (ra, fa), (rd, fd), plan("xd", j, (X, Y, h)) == 0)
            cur[X] = (dest, (f + k) % 32)
            other = ra if dest == rd else rd
            if other == rd and key in want and len(kept) < KEEP and rd in POOL:
                kept[key] = rd
            elif other in POOL:
                self.give(other)
        for r in dregs.values():   # not used by this row after all
            if r in POOL:
                self.give(r)
        return cur, kept

    # ------------------------------------------------------------ one round of the body
    def round(self, j, first):
        """Round j of the body; first = (b words of the even first row {X: (reg, frame)},
        D words kept in registers for the second row)."""
        cur, kept = dict(first[0]), dict(first[1])
        by_slot = {}
        for h in (0, 1):
            for Y in range(5):
                m = {}
                for X in range(5):
                    word, x, y, s, k = self.word_of(j, X, Y, h)
                    m[self.where[(x, y)][0]] = (word, (RHO[x + 5 * y] % 2) ^ self.where[(x, y)][1])
                by_slot[(h, Y)] = m
        new_a, new_where = {}, {}
        acc_f = [0] * 5
        rows = [(h, Y) for h in (0, 1) for Y in ORDER]
        for i, (h, Y) in enumerate(rows):
            self.comment(f"round {j}, {'even' if h == 0 else 'odd'} words, row {Y}")
            first_row, last_even = Y == ORDER[0], (h, Y) == (0, ORDER[-1])
            uses = [3] * 5
            for X in range(5):
                (r0_, f0), (r1_, f1), (r2_, f2) = cur[X], cur[(X + 1) % 5], cur[(X + 2) % 5]
                dst = ACC[X] if first_row else self.take()
                self.op("bic", dst, r2_, r1_, (f2 - f1) % 32)
                fo = self.eor_in_frame(dst, (r0_, f0), (dst, f2), plan("oc", j, (X, Y, h)) == 0)
                for b in (X, (X + 1) % 5, (X + 2) % 5):
                    uses[b] -= 1
                    if uses[b] == 0:
                        self.give(cur[b][0])
                if X == 0 and first_row:   # iota (FIPS 202 section 3.2.5), RC word in frame 0
                    if h == 0:
                        self.op("eor", dst, dst, RC_REG, fo)
                    else:
                        t = self.take()
                        self.op("vmov", t, sreg(S_RCO))
                        self.op("eor", dst, dst, t, fo)
                        self.give(t)
                if first_row:
                    acc_f[X] = fo
                elif plan("acc", j, (X, h)) == Y:
                    self.op("eor", ACC[X], dst, ACC[X], (fo - acc_f[X]) % 32)
                    acc_f[X] = fo
                else:
                    self.op("eor", ACC[X], ACC[X], dst, (acc_f[X] - fo) % 32)
                if last_even:
                    self.op("vmov", sreg(S_CE + X), ACC[X])
                sl_new = slot(X, Y, j + 1)
                word, sw_new = by_slot[(h, Y)][sl_new]
                st = ("str", dst, "r0", 4 * word)
                if X < 4:
                    self.op(*st)
                    if not first_row:
                        self.give(dst)
                if h == 0:
                    new_where[(X, Y)] = (sl_new, sw_new)
                else:
                    assert new_where[(X, Y)] == (sl_new, sw_new)
                new_a[(X, Y, h)] = fo
            if last_even:
                ce_f = list(acc_f)
            if i + 1 < len(rows):
                nh, nY = rows[i + 1]
                aregs = self.load_row(j, nh, nY)   # the next row's state words: one run
                self.op(*st)
                if not first_row:
                    self.give(dst)
                after = rows[i + 2] if i + 2 < len(rows) else None
                cur, kept = self.combine_row(j, nh, nY, aregs, kept, after)
            else:
                self.op(*st)
                if not first_row:
                    self.give(dst)
                for r in kept.values():
                    self.give(r)
        self.a = new_a
        self.where = new_where
        return self.theta(j, ce_f, list(acc_f))

    # ------------------------------------------------------------ theta
    def theta(self, j, ce_f, co_f, d_target=None):
        """D of round jn = j + 1 (mod 4) from Ce (s10-s14, frames ce_f) and Co (ACC, frames co_f):
        the ten D words go to s0-s9; loads and prepares the first row of round jn (even words)
        and its round-constant words. j = -1: the prologue (D frames forced to d_target)."""
        jn = (j + 1) % ROUNDS
        last = j == ROUNDS - 1
        self.comment(f"theta for round {jn}: D[x] = C[x-1] ^ ROL64(C[x+1], 1)")
        assert sorted(self.free, key=POOL.index) == POOL
        first_set = d_set(0, ORDER[0])
        keep_set = d_set(0, ORDER[1]) & first_set

        def parts(key):
            x, h = key
            if h == 0:
                return [("e", (x - 1) % 5), ("o", (x + 1) % 5)]
            return [("o", (x - 1) % 5), ("e", (x + 1) % 5)]
        order, cur = [], (0, 0)
        while True:
            order.append(cur)
            cand = [k for k in DKEYS if k not in order and set(parts(k)) & set(parts(cur))]
            cand = cand or [k for k in DKEYS if k not in order]
            if not cand:
                break
            cur = cand[0]
        uses = {p: 2 for k in DKEYS for p in parts(k)}
        ce = {}
        dead_acc = []
        dregs = {}
        d_f = {}
        for key in order:
            x, h = key
            for kind, p in parts(key):
                if kind == "e" and p not in ce:
                    ce[p] = self.take()
                    self.op("vmov", ce[p], sreg(S_CE + p))
            (k1, p1), (k2, p2) = parts(key)
            reg = lambda kind, p: ce[p] if kind == "e" else ACC[p]          # noqa: E731
            frm = lambda kind, p, h=h: (ce_f[p] if kind == "e" else        # noqa: E731
                                        (co_f[p] + (1 if h == 0 else 0)) % 32)
            opts = [(reg(k1, p1), frm(k1, p1), reg(k2, p2), frm(k2, p2)),
                    (reg(k2, p2), frm(k2, p2), reg(k1, p1), frm(k1, p1))]
            if d_target is None:
                choice = plan("dc", j, key)
            else:
                choice = 1 if opts[1][1] == d_target[key] and opts[0][1] != d_target[key] else 0
            rn, fn, rm, fm = opts[choice]
            # the D words the first row uses stay in registers (a pool register for the two
            # that the second row needs too)
            usable = [r for r in dead_acc if r != RC_REG or key not in first_set]
            if key in keep_set or not usable:
                t = self.take()
            else:
                t = usable[0]
                dead_acc.remove(t)
            self.op("eor", t, rn, rm, (fn - fm) % 32)
            if d_target is not None and fn != d_target[key]:
                self.op("ror", t, t, (fn - d_target[key]) % 32)   # once, in the prologue
                fn = d_target[key]
            d_f[key] = fn
            self.op("vmov", sreg(S_D + 2 * x + h), t)
            for p in parts(key):
                uses[p] -= 1
                if uses[p] == 0:
                    if p[0] == "e":
                        self.give(ce[p[1]])
                    else:
                        dead_acc.append(ACC[p[1]])
            if key in first_set:
                dregs[key] = t
            elif t in POOL:
                self.give(t)
            else:
                dead_acc.append(t)
        self.d = d_f
        # one run: pointer, the first row's state words, the round constants of round jn
        avail = [r for r in ACC if r not in dregs.values() and r != RC_REG]
        ptr = self.take() if self.free else avail.pop(0)
        self.op("ldr", ptr, "sp", SP_RCP)
        aregs, into_d = {}, set()
        for X in range(5):
            word, x, y, s, k = self.word_of(jn, X, 0, 0)
            key = (x, s)
            if dregs[key] in POOL and key not in keep_set and avail:
                aregs[X] = avail.pop(0)
                into_d.add(key)
            else:
                aregs[X] = self.take()
            self.op("ldr", aregs[X], "r0", 4 * word)
        off = 8 * (j + 1)
        self.op("ldr", RC_REG, ptr, off)
        rco = ptr
        if last:
            rco = self.take() if self.free else avail.pop(0)
        self.op("ldr", rco, ptr, off + 4)
        if last:
            self.comment("next iteration: advance the round-constant pointer")
            self.op("add", ptr, ptr, 8 * ROUNDS)
            self.op("str", ptr, "sp", SP_RCP)
        self.op("vmov", sreg(S_RCO), rco)
        for r in {ptr, rco}:
            if r in POOL:
                self.give(r)
        cur, kept = self.combine_row(jn, 0, ORDER[0], aregs, dregs, (0, ORDER[1]), into_d)
        if last:
            self.op("cmp", RC_REG, SENTINEL)
            self.op("bcc", ".Lround")
        return cur, kept


def parity(g, dst, x, h, temps):
    """dst = XOR of the five words of column x, half h (offsets 0)."""
    offs = [4 * (2 * (x + 5 * y) + h) for y in range(5)]
    regs = [dst] + temps[:4]
    assert len(temps) >= 4
    for r, off in zip(regs, offs):
        g.op("ldr", r, "r0", off)
    for r in regs[1:]:
        g.op("eor", dst, dst, r, 0)


def prologue(g, d_target):
    """Parities of the input state (offsets 0): Ce into s10-s14, Co into r8-r12; the
    round-constant pointer onto the stack; then theta for round 0."""
    g.comment("parities of the input state (all offsets 0)")
    g.op("adr", "r1", "m4crypt_keccakf1600_armv7m_rc")
    g.op("str", "r1", "sp", SP_RCP)
    for x in range(5):
        parity(g, ACC[x], x, 1, POOL[:4] if x % 2 == 0 else POOL[4:])
    for x in range(5):
        r = POOL[:5] if x % 2 == 0 else POOL[3:]
        parity(g, r[0], x, 0, r[1:])
        g.op("vmov", sreg(S_CE + x), r[0])
    g.free = list(POOL)
    return g.theta(-1, [0] * 5, [0] * 5, d_target=d_target)


def build():
    """Generates prologue and body; the D frames at the loop entry are those the body's last
    round leaves (found by iterating from a guess)."""
    d_target = {(x, h): (1 if h == 0 else 0) for (x, h) in DKEYS}
    for _ in range(4):
        g = Gen()
        first = prologue(g, d_target)
        d0 = dict(g.d)
        g.first0 = first
        g.code.append(("label", ".Lround"))
        for j in range(ROUNDS):
            first = g.round(j, first)
        if first == g.first0 and g.d == d0:
            break
        d_target = dict(g.d)
    else:
        raise RuntimeError("loop state does not converge")
    assert all(v == 0 for v in g.a.values())
    assert g.where == {(x, y): (x + 5 * y, 0) for x in range(5) for y in range(5)}
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
    mem[TABLE + 192], mem[TABLE + 196] = SENTINEL, 0
    reg = {"r0": STATE, "sp": SP}
    for r in POOL + ACC + [sreg(i) for i in range(16)]:
        reg[r] = 0xDEADBEEF
    code = [c for c in g.code if c[0] != "comment"]
    labels = {c[1]: i for i, c in enumerate(code) if c[0] == "label"}
    pc, flags_c, iters = 0, None, 0
    while pc < len(code):
        ins = code[pc]
        pc += 1
        k = ins[0]
        if k == "label":
            continue
        if k == "ldr":
            reg[ins[1]] = mem[(reg[ins[2]] + ins[3]) & M32]
        elif k == "str":
            mem[(reg[ins[2]] + ins[3]) & M32] = reg[ins[1]]
        elif k == "eor":
            reg[ins[1]] = reg[ins[2]] ^ ror32(reg[ins[3]], ins[4])
        elif k == "bic":
            reg[ins[1]] = reg[ins[2]] & ~ror32(reg[ins[3]], ins[4]) & M32
        elif k == "ror":
            reg[ins[1]] = ror32(reg[ins[2]], ins[3])
        elif k == "vmov":
            reg[ins[1]] = reg[ins[2]]
        elif k == "add":
            reg[ins[1]] = (reg[ins[2]] + ins[3]) & M32
        elif k == "adr":
            reg[ins[1]] = TABLE
        elif k == "cmp":
            flags_c = reg[ins[1]] >= ins[2]
        elif k == "bcc":
            iters += 1
            if not flags_c:
                pc = labels[ins[1]]
                # clobber what the loop does not carry: everything but the first row, RC, state
                live = {r for r, _ in g.first0[0].values()} | set(g.first0[1].values()) | {RC_REG, "r0", "sp"}
                for r in POOL + ACC:
                    if r not in live:
                        reg[r] = random.getrandbits(32)
        else:
            raise ValueError(k)
    assert iters == 24 // ROUNDS, iters
    return [deinterleave(mem[STATE + 8 * i], mem[STATE + 8 * i + 4]) for i in range(25)]


def self_test(g: Gen):
    blk = bytearray(200)
    blk[0], blk[167] = 0x1F, 0x80
    st = keccakf_ref([int.from_bytes(blk[8 * i:8 * i + 8], "little") for i in range(25)])
    assert b"".join(v.to_bytes(8, "little") for v in st)[:168] == hashlib.shake_128(b"").digest(168)
    rng = random.Random(1600)
    for _ in range(10):
        lanes = [rng.getrandbits(64) for _ in range(25)]
        assert emulate(g, lanes) == keccakf_ref(lanes)
    assert emulate(g, [0] * 25)[0] == 0xF1258F7940E1DDE7


# ---------------------------------------------------------------- encoding, size, cycles
def narrow_ok(ins):
    """Whether the instruction has a 16-bit encoding (Thumb-2: LDR/STR with a low register and a
    small offset from a low base or SP, ADDS/EORS/BICS on low registers without shift)."""
    k = ins[0]
    if k in ("ldr", "str"):
        rt, rn, off = ins[1], ins[2], ins[3]
        if rt not in LOW or off % 4:
            return False
        return (rn in LOW and 0 <= off <= 124) or (rn == "sp" and 0 <= off <= 1020)
    if k == "add":
        return ins[1] == ins[2] and ins[1] in LOW and 0 <= ins[3] <= 255
    if k in ("eor", "bic"):   # the flag-setting 16-bit forms: no flags are live in this code
        rd, rn, rm, sh = ins[1:5]
        if sh or not {rd, rn, rm} <= LOW:
            return False
        return rd == rn or (k == "eor" and rd == rm)
    return False


def encode(g: Gen):
    """Chooses 16- or 32-bit encodings by dynamic programming over (address mod 4, length of the
    current run of 32-bit instructions at halfword-aligned addresses): first no fetch penalty
    (a run of 3 or more such instructions costs a cycle in m4sim's model), then fewest bytes.
    Labels (branch targets) are kept word-aligned."""
    code = g.code
    INF = (1 << 30, 0)
    # state: (pos % 4 in {0, 2}, run32 in 0..3) -> (penalty, bytes, back pointer)
    states = {(0, 0): (0, 0, None)}
    hist = []
    for idx, ins in enumerate(code):
        if ins[0] == "comment":
            hist.append(None)
            continue
        if ins[0] == "label":
            states = {k: v for k, v in states.items() if k[0] == 0}
            hist.append(None)
            continue
        nxt = {}
        opts = [4, 2] if narrow_ok(ins) else [4]
        for (p, r), (pen, by, _) in states.items():
            for sz in opts:
                if sz == 4 and p == 2:
                    r2 = min(r + 1, 3)
                    pen2 = pen + (1 if r + 1 == 3 else 0)
                else:
                    r2, pen2 = 0, pen
                key = ((p + sz) % 4, r2)
                cand = (pen2, by + sz, ((p, r), sz))
                if key not in nxt or cand[:2] < nxt[key][:2]:
                    nxt[key] = cand
        hist.append(nxt)
        states = nxt
    # walk back
    end = min(states.items(), key=lambda kv: kv[1][:2])
    sizes = [0] * len(code)
    key = end[0]
    for idx in range(len(code) - 1, -1, -1):
        if hist[idx] is None:
            continue
        pen, by, (prev, sz) = hist[idx][key]
        sizes[idx] = sz
        key = prev
    out = [(ins, sizes[i]) for i, ins in enumerate(code)]
    return out, sum(sizes)


def cycles(enc, loop_label=".Lround", iters=24 // ROUNDS, store_min=0):
    """Cycles of the encoded code under m4sim's model (docs/m4sim.md, model 1.0): returns
    (prologue cycles, body cycles per iteration incl. the taken branch)."""
    def run(seq, pos0):
        c = 0
        prev_wr, pipe, prev_ld, prev_st, run32 = set(), False, set(), False, 0
        pos = pos0
        for ins, size in seq:
            k = ins[0]
            if k in ("comment", "label"):
                continue
            cost = 1
            addr = set()
            if k in ("ldr", "str"):
                addr = {ins[2]}
                cost = 2 if k == "ldr" else 1
                if addr & prev_wr:
                    cost += 1
                if pipe and not (addr & prev_ld):
                    cost = max(cost - 1, store_min if k == "str" else 0)
                if k == "ldr" and prev_st:
                    cost += 1
            if k == "bcc":
                cost = 3
            if size == 4 and pos % 4 == 2:
                run32 += 1
                if run32 == 3:
                    cost += 1
            else:
                run32 = 0
            c += max(cost, 0)
            wr = {ins[1]} if k in ("ldr", "eor", "bic", "ror", "add", "adr", "vmov") else set()
            prev_wr, pipe = wr, k == "ldr"
            prev_ld = wr if k == "ldr" else set()
            prev_st = k == "str"
            pos += size
        return c
    li = next(i for i, (ins, _) in enumerate(enc) if ins == ("label", loop_label))
    pro_pos = 0
    return run(enc[:li], 0), run(enc[li:], sum(s for _, s in enc[:li]))


def count(g: Gen):
    li = next(i for i, c in enumerate(g.code) if c == ("label", ".Lround"))
    kinds = {}
    for ins in g.code[li:]:
        if ins[0] not in ("label", "comment"):
            kinds[ins[0]] = kinds.get(ins[0], 0) + 1
    return kinds


def asm_text(enc) -> str:
    out = []
    for ins, size in enc:
        k = ins[0]
        w = ".n" if size == 2 else ".w"
        if k == "label":
            out.append(f"{ins[1]}:")
        elif k == "comment":
            out.append(f"    @ {ins[1]}")
        elif k in ("ldr", "str"):
            out.append(f"    {k}{w} {ins[1]}, [{ins[2]}, #{ins[3]}]")
        elif k in ("eor", "bic") and size == 2:
            other = ins[3] if ins[1] == ins[2] else ins[2]
            out.append(f"    {k}s.n {ins[1]}, {other}")
        elif k in ("eor", "bic"):
            sh = f", ror #{ins[4]}" if ins[4] else ""
            out.append(f"    {k}.w {ins[1]}, {ins[2]}, {ins[3]}{sh}")
        elif k == "ror":
            out.append(f"    ror.w {ins[1]}, {ins[2]}, #{ins[3]}")
        elif k == "add":
            if size == 2:
                out.append(f"    adds.n {ins[1]}, #{ins[3]}")
            else:
                out.append(f"    add.w {ins[1]}, {ins[2]}, #{ins[3]}")
        elif k == "adr":
            out.append(f"    adr.w {ins[1]}, {ins[2]}")
        elif k == "cmp":
            out.append(f"    cmp.w {ins[1]}, #{ins[2]}")
        elif k == "vmov":
            out.append(f"    vmov {ins[1]}, {ins[2]}")
        elif k == "bcc":
            out.append(f"    bcc.w {ins[1]}")
        else:
            raise ValueError(k)
    return "\n".join(out)


def main():
    g = build()
    self_test(g)
    enc, size = encode(g)
    pro, body = cycles(enc)
    pro11, body11 = cycles(enc, store_min=1)
    total = pro + (24 // ROUNDS) * body
    kinds = count(g)
    print(f"model 1.0: prologue {pro} cycles, body {body} cycles/iteration, ~{total} + entry/exit; "
          f"code {size} bytes; body {kinds}; model 1.1: prologue {pro11}, body {body11}, ~{pro11 + 6 * body11}",
          file=sys.stderr)
    return g, enc, size, total, kinds


HEADER = """\
/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Keccak-f[1600] for ARMv7E-M (Cortex-M4), bit-interleaved state, in place, lazy rotations.
 * GENERATED by gen_keccakf1600.py (same folder) -- edit the generator, not this file.
 *
 * void m4crypt_keccakf1600_armv7m(uint64_t state[25]);
 *   state: 25 lanes in the bit-interleaved layout of backend.h (lane i: word 2i = even bits,
 *   word 2i+1 = odd bits), permuted in place. The lanes travel between memory slots and are
 *   back in place, at rotation offset 0, every 4 rounds (one loop iteration).
 *
 * Register map: r0 state pointer; r8-r12 the column parities C[x] of the next round (one half at
 * a time; the first row of a pass computes its outputs directly into them; in theta the dead
 * ones are temporaries, and r9 carries the even round-constant word to the first row); r1-r7,
 * lr the five words b of the row being processed, chi outputs, the next row's state words, two
 * D words kept from one row for the next, temporaries (allocated by the generator; low
 * registers first, so that most loads and stores have 16-bit encodings).
 * FPU registers as scratchpad (VMOV core <-> S: one cycle, and unlike a load it never starts a
 * pipeline run): D words in s0-s9 (s(2x+h)), even parities Ce in s10-s14, the odd round-constant
 * word of the coming round in s15 (s0-s15 are caller-saved). Stack frame ({frame} bytes): the
 * round-constant pointer at sp+0. Without an FPU (M4CRYPT_ARMV7M_NOFPU, -mfloat-abi=soft;
 * src/common/armv7m/fpu_scratch.h) s0-s15 are the frame words at sp+{frame}.. instead, VMOV a
 * 32-bit STR or LDR (the same code layout), and are wiped before returning (parities and D words
 * of a state that may be secret).
 * Loop body: 4 rounds, 6 iterations, no explicit rotation:
 *   {counts}.
 * Cycles, code size and stack: bench row keccak.f1600, armv7m (benchmarks/RESULTS.md).
 * Constant time: no branch or address depends on the state (the only branch is the loop).
 */

    .syntax unified
    .thumb
#include "common/armv7m/fpu_scratch.h"
#include "common/armv7m/asm_macros.i"
    .section .text.m4crypt_keccakf1600_armv7m,"ax",%progbits  @ with the table the ADR reads

{rc}
FUNC m4crypt_keccakf1600_armv7m
    push.w {{r4-r11, lr}}
    sub.w sp, sp, #({frame} + M4CRYPT_SSLOTS(16))
    .set m4crypt_sslot_base, {frame}
"""

FOOTER = """\
    m4crypt_sslots_wipe 16, r1, r2
    add.w sp, sp, #({frame} + M4CRYPT_SSLOTS(16))
    pop.w {{r4-r11, pc}}
ENDFUNC m4crypt_keccakf1600_armv7m
"""


def rc_table():
    """The round constants, interleaved (even word, odd word), then the sentinel."""
    name = "m4crypt_keccakf1600_armv7m_rc"
    out = ["    .align 3", f"    .type {name}, %object",
           f"{name}:  @ FIPS 202 round constants, interleaved (even word, odd word)"]
    out += ["    .word 0x%08x, 0x%08x" % interleave(v) for v in RC]
    out.append(f"    .word {SENTINEL}, 0  @ sentinel: an even word of {SENTINEL} ends the loop")
    out.append(f"    .size {name}, . - {name}")
    return "\n".join(out)


def generate():
    """The text of keccakf1600.S."""
    g, enc, size, total, kinds = main()
    counts = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items()))
    text = HEADER.format(counts=counts, rc=rc_table(), frame=FRAME)
    return text + asm_text(enc) + "\n" + FOOTER.format(frame=FRAME)


if __name__ == "__main__":
    sys.stdout.write(generate())
