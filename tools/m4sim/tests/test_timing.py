# SPDX-License-Identifier: Apache-2.0 OR MIT
"""One test (or more) per rule of the cycle model, on hand-written Thumb-2.

Expectations are written with the model constants, so recalibrating a number
keeps the tests meaningful: they check that each rule is applied where it
should be, and only there.  The region starts after `bl m4sim_region_begin`
returns (a taken branch, so no pipeline state carries into the region)."""
import pytest

from m4sim import model as M
from conftest import needs_toolchain, region_cycles

pytestmark = needs_toolchain

P = M.REFILL_P
PRE_BUF = "  ldr r2, =buf\n  ldr r4, =buf+16\n  ldr r5, =buf+32\n  movs r3, #4\n"


def cyc(tmp_path, body, **kw):
    return region_cycles(tmp_path, body, **kw)[0]


# ---- single-cycle classes ---------------------------------------------------------
def test_alu_and_mul(tmp_path):
    body = "  adds r1, r2, r3\n  eor.w r1, r1, r3, ror #7\n  mul r1, r2, r3\n  umull r1, r6, r2, r3\n" \
           "  smlad r1, r2, r3, r6\n  uadd16 r1, r2, r3\n  sel r1, r2, r3\n  ubfx r1, r2, #3, #5\n" \
           "  clz r1, r2\n  rev r1, r2\n"
    c, n = region_cycles(tmp_path, body)
    assert n == 10
    # the 16-bit adds leaves eor.w, mul, umull, ... at addr % 4 == 2: a run of
    # misaligned 32-bit instructions, which costs RUN32_PENALTY once
    assert c == 5 * M.ALU + M.MUL + M.MUL_LONG * 2 + M.SIMD * 2 + M.RUN32_PENALTY


# ---- loads and stores: pipelining ----------------------------------------------
def test_ldr_alone(tmp_path):
    assert cyc(tmp_path, "  ldr r1, [r2]\n", pre=PRE_BUF) == M.LDR


def test_ldr_ldr_pipelines(tmp_path):
    assert cyc(tmp_path, "  ldr r1, [r2]\n  ldr r6, [r4]\n", pre=PRE_BUF) == 2 * M.LDR - M.PIPE_SAVE_LOAD
    assert M.LDR * 2 - M.PIPE_SAVE_LOAD == 3  # TRM example: LDR;LDR = 3


def test_three_ldr(tmp_path):
    assert cyc(tmp_path, "  ldr r1, [r2]\n  ldr r6, [r4]\n  ldrb r7, [r5, #1]\n", pre=PRE_BUF) == \
        3 * M.LDR - 2 * M.PIPE_SAVE_LOAD


def test_ldr_dependent_address_no_pipeline(tmp_path):
    # second load's base is the first load's result: no pipelining, and the
    # address-generation stall applies
    pre = PRE_BUF + "  str r4, [r2]\n"
    assert cyc(tmp_path, "  ldr r1, [r2]\n  ldr r6, [r1]\n", pre=pre) == 2 * M.LDR + M.ADDR_STALL


def test_ldr_then_str_pipelines(tmp_path):
    # model 1.1 (calibration): a store pipelined after a load loses PIPE_SAVE_STORE cycles but
    # still costs at least PIPE_STORE_MIN; LSN: LDR;STR = 3 in total for either STR addressing
    def piped(base):
        return max(base - M.PIPE_SAVE_STORE, min(base, M.PIPE_STORE_MIN))
    assert cyc(tmp_path, "  ldr r1, [r2]\n  str r6, [r4]\n", pre=PRE_BUF) == M.LDR + piped(M.STR_IMM)
    assert cyc(tmp_path, "  ldr r1, [r2]\n  str r6, [r4, r3]\n", pre=PRE_BUF) == M.LDR + piped(M.STR_REG)
    assert M.LDR + piped(M.STR_IMM) == 3 and M.LDR + piped(M.STR_REG) == 3  # the LSN examples


