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
  the five rows Y: the five words b = rho(A ^ D), chi (BIC + EOR), iota on lane (0, 0), the
  stores, and the column parities C of the next round accumulated in five registers (the first
  row's outputs are computed directly into them). Rows are software pipelined: the next row's
  loads (state word and theta effect D from the stack) are issued in front of this row's stores;
  on the M4 an LDR followed by LDR or STR pipelines, so each memory instruction costs one cycle.
- theta: D[x] = C[x-1] ^ ROL64(C[x+1], 1), interleaved De = Ce[x-1] ^ ROL32(Co[x+1], 1),
  Do = Co[x-1] ^ Ce[x+1]; the ten D words go to the stack, and the five the first row of the next
  round needs are used from the registers (with that row's state words loaded here).
A prologue computes the parities of the input state.

The generator emulates the instruction list it emits and checks it against a plain Python
Keccak-f[1600] (itself checked against hashlib SHAKE128) before writing the file; it also
reports the cycles of the body under the m4sim model rules (docs/m4sim.md).
Usage: python3 gen_keccakf1600.py [out.S]
"""
from __future__ import annotations

import hashlib
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


# ---------------------------------------------------------------- registers and stack frame
STATE = "r0"
ACC = ["r8", "r9", "r10", "r11", "r12"]                   # column parities (ALU only)
POOL = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "lr"]  # words, D, temporaries (low first)
RC_REG = ACC[1]   # even round-constant word, from theta to the first row's lane (0, 0)
SP_D = 0          # D word (x, h) at SP_D + 4 * (2x + h)
SP_CE = 40        # even parities Ce[x] at SP_CE + 4x
SP_RCP = 60       # pointer to the round constants of the current iteration
FRAME = 64
LOW = {f"r{i}" for i in range(8)}
SENTINEL = 2      # even round-constant word after the table: the loop stops when it is loaded


class Gen:
    def __init__(self):
        self.code = []
        self.a = {(x, y, h): 0 for x in range(5) for y in range(5) for h in range(2)}
        self.where = {(x, y): (x + 5 * y, 0) for x in range(5) for y in range(5)}
        self.d = {}
        self.free = []
        self.group = 0
        self.extra_runs = 0   # load runs not closed by a store (one cycle each)

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
        """State word index read for b[X, Y] (half h) in round j, D offset, frames, rotation."""
        x, y, s, k = lane_spec(X, Y, h)
        sl, sw = self.where[(x, y)]
        assert sl == slot(x, y, j)
        return 2 * sl + (s ^ sw), x, y, s, k

    # ------------------------------------------------------------ prefetched loads
    def b_item(self, j, h, Y, X):
        word, x, y, s, k = self.word_of(j, X, Y, h)
        return {"kind": "b", "X": X, "loads": [("r0", 4 * word), ("sp", SP_D + 4 * (2 * x + s))],
                "fa": self.a[(x, y, s)], "fd": self.d[(x, s)], "k": k,
                "xd": plan("xd", j, (X, Y, h)), "regs": []}

    def issue_loads(self, items, maxn):
        """Issues up to maxn loads of the pending items, in order, while registers are free.
        A load whose address is the item's previous load waits for a later group."""
        n = 0
        for it in items:
            while len(it["regs"]) < len(it["loads"]) and n < maxn:
                base, off = it["loads"][len(it["regs"])]
                if base == "dep":
                    if it["group"] == self.group:
                        break
                    r = it["regs"][-1]           # ldr rX, [rX, #off]
                    self.op("ldr", r, r, off)
                else:
                    if not self.free:
                        return n
                    r = self.take()
                    self.op("ldr", r, base, off)
                it["regs"].append(r)
                it["group"] = self.group
                n += 1
            if len(it["regs"]) < len(it["loads"]) and it["loads"][len(it["regs"])][0] != "dep":
                break
        return n

    def finish_items(self, items, into):
        for it in list(items):
            if len(it["regs"]) < len(it["loads"]):
                continue
            items.remove(it)
            if it["kind"] == "b":
                ra, rd = it["regs"]
                if it["xd"] == 0:
                    self.op("eor", ra, ra, rd, (it["fa"] - it["fd"]) % 32)
                    f, keep, drop = it["fa"], ra, rd
                else:
                    self.op("eor", rd, rd, ra, (it["fd"] - it["fa"]) % 32)
                    f, keep, drop = it["fd"], rd, ra
                self.give(drop)
                into[("b", it["X"])] = (keep, (f + it["k"]) % 32)
            else:
                into[(it["kind"], it.get("X"))] = it["regs"][-1]

    # ------------------------------------------------------------ one round of the body
    def round(self, j, first):
        """Round j of the body; first = ({X: (reg, frame)} of the even row 0, rc register)."""
        cur, rc_reg = first
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
        rows = [(h, Y) for h in (0, 1) for Y in range(5)]
        for i, (h, Y) in enumerate(rows):
            self.comment(f"round {j}, {'even' if h == 0 else 'odd'} words, row {Y}")
            if i + 1 < len(rows):
                nh, nY = rows[i + 1]
                items = [self.b_item(j, nh, nY, X) for X in range(5)]
                if (h, Y) == (0, 4):  # odd round-constant word for the odd pass's lane (0, 0)
                    items.insert(0, {"kind": "rco", "loads": [("sp", SP_RCP), ("dep", 8 * j + 4)],
                                     "regs": []})
            else:  # theta's inputs: the round-constant pointer and the even parities
                items = [{"kind": "ce", "X": x, "loads": [("sp", SP_CE + 4 * x)], "regs": []}
                          for x in range(5)]
            nxt = {}
            uses = [3] * 5
            for X in range(5):
                self.group += 1
                (r0_, f0), (r1_, f1), (r2_, f2) = cur[X], cur[(X + 1) % 5], cur[(X + 2) % 5]
                dst = ACC[X] if Y == 0 else self.take()
                self.op("bic", dst, r2_, r1_, (f2 - f1) % 32)
                if plan("oc", j, (X, Y, h)) == 0:
                    self.op("eor", dst, r0_, dst, (f0 - f2) % 32)
                    fo = f0
                else:
                    self.op("eor", dst, dst, r0_, (f2 - f0) % 32)
                    fo = f2
                for b in (X, (X + 1) % 5, (X + 2) % 5):
                    uses[b] -= 1
                    if uses[b] == 0:
                        self.give(cur[b][0])
                if X == 0 and Y == 0:  # iota (FIPS 202 section 3.2.5); the RC word is in frame 0
                    self.op("eor", dst, dst, rc_reg, fo)
                    if h == 1:
                        self.give(rc_reg)
                if Y == 0:
                    acc_f[X] = fo
                elif plan("acc", j, (X, h)) == Y:
                    self.op("eor", ACC[X], dst, ACC[X], (fo - acc_f[X]) % 32)
                    acc_f[X] = fo
                else:
                    self.op("eor", ACC[X], ACC[X], dst, (acc_f[X] - fo) % 32)
                # memory group: loads for the next row (or theta), then this output's store(s)
                n = self.issue_loads(items, 4)
                sl_new = slot(X, Y, j + 1)
                word, sw_new = by_slot[(h, Y)][sl_new]
                self.op("str", dst, "r0", 4 * word)
                if (h, Y) == (0, 4):
                    self.op("str", ACC[X], "sp", SP_CE + 4 * X)
                if Y != 0:
                    self.give(dst)
                self.finish_items(items, nxt)
                if h == 0:
                    new_where[(X, Y)] = (sl_new, sw_new)
                else:
                    assert new_where[(X, Y)] == (sl_new, sw_new)
                new_a[(X, Y, h)] = fo
            while items:
                self.group += 1
                n = self.issue_loads(items, 8)
                if n:
                    self.extra_runs += 1
                self.finish_items(items, nxt)
            if (h, Y) == (0, 4):
                ce_f = list(acc_f)
                rc_reg = nxt[("rco", None)]
            if i + 1 < len(rows):
                cur = {X: nxt[("b", X)] for X in range(5)}
            else:
                tin = {"ce": [nxt[("ce", x)] for x in range(5)]}
        self.a = new_a
        self.where = new_where
        self.last_tin = tin
        return self.theta(j, tin, ce_f, list(acc_f))

    # ------------------------------------------------------------ theta
    def theta(self, j, tin, ce_f, co_f, d_target=None):
        """D of round jn = j + 1 (mod 4) from Ce (registers tin['ce'], frames ce_f) and Co (ACC,
        frames co_f): stores the ten D words, loads and prepares the first row of round jn
        (even words, row 0) and puts its round-constant word in RC_REG. j = -1: the prologue
        (frames d_target are forced). Returns that row."""
        jn = (j + 1) % ROUNDS
        last = j == ROUNDS - 1
        self.comment(f"theta for round {jn}: D[x] = C[x-1] ^ ROL64(C[x+1], 1)")
        ce = list(tin["ce"])
        need = {}
        for X in range(5):
            word, x, y, s, k = self.word_of(jn, X, 0, 0)
            need[(x, s)] = (X, word, self.a[(x, y, s)], k)

        def parts(key):
            x, h = key
            if h == 0:
                return [("e", (x - 1) % 5), ("o", (x + 1) % 5)]
            return [("o", (x - 1) % 5), ("e", (x + 1) % 5)]
        # walk the cycle D - parity - D ... so that every D after the first frees a parity
        order, cur = [], (0, 0)
        while True:
            order.append(cur)
            cand = [k for k in DKEYS if k not in order and set(parts(k)) & set(parts(cur))]
            if not cand:
                cand = [k for k in DKEYS if k not in order]
            if not cand:
                break
            cur = cand[0]
        uses = {p: 2 for k in DKEYS for p in parts(k)}
        dead_acc, pending_st, waiting, first, d_f = [], [], [], {}, {}
        rc_state = 0
        for n_, key in enumerate(order):
            x, h = key
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
            # the register of D: a pool register if the first row's b will live in it
            keep_in_d = key in need and plan("xd", jn, (need[key][0], 0, 0)) == 1
            if keep_in_d or not dead_acc:
                t = self.take()
            else:
                t = dead_acc.pop(0)
            rn, fn, rm, fm = opts[choice]
            self.op("eor", t, rn, rm, (fn - fm) % 32)
            if d_target is not None and fn != d_target[key]:
                self.op("ror", t, t, (fn - d_target[key]) % 32)   # once, in the prologue
                fn = d_target[key]
            d_f[key] = fn
            for p in parts(key):
                uses[p] -= 1
                if uses[p] == 0:
                    if p[0] == "e":
                        self.give(ce[p[1]])
                    else:
                        dead_acc.append(ACC[p[1]])
            release = None if key in need else ("pool" if t in POOL else "acc")
            pending_st.append((t, SP_D + 4 * (2 * x + h), release))
            if key in need:
                waiting.append((key, t))
            loads = []
            if rc_state == 0 and RC_REG in dead_acc:
                dead_acc.remove(RC_REG)
                loads.append(("ldr", RC_REG, "sp", SP_RCP))
                rc_state = 1
            elif rc_state == 1:
                if last:  # next iteration: advance the round-constant pointer
                    self.op("add", RC_REG, RC_REG, 8 * ROUNDS)
                    pending_st.append((RC_REG, SP_RCP, None))
                    rc_state = 2
                else:
                    loads.append(("ldr", RC_REG, RC_REG, 8 * (j + 1)))
                    rc_state = 3
            elif rc_state == 2:
                loads.append(("ldr", RC_REG, RC_REG, 0))
                rc_state = 3
            while waiting and len(loads) < 3:
                key2, rd = waiting[0]
                X, word, fa, k = need[key2]
                a_keeps = rd not in POOL or plan("xd", jn, (X, 0, 0)) == 0
                if a_keeps or not [r for r in dead_acc if r != RC_REG]:
                    if not self.free:
                        break
                    ra = self.take()
                else:
                    ra = [r for r in dead_acc if r != RC_REG][0]
                    dead_acc.remove(ra)
                waiting.pop(0)
                loads.append(("ldr", ra, "r0", 4 * word))
                first[X] = ("pending", ra, rd, fa, d_f[key2], k, key2)
            if loads or n_ == len(order) - 1 or len(pending_st) > 1 or not self.free:
                for ld in loads:
                    self.op(*ld)
                for t2, off, rel in pending_st:
                    self.op("str", t2, "sp", off)
                    if rel == "pool":
                        self.give(t2)
                    elif rel == "acc":
                        dead_acc.append(t2)
                pending_st = []
                for X, v in list(first.items()):
                    if v[0] != "pending":
                        continue
                    _, ra, rd, fa, fd, k, key2 = v
                    if ra in POOL and (rd not in POOL or plan("xd", jn, (X, 0, 0)) == 0):
                        self.op("eor", ra, ra, rd, (fa - fd) % 32)
                        first[X], drop = (ra, (fa + k) % 32), rd
                    else:
                        self.op("eor", rd, rd, ra, (fd - fa) % 32)
                        first[X], drop = (rd, (fd + k) % 32), ra
                    if drop in POOL:
                        self.give(drop)
                    else:
                        dead_acc.append(drop)
        assert rc_state == 3 and not waiting and not pending_st and len(first) == 5
        self.d = d_f
        if last:
            self.op("cmp", RC_REG, SENTINEL)
            self.op("bcc", ".Lround")
        for X in range(5):
            assert first[X][0] in POOL
        return first, RC_REG


def parity(g, dst, x, h, temps):
    """dst = XOR of the five words of column x, half h (offsets 0), with the given temporaries."""
    offs = [4 * (2 * (x + 5 * y) + h) for y in range(5)]
    regs = [dst] + temps[:4]
    if len(temps) >= 4:
        for r, off in zip(regs, offs):
            g.op("ldr", r, "r0", off)
        for r in regs[1:]:
            g.op("eor", dst, dst, r, 0)
    else:
        g.op("ldr", dst, "r0", offs[0])
        rest = offs[1:]
        while rest:
            chunk, rest = rest[:len(temps)], rest[len(temps):]
            for r, off in zip(temps, chunk):
                g.op("ldr", r, "r0", off)
            for r, _ in zip(temps, chunk):
                g.op("eor", dst, dst, r, 0)


def prologue(g, tin, d_target):
    """Parities of the input state (offsets 0): Ce into tin['ce'], Co into ACC; the
    round-constant pointer onto the stack; then theta for round 0."""
    g.comment("parities of the input state (all offsets 0)")
    ce = tin["ce"]
    g.op("adr", "r1", "m4crypt_keccakf1600_armv7m_rc")
    g.op("str", "r1", "sp", SP_RCP)
    for x in range(5):   # Ce first, with the parity registers as temporaries
        parity(g, ce[x], x, 0, list(ACC))
    g.free = [r for r in POOL if r not in ce]
    for x in range(5):
        parity(g, ACC[x], x, 1, list(g.free) + ACC[x + 1:])
    return g.theta(-1, tin, [0] * 5, [0] * 5, d_target=d_target)


def build():
    """Generates prologue and body; theta's input registers and the D frames at the loop entry
    are those the body's last round leaves, found by iterating from a guess."""
    tin = {"ce": ["r2", "r3", "r4", "r5", "r6"]}
    d_target = {(x, h): (1 if h == 0 else 0) for (x, h) in DKEYS}
    for _ in range(6):
        g = Gen()
        first = prologue(g, tin, d_target)
        g.free.sort(key=POOL.index)
        free0 = list(g.free)
        d0 = dict(g.d)
        g.code.append(("label", ".Lround"))
        start = first
        for j in range(ROUNDS):
            first = g.round(j, first)
        g.first0 = start
        if first == start and g.last_tin == tin and g.d == d0 and sorted(g.free, key=POOL.index) == free0:
            break
        tin, d_target = g.last_tin, dict(g.d)
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
    for r in POOL + ACC:
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
                live = {r for r, _ in g.first0[0].values()} | {RC_REG, "r0", "sp"}
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
    k = ins[0]
    if k in ("ldr", "str"):
        rt, rn, off = ins[1], ins[2], ins[3]
        if rt not in LOW or off % 4:
            return False
        return (rn in LOW and 0 <= off <= 124) or (rn == "sp" and 0 <= off <= 1020)
    if k == "add":
        return ins[1] == ins[2] and ins[1] in LOW and 0 <= ins[3] <= 255
    return False


def encode(g: Gen, start_aligned=True):
    """Chooses 16- or 32-bit encodings: 16-bit in pairs so that every 32-bit instruction stays
    word-aligned (a run of 32-bit instructions at halfword-aligned addresses costs a cycle)."""
    code = [c for c in g.code]
    out, pos = [], 0
    i = 0
    while i < len(code):
        ins = code[i]
        if ins[0] in ("comment",):
            out.append((ins, 0))
            i += 1
            continue
        if ins[0] == "label":
            assert pos % 4 == 0, "label not word-aligned"
            out.append((ins, 0))
            i += 1
            continue
        size = 4
        if narrow_ok(ins):
            if pos % 4 == 2:
                size = 2
            else:
                # look for a following narrow-capable instruction (comments skipped)
                jx = i + 1
                while jx < len(code) and code[jx][0] == "comment":
                    jx += 1
                nxt_label = jx < len(code) and code[jx][0] == "label"
                if jx < len(code) and narrow_ok(code[jx]) and not nxt_label:
                    size = 2
        if ins[0] in ("bcc",):
            size = 4
        out.append((ins, size))
        pos += size
        i += 1
    return out, pos


def cycles(enc, loop_label=".Lround", iters=24 // ROUNDS):
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
                    cost -= 1
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
            wr = {ins[1]} if k in ("ldr", "eor", "bic", "ror", "add", "adr") else set()
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
    total = pro + (24 // ROUNDS) * body
    kinds = count(g)
    print(f"prologue {pro} cycles, body {body} cycles/iteration, ~{total} + entry/exit; "
          f"code {size} bytes; body {kinds}; unclosed load runs {g.extra_runs}")
    return g, enc, size, total, kinds




HEADER = """\
@ Keccak-f[1600] for ARMv7E-M (Cortex-M4), bit-interleaved state, in place, lazy rotations.
@ GENERATED by gen_keccakf1600.py (same folder) -- edit the generator, not this file.
@
@ void m4crypt_keccakf1600_armv7m(uint64_t state[25]);
@   state: 25 lanes in the bit-interleaved layout of backend.h (lane i: word 2i = even bits,
@   word 2i+1 = odd bits), permuted in place. The lanes travel between memory slots and are
@   back in place, at rotation offset 0, every 4 rounds (one loop iteration).
@
@ Register map: r0 state pointer; r8-r12 the column parities C[x] of the next round (one half at
@ a time; the first row of a pass computes its outputs directly into them; in theta the dead
@ ones are temporaries, and r9 carries the round-constant pointer and then the even
@ round-constant word to the first row); r1-r7, lr the five words b of the row being
@ processed, the next row's prefetched state words and theta effects D, chi outputs, the
@ saved even parities during theta, the odd round-constant word (allocated by the generator;
@ low registers first, so that most loads and stores have 16-bit encodings).
@ Stack frame ({frame} bytes): D words at sp+0..39 (word 2x+h), even parities Ce at sp+40..59,
@ round-constant pointer at sp+60.
@ Loop body: 4 rounds, 6 iterations: {counts}; no explicit rotation.
@ Cycles: {cycles} per permutation in m4sim ({model}); code {size} bytes + 200 bytes of round
@ constants; stack {stack} bytes.
@ Constant time: no branch or address depends on the state (the only branch is the loop).

    .syntax unified
    .thumb
    .text

    .align 3
    .type m4crypt_keccakf1600_armv7m_rc, %object
m4crypt_keccakf1600_armv7m_rc:  @ FIPS 202 round constants, interleaved (even word, odd word)
{rc}
    .word {sentinel}, 0  @ sentinel: an even word of {sentinel} ends the loop
    .size m4crypt_keccakf1600_armv7m_rc, . - m4crypt_keccakf1600_armv7m_rc

    .align 2
    .global m4crypt_keccakf1600_armv7m
    .type m4crypt_keccakf1600_armv7m, %function
    .thumb_func
m4crypt_keccakf1600_armv7m:
    push.w {{r4-r11, lr}}
    sub.w sp, sp, #{frame}
"""

FOOTER = """\
    add.w sp, sp, #{frame}
    pop.w {{r4-r11, pc}}
    .size m4crypt_keccakf1600_armv7m, . - m4crypt_keccakf1600_armv7m
"""


# Measured with m4sim on the bench firmware (region keccak.f1600), written into the header.
CYCLES_TEXT = "9,130"
MODEL_TEXT = "m4sim-model 1.0"


def write(path, cycles_text, model, stack=100):
    g, enc, size, total, kinds = main()
    rc = "\n".join("    .word 0x%08x, 0x%08x" % interleave(v) for v in RC)
    counts = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items()))
    text = HEADER.format(counts=counts, rc=rc, frame=FRAME, sentinel=SENTINEL, cycles=cycles_text,
                         model=model, size=size + 12, stack=stack)
    text += asm_text(enc) + "\n" + FOOTER.format(frame=FRAME)
    Path(path).write_text(text)
    print(f"{path} written")


if __name__ == "__main__":
    write(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).with_name("keccakf1600.S"),
          cycles_text=CYCLES_TEXT, model=MODEL_TEXT)
