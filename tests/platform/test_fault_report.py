# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The fault report prints no general-purpose register (platform/*/startup.c).

tests/platform/fault_firmware.c is built (make build: build/<config>/fault/fault_<mode>.elf) for
the mps2-an386 configurations (m4, m4-armv7m, m4-armv7m-nofpu) and for the STM32F4 image in QEMU's netduinoplus2
(netduinoplus2, netduinoplus2-armv7m), in two modes:
  registers  r0-r12 and lr hold 0x5ec1e7<nn> when a load from an unmapped address faults;
  x25519     m4crypt_x25519 writes its shared secret through an unmapped output pointer (the
             leak of the old report, which printed r0-r3 and r12 of the frame).
Each must end with exit code 125 and a report that shows pc, lr (or "withheld"), xpsr, cfsr, hfsr
and bfar (the bad address), and none of the secrets: neither the planted register values nor any
3 consecutive bytes of the X25519 shared secret (computed here with PyPI cryptography), in either
byte order, anywhere in the output.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("M4CRYPT_BUILD", ROOT / "build"))
sys.path.insert(0, str(ROOT / "tools" / "board"))
from boardlink import run_qemu  # noqa: E402

FAULT_ADDRESS = 0x60000000
PLANTED = [0x5EC1E700 + n for n in (0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 15)]


def x25519_shared_pieces() -> list[str]:
    """Every 3 consecutive bytes of the shared secret, as hex in either byte order: a register
    that held a word of it, or part of one, shows up as one of these."""
    scalar = bytes([0x11] * 32)
    point = bytes([9] + [0] * 31)
    shared = X25519PrivateKey.from_private_bytes(scalar).exchange(
        X25519PublicKey.from_public_bytes(point))
    return [piece for i in range(30) for piece in (shared[i:i + 3].hex(),
                                                     shared[i:i + 3][::-1].hex())]


def run_mps2(elf: Path) -> tuple[int, str]:
    p = subprocess.run(["qemu-system-arm", "-M", "mps2-an386", "-nographic", "-monitor", "none",
                        "-serial", "none", "-semihosting-config", "enable=on,target=native",
                        "-kernel", str(elf)], capture_output=True, text=True, timeout=60,
                       errors="replace")
    return p.returncode, p.stdout + p.stderr


def run_netduinoplus2(elf: Path) -> tuple[int, str]:
    rc, server, _ = run_qemu(elf, None, 60)
    return rc, server.output


CASES = [(cfg, mode) for cfg in ("m4", "m4-armv7m", "m4-armv7m-nofpu", "netduinoplus2",
                                 "netduinoplus2-armv7m")
         for mode in ("registers", "x25519")]


@pytest.mark.parametrize("cfg,mode", CASES)
def test_fault_report_shows_no_general_purpose_register(cfg, mode):
    elf = BUILD / cfg / "fault" / f"fault_{mode}.elf"
    assert elf.exists(), f"{elf} is missing: make build"
    rc, out = (run_netduinoplus2 if cfg.startswith("netduinoplus2") else run_mps2)(elf)
    report = out[out.find("FAULT"):] if "FAULT" in out else ""
    assert rc == 125 and report, f"no fault report (exit {rc}):\n{out}"
    assert "no fault" not in out
    # What it must not show.
    secrets = [f"{w:08x}" for w in PLANTED] if mode == "registers" else x25519_shared_pieces()
    text = out.lower()
    for w in secrets:
        assert w not in text, f"secret {w} in the output:\n{out}"
    assert not re.search(r"^\s*(r\d+|sp)\s", report, re.M), report
    # What it must show.
    for field in ("pc", "xpsr", "cfsr", "hfsr"):
        assert re.search(rf"^\s*{field}\s+0x[0-9a-f]{{8}}$", report, re.M), f"{field}:\n{report}"
    assert re.search(r"^\s*lr\s+(0x[0-9a-f]{8}|withheld)", report, re.M), report
    assert re.search(rf"^\s*bfar\s+0x{FAULT_ADDRESS:08x}$", report, re.M), report
    if mode == "registers":
        # lr held 0x5ec1e70f: odd, but not a return address into the image.
        assert re.search(r"^\s*lr\s+withheld", report, re.M), report
        # N Z C V Q and GE masked out of xPSR.
        xpsr = int(re.search(r"^\s*xpsr\s+0x([0-9a-f]{8})$", report, re.M).group(1), 16)
        assert xpsr & 0xF80F0000 == 0, report
