# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The ct memory trace names the instruction of every access (m4engine.c, access_pc): the engine
finds it from the block's decoded instructions and the bytes each moves, without a per-instruction
hook. Checked against a reference that does use one: a Python UC_HOOK_CODE on every instruction
remembers its address, and a memory hook records each access with it."""
import pytest
from unicorn import UC_HOOK_CODE, UC_HOOK_MEM_READ, UC_HOOK_MEM_WRITE, UC_MEM_WRITE
from unicorn import arm_const as AC

from conftest import asm_elf, needs_toolchain
from m4sim import Simulator

# Every kind of access m4sim decodes: single loads and stores of each width, LDRD/STRD, LDM/STM,
# PUSH/POP, VLDR/VSTR of S and D registers, VLDM/VSTM/VPUSH/VPOP, exclusives, TBB/TBH, an
# unaligned LDR, and loads inside IT blocks, both executed and skipped, in blocks of several
# memory instructions (so that the k-th access of a block is not simply the k-th instruction).
BODY = """
  ldr r4, =buf + 128
  movs r0, #7
  str r0, [r4]
  strb r0, [r4, #5]
  strh r0, [r4, #6]
  ldr r1, [r4]
  ldrb r2, [r4, #5]
  ldrsh r3, [r4, #6]
  ldrd r0, r1, [r4]
  strd r0, r1, [r4, #8]
  ldr r5, [r4, #1]
  ldm r4, {r0, r1, r2, r3}
  stmdb r4, {r0, r1, r2}
  add r6, r4, #64
  stmia r6!, {r0, r1, r2, r3, r5}
  push {r4, r5, r6, lr}
  pop {r4, r5, r6, lr}
  vldr s0, [r4]
  vldr d1, [r4, #8]
  vstr d1, [r4, #16]
  vstr s0, [r4, #24]
  vldmia r4, {d2-d4}
  vstmia r6, {s4-s9}
  vpush {d8-d9}
  vpop {d8-d9}
  ldrex r0, [r4]
  strex r1, r0, [r4]
  cmp r0, r0
  ite eq
  ldreq r1, [r4, #4]
  ldrne r2, [r4, #8]
  itt ne
  ldrne r1, [r4, #12]
  strne r2, [r4, #16]
  ldr r3, [r4, #20]
  movs r0, #1
  tbb [pc, r0]
tbb_table:
  .byte 0, (tbb_done - tbb_table) / 2
  .balign 2
  nop
tbb_done:
  movs r0, #0
  tbh [pc, r0, lsl #1]
tbh_table:
  .hword (tbh_done - tbh_table) / 2
tbh_done:
  ldr r0, [r4], #4
  ldr r1, [r4, #4]!
  ldrh r2, [r4, #-2]
"""


def reference_accesses(sim, elf_path):
    """(pc, address, size, write) of every access from the region's first instruction up to the
    call of m4sim_region_end, with a code hook on every instruction."""
    uc = sim._setup(None)
    begin = sim.image.symbol("m4sim_region_begin").value & ~1
    end = sim.image.symbol("m4sim_region_end").value & ~1
    state = {"pc": None, "in": False, "out": []}

    def code(uc_, addr, size, _):
        if addr == begin:
            state["in"] = True
        state["pc"] = addr

    def mem(uc_, kind, addr, size, value, _):
        if state["in"] and state["pc"] not in (begin, end):
            state["out"].append((state["pc"], addr, size, kind == UC_MEM_WRITE))

    uc.hook_add(UC_HOOK_CODE, code)
    uc.hook_add(UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, mem)
    uc.emu_start(sim.reset | 1, end)
    return state["out"]


def traced_accesses(region):
    mt = region.trace[2]
    out = []
    for i in range(0, len(mt), 12):
        pc, addr, sz = (int.from_bytes(mt[i + k:i + k + 4], "little") for k in (0, 4, 8))
        out.append((pc, addr, sz & 0xFFFF, bool(sz & 0x80000000)))
    return out


@needs_toolchain
@pytest.mark.parametrize("misalign", [False, True], ids=["aligned", "misaligned"])
def test_every_access_names_its_instruction(tmp_path, misalign):
    elf = asm_elf(tmp_path, BODY, misalign=misalign)
    sim = Simulator(elf)
    res = sim.run(trace_regions={"r"})
    assert res.error is None, res.error
    assert sim.warnings == []
    traced = traced_accesses(res.regions[0])
    ref = reference_accesses(Simulator(elf), elf)
    assert len(traced) >= 55
    assert traced == ref
    # 32 instructions access memory (the literal load before the body included); the three that
    # IT skips do not
    assert len({pc for pc, *_ in ref}) == 32


@needs_toolchain
def test_a_wrong_byte_count_is_seen(tmp_path, monkeypatch):
    """The check above can fail: with LDRD decoded as moving 4 bytes, the second access of each
    LDRD is given to the next memory instruction."""
    from m4sim import decode
    real = decode.classify

    def wrong(insn, in_it=False):
        s = real(insn, in_it)
        if s.kind == "ldrd":
            s.mem_bytes = 4
        return s
    monkeypatch.setattr(decode, "classify", wrong)
    elf = asm_elf(tmp_path, BODY)
    res = Simulator(elf).run(trace_regions={"r"})
    assert traced_accesses(res.regions[0]) != reference_accesses(Simulator(elf), elf)
