# SPDX-License-Identifier: Apache-2.0 OR MIT
"""m4sim profile: where the cycles of one region go, per function and per instruction class.

Runs the firmware once with the instruction and cycle traces of the named region recorded (the
same traces `m4sim ct` compares), and attributes each executed instruction's cycles to the
function that contains it (exclusive cycles: a callee's cycles are its own, not its caller's) and
to its timing class (docs/m4sim.md). The first execution of the region is profiled."""
import collections
import struct
import sys

from . import decode, model
from .sim import Simulator, missing_markers_message, EXIT_ERROR, EXIT_LIMIT

# Without a limit a firmware that never reaches its exit (a loop waiting for a board's
# peripheral, a crash into a loop) would run for ever. Half a billion instructions take one to
# two minutes with the traces on; --max-instructions N raises it, 0 removes it.
DEFAULT_MAX_INSTRUCTIONS = 500_000_000


def profile(elf, region, args=(), top=30, by_address=0, out=None,
            max_instructions=DEFAULT_MAX_INSTRUCTIONS, err=None):
    """Print the profile of the region's first execution to out; return the exit code: 0, 2 when
    the region has no complete execution (markers missing, never reached), 124 when the
    instruction limit stopped the run first, 125 when the run failed (fault) first."""
    err = err if err is not None else (out if out is not None else sys.stderr)
    sim = Simulator(elf)
    if sim.missing_markers:
        print(f"m4sim profile: {missing_markers_message(elf, sim.missing_markers)}", file=err)
        return 2
    res = sim.run(args=list(args), trace_regions={region}, max_instructions=max_instructions)
    regs = [r for r in res.regions if r.name == region and r.trace]
    if not regs:
        if res.hit_limit:
            print(f"m4sim profile: stopped after {max_instructions:,} instructions, before region "
                  f"{region!r} ended (raise --max-instructions N; 0 = no limit)", file=err)
            return EXIT_LIMIT
        if res.error:
            print(f"m4sim profile: the firmware crashed before region {region!r} ended: "
                  f"{res.error}", file=err)
            return EXIT_ERROR
        names = sorted({r.name for r in res.regions})
        print(f"m4sim profile: region {region!r} not executed (the firmware exited with code "
              f"{res.exit_code}); regions that were: {', '.join(names) if names else 'none'}",
              file=err)
        return 2
    if res.error:
        print(f"m4sim profile: warning: the run failed after region {region!r}: {res.error}",
              file=err)
    itrace, ctrace, _ = regs[0].trace
    addrs = struct.unpack(f"<{len(itrace) // 4}I", itrace)
    md = decode.new_cs()
    info = {}
    byfn, nfn = collections.Counter(), collections.Counter()
    bykind, nkind, extra = collections.Counter(), collections.Counter(), collections.Counter()
    byaddr = collections.Counter()
    for ad, c in zip(addrs, ctrace):
        k = info.get(ad)
        if k is None:
            code = sim.image.read(ad, 4) or sim.image.read(ad, 2)
            ins = next(md.disasm(code, ad, count=1))
            s = decode.classify(ins)
            k = info[ad] = (s.kind, s.base, sim.image.describe(ad).split("+")[0],
                            f"{ins.mnemonic} {ins.op_str}")
        kind, base, fn, _ = k
        byfn[fn] += c
        nfn[fn] += 1
        bykind[kind] += c
        nkind[kind] += 1
        extra[kind] += c - base
        if by_address:
            byaddr[ad] += c
    total = sum(ctrace)
    print(f"{elf} {region}: {total} cycles, {len(addrs)} instructions, {model.MODEL_VERSION}",
          file=out)
    print(f"-- functions (exclusive cycles)", file=out)
    for f, v in byfn.most_common(top):
        print(f"  {f:48s} {v:>10,} {100 * v / total:5.1f}%  instructions {nfn[f]:>9,}  "
              f"cycles/instruction {v / nfn[f]:.3f}", file=out)
    print("-- instruction classes (count, cycles, cycles above the static cost)", file=out)
    for k, v in bykind.most_common():
        print(f"  {k:12s} n={nkind[k]:>9,} cycles={v:>10,} extra={extra[k]:>9,}", file=out)
    if by_address:
        print(f"-- the {by_address} most expensive instruction addresses", file=out)
        for ad, v in byaddr.most_common(by_address):
            print(f"  {ad:08x} {v:>9,}  {info[ad][2]:32s} {info[ad][3]}", file=out)
    return 0
