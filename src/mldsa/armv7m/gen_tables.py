#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes src/mldsa/armv7m/tables.S: the twiddle factors of ntt.S and invntt.S in the order the
assembly reads them, and checks, by running the same passes in Python on exact integers, that
this order computes FIPS 204's NTT (Alg. 41) and NTT^-1 (Alg. 42) as the C code does.

Both transforms run as four passes of two merged layers over groups of four coefficients
x0..x3 at distances L (the first layer of the pass pairs (x0, x2), (x1, x3) in ntt.S with one
twiddle, the second (x0, x1) and (x2, x3) with two; invntt.S the other way round). Each super-
block (the coefficients one set of three twiddles serves) reads its three words in a row:
  ntt.S:    [zeta of layer 2p-1, zeta for (x0, x1), zeta for (x2, x3)]
  invntt.S: [-zeta for (x0, x1), -zeta for (x2, x3), -zeta of the next layer]
(the last pass's third word is -zeta f 2^-32: the differences of the last layer take NTT^-1's
factor f with their twiddle, and only the sums need a product with f of their own).
Twiddles are Montgomery constants zeta * 2^32 mod q, centered (src/mldsa/zetas.c).

Also the tables of small_ntt.S, the 16-bit NTT modulo 769 with which signing computes c s1 and
c s2 (zeta = 7, a primitive 256th root of unity mod 769): ML-KEM's NTT code with another field,
so its tables come from ML-KEM's generator (src/mlkem/armv7m/gen_tables.py, set_field(769, 7)),
which checks every Plantard constant exhaustively.

Run: python3 src/mldsa/armv7m/gen_tables.py > src/mldsa/armv7m/tables.S
"""
import importlib.util
import random
from pathlib import Path

Q = 8380417
R = 1 << 32


def brv8(m):
    return int(f"{m:08b}"[::-1], 2)


def centered(x):
    x %= Q
    return x - Q if x > Q // 2 else x


ZETAS = [centered(pow(1753, brv8(m), Q) * R) for m in range(256)]
F = centered(pow(256, -1, Q) * R * R)


def mont(a):
    """a * 2^-32 mod q as the assembly computes it (SMULL, MUL, SMLAL): exact integers."""
    t = (a * 58728449) & 0xFFFFFFFF
    if t >= 1 << 31:
        t -= 1 << 32
    r = (a - t * Q) >> 32
    assert (a - t * Q) % R == 0 and abs(r) < Q
    return r


def ntt_order():
    """(pass distance L, super-block size, [(zA, zB1, zB2) per super-block])"""
    out = []
    for p in range(4):
        length = 128 >> (2 * p)            # the first layer's distance
        L = length // 2                    # group spacing = second layer's distance
        layer = 2 * p + 1                  # FIPS layer number of the first layer (1..8)
        blocks = []
        for sb in range(256 // (4 * L)):
            start = sb * 4 * L
            mA = (1 << (layer - 1)) + start // (2 * length)
            mB = (1 << layer) + start // length
            blocks.append((ZETAS[mA], ZETAS[mB], ZETAS[mB + 1]))
        out.append((L, blocks))
    return out


def invntt_order():
    out = []
    for p in range(4):
        L = 1 << (2 * p)                   # first layer's distance (1, 4, 16, 64)
        blocks = []
        for sb in range(256 // (4 * L)):
            start = sb * 4 * L
            # Alg. 42: for len, m runs down from 256: block b of layer len has m = 256/len... the
            # index is 256 - (number of blocks of all earlier layers) - b - 1.
            def m_of(length, s):
                before = sum(256 // (2 * (1 << k)) for k in range(8) if (1 << k) < length)
                return 255 - before - s // (2 * length)
            zB = -ZETAS[m_of(2 * L, start)]
            if p == 3:
                zB = mont(zB * F)          # the last layer's differences times f as well
            blocks.append((-ZETAS[m_of(L, start)], -ZETAS[m_of(L, start + 2 * L)], zB))
        out.append((L, blocks))
    return out


def ntt_asm_model(a):
    a = list(a)
    for L, blocks in ntt_order():
        for sb, (zA, zB1, zB2) in enumerate(blocks):
            for j in range(L):
                i = sb * 4 * L + j
                x = [a[i], a[i + L], a[i + 2 * L], a[i + 3 * L]]
                for (u, v, z) in ((0, 2, zA), (1, 3, zA), (0, 1, zB1), (2, 3, zB2)):
                    t = mont(x[v] * z)
                    x[u], x[v] = x[u] + t, x[u] - t
                a[i], a[i + L], a[i + 2 * L], a[i + 3 * L] = x
    return a


def invntt_asm_model(a):
    a = list(a)
    for p, (L, blocks) in enumerate(invntt_order()):
        for sb, (zA1, zA2, zB) in enumerate(blocks):
            for j in range(L):
                i = sb * 4 * L + j
                x = [a[i], a[i + L], a[i + 2 * L], a[i + 3 * L]]
                for (u, v, z) in ((0, 1, zA1), (2, 3, zA2), (0, 2, zB), (1, 3, zB)):
                    d = x[u] - x[v]
                    x[u] = x[u] + x[v]
                    assert abs(x[u]) < 1 << 31
                    x[v] = mont(d * z)
                if p == 3:
                    # the sums of the last layer times f; its differences had z f 2^-32
                    x = [mont(x[0] * F), mont(x[1] * F), x[2], x[3]]
                a[i], a[i + L], a[i + 2 * L], a[i + 3 * L] = x
    return a


def ntt_ref(a):
    """Alg. 41 with the Montgomery zetas, as src/mldsa/ntt.c."""
    w = list(a)
    m = 0
    length = 128
    while length >= 1:
        for start in range(0, 256, 2 * length):
            m += 1
            for j in range(start, start + length):
                t = mont(ZETAS[m] * w[j + length])
                w[j], w[j + length] = w[j] + t, w[j] - t
        length //= 2
    return w


def invntt_layers(a, end):
    """Alg. 42's layers of distance below `end` (Gentleman-Sande, Montgomery zetas)."""
    w = list(a)
    m = 256
    length = 1
    while length < end:
        for start in range(0, 256, 2 * length):
            m -= 1
            z = -ZETAS[m]
            for j in range(start, start + length):
                t = w[j]
                w[j] = t + w[j + length]
                w[j + length] = mont(z * (t - w[j + length]))
        length *= 2
    return w


