# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Loads the host shared library (build/host-gcc/libm4crypt.so) for the Python differential tests.

Usage in a test:  from m4crypt_lib import lib, buf
The library path can be overridden with M4CRYPT_LIB. Every function's argtypes/restype are
declared by the test that uses it (ctypes defaults are wrong for size_t and pointers).
"""
from __future__ import annotations

import ctypes
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIB_PATH = Path(os.environ.get("M4CRYPT_LIB", ROOT / "build" / "host-gcc" / "libm4crypt.so"))

if not LIB_PATH.exists():
    raise RuntimeError(f"{LIB_PATH} is missing: build it with `make host`")

lib = ctypes.CDLL(str(LIB_PATH))

u8p = ctypes.c_char_p      # input bytes
size_t = ctypes.c_size_t


def buf(n: int):
    """A writable output buffer of n bytes."""
    return ctypes.create_string_buffer(max(n, 1))


def declare(name: str, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f
