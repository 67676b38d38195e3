# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Stack-residue check (`m4sim residue`): what each region leaves on the stack below the stack
pointer it started with, compared across runs with different secrets.

The firmware is the one `m4sim ct` uses: every secret comes from m4sim_ct_seed, every public
input is fixed. m4sim paints the free stack when a region opens (sim.PAINT_WORD) and copies it
when the region ends, from the deepest word the region wrote up to its starting stack pointer:
the memory a caller would find there afterwards. Runs use the seeds of `m4sim ct` (all zero, all
0xff, then random ones).

A word of that memory that is not the same in every run depends on the secret. It is accepted
only when it is one of:
  - a value written inside a call of a function declared public (--public-function, the
    declassification `m4sim ct` uses: such a call computes on public data only, so what it
    leaves is public too);
  - the caller's own register: a word a push (PUSH, STMDB SP!, STR/STRD with SP pre-indexed
    writeback) wrote last which holds, in every run, the value the caller had in one of r0-r12 or
    lr when the region began. A callee's prologue saves the caller's registers there (r3 or r12
    too, only to keep the stack 8-byte aligned): they are the caller's values, not something the
    operation computed.
Everything else is reported as secret-dependent residue, with the instruction that wrote it (one
extra run of the first seed with memory tracing finds the last write to each such word). Words
that are the same in every run (constants, public inputs, return addresses) are not reported.

