#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Generates src/mlkem/armv7m/tables.S: the constant tables of the ML-KEM ARMv7E-M backend.

Run from the repository root:  python3 src/mlkem/armv7m/gen_tables.py > src/mlkem/armv7m/tables.S
and  python3 src/mlkem/armv7m/gen_tables.py --part-gammas > src/mlkem/armv7m/fused_gammas.i
(the gamma table of fused.S, which includes it at its end: in fused.S's object, after its code).

Multiplication by a constant (Plantard; Huang, Zhao, Zhang, Zhang, Chen, Zhou, "Improved
Plantard arithmetic for lattice-based cryptography", TCHES 2022/4, with l = 16, alpha = 3):
to multiply a signed 16-bit b by a constant c modulo q, the table holds the 32-bit word
    w(c) = z * q^-1 mod 2^32,   z = the centered representative of -c * 2^32 mod q.
The assembly computes, for one halfword b (SMLAWB/SMLAWT, then SMULBT):
    h = bits 16..31 of w * b          (the low half of SMLAWx's (w * b) >> 16)
    s = h + 8, wrapped to 16 bits     (the accumulator C = q << 16 | 8 adds 8 to the low half)
    t = floor(s * q / 2^16)           (the high half of SMULBT s, C)
Why t = b * c mod q: write P = z * b and W = w * b mod 2^32 (signed), so W q = P + k 2^32 with
k = -P 2^-32 = b c (mod q). With W = h 2^16 + w_lo (0 <= w_lo < 2^16),
(h + 8) q / 2^16 = k + (P - w_lo q + 8 q 2^16) / 2^32, and the fraction lies in [0, 1) when
|P| < 2^32 - 8 q 2^16 - 2^16 q (here |P| <= 2^15 * 1664). If h + 8 wraps (h >= 2^15 - 8) the
result is k - q instead, still = b c mod q. Whatever s is, |t| <= floor(2^15 q / 2^16) = 1664
(the wrap-around case included); this generator checks both claims exhaustively for every table
constant and every int16 b before writing the table.

The same arithmetic serves ML-DSA's 16-bit NTT modulo 769 (src/mldsa/armv7m/gen_tables.py calls
set_field(769, 7) and reuses the functions below; the bound 1664 is then (769 - 1) / 2 = 384).
"""

# The licence line every generated file starts with.
SPDX = "/* SPDX-License-Identifier: Apache-2.0 OR MIT */"
import sys

Q = 3329
QINV32 = pow(Q, -1, 1 << 32)
U = (Q - 1) // 2  # the bound of a Plantard product (1664)


def bitrev7(i):
    return int(format(i, "07b")[::-1], 2)


def centered(x):
    x %= Q
    return x - Q if x > Q // 2 else x


def s16(x):
    x &= 0xFFFF
    return x - 0x10000 if x & 0x8000 else x


def plantard_word(c):
    """The table word for multiplication by c (mod q)."""
    return (centered(-c * (1 << 32)) * QINV32) & 0xFFFFFFFF


def plantard_mul(w, b):
    """What SMLAWx + SMULBT compute (the result's high half), bit-exact."""
    ws = w - (1 << 32) if w & 0x80000000 else w
    h = (ws * b) >> 16  # SMLAWx: bits 47..16 of the 48-bit product, plus C (low half 8)
    s = s16(h + 8)
    return (s * Q) >> 16  # SMULBT s, C: s * q, high half arithmetic


_checked = set()
INT16 = range(-32768, 32768)


def check_constant(c):
    """Exhaustive proof of the two claims for this constant, every int16 b."""
    c %= Q
    if c in _checked:
        return
    _checked.add(c)
    w = plantard_word(c)
    ws = w - (1 << 32) if w & 0x80000000 else w
    # plantard_mul(w, b) for every b, written out (s16(h + 8) = ((h + 8 + 2^15) & 0xFFFF) - 2^15)
    # so that the 65,536 products take one list comprehension
    products = [(((((ws * b) >> 16) + 0x8008) & 0xFFFF) - 0x8000) * Q >> 16 for b in INT16]
    assert products[0] == plantard_mul(w, -32768) and products[-1] == plantard_mul(w, 32767)
    wrong = [b for b, t in zip(INT16, products) if (t - b * c) % Q]
    if wrong:
        sys.exit(f"plantard constant {c}: wrong product for b = {wrong[0]}")
    lo, hi = min(products), max(products)
    if lo < -U or hi > U:
        sys.exit(f"plantard constant {c}: result {lo}..{hi} outside +-{U}")


ZETA = [pow(17, bitrev7(i), Q) for i in range(128)]  # FIPS 203 section 4.3, plain (not Montgomery)


def check_unsigned(w):
    """bytes.S (tobytes) takes the low half of SMLAWB's result as an unsigned s_u = s mod 2^16
    and computes floor(s_u q / 2^16): this is t + q when s < 0, so the result is the
    representative in [0, q). Checked for every int16 input."""
    ws = w - (1 << 32) if w & 0x80000000 else w
    for b in range(-32768, 32768):
        s_u = (((ws * b) >> 16) + 8) & 0xFFFF
        if (s_u * Q) >> 16 != b % Q:
            sys.exit(f"unsigned Plantard: mismatch at {b}")


def ntt_order():
    """Twiddle indices in the order m4crypt_mlkem_poly_ntt_armv7m reads them (ntt.S, passes 1-3)."""
    order = [1, 2, 3]  # pass 1: layers 1-2, fixed
    for b in range(4):  # pass 2: layers 3-4, per group of 32 words
        order += [4 + b, 8 + 2 * b, 9 + 2 * b]
    for b in range(16):  # pass 3: layers 5-7, per block of 8 words
        order += [16 + b, 32 + 2 * b, 33 + 2 * b] + [64 + 4 * b + i for i in range(4)]
    assert sorted(order) == list(range(1, 128))
    return order


F_INV = pow(2, 16, Q) * pow(128, -1, Q) % Q  # the inverse NTT's final factor R / 128 = 512


def set_field(q, root):
    """Switches every function of this module to Z_q with the primitive 256th root of unity root
    (for another 16-bit NTT of the same shape: src/mldsa/armv7m/gen_tables.py)."""
    global Q, QINV32, U, ZETA, F_INV
    assert pow(root, 128, q) == q - 1 and q < 1 << 12
    Q, QINV32, U = q, pow(q, -1, 1 << 32), (q - 1) // 2
    ZETA = [pow(root, bitrev7(i), q) for i in range(128)]
    F_INV = pow(2, 16, q) * pow(128, -1, q) % q
    _checked.clear()


def invntt_words():
    """Inverse NTT table in the order invntt.S reads it (values c of w(c), or None for a raw word):
    pass A, per block B of 8 words, a record of 9 words: layer 2's zeta_(62-2B) and layer 3's
    zeta_(31-B) (read last, by one LDRD with post-increment), layer 1's zeta_i F for
    i = 127-4B .. 124-4B, w(F) for layer 1's sums, layer 2's zeta_(63-2B), a pad word; w(1) for
    pass B's reduced sums and 3 pad words; pass B per group g: zeta_(15-2g), zeta_(14-2g)
    (layer 4), zeta_(7-g) (layer 5); pass C: zeta_3, zeta_2 (layer 6), zeta_1 (layer 7); then
    C = q << 16 | 8 (raw)."""
    consts = []
    for b in range(16):
        consts += [ZETA[62 - 2 * b], ZETA[31 - b]]
        consts += [ZETA[127 - 4 * b - k] * F_INV for k in range(4)]
        consts += [F_INV, ZETA[63 - 2 * b], None]
    consts += [1, None, None, None]
    for g in range(4):
        consts += [ZETA[15 - 2 * g], ZETA[14 - 2 * g], ZETA[7 - g]]
    consts += [ZETA[3], ZETA[2], ZETA[1], "C"]
    return consts


def emit_table(name, words, comment, align=2, lead=0):
    """A global table; aligned to 2^align, starting lead bytes (of zero padding) after that."""
    out = [f"/* {comment} */", f"    .p2align {align}"]
    if lead:
        out.append(f"    .space {lead}")
    out += [f"    .global {name}", f"    .type {name}, %object", f"{name}:"]
    for i in range(0, len(words), 4):
        out.append("    .word " + ", ".join(f"0x{w:08x}" for w in words[i : i + 4]))
    out.append(f"    .size {name}, .-{name}")
    out.append("")
    return out


def part_gammas():
    """fused_gammas.i: fused.S's table. The part products (64 coefficients from a multiple of 64,
    start) read w(gamma_m) = w(zeta_(64+m)) for the group of coefficients 4m .. 4m+3 (the pair
    4m, 4m+1 uses gamma_m, the pair 4m+2, 4m+3 -gamma_m) from table + start (bytes) with
    post-increment 4, and end when the pointer is a multiple of 64: with the table on a 64-byte
    boundary, after the call's 16 words and no sooner."""
    for m in range(64):
        check_constant(ZETA[64 + m])
    for start in range(0, 256, 64):
        ends = [(start + 4 * (g + 1)) % 64 == 0 for g in range(16)]
        assert ends == [False] * 15 + [True]
    lines = [
        "/*",
        " * The gamma table of fused.S, which includes this file at its end. GENERATED by",
        " * gen_tables.py --part-gammas (same folder); do not edit.",
        " */",
        "    .section .rodata.m4crypt_mlkem_fused, \"a\", %progbits",
    ]
    lines += emit_table(
        "m4crypt_mlkem_part_gammas_armv7m",
        [plantard_word(ZETA[64 + m]) for m in range(64)],
        "Part products: w(gamma_m) for the coefficients 4m .. 4m+3, m = 0..63 (see\n"
        " * gen_tables.py); on a 64-byte boundary",
        align=6,
    )
    sys.stdout.write("\n".join([SPDX] + lines))


def ntt_words():
    """ntt.S's table: the constant C = q << 16 | 8 first, then the twiddles. Pass 2 ends its group
    loop when its pointer (table + 16 + 12 (g + 1) after group g) is a multiple of 64, pass 3 its
    block loop when its pointer (table + 64 + 28 (B + 1) after block B) is: with the table on a
    64-byte boundary this happens only after the last group / block (28 B' = 0 mod 64 needs
    B' = 16k)."""
    ntt = [ZETA[i] for i in ntt_order()]
    for c in set(ntt):
        check_constant(c)
    for g in range(4):
        assert ((16 + 12 * (g + 1)) % 64 == 0) == (g == 3)
    for blk in range(16):
        assert ((64 + 28 * (blk + 1)) % 64 == 0) == (blk == 15)
    return [(Q << 16) | 8] + [plantard_word(c) for c in ntt]


def invntt_table_words():
    """invntt.S's table. Pass A ends its loop when its pointer (table + 36 (B + 1) after block B)
    is a multiple of 64: with the table on a 64-byte boundary only after the last block
    (36 B' = 0 mod 64 needs B' = 16k); pass B ends its group loop when its pointer
    (table + 592 + 12 (g + 1) after group g) is a multiple of 64: only after the last group
    (592 = 576 + the 4 words w(1), pads)."""
    inv = invntt_words()
    for c in inv:
        if isinstance(c, int):
            check_constant(c)
    for blk in range(16):
        assert ((36 * (blk + 1)) % 64 == 0) == (blk == 15)
    for g in range(4):
        assert ((592 + 12 * (g + 1)) % 64 == 0) == (g == 3)
    words = []
    for c in inv:
        if c is None:
            words.append(0)
        elif c == "C":
            words.append((Q << 16) | 8)
        else:
            words.append(plantard_word(c))
    assert words.index((Q << 16) | 8) == 163
    return words


def basemul_gamma_words():
    """basemul.S's table: records of 5 words per iteration (4 groups of 4 coefficients): w(gamma)
    of groups 0, 1, 2, 3, a pad word (group 0 reads with post-increment, the others at -16, -12,
    -8); gamma_m = zeta^(2 BitRev7(m) + 1) = zeta_(64+m) for the pair 4m, 4m+1 (the pair
    4m+2, 4m+3 uses -gamma_m). The loop ends when the pointer (table + 20 (i + 1) after
    iteration i) is a multiple of 64: with the table on a 64-byte boundary only after iteration
    15 (20 i' = 0 mod 64 needs i' = 16k)."""
    gam = []
    for it in range(16):
        ms = [4 * it, 4 * it + 1, 4 * it + 2, 4 * it + 3]
        for m in ms:
            check_constant(ZETA[64 + m])
        gam += [plantard_word(ZETA[64 + m]) for m in ms] + [0]
    for it in range(16):
        assert ((20 * (it + 1)) % 64 == 0) == (it == 15)
    return gam


def main():
    if sys.argv[1:] == ["--part-gammas"]:
        part_gammas()
        return
    assert not sys.argv[1:], "usage: gen_tables.py [--part-gammas]"
    lines = [
        "/*",
        " * Constant tables of the ML-KEM ARMv7E-M backend. GENERATED by gen_tables.py (same folder),",
        " * which explains the Plantard words and checks every constant exhaustively; do not edit.",
        " */",
        "#include \"m4crypt/config.h\"",
        "#if M4CRYPT_ENABLE_MLKEM",
        "",
        "    .syntax unified",
        "    .section .rodata.m4crypt_mlkem_armv7m, \"a\", %progbits",
        "",
    ]
    lines += emit_table(
        "m4crypt_mlkem_ntt_twiddles_armv7m",
        ntt_words(),
        "NTT: C = q << 16 | 8, then w(zeta_i), zeta_i = 17^BitRev7(i) mod q, in the order ntt.S\n"
        " * reads them (127 words); on a 64-byte boundary (see ntt.S)",
        align=6,
    )
    lines += emit_table(
        "m4crypt_mlkem_invntt_twiddles_armv7m",
        invntt_table_words(),
        "Inverse NTT: the words listed in invntt_words() (164); on a 64-byte boundary\n"
        " * (see invntt.S)",
        align=6,
    )
    lines += emit_table(
        "m4crypt_mlkem_basemul_gammas_armv7m",
        basemul_gamma_words(),
        "Base multiplication: w(gamma_m) in the order basemul.S reads them, 5-word records\n"
        " * (see gen_tables.py); on a 64-byte boundary",
        align=6,
    )
    # reduce.S: C and w(1) (the centered representative of x is P(1 x), see check_constant),
    # then C and w(R mod q) for tomont; bytes.S (tobytes) uses C and w(1) as well.
    check_constant(1)
    check_constant(1 << 16)
    check_unsigned(plantard_word(1))
    lines += emit_table(
        "m4crypt_mlkem_reduce_consts_armv7m",
        [(Q << 16) | 8, plantard_word(1), (Q << 16) | 8, plantard_word(1 << 16)],
        "poly_reduce: C = q << 16 | 8, w(1); poly_tomont: C, w(2^16 mod q)",
    )
    lines += ["#endif /* M4CRYPT_ENABLE_MLKEM */", ""]
    sys.stdout.write("\n".join([SPDX] + lines))


if __name__ == "__main__":
    main()
