# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Decode Thumb-2 code with capstone and assign each instruction its static cost
class (see model.py for the numbers and their sources).

The result of classify() is the static part of the model: base cycles if the
instruction executes, plus the flags and register masks the native engine
needs for the dynamic rules (pipelining, address stalls, branches, IT).
"""
from capstone import Cs, CS_ARCH_ARM, CS_MODE_THUMB, CS_MODE_MCLASS
from capstone.arm import ARM_OP_MEM, ARM_OP_REG, ARM_CC_AL

from . import model as M
from .native import (F_LOAD1, F_STORE1, F_MEM, F_LITERAL, F_STL_SRC, F_STL_DST, F_BR,
                     F_BRCOND, F_IT, F_DIV, F_ITCOND, F_ITBR)

_REGNO = {f"r{i}": i for i in range(13)}
_REGNO.update({"sb": 9, "sl": 10, "fp": 11, "ip": 12, "sp": 13, "lr": 14, "pc": 15})

LOAD1 = {"ldr", "ldrb", "ldrh", "ldrsb", "ldrsh", "ldrt", "ldrbt", "ldrht", "ldrsbt", "ldrsht"}
STORE1 = {"str", "strb", "strh", "strt", "strbt", "strht"}
LOADX = {"ldrex", "ldrexb", "ldrexh", "lda", "ldab", "ldah", "ldaex", "ldaexb", "ldaexh"}
STOREX = {"strex", "strexb", "strexh", "stl", "stlb", "stlh", "stlex", "stlexb", "stlexh"}
LDM = {"ldm", "ldmdb", "ldmia", "ldmda", "ldmib", "pop"}
STM = {"stm", "stmdb", "stmia", "stmda", "stmib", "push"}
VLDM = {"vldmia", "vldmdb", "vpop"}
VSTM = {"vstmia", "vstmdb", "vpush"}
BRANCH = {"b", "bl", "bx", "blx"}
FP_MAC = {"vmla", "vmls", "vnmla", "vnmls", "vfma", "vfms", "vfnma", "vfnms"}
FP_DIV = {"vdiv", "vsqrt"}
MUL = {"mul", "mla", "mls"}
MISC = {"nop", "dmb", "dsb", "isb", "mrs", "msr", "cpsid", "cpsie", "cps", "wfi", "wfe",
        "sev", "yield", "bkpt", "svc", "udf", "pld", "pli", "clrex"}


def new_cs():
    md = Cs(CS_ARCH_ARM, CS_MODE_THUMB | CS_MODE_MCLASS)
    md.detail = True
    return md


def _rmask(insn, regs):
    m = 0
    for r in regs:
        n = _REGNO.get(insn.reg_name(r))
        if n is not None:
            m |= 1 << n
    return m


def _nregs_fp(insn, ops):
    n = 0
    for o in ops:
        if o.type == ARM_OP_REG:
            name = insn.reg_name(o.reg)
            if name.startswith("s"):
                n += 1
            elif name.startswith("d"):
                n += 2
    return n


class Static:
    """Static description of one instruction (what the engine gets, plus a name)."""
    __slots__ = ("addr", "size", "base", "flags", "addr_regs", "wr_regs", "kind", "text",
                 "div", "it_cond", "mem_bytes")

    def __init__(self, insn):
        self.addr = insn.address
        self.size = insn.size
        self.text = f"{insn.mnemonic} {insn.op_str}".strip()
        self.base = M.ALU
        self.flags = 0
        self.addr_regs = 0
        self.wr_regs = 0
        self.kind = "alu"
        self.div = None        # (rn, rm, signed) for UDIV/SDIV
        self.it_cond = False
        self.mem_bytes = 0     # bytes loaded or stored when executed (ct: access attribution)


def _width(name):
    """Bytes moved by a single load or store (LDR/STR, their B/H/SB/SH, T, EX and acquire/release
    forms): the letters after the first three say it."""
    suffix = name[3:]
    return 1 if "b" in suffix else 2 if "h" in suffix else 4


def classify(insn, in_it=False):
    """Return a Static for a capstone instruction. in_it: it is a conditional
    instruction inside an IT block."""
    s = Static(insn)
    name = insn.insn_name()
    ops = insn.operands
    try:
        _, wr = insn.regs_access()
    except Exception:  # pragma: no cover - capstone without access info
        wr = []
    s.wr_regs = _rmask(insn, wr)
    writes_pc = bool(s.wr_regs & (1 << 15))
    s.wr_regs &= 0x7FFF
    mem = [o for o in ops if o.type == ARM_OP_MEM]
    if mem:
        m = mem[0].mem
        s.addr_regs = _rmask(insn, [r for r in (m.base, m.index) if r])
    s.it_cond = in_it

    if name == "it":
        s.kind, s.base, s.flags = "it", 0, F_IT
    elif name in LOAD1 or name in LOADX:
        s.kind, s.base, s.flags = "ldr", M.LDR, F_MEM
        s.mem_bytes = _width(name)
        if name in LOAD1:
            s.flags |= F_LOAD1
        if mem and insn.reg_name(mem[0].mem.base) == "pc":
            s.flags |= F_LITERAL
        if writes_pc:
            s.kind, s.base = "ldr_pc", M.LDR_PC_BASE
            s.flags &= ~F_LOAD1
    elif name in STORE1 or name in STOREX:
        s.kind, s.flags = "str", F_MEM
        # a store-exclusive that succeeds is a compare-and-swap in Unicorn: a read, then the write
        s.mem_bytes = _width(name) * (2 if "ex" in name else 1)
        if name in STOREX:
            s.base = M.LDREX
        elif mem and mem[0].mem.index:
            s.kind, s.base = "str_reg", M.STR_REG
            s.flags |= F_STORE1
        else:
            s.base = M.STR_IMM
            s.flags |= F_STORE1
    elif name in ("ldrd", "ldrexd"):
        s.kind, s.base, s.flags = "ldrd", M.LDRD, F_MEM
        s.mem_bytes = 8
    elif name in ("strd", "strexd"):
        s.kind, s.base, s.flags = "strd", M.STRD, F_MEM
        s.mem_bytes = 16 if name == "strexd" else 8
    elif name in LDM or name in STM:
        regs = [o for o in ops if o.type == ARM_OP_REG]
        if name in ("pop", "push"):
            s.addr_regs = 1 << 13
            n = len(regs)
        else:
            s.addr_regs = _rmask(insn, [regs[0].reg]) if regs else 0
            n = len(regs) - 1
        s.kind = "ldm" if name in LDM else "stm"
        s.base, s.flags = M.LDM_BASE + n, F_MEM
        s.mem_bytes = 4 * n
    elif name in ("vldr", "vstr"):
        wide = any(o.type == ARM_OP_REG and insn.reg_name(o.reg).startswith("d") for o in ops)
        s.kind = name
        s.base, s.flags = (M.VLDR64 if wide else M.VLDR32), F_MEM
        s.mem_bytes = 8 if wide else 4
        if mem and insn.reg_name(mem[0].mem.base) == "pc":
            s.flags |= F_LITERAL
    elif name in VLDM or name in VSTM:
        s.kind = "vldm" if name in VLDM else "vstm"
        if name in ("vpop", "vpush"):
            s.addr_regs = 1 << 13
            s.wr_regs |= 1 << 13
            n = _nregs_fp(insn, ops)
        else:
            s.addr_regs = _rmask(insn, [ops[0].reg])
            n = _nregs_fp(insn, ops[1:])
        s.base, s.flags = M.VLDM_BASE + n, F_MEM
        s.mem_bytes = 4 * n
    elif name in ("vmov",):
        regs = [insn.reg_name(o.reg) for o in ops if o.type == ARM_OP_REG]
        core = sum(1 for r in regs if r in _REGNO)
        fp = len(regs) - core
        if core == 1 and fp == 1:
            s.kind, s.base = "vmov_core_s", M.VMOV_CORE_S
        elif core == 2:
            s.kind, s.base = "vmov_2", M.VMOV_2
        else:
            s.kind, s.base = "fp", M.FP_ALU
    elif name in FP_MAC:
        s.kind, s.base = "fp_mac", M.FP_MAC
    elif name in FP_DIV:
        s.kind, s.base = "fp_div", M.FP_DIV
    elif name.startswith("v"):
        s.kind, s.base = "fp", M.FP_ALU
    elif name in ("udiv", "sdiv"):
        regs = [_REGNO[insn.reg_name(o.reg)] for o in ops if o.type == ARM_OP_REG]
        s.kind, s.base, s.flags = "div", M.DIV_MAX, F_DIV
        s.div = (regs[1], regs[2], name == "sdiv")
    elif name in ("tbb", "tbh"):
        s.kind, s.base, s.flags = "tb", M.TB_BASE, F_BR
        s.addr_regs = 0
        s.mem_bytes = 1 if name == "tbb" else 2   # the table entry it reads
        return s
    elif name in ("cbz", "cbnz"):
        s.kind, s.base, s.flags = "bcond", M.BRANCH_NOT_TAKEN, F_BRCOND
        return s
    elif name in BRANCH:
        if insn.cc != ARM_CC_AL and not in_it:
            s.kind, s.base, s.flags = "bcond", M.BRANCH_NOT_TAKEN, F_BRCOND
        else:
            s.kind, s.base, s.flags = "b", M.BRANCH, F_BR
    elif name in MUL:
        s.kind, s.base = "mul", M.MUL
    elif name in ("umull", "smull", "umlal", "smlal", "umaal") or name.startswith("smul") \
            or name.startswith("smla") or name.startswith("smls") or name.startswith("smmul") \
            or name.startswith("smml") or name in ("smuad", "smuadx", "smusd", "smusdx"):
        s.kind, s.base = "mul_long", M.MUL_LONG
    elif name in MISC:
        s.kind, s.base = "misc", M.MISC

    if writes_pc and not (s.flags & (F_BR | F_BRCOND)):
        # any other PC write (POP {pc}, LDM {..pc}, LDR pc, MOV pc, ADD pc): +P
        s.flags |= F_BR
        if s.kind == "alu":
            s.kind, s.base = "alu_pc", M.BRANCH

    # rule STORE_THEN_LOAD (which stores / which loads: model.STORE_THEN_LOAD_*)
    if s.kind in ("str", "str_reg") and "str" in M.STORE_THEN_LOAD_SOURCES or \
            s.kind == "strd" and "strd" in M.STORE_THEN_LOAD_SOURCES:
        s.flags |= F_STL_SRC
    if s.kind in ("ldr", "ldr_pc") and "ldr" in M.STORE_THEN_LOAD_TARGETS or \
            s.kind in M.STORE_THEN_LOAD_TARGETS:
        s.flags |= F_STL_DST

    if in_it and (s.flags & F_BR):
        # a PC write inside an IT block: taken iff it executed
        s.flags = (s.flags & ~F_BR) | F_BRCOND | F_ITBR
    return s


def it_count(insn_bytes):
    """Number of instructions governed by an IT instruction (16-bit encoding)."""
    hw = insn_bytes[0] | (insn_bytes[1] << 8)
    mask = hw & 0xF
    if (hw & 0xFF00) != 0xBF00 or mask == 0:
        return 0
    tz = (mask & -mask).bit_length() - 1
    return 4 - tz


def it_is_conditional(insn_bytes):
    hw = insn_bytes[0] | (insn_bytes[1] << 8)
    return ((hw >> 4) & 0xF) != 0xE


def decode_block(md, code, addr):
    """Decode the bytes of one block. Returns a list of Static."""
    out = []
    it_left = 0
    it_cond = False
    for insn in md.disasm(code, addr):
        in_it = it_left > 0 and it_cond
        s = classify(insn, in_it)
        if it_left:
            it_left -= 1
        if s.kind == "it":
            it_left = it_count(insn.bytes)
            it_cond = it_is_conditional(insn.bytes)
        out.append(s)
    return out


def scan_slots(md, code, base):
    """Find the instructions that need an execution hook, at every halfword of
    an executable segment (so literal pools cannot hide one): UDIV/SDIV and the
    conditional instructions of IT blocks.  Returns {addr: Static}.
    False positives (data that looks like code) are harmless."""
    found = {}
    n = len(code)
    for off in range(0, n - 1, 2):
        hw = code[off] | (code[off + 1] << 8)
        if (hw & 0xFFD0) == 0xFB90 and off + 3 < n:
            hw2 = code[off + 2] | (code[off + 3] << 8)
            if (hw2 & 0xF0F0) == 0xF0F0:
                for insn in md.disasm(code[off:off + 4], base + off):
                    s = classify(insn)
                    if s.div:
                        found.setdefault(base + off, s)
        elif (hw & 0xFF00) == 0xBF00 and (hw & 0xF) and ((hw >> 4) & 0xF) != 0xE:
            cnt = it_count(code[off:off + 2])
            # decode the IT block in context (capstone tracks IT state)
            seq = list(md.disasm(code[off:off + 2 + 4 * cnt], base + off, count=cnt + 1))
            for insn in seq[1:]:
                s = classify(insn, True)
                if not (s.flags & (F_BR | F_BRCOND)):
                    found[insn.address] = s
    return found
