# SPDX-License-Identifier: Apache-2.0 OR MIT
"""X25519 vectors: Wycheproof x25519_test.json and the RFC 7748 file of PyPI cryptography-vectors.

x25519_wycheproof.vec: every Wycheproof test, fields tcId, group, result (valid / acceptable /
invalid), flags (comma separated), private, public, shared. The group is the test's most specific
flag (GROUP_ORDER below), so that the M4's --quick subset (25 records a group) still reaches every
kind of edge case: zero shared secrets, low-order points, non-canonical u >= p, twist points...

x25519_rfc7748.vec: asymmetric/X25519/rfc7748.txt (RFC 7748 section 5.2: the two scalar-mult
vectors and the 1-iteration value), fields count, scalar, u, out.
"""
from __future__ import annotations

import json
from pathlib import Path

import vecfmt

# Most specific first: a test lands in the group of the first of its flags found here.
GROUP_ORDER = [
    "ZeroSharedSecret",
    "LowOrderPublic",
    "NonCanonicalPublic",
    "SmallPublicKey",
    "SpecialPublicKey",
    "EdgeCasePrivateKey",
    "EdgeCaseShared",
    "Twist",
    "EdgeCaseMultiplication",
    "Ktv",
    "Normal",
]


def _group(flags: list[str]) -> str:
    for g in GROUP_ORDER:
        if g in flags:
            return g
    return flags[0] if flags else "none"


def wycheproof_records():
    path = vecfmt.VENDORED / "wycheproof" / "x25519_test.json"
    data = json.loads(path.read_text())
    recs = []
    for tg in data["testGroups"]:
        if tg.get("curve") != "curve25519":
            continue
        for t in tg["tests"]:
            if t["result"] not in ("valid", "acceptable", "invalid"):
                raise ValueError(f"x25519 tcId {t['tcId']}: unknown result {t['result']}")
            recs.append({
                "tcId": t["tcId"],
                "group": _group(t["flags"]),
                "result": t["result"],
                "flags": ",".join(t["flags"]),
                "private": bytes.fromhex(t["private"]),
                "public": bytes.fromhex(t["public"]),
                "shared": bytes.fromhex(t["shared"]),
            })
    # Records of one group must be contiguous for the harness's per-group limit.
    recs.sort(key=lambda r: (GROUP_ORDER.index(r["group"]) if r["group"] in GROUP_ORDER
                             else len(GROUP_ORDER), r["tcId"]))
    return recs


def rfc7748_records():
    path = vecfmt.crypto_vectors_dir() / "asymmetric" / "X25519" / "rfc7748.txt"
    return vecfmt.rsp_records(path, count=("COUNT", int), scalar=("INPUT_SCALAR", bytes),
                              u=("INPUT_U", bytes), out=("OUTPUT_U", bytes))


def convert(out_dir: Path) -> dict[str, int]:
    return vecfmt.write_files(out_dir, [
        ("x25519_wycheproof.vec", wycheproof_records(),
         "Wycheproof x25519_test.json (C2SP/wycheproof, Apache-2.0), grouped by flag"),
        ("x25519_rfc7748.vec", rfc7748_records(),
         "RFC 7748 section 5.2, from PyPI cryptography-vectors asymmetric/X25519/rfc7748.txt"),
    ])


if __name__ == "__main__":
    vecfmt.main(convert)
