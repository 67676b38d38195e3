# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of Poly1305 against PyPI cryptography (Poly1305) and pycryptodome
(Crypto.Hash.Poly1305.Poly1305_MAC(r, s, data), the raw one-time authenticator): one-shot and the
incremental API with random chunkings, at least 1000 random cases with lengths 0..4096, plus keys
and messages made of extreme bytes.
"""
from __future__ import annotations

import ctypes
import random

from Crypto.Hash.Poly1305 import Poly1305_MAC
from cryptography.hazmat.primitives.poly1305 import Poly1305

from m4crypt_lib import buf, declare, size_t

u8p = ctypes.c_char_p


class Ctx(ctypes.Structure):
    """m4crypt_poly1305_ctx (include/m4crypt/poly1305.h)."""
    _fields_ = [("r", ctypes.c_uint32 * 5), ("h", ctypes.c_uint32 * 5),
                ("pad", ctypes.c_uint32 * 4), ("buf", ctypes.c_uint8 * 16),
                ("buflen", ctypes.c_uint32)]


poly1305 = declare("m4crypt_poly1305", None, ctypes.c_void_p, u8p, size_t, u8p)
init = declare("m4crypt_poly1305_init", None, ctypes.POINTER(Ctx), u8p)
update = declare("m4crypt_poly1305_update", None, ctypes.POINTER(Ctx), u8p, size_t)
final = declare("m4crypt_poly1305_final", None, ctypes.POINTER(Ctx), ctypes.c_void_p)

N = 1000


def ours(key, msg):
    tag = buf(16)
    poly1305(tag, msg, len(msg), key)
    return tag.raw[:16]


def ours_chunked(key, msg, rng):
    ctx = Ctx()
    init(ctypes.byref(ctx), key)
    off = 0
    while off < len(msg):
        n = min(rng.choice([0, 1, 3, 15, 16, 17, 31, 64, rng.randrange(0, 200)]), len(msg) - off)
        update(ctypes.byref(ctx), msg[off:off + n], n)
        off += n
    tag = buf(16)
    final(ctypes.byref(ctx), tag)
    assert bytes(ctx) == bytes(ctypes.sizeof(Ctx))  # final wipes the context
    return tag.raw[:16]


def refs(key, msg):
    a = Poly1305.generate_tag(key, msg)
    b = Poly1305_MAC(key[:16], key[16:], msg).digest()
    assert a == b
    return a


def test_random():
    rng = random.Random(1305)
    for i in range(N):
        key = rng.randbytes(32)
        n = rng.randrange(0, 4097) if i % 3 else rng.randrange(0, 100)
        msg = rng.randbytes(n)
        want = refs(key, msg)
        assert ours(key, msg) == want
        assert ours_chunked(key, msg, rng) == want


def test_extreme_bytes():
    rng = random.Random(99)
    for i in range(N):
        key = bytes(rng.choice([0, 0xFF, 0xFF, rng.randrange(256)]) for _ in range(32))
        if i % 2:
            key = b"\xff" * 16 + key[16:]
        n = rng.randrange(0, 600)
        msg = bytes(rng.choice([0xFF, 0xFF, 0xFF, 0, rng.randrange(256)]) for _ in range(n))
        assert ours(key, msg) == refs(key, msg)


def test_verify_through_cryptography():
    rng = random.Random(3)
    for _ in range(100):
        key, msg = rng.randbytes(32), rng.randbytes(rng.randrange(0, 300))
        Poly1305.verify_tag(key, msg, ours(key, msg))  # raises on mismatch
