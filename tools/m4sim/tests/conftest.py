# SPDX-License-Identifier: Apache-2.0 OR MIT
import os
import shutil
import subprocess
from pathlib import Path

import pytest

FW = Path(__file__).parent / "fw"
CC = shutil.which("arm-none-eabi-gcc")
AS = shutil.which("arm-none-eabi-as")
LD = shutil.which("arm-none-eabi-ld")
QEMU = shutil.which("qemu-system-arm")

needs_toolchain = pytest.mark.skipif(
    not (CC and AS and LD),
    reason="arm-none-eabi toolchain (gcc/as/ld) not installed: cannot build test firmware")

CFLAGS = ["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", "-O2",
          "-nostdlib", "-ffreestanding", "-fno-builtin"]


def build_c(tmp_path, name, *sources, extra=()):
    """Build firmware from tests/fw/rt.c plus the given sources (file names in
    tests/fw or paths)."""
    out = Path(tmp_path) / f"{name}.elf"
    srcs = [str(FW / "rt.c")] + [str(s if os.path.isabs(str(s)) else FW / s) for s in sources]
    cmd = [CC] + CFLAGS + list(extra) + ["-I", str(FW), "-T", str(FW / "mps2.ld")] + srcs + \
        ["-o", str(out), "-lgcc"]
    subprocess.run(cmd, check=True)
    return out


ASM_TEMPLATE = """
.syntax unified
.thumb
.cpu cortex-m4
.fpu fpv4-sp-d16
.section .vectors,"a"
.word 0x20400000
.word _start+1
.text
.thumb_func
.global _start
_start:
{pre}
  ldr r0, =regname
  .balign 4
{pad}
  bl m4sim_region_begin
{body}
  bl m4sim_region_end
  movs r0, #0x18
  ldr r1, =0x20026
  bkpt 0xab
1: b 1b
.balign 4
.thumb_func
.global m4sim_region_begin
m4sim_region_begin: bx lr
.balign 4
.thumb_func
.global m4sim_region_end
m4sim_region_end: bx lr
{post}
.ltorg
.balign 4
regname: .asciz "r"
.data
.balign 4
buf: .space 256
"""


def asm_elf(tmp_path, body, pre="", post="", misalign=False, name="t"):
    """Assemble a snippet between the region markers into a tiny ELF.
    The body starts at a 4-byte aligned address, or at addr % 4 == 2 with
    misalign=True.  `buf` is a 256-byte RAM buffer."""
    tmp_path = Path(tmp_path)
    src = tmp_path / f"{name}.s"
    src.write_text(ASM_TEMPLATE.format(pre=pre, body=body, post=post,
                                       pad="  nop" if misalign else ""))
    obj = tmp_path / f"{name}.o"
    elf = tmp_path / f"{name}.elf"
    subprocess.run([AS, "-mcpu=cortex-m4", "-mfpu=fpv4-sp-d16", str(src), "-o", str(obj)], check=True)
    subprocess.run([LD, "--section-start=.vectors=0", "-Ttext=0x40", "-Tdata=0x20000000",
                    str(obj), "-o", str(elf)], check=True)
    return elf


def region_cycles(tmp_path, body, pre="", post="", misalign=False):
    from m4sim import Simulator
    elf = asm_elf(tmp_path, body, pre, post, misalign)
    res = Simulator(elf).run()
    assert res.error is None, res.error
    assert res.exit_code == 0
    assert len(res.regions) == 1, res.regions
    return res.regions[0].cycles, res.regions[0].instructions
