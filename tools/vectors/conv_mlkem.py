# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-KEM (FIPS 203) vectors for tests/mlkem/test_mlkem.c.

Sources (tests/vectors/SOURCES.md):
- NIST ACVP-Server v1.1.0.40 ML-KEM-keyGen-FIPS203 and ML-KEM-encapDecap-FIPS203
  (tests/vectors/acvp-mlkem/): prompt and expectedResults paired by tgId / tcId.
- PyPI cryptography-vectors asymmetric/MLKEM/kat_MLKEM_{512,768,1024}.rsp: 1000 entries each
  (d, z -> pk, sk; msg -> ct, ss; ct_n -> ss_n is a ciphertext that must take implicit
  rejection). The DRBG "seed" field is not needed (d, z, msg are given).
- Wycheproof (tests/vectors/wycheproof/mlkem_<set>_{test,encaps_test,keygen_seed_test,
  semi_expanded_decaps_test}.json; schemas in wycheproof/schemas/).
- C2SP CCTV ML-KEM (tests/vectors/cctv-mlkem/): strcmp (dk, c -> K), modulus (gzip, one
  encapsulation key per line, every one has a coefficient >= q and must be rejected) and
  unluckysample (d, z, ek, dk, m, c, K; SampleNTT needs many SHAKE128 blocks).

Every record has set = 512|768|1024, a tcId or count, and a group (the harness runs 25 records of
each group in --quick mode). Records that must be rejected carry
    result = invalid, error = length | public_key | secret_key | seed_length
naming the error our API must give (M4CRYPT_ERR_LENGTH, _PUBLIC_KEY, _SECRET_KEY; seed_length: a
seed that is not 64 bytes, which the API cannot even take). The error is derived from the source's
flags and comments (and, for ACVP, which has neither, from the lengths of FIPS 203 Table 3); an
invalid record that cannot be classified stops the conversion. Wycheproof "acceptable" results are
passed on as result = acceptable (either outcome is allowed, but an accepted one must be right).

Output files:
  mlkem_acvp_keygen.vec     group keyGen-ML-KEM-<set>: d, z, ek, dk
  mlkem_acvp_encdec.vec     group <function>-ML-KEM-<set>, op = <function>:
                              encapsulation: ek, m, c, k; decapsulation: dk, c, k;
                              encapsulationKeyCheck: ek, result; decapsulationKeyCheck: dk, result
  mlkem_kat_<set>.vec       count, d, z, msg, pk, sk, ct, ss, ct_n, ss_n (no group: the first 25
                            in --quick mode)
  mlkem_wycheproof.vec      group <type>-<set>-<result>[-<flags> | -<error>], type = decaps (mlkem_test:
                            seed, ek, c, K), encaps (ek, m, c, K), keygen (seed, ek, dk),
                            semidecaps (dk, ek, c, K); result, flags, comment
  mlkem_cctv.vec            group strcmp-<set> (dk, c, K), unlucky-<set> (d, z, ek, dk, m, c, K),
                            modulus-<set> (ek, result = invalid, error = public_key)
