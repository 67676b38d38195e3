#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs pqsession for real: the device firmware in QEMU (mps2-an386, its UART0 on a Unix socket)
and the host program connected to that socket, once per scenario, and checks what both sides
say and their exit codes.

Scenarios: a session exchanging messages both ways (0 B to 8 KB, records of up to 1 KB, the
largest message spanning 9 records each way), and the failures, each of which must end the
session with a clear error on both sides: a wrong pinned key, a tampered handshake message (1 and
2), a tampered record (ciphertext and header), a replayed, a reordered and a truncated record
(all injected by the host on its way out), and a tampered record from the device (injected by the
firmware). Needs build/m4-armv7m/examples/pqsession/pqsession_device.elf and
build/host-gcc/examples/pqsession/pqsession_host (make examples).

    examples/pqsession/run_sessions.py [--build build] [--only NAME,...] [-v]

Prints one line per scenario, "-v" both sides' output too, and ends with "N passed, M failed".
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CONFIRM_FAILED = r"handshake failed: key confirmation failed"
# name: (host fault, device fault, wrong pin, host exit, device exit, host patterns, device patterns)
SCENARIOS = {
    "session": (None, None, False, 0, 0,
                [r"session established \(keys confirmed\)",
                 *[rf"message {i}: {n} bytes echoed and checked" for i, n in
                   enumerate((0, 1, 64, 2000, 1024, 1025, 8192, 100))],
                 r"message 6: 8192 bytes echoed and checked \(9 records out, 9 in\)",
                 r"session closed by both ends after 8 messages"],
                [r"session established \(keys confirmed\)",
                 r"session closed by the host after 8 messages"]),
    "wrong-pinned-key": (None, None, True, 2, 2, [CONFIRM_FAILED], [CONFIRM_FAILED]),
    "tampered-message-1": ("tamper-msg1", None, False, 2, 2,
                           [r"fault injected: flipped .* handshake message 1", CONFIRM_FAILED],
                           [CONFIRM_FAILED]),
    "tampered-message-2": ("tamper-msg2", None, False, 2, 2,
                           [r"fault injected: flipped .* handshake message 2", CONFIRM_FAILED],
                           [CONFIRM_FAILED]),
    "tampered-record": ("tamper-record", None, False, 3, 3,
                        [r"fault injected: flipped a ciphertext bit of record 4",
                         r"session ended: .*the device's alert: record failed authentication"],
                        [r"session ended: record failed authentication"]),
    "tampered-header": ("tamper-header", None, False, 3, 3,
                        [r"fault injected: flipped the 'more' flag in the header of record 4",
                         r"session ended: .*the device's alert: record failed authentication"],
                        [r"session ended: record failed authentication"]),
    "replayed-record": ("replay-record", None, False, 3, 3,
                        [r"fault injected: sent record 3 again before record 4",
                         r"session ended: .*the device's alert: replayed or reordered record"],
                        [r"session ended: replayed or reordered record .*"
                         r"\(record counter 3, expected 4\)"]),
    "reordered-record": ("reorder-record", None, False, 3, 3,
                         [r"fault injected: sent record 5 before record 4",
                          r"session ended: .*the device's alert: replayed or reordered record"],
                         [r"session ended: replayed or reordered record .*"
                          r"\(record counter 5, expected 4\)"]),
    "truncated-record": ("truncate-record", None, False, 3, 3,
                         [r"fault injected: sent only the first 100 bytes of record 4",
                          r"session ended: .*the device's alert: truncated record"],
                         [r"session ended: truncated record.*\(100 of 1052 bytes\)"]),
    "tampered-device-record": (None, "tamper-reply", False, 3, 3,
                               [r"session ended: record failed authentication"],
                               [r"fault injected: flipped a bit of our record 3",
                                r"session ended: .*the host's alert: record failed "
                                r"authentication"]),
}


