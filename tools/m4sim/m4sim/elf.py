# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ELF loading helpers (pyelftools)."""
import bisect
from dataclasses import dataclass, field

from struct import error as struct_error

from elftools.elf.elffile import ELFFile
from elftools.elf.relocation import RelocationSection
from elftools.elf.sections import SymbolTableSection


@dataclass
class Segment:
    vaddr: int
    paddr: int
    data: bytes
    memsz: int
    flags: int

    @property
    def executable(self):
        return bool(self.flags & 1)


@dataclass
class Symbol:
    name: str
    value: int
    size: int
    kind: str   # STT_FUNC, STT_OBJECT, STT_NOTYPE, ...
    section: str


@dataclass
class Image:
    path: str
    entry: int
    segments: list = field(default_factory=list)
    symbols: list = field(default_factory=list)
    sections: dict = field(default_factory=dict)   # name -> (addr, size, data or None, flags)
    # relocations kept in the image (linked with --emit-relocs), of allocated sections only:
    # address -> relocation type name (R_ARM_ABS32, R_ARM_THM_MOVW_ABS_NC, ...); None if the
    # image has no relocation section
    relocs: dict = None
    _sorted: list = None

    def symbol(self, name):
        for s in self.symbols:
            if s.name == name:
                return s
        return None

    def functions(self):
        return [s for s in self.symbols if s.kind == "STT_FUNC"]

    def _index(self):
        if self._sorted is None:
            cands = [s for s in self.symbols if s.kind in ("STT_FUNC", "STT_NOTYPE", "STT_OBJECT")
                     and s.name and not s.name.startswith("$")]
            # prefer functions, then sized symbols, when two share an address
            cands.sort(key=lambda s: (s.value & ~1, s.kind != "STT_FUNC", s.size == 0))
            seen, out = set(), []
            for s in cands:
                a = s.value & ~1
                if a not in seen:
                    seen.add(a)
                    out.append(s)
            self._sorted = out
            self._keys = [s.value & ~1 for s in out]
        return self._sorted

    def describe(self, addr):
        """'symbol+0xoff' for an address, or hex if nothing precedes it."""
        syms = self._index()
        i = bisect.bisect_right(self._keys, addr) - 1
        if i < 0:
            return f"0x{addr:08x}"
        s = syms[i]
        off = addr - (s.value & ~1)
        if s.size and off >= s.size and s.kind == "STT_FUNC":
            # past the end of a sized function: still name it, but say so
            return f"{s.name}+0x{off:x}(?)"
        return f"{s.name}+0x{off:x}" if off else s.name

    def read(self, addr, n):
        """Bytes at a load address from the file image (None if not loaded)."""
        for seg in self.segments:
            for base in (seg.paddr, seg.vaddr):
                if base <= addr and addr + n <= base + len(seg.data):
                    return seg.data[addr - base:addr - base + n]
        return None


class NotElfError(ValueError):
    """The file is not a 32-bit Arm ELF executable (the message says what it is instead)."""


def _what_is(path):
    try:
        with open(path, "rb") as f:
            head = f.read(64)
    except OSError:
        return "unreadable"
    if not head:
        return "an empty file"
    if head.startswith(b"\x7fELF"):
        return "a damaged or truncated ELF file"
    if head[:1] == b":" and all(c in b"0123456789ABCDEFabcdef:\r\n" for c in head):
        return "an Intel HEX file (give the .elf the linker wrote, not the flash image)"
    if all(32 <= c < 127 or c in b"\r\n\t" for c in head):
        return "a text file"
    return "a raw binary (give the .elf the linker wrote, not a .bin flash image)"


def describe_reloc_type(t, elffile):
    from elftools.elf.descriptions import describe_reloc_type as d
    return d(t, elffile)


def load(path):
    from elftools.common.exceptions import ELFError
    try:
        with open(path, "rb") as f:
            return _load(path, ELFFile(f))
    except (ELFError, EOFError, struct_error) as e:
        raise NotElfError(f"{path}: not an ELF file: {_what_is(path)} ({e})") from None


def _load(path, e):
    if e["e_machine"] != "EM_ARM" or e.elfclass != 32:
        raise NotElfError(f"{path}: an ELF file for {e['e_machine']} ({e.elfclass}-bit), "
                          f"not for 32-bit Arm: build the firmware with arm-none-eabi-gcc "
                          f"-mcpu=cortex-m4 -mthumb")
    img = Image(path=str(path), entry=e["e_entry"])
    for seg in e.iter_segments():
        if seg["p_type"] != "PT_LOAD":
            continue
        img.segments.append(Segment(seg["p_vaddr"], seg["p_paddr"], seg.data(),
                                    seg["p_memsz"], seg["p_flags"]))
    for sec in e.iter_sections():
        if sec.name:
            data = None
            if sec["sh_type"] != "SHT_NOBITS" and sec["sh_flags"] & 2:
                data = sec.data()
            img.sections[sec.name] = (sec["sh_addr"], sec["sh_size"], data, sec["sh_flags"])
        if isinstance(sec, RelocationSection) and sec["sh_info"]:
            target = e.get_section(sec["sh_info"])
            if target["sh_flags"] & 2:  # SHF_ALLOC: not debug information
                if img.relocs is None:
                    img.relocs = {}
                for r in sec.iter_relocations():
                    img.relocs[r["r_offset"]] = describe_reloc_type(r["r_info_type"], e)
        if isinstance(sec, SymbolTableSection):
            for sym in sec.iter_symbols():
                shndx = sym["st_shndx"]
                secname = ""
                if isinstance(shndx, int) and shndx < e.num_sections():
                    secname = e.get_section(shndx).name
                img.symbols.append(Symbol(sym.name, sym["st_value"], sym["st_size"],
                                          sym["st_info"]["type"], secname))
    return img
