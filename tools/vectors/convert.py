#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Converts every official vector set into .vec files under the output directory.

Each module tools/vectors/conv_<primitive>.py defines convert(out_dir: Path) -> dict[str, int]
(file name -> records written). Sources: tests/vectors/ (vendored, byte-identical, see
tests/vectors/SOURCES.md) and PyPI cryptography-vectors. Re-runs only when a source changed.
"""
from __future__ import annotations

import hashlib
import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import vecfmt  # noqa: E402


def fingerprint() -> str:
    h = hashlib.sha256()
    for p in sorted(HERE.glob("*.py")) + sorted(vecfmt.VENDORED.rglob("*")):
        if p.is_file():
            h.update(str(p).encode())
            h.update(str(p.stat().st_mtime_ns).encode())
    h.update(str(vecfmt.crypto_vectors_dir()).encode())
    return h.hexdigest()


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/vectors")
    stamp = out / ".stamp"
    fp = fingerprint()
    if stamp.exists() and stamp.read_text() == fp:
        return 0
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    for mod_path in sorted(HERE.glob("conv_*.py")):
        mod = importlib.import_module(mod_path.stem)
        written = mod.convert(out)
        total += sum(written.values())
    stamp.write_text(fp)
    print(f"vectors: {total} records converted into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
