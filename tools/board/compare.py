#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Board cycles beside m4sim's (`make board-compare PLATFORM=<board>`).

Reads benchmarks/results.json (make bench: m4sim's cycle model) and benchmarks/board-<board>.json
(make board-bench: the board's DWT cycle counter at the zero-wait-state benchmark clock) and
prints, for every operation and implementation, both cycle counts and m4sim's error relative to
the board, (m4sim - board) / board in percent (positive: the model counts more cycles than the
chip), and both stack figures. Ends with the mean and largest absolute error.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(path: Path, what: str) -> list[dict]:
    if not path.is_file():
        raise SystemExit(f"compare: {path} does not exist ({what})")
    data = json.loads(path.read_text())
    if not isinstance(data, list):
        raise SystemExit(f"compare: {path} is not a list of records")
    return data


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--board", required=True)
    ap.add_argument("--sim", default=str(ROOT / "benchmarks" / "results.json"))
    ap.add_argument("--board-json", default=None, help="default benchmarks/board-<board>.json")
    args = ap.parse_args()
    # operations only (the code-size records of the selections have no "operation")
    sim = [r for r in load(Path(args.sim), "run make bench") if "operation" in r]
    board_path = Path(args.board_json) if args.board_json else \
        ROOT / "benchmarks" / f"board-{args.board}.json"
    board = load(board_path, f"run make board-bench PLATFORM={args.board}")

    sim_by = {(r["operation"], r["impl"]): r for r in sim}
    clock = next((r.get("clock_hz") for r in board if r.get("clock_hz")), None)
    print(f"m4sim ({Path(args.sim).name}) against {args.board}"
          + (f" at {clock / 1e6:g} MHz" if clock else "") + f" ({board_path.name})")
    head = (f"{'operation':34s} {'impl':8s} {'m4sim cycles':>14s} {'board cycles':>14s} "
            f"{'error':>8s} {'m4sim stack':>11s} {'board stack':>11s}")
    print(head)
    print("-" * len(head))
    errors = []
    missing = []
    for r in board:
        key = (r["operation"], r["impl"])
        s = sim_by.get(key)
        if s is None:
            missing.append(f"{key[0]} ({key[1]})")
            continue
        b_cyc, s_cyc = r["cycles"], s["cycles"]
        if b_cyc > 0:
            err = 100.0 * (s_cyc - b_cyc) / b_cyc
            errors.append((abs(err), r["operation"], r["impl"]))
            err_s = f"{err:+7.1f}%"
        else:
            err_s = "     n/a"
        print(f"{r['operation']:34s} {r['impl']:8s} {s_cyc:14,d} {b_cyc:14,d} {err_s:>8s} "
              f"{s.get('stack_bytes', 0):11,d} {r.get('stack_bytes', 0):11,d}")
    if missing:
        print(f"not in {Path(args.sim).name}: " + ", ".join(missing))
    if errors:
        mean = sum(e[0] for e in errors) / len(errors)
        worst = max(errors)
        print(f"{len(errors)} operations: mean |error| {mean:.1f}%, largest {worst[0]:.1f}% "
              f"({worst[1]}, {worst[2]})")
    else:
        print("no board cycle counts to compare (the DWT counter did not count, e.g. in QEMU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