class Outcome:
    def __init__(self, name, ok, seconds, problems, host_out, device_out):
        self.name, self.ok, self.seconds, self.problems = name, ok, seconds, problems
        self.host_out, self.device_out = host_out, device_out


def run_scenario(name: str, build: Path, timeout: float, idle_ms: int) -> Outcome:
    host_fault, device_fault, wrong_pin, host_rc, device_rc, host_pats, device_pats = \
        SCENARIOS[name]
    host_bin = build / "host-gcc" / "examples" / "pqsession" / "pqsession_host"
    elf = build / "m4-armv7m" / "examples" / "pqsession" / "pqsession_device.elf"
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="pqsession-") as tmp:
        tmp = Path(tmp)
        key, other = os.urandom(32).hex(), os.urandom(32).hex()
        pin = tmp / "device.pk"
        subprocess.run([str(host_bin), "pubkey", other if wrong_pin else key, str(pin)],
                       check=True)
        sock = tmp / "line.sock"
        semi = ["enable=on", "target=native", "arg=pqsession_device", "arg=--key", f"arg={key}",
                "arg=--entropy", f"arg={os.urandom(32).hex()}", "arg=--idle-ms",
                f"arg={idle_ms}"]
        if device_fault:
            semi += ["arg=--fault", f"arg={device_fault}"]
        qemu = subprocess.Popen(
            ["qemu-system-arm", "-M", "mps2-an386", "-nographic", "-monitor", "none",
             "-serial", f"unix:{sock},server=on,wait=on", "-semihosting-config", ",".join(semi),
             "-kernel", str(elf)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        cmd = [str(host_bin), "run", "--connect", f"unix:{sock}", "--pin", str(pin)]
        if host_fault:
            cmd += ["--fault", host_fault]
        host = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                errors="replace")
        problems = []
        try:
            host_out, _ = host.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            host.kill()
            host_out, _ = host.communicate()
            problems.append(f"host timed out after {timeout:.0f} s")
        try:
            device_out, _ = qemu.communicate(timeout=max(5.0, timeout - (time.time() - t0)))
        except subprocess.TimeoutExpired:
            qemu.kill()
            device_out, _ = qemu.communicate()
            problems.append("device (QEMU) did not exit")
    if host.returncode != host_rc:
        problems.append(f"host exit code {host.returncode}, expected {host_rc}")
    if qemu.returncode != device_rc:
        problems.append(f"device exit code {qemu.returncode}, expected {device_rc}")
    for side, out, pats in (("host", host_out, host_pats), ("device", device_out, device_pats)):
        for p in pats:
            if not re.search(p, out):
                problems.append(f"{side} never said /{p}/")
    return Outcome(name, not problems, time.time() - t0, problems, host_out, device_out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--only", default="", help="comma-separated scenario names")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=90.0, help="per scenario, seconds")
    ap.add_argument("--idle-ms", type=int, default=3000,
                    help="silence inside a record after which the device calls it truncated")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    names = [n for n in args.only.split(",") if n] or list(SCENARIOS)
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        raise SystemExit(f"unknown scenario(s) {unknown}; known: {', '.join(SCENARIOS)}")
    for need in (build / "host-gcc/examples/pqsession/pqsession_host",
                 build / "m4-armv7m/examples/pqsession/pqsession_device.elf"):
        if not need.exists():
            raise SystemExit(f"{need} is missing: make examples")
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(lambda n: run_scenario(n, build, args.timeout, args.idle_ms),
                                 names))
    passed = 0
    for o in outcomes:
        print(f"{'ok  ' if o.ok else 'FAIL'} pqsession {o.name:24s} {o.seconds:5.1f} s")
        if not o.ok or args.verbose:
            for p in o.problems:
                print(f"    ! {p}")
            for side, out in (("host", o.host_out), ("device", o.device_out)):
                for line in out.rstrip().splitlines():
                    print(f"    {side:6s}| {line}")
        passed += o.ok
    print(f"pqsession: {passed} passed, {len(outcomes) - passed} failed")
    return 0 if passed == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
