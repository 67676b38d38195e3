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
  and a 4-round block can loop 6 times.
- Lazy rotations (Adomnicai, ePrint 2023/773): the rotations of rho are not executed. Every word
  carries a rotation offset f known at generation time (true value = ROL32(word, f)); an
  instruction combining two words rotates its second operand into the frame of the first with the
  barrel shifter (EOR/BIC rd, rn, rm, ROR #s), which costs nothing. Offsets are free inside a
  4-round block; the last round of the block rotates the words whose offset is not 0 back to 0, so
  that the block can be repeated (this generator's own scheme; its cost is printed below).

Round structure (FIPS 202 section 3.3; theta of round i+1 is prepared during round i):
- two passes per round, one per output half (even words, then odd words); in a pass, for each of
  the five rows Y: load the five input words and the theta effect D of their columns (from the
  stack), XOR them, compute chi (BIC + EOR), apply iota to lane (0, 0), store the outputs, and
  accumulate the column parities C of the next round in five registers;
- after the two passes, D[x] = C[x-1] ^ ROL64(C[x+1], 1) in interleaved form
  (De = Ce[x-1] ^ ROL32(Co[x+1], 1), Do = Co[x-1] ^ Ce[x+1]) is written to the stack.
A prologue computes the parities of the input state.

The generator also emulates the instruction list it emits and checks it against a plain Python
Keccak-f[1600] (itself checked against hashlib SHAKE128) before writing the file.
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
# Stack frame (after push {r4-r11, lr}): D words, saved even parities, round-constant pointer.
SP_D = 0          # D[x][h] at SP_D + 4 * (2x + h)
SP_CE = 40        # Ce[x] at SP_CE + 4x
SP_RCP = 60       # pointer into the round-constant table (advanced by 32 per block)
FRAME = 64


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
        self.code.append(("comment", "parities of the input state (all offsets 0)"))
        for x in range(5):
            for y in range(5):
                for h in range(2):
                    self.state_f[(x, y, h)] = 0
        for h in (0, 1):
            for x in range(5):
                regs = B
                for y in range(5):
                    self.op("ldr", regs[y], "r0", 4 * (2 * (x + 5 * y) + h))
                self.op("eor", ACC[x], B[0], B[1], 0)
                self.op("eor", ACC[x], ACC[x], B[2], 0)
                self.op("eor", ACC[x], ACC[x], B[3], 0)
                self.op("eor", ACC[x], ACC[x], B[4], 0)
                self.acc_f[x] = 0
            if h == 0:
                self.save_ce()
        self.theta_d()

    def save_ce(self):
        for x in range(5):
            self.op("str", ACC[x], "sp", SP_CE + 4 * x)
            self.ce_f[x] = self.acc_f[x]

    def theta_d(self):
        """D from Ce (stack) and Co (ACC registers), written to the stack."""
        self.code.append(("comment", "theta: D[x] = C[x-1] ^ ROL64(C[x+1], 1)"))
        for x in range(5):
            self.op("ldr", B[x], "sp", SP_CE + 4 * x)
        co_f = list(self.acc_f)
        for x in range(5):
            xm, xp = (x - 1) % 5, (x + 1) % 5
            # De = Ce[x-1] ^ ROL32(Co[x+1], 1): Co[x+1] read in frame co_f + 1
            f = self.eor(TMP[0], B[xm], self.ce_f[xm], ACC[xp], co_f[xp] + 1)
            self.op("str", TMP[0], "sp", SP_D + 4 * (2 * x + 0))
            self.d_f[(x, 0)] = f
            f = self.eor(TMP[1], ACC[xm], co_f[xm], B[xp], self.ce_f[xp])
            self.op("str", TMP[1], "sp", SP_D + 4 * (2 * x + 1))
            self.d_f[(x, 1)] = f

    def round(self, j, last):
        """Round j (0..3) of a block; last: bring every output word to offset 0."""
        new_f = {}
        new_where = {}
        for h in (0, 1):
            self.code.append(("comment", f"round {j} of the block, {'even' if h == 0 else 'odd'} words"))
            for Y in range(5):
                # load b0..b4 for output half h: B[X, Y] = rho(A[x, y] ^ D[x]), x = X + 3Y, y = X
                bf = []
                by_slot = {}
                for X in range(5):
                    x, y = (X + 3 * Y) % 5, X
                    r = RHO[x + 5 * y]
                    if r % 2 == 0:
                        src_h, k = h, r // 2
                    elif h == 0:
                        src_h, k = 1, (r + 1) // 2
                    else:
                        src_h, k = 0, (r - 1) // 2
                    tmp = TMP[X % 2]
                    sl, sw = self.where[(x, y)]
                    assert sl == slot(x, y, j)
                    self.op("ldr", B[X], "r0", 4 * (2 * sl + (src_h ^ sw)))
                    # the output that goes into this slot takes the word just read
                    by_slot[sl] = (2 * sl + (src_h ^ sw), (r % 2) ^ sw)
                    self.op("ldr", tmp, "sp", SP_D + 4 * (2 * x + src_h))
                    fa = self.state_f[(x, y, src_h)]
                    f = self.eor(B[X], B[X], fa, tmp, self.d_f[(x, src_h)])
                    bf.append(f + k)
                # chi, iota, store, accumulate parities
                for X in range(5):
                    b0, b1, b2 = X, (X + 1) % 5, (X + 2) % 5
                    first = Y == 0
                    dst = ACC[X] if first else T
                    self.op("bic", T, B[b2], B[b1], (bf[b2] - bf[b1]) % 32)
                    ft = bf[b2]
                    # out = t ^ b0 in t's frame, or b0 ^ t in b0's frame
                    if last and bf[b0] % 32 == 0 and ft % 32 != 0:
                        fo = self.eor(dst, B[b0], bf[b0], T, ft)
                    else:
                        fo = self.eor(dst, T, ft, B[b0], bf[b0])
                    if X == 0 and Y == 0:  # iota: RC word h of round j of this block
                        self.op("ldr", TMP[0], "sp", SP_RCP)
                        self.op("ldr", TMP[0], TMP[0], 8 * j + 4 * h)
                        self.eor(dst, dst, fo, TMP[0], 0)
                    if last and fo % 32 != 0:
                        self.op("ror", dst, dst, (32 - fo) % 32)  # true = ROL(dst, fo)
                        self.ror_fixups += 1
                        fo = 0
                    fo %= 32
                    word, sw_new = by_slot[slot(X, Y, j + 1)]
                    self.op("str", dst, "r0", 4 * word)
                    if h == 0:
                        new_where[(X, Y)] = (slot(X, Y, j + 1), sw_new)
                    else:
                        assert new_where[(X, Y)] == (slot(X, Y, j + 1), sw_new)
                    new_f[(X, Y, h)] = fo
                    if first:
                        self.acc_f[X] = fo
                    else:
                        self.eor(ACC[X], ACC[X], self.acc_f[X], T, fo)
            if h == 0:
                self.save_ce()
        self.state_f = new_f
        self.where = new_where
        self.theta_d()

    def block(self):
        start_state, start_d, start_where = dict(self.state_f), dict(self.d_f), dict(self.where)
        self.code.append(("label", ".Lblock"))
        for j in range(4):
            self.round(j, j == 3)
        # the block must leave the offsets as it found them
        assert {k: v % 32 for k, v in self.state_f.items()} == {k: v % 32 for k, v in start_state.items()}
        assert {k: v % 32 for k, v in self.d_f.items()} == {k: v % 32 for k, v in start_d.items()}
        assert self.where == start_where


def build():
    g = Gen()
    g.prologue()
    g.block()
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
    reg = {"r0": STATE, "sp": SP}
    mem[SP + SP_RCP] = TABLE
    body_start = next(i for i, c in enumerate(g.code) if c == ("label", ".Lblock"))

    def run(seq):
        for ins in seq:
            kind = ins[0]
            if kind in ("label", "comment"):
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
    for _ in range(6):
        run(g.code[body_start:])
        mem[SP + SP_RCP] += 32
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
        elif kind == "ldr":
            out.append(f"    ldr {ins[1]}, [{ins[2]}, #{ins[3]}]")
        elif kind == "str":
            out.append(f"    str {ins[1]}, [{ins[2]}, #{ins[3]}]")
        elif kind in ("eor", "bic"):
            sh = f", ror #{ins[4]}" if ins[4] else ""
            out.append(f"    {kind} {ins[1]}, {ins[2]}, {ins[3]}{sh}")
        elif kind == "ror":
            out.append(f"    ror {ins[1]}, {ins[2]}, #{ins[3]}")
    return "\n".join(out)


def count(g: Gen):
    body_start = next(i for i, c in enumerate(g.code) if c == ("label", ".Lblock"))
    kinds = {}
    for ins in g.code[body_start:]:
        if ins[0] not in ("label", "comment"):
            kinds[ins[0]] = kinds.get(ins[0], 0) + 1
    return kinds


HEADER = """\
@ Keccak-f[1600] for ARMv7E-M (Cortex-M4), bit-interleaved state, in place, lazy rotations.
@ GENERATED by gen_keccakf1600.py (same folder) -- edit the generator, not this file.
@
@ void m4crypt_keccakf1600_armv7m(uint64_t state[25]);
@   state: 25 lanes in the bit-interleaved layout of backend.h (lane i: word 2i = even bits,
@   word 2i+1 = odd bits), permuted in place. The lanes travel between memory slots inside a
@   4-round block and are back in place after each block.
@
@ Register map: r0 state; r1-r5 column parities of the next round (one half); r6-r10 the five
@ words b0..b4 of the row being processed; r11 chi temporary and output; r12, lr loaded theta
@ effects D and round constants. Stack: D (10 words), even parities (5), round-constant pointer.
@ Per 4-round block: {counts}; {fixups} words rotated back at the end of the block.
@ Cycles (make bench / m4sim): not measured yet.
@ Constant time: no branch or address depends on the state (the only branch is the loop).

    .syntax unified
    .thumb
    .text

    .align 8  @ the loop ends when the low byte of the table pointer reaches 6 * 32
    .type m4crypt_keccakf1600_armv7m_rc, %object
m4crypt_keccakf1600_armv7m_rc:  @ FIPS 202 round constants, interleaved (even word, odd word)
{rc}
    .size m4crypt_keccakf1600_armv7m_rc, . - m4crypt_keccakf1600_armv7m_rc

    .align 2
    .global m4crypt_keccakf1600_armv7m
    .type m4crypt_keccakf1600_armv7m, %function
    .thumb_func
m4crypt_keccakf1600_armv7m:
    push {{r4-r11, lr}}
    sub sp, #{frame}
    adr r12, m4crypt_keccakf1600_armv7m_rc
    str r12, [sp, #{rcp}]
"""

FOOTER = """\
    ldr r12, [sp, #{rcp}]
    add r12, r12, #32
    str r12, [sp, #{rcp}]
    uxtb lr, r12
    cmp lr, #192
    bne .Lblock
    add sp, #{frame}
    pop {{r4-r11, pc}}
    .size m4crypt_keccakf1600_armv7m, . - m4crypt_keccakf1600_armv7m
"""


def main():
    g = build()
    self_test(g)
    rc = "\n".join("    .word 0x%08x, 0x%08x" % interleave(v) for v in RC)
    counts = ", ".join(f"{v} {k}" for k, v in sorted(count(g).items()))
    text = HEADER.format(counts=counts, fixups=g.ror_fixups, rc=rc, frame=FRAME, rcp=SP_RCP)
    text += asm_text(g) + "\n" + FOOTER.format(rcp=SP_RCP, frame=FRAME)
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("keccakf1600.S")
    path.write_text(text)
    print(f"{path}: emulation matches the reference; per block {counts}; fixups {g.ror_fixups}")


if __name__ == "__main__":
    main()
