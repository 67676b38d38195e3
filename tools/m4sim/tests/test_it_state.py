# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The IT state survives memory hooks.

Unicorn 2.1.4 calls cpu_restore_state() before each UC_HOOK_MEM_READ/WRITE callback, which
writes the IT state of the accessing instruction into the CPU state in the middle of a
translation block. When that instruction sits inside an IT block and the block goes on past the
IT block's end (`it mi; strbmi r2, [r0]; bx lr`, the end of m4crypt_memzero), nothing writes the
state back, and the next block (the caller, after the return) was translated as if it were still
inside the IT block: its first instructions were skipped. Only runs with memory hooks (`m4sim ct`,
`m4sim profile`) were affected; `m4sim run` was not. m4engine.c clears the stale state."""
import pytest

from m4sim import Simulator
from conftest import needs_toolchain, asm_elf

pytestmark = needs_toolchain

# itstore: a store inside an IT block (condition true, so the store happens and the memory hook
# runs), then flags that make the same condition false, then the return. After the return the
# caller sets r4 and r5; a skipped instruction leaves them 0 and the firmware faults.
BODY = """
  movs r4, #0
  movs r5, #0
  ldr r2, =buf
  bl itstore
  movs r4, #1
  movs r5, #2
  cmp r4, #1
  bne fail
  cmp r5, #2
  bne fail
"""
POST = """
.balign 4
.thumb_func
itstore:
  cmp r0, r0
  itt eq
  streq r1, [r2]
  addeq r1, r1, #1
  cmp r0, #1
  bx lr
.thumb_func
fail:
  ldr r1, =0x90000000
  ldr r1, [r1]
  b fail
"""


@pytest.mark.parametrize("traced", [False, True], ids=["run", "traced"])
def test_return_after_it_block_with_memory_hooks(tmp_path, traced):
    elf = asm_elf(tmp_path, BODY, post=POST)
    res = Simulator(elf).run(trace_regions={"r"} if traced else None)
    assert res.error is None, res.error
    assert res.exit_code == 0
    assert len(res.regions) == 1
    if traced:
        plain = Simulator(elf).run()
        assert res.regions[0].cycles == plain.regions[0].cycles
        assert res.regions[0].instructions == plain.regions[0].instructions
