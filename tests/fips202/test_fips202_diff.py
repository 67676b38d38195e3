# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of SHA3-256, SHA3-512, SHAKE128 and SHAKE256 against Python's hashlib and
pycryptodome (Crypto.Hash.SHA3_256, SHA3_512, SHAKE128, SHAKE256).

For every function: at least 1000 random messages with lengths 0..4096 (biased towards the rate
boundaries) and, for SHAKE, random output lengths, through the one-shot functions; and at least
1000 cases through the incremental API with random chunkings of absorb and squeeze, compared with
pycryptodome's own incremental update()/read() as well as hashlib.
"""
from __future__ import annotations

import ctypes
import hashlib
import random

import pytest
from Crypto.Hash import SHA3_256, SHA3_512, SHAKE128, SHAKE256

from m4crypt_lib import buf, declare, size_t

u8p = ctypes.c_char_p


class KeccakCtx(ctypes.Structure):
    """m4crypt_keccak_ctx (include/m4crypt/fips202.h)."""
    _fields_ = [("state", ctypes.c_uint64 * 25), ("rate", ctypes.c_uint32),
                ("pos", ctypes.c_uint32), ("dsbyte", ctypes.c_uint8),
                ("squeezing", ctypes.c_uint8)]


ctxp = ctypes.POINTER(KeccakCtx)
sha3_256 = declare("m4crypt_sha3_256", None, ctypes.c_void_p, u8p, size_t)
sha3_512 = declare("m4crypt_sha3_512", None, ctypes.c_void_p, u8p, size_t)
shake128 = declare("m4crypt_shake128", None, ctypes.c_void_p, size_t, u8p, size_t)
shake256 = declare("m4crypt_shake256", None, ctypes.c_void_p, size_t, u8p, size_t)
inits = {
    "sha3_256": declare("m4crypt_sha3_256_init", None, ctxp),
    "sha3_512": declare("m4crypt_sha3_512_init", None, ctxp),
    "shake128": declare("m4crypt_shake128_init", None, ctxp),
    "shake256": declare("m4crypt_shake256_init", None, ctxp),
}
absorb = declare("m4crypt_keccak_absorb", None, ctxp, u8p, size_t)
finalize = declare("m4crypt_keccak_finalize", None, ctxp)
squeeze = declare("m4crypt_keccak_squeeze", None, ctxp, ctypes.c_void_p, size_t)
finals = {
    "sha3_256": declare("m4crypt_sha3_256_final", None, ctxp, ctypes.c_void_p),
    "sha3_512": declare("m4crypt_sha3_512_final", None, ctxp, ctypes.c_void_p),
}
keccakf = declare("m4crypt_keccakf1600", None, ctypes.POINTER(ctypes.c_uint64 * 25))

RATE = {"sha3_256": 136, "sha3_512": 72, "shake128": 168, "shake256": 136}
DIGEST = {"sha3_256": 32, "sha3_512": 64}
FUNCS = list(RATE)
N = 1000


def ref_hashlib(fn: str, msg: bytes, outlen: int) -> bytes:
    h = getattr(hashlib, {"shake128": "shake_128", "shake256": "shake_256"}.get(fn, fn))(msg)
    return h.digest(outlen) if fn.startswith("shake") else h.digest()


def ref_pycryptodome(fn: str):
    return {"sha3_256": SHA3_256, "sha3_512": SHA3_512, "shake128": SHAKE128,
            "shake256": SHAKE256}[fn].new()


def ours_oneshot(fn: str, msg: bytes, outlen: int) -> bytes:
    if fn in DIGEST:
        out = buf(DIGEST[fn])
        (sha3_256 if fn == "sha3_256" else sha3_512)(out, msg, len(msg))
        return out.raw[: DIGEST[fn]]
    out = buf(outlen)
    (shake128 if fn == "shake128" else shake256)(out, outlen, msg, len(msg))
    return out.raw[:outlen]


def rand_len(rng: random.Random, rate: int, top: int = 4096) -> int:
    r = rng.random()
    if r < 0.3:
        return rng.randrange(0, 2 * rate + 2)
    if r < 0.45:
        return min(top, max(0, rate * rng.randrange(0, top // rate + 1) + rng.choice([-1, 0, 1])))
    return rng.randrange(0, top + 1)


def chunks(rng: random.Random, total: int, rate: int):
    """Random split of total into chunk lengths (zeros included)."""
    out = []
    while total > 0:
        kind = rng.random()
        if kind < 0.15:
            n = 0
        elif kind < 0.4:
            n = rng.randrange(1, 9)
        elif kind < 0.6:
            n = rate + rng.choice([-1, 0, 1])
        else:
            n = rng.randrange(0, 3 * rate)
        n = min(n, total)
        out.append(n)
        total -= n
    return out


def random_messages(test: str, fn: str):
    """A test's N cases for fn: (case, rng, msg), msg of a random length around the rate (rand_len),
    from a generator seeded with the test's name and fn, which the case goes on drawing from."""
    rng = random.Random(f"{test}-{fn}")
    for case in range(N):
        yield case, rng, rng.randbytes(rand_len(rng, RATE[fn]))


