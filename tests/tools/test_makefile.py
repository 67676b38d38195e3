# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Makefile on a machine that has none of the tools make deps installs.

make test and make bench start with make deps, which installs gcc among others; the Makefile must
therefore be readable before any of them exists. It once ran gcc while being read (to learn what
the configuration builds), and make test stopped at once on a fresh Debian root. Here make runs
with a PATH of a few core utilities only (no gcc, clang, arm-none-eabi-gcc, python) and must get
as far as printing make deps' command (-n: nothing is run).
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What reading the Makefile may use: make itself and the shell utilities of its $(shell ...).
CORE = ("make", "sh", "bash", "find", "sed", "sort", "tr", "cat", "uname", "nproc", "dirname",
        "head", "cut", "grep", "id", "env")


def bare_path(tmp: Path) -> str:
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    for tool in CORE:
        found = shutil.which(tool)
        if found:
            os.symlink(found, bin_dir / tool)
    return str(bin_dir)


def test_make_deps_is_read_without_gcc(tmp_path):
    path = bare_path(tmp_path)
    assert shutil.which("gcc", path=path) is None
    env = {"PATH": path, "HOME": str(tmp_path)}
    res = subprocess.run(["make", "-n", "--no-print-directory", "deps"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "bootstrap.sh" in res.stdout, res.stdout