def test_str_imm_and_reg(tmp_path):
    assert cyc(tmp_path, "  str r1, [r2]\n", pre=PRE_BUF) == M.STR_IMM
    assert cyc(tmp_path, "  str r1, [r2, r3]\n", pre=PRE_BUF) == M.STR_REG


def test_nothing_pipelines_after_store(tmp_path):
    # STR (reg offset) then LDR: no pipelining, but store-then-load applies
    assert cyc(tmp_path, "  str r1, [r2, r3]\n  ldr r6, [r4]\n", pre=PRE_BUF) == \
        M.STR_REG + M.LDR + M.STORE_THEN_LOAD


def test_store_then_load(tmp_path):
    assert cyc(tmp_path, "  str r1, [r2]\n  ldr r6, [r4]\n", pre=PRE_BUF) == \
        M.STR_IMM + M.LDR + M.STORE_THEN_LOAD
    # a store followed by an ALU op: no penalty
    assert cyc(tmp_path, "  str r1, [r2]\n  adds r6, r6, #1\n", pre=PRE_BUF) == M.STR_IMM + M.ALU


def test_ldrd_and_ldm_do_not_pipeline(tmp_path):
    assert cyc(tmp_path, "  ldrd r6, r7, [r2]\n  ldr r1, [r4]\n", pre=PRE_BUF) == M.LDRD + M.LDR
    assert cyc(tmp_path, "  ldr r1, [r4]\n  ldrd r6, r7, [r2]\n", pre=PRE_BUF) == M.LDR + M.LDRD
    assert cyc(tmp_path, "  ldr r1, [r4]\n  ldm r2, {r6, r7}\n", pre=PRE_BUF) == M.LDR + M.LDM_BASE + 2


def test_address_generation_stall(tmp_path):
    assert cyc(tmp_path, "  adds r2, r2, #4\n  ldr r1, [r2]\n", pre=PRE_BUF) == M.ALU + M.LDR + M.ADDR_STALL
    # offset register
    assert cyc(tmp_path, "  movs r3, #8\n  ldr r1, [r2, r3]\n", pre=PRE_BUF) == M.ALU + M.LDR + M.ADDR_STALL
    # an unrelated register: no stall
    assert cyc(tmp_path, "  adds r6, r6, #4\n  ldr r1, [r2]\n", pre=PRE_BUF) == M.ALU + M.LDR
    # stores too
    assert cyc(tmp_path, "  adds r2, r2, #4\n  str r1, [r2]\n", pre=PRE_BUF) == M.ALU + M.STR_IMM + M.ADDR_STALL
    # writeback counts as a write of the base
    assert cyc(tmp_path, "  ldr r1, [r2], #4\n  adds r6, #1\n  ldr r7, [r2]\n", pre=PRE_BUF) == \
        M.LDR + M.ALU + M.LDR
    assert cyc(tmp_path, "  ldr r1, [r2], #4\n  ldr r7, [r2]\n", pre=PRE_BUF) == \
        M.LDR + M.LDR + M.ADDR_STALL


def test_literal_load(tmp_path):
    assert cyc(tmp_path, "  ldr r1, =0x12345678\n") == M.LDR + M.LITERAL_EXTRA


def test_ldm_stm_push_pop(tmp_path):
    assert cyc(tmp_path, "  ldm r2, {r1, r3, r6, r7}\n", pre=PRE_BUF) == M.LDM_BASE + 4
    assert cyc(tmp_path, "  stmia r2!, {r1, r3, r6}\n", pre=PRE_BUF) == M.LDM_BASE + 3
    assert cyc(tmp_path, "  push {r4-r7}\n  adds r1, #1\n  pop {r4-r7}\n") == 2 * (M.LDM_BASE + 4) + M.ALU


