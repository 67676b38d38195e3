# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ML-DSA (FIPS 204) vectors for tests/mldsa/test_mldsa_vectors.c.

Sources (tests/vectors/SOURCES.md):
- NIST ACVP ML-DSA keyGen, sigGen, sigVer, revision FIPS204 (tests/vectors/acvp-mldsa/): prompt
  and expectedResults paired by tgId / tcId. The internal interface: sigGen signs the message as
  M' with Alg. 7 (deterministic groups: rnd = 0^32; hedged: the given rnd), sigVer checks Alg. 8.
- Wycheproof mldsa_{44,65,87}_{sign_seed,sign_noseed,verify}_test.json (the external interface,
  Alg. 2 / 3, with contexts; "Internal" tests give mu instead of the message). Signing vectors are
  deterministic unless they carry rnd.

Every record has set = 44|65|87, a tcId and a group (the harness runs 25 records of each group in
--quick mode). Records that must be rejected carry result = invalid and
    error = length | secret_key | signature
naming the error our API gives (M4CRYPT_ERR_LENGTH: a context over 255 bytes or a buffer of the
wrong length; M4CRYPT_ERR_SECRET_KEY: an expanded key with s1 / s2 out of range;
M4CRYPT_ERR_SIGNATURE: every other invalid signature), derived from the Wycheproof flags (and,
for ACVP sigVer, which has none, every failure is a signature error); an invalid record that
cannot be classified stops the conversion.

