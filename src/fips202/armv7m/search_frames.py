#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Finds the rotation-offset choices (PLAN in gen_keccakf1600.py) of the 4-round Keccak body.

Each word of the lazy-rotation scheme carries an offset f (true value = ROL32(word, f)); every
two-operand instruction may leave its result in the frame of either operand. This script asks
a constraint solver for choices that bring all 50 state words back to offset 0 after 4 rounds,
and the ten theta-effect words D back to the offsets the body started from, while paying as few
explicit rotations (ROR instructions) as possible -- the optimum found is none.

Variables, per round j of the body (frames are integers mod 32):
  b[X, Y, h] = rho(A ^ D): frame of A or of D (choice xd), plus the rho rotation k of that half;
  out[X, Y, h] = chi output: frame of b[X] or of b[X + 2] (choice oc);
  C[x, h] = column parity: frame of one of the column's five outputs (choice acc);
  D of the next round: De[x] frame of Ce[x-1] or of Co[x+1] + 1, Do[x] of Co[x-1] or Ce[x+1] (dc);
  a word may instead be rotated explicitly to any frame at the cost of one instruction.
Requires ortools (pip install ortools); the generator itself does not.
Usage: python3 search_frames.py [seconds]   -> prints the PLAN dictionary
"""
import sys

from ortools.sat.python import cp_model

from gen_keccakf1600 import DKEYS, KEYS, ROUNDS, lane_spec


def solve(seconds):
    m = cp_model.CpModel()
    iv = lambda n: m.NewIntVar(0, 31, n)  # noqa: E731
    costs = []

    def modadd(name, base, k):
        b, q = iv(name), m.NewBoolVar(name + "q")
        m.Add(b == base + k - 32 * q)
        return b

    def pick(name, c, v0, v1):
        v = iv(name)
        m.Add(v == v0).OnlyEnforceIf(c.Not())
        m.Add(v == v1).OnlyEnforceIf(c)
        return v

    def target(name, raw, tgt):
        if tgt is None:
            tgt = iv(name + "t")
        f = m.NewBoolVar(name + "fix")
        m.Add(raw == tgt).OnlyEnforceIf(f.Not())
        costs.append(f)
        return tgt

    a = {(x, y, h): 0 for x in range(5) for y in range(5) for h in range(2)}
    d0 = {k: iv(f"d0{k}") for k in DKEYS}
    d = dict(d0)
    choice = {"xd": [], "oc": [], "acc": [], "dc": []}
    for j in range(ROUNDS):
        b, xd = {}, {}
        for key in KEYS:
            x, y, s, k = lane_spec(*key)
            xd[key] = m.NewBoolVar(f"xd{j}{key}")
            b[key] = modadd(f"b{j}{key}", pick(f"base{j}{key}", xd[key], a[(x, y, s)], d[(x, s)]), k)
        out, oc = {}, {}
        for (X, Y, h) in KEYS:
            oc[(X, Y, h)] = m.NewBoolVar(f"oc{j}{X}{Y}{h}")
            raw = pick(f"o{j}{X}{Y}{h}", oc[(X, Y, h)], b[(X, Y, h)], b[((X + 2) % 5, Y, h)])
            out[(X, Y, h)] = target(f"out{j}{X}{Y}{h}", raw, 0 if j == ROUNDS - 1 else None)
        C, acc = {}, {}
        for (x, h) in DKEYS:
            acc[(x, h)] = [m.NewBoolVar(f"acc{j}{x}{h}{Y}") for Y in range(5)]
            m.AddExactlyOne(acc[(x, h)])
            C[(x, h)] = iv(f"C{j}{x}{h}")
            for Y in range(5):
                m.Add(C[(x, h)] == out[(x, Y, h)]).OnlyEnforceIf(acc[(x, h)][Y])
        nd, dc = {}, {}
        for (x, h) in DKEYS:
            dc[(x, h)] = m.NewBoolVar(f"dc{j}{x}{h}")
            if h == 0:
                raw = pick(f"de{j}{x}", dc[(x, h)], C[((x - 1) % 5, 0)],
                           modadd(f"co1{j}{x}", C[((x + 1) % 5, 1)], 1))
            else:
                raw = pick(f"do{j}{x}", dc[(x, h)], C[((x - 1) % 5, 1)], C[((x + 1) % 5, 0)])
            nd[(x, h)] = target(f"d{j}{x}{h}", raw, d0[(x, h)] if j == ROUNDS - 1 else None)
        for name, tab in (("xd", xd), ("oc", oc), ("acc", acc), ("dc", dc)):
            choice[name].append(tab)
        a = {(X, Y, h): out[(X, Y, h)] for (X, Y, h) in KEYS}
        d = nd
    m.Minimize(sum(costs))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    st = solver.Solve(m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SystemExit("no solution")
    print(f"# {solver.StatusName(st)}: {int(solver.ObjectiveValue())} explicit rotations per body")
    val = solver.Value
    plan = {
        "xd": ["".join(str(val(choice["xd"][j][k])) for k in KEYS) for j in range(ROUNDS)],
        "oc": ["".join(str(val(choice["oc"][j][k])) for k in KEYS) for j in range(ROUNDS)],
        "acc": ["".join(str([val(c) for c in choice["acc"][j][k]].index(1)) for k in DKEYS)
                for j in range(ROUNDS)],
        "dc": ["".join(str(val(choice["dc"][j][k])) for k in DKEYS) for j in range(ROUNDS)],
    }
    print("PLAN = {")
    for name, rows in plan.items():
        print(f'    "{name}": [' + ",\n           ".join(f'"{r}"' for r in rows) + "],")
    print("}")


if __name__ == "__main__":
    solve(float(sys.argv[1]) if len(sys.argv) > 1 else 120.0)
