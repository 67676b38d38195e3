# SPDX-License-Identifier: Apache-2.0 OR MIT
"""AES-256 encryption vectors for the test-only AES of tests/common/kat_drbg.c (the CTR_DRBG that
replays NIST PQC KAT records; m4crypt itself has no AES).

Source: PyPI cryptography-vectors ciphers/AES/ECB/ECB{GFSbox,KeySbox,VarKey,VarTxt,MMT}256.rsp,
NIST CAVP AESAVS known-answer and multi-block message tests for ECB with 256-bit keys. Both
sections are used: an [ENCRYPT] record and a [DECRYPT] record state the same relation,
AES-256(key, plaintext) = ciphertext, block by block (ECB).

Output: aes256_ecb.vec, group <file>-<section> (e.g. ECBVarKey256-ENCRYPT), count, key, plaintext,
ciphertext (a multiple of 16 bytes).
"""
from __future__ import annotations

from pathlib import Path

import vecfmt

FILES = ("ECBGFSbox256", "ECBKeySbox256", "ECBVarKey256", "ECBVarTxt256", "ECBMMT256")


def records():
    n = 0
    for name in FILES:
        path = vecfmt.crypto_vectors_dir() / "ciphers" / "AES" / "ECB" / f"{name}.rsp"
        for section, r in vecfmt.parse_rsp(path):
            if section not in ("ENCRYPT", "DECRYPT"):
                raise ValueError(f"{path}: section {section}")
            key, pt, ct = (bytes.fromhex(r[k]) for k in ("KEY", "PLAINTEXT", "CIPHERTEXT"))
            if len(key) != 32 or len(pt) != len(ct) or len(pt) % 16 or not pt:
                raise ValueError(f"{path}: record {r.get('COUNT')} has unexpected sizes")
            n += 1
            yield {"group": f"{name}-{section}", "count": int(r["COUNT"]), "key": key,
                   "plaintext": pt, "ciphertext": ct}
    if n != 830:
        raise ValueError(f"AES-256 ECB: {n} records, expected 830")


def convert(out_dir: Path) -> dict[str, int]:
    return {"aes256_ecb.vec": vecfmt.write_records(
        out_dir / "aes256_ecb.vec", records(),
        "cryptography-vectors ciphers/AES/ECB/ECB*256.rsp (NIST CAVP AESAVS)")}
