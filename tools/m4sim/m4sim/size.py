# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Code size: per function (ELF STT_FUNC symbols), per group of name prefixes,
and of everything reachable from a symbol through a static call graph, with the
read-only data it reaches.

Python API::

    from m4sim.size import CodeSize
    cs = CodeSize("fw.elf")
    cs.reachable_bytes("m4crypt_mlkem768_keypair")      # code bytes per operation
    cs.reachable_rodata_bytes("m4crypt_mlkem768_keypair")  # read-only data bytes it reaches
    cs.reachable("m4crypt_mlkem768_keypair")             # set of function names
    cs.reachable_rodata("m4crypt_mlkem768_keypair")      # set of data object names
    cs.group_sizes()                                     # {group: bytes}

Functions without a .size directive (hand-written assembly) get an estimated
size (up to the next symbol in the same section) and are flagged.

Code bytes are the functions' own bytes (literal pools included). Read-only data
is every sized data symbol (STT_OBJECT, or STT_NOTYPE with a .size, as hand-written
assembly tables often are) in a section that is not writable (tables such as
.rodata, wherever the linker script puts them); a function reaches an object
when its code forms the object's address: a PC-relative literal load of a word
pointing into the object (the compiler's literal pools), ADR / ADDW / SUBW from
the PC, or a MOVW / MOVT pair; an object reaches the functions and objects whose
addresses it holds (tables of pointers). An address just past the end of an object
the same function also points into (a loop's end pointer) is taken for that object's
end, not for the object that follows it. A reference into a function's own bytes
(a constant table inside the function) is code, already counted; a reference
into read-only data that no sized object covers (e.g. a string literal, which has
no symbol) is listed as unattributed and not counted.

Which words and MOVW / MOVT pairs are addresses is exact when the image keeps its
relocations (linked with -Wl,--emit-relocs, as make bench links its firmware):
only a word with an R_ARM_ABS32 relocation, or a pair with MOVW / MOVT
relocations, counts. Without them every value that falls inside an object is
taken for its address (a small constant may then look like a pointer into
whatever lies at that address, e.g. a vector table at 0), so that the read-only
figure is an upper bound, and the function addresses held in data are not
followed: `precise` says which.
Objects are told apart by their addresses, so compile with -fdata-sections (as
m4crypt is): otherwise GCC may address several objects from one "section anchor",
and only the anchor's object is seen.
"""
import bisect
import json
import struct
import sys

from .decode import new_cs
from .elf import load

DEFAULT_GROUPS = {
    "mlkem": ["m4crypt_mlkem"],
    "keccak": ["m4crypt_keccak", "m4crypt_sha3", "m4crypt_shake"],
    "x25519": ["m4crypt_x25519", "m4crypt_fe25519"],
    "chacha20": ["m4crypt_chacha20"],
    "poly1305": ["m4crypt_poly1305"],
    "aead": ["m4crypt_aead", "m4crypt_chacha20poly1305"],
    "xwing": ["m4crypt_xwing"],
}

_BRANCHES = {"b", "bl", "cbz", "cbnz", "blx"}
# relocations of Thumb branches (kept by --emit-relocs): a real branch, not a literal word
_BRANCH_RELOCS = ("R_ARM_THM_JUMP24", "R_ARM_THM_CALL", "R_ARM_THM_JUMP19", "R_ARM_THM_JUMP11",
                  "R_ARM_THM_JUMP8")


class Function:
    __slots__ = ("name", "addr", "size", "sized", "section", "aliases")

    def __init__(self, name, addr, size, sized, section):
        self.name, self.addr, self.size, self.sized, self.section = name, addr, size, sized, section
        self.aliases = []

    def as_dict(self):
        return {"name": self.name, "addr": self.addr, "size": self.size, "sized": self.sized,
                "section": self.section}


class DataObject:
    __slots__ = ("name", "addr", "size", "section")

    def __init__(self, name, addr, size, section):
        self.name, self.addr, self.size, self.section = name, addr, size, section

    def as_dict(self):
        return {"name": self.name, "addr": self.addr, "size": self.size, "section": self.section}


_SHF_WRITE, _SHF_ALLOC = 1, 2


def _containing(items, starts, addr):
    """The item of items (sorted by address, starts their .addr) whose bytes contain addr, or
    None."""
    i = bisect.bisect_right(starts, addr) - 1
    if i >= 0 and items[i].addr <= addr < items[i].addr + items[i].size:
        return items[i]
    return None


class CodeSize:
    def __init__(self, elf_path):
        self.image = load(elf_path)
        self._calls = None
        self._refs = None
        by_addr = {}
        for s in self.image.functions():
            if not s.name:
                continue
            a = s.value & ~1
            f = by_addr.get(a)
            if f is None:
                by_addr[a] = Function(s.name, a, s.size, s.size > 0, s.section)
            else:
                # aliases (same address): keep the sized one, remember the names
                if s.size > f.size:
                    f.aliases.append(f.name)
                    f.name, f.size, f.sized = s.name, s.size, True
                else:
                    f.aliases.append(s.name)
        # estimate sizes of unsized functions: up to the next symbol in the section
        bounds = sorted({s.value & ~1 for s in self.image.symbols
                         if s.kind in ("STT_FUNC", "STT_OBJECT", "STT_NOTYPE") and s.name
                         and not s.name.startswith("$")})
        for f in by_addr.values():
            if not f.sized:
                sec = self.image.sections.get(f.section)
                end = sec[0] + sec[1] if sec else f.addr
                i = bisect.bisect_right(bounds, f.addr)
                nxt = bounds[i] if i < len(bounds) else end
                f.size = max(0, min(nxt, end) - f.addr)
        self.functions = sorted(by_addr.values(), key=lambda f: f.addr)
        self._starts = {f.addr: f for f in self.functions}
        self._names = {}
        for f in self.functions:
            self._names[f.name] = f
            for a in f.aliases:
                self._names[a] = f
        # read-only data objects (sized STT_OBJECT in an allocated, non-writable section)
        objs = {}
        self._fn_starts = [f.addr for f in self.functions]
        for s in self.image.symbols:
            if s.kind not in ("STT_OBJECT", "STT_NOTYPE") or not s.name or s.size <= 0 \
                    or s.name.startswith("$") or (s.value & ~1) in self._starts:
                continue
            sec = self.image.sections.get(s.section)
            if sec is None or not sec[3] & _SHF_ALLOC or sec[3] & _SHF_WRITE:
                continue
            o = objs.get(s.value)
            if o is None or s.size > o.size:
                objs[s.value] = DataObject(s.name, s.value, s.size, s.section)
        self.objects = sorted(objs.values(), key=lambda o: o.addr)
        self._obj_starts = [o.addr for o in self.objects]
        self._obj_names = {o.name: o for o in self.objects}
        # the ELF's mapping symbols ($t / $a: code from here, $d: data from here, e.g. a
        # literal pool), to tell an instruction from a literal word decoded as one
        marks = sorted((s.value & ~1, s.name[1]) for s in self.image.symbols
                       if s.name[:2] in ("$t", "$a", "$d") and (len(s.name) == 2 or s.name[2] == "."))
        self._mark_addrs = [a for a, _ in marks]
        self._mark_kinds = [k for _, k in marks]
        # read-only address ranges (for references no object covers)
        self._ro_ranges = [(a, a + n, name) for name, (a, n, _d, fl) in self.image.sections.items()
                           if fl & _SHF_ALLOC and not fl & _SHF_WRITE and n > 0]

    # ----------------------------------------------------------------- groups
    def unsized(self):
        return [f for f in self.functions if not f.sized]

    def group_of(self, name, groups=None):
        groups = groups or DEFAULT_GROUPS
        best, blen = None, -1
        for g, prefixes in groups.items():
            for p in prefixes:
                if name.startswith(p) and len(p) > blen:
                    best, blen = g, len(p)
        return best

    def group_sizes(self, groups=None):
        groups = groups or DEFAULT_GROUPS
        out = {g: 0 for g in groups}
        for f in self.functions:
            g = self.group_of(f.name, groups)
            if g is not None:
                out[g] += f.size
        return out

    def total(self):
        return sum(f.size for f in self.functions)

    # ------------------------------------------------------------ call graph
    def _code(self, f):
        return self.image.read(f.addr, f.size) or b""

    def calls(self):
        """{function name: set of callee names}: direct B/BL/CBZ targets that are
        the start of another function, or its middle (assembly that branches into a
        shared tail needs that function's bytes too) when the branch is known to be
        an instruction: the ELF's mapping symbols mark it as code, or it carries a
        branch relocation (--emit-relocs); a literal pool decoded as a branch could
        point anywhere. And function addresses in literal pools (function pointers): with
        relocations, only words that carry an absolute one."""
        if self._calls is not None:
            return self._calls
        md = new_cs()
        md.detail = False
        graph = {}
        thumb_ptrs = {f.addr | 1: f for f in self.functions}
        for f in self.functions:
            code = self._code(f)
            callees = set()
            for ins in md.disasm_lite(code, f.addr):
                addr, size, mnem, ops = ins
                base = mnem.split(".")[0]
                if base in _BRANCHES or (base.startswith("b") and len(base) == 3 and ops.startswith("#")):
                    tgt = ops.split(",")[-1].strip()
                    if tgt.startswith("#"):
                        try:
                            t = int(tgt[1:], 0)
                        except ValueError:
                            continue
                        g = self._starts.get(t & ~1)
                        if g is None and (self._is_instruction(addr) or (
                                self.precise and self.image.relocs.get(addr) in _BRANCH_RELOCS)):
                            g = self.function_at(t & ~1)
                        if g is not None and g is not f:
                            callees.add(g.name)
            # function pointers in the function's literal pool: with relocations, only the
            # words that carry an R_ARM_ABS32 one (an instruction's bytes can equal an address)
            for off in range(0, len(code) - 3, 2):
                (w,) = struct.unpack_from("<I", code, off)
                g = thumb_ptrs.get(w)
                if g is not None and g is not f and self._is_pointer_word(f.addr + off):
                    callees.add(g.name)
            graph[f.name] = callees
        self._calls = graph
        return graph

    # ------------------------------------------------------ data references
    def object_at(self, addr):
        """The read-only data object containing addr, or None."""
        return _containing(self.objects, self._obj_starts, addr)

    def _is_instruction(self, addr):
        """True when the mapping symbols say addr is code (False without them)."""
        i = bisect.bisect_right(self._mark_addrs, addr) - 1
        return i >= 0 and self._mark_kinds[i] in "ta"

    def function_at(self, addr):
        """The function whose bytes contain addr, or None."""
        return _containing(self.functions, self._fn_starts, addr)

    def _read_only(self, addr):
        return next((name for a, b, name in self._ro_ranges if a <= addr < b), None)

    def _word(self, addr):
        b = self.image.read(addr, 4)
        return struct.unpack("<I", b)[0] if b and len(b) == 4 else None

    @property
    def precise(self):
        """True when the image has its relocations (see the module doc)."""
        return self.image.relocs is not None

    def _is_pointer_word(self, addr):
        return not self.precise or self.image.relocs.get(addr) == "R_ARM_ABS32"

    def _is_movw_movt(self, addr_movw, addr_movt):
        if not self.precise:
            return True
        r = self.image.relocs
        return (r.get(addr_movw, "").startswith("R_ARM_THM_MOVW_ABS")
                and r.get(addr_movt, "").startswith("R_ARM_THM_MOVT_ABS"))

    def data_refs(self):
        """{function or object name: (set of object names, set of function names,
        set of unattributed read-only addresses)} it refers to (see the module doc)."""
        if self._refs is not None:
            return self._refs
        md = new_cs()
        md.detail = False
        thumb_ptrs = {f.addr | 1: f for f in self.functions}
        refs = {}

        def note(value, values, unattributed):
            if self.object_at(value) is not None:
                values.add(value)
            elif self._read_only(value) and self.function_at(value & ~1) is None:
                unattributed.add(value)

        def resolve(values):
            """Objects the addresses point into; an address that starts an object but ends
            another one the same code also points into is that one's end pointer."""
            hit = {v: self.object_at(v) for v in values}
            pointed = {o.name for v, o in hit.items() if v != o.addr}
            starts = {o.name for v, o in hit.items() if v == o.addr}
            objs = set()
            for v, o in hit.items():
                if v == o.addr:
                    prev = self.object_at(v - 1)
                    if prev is not None and prev.addr + prev.size == v and \
                            (prev.name in pointed or prev.name in starts):
                        continue
                objs.add(o.name)
            return objs

        for f in self.functions:
            objs, unattributed = set(), set()
            movw = {}
            for addr, size, mnem, ops in md.disasm_lite(self._code(f), f.addr):
                base = mnem.split(".")[0]
                parts = [p.strip() for p in ops.replace("[", "").replace("]", "").split(",")]
                pc = (addr + 4) & ~3
                if base == "ldr" and len(parts) == 3 and parts[1] == "pc" and parts[2].startswith("#"):
                    lit = pc + int(parts[2][1:], 0)
                    w = self._word(lit)
                    if w is not None and self._is_pointer_word(lit):
                        note(w, objs, unattributed)
                elif base == "adr" and len(parts) == 2 and parts[1].startswith("#"):
                    note(pc + int(parts[1][1:], 0), objs, unattributed)
                elif base in ("addw", "subw", "add", "sub") and len(parts) == 3 \
                        and parts[1] == "pc" and parts[2].startswith("#"):
                    off = int(parts[2][1:], 0)
                    note(pc + off if base.startswith("add") else pc - off, objs, unattributed)
                elif base == "movw" and len(parts) == 2 and parts[1].startswith("#"):
                    movw[parts[0]] = (addr, int(parts[1][1:], 0) & 0xFFFF)
                elif base == "movt" and len(parts) == 2 and parts[1].startswith("#"):
                    lo = movw.pop(parts[0], None)
                    if lo is not None and self._is_movw_movt(lo[0], addr):
                        note((int(parts[1][1:], 0) & 0xFFFF) << 16 | lo[1], objs, unattributed)
            refs[f.name] = (resolve(objs), set(), unattributed)
        for o in self.objects:
            objs, funcs = set(), set()
            data = self.image.read(o.addr, o.size) or b""
            for off in range(0, len(data) - 3, 4):
                if not self._is_pointer_word(o.addr + off):
                    continue
                (w,) = struct.unpack_from("<I", data, off)
                g = thumb_ptrs.get(w)
                if g is not None:
                    if self.precise:  # (a guess would pull in a vector table's whole firmware)
                        funcs.add(g.name)
                    continue
                p = self.object_at(w)
                if p is not None and p is not o:
                    objs.add(p.name)
            refs[o.name] = (objs, funcs, set())
        self._refs = refs
        return refs

    def _walk(self, symbols):
        """(function names, object names, unattributed addresses) reachable from symbols."""
        graph, refs = self.calls(), self.data_refs()
        todo = []
        for s in symbols:
            f = self._names.get(s)
            if f is None:
                raise KeyError(f"no function named {s}")
            todo.append(("f", f.name))
        funcs, objs, unattributed = set(), set(), set()
        while todo:
            kind, n = todo.pop()
            if kind == "f":
                if n in funcs:
                    continue
                funcs.add(n)
                todo.extend(("f", g) for g in graph.get(n, ()))
            else:
                if n in objs:
                    continue
                objs.add(n)
            o_refs, f_refs, un = refs.get(n, (set(), set(), set()))
            todo.extend(("d", d) for d in o_refs)
            todo.extend(("f", g) for g in f_refs)
            unattributed |= un
        return funcs, objs, unattributed

    def reachable(self, *symbols):
        """Names of the functions reachable from the given symbols (included): through calls,
        function addresses in literal pools and in read-only data they reach."""
        return self._walk(symbols)[0]

    def reachable_rodata(self, *symbols):
        """Names of the read-only data objects reachable from the given symbols."""
        return self._walk(symbols)[1]

    def reachable_unattributed(self, *symbols):
        """Read-only addresses reachable from the symbols that no sized object covers."""
        return self._walk(symbols)[2]

    def reachable_bytes(self, *symbols, exclude_prefixes=()):
        names = self.reachable(*symbols)
        return sum(self._names[n].size for n in names
                   if not any(n.startswith(p) for p in exclude_prefixes))

    def reachable_rodata_bytes(self, *symbols):
        return sum(self._obj_names[n].size for n in self.reachable_rodata(*symbols))


def report(elf, groups=None, as_json=False, reachable=None, out=sys.stdout):
    cs = CodeSize(elf)
    groups = groups or DEFAULT_GROUPS
    gs = cs.group_sizes(groups)
    reach = {}
    for s in reachable or []:
        try:
            reach[s] = {"bytes": cs.reachable_bytes(s), "functions": sorted(cs.reachable(s)),
                        "rodata_bytes": cs.reachable_rodata_bytes(s),
                        "rodata": sorted(cs.reachable_rodata(s)),
                        "unattributed": sorted(cs.reachable_unattributed(s))}
        except KeyError as e:
            print(f"m4sim size: {e}", file=sys.stderr)
            return 2
    if as_json:
        json.dump({"functions": [f.as_dict() for f in cs.functions], "groups": gs,
                   "total": cs.total(), "unsized": [f.name for f in cs.unsized()],
                   "rodata": [o.as_dict() for o in cs.objects], "relocations": cs.precise,
                   "reachable": reach}, out, indent=1)
        out.write("\n")
        return 0
    print(f"{'bytes':>8}  {'address':>10}  function", file=out)
    for f in sorted(cs.functions, key=lambda f: (-f.size, f.name)):
        flag = "  (no .size: estimated)" if not f.sized else ""
        print(f"{f.size:>8}  0x{f.addr:08x}  {f.name}{flag}", file=out)
    print(f"{cs.total():>8}  {'':>10}  total of {len(cs.functions)} functions", file=out)
    print("", file=out)
    print(f"{'bytes':>8}  group (prefixes)", file=out)
    for g, n in gs.items():
        print(f"{n:>8}  {g} ({', '.join(groups[g])})", file=out)
    for s, r in reach.items():
        print(f"\n{r['bytes']:>8}  reachable from {s} ({len(r['functions'])} functions)", file=out)
        print(f"{r['rodata_bytes']:>8}  read-only data reachable from {s} "
              f"({len(r['rodata'])} objects: {', '.join(r['rodata'])})", file=out)
        if r["unattributed"]:
            print(f"{'':>8}  and {len(r['unattributed'])} read-only address(es) no sized object "
                  "covers (not counted): " + ", ".join(f"0x{a:08x}" for a in r["unattributed"]),
                  file=out)
    if reach and not cs.precise:
        print("\nnote: the image has no relocations (link with -Wl,--emit-relocs): any value "
              "inside a read-only object is taken for its address", file=out)
    if cs.unsized():
        print(f"\nwarning: {len(cs.unsized())} function(s) lack .size: "
              + ", ".join(f.name for f in cs.unsized()), file=out)
    return 0
