# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writing .vec files, the vector format the C test harness reads (tests/common/harness.h).

A record is a mapping of key -> value; bytes are written as lower-case hex, ints in decimal,
bools as 0/1, strings as they are (no newlines). Records are separated by a blank line. A
"group" key names the edge-case group; in --quick mode (the emulated M4) the harness runs the
first 25 records of every group.
"""
from __future__ import annotations

import importlib.util
import json
import sys
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


def write_files(out_dir: Path, files) -> dict[str, int]:
    """write_records of each (name, records, header) of files to out_dir / name; returns
    {name: how many records}, a converter's answer."""
    return {name: write_records(Path(out_dir) / name, records, header)
            for name, records, header in files}


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


def rsp_records(path: Path, **fields):
    """The records of a NIST .rsp / key = value file (parse_rsp) as dicts of the given fields:
    out_key=(RSP_KEY, int) or (RSP_KEY, bytes) (hex) each, in that order."""
    conv = {int: int, bytes: bytes.fromhex}
    return [{k: conv[t](r[src]) for k, (src, t) in fields.items()} for _, r in parse_rsp(path)]


def acvp_pairs(prompt: Path, expected: Path):
    """Yields (group, test, expected result) of an ACVP prompt / expectedResults pair of JSON
    files, matched by tgId and tcId."""
    prompt_doc = json.loads(prompt.read_text())
    expected_doc = json.loads(expected.read_text())
    exp_groups = {g["tgId"]: {t["tcId"]: t for t in g["tests"]}
                  for g in expected_doc["testGroups"]}
    for g in prompt_doc["testGroups"]:
        exp = exp_groups[g["tgId"]]
        for t in g["tests"]:
            yield g, t, exp[t["tcId"]]


def parameter_set(name: str, prefix: str, sets) -> int:
    """The number of a parameter-set name such as ML-KEM-768 (prefix "ML-KEM-"), one of sets."""
    s = int(name.replace(prefix, ""))
    if s not in sets:
        raise ValueError(f"unknown parameter set {name}")
    return s


def wycheproof_file(path: Path, schema: str) -> dict:
    """A Wycheproof test file, which must declare the given schema."""
    data = json.loads(path.read_text())
    if data["schema"] != schema:
        raise ValueError(f"{path}: schema {data['schema']}")
    return data


def wycheproof_error(tc: dict, where: str, flag_errors: dict, comment_errors: dict) -> str:
    """The one error our API gives for an invalid Wycheproof test: from its flags (flag_errors),
    else from its comment (comment_errors); a test that maps to none or several stops."""
    errs = {flag_errors[f] for f in tc.get("flags", []) if f in flag_errors}
    if not errs and tc.get("comment") in comment_errors:
        errs = {comment_errors[tc["comment"]]}
    if len(errs) != 1:
        raise ValueError(f"{where}: cannot classify invalid test {tc['tcId']} "
                         f"(flags {tc.get('flags')}, comment {tc.get('comment')!r})")
    return errs.pop()


def main(convert) -> None:
    """A converter run on its own: convert(out_dir) with the directory given on the command line
    (default build/vectors); prints the files and record counts."""
    print(convert(Path(sys.argv[1] if len(sys.argv) > 1 else "build/vectors")))
