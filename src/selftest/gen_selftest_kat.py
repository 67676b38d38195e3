#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Generates src/selftest/selftest_kat.h, the known answers of m4crypt_selftest (selftest.c).

Every expected value comes from a source other than m4crypt:
  SHA-3            Python's hashlib (OpenSSL)
  ML-KEM           key generation: the first keyGen test of each parameter set in NIST's ACVP
                   vectors (tests/vectors/acvp-mlkem, v1.1.0.40), checked against kyber-py;
                   encapsulation (a fixed m) and decapsulation (the ciphertext, and the same
                   ciphertext with bit 0 flipped: implicit rejection): kyber-py
  X25519           RFC 7748 sections 5.2 (first vector) and 6.1 (Alice's key pair), checked
                   against PyPI cryptography
  Ristretto255     RFC 9496 appendix A.1 (multiples of the generator) and A.3 (the first
                   "from uniform bytes" vector), as tools/vectors/conv_ristretto255.py has them
  ChaCha20         RFC 8439 section 2.3.2's key, nonce and counter; the keystream from PyPI
                   cryptography
  Poly1305         RFC 8439 section 2.5.2, checked against PyPI cryptography
  ChaCha20-Poly1305  RFC 8439 section 2.8.2's key, nonce, AD and the first 32 bytes of its
                   plaintext; ciphertext and tag from PyPI cryptography
  X-Wing           the first vector of tests/vectors/xwing/test-vectors.json
  ML-DSA           PyPI dilithium-py (checked against pycryptodome): KeyGen_internal from
                   xi = SHA3-256("m4crypt selftest ML-DSA-<n> xi"), the deterministic signature
                   (rnd = 0, empty context) of "m4crypt selftest ML-DSA-<n> message <i>", where i
                   is the first whose signing takes a single attempt (the cheapest test)
Long outputs are stored as their SHA3-256 digest (the SHA-3 test runs first).

Run: .venv/bin/python src/selftest/gen_selftest_kat.py > src/selftest/selftest_kat.h
(the Python of `make deps`, which has the PyPI packages above; `make regen` runs it so). The header
goes to standard output; the generator exits non-zero if an independent implementation disagrees
with a published vector or with another implementation.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from cryptography.hazmat.primitives import poly1305
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives import serialization
from kyber_py.ml_kem import ML_KEM_512, ML_KEM_768, ML_KEM_1024
from dilithium_py.ml_dsa import ML_DSA_44, ML_DSA_65, ML_DSA_87
from Crypto.PublicKey import MLDSA as CryptoMLDSA
from Crypto.Signature import mldsa as crypto_mldsa

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "vectors"))
import conv_ristretto255  # noqa: E402


def sha3(b: bytes) -> bytes:
    return hashlib.sha3_256(b).digest()


def carray(name: str, data: bytes, comment: str) -> str:
    lines = [f"/* {comment} */", f"static const uint8_t {name}[{len(data)}] = {{"]
    for i in range(0, len(data), 12):
        lines.append("    " + ", ".join(f"0x{b:02x}" for b in data[i:i + 12]) + ",")
    lines.append("};")
    return "\n".join(lines)


def only_if(condition: str, *blocks: str) -> list[str]:
    """The blocks between #if condition and its #endif (each one part of the output)."""
    return [f"#if {condition}", *blocks, "#endif"]


