# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writing .vec files, the vector format the C test harness reads (tests/common/harness.h).

A record is a mapping of key -> value; bytes are written as lower-case hex, ints in decimal,
bools as 0/1, strings as they are (no newlines). Records are separated by a blank line. A
"group" key names the edge-case group; in --quick mode (the emulated M4) the harness runs the
first 25 records of every group.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENDORED = ROOT / "tests" / "vectors"


def crypto_vectors_dir() -> Path:
    """The data directory of PyPI cryptography-vectors (installed in the venv)."""
    spec = importlib.util.find_spec("cryptography_vectors")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("cryptography-vectors is not installed: run make deps")
    return Path(list(spec.submodule_search_locations)[0])


def _value(v) -> str:
    if isinstance(v, (bytes, bytearray)):
        return bytes(v).hex()
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    s = str(v)
    if "\n" in s:
        raise ValueError("newline in vector value")
    return s


def write_records(path: Path, records, header: str = "") -> int:
    """Writes records (iterable of dicts) to path; returns how many."""
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with open(path, "w") as f:
        for line in header.splitlines():
            f.write(f"# {line}\n")
        for rec in records:
            for k, v in rec.items():
                if v is None:
                    continue
                f.write(f"{k} = {_value(v)}\n")
            f.write("\n")
            n += 1
    return n


def parse_rsp(path: Path):
    """Yields (section, record) from a NIST .rsp / key = value text file. A section is the last
    "[...]" header line seen; records are separated by blank lines."""
    section = ""
    rec: dict[str, str] = {}
    with open(path) as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                if rec:
                    yield section, rec
                    rec = {}
                section = line[1:-1].strip()
                continue
            if not line:
                if rec:
                    yield section, rec
                    rec = {}
                continue
            if "=" in line:
                k, v = line.split("=", 1)
                rec[k.strip()] = v.strip()
        if rec:
            yield section, rec
