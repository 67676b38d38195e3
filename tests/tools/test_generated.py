# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every generated file equals its generator's output (tools/generated.py lists them), and every
file that says it is generated is in that list, so a hand edit of a generated file, or of what a
generator reads, is caught here."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import generated  # noqa: E402

MARK = re.compile(r"\bG(?:ENERATED|enerated) by\b")


@pytest.mark.parametrize("entry", generated.GENERATED, ids=lambda e: e.output)
def test_generated_file_matches_its_generator(entry):
    diff = generated.difference(entry)
    reads = f", which reads {', '.join(entry.inputs)}" if entry.inputs else ""
    assert not diff, (f"{entry.output} differs from the output of {entry.generator}{reads} "
                      f"(run `make regen`; edit the generator, not the file):\n{diff}")


def test_every_generated_file_is_listed():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.splitlines()
    listed = {e.output for e in generated.GENERATED}
    generators = {e.generator for e in generated.GENERATED} | {"tools/generated.py",
                                                              "tests/tools/test_generated.py"}
    claims = set()
    for name in files:
        path = ROOT / name
        if name.startswith("tests/vectors/") or name in generators or not path.is_file():
            continue
        head = "\n".join(path.read_text(errors="replace").splitlines()[:15])
        if MARK.search(head):
            claims.add(name)
    assert claims == listed, (f"say they are generated but are not in tools/generated.py: "
                              f"{sorted(claims - listed)}; listed but do not say so: "
                              f"{sorted(listed - claims)}")
    for e in generated.GENERATED:
        head = "\n".join((ROOT / e.output).read_text().splitlines()[:15])
        assert Path(e.generator).name in head, f"{e.output} does not name {e.generator}"


def test_a_hand_edit_is_reported(tmp_path):
    entry = next(e for e in generated.GENERATED if e.output == "src/mldsa/zetas.c")
    copy = tmp_path / entry.output
    copy.parent.mkdir(parents=True)
    shutil.copy(ROOT / entry.output, copy)
    assert generated.difference(entry, root=tmp_path) == ""
    text = copy.read_text()
    copy.write_text(text.replace(",", ", ", 1))
    assert generated.difference(entry, root=tmp_path)


def test_an_edit_of_what_a_generator_reads_is_reported(tmp_path):
    """gen_mldsa_messages.py reads the CCTV benchmark messages: an edit of one (here in a copy of
    the generator and its input folder) must make the committed mldsa_messages.h differ."""
    entry = next(e for e in generated.GENERATED if e.output == "benchmarks/mldsa_messages.h")
    assert entry.inputs == ("tests/vectors/cctv-mldsa/benchmark/",)
    (tmp_path / entry.generator).parent.mkdir(parents=True)
    shutil.copy(ROOT / entry.generator, tmp_path / entry.generator)
    shutil.copytree(ROOT / entry.inputs[0], tmp_path / entry.inputs[0])
    assert generated.difference(entry, gen_root=tmp_path) == ""
    src = tmp_path / entry.inputs[0] / "ML-DSA-44.json"
    msgs = json.loads(src.read_text())
    msgs[0] = ("B" if msgs[0][0] == "A" else "A") + msgs[0][1:]
    src.write_text(json.dumps(msgs))
    assert f'+    "{msgs[0]}",' in generated.difference(entry, gen_root=tmp_path)
