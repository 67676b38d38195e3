#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Runs every m4crypt test suite and prints one summary line with the counts of each.

Suites (each is skipped with a note only when its binaries were not built):
  host-gcc, host-clang, host-san   C test programs on the host (vectors from build/vectors)
  m4-qemu[-armv7m[-nofpu]]          the same programs on the emulated Cortex-M4 (QEMU mps2-an386,
                                    --quick subset: 25 records of every vector group); -nofpu: the
                                    -mfloat-abi=soft build, FPU left disabled (a Cortex-M4 without
                                    FPU)
  m7-qemu[-armv7m], m33-qemu[-armv7m]  the M4 build's programs on a Cortex-M7 (QEMU mps2-an500, the
                                    same images) and a Cortex-M33 (QEMU mps2-an505, linked again
                                    for its memory map); test_common must report that core
  config-<name>                     a selection (configs/<name>.h, docs/configuration.md): its
                                    armv7m library's programs on QEMU mps2-an386
  mldsa-small                       the small-memory ML-DSA build's ML-DSA programs (make
                                    MLDSA_MEMORY=small): on the host (every record) and on QEMU
                                    mps2-an386 (--quick)
  config-checks                     what the selections leave out is absent: symbols of their
                                    code-size firmware and library (arm-none-eabi-nm), a call of a
                                    function left out fails to compile and to link, inconsistent
                                    configurations stop with their #error
  ct-valgrind                       constant-time programs under valgrind memcheck, secrets marked
                                    undefined; the planted leak must be caught
  ct-m4sim[-armv7m[-nofpu]]         m4sim's trace comparison of every secret-handling operation
                                    on the M4 builds, 8 secrets each (all bits clear, all set, 6
                                    random); a planted branch on ML-KEM's rejection flag must be
                                    caught
  ct-m4sim-mldsa-small              the same for the small-memory ML-DSA build's signing attempts
  residue-m4sim[-armv7m[-nofpu]], residue-m4sim-mldsa-small
                                    m4sim's stack-residue check of the same operations: nothing
                                    that depends on the secret is left below the stack pointer;
                                    a planted unwiped buffer must be caught
  pytest                            differential tests against PyPI implementations, m4sim's own
                                    unit tests
  fuzz                              libFuzzer targets, 5 s each (FUZZ_SECONDS), from the corpus
                                    kept in tests/<prim>/corpus/ (make fuzz)
  examples                          examples/firmware built against the install trees of every
                                    variant (CMake find_package, make + pkg-config, add_subdirectory;
                                    examples/firmware/module.mk): under QEMU mps2-an386, the host
                                    one natively; each must pass its checks and report the expected
                                    variant; and built against a library of configs/mlkem768.h
                                    (make install CONFIG=, CMake M4CRYPT_CONFIG_FILE), where nm
                                    must find no symbol of what that selection leaves out
  netduinoplus2                     the STM32F4 board firmware in QEMU's netduinoplus2 machine
                                    (STM32F405): console and small vector files over the USART
  pqsession                         examples/pqsession for real: its device firmware in QEMU
                                    mps2-an386 (UART0 on a socket) and its host program, one
                                    session and each failure case, both sides' output checked
