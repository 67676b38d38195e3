#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs the STM32F4 test firmware in QEMU's netduinoplus2 machine (STM32F405). Builds nothing.

The firmware is built by `make netduinoplus2` (build/netduinoplus2/tests/<prim>/test_*.elf, and
build/netduinoplus2-armv7m/... when assembly backends exist; `make netduinoplus2-test` builds
bench.elf too and runs this script). It is the stm32f4discovery image: console and vector files go
over USART2 (QEMU's second -serial) to the link server of tools/board/boardlink.py, which serves
build/vectors (the --quick subset, 25 records of every vector group, exactly what a board gets).
QEMU delivers USART bytes at about 10 KB/s, the speed of the real line, too slow for the 5 MB of
ML-KEM vectors: a file whose subset is larger than --usart-max (32 KB) is handed over as a path
that the firmware opens with semihosting instead, so the small files exercise the serial file
protocol and the large ones stay fast. The exit code comes back through semihosting
SYS_EXIT_EXTENDED and must agree with the one the firmware sent over the USART.

Each test program counts its checks ("name: N passed, M failed"); a program that crashes, times
out, prints no summary or whose two exit codes disagree counts as a failure. bench.elf, when
built, must print one region line for each operation and end with "bench: done". The QEMU board
model lacks several peripherals (RCC, flash interface, GPIO, RNG, DWT): the firmware says which at
boot and this script repeats it once. Ends with one line "N passed, M failed"; exit status 1 on any
failure.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from boardlink import not_run, run_qemu  # noqa: E402

SUMMARY = re.compile(r"^(?:[\w.-]+: )?(\d+) passed, (\d+) failed", re.M)
REGION = re.compile(r"^region (\S+) cycles (\d+) stack (\d+)", re.M)
CONFIGS = ("netduinoplus2", "netduinoplus2-armv7m")


class Result:
    def __init__(self, name, passed, failed, seconds, log, note=""):
        self.name, self.passed, self.failed = name, passed, failed
        self.seconds, self.log, self.note = seconds, log, note


def run_test(cfg: str, elf: Path, vecdir: Path, timeout: float, usart_max: int,
             copies: Path) -> Result:
    rc, server, dt = run_qemu(elf, vecdir, timeout, semihost_dir=copies, semihost_over=usart_max)
    out = server.output
    sums = SUMMARY.findall(out)
    passed, failed = (int(sums[-1][0]), int(sums[-1][1])) if sums else (0, 0)
    note = ""
    if rc != 0 and failed == 0:
        failed, note = 1, f"exit code {rc}"
    if not sums:
        failed, note = max(failed, 1), note or "no summary line"
    if rc is not None and rc >= 0 and server.exit_code != rc:
        failed += 1
        note = f"USART exit code {server.exit_code} != semihosting exit code {rc}"
    if server.errors:
        failed += 1
        note = "; ".join(server.errors)
    name = f"{cfg}/{elf.stem}"
    if server.bytes_served or server.bytes_semihosted:
        name += f" (vectors: {server.bytes_served // 1024} KB USART"
        name += f", {server.bytes_semihosted // 1024} KB semihosting)" if server.bytes_semihosted \
            else ")"
    return Result(name, passed, failed, dt, out, note)


def run_bench(cfg: str, elf: Path, timeout: float) -> Result:
    rc, server, dt = run_qemu(elf, None, timeout)
    out = server.output
    regions = REGION.findall(out)
    ok = rc == 0 and server.exit_code == 0 and "bench: done" in out and len(regions) > 0
    bad_stack = [r[0] for r in regions if int(r[2]) == 0]
    note = ""
    if bad_stack:
        ok, note = False, "regions without stack use: " + ", ".join(bad_stack)
    elif not ok:
        note = f"exit {rc}/{server.exit_code}, {len(regions)} region lines"
    return Result(f"{cfg}/bench.elf ({len(regions)} region lines)", len(regions) if ok else 0,
                  0 if ok else 1, dt, out, note)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--vectors", default=None, help="vector directory (default BUILD/vectors)")
    ap.add_argument("--timeout", type=float, default=300, help="per program, seconds")
    ap.add_argument("--usart-max", type=int, default=32 * 1024,
                    help="larger vector files go by semihosting (bytes, default 32 KB; a huge "
                         "value sends everything over the emulated USART: ~10 KB/s)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    vecdir = Path(args.vectors).resolve() if args.vectors else build / "vectors"

    jobs = []
    for cfg in CONFIGS:
        for elf in sorted((build / cfg / "tests").glob("*/test_*.elf")):
            jobs.append(("test", cfg, elf))
        if (build / cfg / "bench.elf").exists():
            jobs.append(("bench", cfg, build / cfg / "bench.elf"))
    # The long ones first (most vector data over the emulated USART), so two workers end together.
    slow = ("test_fips202", "test_mldsa_vectors", "test_ge25519_armv7m", "test_x25519",
            "test_mlkem_vectors", "test_xwing")
    jobs.sort(key=lambda j: slow.index(j[2].stem) if j[2].stem in slow else len(slow))
    if not jobs:
        return not_run(f"no netduinoplus2 firmware in {build}: build it with "
                       f"`make BUILD={args.build} netduinoplus2`")
    if not vecdir.is_dir():
        return not_run(f"no vectors in {vecdir}: run `make BUILD={args.build} vectors` first")

    t0 = time.time()
    results: list[Result] = []
    notes_shown = False
    copies_dir = tempfile.TemporaryDirectory(prefix="m4crypt-n2-")
    copies = Path(copies_dir.name)
    with copies_dir, ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_test, cfg, elf, vecdir, args.timeout, args.usart_max, copies)
                   if kind == "test"
                   else pool.submit(run_bench, cfg, elf, args.timeout)
                   for kind, cfg, elf in jobs]
        for f in futures:
            r = f.result()
            results.append(r)
            if not notes_shown and "board: " in r.log:
                notes = [ln for ln in r.log.splitlines() if ln.startswith("board: ")
                         and ("QEMU" in ln or "not " in ln)]
                if notes:
                    print("netduinoplus2: peripherals QEMU does not model (not exercised here):")
                    for ln in notes:
                        print("  " + ln[len("board: "):])
                notes_shown = True
            ok = r.failed == 0 and r.passed > 0
            print(f"{'ok  ' if ok else 'FAIL'} {r.name:60s} {r.passed:7d} passed {r.failed:4d} "
                  f"failed {r.seconds:6.1f}s{'  ' + r.note if r.note else ''}", flush=True)
            if not ok or args.verbose:
                tail = "\n".join(r.log.rstrip().splitlines()[-40:])
                print("    | " + tail.replace("\n", "\n    | "), flush=True)

    passed = sum(r.passed for r in results)
    failed = sum(r.failed + (1 if r.passed == 0 and r.failed == 0 else 0) for r in results)
    print(f"netduinoplus2: {len(results)} programs in {time.time() - t0:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