def invntt_alg42(a):
    """Alg. 42 with the Montgomery zetas, then every coefficient times f."""
    return [mont(F * x) for x in invntt_layers(a, 256)]


def invntt_ref(a):
    """As src/mldsa/ntt.c: Alg. 42's layers but the last, which takes f into its products."""
    w = invntt_layers(a, 128)
    zf = mont(-ZETAS[1] * F)
    for j in range(128):
        t = w[j]
        w[j] = mont(F * (t + w[j + 128]))
        w[j + 128] = mont(zf * (t - w[j + 128]))
    return w


def check():
    rng = random.Random(1)
    for case in range(20):
        if case == 0:
            a = [Q - 1] * 256
        elif case == 1:
            a = [-(Q - 1)] * 256
        elif case == 2:
            a = [(Q - 1) * (1 if i & 1 else -1) for i in range(256)]
        else:
            a = [rng.randrange(-(Q - 1), Q) for _ in range(256)]
        n = ntt_asm_model(a)
        assert n == ntt_ref(a)
        assert all(abs(x) < 9 * Q for x in n)
        i = invntt_asm_model(a)
        assert i == invntt_ref(a)
        assert all(abs(x) < Q for x in i)
        assert all((x - y) % Q == 0 for x, y in zip(i, invntt_alg42(a)))


SMALL_Q = 769
SMALL_ZETA = 7


def small_tables():
    """The three tables of small_ntt.S (ntt, invntt with w(1) at word 144, basemul gammas), each on
    a 64-byte boundary, as assembly lines."""
    path = Path(__file__).resolve().parents[2] / "mlkem" / "armv7m" / "gen_tables.py"
    spec = importlib.util.spec_from_file_location("mlkem_gen_tables", path)
    kem = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kem)
    kem.set_field(SMALL_Q, SMALL_ZETA)
    kem.check_constant(1)  # small_invntt's final P(w(1) x)
    lines = []
    for name, words, what in (
            ("m4crypt_mldsa_small_ntt_twiddles_armv7m", kem.ntt_words(), "NTT"),
            ("m4crypt_mldsa_small_invntt_twiddles_armv7m", kem.invntt_table_words(), "inverse NTT"),
            ("m4crypt_mldsa_small_basemul_gammas_armv7m", kem.basemul_gamma_words(),
             "base multiplication")):
        lines += kem.emit_table(name, words, f"small_ntt.S, {what} modulo 769 (the layout of\n"
                                f" * src/mlkem/armv7m/gen_tables.py); on a 64-byte boundary",
                                align=6)
    return lines


def main():
    check()
    print("/* SPDX-License-Identifier: Apache-2.0 OR MIT */")
    print("/* Generated by src/mldsa/armv7m/gen_tables.py (which checks the order against FIPS 204")
    print(" * Alg. 41 / 42 on exact integers): do not edit. The twiddles of ntt.S and invntt.S in")
    print(" * reading order, three words per super-block, passes one after the other. */")
    print('#include "m4crypt/config.h"')
    print("#if M4CRYPT_ENABLE_MLDSA /* m4crypt/config.h */")
    print("    .syntax unified")
    print("    .section .rodata.m4crypt_mldsa_tables_armv7m, \"a\", %progbits")
    print("    .balign 4")
    for name, order in (("m4crypt_mldsa_ntt_zetas_armv7m", ntt_order()),
                        ("m4crypt_mldsa_invntt_zetas_armv7m", invntt_order())):
        print(f"    .global {name}")
        print(f"    .type {name}, %object")
        print(f"{name}:")
        words = [z for _, blocks in order for b in blocks for z in b]
        assert len(words) == 255
        for i in range(0, len(words), 6):
            print("    .word " + ", ".join(str(w) for w in words[i:i + 6]))
        print(f"    .size {name}, . - {name}")
    print("    .global m4crypt_mldsa_invntt_f_armv7m")
    print("    .type m4crypt_mldsa_invntt_f_armv7m, %object")
    print("m4crypt_mldsa_invntt_f_armv7m:")
    print(f"    .word {F}")
    print("    .size m4crypt_mldsa_invntt_f_armv7m, 4")
    print("#if M4CRYPT_ENABLE_MLDSA_SIGN")
    print("\n".join(small_tables()))
    print("#endif /* M4CRYPT_ENABLE_MLDSA_SIGN */")
    print("#endif /* M4CRYPT_ENABLE_MLDSA */")


if __name__ == "__main__":
    main()
