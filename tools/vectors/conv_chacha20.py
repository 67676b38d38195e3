# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ChaCha20 vectors -> chacha20_rfc7539.vec.

Source: cryptography-vectors ciphers/ChaCha20/rfc7539.txt (RFC 7539 = RFC 8439 appendix A.2,
reformatted): key, nonce (96-bit), counter (the 32-bit initial block counter), pt, ct.
"""
from __future__ import annotations

from pathlib import Path

import vecfmt


def convert(out_dir: Path) -> dict[str, int]:
    src = vecfmt.crypto_vectors_dir() / "ciphers" / "ChaCha20" / "rfc7539.txt"
    recs = vecfmt.rsp_records(src, count=("COUNT", int), key=("KEY", bytes),
                              nonce=("NONCE", bytes), counter=("INITIAL_BLOCK_COUNTER", int),
                              pt=("PLAINTEXT", bytes), ct=("CIPHERTEXT", bytes))
    name = "chacha20_rfc7539.vec"
    return {name: vecfmt.write_records(out_dir / name, recs,
                                       "cryptography-vectors ciphers/ChaCha20/rfc7539.txt")}


if __name__ == "__main__":
    vecfmt.main(convert)
