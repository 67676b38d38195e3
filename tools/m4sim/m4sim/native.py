# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Build (once, with the system C compiler) and load the native engine m4engine.c.

The shared library is cached under $M4SIM_CACHE, else $XDG_CACHE_HOME/m4sim,
else ~/.cache/m4sim, falling back to the system temp directory; its name
carries a hash of the source and of the Unicorn library path, so an edited
engine or a different Unicorn install rebuilds automatically.
"""
import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import unicorn

_SRC = Path(__file__).with_name("m4engine.c")
_lib = None


class Insn(ctypes.Structure):
    _fields_ = [
        ("addr", ctypes.c_uint32),
        ("flags", ctypes.c_uint16),
        ("size", ctypes.c_uint8),
        ("base", ctypes.c_uint8),
        ("addr_regs", ctypes.c_uint16),
        ("wr_regs", ctypes.c_uint16),
        ("slot", ctypes.c_int32),
        ("mem_bytes", ctypes.c_uint8),
    ]


# The constants below mirror m4engine.c (its M4_FLAGS, M4_EVENTS, M4_GETTERS and M4_INSN_FIELDS
# lists), kept here so that decode.py can use them without building the engine. lib() compares
# them, the Insn layout and model.DYNAMIC_PARAM_NAMES with what the engine exports (m4_abi,
# m4_insn_layout) and refuses to run on any difference: see abi_mismatches().

# flag bits, in bit order
(F_LOAD1, F_STORE1, F_MEM, F_LITERAL, F_STL_SRC, F_STL_DST, F_BR, F_BRCOND, F_IT, F_DIV,
 F_ITCOND, F_ITBR) = (1 << bit for bit in range(12))

EV_BEGIN, EV_END, EV_OPEN = 1, 2, 3

(G_CYCLES, G_INSNS, G_CYC_BEFORE_LAST, G_INS_BEFORE_LAST, G_IT_BEFORE_LAST,
 G_HIT_LIMIT, G_MISS_FAILED, G_NIT, G_NMT, G_MAX_INSNS, G_BEGIN, G_END, G_OPEN,
 G_TRACING, G_NBLOCKS, G_EXCL_CYCLES, G_EXCL_INSNS, G_EXCL_CYC_BEFORE_LAST,
 G_EXCL_INS_BEFORE_LAST, G_PUB_ACTIVE, G_MEM_CYCLES, G_MEM_BEFORE_LAST,
 G_TRACE_PUB_WRITES, G_MEM_UNATTRIBUTED) = range(24)

MISS_CB = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_uint32, ctypes.c_uint32)
EVENT_CB = ctypes.CFUNCTYPE(None, ctypes.c_int, ctypes.c_uint32)


def _parse_abi(text):
    """m4_abi()'s text -> {list name: [item, ...]} (items "NAME" or "NAME=VALUE")."""
    out = {}
    for line in text.strip().splitlines():
        key, _, rest = line.partition(" ")
        out[key] = [item for item in rest.split(",") if item]
    return out


def abi_mismatches(abi_text, insn_layout, ns=None):
    """Every difference between the engine's boundary (m4_abi() text, m4_insn_layout() values)
    and the Python side (this module's constants and Insn, model.DYNAMIC_PARAM_NAMES); ns
    replaces this module's globals (tests). An empty list means they agree."""
    from . import model
    g = dict(globals()) if ns is None else ns
    abi = _parse_abi(abi_text)
    bad = []

    def expect(what, engine, python):
        if list(engine) != list(python):
            bad.append(f"{what}: engine {list(engine)} != Python {list(python)}")

    expect("parameter vector (model.DYNAMIC_PARAM_NAMES)", abi.get("params", []),
           g.get("DYNAMIC_PARAM_NAMES", model.DYNAMIC_PARAM_NAMES))

    def consts(prefix, value):
        items = sorted((v, k) for k, v in g.items()
                       if k.startswith(prefix) and k[len(prefix):].isupper() and isinstance(v, int))
        return [f"{k[len(prefix):]}={value(v)}" for v, k in items]

    def by_value(items):
        return sorted(items, key=lambda item: int(item.split("=")[1]))

    expect("flags (name=bit)", by_value(abi.get("flags", [])),
           consts("F_", lambda v: v.bit_length() - 1 if v & (v - 1) == 0 else f"not a bit: {v}"))
    expect("events (name=value)", by_value(abi.get("events", [])), consts("EV_", lambda v: v))
    expect("getters (G_ name by index)", abi.get("getters", []),
           [k[2:] for v, k in sorted((v, k) for k, v in g.items()
                                     if k.startswith("G_") and isinstance(v, int))])
    insn = g["Insn"]
    expect("Insn fields", abi.get("insn", []), [name for name, _ in insn._fields_])
    py_layout = [ctypes.sizeof(insn)]
    for name, _ in insn._fields_:
        field = getattr(insn, name)
        py_layout += [field.offset, field.size]
    expect("Insn layout (sizeof, then offset and size per field)", insn_layout, py_layout)
    return bad


