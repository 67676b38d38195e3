# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Code size: per function (ELF STT_FUNC symbols), per group of name prefixes,
and of everything reachable from a symbol through a static call graph.

Python API::

    from m4sim.size import CodeSize
    cs = CodeSize("fw.elf")
    cs.reachable_bytes("m4crypt_mlkem768_keypair")      # code bytes per operation
    cs.reachable("m4crypt_mlkem768_keypair")             # set of function names
    cs.group_sizes()                                     # {group: bytes}

Functions without a .size directive (hand-written assembly) get an estimated
size (up to the next symbol in the same section) and are flagged.
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


class Function:
    __slots__ = ("name", "addr", "size", "sized", "section", "aliases")

    def __init__(self, name, addr, size, sized, section):
        self.name, self.addr, self.size, self.sized, self.section = name, addr, size, sized, section
        self.aliases = []

    def as_dict(self):
        return {"name": self.name, "addr": self.addr, "size": self.size, "sized": self.sized,
                "section": self.section}


class CodeSize:
    def __init__(self, elf_path):
        self.image = load(elf_path)
        self._calls = None
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
        the start of another function, and function addresses in literal pools
        (function pointers)."""
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
                        if g is not None and g is not f:
                            callees.add(g.name)
            # function pointers in the function's literal pool
            for off in range(0, len(code) - 3, 2):
                (w,) = struct.unpack_from("<I", code, off)
                g = thumb_ptrs.get(w)
                if g is not None and g is not f:
                    callees.add(g.name)
            graph[f.name] = callees
        self._calls = graph
        return graph

    def reachable(self, *symbols):
        """Names of the functions reachable from the given symbols (included)."""
        graph = self.calls()
        todo = []
        for s in symbols:
            f = self._names.get(s)
            if f is None:
                raise KeyError(f"no function named {s}")
            todo.append(f.name)
        seen = set()
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            todo.extend(graph.get(n, ()))
        return seen

    def reachable_bytes(self, *symbols, exclude_prefixes=()):
        names = self.reachable(*symbols)
        return sum(self._names[n].size for n in names
                   if not any(n.startswith(p) for p in exclude_prefixes))


def report(elf, groups=None, as_json=False, reachable=None, out=sys.stdout):
    cs = CodeSize(elf)
    groups = groups or DEFAULT_GROUPS
    gs = cs.group_sizes(groups)
    reach = {}
    for s in reachable or []:
        try:
            reach[s] = {"bytes": cs.reachable_bytes(s), "functions": sorted(cs.reachable(s))}
        except KeyError as e:
            print(f"m4sim size: {e}", file=sys.stderr)
            return 2
    if as_json:
        json.dump({"functions": [f.as_dict() for f in cs.functions], "groups": gs,
                   "total": cs.total(), "unsized": [f.name for f in cs.unsized()],
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
    if cs.unsized():
        print(f"\nwarning: {len(cs.unsized())} function(s) lack .size: "
              + ", ".join(f.name for f in cs.unsized()), file=out)
    return 0
