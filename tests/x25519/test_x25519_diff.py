# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of X25519 against PyPI cryptography (OpenSSL) and pycryptodome.

Random (scalar, point) pairs, random scalars on the base point, and special points (low order,
non-canonical u >= p, bit 255 set, small u). cryptography raises ValueError when the shared
secret is all zero, and pycryptodome refuses low-order public keys on import: both are taken to
mean "the all-zero shared secret", which m4crypt reports as M4CRYPT_ERR_ZERO_SHARED with a zero
output.
"""
from __future__ import annotations

import ctypes
import random

import pytest
from Crypto.Protocol import DH
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

from m4crypt_lib import buf, declare, u8p

ERR_ZERO_SHARED = -5
P = 2**255 - 19
N_RANDOM = 1000

x25519 = declare("m4crypt_x25519", ctypes.c_int, ctypes.c_void_p, u8p, u8p)
x25519_base = declare("m4crypt_x25519_base", ctypes.c_int, ctypes.c_void_p, u8p)


def ours(scalar: bytes, point: bytes) -> tuple[int, bytes]:
    out = buf(32)
    rc = x25519(out, scalar, point)
    return rc, out.raw[:32]


def ours_base(scalar: bytes) -> tuple[int, bytes]:
    out = buf(32)
    rc = x25519_base(out, scalar)
    return rc, out.raw[:32]


def ref_cryptography(scalar: bytes, point: bytes) -> bytes | None:
    try:
        return X25519PrivateKey.from_private_bytes(scalar).exchange(
            X25519PublicKey.from_public_bytes(point))
    except ValueError:
        return None  # all-zero shared secret


def ref_pycryptodome(scalar: bytes, point: bytes) -> bytes | None:
    try:
        pub = DH.import_x25519_public_key(point)
    except ValueError:
        return None  # low-order point
    priv = DH.import_x25519_private_key(scalar)
    return DH.key_agreement(static_priv=priv, static_pub=pub, kdf=lambda z: z)


def check(scalar: bytes, point: bytes, ref) -> None:
    rc, out = ours(scalar, point)
    want = ref(scalar, point)
    if want is None:
        assert rc == ERR_ZERO_SHARED and out == bytes(32), (scalar.hex(), point.hex())
    else:
        assert rc == 0 and out == want, (scalar.hex(), point.hex())


def special_points(rng: random.Random) -> list[bytes]:
    low = [0, 1, P - 1, P, P + 1,
           325606250916557431795983626356110631294008115727848805560023387167927233504,
           39382357235489614581723060781553021112529911719440698176882885853963445705823]
    pts = [u.to_bytes(32, "little") for u in low]
    pts += [(P + i).to_bytes(32, "little") for i in range(2, 19)]   # non-canonical, up to 2^255-1
    pts += [i.to_bytes(32, "little") for i in range(2, 20)]          # small u
    pts += [(P - i).to_bytes(32, "little") for i in range(2, 10)]
    pts += [(2**255 - 2**k).to_bytes(32, "little") for k in range(0, 255, 17)]
    pts += [(2**k).to_bytes(32, "little") for k in range(0, 255, 13)]
    with_high = [bytes(p[:31]) + bytes([p[31] | 0x80]) for p in pts]
    return pts + with_high + [rng.randbytes(32) for _ in range(20)]


@pytest.mark.parametrize("ref", [ref_cryptography, ref_pycryptodome],
                         ids=["cryptography", "pycryptodome"])
def test_random_pairs(ref):
    rng = random.Random(7748)
    for _ in range(N_RANDOM):
        check(rng.randbytes(32), rng.randbytes(32), ref)


@pytest.mark.parametrize("ref", [ref_cryptography, ref_pycryptodome],
                         ids=["cryptography", "pycryptodome"])
def test_special_points(ref):
    rng = random.Random(25519)
    pts = special_points(rng)
    zeros = 0
    for point in pts:
        for _ in range(3):
            scalar = rng.randbytes(32)
            check(scalar, point, ref)
            zeros += ref(scalar, point) is None
    assert zeros >= 3 * 14  # the 7 low-order encodings, with and without bit 255


def test_base_point():
    rng = random.Random(9)
    scalars = [rng.randbytes(32) for _ in range(N_RANDOM)]
    scalars += [bytes(32), b"\xff" * 32, bytes([8]) + bytes(31), bytes(31) + b"\x40"]
    for scalar in scalars:
        rc, out = ours_base(scalar)
        want = X25519PrivateKey.from_private_bytes(scalar).public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        assert rc == 0 and out == want, scalar.hex()
