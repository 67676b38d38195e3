# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of ChaCha20 against PyPI cryptography and pycryptodome.

RFC 8439 variant (96-bit nonce, 32-bit counter): cryptography's ChaCha20 takes a 16-byte nonce =
le32(counter) || nonce; pycryptodome's ChaCha20 takes the 12-byte nonce and seek(64 * counter).
Original variant (64-bit nonce, 64-bit counter): cryptography with le64(counter) || nonce (only
while the low counter word does not wrap: cryptography refuses that), pycryptodome with the 8-byte
nonce and seek (its counter is 64 bits, so it also covers the carry into word 13).
At least 1000 random cases each, lengths 0..4096.
"""
from __future__ import annotations

import ctypes
import random

import pytest
from Crypto.Cipher import ChaCha20 as PyCryptodomeChaCha20
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms

from m4crypt_lib import buf, declare, size_t

u8p = ctypes.c_char_p
ietf_xor = declare("m4crypt_chacha20_ietf_xor", ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                   size_t, u8p, u8p, ctypes.c_uint32)
ietf_block = declare("m4crypt_chacha20_ietf_block", None, ctypes.c_void_p, u8p, u8p,
                     ctypes.c_uint32)
djb_xor = declare("m4crypt_chacha20_xor", None, ctypes.c_void_p, ctypes.c_void_p, size_t, u8p, u8p,
                  ctypes.c_uint64)

M4CRYPT_ERR_PARAM = -7
N = 1000


def rand_len(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.3:
        return rng.randrange(0, 200)
    if r < 0.4:
        return min(4096, max(0, 64 * rng.randrange(0, 65) + rng.choice([-1, 0, 1])))
    return rng.randrange(0, 4097)


def rand_message(rng: random.Random, nonce_len: int) -> tuple[bytes, bytes, bytes, int]:
    """A random key, nonce of nonce_len bytes and message (rand_len), and its number of blocks."""
    key, nonce = rng.randbytes(32), rng.randbytes(nonce_len)
    msg = rng.randbytes(max(0, rand_len(rng)))
    return key, nonce, msg, (len(msg) + 63) // 64


def ours_ietf(key, nonce, counter, msg):
    out = buf(len(msg))
    inp = ctypes.create_string_buffer(msg, max(len(msg), 1))
    r = ietf_xor(out, inp, len(msg), key, nonce, counter)
    return r, out.raw[: len(msg)]


def ref_crypto(key, nonce16, msg):
    return Cipher(algorithms.ChaCha20(key, nonce16), None).encryptor().update(msg)


def ref_pycryptodome(key, nonce, counter, msg):
    c = PyCryptodomeChaCha20.new(key=key, nonce=nonce)
    c.seek(64 * counter)
    return c.encrypt(msg)


def test_ietf_random():
    rng = random.Random(20240801)
    for _ in range(N):
        key, nonce, msg, blocks = rand_message(rng, 12)
        if rng.random() < 0.2:  # end exactly at or near the 2^32 limit
            counter = 2**32 - blocks - rng.randrange(0, 3) if blocks else 2**32 - 1
        else:
            counter = rng.randrange(0, 2**32 - blocks + 1) if blocks else rng.randrange(2**32)
        counter = max(counter, 0)
        r, got = ours_ietf(key, nonce, counter, msg)
        assert r == 0
        assert got == ref_crypto(key, counter.to_bytes(4, "little") + nonce, msg)
        assert got == ref_pycryptodome(key, nonce, counter, msg)


def test_ietf_inplace():
    rng = random.Random(5)
    for _ in range(200):
        key, nonce = rng.randbytes(32), rng.randbytes(12)
        msg = rng.randbytes(rng.randrange(0, 1000))
        counter = rng.randrange(0, 2**31)
        b = ctypes.create_string_buffer(msg, max(len(msg), 1))
        assert ietf_xor(b, b, len(msg), key, nonce, counter) == 0
        assert b.raw[: len(msg)] == ref_pycryptodome(key, nonce, counter, msg)


def test_ietf_counter_overflow_refused_like_references():
    rng = random.Random(6)
    for _ in range(N // 4):
        key, nonce = rng.randbytes(32), rng.randbytes(12)
        msg = rng.randbytes(rng.randrange(1, 600))
        blocks = (len(msg) + 63) // 64
        counter = 2**32 - blocks + rng.randrange(1, 10)  # one or more blocks too many
        if counter >= 2**32:
            counter = 2**32 - 1
            msg = msg + bytes(65)
        out = buf(len(msg))
        sentinel = b"\x5a" * len(msg)
        ctypes.memmove(out, sentinel, len(msg))
        assert ietf_xor(out, msg, len(msg), key, nonce, counter) == M4CRYPT_ERR_PARAM
        assert out.raw[: len(msg)] == sentinel  # nothing written
        with pytest.raises(ValueError):
            ref_crypto(key, counter.to_bytes(4, "little") + nonce, msg)
        with pytest.raises(Exception):
            ref_pycryptodome(key, nonce, counter, msg)


def test_ietf_block():
    rng = random.Random(7)
    for _ in range(N):
        key, nonce, counter = rng.randbytes(32), rng.randbytes(12), rng.randrange(2**32)
        out = buf(64)
        ietf_block(out, key, nonce, counter)
        assert out.raw[:64] == ref_pycryptodome(key, nonce, counter, bytes(64))


def test_djb_random():
    rng = random.Random(8)
    for i in range(N):
        key, nonce, msg, blocks = rand_message(rng, 8)
        kind = i % 4
        if kind == 0:  # anywhere, low word not wrapping: both references
            hi, lo = rng.randrange(2**32), rng.randrange(0, 2**32 - blocks + 1)
            counter = hi << 32 | lo
        elif kind == 1:  # crossing a 2^32 boundary (carry into word 13)
            counter = (rng.randrange(2**32 - 1) << 32) | (2**32 - rng.randrange(1, blocks + 1)
                                                         if blocks else 0)
        elif kind == 2:  # the last blocks before 2^64
            counter = 2**64 - blocks - rng.randrange(0, 3) if blocks else 2**64 - 1
        else:
            counter = rng.randrange(0, 2**64 - blocks)
        counter = max(counter, 0)
        out = buf(len(msg))
        djb_xor(out, msg, len(msg), key, nonce, counter)
        got = out.raw[: len(msg)]
        assert got == ref_pycryptodome(key, nonce, counter, msg)
        if (counter & 0xFFFFFFFF) + blocks <= 2**32:
            assert got == ref_crypto(key, counter.to_bytes(8, "little") + nonce, msg)


def test_djb_wraps_at_2_64():
    rng = random.Random(9)
    key, nonce = rng.randbytes(32), rng.randbytes(8)
    msg = rng.randbytes(128)
    out = buf(128)
    djb_xor(out, msg, 128, key, nonce, 2**64 - 1)
    assert out.raw[:64] == ref_pycryptodome(key, nonce, 2**64 - 1, msg[:64])
    assert out.raw[64:128] == ref_pycryptodome(key, nonce, 0, msg[64:])
