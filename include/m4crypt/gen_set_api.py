#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes the per-parameter-set prototypes of ML-KEM and ML-DSA: include/m4crypt/mlkem_sets.h
(--mlkem) and include/m4crypt/mldsa_sets.h (--mldsa), included by mlkem.h and mldsa.h.

Every set has the same functions with its own name and buffer sizes (m4crypt_mlkem768_enc takes
uint8_t ct[M4CRYPT_MLKEM768_CIPHERTEXTBYTES], ...). They are written out, one prototype per
function and set, so that `grep m4crypt_mlkem768_enc include/` finds the declaration
(tests/tools/test_public_headers.py), and each set's block stands under its own
`#if M4CRYPT_ENABLE_<SET>` (and each operation under its `#if M4CRYPT_ENABLE_<OP>`), so that a
set or an operation that is not built is not declared (tools/config_checks.py). API below holds,
for each algorithm, the text of one set, written once: `{set}` stands for the set (768, 65, ...).
Declarations are wrapped at 100 columns, their parameters aligned after the parenthesis. The
functions are documented in mlkem.h and mldsa.h, which also define the size macros.

Run: python3 include/m4crypt/gen_set_api.py --mlkem > include/m4crypt/mlkem_sets.h
     python3 include/m4crypt/gen_set_api.py --mldsa > include/m4crypt/mldsa_sets.h
"""
from __future__ import annotations

import re
import sys

SPDX = "/* SPDX-License-Identifier: Apache-2.0 OR MIT */"
WIDTH = 100

# option: (the algorithm, its sets, the text of one set)
API = {
    "mlkem": ("ML-KEM", (512, 768, 1024), """
#if M4CRYPT_ENABLE_MLKEM_KEYPAIR
int m4crypt_mlkem{set}_keypair_derand(uint8_t pk[M4CRYPT_MLKEM{set}_PUBLICKEYBYTES],
    uint8_t sk[M4CRYPT_MLKEM{set}_SECRETKEYBYTES],
    const uint8_t coins[M4CRYPT_MLKEM_KEYPAIRCOINBYTES]);
int m4crypt_mlkem{set}_keypair(uint8_t pk[M4CRYPT_MLKEM{set}_PUBLICKEYBYTES],
    uint8_t sk[M4CRYPT_MLKEM{set}_SECRETKEYBYTES]);
#endif
#if M4CRYPT_ENABLE_MLKEM_ENCAPS
int m4crypt_mlkem{set}_enc_derand(uint8_t ct[M4CRYPT_MLKEM{set}_CIPHERTEXTBYTES],
    uint8_t ss[M4CRYPT_MLKEM_SSBYTES], const uint8_t pk[M4CRYPT_MLKEM{set}_PUBLICKEYBYTES],
    const uint8_t m[M4CRYPT_MLKEM_ENCCOINBYTES]);
int m4crypt_mlkem{set}_enc(uint8_t ct[M4CRYPT_MLKEM{set}_CIPHERTEXTBYTES],
    uint8_t ss[M4CRYPT_MLKEM_SSBYTES], const uint8_t pk[M4CRYPT_MLKEM{set}_PUBLICKEYBYTES]);
#endif
#if M4CRYPT_ENABLE_MLKEM_DECAPS
int m4crypt_mlkem{set}_dec(uint8_t ss[M4CRYPT_MLKEM_SSBYTES],
    const uint8_t ct[M4CRYPT_MLKEM{set}_CIPHERTEXTBYTES],
    const uint8_t sk[M4CRYPT_MLKEM{set}_SECRETKEYBYTES]);
#endif
int m4crypt_mlkem{set}_check_pk(const uint8_t pk[M4CRYPT_MLKEM{set}_PUBLICKEYBYTES]);
int m4crypt_mlkem{set}_check_sk(const uint8_t sk[M4CRYPT_MLKEM{set}_SECRETKEYBYTES]);
"""),
    "mldsa": ("ML-DSA", (44, 65, 87), """
#if M4CRYPT_ENABLE_MLDSA_KEYPAIR
int m4crypt_mldsa{set}_keypair_derand(uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES], uint8_t *sk,
    const uint8_t seed[32]);
int m4crypt_mldsa{set}_keypair(uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES],
    uint8_t sk[M4CRYPT_MLDSA{set}_SECRETKEYBYTES]);
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN
int m4crypt_mldsa{set}_sign(uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t *m, size_t mlen,
    const uint8_t *ctx, size_t ctxlen, const uint8_t sk[M4CRYPT_MLDSA{set}_SECRETKEYBYTES]);
int m4crypt_mldsa{set}_sign_derand(uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t *m,
    size_t mlen, const uint8_t *ctx, size_t ctxlen,
    const uint8_t sk[M4CRYPT_MLDSA{set}_SECRETKEYBYTES], const uint8_t rnd[32]);
int m4crypt_mldsa{set}_sign_internal(uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t *mp,
    size_t mplen, const uint8_t sk[M4CRYPT_MLDSA{set}_SECRETKEYBYTES], const uint8_t rnd[32]);