A suite's count is what its programs report ("name: N passed, M failed"); a program that crashes,
times out or prints no summary counts as one failure. A program with nothing to test in its
configuration says "name: not built in this configuration (...)" and is reported as skipped.
"""
from __future__ import annotations

import argparse
import functools
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from config_checks import config_checks  # noqa: E402
from config_checks import PARTS as CONFIG_PARTS, SELECTIONS as CONFIG_SELECTIONS  # noqa: E402
SUMMARY = re.compile(r"^(?:[\w.-]+: )?(\d+) passed, (\d+) failed", re.M)
NOT_BUILT = re.compile(r"^[\w.-]+: not built in this configuration", re.M)
PYTEST_SUMMARY = re.compile(r"^=*\s*((?:\d+ \w+(?:, )?)+) in [\d.]+s", re.M)
VENV_BIN = Path(sys.executable).parent


class Result:
    def __init__(self, suite: str, name: str, passed: int, failed: int, seconds: float, log: str,
                 skipped: bool = False):
        self.suite, self.name, self.passed, self.failed = suite, name, passed, failed
        self.seconds, self.log, self.skipped = seconds, log, skipped


def run(cmd, timeout, env=None, cwd=ROOT):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, text=True, errors="replace")
        return p.returncode, p.stdout, time.time() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return -999, out + f"\nTIMEOUT after {timeout}s\n", time.time() - t0


def counted(suite, name, cmd, timeout, env=None, expect=None) -> Result:
    """A program that prints 'N passed, M failed' and exits non-zero on failure. expect: a regular
    expression its output must match (else one more failure)."""
    rc, out, dt = run(cmd, timeout, env)
    if rc == 0 and NOT_BUILT.search(out) and not SUMMARY.search(out):
        return Result(suite, name, 0, 0, dt, out, skipped=True)
    if expect and not re.search(expect, out, re.M):
        out += f"\nexpected output matching {expect!r} not found\n"
        rc = rc or 1
    sums = SUMMARY.findall(out)
    if sums:
        passed, failed = int(sums[-1][0]), int(sums[-1][1])
    else:
        passed, failed = 0, 0
    if rc != 0 and failed == 0:
        failed = 1  # crashed, timed out, or failed without saying so
    return Result(suite, name, passed, failed, dt, out)


def programs(directory: Path, pattern: str):
    return sorted(p for p in directory.glob(pattern) if p.is_file() and os.access(p, os.X_OK)
                  and p.suffix not in (".d", ".o", ".map"))


def host_suites(build: Path, vecdir: Path, args):
    jobs = []
    for cfg in ("host-gcc", "host-clang", "host-san"):
        for prog in programs(build / cfg / "tests", "*/test_*"):
            cmd = [str(prog), str(vecdir)]
            if cfg == "host-gcc" and args.slow:
                cmd.append("--slow")
            jobs.append((cfg, prog.name, cmd, args.timeout * 3, None))
    # the small-memory ML-DSA build (make MLDSA_MEMORY=small): its ML-DSA programs, host
    for prog in programs(build / "mldsa-small" / "host-gcc" / "tests", "*/test_*"):
        jobs.append(("mldsa-small", prog.name, [str(prog), str(vecdir)], args.timeout * 3, None))
    return jobs


def qemu_cmd(machine: str, elf: Path, vecdir: Path) -> list[str]:
    semi = ",".join(["enable=on", "target=native", f"arg={elf.stem}", f"arg={vecdir}",
                     "arg=--quick"])
    return ["qemu-system-arm", "-M", machine, "-nographic", "-monitor", "none",
            "-serial", "none", "-semihosting-config", semi, "-kernel", str(elf)]


# The M4 build on other cores with the same instructions: (suite prefix, QEMU machine, folder of
# the images below build/<config>/, the core test_common must report).
CORES = (("m4-qemu", "mps2-an386", "tests", "Cortex-M4"),
         ("m7-qemu", "mps2-an500", "tests", "Cortex-M7"),
         ("m33-qemu", "mps2-an505", "an505/tests", "Cortex-M33"))


def qemu_suites(build: Path, vecdir: Path, args):
    jobs = []
    for prefix, machine, folder, core in CORES:
        builds = [("m4", ""), ("m4-armv7m", "-armv7m")]
        if prefix == "m4-qemu":  # the build for a Cortex-M4 without FPU: on the M4 only
            builds.append(("m4-armv7m-nofpu", "-armv7m-nofpu"))
        for cfg, suffix in builds:
            for elf in sorted((build / cfg / folder).glob("*/test_*.elf")):
                expect = rf"^cpu: {core} " if elf.stem == "test_common" else None
                jobs.append((prefix + suffix, elf.stem, qemu_cmd(machine, elf, vecdir),
                             args.timeout * 2, expect))
    # the small-memory ML-DSA build, Cortex-M4
    for elf in sorted((build / "mldsa-small" / "m4-armv7m" / "tests").glob("*/test_*.elf")):
        jobs.append(("mldsa-small", elf.stem + " (M4)", qemu_cmd("mps2-an386", elf, vecdir),
                     args.timeout * 2, None))
    # the selections (configs/<name>.h), armv7m builds
    for cfg_dir in sorted(build.glob("config-*")):
        for elf in sorted((cfg_dir / "m4-armv7m" / "tests").glob("*/test_*.elf")):
            jobs.append((cfg_dir.name, elf.stem, qemu_cmd("mps2-an386", elf, vecdir),
                         args.timeout * 2, None))
    return jobs


def example_jobs(build: Path, args):
    """build/examples/<how>-<variant>/firmware[.elf] (examples/firmware/module.mk): the firmware
    must say it was built against <variant> (the install tree's pkg-config file or CMake package
    of that name)."""
    jobs = []
    dirs = [p for p in (build / "examples").glob("*-*") if p.is_dir()
            and not p.name.startswith("config-")]
    # build/examples/config-<selection>/<how>-<variant>: against a library of that selection
    dirs += [p for p in (build / "examples").glob("config-*/*-*") if p.is_dir()]
    for d in sorted(dirs):
        how, variant = d.name.split("-", 1)
        if how == "cmake" and variant.startswith(("source-", "installed-")):
            how2, variant = variant.split("-", 1)
            how = f"{how}-{how2}"
        elf, exe = d / "firmware.elf", d / "firmware"
        if elf.exists():
            semi = "enable=on,target=native"
            cmd = ["qemu-system-arm", "-M", "mps2-an386", "-nographic", "-monitor", "none",
                   "-serial", "none", "-semihosting-config", semi, "-kernel", str(elf)]
        elif exe.exists():
            cmd = [str(exe)]
        else:
            continue
        name = d.name if d.parent.name == "examples" else f"{d.parent.name}/{d.name}"
        jobs.append((name, variant, cmd, args.timeout))
    return jobs


def example_job(name, variant, cmd, timeout) -> Result:
    r = counted("examples", name, cmd, timeout)
    if not re.search(rf"^m4crypt \S+ example, variant {re.escape(variant)}\b", r.log, re.M):
        r.log += f"\nexpected the firmware to report variant {variant}\n"
        r.failed += 1
    return r


def example_selection_symbols(elf: Path) -> Result:
    """build/examples/config-<selection>/*/firmware.elf: arm-none-eabi-nm finds no symbol of what
    the selection leaves out (config_checks.SELECTIONS: the parts absent from its firmware), e.g.
    no X25519, ChaCha20 or Poly1305 symbol in the ML-KEM-768 one."""
    t0 = time.time()
    selection = elf.parent.parent.name[len("config-"):]
    rc, out, _ = run(["arm-none-eabi-nm", str(elf)], 60)
    syms = [line.split()[-1] for line in out.splitlines() if len(line.split()) >= 2]
    absent = CONFIG_SELECTIONS[selection][0]
    bad = {p: [s for s in syms if re.search(CONFIG_PARTS[p], s, re.I)] for p in absent}
    bad = {p: v for p, v in bad.items() if v}
    ok = rc == 0 and len(syms) > 0 and not bad
    log = (f"{len(syms)} symbols; left out: {', '.join(absent)}\n"
           + "".join(f"  {p} present: {', '.join(v[:8])}\n" for p, v in bad.items())
           + (out if rc != 0 else ""))
    return Result("examples", f"{elf.parent.parent.name}/{elf.parent.name}: no symbol of what "
                  "the selection leaves out", 1 if ok else 0, 0 if ok else 1, time.time() - t0,
                  log)


def example_rng_link_jobs(build: Path):
    """build/examples/*/firmware[-_]rng[-_]<part>.elf: the example linked with m4crypt's STM32 RNG
    module instead of the board's stand-in (built, not run: QEMU's mps2-an386 has no RNG). Its
    m4crypt_platform_randombytes must be the driver's: the ELF defines the driver's entry."""
    return sorted((build / "examples").glob("*/firmware[-_]rng[-_]*.elf"))


def example_rng_link(elf: Path) -> Result:
    t0 = time.time()
    rc, out, _ = run(["arm-none-eabi-nm", str(elf)], 60)
    syms = set(line.split()[-1] for line in out.splitlines() if line.strip())
    ok = rc == 0 and {"m4crypt_platform_randombytes", "m4crypt_rng_stm32_randombytes"} <= syms
    log = out if not ok else ""
    if not ok:
        log += "\nthe firmware does not take m4crypt_platform_randombytes from the RNG module\n"
    return Result("examples", f"{elf.parent.name}/{elf.name} (links the RNG module)",
                  1 if ok else 0, 0 if ok else 1, time.time() - t0, log)


def valgrind_job(prog: Path, expect_leak: bool, timeout: int) -> Result:
    cmd = ["valgrind", "-q", "--error-exitcode=99", "--track-origins=yes", str(prog)]
    rc, out, dt = run(cmd, timeout)
    errors = rc == 99
    ok = (errors if expect_leak else rc == 0)
    name = prog.name + (" (planted leak must be caught)" if expect_leak else "")
    if expect_leak and not errors:
        out += "\nthe planted leak was NOT caught: the valgrind check is not working\n"
    return Result("ct-valgrind", name, 1 if ok else 0, 0 if ok else 1, dt, out)


def fuzz_job(prog: Path, seconds: int) -> Result:
    """A short run that starts from the corpus kept in tests/<prim>/corpus/<target>/ (make fuzz
    maintains it, tools/fuzz.py); new inputs go to the build directory only."""
    corpus = prog.parent / (prog.name + ".corpus")
    corpus.mkdir(exist_ok=True)
    kept = ROOT / "tests" / prog.parent.name / "corpus" / prog.name
    cmd = [str(prog), f"-max_total_time={seconds}", "-seed=1", "-print_final_stats=1",
           "-rss_limit_mb=2048", str(corpus)] + ([str(kept)] if kept.is_dir() else [])
    rc, out, dt = run(cmd, seconds + 120)
    m = re.search(r"stat::number_of_executed_units:\s*(\d+)", out)
    runs = m.group(1) if m else "?"
    return Result("fuzz", f"{prog.name} ({runs} inputs)", 1 if rc == 0 else 0, 0 if rc == 0 else 1,
                  dt, out)


def pytest_job(paths, timeout) -> list[Result]:
    env = dict(os.environ)
    cmd = [str(VENV_BIN / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "--rootdir", str(ROOT)] + [str(p) for p in paths]
    rc, out, dt = run(cmd, timeout, env)
    m = PYTEST_SUMMARY.findall(out)
    passed = failed = 0
    if m:
        for part in m[-1].split(","):
            part = part.strip()
            n = re.match(r"(\d+) (\w+)", part)
            if n and n.group(2) == "passed":
                passed = int(n.group(1))
            elif n and n.group(2) in ("failed", "error", "errors"):
                failed += int(n.group(1))
    if rc not in (0,) and failed == 0:
        failed = 1
    return [Result("pytest", "pytest " + " ".join(str(Path(p).relative_to(ROOT)) for p in paths),
                   passed, failed, dt, out)]


def m4sim_ct_jobs(build: Path, args):
    """(suite, firmware, regions), each checked with m4sim's default 8 secrets: the assembly
    backend, the portable build (the same C that valgrind checks on the host, ct-valgrind), the
    integer-only build (armv7m-nofpu: the same routines with stack words for FPU registers at fixed
    sp offsets) and the small-memory ML-DSA build's signing."""
    jobs = []
    for cfg, suite in (("m4", "ct-m4sim"), ("m4-armv7m", "ct-m4sim-armv7m"),
                       ("m4-armv7m-nofpu", "ct-m4sim-armv7m-nofpu")):
        elf = build / cfg / "ct" / "m4ct_library.elf"
        if elf.exists():
            jobs.append((suite, elf, ()))
    # The small-memory ML-DSA build: only its signing attempts differ from m4-armv7m's code
    # (key generation is the same; verification handles no secret).
    elf = build / "mldsa-small" / "m4-armv7m" / "ct" / "m4ct_library.elf"
    if elf.exists():
        jobs.append(("ct-m4sim-mldsa-small", elf,
                     tuple(f"mldsa{n}.sign_attempt" for n in (44, 65, 87))))
    return jobs


