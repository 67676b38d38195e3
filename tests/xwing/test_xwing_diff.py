# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential tests of X-Wing against an independent Python X-Wing assembled here from PyPI
pieces: kyber-py (pure-Python FIPS 203 ML-KEM-768 with the derandomized internals), cryptography
(X25519) and hashlib (SHAKE256, SHA3-256), following draft-connolly-cfrg-xwing-kem as vendored
in tests/vectors/xwing (the reference is first checked against those vectors).

Cases: 1000 random (seed, eseed) pairs for key generation and encapsulation; decapsulation of
honest, ML-KEM-tampered (implicit rejection) and X25519-tampered ciphertexts, and low-order
X25519 parts (no rejection: ss_X = 0^32, see src/xwing/xwing.c); public keys failing the ML-KEM
modulus check (m4crypt: M4CRYPT_ERR_PUBLIC_KEY; kyber-py raises ValueError). The expanded key
(m4crypt_xwing_expand_key) holds exactly the reference's expandDecapsulationKey output, and
decapsulation from it agrees with the reference on honest and tampered ciphertexts.
"""
from __future__ import annotations

import ctypes
import hashlib
import json
import random
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from kyber_py.ml_kem import ML_KEM_768

from m4crypt_lib import buf, declare, u8p
from mlkem_encoding import unreduced

ERR_PUBLIC_KEY = -2
PK_M, CT_M = 1184, 1088
LABEL = b"\\.//^\\"  # 5c 2e 2f 2f 5e 5c
VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "xwing" / "test-vectors.json"
N_RANDOM = 1000
N_DECAPS = 100  # pure-Python decapsulation is slow; m4crypt's own decapsulation runs for all

keypair_derand = declare("m4crypt_xwing_keypair_derand", ctypes.c_int,
                         ctypes.c_void_p, ctypes.c_void_p, u8p)
enc_derand = declare("m4crypt_xwing_enc_derand", ctypes.c_int,
                     ctypes.c_void_p, ctypes.c_void_p, u8p, u8p)
dec = declare("m4crypt_xwing_dec", ctypes.c_int, ctypes.c_void_p, u8p, u8p)
expand_key = declare("m4crypt_xwing_expand_key", ctypes.c_int, ctypes.c_void_p, u8p)
dec_expanded = declare("m4crypt_xwing_dec_expanded", ctypes.c_int, ctypes.c_void_p, u8p,
                       ctypes.c_void_p)
EXPANDED_BYTES = 2464  # sk_M (2400) || sk_X (32) || pk_X (32), include/m4crypt/xwing.h


# ------------------------------------------------------------------ the reference X-Wing

def x25519(k: bytes, u: bytes | None = None) -> bytes:
    priv = X25519PrivateKey.from_private_bytes(k)
    if u is None:
        return priv.public_key().public_bytes(serialization.Encoding.Raw,
                                              serialization.PublicFormat.Raw)
    try:
        return priv.exchange(X25519PublicKey.from_public_bytes(u))
    except ValueError:  # cryptography refuses the all-zero result; X-Wing does not check it
        return bytes(32)


def combiner(ss_m, ss_x, ct_x, pk_x) -> bytes:
    return hashlib.sha3_256(ss_m + ss_x + ct_x + pk_x + LABEL).digest()


def ref_expand(seed: bytes):
    e = hashlib.shake_256(seed).digest(96)
    pk_m, sk_m = ML_KEM_768._keygen_internal(e[:32], e[32:64])
    sk_x = e[64:96]
    return pk_m, sk_m, sk_x, x25519(sk_x)


def ref_keygen(seed: bytes) -> bytes:
    pk_m, _, _, pk_x = ref_expand(seed)
    return pk_m + pk_x


def ref_enc(pk: bytes, eseed: bytes) -> tuple[bytes, bytes]:
    pk_m, pk_x = pk[:PK_M], pk[PK_M:]
    ek_x = eseed[32:64]
    ct_x = x25519(ek_x)
    ss_x = x25519(ek_x, pk_x)
    ss_m, ct_m = ML_KEM_768._encaps_internal(pk_m, eseed[:32])  # raises on a bad pk_m
    return ct_m + ct_x, combiner(ss_m, ss_x, ct_x, pk_x)


def ref_dec(ct: bytes, seed: bytes) -> bytes:
    _, sk_m, sk_x, pk_x = ref_expand(seed)
    ct_m, ct_x = ct[:CT_M], ct[CT_M:]
    ss_m = ML_KEM_768._decaps_internal(sk_m, ct_m)
    return combiner(ss_m, x25519(sk_x, ct_x), ct_x, pk_x)


# ------------------------------------------------------------------ m4crypt through ctypes

def ours_keygen(seed: bytes) -> bytes:
    pk, sk = buf(1216), buf(32)
    assert keypair_derand(pk, sk, seed) == 0
    assert sk.raw[:32] == seed
    return pk.raw[:1216]


def ours_enc(pk: bytes, eseed: bytes) -> tuple[int, bytes, bytes]:
    ct, ss = buf(1120), buf(32)
    rc = enc_derand(ct, ss, pk, eseed)
    return rc, ct.raw[:1120], ss.raw[:32]


def ours_dec(ct: bytes, seed: bytes) -> bytes:
    ss = buf(32)
    assert dec(ss, ct, seed) == 0
    return ss.raw[:32]


# ------------------------------------------------------------------ tests

def test_reference_matches_vectors():
    """The assembled reference is the draft version of the vendored vectors."""
    for v in json.loads(VECTORS.read_text()):
        v = {k: bytes.fromhex(h) for k, h in v.items()}
        assert ref_keygen(v["seed"]) == v["pk"]
        assert ref_enc(v["pk"], v["eseed"]) == (v["ct"], v["ss"])
        assert ref_dec(v["ct"], v["seed"]) == v["ss"]


def test_random_keygen_encaps():
    rng = random.Random(0x58574E47)
    for i in range(N_RANDOM):
        seed, eseed = rng.randbytes(32), rng.randbytes(64)
        pk = ours_keygen(seed)
        assert pk == ref_keygen(seed), seed.hex()
        rc, ct, ss = ours_enc(pk, eseed)
        assert rc == 0
        assert (ct, ss) == ref_enc(pk, eseed), (seed.hex(), eseed.hex())
        assert ours_dec(ct, seed) == ss
        if i < N_DECAPS:
            assert ref_dec(ct, seed) == ss


def test_decaps_tampered_and_low_order():
    rng = random.Random(1120)
    low_order = [bytes(32), (1).to_bytes(32, "little"), bytes.fromhex(
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800")]
    for i in range(N_DECAPS):
        seed, eseed = rng.randbytes(32), rng.randbytes(64)
        pk = ours_keygen(seed)
        _, ct, ss = ours_enc(pk, eseed)
        bad = bytearray(ct)
        if i % 3 == 0:
            bad[rng.randrange(CT_M)] ^= 1 << rng.randrange(8)        # ML-KEM part
        elif i % 3 == 1:
            bad[CT_M + rng.randrange(32)] ^= 1 << rng.randrange(8)   # X25519 part
        else:
            bad[CT_M:] = low_order[(i // 3) % 3]                      # low-order X25519 part
        bad = bytes(bad)
        got = ours_dec(bad, seed)
        assert got == ref_dec(bad, seed)
        assert got != ss
    # encapsulation to a low-order X25519 public key: accepted, ss_X = 0
    seed, eseed = rng.randbytes(32), rng.randbytes(64)
    pk = ours_keygen(seed)
    for lo in low_order:
        pk2 = pk[:PK_M] + lo
        rc, ct, ss = ours_enc(pk2, eseed)
        assert rc == 0 and (ct, ss) == ref_enc(pk2, eseed)


def test_bad_public_key():
    rng = random.Random(3329)
    seed = rng.randbytes(32)
    pk = ours_keygen(seed)
    for _ in range(200):
        bad = unreduced(rng, pk, 3)  # in the ML-KEM-768 key, pk's first 1184 bytes
        eseed = rng.randbytes(64)
        with pytest.raises(ValueError):
            ref_enc(bad, eseed)
        rc, ct, ss = ours_enc(bad, eseed)
        assert rc == ERR_PUBLIC_KEY and ct == bytes(1120) and ss == bytes(32)


def test_expanded_key():
    rng = random.Random(2464)
    for i in range(N_DECAPS):
        seed, eseed = rng.randbytes(32), rng.randbytes(64)
        key = buf(EXPANDED_BYTES)
        assert expand_key(key, seed) == 0
        pk_m, sk_m, sk_x, pk_x = ref_expand(seed)
        assert key.raw[:EXPANDED_BYTES] == sk_m + sk_x + pk_x, seed.hex()
        _, ct, ss = ours_enc(pk_m + pk_x, eseed)
        if i % 2:
            bad = bytearray(ct)
            bad[rng.randrange(len(ct))] ^= 1 << rng.randrange(8)
            ct = bytes(bad)
            ss = ref_dec(ct, seed)
        out = buf(32)
        assert dec_expanded(out, ct, key) == 0
        assert out.raw[:32] == ss == ours_dec(ct, seed)