def engine_abi(L):
    """The engine's boundary: (m4_abi() text, m4_insn_layout() values)."""
    L.m4_abi.restype = ctypes.c_char_p
    L.m4_abi.argtypes = []
    L.m4_insn_layout.restype = ctypes.c_int
    L.m4_insn_layout.argtypes = [ctypes.POINTER(ctypes.c_int32), ctypes.c_int]
    buf = (ctypes.c_int32 * 64)()
    n = L.m4_insn_layout(buf, len(buf))
    return L.m4_abi().decode(), list(buf[:max(n, 0)])


def _unicorn_dirs():
    pkg = Path(unicorn.__file__).parent
    inc = pkg / "include"
    libdir = pkg / "lib"
    if not (inc / "unicorn" / "unicorn.h").exists():
        raise RuntimeError(f"m4sim: Unicorn headers not found under {inc}")
    libs = sorted(libdir.glob("libunicorn.so*")) + sorted(libdir.glob("libunicorn*.dylib"))
    if not libs:
        raise RuntimeError(f"m4sim: libunicorn not found under {libdir}")
    return inc, libdir, libs[-1]


def _cache_dir():
    for cand in (os.environ.get("M4SIM_CACHE"),
                 os.path.join(os.environ["XDG_CACHE_HOME"], "m4sim") if os.environ.get("XDG_CACHE_HOME") else None,
                 os.path.join(os.path.expanduser("~"), ".cache", "m4sim"),
                 os.path.join(tempfile.gettempdir(), f"m4sim-{os.getuid()}")):
        if not cand:
            continue
        try:
            os.makedirs(cand, exist_ok=True)
            if os.access(cand, os.W_OK):
                return cand
        except OSError:
            continue
    raise RuntimeError("m4sim: no writable cache directory for the native engine")


def build(force=False, source=_SRC):
    """Compile m4engine.c (or another engine source: tests) if needed; return the path of the
    shared library."""
    inc, libdir, ulib = _unicorn_dirs()
    src = Path(source).read_bytes()
    h = hashlib.sha256(src + str(ulib).encode()).hexdigest()[:16]
    out = os.path.join(_cache_dir(), f"m4engine-{h}.so")
    if os.path.exists(out) and not force:
        return out
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        raise RuntimeError("m4sim: a C compiler (cc) is needed to build the native engine")
    tmp = out + f".{os.getpid()}.tmp"
    cmd = [cc, "-O2", "-shared", "-fPIC", "-o", tmp, str(source), f"-I{inc}",
           str(ulib), f"-Wl,-rpath,{libdir}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("m4sim: building the native engine failed:\n" + " ".join(cmd) + "\n" + r.stderr)
    os.replace(tmp, out)
    return out


def lib():
    global _lib
    if _lib is not None:
        return _lib
    L = ctypes.CDLL(build())
    bad = abi_mismatches(*engine_abi(L))
    if bad:
        raise RuntimeError("m4sim: native.py/model.py disagree with m4engine.c:\n  " + "\n  ".join(bad))
    vp, u32, u64, i32 = ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_int
    L.m4_new.restype = vp
    L.m4_new.argtypes = [ctypes.POINTER(ctypes.c_int32), i32, ctypes.POINTER(ctypes.c_int)]
    L.m4_free.argtypes = [vp]
    L.m4_add_block.restype = i32
    L.m4_add_block.argtypes = [vp, u32, u32, u32, ctypes.POINTER(Insn)]
    L.m4_install.restype = i32
    L.m4_install.argtypes = [vp, vp, MISS_CB, EVENT_CB]
    L.m4_alloc_slots.restype = i32
    L.m4_alloc_slots.argtypes = [vp, u32]
    L.m4_add_slot.restype = i32
    L.m4_add_slot.argtypes = [vp, u32, u32, i32, i32, i32, i32]
    L.m4_enable_mem_trace.restype = i32
    L.m4_enable_mem_trace.argtypes = [vp]
    L.m4_set_public.restype = i32
    L.m4_set_public.argtypes = [vp, ctypes.POINTER(ctypes.c_uint32), u32]
    L.m4_pub_calls.restype = u64
    L.m4_pub_calls.argtypes = [vp, u32]
    L.m4_flush.argtypes = [vp]
    L.m4_reset_state.argtypes = [vp]
    L.m4_get.restype = u64
    L.m4_get.argtypes = [vp, i32]
    L.m4_set.argtypes = [vp, i32, u64]
    L.m4_trace_ptr.restype = vp
    L.m4_trace_ptr.argtypes = [vp, i32]
    _lib = L
    return L
