# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The field of Curve25519 and edwards25519 for the generators that compute constants and tables
(gen_base_table.py beside this file, src/ristretto255/gen_constants.py): p = 2^255 - 19, d of
edwards25519 (-x^2 + y^2 = 1 + d x^2 y^2, RFC 8032 section 5.1), inversion, square roots and the
8-word form the C code stores field elements in."""

P = 2**255 - 19


def inv(x: int) -> int:
    """1 / x mod p (Fermat)."""
    return pow(x, P - 2, P)


D = -121665 * inv(121666) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)  # a square root of -1 (p = 5 mod 8)
assert SQRT_M1 * SQRT_M1 % P == P - 1


def sqrt(x: int, negative: bool) -> int:
    """The square root of x mod p that is negative (odd) or not (even), as asked: x^((p + 3) / 8),
    times sqrt(-1) if that squares to -x (RFC 8032 section 5.1.3); checked by squaring."""
    r = pow(x, (P + 3) // 8, P)
    if r * r % P != x % P:
        r = r * SQRT_M1 % P
    assert r * r % P == x % P, "not a square"
    return P - r if (r & 1) != negative else r


def words(v: int) -> list[int]:
    """The 8 little-endian 32-bit words of v (canonical, < p)."""
    return [(v >> (32 * w)) & 0xFFFFFFFF for w in range(8)]