int m4crypt_mldsa{set}_sign_mu(uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t mu[64],
    const uint8_t sk[M4CRYPT_MLDSA{set}_SECRETKEYBYTES], const uint8_t rnd[32]);
int m4crypt_mldsa{set}_sign_seed(uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t *m,
    size_t mlen, const uint8_t *ctx, size_t ctxlen, const uint8_t seed[32]);
int m4crypt_mldsa{set}_sign_seed_derand(uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t *m,
    size_t mlen, const uint8_t *ctx, size_t ctxlen, const uint8_t seed[32],
    const uint8_t rnd[32]);
int m4crypt_mldsa{set}_sign_mu_seed(uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t mu[64],
    const uint8_t seed[32], const uint8_t rnd[32]);
int m4crypt_mldsa{set}_check_sk(const uint8_t sk[M4CRYPT_MLDSA{set}_SECRETKEYBYTES]);
#endif
#if M4CRYPT_ENABLE_MLDSA_VERIFY
int m4crypt_mldsa{set}_verify(const uint8_t sig[M4CRYPT_MLDSA{set}_BYTES], const uint8_t *m,
    size_t mlen, const uint8_t *ctx, size_t ctxlen,
    const uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES]);
int m4crypt_mldsa{set}_verify_internal(const uint8_t sig[M4CRYPT_MLDSA{set}_BYTES],
    const uint8_t *mp, size_t mplen, const uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES]);
int m4crypt_mldsa{set}_verify_mu(const uint8_t sig[M4CRYPT_MLDSA{set}_BYTES],
    const uint8_t mu[64], const uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES]);
int m4crypt_mldsa{set}_verify_init(m4crypt_mldsa_verify_ctx *st,
    const uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES], const uint8_t *ctx, size_t ctxlen);
#define m4crypt_mldsa{set}_verify_update m4crypt_mldsa_verify_update
int m4crypt_mldsa{set}_verify_final(m4crypt_mldsa_verify_ctx *st,
    const uint8_t sig[M4CRYPT_MLDSA{set}_BYTES],
    const uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES]);
#endif
#if M4CRYPT_ENABLE_MLDSA_SIGN || M4CRYPT_ENABLE_MLDSA_VERIFY
int m4crypt_mldsa{set}_mu(uint8_t mu[64], const uint8_t pk[M4CRYPT_MLDSA{set}_PUBLICKEYBYTES],
    const uint8_t *m, size_t mlen, const uint8_t *ctx, size_t ctxlen);
#endif
"""),
}


def wrap(decl: str) -> list[str]:
    """One declaration (on one line) wrapped at WIDTH columns: as many parameters on a line as
    fit, the next lines aligned after the opening parenthesis."""
    head, params = decl.split("(", 1)
    params = params[:-len(");")].split(", ")
    indent = " " * (len(head) + 1)
    lines, line = [], head + "(" + params[0]
    for p in params[1:]:
        last = p is params[-1]
        if len(line) + len(", ") + len(p) + len(");" if last else ",") <= WIDTH:
            line += ", " + p
        else:
            lines.append(line + ",")
            line = indent + p
    return lines + [line + ");"]


def set_block(text: str, title: str, guard: str) -> list[str]:
    """The block of one set: its banner, its guard, its preprocessor lines as they are and its
    declarations (each joined onto one line, then wrapped)."""
    out = [f"/* {'-' * 64} {title} */", f"#if {guard}"]
    decl = ""
    for line in text.strip().splitlines():
        if line.startswith("#"):
            assert not decl, f"a declaration is not finished before {line!r}"
            out.append(line)
            continue
        decl = f"{decl} {line.strip()}".strip()
        if decl.endswith(";"):
            out += wrap(re.sub(r"\(\s+", "(", decl))
            decl = ""
    assert not decl, f"unfinished declaration: {decl!r}"
    return out + [f"#endif /* {guard} */"]


def header(name: str) -> str:
    algorithm, sets, text = API[name]
    guard = f"M4CRYPT_{name.upper()}_SETS_H"
    out = [SPDX,
           f"/* The functions of each {algorithm} parameter set, written out "
           f"per set (m4crypt/{name}.h",
           f" * documents them). Generated by include/m4crypt/gen_set_api.py --{name}: edit the "
           "generator,",
           " * not this file, then `make regen`. */",
           f"#ifndef {guard}",
           f"#define {guard}",
           f"#ifndef M4CRYPT_{name.upper()}_H",
           f'#error "include m4crypt/{name}.h (which includes this header)"',
           "#endif",
           ""]
    for s in sets:
        out += set_block(text.format(set=s), f"{algorithm}-{s}",
                         f"M4CRYPT_ENABLE_{name.upper()}{s}") + [""]
    out.append(f"#endif /* {guard} */")
    for line in out:
        assert len(line) <= WIDTH, f"line longer than {WIDTH} columns: {line!r}"
    return "\n".join(out) + "\n"


def main() -> int:
    names = [a[2:] for a in sys.argv[1:] if a[2:] in API and a.startswith("--")]
    if len(names) != 1 or len(sys.argv) != 2:
        print("usage: gen_set_api.py --mlkem | --mldsa", file=sys.stderr)
        return 2
    sys.stdout.write(header(names[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