# SampleNTT (FIPS 203 Alg. 7) expands the matrix from rho: public (it is part of the
# encapsulation key) although key generation derives it from the secret seed d. Its rejection
# loop's length depends on rho, so its calls are declared public (the trace equivalent of
# declassifying rho); everything around the calls, and where and how often they are called,
# is still compared. See docs/m4sim.md, "--public-function". For m4sim residue the same
# declaration says that what these calls leave on the stack is public.
# ML-DSA (src/mldsa/sign.c, "Constant time"): the expansion of A from rho (public key), the
# rejected half-byte positions of RejBoundedPoly (independent of the accepted coefficients),
# and SampleInBall on c~, which signing declassifies (an output of H; CRYSTALS-Dilithium
# round 3 specification, section 5.5).
PUBLIC_CANDIDATES = ["m4crypt_mlkem_poly_sample_ntt", "m4crypt_mldsa_sample_ntt_step",
                     "m4crypt_mldsa_sample_ntt_p24", "m4crypt_mldsa_sample_eta_tail",
                     "m4crypt_mldsa_sample_in_ball"]


@functools.lru_cache(maxsize=None)
def public_functions(elf: Path) -> tuple[str, ...]:
    """The --public-function options for those of PUBLIC_CANDIDATES the firmware contains (a
    firmware with fewer regions, or a reduced configuration, has not all of them)."""
    nm = subprocess.run(["arm-none-eabi-nm", str(elf)], capture_output=True, text=True).stdout
    have = set(re.findall(r" [Tt] (\S+)$", nm, re.M))
    return tuple(opt for f in PUBLIC_CANDIDATES if f in have for opt in ("--public-function", f))


