# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of ML-KEM-512/768/1024 against three independent implementations.

- kyber-py (pure Python FIPS 203, derandomized internals key_derive / _encaps_internal /
  decaps): per set 110 key generations, 110 encapsulations and 110 decapsulations (half valid,
  half random or modified ciphertexts), i.e. 990 kyber-py operations in all (it is slow: ~15 ms
  each).
- pycryptodome (Crypto.PublicKey.MLKEM: construct(seed=d || z), _encaps(coins=m), _decaps): per
  set 1000 cases, each a key generation, an encapsulation with the same m, a decapsulation of
  our ciphertext by pycryptodome and of theirs by us, and a random ciphertext (implicit
  rejection); plus 100 keys per set that fail the modulus check.
- cryptography (OpenSSL; ML-KEM-768/1024 only: from_seed_bytes(d || z)): per set 1000 cases:
  public key from the seed, cryptography decapsulates our ciphertext, encapsulates to our key
  and we decapsulate, and both agree on a random ciphertext.
Implicit rejection is also checked against SHAKE256(z || c) from hashlib.

The library is build/host-gcc/libm4crypt.so (M4CRYPT_LIB overrides it).
"""
from __future__ import annotations

import ctypes
import hashlib
import random

import pytest
from Crypto.PublicKey import MLKEM as CryptoMLKEM
from cryptography.hazmat.primitives.asymmetric import mlkem as cg_mlkem
from kyber_py.ml_kem import ML_KEM_512, ML_KEM_768, ML_KEM_1024

from m4crypt_lib import buf, declare, size_t, u8p
from mlkem_encoding import unreduced
from random_cases import seeded_cases

ERR_PUBLIC_KEY = -2
SETS = {
    # set: (k, pk, sk, ct)
    512: (2, 800, 1632, 768),
    768: (3, 1184, 2400, 1088),
    1024: (4, 1568, 3168, 1568),
}
KYBER = {512: ML_KEM_512, 768: ML_KEM_768, 1024: ML_KEM_1024}
PYCRYPTODOME = {512: CryptoMLKEM.ML_KEM_512, 768: CryptoMLKEM.ML_KEM_768,
                1024: CryptoMLKEM.ML_KEM_1024}
CRYPTOGRAPHY = {768: cg_mlkem.MLKEM768PrivateKey, 1024: cg_mlkem.MLKEM1024PrivateKey}
N_KYBER = 110  # per set and operation
N_FAST = 1000  # per set, pycryptodome and cryptography

c_int = ctypes.c_int
vp = ctypes.c_void_p
_keypair = declare("m4crypt_mlkem_keypair", c_int, c_int, vp, size_t, vp, size_t, u8p)
_encaps = declare("m4crypt_mlkem_encaps", c_int, c_int, vp, size_t, vp, u8p, size_t, u8p)
_decaps = declare("m4crypt_mlkem_decaps", c_int, c_int, vp, u8p, size_t, u8p, size_t)
_perset = {
    s: (declare(f"m4crypt_mlkem{s}_keypair_derand", c_int, vp, vp, u8p),
        declare(f"m4crypt_mlkem{s}_enc_derand", c_int, vp, vp, u8p, u8p),
        declare(f"m4crypt_mlkem{s}_dec", c_int, vp, u8p, u8p))
    for s in SETS
}


def keypair(s: int, seed: bytes, perset: bool = False) -> tuple[bytes, bytes]:
    _, pkl, skl, _ = SETS[s]
    pk, sk = buf(pkl), buf(skl)
    rc = _perset[s][0](pk, sk, seed) if perset else _keypair(s, pk, pkl, sk, skl, seed)
    assert rc == 0
    return pk.raw[:pkl], sk.raw[:skl]


def encaps(s: int, pk: bytes, m: bytes, perset: bool = False) -> tuple[int, bytes, bytes]:
    _, pkl, _, ctl = SETS[s]
    ct, ss = buf(ctl), buf(32)
    rc = _perset[s][1](ct, ss, pk, m) if perset else _encaps(s, ct, ctl, ss, pk, len(pk), m)
    return rc, ct.raw[:ctl], ss.raw[:32]


def decaps(s: int, sk: bytes, ct: bytes, perset: bool = False) -> bytes:
    ss = buf(32)
    rc = _perset[s][2](ss, ct, sk) if perset else _decaps(s, ss, ct, len(ct), sk, len(sk))
    assert rc == 0
    return ss.raw[:32]


def rejection_key(s: int, sk: bytes, ct: bytes) -> bytes:
    k = SETS[s][0]
    z = sk[768 * k + 64:]
    return hashlib.shake_256(z + ct).digest(32)


def modified(rng: random.Random, ct: bytes) -> bytes:
    """A random ciphertext or ct with one bit flipped."""
    if rng.random() < 0.5:
        return rng.randbytes(len(ct))
    b = bytearray(ct)
    i = rng.randrange(8 * len(b))
    b[i // 8] ^= 1 << (i % 8)
    return bytes(b)


# ---------------------------------------------------------------- kyber-py

@pytest.mark.parametrize("s", SETS)
def test_kyber_py_keygen(s):
    for i, _, seed in seeded_cases(f"kyber-keygen-{s}", N_KYBER, 64):
        ek, dk = KYBER[s].key_derive(seed)
        assert keypair(s, seed, perset=bool(i & 1)) == (ek, dk), f"seed {seed.hex()}"


@pytest.mark.parametrize("s", SETS)
def test_kyber_py_encaps(s):
    rng = random.Random(f"kyber-encaps-{s}")
    for i in range(N_KYBER):
        pk, _ = keypair(s, rng.randbytes(64))
        m = rng.randbytes(32)
        key, ct = KYBER[s]._encaps_internal(pk, m)
        rc, our_ct, our_ss = encaps(s, pk, m, perset=bool(i & 1))
        assert rc == 0 and our_ct == ct and our_ss == key, f"m {m.hex()}"
    # Keys with a coefficient >= q: kyber-py refuses them, we return M4CRYPT_ERR_PUBLIC_KEY.
    for _ in range(10):
        pk = unreduced(rng, keypair(s, rng.randbytes(64))[0], SETS[s][0])
        with pytest.raises(ValueError):
            KYBER[s]._encaps_internal(pk, bytes(32))
        assert encaps(s, pk, bytes(32))[0] == ERR_PUBLIC_KEY


@pytest.mark.parametrize("s", SETS)
def test_kyber_py_decaps(s):
    rng = random.Random(f"kyber-decaps-{s}")
    for i in range(N_KYBER):
        pk, sk = keypair(s, rng.randbytes(64))
        rc, ct, ss = encaps(s, pk, rng.randbytes(32))
        assert rc == 0
        if i % 2:
            ct = modified(rng, ct)
        want = KYBER[s].decaps(sk, ct)
        got = decaps(s, sk, ct, perset=bool(i & 2))
        assert got == want, f"ct {ct.hex()}"
        assert got == (ss if i % 2 == 0 else rejection_key(s, sk, ct))


# ---------------------------------------------------------------- pycryptodome

@pytest.mark.parametrize("s", SETS)
def test_pycryptodome(s):
    rng = random.Random(f"pycryptodome-{s}")
    ctl = SETS[s][3]
    for i in range(N_FAST):
        seed, m = rng.randbytes(64), rng.randbytes(32)
        key = CryptoMLKEM.construct(param_set=PYCRYPTODOME[s], seed=seed)
        pk, sk = keypair(s, seed, perset=bool(i & 1))
        assert pk == key.ek and sk == key.expanded_dk, f"seed {seed.hex()}"
        their_ss, their_ct = key._encaps(m)
        rc, ct, ss = encaps(s, pk, m, perset=bool(i & 2))
        assert rc == 0 and ct == their_ct and ss == their_ss
        assert key._decaps(ct) == ss
        assert decaps(s, sk, their_ct, perset=bool(i & 4)) == their_ss
        bad = modified(rng, ct)
        assert len(bad) == ctl
        got = decaps(s, sk, bad)
        assert got == key._decaps(bad) == rejection_key(s, sk, bad)


@pytest.mark.parametrize("s", SETS)
def test_pycryptodome_modulus_check(s):
    rng = random.Random(f"pycryptodome-modulus-{s}")
    k = SETS[s][0]
    for _ in range(100):
        pk = unreduced(rng, keypair(s, rng.randbytes(64))[0], k)
        with pytest.raises(ValueError):
            CryptoMLKEM.construct(param_set=PYCRYPTODOME[s], ek=pk)
        rc, ct, ss = encaps(s, pk, rng.randbytes(32))
        assert rc == ERR_PUBLIC_KEY and ct == bytes(len(ct)) and ss == bytes(32)


# ---------------------------------------------------------------- cryptography

@pytest.mark.parametrize("s", [768, 1024])
def test_cryptography(s):
    for _, rng, seed in seeded_cases(f"cryptography-{s}", N_FAST, 64):
        priv = CRYPTOGRAPHY[s].from_seed_bytes(seed)
        pk, sk = keypair(s, seed)
        assert priv.public_key().public_bytes_raw() == pk, f"seed {seed.hex()}"
        # cryptography decapsulates our ciphertext.
        rc, ct, ss = encaps(s, pk, rng.randbytes(32))
        assert rc == 0 and priv.decapsulate(ct) == ss
        # cryptography encapsulates to our key (its own randomness), we decapsulate.
        their_ss, their_ct = priv.public_key().encapsulate()
        assert decaps(s, sk, their_ct) == their_ss
        # Both reject a modified ciphertext the same way.
        bad = modified(rng, ct)
        assert decaps(s, sk, bad) == priv.decapsulate(bad) == rejection_key(s, sk, bad)
