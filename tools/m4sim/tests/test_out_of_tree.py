# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Every m4sim command on a firmware built as a user outside this repository builds it: its own
startup code and linker script (tests/fw/own_startup), m4sim.h for the markers and the seed,
linked against m4crypt's libm4crypt.a (the m4-armv7m build), with -Wl,--gc-sections. And the
errors a user can act on: not an ELF file, no region markers, a seed dropped by --gc-sections or
left in .bss, a run that crashes or never ends.

The library comes from $M4CRYPT_BUILD/m4-armv7m (set by tools/run_tests.py, so that `make test`
fails rather than skips without it), else from the checkout's build/."""
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CC, QEMU, needs_toolchain

pytestmark = needs_toolchain

HERE = Path(__file__).parent
OWN = HERE / "fw" / "own_startup"
ROOT = HERE.parents[2]
INCLUDE = HERE.parent / "m4sim" / "include"
_build = os.environ.get("M4CRYPT_BUILD")
LIB = Path(_build or ROOT / "build") / "m4-armv7m" / "libm4crypt.a"
if not _build and not LIB.exists():
    pytestmark = [needs_toolchain, pytest.mark.skip(reason=f"{LIB} not built (make m4-armv7m)")]

CPU = ["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16"]
SHAKE = hashlib.shake_256(b"demo\0\0\0\0").hexdigest(32)
SHA3 = hashlib.sha3_256(b"demo\0\0\0\0").hexdigest()


def build(tmp, name, *defines):
    out = Path(tmp) / f"{name}.elf"
    cmd = [CC] + CPU + ["-O2", "-ffunction-sections", "-fdata-sections",
                        f"-I{ROOT / 'include'}", f"-I{INCLUDE}"] + [f"-D{d}" for d in defines] + \
          [str(OWN / "app.c"), str(OWN / "startup.c"), str(LIB), "-T", str(OWN / "own.ld"),
           "-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs", "-Wl,--gc-sections",
           "-o", str(out)]
    subprocess.run(cmd, check=True)
    return out


def m4sim(*args):
    r = subprocess.run([sys.executable, "-m", "m4sim.cli"] + [str(a) for a in args],
                       capture_output=True, text=True)
    assert "Traceback" not in r.stderr, r.stderr
    return r


@pytest.fixture(scope="module")
def fw(tmp_path_factory):
    return build(tmp_path_factory.mktemp("own"), "app")


def test_run(fw, tmp_path):
    j = tmp_path / "r.json"
    r = m4sim("run", fw, "--regions", "--json", j)
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"{SHAKE}\n{SHA3}\n"
    regions = {x["name"]: x for x in json.loads(j.read_text())}
    assert set(regions) == {"keccak", "shake256", "sha3_256"}
    assert all(x["cycles"] > 0 and x["stack_bytes"] > 0 for x in regions.values())
    if QEMU:
        q = subprocess.run([QEMU, "-M", "mps2-an386", "-nographic", "-monitor", "none",
                            "-serial", "none", "-semihosting", "-kernel", str(fw)],
                           capture_output=True, text=True, timeout=60)
        assert q.returncode == 0 and q.stdout + q.stderr == r.stdout


@pytest.mark.parametrize("region", ["sha3_256"])
def test_profile(fw, tmp_path, region):
    j = tmp_path / "r.json"
    m4sim("run", fw, "--json", j)
    cycles = {x["name"]: x["cycles"] for x in json.loads(j.read_text())}[region]
    r = m4sim("profile", fw, region)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f" {region}: {cycles} cycles," in r.stdout.splitlines()[0]
    assert "m4crypt_keccakf1600" in r.stdout


def test_size_reachable(fw):
    r = m4sim("size", fw, "--json", "--reachable", "m4crypt_sha3_256")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    reach = data["reachable"]["m4crypt_sha3_256"]
    assert reach["bytes"] > 5000          # the Keccak permutation is reached
    assert "m4crypt_keccakf1600_armv7m" in reach["functions"]


def test_ct(fw):
    r = m4sim("ct", fw, "--all-regions", "--runs", "3", "--rng-seed", "1")
    assert r.returncode == 0, r.stdout + r.stderr
    for name in ("keccak", "shake256", "sha3_256"):
        assert f"ct: {name}: 3 runs identical" in r.stdout


def test_not_an_elf(tmp_path):
    bad = tmp_path / "fw.bin"
    bad.write_bytes(b"\x00\x00\x40\x20\x41\x00\x00\x00" * 8)
    for cmd in (["run", bad], ["profile", bad, "r"], ["size", bad], ["ct", bad, "--all-regions"]):
        r = m4sim(*cmd)
        assert r.returncode == 125, r.stdout + r.stderr
        assert "not an ELF file" in r.stderr and "raw binary" in r.stderr


def test_no_region_markers(tmp_path):
    elf = build(tmp_path, "nomark", "NO_MARKERS")
    for cmd in (["profile", elf, "keccak"], ["ct", elf, "--all-regions"]):
        r = m4sim(*cmd)
        assert r.returncode == 2
        msg = r.stdout + r.stderr
        assert "m4sim_region_begin and m4sim_region_end not found" in msg
        assert "#define M4SIM_DEFINE" in msg and "m4sim --include-dir" in msg
    r = m4sim("run", elf, "--regions")
    assert r.returncode == 0 and "no region markers" in r.stderr


def test_seed_dropped_by_gc_sections(tmp_path):
    elf = build(tmp_path, "ownmark", "OWN_MARKERS")
    r = m4sim("ct", elf, "--all-regions")
    assert r.returncode == 2
    assert "no symbol m4sim_ct_seed" in r.stdout and "--gc-sections" in r.stdout


def test_seed_in_bss(tmp_path):
    elf = build(tmp_path, "bss", "SEED_IN_BSS")
    r = m4sim("ct", elf, "--all-regions")
    assert r.returncode == 2
    assert "m4sim_ct_seed is in .bss" in r.stdout


def test_crash_and_limit(tmp_path, fw):
    elf = build(tmp_path, "crash", "CRASH_FIRST")
    r = m4sim("profile", elf, "keccak")
    assert r.returncode == 125
    assert "crashed before region 'keccak' ended" in r.stderr and "0x90000000" not in r.stdout
    r = m4sim("ct", elf, "--region", "keccak", "--runs", "2")
    assert r.returncode == 2 and "crashed" in r.stdout
    r = m4sim("profile", fw, "sha3_256", "--max-instructions", "2000")   # options after the region
    assert r.returncode == 124
    assert "stopped after 2,000 instructions" in r.stderr and "--max-instructions" in r.stderr
    r = m4sim("profile", fw, "no-such-region")
    assert r.returncode == 2 and "regions that were: keccak, sha3_256, shake256" in r.stderr