def test_pop_pc(tmp_path):
    pre = "  ldr r3, =tgt+1\n  push {r2, r3}\n"
    body = "  pop {r1, pc}\n  nop\n  nop\ntgt:\n  nop\n"
    assert cyc(tmp_path, body, pre=pre) == M.LDM_BASE + 2 + P + M.ALU


def test_ldr_pc(tmp_path):
    pre = "  ldr r2, =tbl\n"
    body = "  ldr pc, [r2]\n  nop\ntgt:\n  nop\n"
    post = ".balign 4\ntbl: .word tgt+1\n"
    assert cyc(tmp_path, body, pre=pre, post=post) == M.LDR_PC_BASE + P + M.ALU


# ---- branches ----------------------------------------------------------------
def test_branch_taken_16bit_target(tmp_path):
    assert cyc(tmp_path, "  b 1f\n  nop\n1:\n  nop\n") == M.BRANCH + P + M.ALU


def test_branch_target_32bit_misaligned(tmp_path):
    # target: a 32-bit instruction at addr % 4 == 2 -> P + 1
    body = "  b 1f\n  .balign 4\n  nop\n1:\n  add.w r1, r1, #1\n"
    assert cyc(tmp_path, body) == M.BRANCH + P + M.REFILL_P_MISALIGNED32 + M.ALU
    body = "  b 1f\n  .balign 4\n1:\n  add.w r1, r1, #1\n"
    assert cyc(tmp_path, body) == M.BRANCH + P + M.ALU


def test_conditional_branch_taken_and_not(tmp_path):
    # not taken (r1 == r1): 1 cycle, falls through
    body = "  cmp r1, r1\n  bne 1f\n  nop\n1:\n  nop\n"
    c, n = region_cycles(tmp_path, body)
    assert (c, n) == (M.ALU + M.BRANCH_NOT_TAKEN + 2 * M.ALU, 4)
    # taken
    body = "  cmp r1, r1\n  beq 1f\n  nop\n1:\n  nop\n"
    c, n = region_cycles(tmp_path, body)
    assert (c, n) == (M.ALU + M.BRANCH + P + M.ALU, 3)


def test_cbz(tmp_path):
    assert cyc(tmp_path, "  movs r1, #0\n  cbz r1, 1f\n  nop\n1:\n  nop\n") == M.ALU + M.BRANCH + P + M.ALU
    assert cyc(tmp_path, "  movs r1, #1\n  cbz r1, 1f\n  nop\n1:\n  nop\n") == \
        M.ALU + M.BRANCH_NOT_TAKEN + 2 * M.ALU


def test_loop(tmp_path):
    body = "  movs r1, #3\n1:\n  subs r1, #1\n  bne 1b\n"
    c, n = region_cycles(tmp_path, body)
    assert n == 7
    assert c == M.ALU + 2 * (M.ALU + M.BRANCH + P) + (M.ALU + M.BRANCH_NOT_TAKEN)


def test_bl_bx(tmp_path):
    post = ".thumb_func\nfn: bx lr\n"
    body = "  bl fn\n  nop\n"
    # bl (taken, target 16-bit bx) + bx lr (taken, target nop 16-bit) + nop
    assert cyc(tmp_path, body, post=post) == 2 * (M.BRANCH + P) + M.ALU


def test_tbb(tmp_path):
    body = "  movs r1, #1\n  tbb [pc, r1]\n1:\n  .byte 0, (2f-1b)/2\n2:\n  nop\n"
    assert cyc(tmp_path, body) == M.ALU + M.TB_BASE + P + M.ALU


# ---- IT ----------------------------------------------------------------------
def test_it_folds_after_16bit(tmp_path):
    assert cyc(tmp_path, "  movs r1, #1\n  it eq\n  moveq r2, r3\n") == M.ALU + M.IT_AFTER_16 + M.ALU


def test_it_after_32bit(tmp_path):
    assert cyc(tmp_path, "  mov.w r1, #1\n  it eq\n  moveq r2, r3\n") == M.ALU + M.IT_AFTER_32 + M.ALU


