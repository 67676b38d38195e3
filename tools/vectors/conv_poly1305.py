# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Poly1305 vectors -> poly1305_rfc7539.vec.

Source: cryptography-vectors poly1305/rfc7539.txt (RFC 7539 = RFC 8439 appendix A.3 and section
2.5.2, reformatted): key, msg, tag.
"""
from __future__ import annotations

from pathlib import Path

import vecfmt


def convert(out_dir: Path) -> dict[str, int]:
    src = vecfmt.crypto_vectors_dir() / "poly1305" / "rfc7539.txt"
    recs = vecfmt.rsp_records(src, count=("COUNT", int), key=("KEY", bytes), msg=("MSG", bytes),
                              tag=("TAG", bytes))
    name = "poly1305_rfc7539.vec"
    return {name: vecfmt.write_records(out_dir / name, recs,
                                       "cryptography-vectors poly1305/rfc7539.txt")}


if __name__ == "__main__":
    vecfmt.main(convert)
