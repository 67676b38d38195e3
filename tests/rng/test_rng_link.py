# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Which firmware links against which randomness source (docs/rng.md).

tests/rng/link_firmware.c, a firmware with its own vector table, is linked with the Cortex-M
libm4crypt.a of the m4 and m4-armv7m builds (mps2-an386 linker script, --gc-sections, as a user's
Makefile would):
  - an operation that needs randomness and no source: the link fails, naming
    m4crypt_platform_randombytes (the symbol to define);
  - ... with libm4crypt_rng_stm32f4.a or _stm32l4.a after libm4crypt.a: it links, with the
    driver's m4crypt_platform_randombytes;
  - ... with the firmware's own m4crypt_platform_randombytes: it links with that one, and the
    RNG library adds nothing;
  - an operation without randomness (X25519 on a given secret): it links with no source at all.
On the host, the same program linked with the host libm4crypt.a alone links and runs: its
randomness comes from getrandom(2).
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("M4CRYPT_BUILD", ROOT / "build"))
SOURCE = ROOT / "tests" / "rng" / "link_firmware.c"
ARM_GCC = "arm-none-eabi-gcc"
ARM_FLAGS = ["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", "-Os",
             "-ffunction-sections", "-fdata-sections", "-nostartfiles", "--specs=nano.specs",
             "--specs=nosys.specs", "-Wl,--gc-sections", "-Wl,--no-warn-rwx-segments",
             "-T", str(ROOT / "platform" / "mps2-an386" / "mps2-an386.ld")]
UNDEFINED = "undefined reference to `m4crypt_platform_randombytes'"


def link(tmp_path: Path, config: str, defines: list[str], rng_lib: str | None = None):
    lib = BUILD / config / "libm4crypt.a"
    assert lib.exists(), f"{lib} is missing: make {config}"
    libs = [str(lib)]
    if rng_lib:
        libs.append(str(BUILD / config / f"libm4crypt_rng_{rng_lib}.a"))
        assert Path(libs[-1]).exists(), f"{libs[-1]} is missing: make {config}"
    out = tmp_path / (config + "-" + "-".join(d.lstrip("-D") for d in defines) + ".elf")
    cmd = [ARM_GCC, *ARM_FLAGS, "-I", str(ROOT / "include"), *defines, str(SOURCE), *libs,
           "-o", str(out)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr, out


def symbols(elf: Path) -> dict[str, str]:
    out = subprocess.run(["arm-none-eabi-nm", str(elf)], capture_output=True, text=True,
                         check=True).stdout
    return {f[2]: f[1] for f in (line.split() for line in out.splitlines()) if len(f) == 3}


pytestmark = pytest.mark.skipif(shutil.which(ARM_GCC) is None, reason="no arm-none-eabi-gcc")
CONFIGS = ["m4", "m4-armv7m"]


@pytest.mark.parametrize("config", CONFIGS)
def test_missing_source_is_a_link_error_naming_the_symbol(tmp_path, config):
    rc, out, _ = link(tmp_path, config, ["-DNEEDS_RANDOMNESS"])
    assert rc != 0, "a firmware that needs randomness linked without any source"
    assert UNDEFINED in out, out


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("part", ["stm32f4", "stm32l4"])
def test_rng_module_provides_the_source(tmp_path, config, part):
    rc, out, elf = link(tmp_path, config, ["-DNEEDS_RANDOMNESS"], part)
    assert rc == 0, out
    syms = symbols(elf)
    assert syms.get("m4crypt_platform_randombytes") == "T"
    assert syms.get("m4crypt_rng_stm32_randombytes") == "T"


@pytest.mark.parametrize("config", CONFIGS)
def test_own_source_wins_over_the_module(tmp_path, config):
    rc, out, elf = link(tmp_path, config, ["-DNEEDS_RANDOMNESS", "-DOWN_SOURCE"], "stm32f4")
    assert rc == 0, out
    syms = symbols(elf)
    assert syms.get("m4crypt_platform_randombytes") == "T"
    assert "m4crypt_rng_stm32_randombytes" not in syms  # the module's member was not pulled in


@pytest.mark.parametrize("config", CONFIGS)
def test_no_randomness_needs_no_source(tmp_path, config):
    rc, out, elf = link(tmp_path, config, [])
    assert rc == 0, out
    assert "m4crypt_platform_randombytes" not in symbols(elf)


def test_host_library_has_getrandom(tmp_path):
    lib = BUILD / "host-gcc" / "libm4crypt.a"
    assert lib.exists(), f"{lib} is missing: make host-gcc"
    exe = tmp_path / "host_keypair"
    p = subprocess.run(["gcc", "-I", str(ROOT / "include"), "-DNEEDS_RANDOMNESS", str(SOURCE),
                        str(lib), "-o", str(exe)], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert subprocess.run([str(exe)]).returncode == 0  # keypair returned 0: getrandom worked