def test_it_skipped_load_costs_one(tmp_path):
    pre = PRE_BUF + "  movs r1, #1\n  movs r6, #2\n"
    executed = cyc(tmp_path, "  cmp r1, r1\n  it eq\n  ldreq r7, [r2]\n", pre=pre)
    skipped = cyc(tmp_path, "  cmp r1, r6\n  it eq\n  ldreq r7, [r2]\n", pre=pre)
    assert executed == M.ALU + M.IT_AFTER_16 + M.LDR
    assert skipped == M.ALU + M.IT_AFTER_16 + M.IT_SKIPPED


def test_it_then_else_counts_all(tmp_path):
    # both halves of ITE are in the block: both are counted (one is skipped)
    c, n = region_cycles(tmp_path, "  cmp r1, r1\n  ite eq\n  moveq r2, #1\n  movne r2, #2\n")
    assert n == 4
    assert c == M.ALU + M.IT_AFTER_16 + M.ALU + M.IT_SKIPPED


def test_it_after_not_taken_branch_crosses_block(tmp_path):
    # the not-taken bne ends a translation block: the IT that starts the next
    # block must still see a 16-bit predecessor
    body = "  cmp r1, r1\n  bne 1f\n  it eq\n  moveq r2, #1\n1:\n  nop\n"
    assert cyc(tmp_path, body) == M.ALU + M.BRANCH_NOT_TAKEN + M.IT_AFTER_16 + 2 * M.ALU


def test_it_conditional_return(tmp_path):
    post = ".thumb_func\nfn:\n  cmp r1, #0\n  it eq\n  bxeq lr\n  movs r1, #0\n  bx lr\n"
    pre = "  movs r1, #0\n"
    # bl fn (taken) + cmp + it + bxeq (taken) + nop
    assert cyc(tmp_path, "  bl fn\n  nop\n", pre=pre, post=post) == \
        (M.BRANCH + P) + M.ALU + M.IT_AFTER_16 + (M.BRANCH + P) + M.ALU
    pre = "  movs r1, #1\n"
    # bxeq not taken: skipped; then movs, bx lr (taken), nop
    assert cyc(tmp_path, "  bl fn\n  nop\n", pre=pre, post=post) == \
        (M.BRANCH + P) + M.ALU + M.IT_AFTER_16 + M.IT_SKIPPED + M.ALU + (M.BRANCH + P) + M.ALU


# ---- division ------------------------------------------------------------------
@pytest.mark.parametrize("n,m", [(100, 0), (0, 7), (1, 100), (1000, 10), (0xFFFFFFFF, 1),
                                 (0x12345678, 0x1234), (5, 5), (0x80000000, 3)])
def test_udiv(tmp_path, n, m):
    pre = f"  ldr r1, ={n}\n  ldr r2, ={m}\n"
    assert cyc(tmp_path, "  udiv r3, r1, r2\n", pre=pre) == M.div_cycles(n, m)


def test_udiv_values():
    assert M.div_cycles(100, 0) == 2
    assert M.div_cycles(1, 100) == 3
    assert M.div_cycles(1000, 10) == 6
    assert M.div_cycles(0xFFFFFFFF, 1) == 12


@pytest.mark.parametrize("n,m", [(-1000, 10), (1000, -3), (-(1 << 31), 1), (7, -7)])
def test_sdiv(tmp_path, n, m):
    pre = f"  ldr r1, ={n & 0xFFFFFFFF}\n  ldr r2, ={m & 0xFFFFFFFF}\n"
    assert cyc(tmp_path, "  sdiv r3, r1, r2\n", pre=pre) == \
        M.div_cycles(n & 0xFFFFFFFF, m & 0xFFFFFFFF, signed=True)


