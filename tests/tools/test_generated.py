# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every generated file equals its generator's output (tools/generated.py lists them), and every
file that says it is generated is in that list, so a hand edit of a generated file, or of what a
generator reads, is caught here."""
from __future__ import annotations

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
    """gen_fe25519.py copies fe25519.S's suba24_int into x25519_ladder_inlined.S: an edit of that
    routine (here in a copy of the two files) must make the committed inlined ladder differ."""
    entry = next(e for e in generated.GENERATED if e.output.endswith("x25519_ladder_inlined.S"))
    assert entry.inputs == ("src/curve25519/armv7m/fe25519.S",)
    for name in (entry.generator, *entry.inputs):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    assert generated.difference(entry, gen_root=tmp_path) == ""
    asm = tmp_path / entry.inputs[0]
    lines = asm.read_text().splitlines(keepends=True)
    i = lines.index("FUNC m4crypt_fe25519_suba24_int\n")
    lines.insert(i + 2, "    nop\n")
    asm.write_text("".join(lines))
    assert "+    nop" in generated.difference(entry, gen_root=tmp_path)
