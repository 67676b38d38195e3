# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of ristretto255 against libsodium (Debian package libsodium23, loaded with
ctypes): crypto_scalarmult_ristretto255, crypto_scalarmult_ristretto255_base,
crypto_core_ristretto255_is_valid_point and crypto_core_ristretto255_from_hash, on random inputs
(1000 each) and edge cases. libsodium returns -1 for an invalid point or an identity result;
m4crypt returns M4CRYPT_ERR_PUBLIC_KEY / M4CRYPT_ERR_ZERO_SHARED with an all-zero output.
Skipped, with the reason, when libsodium is not installed.

One known difference: libsodium 1.0.18 ignores bit 255 of a point encoding (it decodes the value
with the bit cleared), while RFC 9496 section 4.3.1 rejects every non-canonical encoding, bit 255
set included (appendix A.2 lists such an encoding), and so does m4crypt. For inputs with bit 255
set the tests check that m4crypt rejects them and that libsodium treats them as the value with
the bit cleared, which is what documents the difference.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import random

import pytest

from m4crypt_lib import buf, declare, u8p

ERR_PUBLIC_KEY = -2
ERR_ZERO_SHARED = -5
N_RANDOM = 1000
L = 2**252 + 27742317777372353535851937790883648493

_name = ctypes.util.find_library("sodium")
if _name is None:
    pytest.skip("libsodium is not installed (Debian package libsodium23): no reference to compare "
                "ristretto255 with", allow_module_level=True)
sodium = ctypes.CDLL(_name)
assert sodium.sodium_init() >= 0
for fn, args in [("crypto_scalarmult_ristretto255", [ctypes.c_void_p, u8p, u8p]),
                 ("crypto_scalarmult_ristretto255_base", [ctypes.c_void_p, u8p]),
                 ("crypto_core_ristretto255_is_valid_point", [u8p]),
                 ("crypto_core_ristretto255_from_hash", [ctypes.c_void_p, u8p])]:
    getattr(sodium, fn).restype = ctypes.c_int
    getattr(sodium, fn).argtypes = args

smul = declare("m4crypt_ristretto255_scalarmult", ctypes.c_int, ctypes.c_void_p, u8p, u8p)
smul_base = declare("m4crypt_ristretto255_scalarmult_base", ctypes.c_int, ctypes.c_void_p, u8p)
valid = declare("m4crypt_ristretto255_is_valid_point", ctypes.c_int, u8p)
from_uniform = declare("m4crypt_ristretto255_from_uniform_bytes", ctypes.c_int, ctypes.c_void_p,
                       u8p)

rng = random.Random(0x255)


def rbytes(n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def ours_mul(n: bytes, p: bytes):
    out = buf(32)
    return smul(out, n, p), out.raw[:32]


def ref_mul(n: bytes, p: bytes):
    out = buf(32)
    return sodium.crypto_scalarmult_ristretto255(out, n, p), out.raw[:32]


def ours_base(n: bytes):
    out = buf(32)
    return smul_base(out, n), out.raw[:32]


def ref_base(n: bytes):
    out = buf(32)
    return sodium.crypto_scalarmult_ristretto255_base(out, n), out.raw[:32]


def same(ours, ref):
    rc, q = ours
    rrc, rq = ref
    if rrc == 0:
        return rc == 0 and q == rq
    return rc in (ERR_PUBLIC_KEY, ERR_ZERO_SHARED) and q == bytes(32)


def scalars():
    edge = [bytes(32), (1).to_bytes(32, "little"), L.to_bytes(32, "little"),
            (L - 1).to_bytes(32, "little"), (L + 1).to_bytes(32, "little"),
            (2 * L).to_bytes(32, "little"), b"\xff" * 32, b"\xff" * 31 + b"\x7f",
            (2**255 + 1).to_bytes(32, "little")]
    return edge + [rbytes(32) for _ in range(N_RANDOM)]


def test_scalarmult_base():
    bad = [n.hex() for n in scalars() if not same(ours_base(n), ref_base(n))]
    assert not bad, bad[:4]


def top_bit(p: bytes) -> bool:
    return bool(p[31] & 0x80)


def cleared(p: bytes) -> bytes:
    return p[:31] + bytes([p[31] & 0x7F])


def test_scalarmult():
    bad = []
    for i, n in enumerate(scalars()):
        rc, p = ref_base(rbytes(32))
        if i % 10 == 0:
            p = rbytes(32)            # mostly invalid encodings
        if i % 50 == 1:
            p = bytes(32)             # the identity
        if i % 20 == 3:
            p = p[:31] + bytes([p[31] | 0x80])  # bit 255 set
        if top_bit(p):
            ok = ours_mul(n, p) == (ERR_PUBLIC_KEY, bytes(32)) and \
                ref_mul(n, p) == ref_mul(n, cleared(p))
        else:
            ok = same(ours_mul(n, p), ref_mul(n, p))
        if not ok:
            bad.append((n.hex(), p.hex()))
    assert not bad, bad[:4]


def test_is_valid_point():
    bad = []
    for i in range(N_RANDOM):
        p = rbytes(32)
        if i % 2:
            p = ref_base(rbytes(32))[1]
            if i % 6 == 1:
                p = p[:31] + bytes([p[31] | 0x80])    # bit 255 set
            if i % 6 == 3:
                p = bytes([p[0] ^ 1]) + p[1:]         # sign flipped
        r_ours = valid(p) == 0
        r_ref = sodium.crypto_core_ristretto255_is_valid_point(p) == 1
        if top_bit(p):
            ok = not r_ours and \
                r_ref == (sodium.crypto_core_ristretto255_is_valid_point(cleared(p)) == 1)
        else:
            ok = r_ours == r_ref
        if not ok:
            bad.append(p.hex())
    assert not bad, bad[:4]


def test_from_uniform_bytes():
    bad = []
    inputs = [bytes(64), b"\xff" * 64] + [rbytes(64) for _ in range(N_RANDOM)]
    for h in inputs:
        a, b = buf(32), buf(32)
        assert from_uniform(a, h) == 0
        assert sodium.crypto_core_ristretto255_from_hash(b, h) == 0
        if a.raw[:32] != b.raw[:32]:
            bad.append(h.hex())
    assert not bad, bad[:4]
