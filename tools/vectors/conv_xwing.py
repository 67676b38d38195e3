# SPDX-License-Identifier: Apache-2.0 OR MIT
"""X-Wing vectors: tests/vectors/xwing/test-vectors.json (dconnolly/draft-connolly-cfrg-xwing-kem,
spec/test-vectors.json @ 9b6ce9e6), three records of seed, sk, pk, eseed, ct, ss.

xwing.vec: count, seed, sk, pk, eseed, ct, ss. The converter checks the sizes the draft version
fixes (sk = the 32-byte seed, 64-byte eseed, 1216-byte pk, 1120-byte ct) so that a vector file of
another draft version is noticed here rather than as a mysterious test failure.
"""
from __future__ import annotations

import json
from pathlib import Path

import vecfmt

SIZES = {"seed": 32, "sk": 32, "pk": 1216, "eseed": 64, "ct": 1120, "ss": 32}


def records():
    data = json.loads((vecfmt.VENDORED / "xwing" / "test-vectors.json").read_text())
    out = []
    for i, v in enumerate(data):
        rec = {"count": i}
        for key, size in SIZES.items():
            b = bytes.fromhex(v[key])
            if len(b) != size:
                raise ValueError(f"xwing vector {i}: {key} has {len(b)} bytes, expected {size}")
            rec[key] = b
        if rec["sk"] != rec["seed"]:
            raise ValueError(f"xwing vector {i}: sk is not the seed")
        out.append(rec)
    return out


def convert(out_dir: Path) -> dict[str, int]:
    n = vecfmt.write_records(Path(out_dir) / "xwing.vec", records(),
                             "X-Wing test vectors, draft-connolly-cfrg-xwing-kem @ 9b6ce9e6")
    return {"xwing.vec": n}


if __name__ == "__main__":
    vecfmt.main(convert)