Output files (a record's text must fit the harness's record buffer on the smallest board,
24 KB: the few ACVP records with long messages that do not go to mldsa_acvp_large.vec, which the
test reads only where the buffer is large enough):
  mldsa_acvp_keygen.vec   group keyGen-ML-DSA-<set>: seed, pk, sk
  mldsa_acvp_siggen.vec   group sigGen-ML-DSA-<set>-det|hedged: sk, msg (M'), rnd, sig
  mldsa_acvp_sigver.vec   group sigVer-ML-DSA-<set>-<result>: pk, msg (M'), sig, result[, error]
  mldsa_acvp_large.vec    the sigGen and sigVer records too large for the above (op = sign|verify)
  mldsa_wycheproof.vec    group <type>-<set>-<result>[-<flag>], type = signseed (seed, pk),
                          signnoseed (sk, pk), verify (pk); msg or mu, ctx, rnd (absent:
                          deterministic), sig; result, error, comment. A signing record that
                          would not fit 24 KB goes without its pk (used only to verify the
                          signature made).
"""
from __future__ import annotations


import vecfmt

SETS = (44, 65, 87)
# FIPS 204 Table 2.
PK_BYTES = {44: 1312, 65: 1952, 87: 2592}
SK_BYTES = {44: 2560, 65: 4032, 87: 4896}
SIG_BYTES = {44: 2420, 65: 3309, 87: 4627}
BOARD_RECORD_MAX = 24576  # mk/boards.mk: M4CRYPT_VEC_RECORD_MAX of the STM32F4 boards

ACVP = vecfmt.VENDORED / "acvp-mldsa"
WYCHEPROOF = vecfmt.VENDORED / "wycheproof"


def _set_of(name: str) -> int:
    return vecfmt.parameter_set(name, "ML-DSA-", SETS)


_hex = bytes.fromhex


def _record_chars(rec: dict) -> int:
    return sum(len(k) + 4 + len(vecfmt._value(v)) for k, v in rec.items() if v is not None)


# ---------------------------------------------------------------- ACVP

def _acvp_pairs(mode: str):
    return vecfmt.acvp_pairs(ACVP / f"ML-DSA-{mode}-FIPS204_prompt.json",
                             ACVP / f"ML-DSA-{mode}-FIPS204_expectedResults.json")


def acvp_keygen():
    for g, t, e in _acvp_pairs("keyGen"):
        s = _set_of(g["parameterSet"])
        rec = {"group": f"keyGen-{g['parameterSet']}", "set": s, "tcId": t["tcId"],
               "seed": _hex(t["seed"]), "pk": _hex(e["pk"]), "sk": _hex(e["sk"])}
        if (len(rec["pk"]), len(rec["sk"])) != (PK_BYTES[s], SK_BYTES[s]):
            raise ValueError(f"keyGen tcId {t['tcId']}: unexpected sizes")
        yield rec


def acvp_siggen():
    for g, t, e in _acvp_pairs("sigGen"):
        s = _set_of(g["parameterSet"])
        det = g["deterministic"]
        rnd = bytes(32) if det else _hex(t["rnd"])
        yield {"group": f"sigGen-{g['parameterSet']}-{'det' if det else 'hedged'}", "set": s,
               "tcId": t["tcId"], "op": "sign", "sk": _hex(t["sk"]), "msg": _hex(t["message"]),
               "rnd": rnd, "sig": _hex(e["signature"])}


def acvp_sigver():
    for g, t, e in _acvp_pairs("sigVer"):
        s = _set_of(g["parameterSet"])
        ok = e["testPassed"]
        sig = _hex(t["signature"])
        rec = {"group": f"sigVer-{g['parameterSet']}-{'valid' if ok else 'invalid'}", "set": s,
               "tcId": t["tcId"], "op": "verify", "pk": _hex(g["pk"]), "msg": _hex(t["message"]),
               "sig": sig, "result": "valid" if ok else "invalid"}
        if not ok:
            rec["error"] = "length" if len(sig) != SIG_BYTES[s] else "signature"
        yield rec


# ---------------------------------------------------------------- Wycheproof

_FLAG_ERRORS = {
    "InvalidContext": "length",
    "IncorrectPrivateKeyLength": "length",
    "IncorrectPublicKeyLength": "length",
    "IncorrectSignatureLength": "length",
    "InvalidPrivateKey": "secret_key",
    "InfinityNormViolation": "signature",
    "InvalidHintsEncoding": "signature",
    "ModifiedSignature": "signature",
    "InvalidSignature": "signature",
    "MissingReduction": "signature",
}
_COMMENT_ERRORS = {
    "challenge hash starts with null byte, catches strcmp-based comparison": "signature",
}
_KINDS = {
    "sign_seed": ("signseed", "mldsa_sign_seed_schema.json"),
    "sign_noseed": ("signnoseed", "mldsa_sign_noseed_schema.json"),
    "verify": ("verify", "mldsa_verify_schema.json"),
}


def _wycheproof_error(tc: dict, where: str) -> str:
    return vecfmt.wycheproof_error(tc, where, _FLAG_ERRORS, _COMMENT_ERRORS)


def wycheproof():
    for kind, (tname, schema) in _KINDS.items():
        for s in SETS:
            path = WYCHEPROOF / f"mldsa_{s}_{kind}_test.json"
            data = vecfmt.wycheproof_file(path, schema)
            buckets: dict[str, list] = {}
            for g in data["testGroups"]:
                for tc in g["tests"]:
                    res = tc["result"]
                    if res not in ("valid", "invalid"):
                        raise ValueError(f"{path}: result {res} in test {tc['tcId']}")
                    rec = {"set": s, "tcId": tc["tcId"], "type": tname}
                    if tname == "signseed":
                        rec["seed"] = _hex(g["privateSeed"])
                    elif tname == "signnoseed":
                        rec["sk"] = _hex(g["privateKey"])
                    if g.get("publicKey") is not None:
                        rec["pk"] = _hex(g["publicKey"])
                    if "msg" in tc:
                        rec["msg"] = _hex(tc["msg"])
                    if "mu" in tc:
                        rec["mu"] = _hex(tc["mu"])
                    rec["ctx"] = _hex(tc.get("ctx", ""))
                    if "rnd" in tc:
                        rec["rnd"] = _hex(tc["rnd"])
                    rec["sig"] = _hex(tc.get("sig", ""))
                    rec["result"] = res
                    label = res
                    if res == "invalid":
                        rec["error"] = _wycheproof_error(tc, str(path))
                        label += "-" + rec["error"]
                    elif "Internal" in tc.get("flags", []):
                        label += "-mu"
                    if "msg" not in tc and "mu" not in tc:
                        raise ValueError(f"{path}: test {tc['tcId']} has neither msg nor mu")
                    rec["comment"] = tc.get("comment", "").replace("\n", " ")
                    if tname != "verify" and _record_chars(rec) > BOARD_RECORD_MAX - 512:
                        del rec["pk"]  # only used to verify the signature made: too big a record
                    buckets.setdefault(f"{tname}-{s}-{label}", []).append(rec)
            for group, recs in buckets.items():
                for rec in recs:
                    yield {"group": group, **rec}


def convert(out_dir):
    small = {"siggen": [], "sigver": []}
    large = []
    for name, gen in (("siggen", acvp_siggen), ("sigver", acvp_sigver)):
        for rec in gen():
            (large if _record_chars(rec) > BOARD_RECORD_MAX - 512 else small[name]).append(rec)
    written = vecfmt.write_files(out_dir, [
        ("mldsa_acvp_keygen.vec", acvp_keygen(), "ML-DSA ACVP keyGen (FIPS 204)"),
        ("mldsa_acvp_siggen.vec", small["siggen"], "ML-DSA ACVP sigGen (FIPS 204)"),
        ("mldsa_acvp_sigver.vec", small["sigver"], "ML-DSA ACVP sigVer (FIPS 204)"),
        ("mldsa_acvp_large.vec", large,
         "ML-DSA ACVP sigGen / sigVer records larger than a board's record buffer"),
        ("mldsa_wycheproof.vec", wycheproof(), "ML-DSA Wycheproof (FIPS 204)"),
    ])
    if (written["mldsa_acvp_keygen.vec"] != 75
            or written["mldsa_acvp_siggen.vec"] + written["mldsa_acvp_sigver.vec"]
            + written["mldsa_acvp_large.vec"] != 105):
        raise ValueError(f"unexpected ACVP record counts {written}")
    return written