def region_options(regions) -> list[str]:
    """--region options for the regions named, or --all-regions when none is."""
    return [o for r in regions for o in ("--region", r)] if regions else ["--all-regions"]


# The verdict lines of m4sim ct and m4sim residue: one per region that passed, one per finding.
CT_PASSED = re.compile(r"^ct: .* identical", re.M)
CT_FOUND = re.compile(r"^ct: .*(DIVERGE|differ)", re.M | re.I)
RESIDUE_PASSED = re.compile(r"^residue: .*: no secret-dependent words", re.M)
RESIDUE_FOUND = re.compile(r"^residue: .*: (\d+ secret-dependent words|the region's stack depth)",
                           re.M)


def count(pattern: re.Pattern, out: str) -> int:
    return len(pattern.findall(out))


def m4sim_ct(suite, elf: Path, timeout, runs=8, regions=()) -> Result:
    cmd = [str(VENV_BIN / "m4sim"), "ct", str(elf), *region_options(regions), "--runs", str(runs)]
    cmd += public_functions(elf)
    rc, out, dt = run(cmd, timeout)
    bad = 0 if rc == 0 else max(1, count(CT_FOUND, out))
    return Result(suite, f"m4sim ct {elf.parent.parent.name}", count(CT_PASSED, out), bad, dt, out)


