# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Constant-time checker: run the firmware several times with different random
bytes in m4sim_ct_seed and require every traced region to have the same
instruction-address trace, data-address trace (address, size, read/write) and
per-instruction cycle trace in every run.

Public calls (--public-function SYMBOL): calls of functions declared to
compute only on public data leave one marker in the instruction trace (the
entry address, cost 0) and nothing else; the compared cycles of a region are
those outside public calls.  See docs/m4sim.md.

Run 0's traces are kept in memory (compact byte strings: 4 bytes per
instruction address, 1 byte per instruction cost, 12 bytes per memory access);
each later run is compared against them as soon as it finishes and then
dropped, so memory use is about two runs' worth of traces.
"""
import os
import random
import sys

from .decode import new_cs
from .profile import DEFAULT_MAX_INSTRUCTIONS
from .sim import Simulator, SimError, missing_markers_message, seed_problem

_CHUNK = 1 << 16


def _first_diff(a, b, width):
    """Index (in elements of `width` bytes) of the first difference of two byte
    strings, or None if equal.  Compares big chunks first (C speed)."""
    if a == b:
        return None
    n = min(len(a), len(b))
    step = _CHUNK * width
    off = 0
    while off < n and a[off:off + step] == b[off:off + step]:
        off += step
    # narrow down inside the chunk
    end = min(off + step, n)
    lo = off
    while lo < end and a[lo:lo + 64 * width] == b[lo:lo + 64 * width]:
        lo += 64 * width
    for i in range(lo, min(lo + 64 * width, n), width):
        if a[i:i + width] != b[i:i + width]:
            return i // width
    return n // width   # one is a prefix of the other


def _u32(buf, i):
    return int.from_bytes(buf[4 * i:4 * i + 4], "little")


class _Describer:
    def __init__(self, sim, public=()):
        self.sim = sim
        self.md = new_cs()
        self.public = {a: n for n, a in public}

    def insn(self, addr):
        img = self.sim.image
        code = img.read(addr, 4) or img.read(addr, 2)
        text = "?"
        if code:
            for ins in self.md.disasm(code, addr, count=1):
                text = f"{ins.mnemonic} {ins.op_str}".strip()
        return f"0x{addr:08x} {img.describe(addr)}: {text}"

    def where(self, addr):
        pub = f", a call of public function {self.public[addr]}" if addr in self.public else ""
        return f"0x{addr:08x} ({self.sim.image.describe(addr)}{pub})"


def _occurrences(result):
    return [r for r in result.regions if r.trace is not None]


def _compare(d, name, k, run, r0, ri, out):
    """Compare one region execution; print a report and return False on a difference."""
    it0, ct0, mt0 = r0.trace
    iti, cti, mti = ri.trace
    head = f"ct: {name}: run {run} differs from run 0"
    loc = f"(execution {k + 1} of region {name})"
    i = _first_diff(it0, iti, 4)
    if i is not None:
        n0, ni = len(it0) // 4, len(iti) // 4
        print(f"{head} in the instruction-address trace {loc}", file=out)
        if i == 0:
            print(f"  the region starts at different instructions: {d.where(_u32(it0, 0))} vs "
                  f"{d.where(_u32(iti, 0))}", file=out)
            return False
        print(f"  first diverging instruction (#{i - 1} of the region): {d.insn(_u32(it0, i - 1))}",
              file=out)
        nxt0 = d.where(_u32(it0, i)) if i < n0 else "the end of the region"
        nxti = d.where(_u32(iti, i)) if i < ni else "the end of the region"
        print(f"  run 0 continues at {nxt0}; run {run} at {nxti}", file=out)
        return False
    j = _first_diff(mt0, mti, 12)
    if j is not None:
        print(f"{head} in the data-address trace {loc}", file=out)

        def acc(mt, run_no):
            if 12 * j + 12 > len(mt):
                return f"run {run_no}: no access"
            pc, addr, sz = _u32(mt, 3 * j), _u32(mt, 3 * j + 1), _u32(mt, 3 * j + 2)
            kind = "write" if sz & 0x80000000 else "read"
            return (f"run {run_no}: {kind} of {sz & 0xFFFF} bytes at {d.where(addr)}", pc)
        a0, ai = acc(mt0, 0), acc(mti, run)
        pc = a0[1] if isinstance(a0, tuple) else ai[1]
        print(f"  first diverging instruction (memory access #{j}): {d.insn(pc)}", file=out)
        print(f"  {a0[0] if isinstance(a0, tuple) else a0}", file=out)
        print(f"  {ai[0] if isinstance(ai, tuple) else ai}", file=out)
        return False
    c = _first_diff(ct0, cti, 1)
    if c is not None or r0.compared_cycles != ri.compared_cycles:
        pub = " (outside public calls)" if r0.public_calls is not None else ""
        print(f"{head} in the cycle trace {loc}: {r0.compared_cycles} vs {ri.compared_cycles} "
              f"cycles{pub}", file=out)
        if c is not None:
            print(f"  first diverging instruction (#{c} of the region): {d.insn(_u32(it0, c))}", file=out)
            print(f"  costs {ct0[c]} cycles in run 0 and {cti[c]} in run {run} "
                  f"(operand-dependent timing)", file=out)
        return False
    return True


def _range(vals):
    lo, hi = min(vals), max(vals)
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def seeds_for(runs, rng_seed=None):
    """The secret seeds of a check of `runs` runs (at least 2; residue uses them too): all bits
    clear, all bits set, so that a dependence on any single secret bit is always seen, then random
    ones (reproducible with rng_seed)."""
    seeds = [bytes(32), b"\xff" * 32]
    if rng_seed is None:
        seeds += [os.urandom(32) for _ in range(runs - 2)]
    else:
        rng = random.Random(rng_seed)
        seeds += [bytes(rng.getrandbits(8) for _ in range(32)) for _ in range(runs - 2)]
    return seeds[:max(2, runs)]


def check(elf, regions, runs=8, args=(), max_instructions=DEFAULT_MAX_INSTRUCTIONS, rng_seed=None, out=sys.stdout,
          seeds=None, public_functions=()):
    """Run the check; print the verdict; return the exit code (0 ok, 1 leak, 2 error).

    public_functions: names of functions whose calls compute only on public
    data (declassification): not traced, one marker per call."""
    return _check(elf, regions, runs, args, max_instructions, rng_seed, out, seeds,
                  public_functions, keep_residue=False)[0]


def check_with_residue(elf, regions, runs=8, args=(), max_instructions=DEFAULT_MAX_INSTRUCTIONS,
                       rng_seed=None, out=sys.stdout, public_functions=()):
    """The trace comparison and `m4sim residue`'s stack-residue check from the same runs (each run
    also keeps what every region leaves on the stack), which costs about the trace comparison
    alone instead of both. Prints both verdicts (ct: lines, then residue: lines); returns the
    pair of exit codes (ct, residue). When the traces differ, the residue is not checked (exit
    code 2 for it: the runs stop at the first difference)."""
    rc, kept = _check(elf, regions, runs, args, max_instructions, rng_seed, out, None,
                      public_functions, keep_residue=True)
    if rc != 0:
        print(f"residue: not checked: the trace comparison did not pass (exit code {rc})",
              file=out)
        return rc, 2
    from . import residue
    sim, seeds, per_run = kept
    return rc, residue.analyze(sim, per_run, seeds, regions, args=args,
                               public_functions=public_functions, out=out)


def _check(elf, regions, runs, args, max_instructions, rng_seed, out, seeds, public_functions,
           keep_residue):
    """check(), returning (exit code, kept). With keep_residue the runs also keep the stack
    residue, and when the traces agree kept is (the simulator, the seeds, per run its executions
    as residue.analyze takes them); else kept is None."""
    if keep_residue:
        from .residue import _executions, StackResidue  # (residue imports this module)
    sim = Simulator(elf, max_instructions=max_instructions)
    public_functions = list(dict.fromkeys(public_functions or ()))
    try:
        pub = sim.public_entries(public_functions)
    except SimError as e:
        print(f"ct: {e}", file=out)
        return 2, None
    if sim.missing_markers:
        print(f"ct: {missing_markers_message(elf, sim.missing_markers)}", file=out)
        return 2, None
    problem = seed_problem(sim)
    if problem:
        print(f"ct: {problem}", file=out)
        return 2, None
    if runs < 2:
        print("ct: need at least 2 runs", file=out)
        return 2, None
    if seeds is None:
        seeds = seeds_for(runs, rng_seed)
    d = _Describer(sim, pub)
    base = None
    names = None
    ok = True
    # per region name, per run: (instructions, cycles) in total (they may
    # differ between runs only inside public calls)
    totals = {}
    per_run = []
    for run, seed in enumerate(seeds):
        res = sim.run(args=args, seed=seed, trace_regions=regions,
                      public_functions=public_functions,
                      stack_residue=keep_residue)
        if res.hit_limit:
            print(f"ct: run {run} stopped after {max_instructions:,} instructions "
                  f"(raise --max-instructions N; 0 = no limit)", file=out)
            return 2, None
        if res.error:
            print(f"ct: run {run} failed (the firmware crashed): {res.error}", file=out)
            return 2, None
        if keep_residue:
            # only what the residue verdict reads: the traces stay with the comparison below
            per_run.append([(n, k, StackResidue(r)) for n, k, r in _executions(res, regions)])
        occ = _occurrences(res)
        for r in occ:
            t = totals.setdefault(r.name, {}).setdefault(run, [0, 0])
            t[0] += r.instructions
            t[1] += r.cycles
        if run == 0:
            base = (res, occ)
            names = []
            for r in occ:
                if r.name not in names:
                    names.append(r.name)
            wanted = names if regions == "all" else list(regions)
            missing = [n for n in wanted if n not in names]
            if missing:
                print(f"ct: region(s) never executed (or nested inside another traced region): "
                      f"{', '.join(missing)}", file=out)
                return 2, None
            if not occ:
                print("ct: no regions executed", file=out)
                return 2, None
            for fn, k in (res.public_calls or {}).items():
                if not k:
                    print(f"ct: note: public function {fn} was never called in run 0 "
                          f"(inlined, or not on this path?)", file=out)
            continue
        occ0 = base[1]
        seq0 = [r.name for r in occ0]
        seqi = [r.name for r in occ]
        if seq0 != seqi:
            print(f"ct: run {run} executes a different sequence of regions than run 0 "
                  f"({len(seq0)} vs {len(seqi)} executions)", file=out)
            return 1, None
        counts = {}
        for r0, ri in zip(occ0, occ):
            k = counts.get(r0.name, 0)
            counts[r0.name] = k + 1
            if not _compare(d, r0.name, k, run, r0, ri, out):
                ok = False
                break
        if not ok:
            print(f"  (seed of run 0: {seeds[0].hex()}, of run {run}: {seed.hex()})", file=out)
            return 1, None
    for w in sim.warnings:
        print(f"ct: warning: {w}", file=out)
    occ0 = base[1]
    for name in names:
        rs = [r for r in occ0 if r.name == name]
        ni = sum(r.instructions - r.public_instructions for r in rs)
        nm = sum(len(r.trace[2]) // 12 for r in rs)
        cy = sum(r.compared_cycles for r in rs)
        ex = f"{len(rs)} executions, " if len(rs) > 1 else ""
        calls = {}
        for r in rs:
            for fn, k in (r.public_calls or {}).items():
                calls[fn] = calls.get(fn, 0) + k
        if not calls:
            print(f"ct: {name}: {len(seeds)} runs identical ({ex}{ni} instructions, "
                  f"{nm} memory accesses, {cy} cycles)", file=out)
            continue
        # outside public calls every run has ni instructions and cy cycles
        runs_t = totals[name].values()
        xi = _range([t[0] - ni for t in runs_t])
        tc = _range([t[1] for t in runs_t])
        called = ", ".join(f"{fn} \u00d7{k}" for fn, k in calls.items())
        print(f"ct: {name}: {len(seeds)} runs identical ({ex}{ni} instructions, {nm} memory accesses, "
              f"{cy} cycles compared, {tc} in total; {xi} instructions in public calls excluded: "
              f"{called})", file=out)
    return 0, ((sim, seeds, per_run) if keep_residue else None)