Exit code 0: no secret-dependent residue; 1: residue found; 2: an error (a run failing, a region
never executed, a region whose depth differs between runs).
"""
import array
import sys

from .ct import seeds_for
from .decode import new_cs
from .sim import PAINT, Simulator, SimError


def _executions(result, wanted):
    """[(name, k, Region)] for the regions selected, k = the execution number of that name."""
    out, count = [], {}
    for r in result.regions:
        if wanted != "all" and r.name not in wanted:
            continue
        k = count.get(r.name, 0)
        count[r.name] = k + 1
        out.append((r.name, k, r))
    return out


class StackResidue:
    """What the verdict needs of a Region run with stack_residue=True (without its traces)."""
    __slots__ = ("residue", "residue_sp", "entry_regs")

    def __init__(self, region):
        self.residue, self.residue_sp = region.residue, region.residue_sp
        self.entry_regs = region.entry_regs


def _words(reg, depth):
    """The region's residue as `depth` bytes ending at its starting SP, as 32-bit words (paint
    below what it wrote)."""
    data = reg.residue
    data = PAINT * ((depth - len(data)) // 4) + data
    return array.array("I", data)


def _last_writers(reg):
    """{word address: (pc, inside a public call)} of the last write to each word, from a region
    traced with trace_public_writes."""
    mt = array.array("I")
    mt.frombytes(reg.trace[2])
    last = {}
    for i in range(0, len(mt), 3):
        info = mt[i + 2]
        if not info & 0x80000000:
            continue
        addr, size = mt[i + 1], info & 0xFFFF
        for a in range(addr & ~3, addr + size, 4):
            last[a] = (mt[i], bool(info & 0x40000000))
    return last


def _is_push(sim, md, pc, cache):
    """Whether the instruction at pc stores registers below SP with writeback (a push)."""
    if pc not in cache:
        code = sim.image.read(pc, 4) or sim.image.read(pc, 2)
        push = False
        for ins in md.disasm(code or b"", pc, count=1):
            m, ops = ins.mnemonic.split(".")[0], ins.op_str.replace(" ", "")
            push = (m in ("push", "vpush") or (m in ("stmdb", "stmfd") and ops.startswith("sp!"))
                    or (m in ("str", "strd") and "[sp," in ops and ops.endswith("]!")))
        cache[pc] = push
    return cache[pc]


def check(elf, regions="all", runs=8, args=(), rng_seed=None, out=sys.stdout,
          public_functions=(), max_instructions=0, show=12):
    """Run the check; print one line per region (and the residue found); return the exit code."""
    sim = Simulator(elf, max_instructions=max_instructions)
    public_functions = list(dict.fromkeys(public_functions or ()))
    try:
        sim.public_entries(public_functions)
    except SimError as e:
        print(f"residue: {e}", file=out)
        return 2
    if sim.seed_sym is None:
        print(f"residue: {elf} has no symbol m4sim_ct_seed: secrets cannot be varied", file=out)
        return 2
    if runs < 2:
        print("residue: need at least 2 runs", file=out)
        return 2
    seeds = seeds_for(runs, rng_seed)
    execs = []          # per run: [(name, k, Region)]
    for run, seed in enumerate(seeds):
        res = sim.run(args=args, seed=seed, stack_residue=True)
        if res.error:
            print(f"residue: run {run} failed: {res.error}", file=out)
            return 2
        execs.append(_executions(res, regions))
    return analyze(sim, execs, seeds, regions, args=args, public_functions=public_functions,
                   out=out, show=show)


def analyze(sim, execs, seeds, regions, args=(), public_functions=(), out=sys.stdout, show=12):
    """The verdict on runs already made: execs[run] is _executions() of the run with seeds[run]
    (made with stack_residue=True; `m4sim ct --residue` collects them from its own runs).
    Prints one line per region; returns the exit code."""
    public_functions = list(dict.fromkeys(public_functions or ()))
    keys0 = [(n, k) for n, k, _ in execs[0]]
    if regions != "all":
        missing = [n for n in regions if n not in {n for n, _ in keys0}]
        if missing:
            print(f"residue: region(s) never executed: {', '.join(sorted(missing))}", file=out)
            return 2
    if not keys0:
        print("residue: no regions executed", file=out)
        return 2
    for run in range(1, len(seeds)):
        if [(n, k) for n, k, _ in execs[run]] != keys0:
            print(f"residue: run {run} executes a different sequence of regions than run 0",
                  file=out)
            return 2

    # classify every word of every execution
    findings = {}       # (name, k) -> dict
    suspects = set()
    for i, (name, k) in enumerate(keys0):
        regs = [execs[run][i][2] for run in range(len(seeds))]
        depths = {len(r.residue) for r in regs}
        depth = max(depths)
        words = [_words(r, depth) for r in regs]
        paint = int.from_bytes(PAINT, "little")
        left = sum(1 for w in range(len(words[0])) if any(ws[w] != paint for ws in words))
        differ = [w for w in range(len(words[0])) if any(ws[w] != words[0][w] for ws in words)]
        in_regs = {w for w in differ
                   if all(words[run][w] in regs[run].entry_regs for run in range(len(seeds)))}
        f = {"depth": depth, "left": left, "differ": differ, "in_regs": in_regs, "words": words,
             "public": [], "caller": [], "secret": [], "depths": depths}
        findings[(name, k)] = f
        if differ:
            suspects.add(name)

    # attribute what differs to its last writer: one traced run with the first seed
    md, pushes = new_cs(), {}
    if suspects:
        res = sim.run(args=args, seed=seeds[0], stack_residue=True, trace_regions=suspects,
                      public_functions=public_functions, trace_public_writes=True)
        if res.error:
            print(f"residue: the tracing run failed: {res.error}", file=out)
            return 2
        for name, k, reg in _executions(res, suspects):
            f = findings[(name, k)]
            if not f["differ"]:
                continue
            last = _last_writers(reg)
            base = reg.residue_sp - f["depth"]
            for w in f["differ"]:
                pc, pub = last.get(base + 4 * w, (None, False))
                if pub:
                    f["public"].append((w, pc))
                elif w in f["in_regs"] and pc is not None and _is_push(sim, md, pc, pushes):
                    f["caller"].append((w, pc))
                else:
                    f["secret"].append((w, pc))

    bad = False
    for name, k in keys0:
        f = findings[(name, k)]
        ex = f" (execution {k + 1})" if sum(1 for n, _ in keys0 if n == name) > 1 else ""
        same = f["left"] - len(f["differ"])
        parts = [f"{same} the same in every run"]
        if f["public"]:
            parts.append(f"{len(f['public'])} from public calls")
        if f["caller"]:
            parts.append(f"{len(f['caller'])} the caller's saved registers")
        detail = (f"{len(seeds)} runs; {f['depth']} bytes of stack, {f['left']} words left: "
                  + ", ".join(parts))
        if len(f["depths"]) > 1:
            print(f"residue: {name}{ex}: the region's stack depth differs between runs "
                  f"({', '.join(str(d) for d in sorted(f['depths']))} bytes)", file=out)
            bad = True
            continue
        if not f["secret"]:
            print(f"residue: {name}{ex}: no secret-dependent words ({detail})", file=out)
            continue
        bad = True
        print(f"residue: {name}{ex}: {len(f['secret'])} secret-dependent words left on the stack "
              f"({detail})", file=out)
        d = f["depth"]
        for w, pc in f["secret"][:show]:
            who = sim.image.describe(pc) if pc is not None else "no write traced in run 0"
            vals = " ".join(f"{f['words'][r][w]:08x}" for r in range(min(3, len(seeds))))
            print(f"  sp-{d - 4 * w:<5d} written by {who}: {vals} (runs 0, 1, 2)", file=out)
        if len(f["secret"]) > show:
            by = {}
            for _, pc in f["secret"]:
                fn = sim.image.describe(pc).split("+")[0] if pc is not None else "?"
                by[fn] = by.get(fn, 0) + 1
            print("  ... in all, written by: " + ", ".join(f"{fn} ({n})" for fn, n in
                                                           sorted(by.items(), key=lambda x: -x[1])),
                  file=out)
    return 1 if bad else 0
