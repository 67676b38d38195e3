#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs every test program on a board (`make board-test PLATFORM=<board> PORT=<tty>`).

For each build/<board>[-armv7m]/tests/<prim>/test_*.elf: flash it (tools/board/flash.py), then
serve its console and vector files on the serial port (tools/board/boardlink.py: the --quick
subset, 25 records of every vector group) until it reports its exit code. The firmware waits up to
30 s at boot for this tool, so nothing is lost between flashing and listening. Prints each
program's summary and ends with "N passed, M failed" (exit status 1 on any failure).

At 115200 baud the vector data moves at ~11 KB/s: most programs take seconds, the ML-KEM vector
test about 8 minutes (5 MB of hex). --only selects programs.

--qemu is a dry run of this same path without a board: the image starts in QEMU's netduinoplus2
with USART2 on a pseudo-terminal that this tool opens as a serial port (F4 images only; QEMU
lacks the RNG, so test_common's randombytes checks fail there, as they must without entropy).
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from boardlink import LinkServer, not_run  # noqa: E402
from flash import board_arguments, config_of, flash  # noqa: E402
from serialport import SerialPort, SerialPortError, serve_firmware  # noqa: E402

SUMMARY = re.compile(r"^(?:[\w.-]+: )?(\d+) passed, (\d+) failed", re.M)


def run_one(elf: Path, args, vecdir: Path) -> tuple[int, int, str, float]:
    t0 = time.time()
    echo = (lambda s: print(s, end="", flush=True)) if args.verbose else None
    server = LinkServer(vecdir, echo=echo)
    how = serve_firmware(args, elf, server,
                         lambda: flash(args.board, elf, args.flasher, quiet=not args.verbose))
    out = server.output
    sums = SUMMARY.findall(out)
    passed, failed = (int(sums[-1][0]), int(sums[-1][1])) if sums else (0, 0)
    note = ""
    if how != "exit":
        failed, note = failed + 1, f"no exit message ({how})"
    elif server.exit_code != 0 and failed == 0:
        failed, note = 1, f"exit code {server.exit_code}"
    if not sums:
        failed, note = max(failed, 1), note or "no summary line"
    if server.errors:
        failed, note = failed + 1, "; ".join(server.errors)
    if not args.verbose and (failed or passed == 0):
        print("    | " + "\n".join(out.rstrip().splitlines()[-40:]).replace("\n", "\n    | "))
    return passed, failed, note, time.time() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    board_arguments(ap, serial=True)
    ap.add_argument("--vectors", default=None, help="default BUILD/vectors")
    ap.add_argument("--flasher", default=None)
    ap.add_argument("--only", default="", help="comma-separated program names (test_x25519,...)")
    ap.add_argument("--timeout", type=float, default=1800, help="per program, seconds")
    ap.add_argument("--idle", type=float, default=120,
                    help="give up after this many seconds without a byte from the board")
    ap.add_argument("--qemu", action="store_true",
                    help="dry run: F4 images in QEMU netduinoplus2 on a pseudo-terminal")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    vecdir = Path(args.vectors).resolve() if args.vectors else build / "vectors"
    cfg = config_of(args.board, args.impl)
    elfs = sorted((build / cfg / "tests").glob("*/test_*.elf"))
    only = [s for s in args.only.split(",") if s]
    if only:
        elfs = [e for e in elfs if e.stem in only]
    if not elfs:
        return not_run(f"board_tests: no test firmware in {build / cfg} "
                       f"(make PLATFORM={args.board})")
    if not vecdir.is_dir():
        return not_run(f"board_tests: no vectors in {vecdir} (make vectors)")
    if not args.qemu:
        try:
            SerialPort(args.port, args.baud).close()
        except SerialPortError as e:
            return not_run(f"board_tests: {e}", 2)
    where = "QEMU netduinoplus2 (pty)" if args.qemu else args.port
    print(f"board_tests: {len(elfs)} programs of {cfg} on {where}", flush=True)
    total_p = total_f = 0
    t0 = time.time()
    for elf in elfs:
        print(f"  {elf.stem} ...", flush=True)
        try:
            p, f, note, dt = run_one(elf, args, vecdir)
        except SerialPortError as e:
            print(f"board_tests: {e}")
            print(f"{total_p} passed, {total_f + 1} failed")
            return 2
        total_p += p
        total_f += f + (1 if p == 0 and f == 0 else 0)
        ok = f == 0 and p > 0
        print(f"{'ok  ' if ok else 'FAIL'} {cfg}/{elf.stem:40s} {p:7d} passed {f:4d} failed "
              f"{dt:7.1f}s{'  ' + note if note else ''}", flush=True)
    print(f"board_tests: {time.time() - t0:.0f} s")
    print(f"{total_p} passed, {total_f} failed")
    return 0 if total_f == 0 and total_p > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
