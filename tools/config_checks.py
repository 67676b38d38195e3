# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The config-checks suite of tools/run_tests.py: a selection (configs/<name>.h, built by make test
into build/config-<name>/) leaves out what it does not select, for good.

  symbols      arm-none-eabi-nm of each selection's code-size firmware (m4-armv7m/selection.elf,
               benchmarks/selection.c: every public function of the selection, --gc-sections) and
               library: no symbol of a primitive, parameter set or operation left out, and the
               functions selected are there
  compile      a call of a function left out does not compile (the headers do not declare it) with
               -Werror (as GCC 14 and Clang 16 by default); the same call compiles where selected
  link         compiled against headers that declare it, it does not link with the reduced
               library either (undefined reference), and links with the library that has it
  config       inconsistent configurations stop at include/m4crypt/config.h's #error, with the
               message that names the dependency

Each check is one count ("passed" / "failed") of the suite.
"""
from __future__ import annotations

import re
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
M4_FLAGS = ["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16"]
CC = "arm-none-eabi-gcc"

# Symbol name patterns (case-insensitive regular expressions) of each part.
X25519 = r"x25519|fe25519|ge25519"
PARTS = {
    "mlkem": r"mlkem",
    "mlkem512": r"mlkem512",
    "mlkem1024": r"mlkem1024",
    "keypair": r"mlkem\d+_keypair|kpke_keygen|crypto_kem_keypair",
    "decaps": r"mlkem\d+_dec$|mlkem_decaps|kpke_decrypt|crypto_kem_dec",
    "x25519": X25519,
    "base_table": r"base_table|ge25519_base_(mul|select)|ge25519_select_(armv7m|int)$|x25519_base_fixed",
    "ristretto255": r"ristretto|ge25519_varmul|select_cached",
    "chacha20": r"chacha",
    "poly1305": r"poly1305",
    "xwing": r"xwing",
    "sha3": r"keccak|sha3|shake",
    "mldsa": r"mldsa",
    "mldsa44": r"mldsa44",
    "mldsa87": r"mldsa87",
    "mldsa_keypair": r"mldsa\d*_keypair|mldsa\d*_keygen",
    "mldsa_sign": r"mldsa\d*_sign|mldsa\d*_check_sk|mldsa_sign_mu_core|mldsa_sign_attempt",
}

# selection -> (parts absent from its firmware, parts absent from its library, symbols present)
SELECTIONS = {
    "mlkem768": (["mldsa", "mlkem512", "mlkem1024", "x25519", "ristretto255", "chacha20", "poly1305",
                  "xwing"],
                 ["mldsa", "mlkem512", "mlkem1024", "x25519", "ristretto255", "chacha20", "poly1305",
                  "xwing"],
                 ["m4crypt_mlkem768_keypair", "m4crypt_mlkem768_enc", "m4crypt_mlkem768_dec",
                  "M4CRYPT_MLKEM768_crypto_kem_keypair", "M4CRYPT_MLKEM768_crypto_kem_dec"]),
    "mlkem768-encaps": (["mldsa", "mlkem512", "mlkem1024", "keypair", "decaps", "x25519", "ristretto255",
                         "chacha20", "poly1305", "xwing"],
                        ["mldsa", "mlkem512", "mlkem1024", "keypair", "decaps", "x25519", "ristretto255",
                         "chacha20", "poly1305", "xwing"],
                        ["m4crypt_mlkem768_enc", "m4crypt_mlkem768_enc_derand",
                         "m4crypt_mlkem_encaps", "M4CRYPT_MLKEM768_crypto_kem_enc"]),
    "x25519": (["mldsa", "mlkem", "ristretto255", "chacha20", "poly1305", "xwing", "sha3"],
               ["mldsa", "mlkem", "ristretto255", "chacha20", "poly1305", "xwing"],
               ["m4crypt_x25519", "m4crypt_x25519_base", "m4crypt_ge25519_base_table"]),
    "x25519-ladder": (["mldsa", "mlkem", "base_table", "ristretto255", "chacha20", "poly1305", "xwing",
                       "sha3"],
                      ["mldsa", "mlkem", "base_table", "ristretto255", "chacha20", "poly1305", "xwing"],
                      ["m4crypt_x25519", "m4crypt_x25519_base", "m4crypt_x25519_keypair"]),
    "xwing-aead": (["mldsa", "mlkem512", "mlkem1024", "ristretto255"],
                   ["mldsa", "mlkem512", "mlkem1024", "ristretto255"],
                   ["m4crypt_xwing_keypair", "m4crypt_xwing_enc", "m4crypt_xwing_dec",
                    "m4crypt_aead_chacha20poly1305_encrypt", "m4crypt_mlkem768_dec",
                    "m4crypt_ge25519_base_table"]),
    "mldsa65-verify": (["mldsa44", "mldsa87", "mldsa_keypair", "mldsa_sign", "mlkem", "x25519",
                        "ristretto255", "chacha20", "poly1305", "xwing"],
                       ["mldsa44", "mldsa87", "mldsa_keypair", "mldsa_sign", "mlkem", "x25519",
                        "ristretto255", "chacha20", "poly1305", "xwing"],
                       ["m4crypt_mldsa65_verify", "m4crypt_mldsa65_verify_internal",
                        "m4crypt_mldsa65_verify_mu", "m4crypt_mldsa65_verify_init",
                        "m4crypt_mldsa_verify_update", "m4crypt_mldsa65_verify_final",
                        "m4crypt_mldsa65_mu", "m4crypt_mldsa_verify"]),
}

PROBE = """#include "m4crypt.h"
#include "m4crypt/nistapi.h"
int main(void)
{
    static unsigned char a[4096], b[4096], c[4096];
    return CALL;
}
"""

# (-D options, what the #error must say)
INCONSISTENT = [
    (["-DM4CRYPT_ENABLE_X25519=0", "-DM4CRYPT_ENABLE_XWING=1"], "X-Wing needs"),
    (["-DM4CRYPT_ENABLE_MLKEM768=0", "-DM4CRYPT_ENABLE_XWING=1"], "X-Wing needs"),
    (["-DM4CRYPT_ENABLE_MLKEM_DECAPS=0", "-DM4CRYPT_ENABLE_XWING_DECAPS=1"],
     "X-Wing decapsulation needs"),
    (["-DM4CRYPT_ENABLE_POLY1305=0", "-DM4CRYPT_ENABLE_CHACHA20POLY1305=1"],
     "ChaCha20-Poly1305 needs"),
    (["-DM4CRYPT_ENABLE_MLKEM=0", "-DM4CRYPT_ENABLE_MLKEM768=1"], "M4CRYPT_ENABLE_MLKEM is 0"),
    (["-DM4CRYPT_ENABLE_MLKEM512=0", "-DM4CRYPT_ENABLE_MLKEM768=0",
      "-DM4CRYPT_ENABLE_MLKEM1024=0"], "no parameter set"),
    (["-DM4CRYPT_ENABLE_X25519=0", "-DM4CRYPT_ENABLE_RISTRETTO255=0",
      "-DM4CRYPT_ENABLE_X25519_BASE_TABLE=1"], "BASE_TABLE needs"),
    (["-DM4CRYPT_ENABLE_CHACHA20=2"], "must be 0 or 1"),
    (["-DM4CRYPT_ENABLE_MLDSA_KEYPAIR=0", "-DM4CRYPT_ENABLE_MLDSA_SIGN=1"],
     "ML-DSA signing needs M4CRYPT_ENABLE_MLDSA_KEYPAIR"),
    (["-DM4CRYPT_ENABLE_MLDSA=0", "-DM4CRYPT_ENABLE_MLDSA65=1"], "M4CRYPT_ENABLE_MLDSA is 0"),
    (["-DM4CRYPT_ENABLE_MLDSA=0", "-DM4CRYPT_ENABLE_MLDSA_VERIFY=1"], "M4CRYPT_ENABLE_MLDSA is 0"),
    (["-DM4CRYPT_ENABLE_MLDSA44=0", "-DM4CRYPT_ENABLE_MLDSA65=0", "-DM4CRYPT_ENABLE_MLDSA87=0"],
     "no ML-DSA parameter set"),
    (["-DM4CRYPT_ENABLE_MLDSA_KEYPAIR=0", "-DM4CRYPT_ENABLE_MLDSA_VERIFY=0"],
     "no ML-DSA operation"),
    (["-DM4CRYPT_KEYGEN_PCT", "-DM4CRYPT_ENABLE_MLDSA_VERIFY=0"],
     "M4CRYPT_KEYGEN_PCT needs ML-DSA signing and verification"),
    (["-DM4CRYPT_ENABLE_MLDSA87=2"], "must be 0 or 1"),
]


def _run(cmd, cwd=ROOT):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       errors="replace")
    return p.returncode, p.stdout


def _symbols(path: Path, defined_only: bool) -> list[str]:
    rc, out = _run(["arm-none-eabi-nm"] + (["--defined-only"] if defined_only else [])
                   + [str(path)])
    if rc != 0:
        raise RuntimeError(out)
    names = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and not line.endswith(":"):
            names.append(parts[-1])
    return names


def _config_define(name: str) -> list[str]:
    """The compiler option of selection name ("all": the default configuration, none)."""
    if name == "all":
        return []
    return [f'-DM4CRYPT_CONFIG_FILE="{ROOT / "configs" / (name + ".h")}"']


def _cfg_name(name: str) -> str:
    return "the default configuration" if name == "all" else f"configs/{name}.h"


def _lib_dir(build: Path, name: str) -> Path:
    """The armv7m library folder of selection name ("all": the default build's)."""
    return build / "m4-armv7m" if name == "all" else build / f"config-{name}" / "m4-armv7m"


def check_symbols(build: Path, name: str) -> list[tuple[str, bool, str]]:
    absent_fw, absent_lib, present = SELECTIONS[name]
    out = []
    for what, path, absent, defined_only in (
            ("firmware", build / f"config-{name}" / "m4-armv7m" / "selection.elf", absent_fw, False),
            ("library", build / f"config-{name}" / "m4-armv7m" / "libm4crypt.a", absent_lib, True)):
        if not path.exists():
            out.append((f"{name}: {what} {path.name}", False, f"{path} was not built"))
            continue
        syms = _symbols(path, defined_only)
        bad = {p: [s for s in syms if re.search(PARTS[p], s, re.I)] for p in absent}
        bad = {p: v for p, v in bad.items() if v}
        missing = [s for s in present if s not in syms] if what == "firmware" else []
        ok = not bad and not missing and len(syms) > 0
        log = (f"{len(syms)} symbols; left out: {', '.join(absent)}"
               + "".join(f"\n  {p} present: {', '.join(v[:8])}" for p, v in bad.items())
               + (f"\n  missing: {', '.join(missing)}" if missing else ""))
        out.append((f"{name}: {what} has no symbol of what is left out", ok, log))
    return out


def check_compile_and_link(build: Path, tmp: Path) -> list[tuple[str, bool, str]]:
    out = []
    groups = [  # (selection without the calls, selection with them or None, calls)
        ("mlkem768", "x25519", ["m4crypt_x25519(a, b, c)"]),
        ("mlkem768", "xwing-aead", ["m4crypt_chacha20_ietf_xor(a, b, 64, c, a, 1)",
                                    "m4crypt_xwing_dec(a, b, c)"]),
        ("mlkem768-encaps", "mlkem768", ["m4crypt_mlkem768_dec(a, b, c)",
                                         "m4crypt_mlkem768_keypair(a, b)",
                                         "M4CRYPT_MLKEM768_crypto_kem_dec(a, b, c)"]),
        ("xwing-aead", None, ["m4crypt_mlkem1024_enc(a, b, c)"]),
        ("mlkem768", "mldsa65-verify", ["m4crypt_mldsa65_verify(a, b, 1, NULL, 0, c)"]),
        ("mldsa65-verify", "all", ["m4crypt_mldsa65_sign_derand(a, b, 1, NULL, 0, c, a)",
                                   "m4crypt_mldsa65_sign_seed(a, b, 1, NULL, 0, c)",
                                   "m4crypt_mldsa65_keypair(a, b)",
                                   "m4crypt_mldsa_sign(65, a, 3309, b, 1, NULL, 0, c, 32, NULL)",
                                   "m4crypt_mldsa44_verify(a, b, 1, NULL, 0, c)",
                                   "m4crypt_mldsa87_mu(a, b, c, 1, NULL, 0)"]),
    ]
    cases = [(call, without, with_) for without, with_, calls in groups for call in calls]
    for i, (call, without, with_) in enumerate(cases):
        src = tmp / f"probe{i}.c"
        src.write_text(PROBE.replace("CALL", call))
        fn = call.split("(")[0]
        base = [CC] + M4_FLAGS + ["-std=c11", "-Werror", "-Iinclude", "-c", str(src)]
        rc, log = _run(base + _config_define(without) + ["-o", str(tmp / f"probe{i}.o")])
        out.append((f"{fn} does not compile with configs/{without}.h", rc != 0 and fn in log,
                    log))
        if with_:
            rc, log = _run(base + _config_define(with_) + ["-o", str(tmp / f"probe{i}.o")])
            out.append((f"{fn} compiles with {_cfg_name(with_)}", rc == 0, log))
        # against the full headers: compiles, then does not link with the reduced library
        rc, log = _run(base + ["-o", str(tmp / f"full{i}.o")])
        if rc != 0:
            out.append((f"{fn} compiles with the full headers", False, log))
            continue
        for lib_cfg, must_link in ((without, False), (with_, True)):
            if lib_cfg is None:
                continue
            cfg_dir = _lib_dir(build, lib_cfg)
            plat = sorted((cfg_dir / "obj" / "platform" / "mps2-an386").glob("*.o"))
            cmd = ([CC] + M4_FLAGS + [str(tmp / f"full{i}.o")] + [str(p) for p in plat]
                   + [str(cfg_dir / "libm4crypt.a"), "-T", "platform/mps2-an386/mps2-an386.ld",
                      "-nostartfiles", "--specs=nano.specs", "--specs=nosys.specs",
                      "-Wl,--gc-sections", "-o", str(tmp / f"probe{i}-{lib_cfg}.elf")])
            rc, log = _run(cmd)
            if must_link:
                out.append((f"{fn} links with the library of {_cfg_name(lib_cfg)}", rc == 0, log))
            else:
                out.append((f"{fn} does not link with the configs/{lib_cfg}.h library",
                            rc != 0 and f"undefined reference to `{fn}'" in log, log))
    return out


def check_inconsistent() -> list[tuple[str, bool, str]]:
    out = []
    rc, log = _run(["gcc", "-E", "-Iinclude", "include/m4crypt/config.h", "-o", "/dev/null"])
    out.append(("the default configuration is consistent", rc == 0, log))
    for defs, message in INCONSISTENT:
        rc, log = _run(["gcc", "-E", "-Iinclude"] + defs + ["include/m4crypt/config.h",
                                                            "-o", "/dev/null"])
        out.append((f"{' '.join(defs)}: #error \"...{message}...\"", rc != 0 and message in log,
                    log))
    return out


def config_checks(build: Path, result_class):
    """One Result of suite config-checks per check (result_class: run_tests.Result)."""
    t0 = time.time()
    checks = []
    for name in SELECTIONS:
        checks += check_symbols(build, name)
    with tempfile.TemporaryDirectory(prefix="m4crypt-config-") as tmp:
        checks += check_compile_and_link(build, Path(tmp))
    checks += check_inconsistent()
    dt = (time.time() - t0) / max(1, len(checks))
    return [result_class("config-checks", name, 1 if ok else 0, 0 if ok else 1, dt, log)
            for name, ok, log in checks]