def main() -> int:
    if sys.argv[1:]:
        raise SystemExit("usage: gen_selftest_kat.py > src/selftest/selftest_kat.h (no options)")
    parts = []
    # ------------------------------------------------------------------ SHA-3
    msg = bytes(range(200))
    parts.append("/* SHA-3 (FIPS 202): the message is the 200 bytes 0, 1, ..., 199 (more than one "
                 "block at every rate) */")
    parts.append(carray("kat_sha3_256", hashlib.sha3_256(msg).digest(), "SHA3-256(msg)"))
    parts.append(carray("kat_sha3_512", hashlib.sha3_512(msg).digest(), "SHA3-512(msg)"))
    parts.append(carray("kat_shake128", sha3(hashlib.shake_128(msg).digest(200)),
                        "SHA3-256(SHAKE128(msg, 200 bytes))"))
    parts.append(carray("kat_shake256", sha3(hashlib.shake_256(msg).digest(200)),
                        "SHA3-256(SHAKE256(msg, 200 bytes))"))

    # ------------------------------------------------------------------ ML-KEM
    kg_p = json.load(open(ROOT / "tests/vectors/acvp-mlkem/acvp_v1.1.0.40_keyGen_prompt.json"))
    kg_e = json.load(open(ROOT / "tests/vectors/acvp-mlkem/acvp_v1.1.0.40_keyGen_expectedResults.json"))
    res = {t["tcId"]: t for g in kg_e["testGroups"] for t in g["tests"]}
    kyber = {"ML-KEM-512": ML_KEM_512, "ML-KEM-768": ML_KEM_768, "ML-KEM-1024": ML_KEM_1024}
    for g in kg_p["testGroups"]:
        ps = g["parameterSet"]
        n = ps.split("-")[-1]
        t = g["tests"][0]
        d, z = bytes.fromhex(t["d"]), bytes.fromhex(t["z"])
        ek, dk = bytes.fromhex(res[t["tcId"]]["ek"]), bytes.fromhex(res[t["tcId"]]["dk"])
        k = kyber[ps]
        if k._keygen_internal(d, z) != (ek, dk):
            raise SystemExit(f"kyber-py disagrees with ACVP keyGen tcId {t['tcId']}")
        m = hashlib.sha3_256(f"m4crypt selftest {ps} m".encode()).digest()
        key, c = k._encaps_internal(ek, m)
        c_bad = bytes([c[0] ^ 1]) + c[1:]
        kbar = k.decaps(dk, c_bad)
        if k.decaps(dk, c) != key or kbar == key:
            raise SystemExit("kyber-py round trip")
        parts.append(f"/* {ps} (FIPS 203): d || z of ACVP keyGen tcId {t['tcId']}; m = "
                     f"SHA3-256(\"m4crypt selftest {ps} m\") */")
        parts += only_if(
            f"M4CRYPT_ENABLE_MLKEM{n}",
            carray(f"kat_mlkem{n}_dz", d + z, "d || z"),
            carray(f"kat_mlkem{n}_ek", sha3(ek), "SHA3-256(ek)"),
            carray(f"kat_mlkem{n}_dk", sha3(dk), "SHA3-256(dk)"),
            carray(f"kat_mlkem{n}_m", m, "m"),
            carray(f"kat_mlkem{n}_c", sha3(c), "SHA3-256(c), c = Encaps_internal(ek, m)"),
            carray(f"kat_mlkem{n}_k", key, "K"),
            carray(f"kat_mlkem{n}_kbar", kbar,
                   "Decaps(dk, c with bit 0 of byte 0 flipped): the implicit-rejection key"),
            "/* whole keys and ciphertext, only for a selection without the operation that makes "
            "them */",
            *only_if("!M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_ENCAPS",
                     carray(f"kat_mlkem{n}_ek_full", ek, "ek")),
            *only_if("!M4CRYPT_ENABLE_MLKEM_KEYPAIR && M4CRYPT_ENABLE_MLKEM_DECAPS",
                     carray(f"kat_mlkem{n}_dk_full", dk, "dk")),
            *only_if("!M4CRYPT_ENABLE_MLKEM_ENCAPS && M4CRYPT_ENABLE_MLKEM_DECAPS",
                     carray(f"kat_mlkem{n}_c_full", c, "c")))

    # ------------------------------------------------------------------ X25519
    sc = bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4")
    u = bytes.fromhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
    out = bytes.fromhex("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
    if X25519PrivateKey.from_private_bytes(sc).exchange(X25519PublicKey.from_public_bytes(u)) != out:
        raise SystemExit("cryptography disagrees with RFC 7748 5.2")
    alice = bytes.fromhex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
    alice_pub = bytes.fromhex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
    pub = X25519PrivateKey.from_private_bytes(alice).public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    if pub != alice_pub:
        raise SystemExit("cryptography disagrees with RFC 7748 6.1")
    parts += only_if("M4CRYPT_ENABLE_X25519",
                     carray("kat_x25519_scalar", sc, "RFC 7748 section 5.2: scalar"),
                     carray("kat_x25519_u", u, "u-coordinate"),
                     carray("kat_x25519_out", out, "X25519(scalar, u)"),
                     carray("kat_x25519_alice", alice, "RFC 7748 section 6.1: Alice's private key"),
                     carray("kat_x25519_alice_pub", alice_pub, "X25519(a, 9)"))

    # ------------------------------------------------------------------ Ristretto255
    mult = [bytes.fromhex(h) for h in conv_ristretto255.MULTIPLES]
    label, hout = conv_ristretto255.HASH[0]
    hin = hashlib.sha512(label.encode()).digest()
    parts += only_if("M4CRYPT_ENABLE_RISTRETTO255",
                     carray("kat_r255_3b", mult[3], "RFC 9496 A.1: the encoding of 3 B"),
                     carray("kat_r255_6b", mult[6], "RFC 9496 A.1: the encoding of 6 B = 2 (3 B)"),
                     carray("kat_r255_hash_in", hin, f"RFC 9496 A.3: SHA-512(\"{label}\")"),
                     carray("kat_r255_hash_out", bytes.fromhex(hout), "its element"))

    # ------------------------------------------------------------------ ChaCha20, Poly1305, AEAD
    key = bytes(range(32))
    nonce = bytes.fromhex("000000090000004a00000000")
    ks = Cipher(algorithms.ChaCha20(key, (1).to_bytes(4, "little") + nonce), None).encryptor()
    block = ks.update(bytes(64))
    parts += only_if("M4CRYPT_ENABLE_CHACHA20",
                     carray("kat_chacha20_nonce", nonce,
                            "RFC 8439 section 2.3.2: key 00 01 .. 1f, this nonce, counter 1"),
                     carray("kat_chacha20_block", block, "the keystream block"))

    pkey = bytes.fromhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b")
    pmsg = b"Cryptographic Forum Research Group"
    ptag = bytes.fromhex("a8061dc1305136c6c22b8baf0c0127a9")
    if poly1305.Poly1305.generate_tag(pkey, pmsg) != ptag:
        raise SystemExit("cryptography disagrees with RFC 8439 2.5.2")
    parts += only_if("M4CRYPT_ENABLE_POLY1305",
                     carray("kat_poly1305_key", pkey, "RFC 8439 section 2.5.2: key"),
                     carray("kat_poly1305_msg", pmsg, "\"Cryptographic Forum Research Group\""),
                     carray("kat_poly1305_tag", ptag, "tag"))

    akey = bytes(range(0x80, 0xa0))
    anonce = bytes.fromhex("070000004041424344454647")
    aad = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
    apt = b"Ladies and Gentlemen of the clas"
    act = ChaCha20Poly1305(akey).encrypt(anonce, apt, aad)
    parts += only_if("M4CRYPT_ENABLE_CHACHA20POLY1305",
                     carray("kat_aead_nonce", anonce,
                            "RFC 8439 section 2.8.2: key 80 81 .. 9f, this nonce"),
                     carray("kat_aead_ad", aad, "its AD"),
                     carray("kat_aead_pt", apt, "the first 32 bytes of its plaintext"),
                     carray("kat_aead_ct", act, "ciphertext || tag (PyPI cryptography)"))

    # ------------------------------------------------------------------ X-Wing
    xv = json.load(open(ROOT / "tests/vectors/xwing/test-vectors.json"))[0]
    parts += only_if(
        "M4CRYPT_ENABLE_XWING",
        carray("kat_xwing_seed", bytes.fromhex(xv["seed"]),
               "draft-connolly-cfrg-xwing-kem, the first vector (tests/vectors/xwing): seed"),
        carray("kat_xwing_pk", sha3(bytes.fromhex(xv["pk"])), "SHA3-256(pk)"),
        carray("kat_xwing_eseed", bytes.fromhex(xv["eseed"]), "eseed"),
        carray("kat_xwing_ct", sha3(bytes.fromhex(xv["ct"])), "SHA3-256(ct)"),
        carray("kat_xwing_ss", bytes.fromhex(xv["ss"]), "ss"),
        *only_if("!M4CRYPT_ENABLE_XWING_KEYPAIR && M4CRYPT_ENABLE_XWING_ENCAPS",
                 carray("kat_xwing_pk_full", bytes.fromhex(xv["pk"]), "pk")),
        *only_if("!M4CRYPT_ENABLE_XWING_ENCAPS && M4CRYPT_ENABLE_XWING_DECAPS",
                 carray("kat_xwing_ct_full", bytes.fromhex(xv["ct"]), "ct")))

    # ------------------------------------------------------------------ ML-DSA
    parts.append("#if M4CRYPT_ENABLE_MLDSA")
    for n, k in ((44, ML_DSA_44), (65, ML_DSA_65), (87, ML_DSA_87)):
        xi = sha3(f"m4crypt selftest ML-DSA-{n} xi".encode())
        pk, sk = k._keygen_internal(xi)
        attempts = [0]
        original = k._expand_mask_vector

        def counting(*a, _original=original, **kw):
            attempts[0] += 1
            return _original(*a, **kw)
        k._expand_mask_vector = counting  # counts the signing attempts (one y each)
        for i in range(100):
            msg = f"m4crypt selftest ML-DSA-{n} message {i}".encode()
            attempts[0] = 0
            sig = k.sign(sk, msg, ctx=b"", deterministic=True)
            if attempts[0] == 1:
                break
        else:
            raise SystemExit(f"ML-DSA-{n}: no single-attempt message")
        del k._expand_mask_vector
        if not k.verify(pk, msg, sig, ctx=b""):
            raise SystemExit(f"dilithium-py ML-DSA-{n} round trip")
        # pycryptodome: the same key from the same seed, the same deterministic signature
        key = CryptoMLDSA.construct(param_set=getattr(CryptoMLDSA, f"ML_DSA_{n}"), seed=xi)
        if (key.pk, key.sk) != (pk, sk):
            raise SystemExit(f"pycryptodome disagrees on the ML-DSA-{n} key")
        if crypto_mldsa.new(key, b"", deterministic=True).sign(msg) != sig:
            raise SystemExit(f"pycryptodome disagrees on the ML-DSA-{n} signature")
        # A build without key generation (signing) verifies the known pk (signature) itself.
        parts += only_if(
            f"M4CRYPT_ENABLE_MLDSA{n}",
            f"/* ML-DSA-{n} (FIPS 204): xi = SHA3-256(\"m4crypt selftest ML-DSA-{n} xi\"), the "
            f"deterministic signature of \"{msg.decode()}\" (one attempt), empty context */",
            carray(f"kat_mldsa{n}_xi", xi, "xi"),
            carray(f"kat_mldsa{n}_pk", sha3(pk), "SHA3-256(pk)"),
            carray(f"kat_mldsa{n}_sk", sha3(sk), "SHA3-256(sk)"),
            carray(f"kat_mldsa{n}_msg", msg, "the message"),
            carray(f"kat_mldsa{n}_sig", sha3(sig), "SHA3-256(sig)"),
            *only_if("!M4CRYPT_ENABLE_MLDSA_KEYPAIR && M4CRYPT_ENABLE_MLDSA_VERIFY",
                     carray(f"kat_mldsa{n}_pk_full", pk, "pk")),
            *only_if("!M4CRYPT_ENABLE_MLDSA_SIGN && M4CRYPT_ENABLE_MLDSA_VERIFY",
                     carray(f"kat_mldsa{n}_sig_full", sig, "sig")))
    parts.append("#endif")

    text = ("/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n"
            "/* Known answers of m4crypt_selftest. Generated by\n"
            " * src/selftest/gen_selftest_kat.py (its docstring names the source of every value):\n"
            " * edit the generator, not this file, then `make regen`. */\n"
            "#ifndef M4CRYPT_SELFTEST_KAT_H\n#define M4CRYPT_SELFTEST_KAT_H\n\n#include <stdint.h>\n\n"
            + "\n\n".join(parts) + "\n\n#endif\n")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
