# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The stack-residue checker: a buffer of secret words left on the stack is reported with the
function that wrote it; a wiped one passes; what a declared public call leaves and the caller's
own saved registers are not reported."""
import io
import subprocess
import sys

import pytest

from m4sim.residue import check
from conftest import needs_toolchain, build_c

pytestmark = needs_toolchain


@pytest.fixture(scope="module")
def elf(tmp_path_factory):
    return build_c(tmp_path_factory.mktemp("residue"), "residue", "residue_test.c")


def run_residue(elf, *regions, runs=6, public=()):
    out = io.StringIO()
    rc = check(str(elf), set(regions), runs=runs, rng_seed=99, out=out, public_functions=public)
    return rc, out.getvalue()


def test_unwiped_buffer_caught(elf):
    rc, out = run_residue(elf, "leaky")
    assert rc == 1, out
    assert out.startswith("residue: leaky: 4 secret-dependent words left on the stack (6 runs;")
    writers = [l for l in out.splitlines() if l.startswith("  sp-")]
    assert len(writers) == 4 and all("written by leaves_buffer+" in l for l in writers), out


def test_wiped_buffer_passes(elf):
    rc, out = run_residue(elf, "wiped")
    assert rc == 0, out
    assert out.startswith("residue: wiped: no secret-dependent words (6 runs;")


def test_public_call(elf):
    rc, out = run_residue(elf, "public_call")
    assert rc == 1 and "written by public_helper+" in out, out
    rc, out = run_residue(elf, "public_call", public=["public_helper"])
    assert rc == 0, out
    assert "2 from public calls" in out


def test_callers_saved_registers(elf):
    rc, out = run_residue(elf, "caller_registers")
    assert rc == 0, out
    assert "2 the caller's saved registers" in out


def test_cli(elf):
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "residue", str(elf), "--region",
                        "wiped", "--runs", "3"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "residue", "--all-regions", "--runs",
                        "3", str(elf)], capture_output=True, text=True)
    assert r.returncode == 1 and "residue: leaky: 4 secret-dependent words" in r.stdout
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "residue", "--region", "nosuch",
                        str(elf)], capture_output=True, text=True)
    assert r.returncode == 2 and "never executed" in r.stdout
