# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The simulator: Unicorn (Cortex-M4 model) + native cycle engine + semihosting +
region markers."""
import ctypes
import statistics
import struct
import sys
from dataclasses import dataclass, field

from unicorn import (Uc, UcError, UC_ARCH_ARM, UC_MODE_THUMB, UC_HOOK_INTR, UC_PROT_ALL)
from unicorn import arm_const as AC

from . import decode, model, native
from .elf import load as load_elf
from .semihost import Semihost, Exit

# QEMU mps2-an386 memory map (the subset the firmware uses)
MEMORY_MAP = [
    (0x00000000, 0x00400000),   # code SSRAM1 (4 MB)
    (0x20000000, 0x00400000),   # SSRAM2/3 (4 MB)
    (0x21000000, 0x01000000),   # PSRAM (16 MB)
    (0xE0000000, 0x00100000),   # PPB: SCS (CPACR, NVIC, SysTick), DWT, ITM - plain RAM here
]
STOP_ADDR = 0xFFFFFFF0
EXIT_LIMIT = 124      # exit code when --max-instructions is hit (like timeout(1))
EXIT_ERROR = 125      # exit code for a simulation error (fault, bad ELF, ...)
EXCP_BKPT = 7
PAINT_WORD = 0xA5C35A3C
PAINT = struct.pack("<I", PAINT_WORD)

_UC_REGS = [AC.UC_ARM_REG_R0, AC.UC_ARM_REG_R1, AC.UC_ARM_REG_R2, AC.UC_ARM_REG_R3,
            AC.UC_ARM_REG_R4, AC.UC_ARM_REG_R5, AC.UC_ARM_REG_R6, AC.UC_ARM_REG_R7,
            AC.UC_ARM_REG_R8, AC.UC_ARM_REG_R9, AC.UC_ARM_REG_R10, AC.UC_ARM_REG_R11,
            AC.UC_ARM_REG_R12, AC.UC_ARM_REG_SP, AC.UC_ARM_REG_LR, AC.UC_ARM_REG_PC]


class SimError(Exception):
    pass


MARKERS = ("m4sim_region_begin", "m4sim_region_end")
# what a user adds to firmware that lacks the markers or the seed (docs/measure-your-own-code.md)
HOW_TO_ADD = ("add them to the firmware: in one .c file write\n"
              "    #define M4SIM_DEFINE\n"
              "    #include \"m4sim.h\"          (compile with -I\"$(m4sim --include-dir)\")\n"
              "and put the code to measure between m4sim_region_begin(\"name\"); and "
              "m4sim_region_end(); (or M4SIM_REGION(\"name\", code);). Without the header: two "
              "empty, noinline functions void m4sim_region_begin(const char *name) and void "
              "m4sim_region_end(void) do the same. See docs/measure-your-own-code.md")


def missing_markers_message(path, missing):
    """The message for an ELF that lacks region marker symbols."""
    return (f"{path} has no region markers: symbol{'s' if len(missing) > 1 else ''} "
            f"{' and '.join(missing)} not found. To measure regions, {HOW_TO_ADD}")


def seed_problem(sim):
    """None if m4sim_ct_seed is usable, else what is wrong with it and how to fix it."""
    s = sim.seed_sym
    if s is None:
        return (f"{sim.path} has no symbol m4sim_ct_seed, so the secrets cannot be varied between "
                f"runs. Define it, in .data, and derive every secret from it: m4sim.h does "
                f"(#define M4SIM_DEFINE, #include \"m4sim.h\" in one .c file). If the firmware "
                f"defines it but was linked with -Wl,--gc-sections and no code takes its address, "
                f"the linker dropped it: m4sim.h's definition keeps it (m4sim_region_begin refers "
                f"to it); or read it where the secrets are made, or link with "
                f"-Wl,--undefined=m4sim_ct_seed")
    sec = sim.image.sections.get(s.section)
    if sec is not None and sec[2] is None and sec[3] & 2:
        return (f"{sim.path}: m4sim_ct_seed is in {s.section} (zero-initialised): the startup code "
                f"clears it after m4sim wrote the seed, so every run would get the same secrets. "
                f"Give it an initialiser (volatile unsigned char m4sim_ct_seed[32] = {{1}};) so that "
                f"it lands in .data, as m4sim.h does")
    return None


@dataclass
class Region:
    """One execution of a region (from the first instruction after
    m4sim_region_begin returns up to, not including, the call of
    m4sim_region_end)."""
    name: str
    cycles: int
    instructions: int
    stack_bytes: int
    depth: int = 0           # nesting level (0 = outermost)
    trace: tuple = None      # ct mode: (insn addrs, insn cycles, mem triples) as bytes
    # public calls (run(public_functions=...)): what the region spent inside
    # them (included in cycles / instructions) and how often each was called
    public_cycles: int = 0
    public_instructions: int = 0
    public_calls: dict = None
    memory_cycles: int = 0   # cycles of its loads and stores (LDR/STR/LDM/STM/PUSH/POP/VLDR/...)
    # run(stack_residue=True): the bytes left below the region's starting SP (residue_sp) when it
    # ends, from the deepest word it wrote up to that SP (what the caller's later code could read
    # back), and the caller's r0-r12 and lr when the region began (a callee's prologue saves some
    # of them there)
    residue: bytes = None
    residue_sp: int = 0
    entry_regs: tuple = None

    @property
    def compared_cycles(self):
        """Cycles outside public calls."""
        return self.cycles - self.public_cycles

    def as_dict(self):
        return {"name": self.name, "cycles": self.cycles, "instructions": self.instructions,
                "stack_bytes": self.stack_bytes, "memory_cycles": self.memory_cycles}


@dataclass
class Result:
    exit_code: int
    stdout: bytes
    stderr: bytes
    regions: list = field(default_factory=list)
    cycles: int = 0
    instructions: int = 0
    error: str = None
    hit_limit: bool = False
    seconds: float = 0.0
    public_calls: dict = None   # whole run: public function name -> number of calls

    def by_name(self, name):
        return [r for r in self.regions if r.name == name]

    def stats(self, name):
        """min / median / max cycles and max stack over all runs of a region."""
        rs = self.by_name(name)
        if not rs:
            return None
        cyc = [r.cycles for r in rs]
        return {"name": name, "count": len(rs), "min": min(cyc), "median": statistics.median(cyc),
                "max": max(cyc), "instructions_median": statistics.median([r.instructions for r in rs]),
                "stack_bytes": max(r.stack_bytes for r in rs)}


class Simulator:
    """Load an ELF once; run it any number of times.

    >>> sim = Simulator("fw.elf")
    >>> res = sim.run(args=["x"])
    >>> res.exit_code, res.stdout, res.regions
    """

    def __init__(self, elf_path, max_instructions=0, stack_paint_bytes=1 << 20):
        self.path = str(elf_path)
        self.image = load_elf(self.path)
        self.max_instructions = max_instructions
        self.stack_paint_bytes = stack_paint_bytes
        self._md = decode.new_cs()
        self._lib = native.lib()
        self._decoded = {}
        self._warned = set()
        self.warnings = []
        vec = self.image.read(0, 8)
        if vec is None:
            raise SimError(f"{self.path}: no vector table at address 0")
        self.initial_sp, self.reset = struct.unpack("<II", vec)
        # instructions that need an execution hook (division, IT-conditional)
        self.slots = {}
        for seg in self.image.segments:
            if seg.executable and seg.data:
                for base in {seg.paddr, seg.vaddr}:
                    self.slots.update(decode.scan_slots(self._md, seg.data, base))
        self.slots = {a: s for a, s in self.slots.items()
                      if s.div or self._needs_exec_check(s)}
        self.slot_index = {a: i for i, a in enumerate(sorted(self.slots))}
        sym = {s.name: s for s in self.image.symbols if s.name}
        self.begin_addr = (sym["m4sim_region_begin"].value & ~1) if "m4sim_region_begin" in sym else None
        self.end_addr = (sym["m4sim_region_end"].value & ~1) if "m4sim_region_end" in sym else None
        self.seed_sym = sym.get("m4sim_ct_seed")
        self.missing_markers = [m for m in MARKERS if m not in sym]
        # stack painting floor: above every loaded byte below the initial SP
        floor = 0
        for seg in self.image.segments:
            end = seg.vaddr + seg.memsz
            if end <= self.initial_sp:
                floor = max(floor, end)
        for nm in ("__StackLimit", "__stack_limit", "_stack_limit"):
            if nm in sym and sym[nm].value <= self.initial_sp:
                floor = max(floor, sym[nm].value)
        self.data_end = (floor + 7) & ~7
        self.heapinfo = (self.data_end, max(self.data_end, self.initial_sp - 0x40000),
                         self.initial_sp, max(self.data_end, self.initial_sp - 0x40000))

    def public_entries(self, names):
        """Resolve function names to [(name, entry address)] (Thumb bit clear).
        A name given to several local functions yields all of them.  Raises
        SimError for a name that is not a function in the ELF."""
        out = []
        for name in names:
            found = set()
            for s in self.image.symbols:
                if s.name != name:
                    continue
                a = s.value & ~1
                if s.kind == "STT_FUNC" or (s.kind == "STT_NOTYPE" and self._executable(a)):
                    found.add(a)
            if not found:
                what = "is not a function" if self.image.symbol(name) else "not found"
                raise SimError(f"{self.path}: public function {name}: symbol {what}")
            out += [(name, a) for a in sorted(found)]
        return out

    def _executable(self, addr):
        return any(seg.executable and seg.vaddr <= addr < seg.vaddr + len(seg.data)
                   for seg in self.image.segments)

    @staticmethod
    def _needs_exec_check(s):
        # IT-conditional instructions whose executed cost or pipeline effect
        # differs from a skipped one: memory accesses, divisions, multi-cycle ops.
        if not s.it_cond:
            return False
        return bool(s.flags & native.F_MEM) or s.div is not None or s.base != model.IT_SKIPPED

    def _warn(self, key, msg):
        if key not in self._warned:
            self._warned.add(key)
            self.warnings.append(msg)

    # ------------------------------------------------------------------ setup
    def _setup(self, seed):
        uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB)
        uc.ctl_set_cpu_model(AC.UC_CPU_ARM_CORTEX_M4)
        mapped = []
        for base, size in MEMORY_MAP:
            uc.mem_map(base, size, UC_PROT_ALL)
            mapped.append((base, base + size))

        def ensure(addr, n):
            if any(lo <= addr and addr + n <= hi for lo, hi in mapped):
                return
            lo = addr & ~0xFFFF
            hi = (addr + n + 0xFFFF) & ~0xFFFF
            uc.mem_map(lo, hi - lo, UC_PROT_ALL)
            mapped.append((lo, hi))

        for seg in self.image.segments:
            if seg.memsz == 0 and not seg.data:
                continue
            ensure(seg.vaddr, max(seg.memsz, len(seg.data)))
            if seg.data:
                ensure(seg.paddr, len(seg.data))
                uc.mem_write(seg.paddr, seg.data)
                if seg.vaddr != seg.paddr:
                    uc.mem_write(seg.vaddr, seg.data)
        if seed is not None:
            self._write_seed(uc, seed)
        uc.reg_write(AC.UC_ARM_REG_SP, self.initial_sp)
        return uc

    def _write_seed(self, uc, seed):
        s = self.seed_sym
        if s is None:
            raise SimError(f"{self.path}: no symbol m4sim_ct_seed to seed")
        n = s.size or 32
        seed = bytes(seed)[:n].ljust(n, b"\0")
        uc.mem_write(s.value, seed)
        # .data is copied from its load address by the startup code: seed that too
        for seg in self.image.segments:
            if seg.vaddr <= s.value < seg.vaddr + len(seg.data) and seg.vaddr != seg.paddr:
                uc.mem_write(seg.paddr + (s.value - seg.vaddr), seed)

    # ------------------------------------------------------------------ run
    def run(self, args=(), stdin=b"", echo=False, seed=None, trace_regions=None,
            max_instructions=None, public_functions=(), stack_residue=False,
            trace_public_writes=False):
        """Run the firmware to its semihosting exit.

        args: command-line arguments (argv[0] is the ELF path, as with QEMU).
        echo: also write the firmware's stdout/stderr to ours while running.
        seed: bytes for m4sim_ct_seed.
        trace_regions: None, a set of region names, or "all": record the
        instruction / cycle / memory traces of those regions (ct mode).
        public_functions: names of functions whose calls compute only on
        public data: a call leaves one marker (its entry address, cost 0) in
        the traces and nothing else; Region.public_* say what was excluded.
        stack_residue: keep in Region.residue what each region leaves on the stack below the SP
        it started with (from its deepest write up to that SP; the stack is painted with
        PAINT_WORD when a region opens, so untouched words read as the paint).
        trace_public_writes: with trace_regions and public_functions, the memory traces also
        keep the writes made inside public calls, flagged with bit 30 of the size word (for
        m4sim residue; a ct comparison must not use it).
        """
        import time
        t0 = time.time()
        L = self._lib
        uc = self._setup(seed)
        ctx = L.m4_new((ctypes.c_int32 * len(model.DYNAMIC_PARAM_NAMES))(*model.dynamic_params()),
                       len(model.DYNAMIC_PARAM_NAMES), (ctypes.c_int * 16)(*_UC_REGS))
        pub = self.public_entries(public_functions) if public_functions else []
        state = _RunState(self, uc, ctx, trace_regions, [n for n, _ in pub])
        state.stack_residue = stack_residue
        sh = Semihost(lambda a, n: uc.mem_read(a, n), lambda a, d: uc.mem_write(a, bytes(d)),
                      " ".join([self.path] + [str(a) for a in args]), self.heapinfo,
                      lambda: L.m4_get(ctx, native.G_CYCLES), stdin=stdin, echo=echo)
        state.semihost = sh
        miss_cb = native.MISS_CB(state.miss)
        event_cb = native.EVENT_CB(state.event)
        try:
            rc = L.m4_install(ctx, uc._uch, miss_cb, event_cb)
            if rc:
                raise SimError(f"uc_hook_add failed: {rc}")
            L.m4_alloc_slots(ctx, len(self.slot_index))
            for addr, i in self.slot_index.items():
                s = self.slots[addr]
                if s.div:
                    rc = L.m4_add_slot(ctx, i, addr, 1, int(s.div[2]), s.div[0], s.div[1])
                else:
                    rc = L.m4_add_slot(ctx, i, addr, 0, 0, 0, 0)
                if rc:
                    raise SimError(f"uc_hook_add (slot) failed: {rc}")
            if trace_regions:
                L.m4_enable_mem_trace(ctx)
                if trace_public_writes:
                    L.m4_set(ctx, native.G_TRACE_PUB_WRITES, 1)
            if pub:
                if L.m4_set_public(ctx, (ctypes.c_uint32 * len(pub))(*[a for _, a in pub]), len(pub)):
                    raise SimError("out of memory")
            if self.begin_addr is not None:
                L.m4_set(ctx, native.G_BEGIN, self.begin_addr)
            if self.end_addr is not None:
                L.m4_set(ctx, native.G_END, self.end_addr)
            limit = self.max_instructions if max_instructions is None else max_instructions
            if limit:
                L.m4_set(ctx, native.G_MAX_INSNS, limit)
            uc.hook_add(UC_HOOK_INTR, state.intr)
            try:
                uc.emu_start(self.reset | 1, STOP_ADDR)
            except UcError as e:
                pc = uc.reg_read(AC.UC_ARM_REG_PC)
                state.error = f"{e} at pc=0x{pc:08x} ({self.image.describe(pc)})"
            L.m4_flush(ctx)
            if state.error is None and state.exc is not None:
                state.error = f"internal error: {state.exc!r}"
            if L.m4_get(ctx, native.G_MISS_FAILED) and state.error is None:
                state.error = "block decode failed"
            hit = bool(L.m4_get(ctx, native.G_HIT_LIMIT))
            if hit and state.error is None:
                state.error = f"instruction limit ({limit}) reached"
            if state.exit_code is None and state.error is None:
                pc = uc.reg_read(AC.UC_ARM_REG_PC)
                state.error = f"emulation stopped without exit at pc=0x{pc:08x}"
            if state.open and state.error is None:
                self._warn("unclosed", f"{len(state.open)} region(s) still open at exit")
            unattributed = L.m4_get(ctx, native.G_MEM_UNATTRIBUTED)
            if unattributed:
                self._warn("unattributed", f"{unattributed} traced memory access(es) matched no "
                           f"instruction of their block: recorded with Unicorn's PC, which may "
                           f"name an earlier instruction")
            if state.exit_code is not None and state.error is None:
                code = state.exit_code
            else:
                code = EXIT_LIMIT if hit else EXIT_ERROR
            return Result(exit_code=code,
                          stdout=bytes(sh.out), stderr=bytes(sh.err), regions=state.regions,
                          cycles=L.m4_get(ctx, native.G_CYCLES),
                          instructions=L.m4_get(ctx, native.G_INSNS), error=state.error,
                          hit_limit=hit, seconds=time.time() - t0,
                          public_calls=state.public_counts() if pub else None)
        finally:
            sh.close_all()
            L.m4_free(ctx)
            del miss_cb, event_cb

    # ------------------------------------------------------------------ decoding
    def block_insns(self, addr, code):
        key = (addr, code)
        arr = self._decoded.get(key)
        if arr is not None:
            return arr
        statics = decode.decode_block(self._md, code, addr)
        covered = sum(s.size for s in statics)
        if covered < len(code):
            self._warn(("undecoded", addr), f"could not decode {len(code) - covered} bytes at 0x{addr + covered:08x}")
        arr = (native.Insn * max(1, len(statics)))()
        for i, s in enumerate(statics):
            slot = self.slot_index.get(s.addr, -1)
            flags = s.flags
            base = s.base
            if s.div and slot < 0:
                self._warn(("div", s.addr), f"division at 0x{s.addr:08x} has no hook: costed {base} cycles")
            if s.it_cond and slot >= 0 and not s.div:
                flags |= native.F_ITCOND
            elif s.it_cond and slot >= 0 and s.div:
                flags |= native.F_ITCOND
            elif s.it_cond and self._needs_exec_check(s):
                self._warn(("it", s.addr), f"IT instruction at 0x{s.addr:08x} has no hook: assumed executed")
            arr[i] = native.Insn(s.addr, flags, s.size, min(255, base), s.addr_regs, s.wr_regs, slot,
                                 s.mem_bytes)
        if not statics:
            self._warn(("empty", addr), f"empty or undecodable block at 0x{addr:08x}")
            arr[0] = native.Insn(addr, 0, 2, model.ALU, 0, 0, -1)
        self._decoded[key] = arr
        return arr


class _RunState:
    def __init__(self, sim, uc, ctx, trace_regions, pub_names=()):
        self.sim = sim
        self.pub_names = list(pub_names)   # per entry address (a name may repeat)
        self.uc = uc
        self.ctx = ctx
        self.L = sim._lib
        self.trace_regions = trace_regions
        self.exit_code = None
        self.error = None
        self.exc = None
        self.regions = []
        self.open = []          # stack of dicts
        self.pending_open = None
        self.paint_floor = None
        self.paint_top = None
        self.tracing_depth = 0
        self.semihost = None
        self.stack_residue = False

    # -- native callbacks ------------------------------------------------------------
    def miss(self, addr, size):
        try:
            code = bytes(self.uc.mem_read(addr, size))
            arr = self.sim.block_insns(addr, code)
            return self.L.m4_add_block(self.ctx, addr, size, len(arr), arr)
        except Exception as e:  # noqa: BLE001 - reported after the run
            self.exc = e
            return -1

    def event(self, ev, addr):
        try:
            if ev == native.EV_BEGIN:
                self._begin()
            elif ev == native.EV_OPEN:
                self._open()
            elif ev == native.EV_END:
                self._end()
        except Exception as e:  # noqa: BLE001
            self.exc = e
            self.uc.emu_stop()

    def intr(self, uc, intno, user_data):
        try:
            pc = uc.reg_read(AC.UC_ARM_REG_PC)
            insn = bytes(uc.mem_read(pc, 2))
            if intno == EXCP_BKPT and insn == b"\xab\xbe":
                op = uc.reg_read(AC.UC_ARM_REG_R0)
                arg = uc.reg_read(AC.UC_ARM_REG_R1)
                try:
                    ret = self.semihost.call(op, arg)
                except Exit as e:
                    self.exit_code = e.code
                    uc.emu_stop()
                    return
                uc.reg_write(AC.UC_ARM_REG_R0, ret)
                uc.reg_write(AC.UC_ARM_REG_PC, (pc + 2) | 1)
                return
            self.error = (f"unhandled exception {intno} at pc=0x{pc:08x} "
                          f"({self.sim.image.describe(pc)})")
            uc.emu_stop()
        except Exception as e:  # noqa: BLE001
            self.exc = e
            uc.emu_stop()

    # -- public calls ----------------------------------------------------------------
    def _pub_raw(self):
        return [self.L.m4_pub_calls(self.ctx, i) for i in range(len(self.pub_names))]

    def public_counts(self, since=None):
        """{name: calls} (since a _pub_raw() snapshot), names with 0 calls omitted
        when `since` is given."""
        now = self._pub_raw()
        out = {}
        for i, n in enumerate(self.pub_names):
            out[n] = out.get(n, 0) + now[i] - (since[i] if since else 0)
        return {n: k for n, k in out.items() if k or since is None}

    # -- regions ---------------------------------------------------------------------
    def _reg(self, r):
        return self.uc.reg_read(r)

    def _cstr(self, addr):
        try:
            return self.semihost._cstr(addr, 256).decode("utf-8", "replace")
        except UcError:
            return f"<bad name 0x{addr:08x}>"

    def _begin(self):
        name = self._cstr(self._reg(AC.UC_ARM_REG_R0))
        sp = self._reg(AC.UC_ARM_REG_SP)
        lr = self._reg(AC.UC_ARM_REG_LR) & ~1
        self.pending_open = (name, sp)
        self.L.m4_set(self.ctx, native.G_OPEN, lr)

    def _scan(self):
        """Lowest stack word written since the last paint (or paint_top)."""
        if self.paint_floor is None:
            return None
        lo, hi = self.paint_floor, self.paint_top
        if hi <= lo:
            return hi
        data = bytes(self.uc.mem_read(lo, hi - lo))
        chunk = 4096
        pat = PAINT * (chunk // 4)
        off = 0
        while off < len(data):
            piece = data[off:off + chunk]
            if piece != pat[:len(piece)]:
                for w in range(0, len(piece), 4):
                    if piece[w:w + 4] != PAINT:
                        return lo + off + w
            off += chunk
        return hi

    def _update_lows(self):
        low = self._scan()
        if low is not None:
            for r in self.open:
                r["low"] = min(r["low"], low)

    def _paint(self, sp):
        top = sp & ~3
        floor = max(self.sim.data_end, top - self.sim.stack_paint_bytes)
        floor = (floor + 3) & ~3
        if top > floor:
            self.uc.mem_write(floor, PAINT * ((top - floor) // 4))
        self.paint_floor, self.paint_top = floor, top

    def _open(self):
        if self.pending_open is None:
            return
        name, sp0 = self.pending_open
        self.pending_open = None
        self._update_lows()
        self._paint(self._reg(AC.UC_ARM_REG_SP))
        L, ctx = self.L, self.ctx
        r = {"name": name, "sp0": sp0, "low": sp0, "cyc0": L.m4_get(ctx, native.G_CYCLES),
             "ins0": L.m4_get(ctx, native.G_INSNS), "traced": False, "floor": self.paint_floor,
             "mem0": L.m4_get(ctx, native.G_MEM_CYCLES)}
        if self.stack_residue:
            r["regs"] = tuple(self._reg(x) for x in _UC_REGS[:13] + [AC.UC_ARM_REG_LR])
        if self.pub_names:
            r["xcyc0"] = L.m4_get(ctx, native.G_EXCL_CYCLES)
            r["xins0"] = L.m4_get(ctx, native.G_EXCL_INSNS)
            r["calls0"] = self._pub_raw()
        if self.pub_names and L.m4_get(ctx, native.G_PUB_ACTIVE):
            self.sim._warn(("pub-begin", name), f"region {name} starts inside a public call: "
                           f"nothing is traced until that call returns")
        tr = self.trace_regions
        if tr and (tr == "all" or name in tr):
            if self.tracing_depth == 0:
                L.m4_set(ctx, native.G_NIT, 0)
                L.m4_set(ctx, native.G_NMT, 0)
                L.m4_set(ctx, native.G_TRACING, 1)
                r["traced"] = True
            self.tracing_depth += 1
            r["counted"] = True
        self.open.append(r)

    def _end(self):
        if not self.open:
            self.sim._warn("end-without-begin", "m4sim_region_end called with no open region")
            return
        L, ctx = self.L, self.ctx
        cyc = L.m4_get(ctx, native.G_CYC_BEFORE_LAST)
        ins = L.m4_get(ctx, native.G_INS_BEFORE_LAST)
        self._update_lows()
        r = self.open.pop()
        stack = r["sp0"] - r["low"]
        if r["low"] <= r["floor"]:
            self.sim._warn(("stack", r["name"]), f"region {r['name']}: stack use reached the painted "
                           f"limit ({self.sim.stack_paint_bytes} bytes); raise --stack-paint-bytes")
        reg = Region(r["name"], cyc - r["cyc0"], ins - r["ins0"], stack, depth=len(self.open),
                     memory_cycles=L.m4_get(ctx, native.G_MEM_BEFORE_LAST) - r["mem0"])
        if self.stack_residue:
            reg.residue = bytes(self.uc.mem_read(r["low"], stack)) if stack > 0 else b""
            reg.residue_sp = r["sp0"]
            reg.entry_regs = r["regs"]
        if self.pub_names:
            reg.public_cycles = L.m4_get(ctx, native.G_EXCL_CYC_BEFORE_LAST) - r["xcyc0"]
            reg.public_instructions = L.m4_get(ctx, native.G_EXCL_INS_BEFORE_LAST) - r["xins0"]
            reg.public_calls = self.public_counts(r["calls0"])
            if L.m4_get(ctx, native.G_PUB_ACTIVE):
                self.sim._warn(("pub-end", r["name"]), f"region {r['name']} ends inside a public call")
        if r.get("counted"):
            self.tracing_depth -= 1
        if r["traced"]:
            nit = L.m4_get(ctx, native.G_IT_BEFORE_LAST)
            L.m4_set(ctx, native.G_NIT, nit)
            nmt = L.m4_get(ctx, native.G_NMT)
            it = ctypes.string_at(L.m4_trace_ptr(ctx, 0), nit * 4) if nit else b""
            ct = ctypes.string_at(L.m4_trace_ptr(ctx, 1), nit) if nit else b""
            mt = ctypes.string_at(L.m4_trace_ptr(ctx, 2), nmt * 4) if nmt else b""
            reg.trace = (it, ct, mt)
            L.m4_set(ctx, native.G_TRACING, 0)
        self.regions.append(reg)
