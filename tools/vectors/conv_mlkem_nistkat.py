# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The NIST KAT files of ML-KEM, whole, for tests/mlkem/test_mlkem_nistapi.c, which replays each
record through the NIST API (crypto_kem_keypair / _enc / _dec) with the KAT generator's AES-256
CTR_DRBG seeded from the record's seed (tests/common/kat_drbg.c).

Source: PyPI cryptography-vectors asymmetric/MLKEM/kat_MLKEM_{512,768,1024}.rsp, 1000 records
each (the files of github.com/post-quantum-cryptography/KAT). Seeded with a record's "seed", the
generator's DRBG gives, one request each: z (32 bytes), d (32), msg (32), ct_n (the ciphertext
length); pk, sk = KeyGen, ct, ss = Encaps(pk), ss_n = Decaps(sk, ct_n).

Output: mlkem_nistkat_<set>.vec with count, seed, z, d, msg, pk, sk, ct, ss, ct_n, ss_n (no
group: the emulated M4 runs the first 25 records of each set).
"""
from __future__ import annotations

from pathlib import Path

import vecfmt
from conv_mlkem import CT_BYTES, PK_BYTES, SETS, SK_BYTES, _kat_entries

FIELDS = ("seed", "z", "d", "msg", "pk", "sk", "ct", "ss", "ct_n", "ss_n")


def records(s: int):
    path = vecfmt.crypto_vectors_dir() / "asymmetric" / "MLKEM" / f"kat_MLKEM_{s}.rsp"
    n = 0
    for r in _kat_entries(path):
        rec = {"count": int(r["count"])}
        rec.update((k, bytes.fromhex(r[k])) for k in FIELDS)
        sizes = tuple(len(rec[k]) for k in ("seed", "z", "d", "msg", "pk", "sk", "ct", "ct_n"))
        if sizes != (48, 32, 32, 32, PK_BYTES[s], SK_BYTES[s], CT_BYTES[s], CT_BYTES[s]):
            raise ValueError(f"{path}: record {n} has unexpected sizes")
        if rec["count"] != n:
            raise ValueError(f"{path}: record {n} has count {rec['count']}")
        n += 1
        yield rec
    if n != 1000:
        raise ValueError(f"{path}: {n} records, expected 1000")


def convert(out_dir: Path) -> dict[str, int]:
    return {f"mlkem_nistkat_{s}.vec": vecfmt.write_records(
        out_dir / f"mlkem_nistkat_{s}.vec", records(s),
        f"cryptography-vectors asymmetric/MLKEM/kat_MLKEM_{s}.rsp (NIST PQC KAT, with seeds)")
        for s in SETS}