def m4sim_ct_and_residue(suite, rsuite, elf: Path, timeout, runs=8, regions=()) -> list[Result]:
    """m4sim_ct and m4sim_residue from the same runs (m4sim ct --residue: every run keeps the
    traces and the stack residue), which costs about the trace comparison alone; the two verdicts
    stay two results of their own suites."""
    cmd = [str(VENV_BIN / "m4sim"), "ct", str(elf), *region_options(regions), "--runs", str(runs),
           "--residue"]
    rc, out, dt = run([*cmd, *public_functions(elf)], timeout)
    ct_ok, ct_bad = count(CT_PASSED, out), count(CT_FOUND, out)
    res_ok, res_bad = count(RESIDUE_PASSED, out), count(RESIDUE_FOUND, out)
    if rc != 0 and ct_bad + res_bad == 0:
        # an error (a crash, a region never executed, no verdict printed): fail both
        ct_bad = res_bad = 1
    elif rc != 0 and ct_bad:
        res_bad = max(res_bad, 1)  # the runs stopped at the difference: residue not checked
    name = elf.parent.parent.name
    return [Result(suite, f"m4sim ct {name} (with residue)", ct_ok, ct_bad, dt, out),
            Result(rsuite, f"m4sim residue {name} (with ct)", res_ok, res_bad, 0.0, out)]


PLANTED_REGIONS = [f"mlkem{n}.decaps_valid_or_flipped" for n in (512, 768, 1024)]
PLANTED_RESIDUE = [f"mlkem{n}.keypair_random" for n in (512, 768, 1024)]


def m4sim_residue(suite, elf: Path, timeout, runs=8, regions=()) -> Result:
    """What every secret-handling operation leaves on the stack below the SP it was called with,
    compared over 8 runs with different secrets: no word may differ, except what a declared
    public call (SampleNTT, see m4sim_ct) wrote and the caller's own registers saved by the
    operation's prologue (docs/m4sim.md, "Stack residue"). One check per region."""
    cmd = [str(VENV_BIN / "m4sim"), "residue", str(elf), *region_options(regions),
           "--runs", str(runs)]
    rc, out, dt = run([*cmd, *public_functions(elf)], timeout)
    bad = count(RESIDUE_FOUND, out)
    if rc != 0 and bad == 0:
        bad = 1
    return Result(suite, f"m4sim residue {elf.parent.parent.name}", count(RESIDUE_PASSED, out),
                  bad, dt, out)


