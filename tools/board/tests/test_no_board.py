# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make flash / board-test / board-bench without a board: one line that says what is missing and
what to do, never a Python traceback."""
import os
import subprocess
import sys
from pathlib import Path

BOARD = Path(__file__).resolve().parents[1]
ELF = b"\x7fELF"   # the tools only check that the files exist before they need the board


def tool(name, *args, env=None):
    r = subprocess.run([sys.executable, str(BOARD / name)] + [str(a) for a in args],
                       capture_output=True, text=True, env=env, timeout=60)
    assert "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    return r


def fake_build(tmp_path):
    cfg = tmp_path / "build" / "nucleo-l4r5zi"
    (cfg / "tests" / "x").mkdir(parents=True)
    (cfg / "tests" / "x" / "test_x.elf").write_bytes(ELF)
    (cfg / "bench.elf").write_bytes(ELF)
    (tmp_path / "build" / "vectors").mkdir()
    return tmp_path / "build"


def test_board_test_without_serial_port(tmp_path):
    build = fake_build(tmp_path)
    port = tmp_path / "ttyACM9"
    r = tool("board_tests.py", "--board", "nucleo-l4r5zi", "--build", build, "--port", port)
    assert r.returncode == 2
    assert f"serial port {port} does not exist" in r.stdout and "PORT=" in r.stdout
    assert r.stdout.rstrip().endswith("0 passed, 1 failed")


def test_board_bench_without_serial_port(tmp_path):
    build = fake_build(tmp_path)
    port = tmp_path / "ttyACM9"
    r = tool("serial_bench.py", "--board", "nucleo-l4r5zi", "--build", build, "--port", port)
    assert r.returncode == 1
    assert f"serial port {port} does not exist" in r.stderr


def test_flash_without_probe(tmp_path):
    """A stand-in openocd that answers as openocd does with no ST-LINK attached."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "openocd"
    fake.write_text("#!/bin/sh\necho 'Info : clock speed 500 kHz'\necho 'Error: open failed'\n"
                    "echo '** OpenOCD init failed **'\nexit 1\n")
    fake.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    build = fake_build(tmp_path)
    r = tool("flash.py", "--board", "nucleo-l4r5zi", "--build", build, "--flasher", "openocd",
             env=env)
    assert r.returncode == 1
    assert "openocd failed with exit code 1: no ST-LINK probe found" in r.stderr
    assert "connected by USB" in r.stderr


def test_flash_without_flasher(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))   # neither openocd nor st-flash
    build = fake_build(tmp_path)
    r = tool("flash.py", "--board", "nucleo-l4r5zi", "--build", build, env=env)
    assert r.returncode == 1
    assert "neither openocd nor st-flash is installed" in r.stderr
