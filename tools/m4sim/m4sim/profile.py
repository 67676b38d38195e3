# SPDX-License-Identifier: Apache-2.0 OR MIT
"""m4sim profile: where the cycles of one region go, per function and per instruction class.

Runs the firmware once with the instruction and cycle traces of the named region recorded (the
same traces `m4sim ct` compares), and attributes each executed instruction's cycles to the
function that contains it (exclusive cycles: a callee's cycles are its own, not its caller's) and
to its timing class (docs/m4sim.md). The first execution of the region is profiled."""
import collections
import struct

from . import decode, model
from .sim import Simulator


def profile(elf, region, args=(), top=30, by_address=0, out=None):
    sim = Simulator(elf)
    res = sim.run(args=[elf] + list(args), trace_regions={region})
    regs = [r for r in res.regions if r.name == region and r.trace]
    if not regs:
        names = sorted({r.name for r in res.regions})
        print(f"m4sim profile: region {region!r} not executed; regions: {', '.join(names)}",
              file=out)
        return 2
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