"""
from __future__ import annotations

import gzip
from pathlib import Path

import vecfmt

SETS = (512, 768, 1024)
K = {512: 2, 768: 3, 1024: 4}
# FIPS 203 Table 3.
PK_BYTES = {512: 800, 768: 1184, 1024: 1568}
SK_BYTES = {512: 1632, 768: 2400, 1024: 3168}
CT_BYTES = {512: 768, 768: 1088, 1024: 1568}

ACVP = vecfmt.VENDORED / "acvp-mlkem"
WYCHEPROOF = vecfmt.VENDORED / "wycheproof"
CCTV = vecfmt.VENDORED / "cctv-mlkem"


def _set_of(name: str) -> int:
    return vecfmt.parameter_set(name, "ML-KEM-", SETS)


_hex = bytes.fromhex


# ---------------------------------------------------------------- ACVP

def _acvp_pairs(mode: str):
    return vecfmt.acvp_pairs(ACVP / f"acvp_v1.1.0.40_{mode}_prompt.json",
                             ACVP / f"acvp_v1.1.0.40_{mode}_expectedResults.json")


def _key_check(rec: dict, name: str, key: bytes, size: int, passed: bool, error: str) -> None:
    """An ACVP key check record: the key, valid or invalid with the error our API gives (length
    when the size is wrong, else error)."""
    rec[name] = key
    if passed:
        rec["result"] = "valid"
    else:
        rec["result"] = "invalid"
        rec["error"] = "length" if len(key) != size else error


def acvp_keygen():
    for g, t, e in _acvp_pairs("keyGen"):
        s = _set_of(g["parameterSet"])
        yield {"group": f"keyGen-{g['parameterSet']}", "set": s, "tcId": t["tcId"],
               "d": _hex(t["d"]), "z": _hex(t["z"]), "ek": _hex(e["ek"]), "dk": _hex(e["dk"])}


def acvp_encdec():
    for g, t, e in _acvp_pairs("encapDecap"):
        s = _set_of(g["parameterSet"])
        fn = g["function"]
        rec = {"group": f"{fn}-{g['parameterSet']}", "set": s, "tcId": t["tcId"], "op": fn}
        if fn == "encapsulation":
            rec.update(ek=_hex(t["ek"]), m=_hex(t["m"]), c=_hex(e["c"]), k=_hex(e["k"]))
        elif fn == "decapsulation":
            rec.update(dk=_hex(t["dk"]), c=_hex(t["c"]), k=_hex(e["k"]))
        elif fn == "encapsulationKeyCheck":
            _key_check(rec, "ek", _hex(t["ek"]), PK_BYTES[s], e["testPassed"], "public_key")
        elif fn == "decapsulationKeyCheck":
            _key_check(rec, "dk", _hex(t["dk"]), SK_BYTES[s], e["testPassed"], "secret_key")
        else:
            raise ValueError(f"unknown ACVP function {fn}")
        yield rec


# ---------------------------------------------------------------- cryptography-vectors KAT

def _kat_entries(path: Path):
    """The .rsp files have no blank lines between entries: each starts at its "count" line."""
    rec: dict[str, str] = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        if k == "count" and rec:
            yield rec
            rec = {}
        if k in rec:
            raise ValueError(f"{path}: {k} twice in entry {rec.get('count')}")
        rec[k] = v
    if rec:
        yield rec


def kat(s: int):
    path = vecfmt.crypto_vectors_dir() / "asymmetric" / "MLKEM" / f"kat_MLKEM_{s}.rsp"
    n = 0
    for r in _kat_entries(path):
        rec = {"count": int(r["count"]), "set": s}
        for k in ("d", "z", "msg", "pk", "sk", "ct", "ss", "ct_n", "ss_n"):
            rec[k] = _hex(r[k])
        if (len(rec["pk"]), len(rec["sk"]), len(rec["ct"]), len(rec["ct_n"])) != (
                PK_BYTES[s], SK_BYTES[s], CT_BYTES[s], CT_BYTES[s]):
            raise ValueError(f"{path}: record {n} has unexpected sizes")
        n += 1
        yield rec
    if n != 1000:
        raise ValueError(f"{path}: {n} records, expected 1000")


# ---------------------------------------------------------------- Wycheproof

# Wycheproof invalid test cases -> the error our API gives. Flags first, then the comments of the
# cases that carry no flag.
_FLAG_ERRORS = {
    "ModulusOverflow": "public_key",
    "IncorrectCiphertextLength": "length",
    "IncorrectDecapsulationKeyLength": "length",
    "InvalidDecapsulationKey": "secret_key",
}
_COMMENT_ERRORS = {
    "Public key not reduced": "public_key",
    "Public key is too short": "length",
    "Public key is too long": "length",
    "Ciphertext too short": "length",
    "Ciphertext too long": "length",
    "Private key too short": "seed_length",
    "Private key too long": "seed_length",
}
_TYPES = {
    "test": ("decaps", "MLKEMTest", ("seed", "ek", "c", "K")),
    "encaps_test": ("encaps", "MLKEMEncapsTest", ("ek", "m", "c", "K")),
    "keygen_seed_test": ("keygen", "MLKEMKeyGen", ("seed", "ek", "dk")),
    "semi_expanded_decaps_test": ("semidecaps", "MLKEMDecapsValidationTest", ("dk", "ek", "c", "K")),
}


def _wycheproof_error(tc: dict, where: str) -> str:
    return vecfmt.wycheproof_error(tc, where, _FLAG_ERRORS, _COMMENT_ERRORS)


def wycheproof():
    for kind, (tname, gtype, fields) in _TYPES.items():
        for s in SETS:
            path = WYCHEPROOF / f"mlkem_{s}_{kind}.json"
            data = vecfmt.wycheproof_file(path, f"mlkem_{kind}_schema.json")
            # Group by result and flags; records of one group must be contiguous in the file.
            buckets: dict[str, list] = {}
            for g in data["testGroups"]:
                if g.get("type", gtype) != gtype or _set_of(g["parameterSet"]) != s:
                    raise ValueError(f"{path}: unexpected group {g.get('type')}")
                for tc in g["tests"]:
                    flags = tc.get("flags", [])
                    result = tc["result"]
                    if result not in ("valid", "invalid", "acceptable"):
                        raise ValueError(f"{path}: result {result}")
                    error = _wycheproof_error(tc, str(path)) if result == "invalid" else None
                    # Group by result and flags; unflagged invalid cases also by their error,
                    # so that --quick runs some of each kind.
                    gname = f"{tname}-{s}-{result}" + "".join(f"-{f}" for f in flags)
                    if error and not flags:
                        gname += f"-{error}"
                    rec = {"group": gname, "set": s, "tcId": tc["tcId"], "type": tname,
                           "result": result, "flags": ",".join(flags) or None,
                           "comment": tc.get("comment") or None}
                    for f in fields:
                        if f in tc:
                            rec[f] = _hex(tc[f])
                    rec["error"] = error
                    buckets.setdefault(gname, []).append(rec)
            for recs in buckets.values():
                yield from recs


# ---------------------------------------------------------------- CCTV

def _kv_file(path: Path) -> dict:
    rec = {}
    for line in path.read_text().splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            rec[k.strip()] = _hex(v.strip())
    return rec


def cctv():
    n = 0
    for s in SETS:
        r = _kv_file(CCTV / "strcmp" / f"ML-KEM-{s}.txt")
        n += 1
        yield {"group": f"strcmp-{s}", "set": s, "tcId": n, "dk": r["dk"], "c": r["c"],
               "K": r["K"]}
    for s in SETS:
        r = _kv_file(CCTV / "unluckysample" / f"ML-KEM-{s}.txt")
        n += 1
        yield {"group": f"unlucky-{s}", "set": s, "tcId": n, "d": r["d"], "z": r["z"],
               "ek": r["ek"], "dk": r["dk"], "m": r["m"], "c": r["c"], "K": r["K"]}
    for s in SETS:
        with gzip.open(CCTV / "modulus" / f"ML-KEM-{s}.txt.gz", "rt") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                ek = _hex(line)
                if len(ek) != PK_BYTES[s]:
                    raise ValueError(f"CCTV modulus {s}: key of {len(ek)} bytes")
                n += 1
                yield {"group": f"modulus-{s}", "set": s, "tcId": n, "ek": ek,
                       "result": "invalid", "error": "public_key"}


def convert(out_dir: Path) -> dict[str, int]:
    return vecfmt.write_files(out_dir, [
        ("mlkem_acvp_keygen.vec", acvp_keygen(), "ACVP v1.1.0.40 ML-KEM keyGen"),
        ("mlkem_acvp_encdec.vec", acvp_encdec(), "ACVP v1.1.0.40 ML-KEM encapDecap"),
        ("mlkem_wycheproof.vec", wycheproof(), "Wycheproof ML-KEM (C2SP/wycheproof dac1dd47)"),
        ("mlkem_cctv.vec", cctv(), "C2SP CCTV ML-KEM strcmp, unluckysample, modulus"),
        *((f"mlkem_kat_{s}.vec", kat(s), f"cryptography-vectors asymmetric/MLKEM/kat_MLKEM_{s}.rsp")
          for s in SETS),
    ])
