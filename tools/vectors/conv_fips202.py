# SPDX-License-Identifier: Apache-2.0 OR MIT
"""FIPS 202 vectors: SHA3-256, SHA3-512, SHAKE128, SHAKE256.

Sources:
- NIST CAVP SHA-3 vectors (SHA3VS / SHAKEVS, "byte-oriented"), as shipped by PyPI
  cryptography-vectors under hashes/SHA3 and hashes/SHAKE: ShortMsg, LongMsg, VariableOut (SHAKE)
  and Monte (Monte Carlo checkpoints; the C test runs the MCT procedure itself).
  NIST "Len" is in bits; Len = 0 is the empty message, written "Msg = 00" in the .rsp files.
- Boundary lengths around the rate (0, 1, r-1, r, r+1, 2r-1, 2r, 2r+1, multi-block) for message
  and, for SHAKE, output lengths, with expected values from Python's hashlib (an independent
  implementation: OpenSSL's or CPython's own Keccak).

Output files:
  fips202_<fn>.vec     group short|long|varout: msg, out (hex), count
  fips202_mct.vec      group <fn>: one record per checkpoint (count j, seed, minout/maxout in
                       bytes for SHAKE, outlen in bytes, out); checkpoints of one function are
                       consecutive and in order, so the test continues one chain across them.
  fips202_edge.vec     group <fn>-msglen | <fn>-outlen: fn, msglen, msg, outlen, out
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import vecfmt

FUNCS = {
    # name: (rsp directory, rsp prefix, rate in bytes, fixed digest bytes or None for XOF)
    "sha3_256": ("SHA3", "SHA3_256", 136, 32),
    "sha3_512": ("SHA3", "SHA3_512", 72, 64),
    "shake128": ("SHAKE", "SHAKE128", 168, None),
    "shake256": ("SHAKE", "SHAKE256", 136, None),
}


def _hashlib(fn: str, msg: bytes, outlen: int) -> bytes:
    if fn == "sha3_256":
        return hashlib.sha3_256(msg).digest()
    if fn == "sha3_512":
        return hashlib.sha3_512(msg).digest()
    if fn == "shake128":
        return hashlib.shake_128(msg).digest(outlen)
    return hashlib.shake_256(msg).digest(outlen)


def _msg(rec: dict) -> bytes:
    nbits = int(rec["Len"])
    if nbits % 8:
        raise ValueError("bit-oriented message in a byte-oriented vector file")
    msg = bytes.fromhex(rec["Msg"])[: nbits // 8]  # Len = 0: "00" stands for the empty message
    if len(msg) != nbits // 8:
        raise ValueError("Msg shorter than Len")
    return msg


def _kat_records(fn: str, base: Path):
    sub, prefix, _, digest = FUNCS[fn]
    kinds = [("short", "ShortMsg"), ("long", "LongMsg")]
    if digest is None:
        kinds.append(("varout", "VariableOut"))
    for group, kind in kinds:
        count = 0
        for _section, rec in vecfmt.parse_rsp(base / sub / f"{prefix}{kind}.rsp"):
            out_key = "MD" if digest else "Output"
            if out_key not in rec or "Msg" not in rec:
                continue
            if "Len" in rec:
                msg = _msg(rec)
            else:  # VariableOut: Msg is the whole field
                msg = bytes.fromhex(rec["Msg"])
            out = bytes.fromhex(rec[out_key])
            if "Outputlen" in rec:
                bits = int(rec["Outputlen"])
                if bits % 8 or bits // 8 != len(out):
                    raise ValueError(f"{prefix}{kind}: unexpected Outputlen {bits}")
            yield {"group": group, "count": rec.get("COUNT", count), "msg": msg, "out": out}
            count += 1


def _mct_records(fn: str, base: Path):
    sub, prefix, _, digest = FUNCS[fn]
    path = base / sub / f"{prefix}Monte.rsp"
    text = path.read_text()
    minout = maxout = None
    if digest is None:
        minout = int(re.search(r"\[Minimum Output Length \(bits\) = (\d+)\]", text).group(1)) // 8
        maxout = int(re.search(r"\[Maximum Output Length \(bits\) = (\d+)\]", text).group(1)) // 8
    seed = None
    expect = 0
    for _section, rec in vecfmt.parse_rsp(path):
        if "Seed" in rec or ("Msg" in rec and "COUNT" not in rec):
            seed = bytes.fromhex(rec.get("Seed") or rec["Msg"])
            continue
        if "COUNT" not in rec:
            continue
        j = int(rec["COUNT"])
        if j != expect or seed is None:
            raise ValueError(f"{path.name}: checkpoints out of order")
        expect += 1
        out = bytes.fromhex(rec["MD"] if digest else rec["Output"])
        if digest is None and int(rec["Outputlen"]) != 8 * len(out):
            raise ValueError(f"{path.name}: Outputlen does not match Output")
        yield {"group": fn, "fn": fn, "count": j, "seed": seed, "minout": minout,
               "maxout": maxout, "outlen": len(out), "out": out}


def _boundary_lengths(rate: int):
    return [0, 1, rate - 1, rate, rate + 1, 2 * rate - 1, 2 * rate, 2 * rate + 1, 3 * rate + 5,
            7 * rate - 3, 10 * rate]


def _edge_records():
    for fn, (_, _, rate, digest) in FUNCS.items():
        # a deterministic message stream, independent of the code under test
        stream = hashlib.shake_256(f"m4crypt fips202 edge {fn}".encode()).digest(10 * rate + 64)
        for n in _boundary_lengths(rate):
            outlen = digest or 32
            msg = stream[:n]
            yield {"group": f"{fn}-msglen", "fn": fn, "count": n, "msglen": n, "msg": msg,
                   "outlen": outlen, "out": _hashlib(fn, msg, outlen)}
        if digest is None:
            msg = stream[:33]
            for n in _boundary_lengths(rate):
                yield {"group": f"{fn}-outlen", "fn": fn, "count": n, "msglen": len(msg),
                       "msg": msg, "outlen": n, "out": _hashlib(fn, msg, n)}


def convert(out_dir: Path) -> dict[str, int]:
    base = vecfmt.crypto_vectors_dir() / "hashes"
    src = "NIST CAVP SHA-3 (SHA3VS/SHAKEVS byte-oriented) from PyPI cryptography-vectors"
    return vecfmt.write_files(out_dir, [
        *((f"fips202_{fn}.vec", _kat_records(fn, base), f"{fn}: {src}") for fn in FUNCS),
        ("fips202_mct.vec", (r for fn in FUNCS for r in _mct_records(fn, base)),
         f"Monte Carlo checkpoints: {src}"),
        ("fips202_edge.vec", _edge_records(),
         "Message and output lengths around the rate; expected values from Python hashlib"),
    ])


if __name__ == "__main__":
    vecfmt.main(convert)
