# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of ChaCha20-Poly1305 (RFC 8439 section 2.8) against PyPI cryptography
(ChaCha20Poly1305) and pycryptodome (Crypto.Cipher.ChaCha20_Poly1305): at least 1000 random cases
with message lengths 0..4096 and AD lengths 0..64 (some up to 1000), combined and detached forms,
in place, and forgeries (both references and m4crypt reject; m4crypt zeroes the output).
"""
from __future__ import annotations

import ctypes
import random

import pytest
from Crypto.Cipher import ChaCha20_Poly1305
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from m4crypt_lib import buf, declare, size_t

vp = ctypes.c_void_p
u8p = ctypes.c_char_p
encrypt = declare("m4crypt_aead_chacha20poly1305_encrypt", ctypes.c_int, vp, size_t, vp, size_t,
                  u8p, size_t, u8p, u8p)
decrypt = declare("m4crypt_aead_chacha20poly1305_decrypt", ctypes.c_int, vp, size_t, vp, size_t,
                  u8p, size_t, u8p, u8p)
encrypt_detached = declare("m4crypt_aead_chacha20poly1305_encrypt_detached", ctypes.c_int, vp, vp,
                           vp, size_t, u8p, size_t, u8p, u8p)
decrypt_detached = declare("m4crypt_aead_chacha20poly1305_decrypt_detached", ctypes.c_int, vp, vp,
                           size_t, vp, u8p, size_t, u8p, u8p)

M4CRYPT_ERR_AUTH = -4
N = 1000


def cbuf(data: bytes, extra: int = 0):
    return ctypes.create_string_buffer(data + bytes(extra), max(len(data) + extra, 1))


def ref_encrypt(key, nonce, msg, ad):
    a = ChaCha20Poly1305(key).encrypt(nonce, msg, ad)
    c = ChaCha20_Poly1305.new(key=key, nonce=nonce)
    c.update(ad)
    ct, tag = c.encrypt_and_digest(msg)
    assert a == ct + tag
    return a


def case(rng: random.Random, i: int):
    key, nonce = rng.randbytes(32), rng.randbytes(12)
    n = rng.randrange(0, 4097) if i % 4 else rng.randrange(0, 200)
    ad_n = rng.randrange(0, 65) if i % 10 else rng.randrange(0, 1001)
    return key, nonce, rng.randbytes(n), rng.randbytes(ad_n)


def test_encrypt_decrypt_random():
    rng = random.Random(8439)
    for i in range(N):
        key, nonce, msg, ad = case(rng, i)
        want = ref_encrypt(key, nonce, msg, ad)
        c = buf(len(msg) + 16)
        assert encrypt(c, len(msg) + 16, cbuf(msg), len(msg), ad, len(ad), nonce, key) == 0
        assert c.raw[: len(msg) + 16] == want
        m = buf(len(msg))
        assert decrypt(m, len(msg), cbuf(want), len(want), ad, len(ad), nonce, key) == 0
        assert m.raw[: len(msg)] == msg


def test_detached_and_inplace():
    rng = random.Random(7539)
    for i in range(N // 2):
        key, nonce, msg, ad = case(rng, i)
        want = ref_encrypt(key, nonce, msg, ad)
        b, tag = cbuf(msg), buf(16)
        assert encrypt_detached(b, tag, b, len(msg), ad, len(ad), nonce, key) == 0
        assert b.raw[: len(msg)] == want[:-16] and tag.raw[:16] == want[-16:]
        assert decrypt_detached(b, b, len(msg), tag, ad, len(ad), nonce, key) == 0
        assert b.raw[: len(msg)] == msg
        # combined, in place
        b = cbuf(msg, 16)
        assert encrypt(b, len(msg) + 16, b, len(msg), ad, len(ad), nonce, key) == 0
        assert b.raw[: len(msg) + 16] == want
        assert decrypt(b, len(msg), b, len(msg) + 16, ad, len(ad), nonce, key) == 0
        assert b.raw[: len(msg)] == msg


def test_forgeries_rejected_like_references():
    rng = random.Random(4)
    for i in range(N):
        key, nonce, msg, ad = case(rng, i)
        ct = bytearray(ref_encrypt(key, nonce, msg, ad))
        what = i % 3
        if what == 0 or not ad:  # a bit of the ciphertext or tag
            pos = rng.randrange(len(ct))
            ct[pos] ^= 1 << rng.randrange(8)
        elif what == 1:  # a bit of the AD
            pos = rng.randrange(len(ad))
            ad = ad[:pos] + bytes([ad[pos] ^ (1 << rng.randrange(8))]) + ad[pos + 1:]
        else:  # a different nonce
            nonce = bytes([nonce[0] ^ 1]) + nonce[1:]
        ct = bytes(ct)
        with pytest.raises(InvalidTag):
            ChaCha20Poly1305(key).decrypt(nonce, ct, ad)
        c = ChaCha20_Poly1305.new(key=key, nonce=nonce)
        c.update(ad)
        with pytest.raises(ValueError):
            c.decrypt_and_verify(ct[:-16], ct[-16:])
        m = cbuf(b"\xa5" * len(msg))
        assert decrypt(m, len(msg), ct, len(ct), ad, len(ad), nonce, key) == M4CRYPT_ERR_AUTH
        assert m.raw[: len(msg)] == bytes(len(msg))