@pytest.mark.parametrize("fn", FUNCS)
def test_oneshot(fn):
    rate = RATE[fn]
    for case, rng, msg in random_messages("oneshot", fn):
        outlen = DIGEST.get(fn) or rand_len(rng, rate, 1024)
        ours = ours_oneshot(fn, msg, outlen)
        assert ours == ref_hashlib(fn, msg, outlen), (case, len(msg), outlen)
        p = ref_pycryptodome(fn).update(msg)
        ref = p.digest() if fn in DIGEST else p.read(outlen)
        assert ours == ref, (case, len(msg), outlen)


@pytest.mark.parametrize("fn", FUNCS)
def test_incremental(fn):
    rate = RATE[fn]
    for case, rng, msg in random_messages("incremental", fn):
        ctx = KeccakCtx()
        inits[fn](ctypes.byref(ctx))
        pos = 0
        for n in chunks(rng, len(msg), rate):
            absorb(ctypes.byref(ctx), msg[pos:pos + n], n)
            pos += n
        assert pos == len(msg)
        if fn in DIGEST and rng.random() < 0.5:
            out = buf(DIGEST[fn])
            finals[fn](ctypes.byref(ctx), out)
            ours = out.raw[: DIGEST[fn]]
            assert bytes(ctx) == bytes(ctypes.sizeof(ctx)), "final must wipe the context"
            assert ours == ref_hashlib(fn, msg, 0), (case, len(msg))
            continue
        finalize(ctypes.byref(ctx))
        outlen = DIGEST.get(fn) or rand_len(rng, rate, 1024)
        parts = chunks(rng, outlen, rate)
        p = ref_pycryptodome(fn).update(msg)
        whole = p.digest() if fn in DIGEST else None
        got = b""
        for n in parts:
            out = buf(n)
            squeeze(ctypes.byref(ctx), out, n)
            piece = out.raw[:n]
            if whole is None:  # pycryptodome's XOF is incremental too: compare piece by piece
                assert piece == p.read(n), (case, len(msg), parts)
            got += piece
        assert got == ref_hashlib(fn, msg, outlen)[:outlen], (case, len(msg), outlen, parts)
        if whole is not None:
            assert got == whole[:outlen]


def test_permutation_zero_state():
    """Keccak-f[1600] on the zero state (first lane from the Keccak team's intermediate values),
    and consistency with hashlib: SHAKE128 of the empty message is the first 168 bytes of
    Keccak-f applied to the padded block 1f 00 .. 00 80."""
    st = (ctypes.c_uint64 * 25)()
    keccakf(ctypes.byref(st))
    assert st[0] == 0xF1258F7940E1DDE7
    block = bytearray(200)
    block[0] ^= 0x1F
    block[167] ^= 0x80
    st = (ctypes.c_uint64 * 25)(*[int.from_bytes(block[8 * i:8 * i + 8], "little")
                                  for i in range(25)])
    keccakf(ctypes.byref(st))
    out = b"".join(int(v).to_bytes(8, "little") for v in st)
    assert out[:168] == hashlib.shake_128(b"").digest(168)
