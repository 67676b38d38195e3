#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make fuzz FUZZ_S=N: runs every libFuzzer target for N seconds, one after the other, from the
corpus kept in the tree, and stores the corpus back, minimized.

Targets: every tests/<prim>/fuzz_<name>.c, built by make as build/host-fuzz/fuzz/<prim>/fuzz_<name>
(clang, libFuzzer, ASan, UBSan). For each one:
  corpus     tests/<prim>/corpus/fuzz_<name>/   kept in git; make test's short fuzz run starts
                                                from it too (tools/run_tests.py)
  work dir   build/host-fuzz/fuzz/<prim>/fuzz_<name>.corpus/   what the runs add
  findings   build/host-fuzz/fuzz/<prim>/fuzz_<name>.crash-*    the inputs that crashed, leaked
                                                                 or timed out (libFuzzer's
                                                                 artifacts)
1. the target runs for N seconds on the work dir and the kept corpus;
2. libFuzzer's merge (-merge=1) picks, from the kept corpus and the work dir, a smallest set of
   inputs that covers every edge any of them covers, which replaces the kept corpus (file names
   are the SHA-1 of the contents, so an unchanged corpus gives no change in git).
It prints one line per target (seconds, executions, executions per second, new inputs, corpus
files and bytes before and after, findings) and exits 1 if any target found anything.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def targets(build: Path, only):
    out = []
    for src in sorted(ROOT.glob("tests/*/fuzz_*.c")):
        prim, name = src.parent.name, src.stem
        prog = build / "host-fuzz" / "fuzz" / prim / name
        if only and not any(o in name for o in only):
            continue
        out.append((prim, name, prog))
    return out


def corpus_dir(prim, name) -> Path:
    return ROOT / "tests" / prim / "corpus" / name


def size_of(d: Path):
    files = [f for f in d.iterdir() if f.is_file()] if d.is_dir() else []
    return len(files), sum(f.stat().st_size for f in files)


def stat(out, key):
    m = re.findall(rf"stat::{key}:\s*(\d+)", out)
    return int(m[-1]) if m else 0


def merge(prog: Path, kept: Path, work: Path, log) -> bool:
    """Replace kept by a minimal subset of kept + work with the same coverage."""
    with tempfile.TemporaryDirectory(prefix="m4crypt-merge-") as tmp:
        new = Path(tmp) / "new"
        new.mkdir()
        cmd = [str(prog), "-merge=1", "-rss_limit_mb=2048", "-timeout=60", str(new), str(kept),
               str(work)]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           errors="replace")
        log.write(p.stdout)
        if p.returncode != 0:
            return False
        keep = {f.name for f in new.iterdir()}
        for f in kept.iterdir():
            if f.is_file() and f.name not in keep:
                f.unlink()
        for f in new.iterdir():
            if not (kept / f.name).exists():
                shutil.copy2(f, kept / f.name)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--seconds", type=int, default=600, help="per target")
    ap.add_argument("--only", default="", help="comma-separated substrings of target names")
    ap.add_argument("--no-merge", action="store_true", help="leave the kept corpus as it is")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    only = [o for o in args.only.split(",") if o]
    todo = targets(build, only)
    missing = [str(p) for _, _, p in todo if not p.exists()]
    if missing:
        print("fuzz: not built (make fuzz-bins): " + ", ".join(missing), file=sys.stderr)
        return 2
    print(f"fuzz: {len(todo)} targets, {args.seconds} s each, one at a time", flush=True)
    print(f"{'target':22s} {'seconds':>7s} {'executions':>12s} {'exec/s':>8s} {'new':>6s} "
          f"{'corpus before':>16s} {'corpus after':>16s}  findings", flush=True)
    found = 0
    for prim, name, prog in todo:
        kept = corpus_dir(prim, name)
        kept.mkdir(parents=True, exist_ok=True)
        work = prog.parent / (name + ".corpus")
        work.mkdir(exist_ok=True)
        before = size_of(kept)
        logpath = prog.parent / (name + ".fuzz.log")
        with open(logpath, "w") as log:
            # an input is reported as slow (a finding) only at the timeout: libFuzzer's default
            # of 10 s wall time flags ML-DSA signing inputs on a loaded machine
            cmd = [str(prog), f"-max_total_time={args.seconds}", "-print_final_stats=1",
                   "-rss_limit_mb=2048", "-timeout=60", "-report_slow_units=60",
                   f"-artifact_prefix={prog.parent / (name + '.crash-')}", str(work), str(kept)]
            old = set(prog.parent.glob(name + ".crash-*"))
            t0 = time.time()
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace")
            dt = time.time() - t0
            log.write(p.stdout)
            runs, new = stat(p.stdout, "number_of_executed_units"), stat(p.stdout, "new_units_added")
            crashes = sorted(str(c) for c in set(prog.parent.glob(name + ".crash-*")) - old)
            finding = "none"
            if p.returncode != 0 or crashes:
                found += 1
                finding = (", ".join(crashes) or f"exit code {p.returncode}") + f" (log {logpath})"
            elif not args.no_merge and not merge(prog, kept, work, log):
                found += 1
                finding = f"the merge failed (log {logpath})"
        after = size_of(kept)
        print(f"{name:22s} {dt:7.0f} {runs:12,d} {runs / max(dt, 1e-9):8.1f} {new:6d} "
              f"{before[0]:6d} / {before[1]:7,d} B {after[0]:6d} / {after[1]:7,d} B  {finding}",
              flush=True)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
