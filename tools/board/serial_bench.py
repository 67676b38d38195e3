#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Reads the benchmark firmware's results from a board (`make board-bench PLATFORM=<board>`).

bench.elf (benchmarks/bench.c linked for the board, benchmark clock: zero flash wait states)
prints one line per operation,
    region <operation> cycles <n> stack <n>
measured with the DWT cycle counter and stack painting (platform/stm32-common/regions.c), then
"bench: done" and its exit message. This tool (optionally flashes it,) listens on the serial port,
and writes the records in the format of `make bench` (benchmarks/results.json):
    {"operation", "impl", "cycles", "stack_bytes", "code_bytes", ...}
with "board" and "clock_hz" added; code_bytes is the size of every function reachable from the
operation's entry point in the board's ELF (m4sim.size.CodeSize, run_bench.py's entry points).
The output file (default benchmarks/board-<board>.json) keeps the records of the other
implementation, so the portable and armv7m runs accumulate; `make board-compare` sets them
beside m4sim's.

  serial_bench.py --board nucleo-l4r5zi --port /dev/ttyACM0 --flash
  serial_bench.py --board stm32f4discovery --log console.txt       (a saved console log)
  serial_bench.py --board stm32f4discovery --qemu                  (dry run in QEMU: cycles are 0)
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "benchmarks"))

from boardlink import LinkServer  # noqa: E402
from flash import board_arguments, config_of, flash  # noqa: E402

REGION = re.compile(r"^region (\S+) cycles (\d+) stack (\d+)( limit)?\s*$", re.M)
BENCH_CLOCK = {"stm32f4discovery": 24_000_000, "nucleo-l4r5zi": 20_000_000}
CLOCK = re.compile(r"^board: core clock ([\d.]+) MHz \((\w+) profile\)", re.M)


def parse(text: str) -> tuple[list[tuple[str, int, int]], int | None, str | None]:
    regions = [(m.group(1), int(m.group(2)), int(m.group(3))) for m in REGION.finditer(text)]
    m = CLOCK.search(text)
    clock = int(round(float(m.group(1)) * 1e6)) if m else None
    return regions, clock, (m.group(2) if m else None)


def code_sizes(elf: Path, ops: list[str]) -> dict[str, int]:
    """Bytes of every function reachable from each operation's entry point (m4sim's CodeSize,
    the entry points of benchmarks/run_bench.py)."""
    try:
        from m4sim.size import CodeSize
        from run_bench import entry_symbols
    except ImportError as e:  # m4sim lives in the project's venv
        print(f"serial_bench: code sizes unavailable ({e}); run with .venv/bin/python")
        return {}
    cs = CodeSize(str(elf))
    out = {}
    for op in ops:
        for sym in entry_symbols(op):
            try:
                out[op] = cs.reachable_bytes(sym)
                break
            except KeyError:
                continue
    return out


def compiler() -> str:
    p = subprocess.run(["arm-none-eabi-gcc", "--version"], capture_output=True, text=True)
    return p.stdout.splitlines()[0].strip() if p.returncode == 0 else "unknown"


def read_board(args, elf: Path) -> str:
    from serialport import SerialPortError, serve_firmware
    echo = lambda s: print(s, end="", flush=True)  # noqa: E731
    server = LinkServer(None, echo=echo)

    def start():
        if args.flash:
            flash(args.board, elf, args.flasher)
        else:
            print(f"serial_bench: listening on {args.port}; press the board's reset button "
                  f"(the firmware waits up to 30 s for this tool)", flush=True)
    try:
        how = serve_firmware(args, elf, server, start)
    except SerialPortError as e:
        raise SystemExit(f"serial_bench: {e}") from None
    if how != "exit":
        raise SystemExit(f"serial_bench: the firmware did not finish ({how})")
    if server.exit_code != 0:
        raise SystemExit(f"serial_bench: the firmware exited with {server.exit_code}")
    return server.output


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    board_arguments(ap, serial=True)
    ap.add_argument("--flash", action="store_true", help="flash bench.elf first")
    ap.add_argument("--flasher", default=None)
    ap.add_argument("--log", default=None, help="parse a saved console log instead of a port")
    ap.add_argument("--qemu", action="store_true", help="dry run in QEMU netduinoplus2 (F4)")
    ap.add_argument("--out", default=None, help="default benchmarks/board-<board>.json")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--idle", type=float, default=120)
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    elf = build / config_of(args.board, args.impl) / "bench.elf"
    if not elf.is_file():
        raise SystemExit(f"serial_bench: {elf} does not exist (make PLATFORM={args.board})")

    text = Path(args.log).read_text(errors="replace") if args.log else read_board(args, elf)
    regions, clock, profile = parse(text)
    if not regions:
        raise SystemExit("serial_bench: no region lines in the output")
    if profile and profile != "benchmark":
        print(f"serial_bench: WARNING: the firmware ran in the {profile} profile")
    expected = BENCH_CLOCK.get(args.board)
    if clock is not None and expected and clock != expected:
        print(f"serial_bench: WARNING: core clock {clock} Hz, not the zero-wait-state benchmark "
              f"clock (see the board: lines above)")
    sizes = code_sizes(elf, [r[0] for r in regions])
    cc = compiler()
    records = [{"operation": op, "impl": args.impl, "cycles": cyc, "stack_bytes": stack,
                "code_bytes": sizes.get(op, 0), "board": args.board, "clock_hz": clock,
                "compiler": cc} for op, cyc, stack in regions]

    out = Path(args.out) if args.out else ROOT / "benchmarks" / f"board-{args.board}.json"
    kept = []
    if out.exists():
        try:
            kept = [r for r in json.loads(out.read_text()) if r.get("impl") != args.impl]
        except (ValueError, AttributeError):
            kept = []
    out.write_text(json.dumps(kept + records, indent=1) + "\n")
    print(f"\n{'operation':36s} {'cycles':>12s} {'stack':>7s} {'code':>7s}")
    for r in records:
        print(f"{r['operation']:36s} {r['cycles']:12,d} {r['stack_bytes']:7d} {r['code_bytes']:7d}")
    print(f"serial_bench: {len(records)} operations ({args.impl}, {args.board}, "
          f"{(clock or 0) / 1e6:g} MHz) written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
