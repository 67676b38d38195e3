# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Command line: m4sim run | ct | residue | size | profile."""
import argparse
import json
import os
import sys

from . import __version__
from .model import MODEL_VERSION
from .profile import DEFAULT_MAX_INSTRUCTIONS
from .sim import EXIT_ERROR, SimError, missing_markers_message

INCLUDE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")


def _table(result, out):
    names = []
    for r in result.regions:
        if r.name not in names:
            names.append(r.name)
    if not result.regions:
        print("m4sim: no regions", file=out)
        return
    w = max(6, max(len(n) for n in names))
    print(f"{'region':<{w}}  {'count':>5}  {'cycles(min)':>12}  {'cycles(median)':>14}  "
          f"{'cycles(max)':>12}  {'instructions':>12}  {'stack':>7}", file=out)
    for n in names:
        s = result.stats(n)
        med = s['median']
        med = int(med) if med == int(med) else round(med, 1)
        imed = s['instructions_median']
        imed = int(imed) if imed == int(imed) else round(imed, 1)
        print(f"{n:<{w}}  {s['count']:>5}  {s['min']:>12}  {med:>14}  {s['max']:>12}  "
              f"{imed:>12}  {s['stack_bytes']:>7}", file=out)


def cmd_run(a):
    from .sim import Simulator
    sim = Simulator(a.elf, max_instructions=a.max_instructions,
                    stack_paint_bytes=a.stack_paint_bytes)
    seed = bytes.fromhex(a.seed) if a.seed else None
    stdin = sys.stdin.buffer if sys.stdin is not None else b""
    res = sim.run(args=a.args, stdin=stdin, echo=True, seed=seed)
    for w in sim.warnings:
        print(f"m4sim: warning: {w}", file=sys.stderr)
    if (a.regions or a.each or a.json) and sim.missing_markers:
        print(f"m4sim: note: {missing_markers_message(a.elf, sim.missing_markers)}", file=sys.stderr)
    if a.regions:
        _table(res, sys.stderr)
    if a.each:
        for r in res.regions:
            print(f"{r.name}\t{r.cycles}\t{r.instructions}\t{r.stack_bytes}", file=sys.stderr)
    if a.stats:
        print(f"m4sim: {res.instructions} instructions, {res.cycles} cycles, "
              f"{res.seconds:.2f} s ({res.instructions / max(res.seconds, 1e-9) / 1e6:.1f} M instr/s)",
              file=sys.stderr)
    if a.json:
        with open(a.json, "w") as f:
            json.dump([r.as_dict() for r in res.regions], f, indent=1)
    if res.error:
        print(f"m4sim: error: {res.error}", file=sys.stderr)
    return res.exit_code


def cmd_ct(a):
    from .ct import check
    regions = "all" if a.all_regions else set(a.region or [])
    if not regions:
        print("m4sim ct: give --region NAME (repeatable) or --all-regions", file=sys.stderr)
        return 2
    if a.residue:
        from .ct import check_with_residue
        rcs = check_with_residue(a.elf, regions, runs=a.runs, args=a.args,
                                 max_instructions=a.max_instructions, rng_seed=a.rng_seed,
                                 out=sys.stdout, public_functions=a.public_function or ())
        return 2 if 2 in rcs else max(rcs)
    return check(a.elf, regions, runs=a.runs, args=a.args, max_instructions=a.max_instructions,
                 rng_seed=a.rng_seed, out=sys.stdout, public_functions=a.public_function or ())


def cmd_residue(a):
    from .residue import check
    regions = "all" if a.all_regions else set(a.region or [])
    if not regions:
        print("m4sim residue: give --region NAME (repeatable) or --all-regions", file=sys.stderr)
        return 2
    return check(a.elf, regions, runs=a.runs, args=a.args, rng_seed=a.rng_seed, out=sys.stdout,
                 public_functions=a.public_function or (), max_instructions=a.max_instructions)


def cmd_size(a):
    from .size import report
    groups = None
    if a.group:
        groups = {}
        for g in a.group:
            name, _, prefixes = g.partition("=")
            groups[name] = prefixes.split(",") if prefixes else [name]
    return report(a.elf, groups=groups, as_json=a.json, reachable=a.reachable, out=sys.stdout)


def cmd_profile(a):
    from .profile import profile
    return profile(a.elf, a.region, args=a.args, top=a.top, by_address=a.by_address,
                   out=sys.stdout, err=sys.stderr, max_instructions=a.max_instructions)


