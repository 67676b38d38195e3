# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Engine, semihosting (against QEMU), regions, CLI."""
import json
import os
import subprocess
import sys

import pytest

from m4sim import Simulator, MODEL_VERSION, __version__
from conftest import needs_toolchain, build_c, QEMU

pytestmark = needs_toolchain


def _strip_tt(out):
    # QEMU writes SYS_WRITE to ":tt" straight to the host fd but buffers its
    # console (SYS_WRITE0/WRITEC) output, so their order differs between
    # QEMU runs; compare that line separately.
    assert out.count(b"via SYS_WRITE\n") == 1
    return out.replace(b"via SYS_WRITE\n", b"")


def test_semihosting_matches_qemu(tmp_path):
    elf = build_c(tmp_path, "sh", "semihost_test.c")
    env = dict(os.environ)
    m = subprocess.run([sys.executable, "-m", "m4sim.cli", "run", str(elf), "x", "yz"],
                       cwd=tmp_path, capture_output=True, env=env)
    assert m.returncode == 3, m.stderr
    assert b"hello via SYS_WRITE0\nargc=3\nargv: x\nargv: yz\nC\n" in m.stdout
    assert b"read ret: 0 data: cde\n" in m.stdout
    assert not (tmp_path / "m4sim_sh_test.tmp").exists()
    if not QEMU:
        pytest.skip("qemu-system-arm not installed: QEMU comparison skipped")
    q = subprocess.run([QEMU, "-M", "mps2-an386", "-nographic", "-semihosting-config",
                        f"enable=on,target=native,arg={elf},arg=x,arg=yz", "-kernel", str(elf)],
                       cwd=tmp_path, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert q.returncode == 3
    # without a terminal on stdin, QEMU 7.2 sends its semihosting console
    # (SYS_WRITE0/WRITEC) to stderr and ":tt" writes to stdout
    assert _strip_tt(m.stdout) == _strip_tt(q.stdout + q.stderr)


def test_api_run(tmp_path):
    elf = build_c(tmp_path, "sh", "semihost_test.c")
    os.chdir(tmp_path)
    res = Simulator(elf).run(args=["a"])
    assert res.exit_code == 3
    assert res.error is None
    assert b"argc=2\nargv: a\n" in res.stdout
    assert res.instructions > 100 and res.cycles > res.instructions


def test_regions(tmp_path):
    elf = build_c(tmp_path, "regions", "regions.c")
    res = Simulator(elf).run()
    assert res.exit_code == 0 and res.stdout == b"done\n"
    names = [r.name for r in res.regions]
    # regions are reported when they end: inner before outer
    assert names == ["rep", "rep", "rep", "inner", "outer", "empty"]
    rep = res.by_name("rep")
    assert rep[0].cycles < rep[1].cycles < rep[2].cycles
    # each extra 10 iterations of the same loop costs the same
    assert rep[2].cycles - rep[1].cycles == rep[1].cycles - rep[0].cycles
    st = res.stats("rep")
    assert st["count"] == 3 and st["min"] == rep[0].cycles and st["median"] == rep[1].cycles
    inner = res.by_name("inner")[0]
    outer = res.by_name("outer")[0]
    assert inner.depth == 1 and outer.depth == 0
    assert outer.cycles > inner.cycles
    assert outer.instructions > inner.instructions
    # use_stack: 256-byte buffer plus its frame; nothing else in the region
    assert 256 <= inner.stack_bytes <= 256 + 32
    assert outer.stack_bytes == inner.stack_bytes
    empty = res.by_name("empty")[0]
    # only the instructions between the return from begin and the call of end
    # (here: none, or the argument-free call sequence)
    assert empty.instructions == 0 and empty.cycles == 0
    assert empty.stack_bytes == 0


def test_stack_exact(tmp_path):
    # hand-written: push 3 words, sub sp 40, so 12 + 40 = 52 bytes below SP
    from conftest import asm_elf
    body = "  push {r4, r5, lr}\n  sub sp, #40\n  str r1, [sp]\n  add sp, #40\n  pop {r4, r5, r6}\n"
    res = Simulator(asm_elf(tmp_path, body)).run()
    assert res.regions[0].stack_bytes == 52


def test_cli_run_json_and_limit(tmp_path):
    elf = build_c(tmp_path, "regions", "regions.c")
    js = tmp_path / "r.json"
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "run", "--regions", "--json", str(js),
                        str(elf)], capture_output=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout == b"done\n"
    assert b"rep" in r.stderr and b"cycles" in r.stderr
    data = json.loads(js.read_text())
    assert [d["name"] for d in data] == ["rep", "rep", "rep", "inner", "outer", "empty"]
    assert set(data[0]) == {"name", "cycles", "instructions", "stack_bytes", "memory_cycles"}
    # options after the ELF path work too
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "run", str(elf), "--max-instructions", "100"],
                       capture_output=True)
    assert r.returncode == 124 and b"limit" in r.stderr
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "run", str(tmp_path / "missing.elf")],
                       capture_output=True)
    assert r.returncode == 125 and b"error" in r.stderr


def test_seed_written(tmp_path):
    src = tmp_path / "seed.c"
    src.write_text('#include "rt.h"\nint main(int c, char **v) { (void)c; (void)v;\n'
                   '  uint32_t s = 0; for (int i = 0; i < 32; i++) s += m4sim_ct_seed[i] * (i + 1);\n'
                   '  put_u32(s); return 0; }\n')
    elf = build_c(tmp_path, "seed", src)
    sim = Simulator(elf)
    seed = bytes(range(32))
    res = sim.run(seed=seed)
    assert res.stdout == str(sum(b * (i + 1) for i, b in enumerate(seed))).encode()
    assert sim.run().stdout == b"1"   # the initializer {1}
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "run", "--seed", seed.hex(), str(elf)],
                       capture_output=True)
    assert r.stdout == res.stdout


def test_version():
    r = subprocess.run([sys.executable, "-m", "m4sim.cli", "--version"], capture_output=True, text=True)
    assert r.returncode == 0
    assert __version__ in r.stdout and MODEL_VERSION in r.stdout


def test_fault_reported(tmp_path):
    from conftest import asm_elf
    res = Simulator(asm_elf(tmp_path, "  ldr r1, =0x90000000\n  ldr r1, [r1]\n")).run()
    assert res.error and "0x" in res.error
    assert res.exit_code == 125


def test_profile(tmp_path):
    """m4sim profile attributes a region's cycles to functions: the totals agree with the region's
    cycle count, and the callee work() (called twice inside "outer") is listed apart from main."""
    import io
    from m4sim.profile import profile
    elf = build_c(tmp_path, "regions", "regions.c")
    res = Simulator(elf).run()
    outer = [r for r in res.regions if r.name == "outer"][0]
    buf = io.StringIO()
    assert profile(elf, "outer", out=buf) == 0
    text = buf.getvalue()
    assert f": {outer.cycles} cycles" in text
    rows = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) > 2 and parts[1].replace(",", "").isdigit() and parts[2].endswith("%"):
            rows[parts[0]] = int(parts[1].replace(",", ""))
    assert "work" in rows and "use_stack" in rows and "main" in rows
    assert sum(rows.values()) == outer.cycles
    assert profile(elf, "no-such-region", out=io.StringIO()) == 2
