# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The C/Python boundary of the native engine: native.py and model.py must agree with what
m4engine.c exports (m4_abi, m4_insn_layout), and native.lib() must refuse an engine that does not."""
import ctypes
import re

import pytest

from m4sim import model, native


def _abi():
    return native.engine_abi(native.lib())


def _ns(**changes):
    ns = dict(vars(native))
    ns.update(changes)
    return ns


def test_engine_and_python_agree():
    abi_text, layout = _abi()
    assert native.abi_mismatches(abi_text, layout) == []
    # the export is not empty: every list is there, with the sizes the Python side uses
    parsed = native._parse_abi(abi_text)
    assert parsed["params"] == list(model.DYNAMIC_PARAM_NAMES)
    assert len(parsed["flags"]) == 12 and len(parsed["getters"]) == 24
    assert layout[0] == ctypes.sizeof(native.Insn) == 20


@pytest.mark.parametrize("change", [
    dict(F_MEM=1 << 3, F_LITERAL=1 << 2),                      # two flag bits swapped
    dict(F_EXTRA=1 << 12),                                      # a flag the engine lacks
    dict(G_NIT=8, G_NMT=7),                                     # two getters swapped
    dict(EV_OPEN=4),                                            # an event renumbered
    dict(DYNAMIC_PARAM_NAMES=model.DYNAMIC_PARAM_NAMES[:-1]),   # a parameter dropped
    dict(DYNAMIC_PARAM_NAMES=("ADDR_STALL",) + tuple(
        n for n in model.DYNAMIC_PARAM_NAMES if n != "ADDR_STALL")),  # reordered
])
def test_python_side_drift_is_reported(change):
    assert native.abi_mismatches(*_abi(), ns=_ns(**change))


def test_insn_layout_drift_is_reported():
    class Insn(ctypes.Structure):  # wr_regs and addr_regs in the other order, one field wider
        _fields_ = [("addr", ctypes.c_uint32), ("flags", ctypes.c_uint16),
                    ("size", ctypes.c_uint8), ("base", ctypes.c_uint8),
                    ("wr_regs", ctypes.c_uint16), ("addr_regs", ctypes.c_uint16),
                    ("slot", ctypes.c_int32)]

    class InsnWide(ctypes.Structure):
        _fields_ = [(n, ctypes.c_uint32 if n == "flags" else t) for n, t in native.Insn._fields_]

    assert any("Insn fields" in m for m in native.abi_mismatches(*_abi(), ns=_ns(Insn=Insn)))
    assert any("Insn layout" in m for m in native.abi_mismatches(*_abi(), ns=_ns(Insn=InsnWide)))


def test_engine_side_drift_is_refused(tmp_path, monkeypatch):
    """An engine whose lists were edited (two getters swapped, a flag moved) without native.py
    is refused by the check lib() runs."""
    monkeypatch.setenv("M4SIM_CACHE", str(tmp_path))
    src = native._SRC.read_text()
    edited = src.replace("X(NIT, nit) X(NMT, nmt)", "X(NMT, nmt) X(NIT, nit)").replace(
        "X(ITBR, 11)", "X(ITBR, 12)")
    assert edited != src and len(re.findall(r"X\(NMT, nmt\) X\(NIT, nit\)", edited)) == 1
    path = tmp_path / "m4engine.c"
    path.write_text(edited)
    L = ctypes.CDLL(native.build(source=path))
    bad = native.abi_mismatches(*native.engine_abi(L))
    assert any("getters" in m for m in bad) and any("flags" in m for m in bad)
