# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The constant-time checker catches a secret branch, a secret table index and
a secret division (cycles only), and passes constant-time code."""
import io
import subprocess
import sys

import pytest

from m4sim.ct import check, _first_diff
from conftest import needs_toolchain, build_c

pytestmark = needs_toolchain


@pytest.fixture(scope="module")
def elf(tmp_path_factory):
    return build_c(tmp_path_factory.mktemp("ct"), "ct", "ct_test.c")


def run_ct(elf, *regions, runs=8):
    out = io.StringIO()
    # fixed RNG seed: reproducible; 8 random secrets differ in bit 0 / low bits
    # with overwhelming probability (checked by the assertions below)
    rc = check(str(elf), set(regions), runs=runs, rng_seed=1234, out=out)
    return rc, out.getvalue()


@pytest.mark.parametrize("region, trace, function, insn", [
    ("branch", "instruction-address trace", "secret_branch", "b"),
    ("table", "data-address trace", "secret_table", "ldrb"),
    ("div", "cycle trace", "secret_div", "udiv"),  # the same addresses: the cycles differ
])
def test_secret_dependence_caught(elf, region, trace, function, insn):
    """Caught in the trace where it shows, at the instruction (function+offset: mnemonic) that
    depends on the secret."""
    rc, out = run_ct(elf, region)
    assert rc == 1, out
    assert trace in out
    first = [l for l in out.splitlines() if "first diverging instruction" in l][0]
    assert f"{function}+" in first and insn in first.split(":")[-1]


@pytest.mark.parametrize("region", ["cswap", "compare", "pubdiv"])
def test_constant_time_passes(elf, region):
    rc, out = run_ct(elf, region)
    assert rc == 0, out
    assert out.startswith(f"ct: {region}: 8 runs identical (")
    assert "memory accesses" in out and "cycles)" in out
    if region == "cswap":
        assert "2 executions" in out


def test_cli(elf):
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "ct", str(elf), "--region", "cswap",
                        "--region", "compare"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ct: cswap: 8 runs identical" in r.stdout and "ct: compare: 8 runs identical" in r.stdout
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "ct", "--all-regions", "--runs", "3",
                        str(elf)], capture_output=True, text=True)
    assert r.returncode == 1
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "ct", "--region", "nosuch", str(elf)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "never executed" in r.stdout


def test_first_diff():
    assert _first_diff(b"abcd" * 100, b"abcd" * 100, 4) is None
    a = bytearray(b"\0" * 400000)
    b = bytearray(a)
    b[300001] = 1
    assert _first_diff(bytes(a), bytes(b), 4) == 75000
    assert _first_diff(b"abcdefgh", b"abcd", 4) == 1