def test_udiv_in_loop_sees_each_operand(tmp_path):
    # the same udiv executed with different operands
    pre = "  ldr r1, =0xFFFFFFFF\n  movs r2, #1\n  movs r6, #2\n"
    body = "1:\n  udiv r3, r1, r2\n  lsrs r1, r1, #8\n  subs r6, #1\n  bne 1b\n"
    c = cyc(tmp_path, body, pre=pre)
    exp = M.div_cycles(0xFFFFFFFF, 1) + M.div_cycles(0xFFFFFF, 1) + \
        4 * M.ALU + (M.BRANCH + P) + M.BRANCH_NOT_TAKEN
    assert c == exp


# ---- fetch: runs of misaligned 32-bit instructions ------------------------------
def test_run_of_three_misaligned_32bit(tmp_path):
    body = "  add.w r1, r1, #1\n  add.w r2, r2, #1\n  add.w r3, r3, #1\n"
    assert cyc(tmp_path, body, misalign=True) == 3 * M.ALU + M.RUN32_PENALTY
    assert cyc(tmp_path, body, misalign=False) == 3 * M.ALU
    two = "  add.w r1, r1, #1\n  add.w r2, r2, #1\n  adds r3, #1\n  add.w r3, r3, #1\n"
    assert cyc(tmp_path, two, misalign=True) == 4 * M.ALU


# ---- floating point ------------------------------------------------------------------
def test_fp(tmp_path):
    pre = PRE_BUF
    assert cyc(tmp_path, "  vmov s0, r1\n", pre=pre) == M.VMOV_CORE_S
    assert cyc(tmp_path, "  vmov s0, s1, r1, r3\n", pre=pre) == M.VMOV_2
    assert cyc(tmp_path, "  vmov r1, r3, d0\n", pre=pre) == M.VMOV_2
    assert cyc(tmp_path, "  vldr s0, [r2]\n", pre=pre) == M.VLDR32
    assert cyc(tmp_path, "  vstr s0, [r2]\n", pre=pre) == M.VLDR32
    assert cyc(tmp_path, "  vldmia r2, {s0-s5}\n", pre=pre) == M.VLDM_BASE + 6
    assert cyc(tmp_path, "  vpush {s16-s19}\n  nop\n  vpop {s16-s19}\n", pre=pre) == 2 * (M.VLDM_BASE + 4) + M.ALU
    # back to back: vpop uses the SP that vpush just wrote (address stall)
    assert cyc(tmp_path, "  vpush {s16-s19}\n  vpop {s16-s19}\n", pre=pre) == 2 * (M.VLDM_BASE + 4) + M.ADDR_STALL
    assert cyc(tmp_path, "  vadd.f32 s0, s1, s2\n  vmul.f32 s3, s1, s2\n", pre=pre) == 2 * M.FP_ALU
    assert cyc(tmp_path, "  vmla.f32 s0, s1, s2\n", pre=pre) == M.FP_MAC
    assert cyc(tmp_path, "  vdiv.f32 s0, s1, s2\n", pre=pre) == M.FP_DIV
    assert cyc(tmp_path, "  vsqrt.f32 s0, s1\n", pre=pre) == M.FP_DIV


def test_memory_cycles(tmp_path):
    """Region.memory_cycles: the cycles of the region's loads and stores (here LDR 2 + STR 1 of
    4 cycles; an IT-skipped store is not a memory access)."""
    from m4sim import Simulator
    from conftest import asm_elf
    body = ("  ldr r1, [r4]\n  adds r2, r2, #1\n  str r1, [r4, #4]\n"
            "  cmp r2, r2\n  it ne\n  strne r1, [r4, #8]\n")
    res = Simulator(asm_elf(tmp_path, body, pre="  ldr r4, =buf\n  movs r2, #0")).run()
    r = res.regions[0]
    assert r.memory_cycles == M.LDR + M.STR_IMM
    assert r.cycles == M.LDR + M.ALU + M.STR_IMM + M.ALU + M.IT_AFTER_16 + M.IT_SKIPPED
