# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of ML-DSA-44/65/87 against three independent implementations.

- pycryptodome (Crypto.PublicKey.MLDSA / Crypto.Signature.mldsa, C): per set 1000 cases, each a
  key generation from a random seed (public and expanded secret key byte-equal), a signature of a
  random message with a random context (0-255 bytes), deterministic or hedged with the same rnd
  (randfunc), byte-equal to ours, verified by both; and a modified signature or message that both
  reject. Every tenth case also goes through the external-mu interface.
- cryptography (OpenSSL): per set 300 cases: the public key from the seed; cryptography verifies
  our hedged signature, we verify its (hedged, random) one, and both reject a modified one.
- dilithium-py (pure Python FIPS 204, slow: ~0.3 s per case): per set 10 cases of key generation
  and deterministic signing, byte-equal, and its verification of our hedged signature. Set
  M4CRYPT_DIFF_SLOW=1 for 1000 per set (about 15 minutes).

The library is build/host-gcc/libm4crypt.so (M4CRYPT_LIB overrides it).
"""
from __future__ import annotations

import ctypes
import os
import random

import pytest
from Crypto.PublicKey import MLDSA as CryptoMLDSA
from Crypto.Signature import mldsa as crypto_mldsa
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import mldsa as cg_mldsa
from dilithium_py.ml_dsa import ML_DSA_44, ML_DSA_65, ML_DSA_87

from m4crypt_lib import buf, declare, size_t, u8p
from random_cases import seeded_cases

ERR_SIGNATURE = -8
SETS = {44: (1312, 2560, 2420), 65: (1952, 4032, 3309), 87: (2592, 4896, 4627)}
PYCRYPTODOME = {44: CryptoMLDSA.ML_DSA_44, 65: CryptoMLDSA.ML_DSA_65, 87: CryptoMLDSA.ML_DSA_87}
CRYPTOGRAPHY = {44: cg_mldsa.MLDSA44PrivateKey, 65: cg_mldsa.MLDSA65PrivateKey,
                87: cg_mldsa.MLDSA87PrivateKey}
DILITHIUM = {44: ML_DSA_44, 65: ML_DSA_65, 87: ML_DSA_87}
N_FAST = 1000  # pycryptodome
N_CRYPTOGRAPHY = 300
N_SLOW = 1000 if os.environ.get("M4CRYPT_DIFF_SLOW") else 10

c_int = ctypes.c_int
vp = ctypes.c_void_p
_keypair = declare("m4crypt_mldsa_keypair", c_int, c_int, vp, size_t, vp, size_t, u8p)
_sign = declare("m4crypt_mldsa_sign", c_int, c_int, vp, size_t, u8p, size_t, u8p, size_t, u8p,
                size_t, u8p)
_verify = declare("m4crypt_mldsa_verify", c_int, c_int, u8p, size_t, u8p, size_t, u8p, size_t,
                  u8p, size_t)
_perset = {
    s: {"sign_mu": declare(f"m4crypt_mldsa{s}_sign_mu", c_int, vp, u8p, u8p, u8p),
        "verify_mu": declare(f"m4crypt_mldsa{s}_verify_mu", c_int, u8p, u8p, u8p),
        "mu": declare(f"m4crypt_mldsa{s}_mu", c_int, vp, u8p, u8p, size_t, u8p, size_t)}
    for s in SETS
}


def keypair(s: int, seed: bytes) -> tuple[bytes, bytes]:
    pkl, skl, _ = SETS[s]
    pk, sk = buf(pkl), buf(skl)
    assert _keypair(s, pk, pkl, sk, skl, seed) == 0
    return pk.raw[:pkl], sk.raw[:skl]


def sign(s: int, key: bytes, m: bytes, ctx: bytes, rnd: bytes | None) -> bytes:
    sigl = SETS[s][2]
    sig = buf(sigl)
    assert _sign(s, sig, sigl, m, len(m), ctx, len(ctx), key, len(key), rnd) == 0
    return sig.raw[:sigl]


def verify(s: int, pk: bytes, m: bytes, ctx: bytes, sig: bytes) -> int:
    return _verify(s, sig, len(sig), m, len(m), ctx, len(ctx), pk, len(pk))


def modified(rng: random.Random, sig: bytes, m: bytes) -> tuple[bytes, bytes]:
    """sig with one bit flipped, or m with one bit flipped (or one byte longer)."""
    choice = rng.randrange(3)
    if choice == 0:
        b = bytearray(sig)
        i = rng.randrange(8 * len(b))
        b[i // 8] ^= 1 << (i % 8)
        return bytes(b), m
    if choice == 1 and m:
        b = bytearray(m)
        i = rng.randrange(8 * len(b))
        b[i // 8] ^= 1 << (i % 8)
        return sig, bytes(b)
    return sig, m + b"\x00"


def random_case(rng: random.Random):
    m = rng.randbytes(rng.choice((0, 1, rng.randrange(200), rng.randrange(3000))))
    ctx = rng.randbytes(rng.choice((0, rng.randrange(256), 255)))
    return m, ctx


# ---------------------------------------------------------------- pycryptodome

@pytest.mark.parametrize("s", SETS)
def test_pycryptodome(s):
    for i, rng, seed in seeded_cases(f"pycryptodome-mldsa-{s}", N_FAST, 32):
        key = CryptoMLDSA.construct(param_set=PYCRYPTODOME[s], seed=seed)
        pk, sk = keypair(s, seed)
        assert pk == key.pk and sk == key.sk, f"seed {seed.hex()}"
        m, ctx = random_case(rng)
        deterministic = i % 2 == 0
        rnd = bytes(32) if deterministic else rng.randbytes(32)
        scheme = crypto_mldsa.new(key, ctx, deterministic=deterministic,
                                  randfunc=None if deterministic else (lambda n, r=rnd: r[:n]))
        theirs = scheme.sign(m)
        ours = sign(s, sk if i % 4 < 2 else seed, m, ctx, rnd)
        assert ours == theirs, f"seed {seed.hex()} m {m.hex()} ctx {ctx.hex()}"
        assert verify(s, pk, m, ctx, theirs) == 0
        bad_sig, bad_m = modified(rng, ours, m)
        assert verify(s, pk, bad_m, ctx, bad_sig) == ERR_SIGNATURE
        with pytest.raises(ValueError):
            crypto_mldsa.new(key, ctx).verify(bad_m, bad_sig)
        if i % 10 == 0:  # external mu
            mu = buf(64)
            assert _perset[s]["mu"](mu, pk, m, len(m), ctx, len(ctx)) == 0
            sig = buf(SETS[s][2])
            assert _perset[s]["sign_mu"](sig, mu.raw[:64], sk, rnd) == 0
            assert sig.raw[:SETS[s][2]] == theirs
            assert _perset[s]["verify_mu"](theirs, mu.raw[:64], pk) == 0


# ---------------------------------------------------------------- cryptography

@pytest.mark.parametrize("s", SETS)
def test_cryptography(s):
    for _, rng, seed in seeded_cases(f"cryptography-mldsa-{s}", N_CRYPTOGRAPHY, 32):
        key = CRYPTOGRAPHY[s].from_seed_bytes(seed)
        pub = key.public_key()
        pk, sk = keypair(s, seed)
        assert pub.public_bytes_raw() == pk, f"seed {seed.hex()}"
        m, ctx = random_case(rng)
        ours = sign(s, sk, m, ctx, None)  # hedged, our RNG
        pub.verify(ours, m, ctx)
        theirs = key.sign(m, ctx)
        assert verify(s, pk, m, ctx, theirs) == 0
        bad_sig, bad_m = modified(rng, theirs, m)
        assert verify(s, pk, bad_m, ctx, bad_sig) == ERR_SIGNATURE
        with pytest.raises(InvalidSignature):
            pub.verify(bad_sig, bad_m, ctx)


# ---------------------------------------------------------------- dilithium-py

@pytest.mark.parametrize("s", SETS)
def test_dilithium_py(s):
    for _, rng, seed in seeded_cases(f"dilithium-py-{s}", N_SLOW, 32):
        their_pk, their_sk = DILITHIUM[s].key_derive(seed)
        pk, sk = keypair(s, seed)
        assert (pk, sk) == (their_pk, their_sk), f"seed {seed.hex()}"
        m, ctx = random_case(rng)
        theirs = DILITHIUM[s].sign(sk, m, ctx=ctx, deterministic=True)
        assert sign(s, sk, m, ctx, bytes(32)) == theirs, f"seed {seed.hex()} m {m.hex()}"
        ours = sign(s, seed, m, ctx, None)
        assert DILITHIUM[s].verify(pk, m, ours, ctx=ctx)
