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


@pytest.mark.parametrize("region,public", [("leaky", ()), ("wiped", ()), ("public_call", ()),
                                           ("public_call", ("public_helper",)),
                                           ("caller_registers", ())])
def test_with_ct_same_verdict(elf, region, public):
    """m4sim ct --residue: the residue verdict from the trace comparison's own runs is the one
    m4sim residue gives with its runs (same seeds), and the ct verdict that of m4sim ct."""
    from m4sim.ct import check as ct_check, check_with_residue
    rc_res, out_res = run_residue(elf, region, public=public)
    ct_alone = io.StringIO()
    rc_ct = ct_check(str(elf), {region}, runs=6, rng_seed=99, out=ct_alone,
                     public_functions=public)
    both = io.StringIO()
    rcs = check_with_residue(str(elf), {region}, runs=6, rng_seed=99, out=both,
                             public_functions=public)
    lines = both.getvalue().splitlines()
    assert rcs[0] == rc_ct
    assert [l for l in lines if l.startswith("ct:")] == ct_alone.getvalue().splitlines()
    assert rc_ct == 0, ct_alone.getvalue()  # every region of this firmware is constant-time
    assert rcs[1] == rc_res
    assert "\n".join(l for l in lines if not l.startswith("ct:")) == out_res.rstrip("\n")


def test_with_ct_cli(elf):
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "ct", "--residue", "--region", "leaky",
                        "--region", "wiped", "--runs", "3", str(elf)],
                       capture_output=True, text=True)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "ct: leaky: 3 runs identical" in r.stdout, r.stdout
    assert "residue: leaky: 4 secret-dependent words" in r.stdout, r.stdout
    assert "residue: wiped: no secret-dependent words" in r.stdout, r.stdout
