#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Flashes m4crypt firmware onto a board through its ST-LINK and starts it (`make flash`).

  flash.py --board stm32f4discovery [--impl portable|armv7m] [--firmware bench|test_x25519|x.elf]
           [--flasher openocd|st-flash] [--build build]

openocd (Debian package openocd) uses the board files it ships: board/stm32f4discovery.cfg and
board/st_nucleo_l4.cfg (its stm32l4x flash driver covers the L4R5): `program <elf> verify reset
exit`. st-flash (Debian package stlink-tools) writes the raw image (objcopy -O binary) at
0x08000000 and resets. Without --flasher, openocd is used when installed, else st-flash.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOARDS = {
    "stm32f4discovery": {"openocd": "board/stm32f4discovery.cfg"},
    "nucleo-l4r5zi": {"openocd": "board/st_nucleo_l4.cfg"},
}
FLASH_BASE = "0x08000000"


def board_arguments(ap: argparse.ArgumentParser, choices=None, serial: bool = False) -> None:
    """The options of every board tool: --board (one of choices, when given), --build, --impl;
    with serial, the line to the board: --port, --baud."""
    ap.add_argument("--board", required=True, choices=choices)
    ap.add_argument("--build", default="build")
    ap.add_argument("--impl", default="portable", choices=("portable", "armv7m"))
    if serial:
        ap.add_argument("--port", default="/dev/ttyACM0")
        ap.add_argument("--baud", type=int, default=115200)


def config_of(board: str, impl: str) -> str:
    return board + ("-armv7m" if impl == "armv7m" else "")


def resolve(build: Path, board: str, impl: str, firmware: str) -> Path:
    """bench -> bench.elf; test_<name> -> tests/<prim>/test_<name>.elf; else a path."""
    cfg_dir = build / config_of(board, impl)
    if firmware in ("bench", "bench.elf"):
        elf = cfg_dir / "bench.elf"
    elif firmware.startswith("test_") and "/" not in firmware:
        name = firmware if firmware.endswith(".elf") else firmware + ".elf"
        found = sorted((cfg_dir / "tests").glob(f"*/{name}"))
        if not found:
            raise SystemExit(f"flash: no {name} under {cfg_dir}/tests (build it: "
                             f"make PLATFORM={board})")
        elf = found[0]
    else:
        elf = Path(firmware)
    if not elf.is_file():
        raise SystemExit(f"flash: {elf} does not exist (build it: make PLATFORM={board})")
    return elf.resolve()


def pick_flasher(wanted: str | None) -> str:
    if wanted:
        if wanted not in ("openocd", "st-flash"):
            raise SystemExit(f"flash: unknown flasher {wanted} (openocd or st-flash)")
        if not shutil.which(wanted):
            raise SystemExit(f"flash: {wanted} is not installed (Debian: apt-get install "
                             f"{'openocd' if wanted == 'openocd' else 'stlink-tools'})")
        return wanted
    for tool in ("openocd", "st-flash"):
        if shutil.which(tool):
            return tool
    raise SystemExit("flash: neither openocd nor st-flash is installed "
                     "(Debian: apt-get install openocd, or stlink-tools)")


def command(board: str, elf: Path, flasher: str) -> list[str]:
    if board not in BOARDS:
        raise SystemExit(f"flash: {board} is not a board (one of {', '.join(BOARDS)}); the "
                         f"netduinoplus2 firmware runs in QEMU: make netduinoplus2-test")
    if flasher == "openocd":
        return ["openocd", "-f", BOARDS[board]["openocd"],
                "-c", f"program {elf} verify reset exit"]
    binary = elf.with_suffix(".bin")
    if not binary.exists() or binary.stat().st_mtime < elf.stat().st_mtime:
        r = subprocess.run(["arm-none-eabi-objcopy", "-O", "binary", str(elf), str(binary)],
                           capture_output=True, text=True)
        if r.returncode:
            raise SystemExit(f"flash: arm-none-eabi-objcopy could not make {binary}: "
                             f"{r.stderr.strip()}")
    return ["st-flash", "--reset", "write", str(binary), FLASH_BASE]


# What openocd and st-flash print when no ST-LINK probe answers.
NO_PROBE = ("open failed", "unable to open", "no device found", "couldn't find any st-link",
            "no st-link", "libusb_open() failed", "found 0 stlink")


def probe_hint(output: str) -> str:
    low = output.lower()
    if any(s in low for s in NO_PROBE):
        return (": no ST-LINK probe found. Is the board connected by USB (the ST-LINK's USB "
                "connector, not the target's), powered, and not held by another openocd or "
                "st-util? On Linux the probe also needs udev access (run as root, or the "
                "udev rules of the Debian packages openocd/stlink-tools).")
    return ""


def flash(board: str, elf: Path, flasher: str | None = None, quiet: bool = False) -> None:
    tool = pick_flasher(flasher)
    cmd = command(board, elf, tool)
    if not quiet:
        print("flash: " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       errors="replace")
    if p.returncode != 0:
        sys.stdout.write(p.stdout)
        raise SystemExit(f"flash: {tool} failed with exit code {p.returncode}" + probe_hint(p.stdout))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    board_arguments(ap, choices=sorted(BOARDS))
    ap.add_argument("--firmware", default="bench")
    ap.add_argument("--flasher", default=None)
    args = ap.parse_args()
    elf = resolve((ROOT / args.build).resolve(), args.board, args.impl, args.firmware)
    flash(args.board, elf, args.flasher)
    print(f"flash: {elf.relative_to(ROOT) if elf.is_relative_to(ROOT) else elf} is running on "
          f"the {args.board}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
