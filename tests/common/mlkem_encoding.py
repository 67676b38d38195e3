# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM key encodings for the Python differential tests (ML-KEM, and X-Wing's ML-KEM-768 key).

Usage in a test:  from mlkem_encoding import unreduced
"""
from __future__ import annotations

import random


def unreduced(rng: random.Random, pk: bytes, k: int) -> bytes:
    """pk with one of the 256 k 12-bit coefficients of its first 384 k bytes (ByteEncode_12, two
    values in three bytes) set to a value >= q = 3329, both chosen with rng; FIPS 203 section 7.2's
    modulus check rejects the key."""
    b = bytearray(pk)
    i = rng.randrange(256 * k)
    v = rng.randrange(3329, 4096)
    p = 3 * (i // 2)
    if i % 2 == 0:
        b[p] = v & 0xFF
        b[p + 1] = (b[p + 1] & 0xF0) | (v >> 8)
    else:
        b[p + 1] = (b[p + 1] & 0x0F) | ((v & 0x0F) << 4)
        b[p + 2] = v >> 4
    return bytes(b)
