# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every source file carries the project's SPDX licence line; the licence texts are present.

Source files: C, headers, assembly (.S, .s, .i), linker scripts, Python, shell, make, CMake, and
any other file that starts with a shebang. tests/vectors/ keeps the licences of its sources
(tests/vectors/SOURCES.md); the fuzzers' corpora (tests/<prim>/corpus/) are data, not sources (an
input may start with "#!"). Files git ignores (build/, .venv/) are not sources.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINE = "SPDX-License-Identifier: Apache-2.0 OR MIT"
SUFFIXES = {".c", ".h", ".S", ".s", ".i", ".ld", ".py", ".sh", ".mk", ".cmake", ".toml"}
NAMES = {"Makefile", "CMakeLists.txt", "requirements.txt"}
NOT_OURS = ("tests/vectors/",)


def source_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    files = []
    for name in out.splitlines():
        path = ROOT / name
        if name.startswith(NOT_OURS) or "/corpus/" in name or not path.is_file():
            continue
        with open(path, "rb") as f:
            shebang = f.read(2) == b"#!"
        if path.suffix in SUFFIXES or path.name in NAMES or shebang:
            files.append(name)
    return files


def test_every_source_file_has_the_spdx_line():
    files = source_files()
    assert len(files) > 100, "the file list looks wrong"
    missing = [f for f in files
               if LINE not in "\n".join((ROOT / f).read_text(errors="replace").splitlines()[:5])]
    assert not missing, f"no '{LINE}' in the first five lines of: {missing}"


def test_licence_texts():
    assert "Apache License" in (ROOT / "LICENSE-APACHE").read_text()
    assert "Version 2.0, January 2004" in (ROOT / "LICENSE-APACHE").read_text()
    assert "Permission is hereby granted, free of charge" in (ROOT / "LICENSE-MIT").read_text()