def m4sim_residue_planted(suite, elf: Path, timeout) -> Result:
    """The residue check's own test: m4ct_planted.elf's ML-KEM key generation leaves its 64 bytes
    of random coins d || z on the stack (src/mlkem/kem.c, M4CRYPT_PLANT_UNWIPED_BUFFER). m4sim
    residue must report them in each set's keypair_random region (16 words each)."""
    cmd = [str(VENV_BIN / "m4sim"), "residue", str(elf), "--runs", "4"]
    for region in PLANTED_RESIDUE:
        cmd += ["--region", region]
    rc, out, dt = run([*cmd, *public_functions(elf)], timeout)
    caught = [r for r in PLANTED_RESIDUE
              if re.search(rf"^residue: {re.escape(r)}: \d+ secret-dependent words", out, re.M)]
    if rc != 1:
        caught = []
    missed = [r for r in PLANTED_RESIDUE if r not in caught]
    if missed:
        out += f"\nthe planted unwiped buffer was NOT caught in {', '.join(missed)}\n"
    return Result(suite, f"m4sim residue {elf.parent.parent.name} planted buffer must be caught",
                  len(caught), len(missed), dt, out)


def m4sim_ct_planted(suite, elf: Path, timeout) -> Result:
    """The check's own test: build/<config>/ct/m4ct_planted.elf is the constant-time firmware
    with ML-KEM's select_key branching on the rejection flag (src/mlkem/kem.c,
    M4CRYPT_PLANT_REJECTION_BRANCH). m4sim ct must report each set's accept-or-reject region as
    diverging at that branch; two runs (seeds all zero and all 0xff: accept, then reject)."""
    caught, log, t0 = 0, "", time.time()
    for region in PLANTED_REGIONS:
        cmd = [str(VENV_BIN / "m4sim"), "ct", str(elf), "--region", region, "--runs", "2"]
        cmd += public_functions(elf)
        rc, out, _ = run(cmd, timeout)
        ok = rc == 1 and re.search(r"first diverging instruction .* select_key\+", out) is not None
        caught += ok
        log += out + ("" if ok else f"\nthe planted rejection-flag branch was NOT caught in {region}\n")
    return Result(suite, f"m4sim ct {elf.parent.parent.name} planted branch must be caught",
                  caught, len(PLANTED_REGIONS) - caught, time.time() - t0, log)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--slow", action="store_true",
                    help="also the slow host checks (host-gcc: RFC 7748's 1,000,000 X25519 "
                         "iterations, about 3 minutes); make test SLOW=1")
    ap.add_argument("--fuzz-seconds", type=int, default=int(os.environ.get("FUZZ_SECONDS", 5)))
    ap.add_argument("--timeout", type=int, default=600, help="per program, seconds")
    ap.add_argument("--only", default="", help="comma-separated suite name prefixes")
    ap.add_argument("--skip", default="", help="comma-separated suite name prefixes to leave out")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    vecdir = build / "vectors"
    # m4sim's out-of-tree test links its firmware against this build's libm4crypt.a
    os.environ["M4CRYPT_BUILD"] = str(build)
    only = [s for s in args.only.split(",") if s]
    skip = [s for s in args.skip.split(",") if s]

    def wanted(suite):
        return ((not only or any(suite.startswith(o) for o in only))
                and not any(suite.startswith(o) for o in skip))

    futures = []
    t0 = time.time()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for suite, name, cmd, timeout, expect in (host_suites(build, vecdir, args)
                                                  + qemu_suites(build, vecdir, args)):
            if wanted(suite):
                futures.append(pool.submit(counted, suite, name, cmd, timeout, None, expect))
        if wanted("config-checks") and (build / "config-mlkem768").is_dir():
            futures.append(pool.submit(config_checks, build, Result))
        if wanted("ct-valgrind"):
            for prog in programs(build / "host-gcc" / "ct", "*/ct_*"):
                leak = prog.name == "ct_planted_leak"
                futures.append(pool.submit(valgrind_job, prog, leak, args.timeout * 2))
        for suite, elf, regions in m4sim_ct_jobs(build, args):
            planted = elf.with_name("m4ct_planted.elf")
            rsuite = suite.replace("ct-m4sim", "residue-m4sim")
            if wanted(suite) and wanted(rsuite):
                futures.append(pool.submit(m4sim_ct_and_residue, suite, rsuite, elf,
                                           args.timeout * 3, regions=regions))
            elif wanted(suite):
                futures.append(pool.submit(m4sim_ct, suite, elf, args.timeout * 3,
                                           regions=regions))
            elif wanted(rsuite):
                futures.append(pool.submit(m4sim_residue, rsuite, elf, args.timeout * 2,
                                           regions=regions))
            if wanted(suite) and planted.exists():
                futures.append(pool.submit(m4sim_ct_planted, suite, planted, args.timeout))
            if wanted(rsuite) and planted.exists():
                futures.append(pool.submit(m4sim_residue_planted, rsuite, planted, args.timeout))
        if wanted("pytest"):
            py_tests = sorted((ROOT / "tests").glob("*/test_*.py"))
            m4sim_tests = ROOT / "tools" / "m4sim" / "tests"
            if py_tests:
                futures.append(pool.submit(pytest_job, py_tests, args.timeout * 3))
            if m4sim_tests.is_dir():
                futures.append(pool.submit(pytest_job, [m4sim_tests], args.timeout * 3))
            board_tests = ROOT / "tools" / "board" / "tests"
            if board_tests.is_dir():
                futures.append(pool.submit(pytest_job, [board_tests], args.timeout))
        if wanted("netduinoplus2") and (build / "netduinoplus2" / "tests").is_dir():
            cmd = [str(VENV_BIN / "python"), str(ROOT / "tools/board/run_netduinoplus2.py"),
                   "--build", str(build), "-j", "2"]
            futures.append(pool.submit(counted, "netduinoplus2", "STM32F4 firmware in QEMU", cmd,
                                       args.timeout * 2))
        if wanted("examples"):
            for name, variant, cmd, timeout in example_jobs(build, args):
                futures.append(pool.submit(example_job, name, variant, cmd, timeout))
            for elf in example_rng_link_jobs(build):
                futures.append(pool.submit(example_rng_link, elf))
            for elf in sorted((build / "examples").glob("config-*/*/firmware.elf")):
                futures.append(pool.submit(example_selection_symbols, elf))
        pqs = build / "m4-armv7m" / "examples" / "pqsession" / "pqsession_device.elf"
        if wanted("pqsession") and pqs.exists():
            cmd = [str(VENV_BIN / "python"), str(ROOT / "examples/pqsession/run_sessions.py"),
                   "--build", str(build)]
            futures.append(pool.submit(counted, "pqsession", "host and QEMU device sessions", cmd,
                                       args.timeout * 2))
        if wanted("fuzz"):
            for prog in programs(build / "host-fuzz" / "fuzz", "*/fuzz_*"):
                futures.append(pool.submit(fuzz_job, prog, args.fuzz_seconds))
        results: list[Result] = []
        for f in as_completed(futures):
            r = f.result()
            rs = r if isinstance(r, list) else [r]
            for x in rs:
                results.append(x)
                status = ("skip" if x.skipped else
                          "ok  " if x.failed == 0 and x.passed > 0 else "FAIL")
                print(f"{status} {x.suite:16s} {x.name:48s} {x.passed:7d} passed "
                      f"{x.failed:4d} failed {x.seconds:7.1f}s", flush=True)
                if (x.failed or (x.passed == 0 and not x.skipped)) or args.verbose:
                    tail = "\n".join(x.log.rstrip().splitlines()[-40:])
                    print("    | " + tail.replace("\n", "\n    | "), flush=True)

    suites: dict[str, list[int]] = {}
    skipped = [r for r in results if r.skipped]
    for r in results:
        s = suites.setdefault(r.suite, [0, 0])
        s[0] += r.passed
        s[1] += r.failed + (1 if r.passed == 0 and r.failed == 0 and not r.skipped else 0)
    total_p = sum(v[0] for v in suites.values())
    total_f = sum(v[1] for v in suites.values())
    print()
    print("suites: " + "; ".join(f"{k} {v[0]} passed, {v[1]} failed" for k, v in suites.items()))
    if skipped:
        print(f"skipped (nothing to test in their configuration): "
              + ", ".join(f"{r.suite}/{r.name}" for r in skipped))
    print(f"time: {time.time() - t0:.0f}s")
    print(f"{total_p} passed, {total_f} failed")
    return 0 if total_f == 0 and total_p > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