def main(argv=None):
    p = argparse.ArgumentParser(prog="m4sim", description="Cortex-M4 cycle-approximate simulator")
    p.add_argument("--version", action="version", version=f"m4sim {__version__} ({MODEL_VERSION})")
    p.add_argument("--include-dir", action="store_true",
                   help="print the directory of m4sim.h (region markers, ct seed) and exit")
    sub = p.add_subparsers(dest="cmd")

    r = sub.add_parser("run", help="run firmware (semihosting, like qemu-system-arm -M mps2-an386)")
    r.add_argument("elf")
    r.add_argument("args", nargs=argparse.REMAINDER, help="command-line arguments for the firmware")
    r.add_argument("--regions", action="store_true", help="print a table of regions (stderr)")
    r.add_argument("--each", action="store_true", help="print every region execution (stderr)")
    r.add_argument("--json", metavar="FILE", help="write the regions as JSON")
    r.add_argument("--max-instructions", type=int, default=0, metavar="N")
    r.add_argument("--seed", metavar="HEX", help="bytes for m4sim_ct_seed")
    r.add_argument("--stats", action="store_true", help="print instruction count and speed")
    r.add_argument("--stack-paint-bytes", type=int, default=1 << 20, metavar="N",
                   help="how far below SP region stack use is measured (default 1 MiB)")
    r.set_defaults(fn=cmd_run)

    c = sub.add_parser("ct", help="constant-time check of regions over runs with random secrets")
    c.add_argument("elf")
    c.add_argument("args", nargs=argparse.REMAINDER)
    c.add_argument("--region", action="append", metavar="NAME")
    c.add_argument("--all-regions", action="store_true")
    c.add_argument("--runs", type=int, default=8)
    c.add_argument("--max-instructions", type=int, default=DEFAULT_MAX_INSTRUCTIONS, metavar="N",
                   help=f"stop each run after N instructions (default {DEFAULT_MAX_INSTRUCTIONS:,}; "
                        f"0 = no limit)")
    c.add_argument("--rng-seed", type=int, default=None, help="make the secret seeds reproducible")
    c.add_argument("--public-function", action="append", metavar="SYMBOL",
                   help="calls of SYMBOL compute only on public data: trace one marker per call, "
                        "not its instructions, memory accesses or cycles (repeatable)")
    c.add_argument("--residue", action="store_true",
                   help="also m4sim residue's stack-residue check, from the same runs")
    c.set_defaults(fn=cmd_ct)

    q = sub.add_parser("residue", help="stack left below each region's SP, compared over runs "
                                        "with random secrets")
    q.add_argument("elf")
    q.add_argument("args", nargs=argparse.REMAINDER)
    q.add_argument("--region", action="append", metavar="NAME")
    q.add_argument("--all-regions", action="store_true")
    q.add_argument("--runs", type=int, default=8)
    q.add_argument("--max-instructions", type=int, default=0, metavar="N")
    q.add_argument("--rng-seed", type=int, default=None, help="make the secret seeds reproducible")
    q.add_argument("--public-function", action="append", metavar="SYMBOL",
                   help="what calls of SYMBOL leave is public (as for m4sim ct; repeatable)")
    q.set_defaults(fn=cmd_residue)

    s = sub.add_parser("size", help="code size per function and per group")
    s.add_argument("elf")
    s.add_argument("--json", action="store_true")
    s.add_argument("--group", action="append", metavar="NAME=PREFIX[,PREFIX..]",
                   help="replace the default groups (repeatable)")
    s.add_argument("--reachable", action="append", metavar="SYMBOL",
                   help="also report the code bytes reachable from SYMBOL")
    s.set_defaults(fn=cmd_size)

    f = sub.add_parser("profile", help="cycles of one region per function and instruction class")
    f.add_argument("elf")
    f.add_argument("region")
    f.add_argument("args", nargs=argparse.REMAINDER, help="command-line arguments for the firmware")
    f.add_argument("--top", type=int, default=30, metavar="N", help="functions to list")
    f.add_argument("--by-address", type=int, default=0, metavar="N",
                   help="also list the N instruction addresses that cost the most cycles")
    f.add_argument("--max-instructions", type=int, default=DEFAULT_MAX_INSTRUCTIONS, metavar="N",
                   help=f"stop the run after N instructions (default {DEFAULT_MAX_INSTRUCTIONS:,}; "
                        f"0 = no limit)")
    f.set_defaults(fn=cmd_profile)

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "profile":
        argv = ["profile"] + _hoist_options(f, argv[1:], npos=2)
    a = p.parse_args(argv)
    if a.include_dir:
        print(INCLUDE_DIR)
        return 0
    if not getattr(a, "fn", None):
        p.print_help()
        return 2
    if a.cmd in ("run", "ct", "residue"):
        _options_after_elf(sub.choices[a.cmd], a)
    try:
        return a.fn(a)
    except (OSError, ValueError, RuntimeError, SimError) as e:
        print(f"m4sim: error: {e}", file=sys.stderr)
        return EXIT_ERROR


def _hoist_options(parser, words, npos):
    """Options of parser that come among or after its npos positional words (up to the first
    other word, or '--', which start the firmware's arguments) are moved in front, so that
    `m4sim profile fw.elf region --top 5` works like `m4sim profile --top 5 fw.elf region`."""
    known = {o: act for act in parser._actions for o in act.option_strings}
    opts, pos = [], []
    i = 0
    while i < len(words):
        tok = words[i]
        opt = tok.split("=", 1)[0]
        if tok == "--" or (len(pos) >= npos and opt not in known):
            break
        if opt in known:
            opts.append(tok)
            if known[opt].nargs != 0 and "=" not in tok and i + 1 < len(words):
                opts.append(words[i + 1])
                i += 1
        else:
            pos.append(tok)
        i += 1
    return opts + pos + words[i:]


def _options_after_elf(parser, a):
    """m4sim options may also follow the ELF path: leading --options of the
    remainder that this subcommand knows are taken; '--' ends them, and
    everything from the first other word on is for the firmware."""
    rest = list(a.args)
    known = {}
    for act in parser._actions:
        for o in act.option_strings:
            known[o] = act
    take = []
    while rest:
        tok = rest[0]
        if tok == "--":
            rest.pop(0)
            break
        opt = tok.split("=", 1)[0]
        if opt not in known:
            break
        act = known[opt]
        rest.pop(0)
        take.append(tok)
        if act.nargs != 0 and "=" not in tok and rest:
            take.append(rest.pop(0))
    if take:
        ns = parser.parse_args(take + [a.elf])
        for k, v in vars(ns).items():
            if k not in ("elf", "args") and v != parser.get_default(k):
                setattr(a, k, v)
    a.args = rest


if __name__ == "__main__":
    sys.exit(main())
