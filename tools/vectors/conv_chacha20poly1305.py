# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ChaCha20-Poly1305 AEAD vectors (RFC 8439 section 2.8) -> .vec files.

Sources:
  tests/vectors/wycheproof/chacha20_poly1305_test.json (vendored, C2SP/wycheproof)
      -> chacha20poly1305_wycheproof.vec; group = the test's flags (Pseudorandom, ModifiedTag,
      EdgeCasePoly1305, InvalidNonceSize, ...); result = valid | invalid.
  cryptography-vectors ciphers/ChaCha20Poly1305/boringssl.txt (BoringSSL's vectors, including the
      RFC 7539 section 2.8.2 one)             -> chacha20poly1305_boringssl.vec (all valid)
  cryptography-vectors ciphers/ChaCha20Poly1305/openssl.txt (OpenSSL's evpciph.txt)
      -> chacha20poly1305_openssl.vec (Result = CIPHERFINAL_ERROR -> invalid)
Record fields: key, iv, aad, msg, ct, tag, result, and tcId or count.
"""
from __future__ import annotations

import json
from pathlib import Path

import vecfmt


def _bytes_field(v: str) -> bytes:
    """A hex string, or a "quoted" ASCII string as BoringSSL's files use."""
    v = v.strip()
    if len(v) >= 2 and v[0] == '"' and v[-1] == '"':
        return v[1:-1].encode()
    return bytes.fromhex(v)


def _wycheproof():
    src = vecfmt.VENDORED / "wycheproof" / "chacha20_poly1305_test.json"
    data = json.loads(src.read_text())
    recs = []
    for g in data["testGroups"]:
        for t in g["tests"]:
            recs.append({
                "tcId": t["tcId"],
                "group": "+".join(t["flags"]) or "none",
                "comment": t["comment"].replace("\n", " ") or None,
                "key": bytes.fromhex(t["key"]),
                "iv": bytes.fromhex(t["iv"]),
                "aad": bytes.fromhex(t["aad"]),
                "msg": bytes.fromhex(t["msg"]),
                "ct": bytes.fromhex(t["ct"]),
                "tag": bytes.fromhex(t["tag"]),
                "result": t["result"],
            })
    # Group records of a group together (the harness takes 25 of each group in --quick mode).
    recs.sort(key=lambda r: (r["group"], r["tcId"]))
    return recs


def _cryptography(name: str):
    src = vecfmt.crypto_vectors_dir() / "ciphers" / "ChaCha20Poly1305" / name
    recs = []
    for _, r in vecfmt.parse_rsp(src):
        r = {k.upper(): v for k, v in r.items()}
        recs.append({
            "count": int(r["COUNT"]),
            "key": _bytes_field(r["KEY"]),
            "iv": _bytes_field(r.get("NONCE", r.get("IV", ""))),
            "aad": _bytes_field(r.get("AD", r.get("AAD", ""))),
            "msg": _bytes_field(r.get("IN", r.get("PLAINTEXT", ""))),
            "ct": _bytes_field(r.get("CT", r.get("CIPHERTEXT", ""))),
            "tag": _bytes_field(r["TAG"]),
            "result": "invalid" if "RESULT" in r else "valid",
        })
    return recs


def convert(out_dir: Path) -> dict[str, int]:
    return vecfmt.write_files(out_dir, [
        ("chacha20poly1305_wycheproof.vec", _wycheproof(),
         "Wycheproof chacha20_poly1305_test.json (C2SP/wycheproof, Apache-2.0)"),
        ("chacha20poly1305_boringssl.vec", _cryptography("boringssl.txt"),
         "cryptography-vectors ciphers/ChaCha20Poly1305/boringssl.txt"),
        ("chacha20poly1305_openssl.vec", _cryptography("openssl.txt"),
         "cryptography-vectors ciphers/ChaCha20Poly1305/openssl.txt"),
    ])


if __name__ == "__main__":
    vecfmt.main(convert)
