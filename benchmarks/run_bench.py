#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make bench: runs the benchmark firmware in m4sim and reports every operation.

For each M4 build (build/m4 = portable C, build/m4-armv7m = with the assembly backends,
build/m4-armv7m-nofpu = the assembly backends for a Cortex-M4 without FPU, when they exist) the
firmware benchmarks/bench.c runs once in m4sim (deterministic: one run is the figure; the builds
run side by side, one process per core, -j). Each m4sim
region gives cycles, instructions and the stack high-water mark; the code size of an operation is
the size of every function reachable from its entry point in the ELF, its read-only data size that
of every table (sized data object) those functions reach (m4sim.size; the firmware is linked with
--emit-relocs, so that only real addresses count).

Code size per selection: the code-size firmware benchmarks/selection.c of each configuration
(configs/<name>.h, built by make bench into build/config-<name>/; "all" is the default build)
calls every public function the configuration builds; its figures are the code and read-only
data reachable from main, without main and the stand-in random generator.

Writes benchmarks/RESULTS.md, benchmarks/results.json and benchmarks/*.png, and the generated
sections of README.md and examples/pqsession/README.md (between their markers). results.json is a
list of records: per operation {"operation", "impl", "cycles", "instructions", "stack_bytes",
"code_bytes", "rodata_bytes", "compiler", "model"}, per selection {"selection", "impl",
"code_bytes", "rodata_bytes", "compiler"}.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "benchmarks"

import m4sim  # noqa: E402
from m4sim import Simulator  # noqa: E402
from m4sim.size import CodeSize  # noqa: E402

# build configuration -> impl column: portable C, the armv7m backends (Cortex-M4F, FPU registers as
# scratch), and the same backends built for a Cortex-M4 without FPU (-mfloat-abi=soft: stack slots
# instead of FPU registers, src/common/armv7m/fpu_scratch.h)
IMPLS = [("m4", "portable"), ("m4-armv7m", "armv7m"), ("m4-armv7m-nofpu", "armv7m-nofpu")]

# The selections of make bench (the Makefile's SELECTIONS, configs/<name>.h) and the default build.
SELECTIONS = [
    ("mlkem768", "ML-KEM-768: key generation, encapsulation, decapsulation"),
    ("mlkem768-encaps", "ML-KEM-768 encapsulation only"),
    ("x25519", "X25519 with the fixed-base table"),
    ("x25519-ladder", "X25519 without the table (ladder on u = 9 for the base point)"),
    ("xwing-aead", "X-Wing (ML-KEM-768 + X25519) and ChaCha20-Poly1305"),
    ("mldsa65-verify", "ML-DSA-65 verification only (a bootloader's signature check)"),
    ("all", "everything (the default configuration)"),
]
# Not counted in a selection's code: the firmware's own main and its stand-in generator.
SELECTION_EXCLUDED = {"main", "m4crypt_platform_randombytes"}

# operation -> entry symbols for the code size (the first that exists in the ELF)
ENTRY = {
    "keypair": "m4crypt_{prim}{n}_keypair_derand",
    "encaps": "m4crypt_{prim}{n}_enc_derand",
    "decaps": "m4crypt_{prim}{n}_dec",
    "decaps_hash_check": "m4crypt_{prim}{n}_check_sk",
    "encaps_modulus_check": "m4crypt_{prim}{n}_check_pk",
    "sign": "m4crypt_{prim}{n}_sign_derand",
    "verify": "m4crypt_{prim}{n}_verify",
}


def entry_symbols(op: str) -> list[str]:
    head, _, tail = op.partition(".")
    for prim in ("mlkem", "mldsa"):
        if head.startswith(prim) and head[len(prim):].isdigit() and tail in ENTRY:
            return [ENTRY[tail].format(prim=prim, n=head[len(prim):])]
    table = {
        "mlkem.ntt": ["m4crypt_mlkem_poly_ntt_armv7m", "m4crypt_mlkem_poly_ntt_c"],
        "mlkem.invntt": ["m4crypt_mlkem_poly_invntt_armv7m",
                         "m4crypt_mlkem_poly_invntt_c"],
        "mlkem.basemul": ["m4crypt_mlkem_poly_basemul_acc_armv7m",
                          "m4crypt_mlkem_poly_basemul_acc_c"],
        "keccak.f1600": ["m4crypt_keccakf1600_armv7m", "m4crypt_keccakf1600_c"],
        "shake256.1024in_1024out": ["m4crypt_shake256"],
        "x25519.scalarmult": ["m4crypt_x25519"],
        "x25519.scalarmult_inlined": ["m4crypt_x25519_scalarmult_inlined_armv7m"],
        "x25519.scalarmult_base": ["m4crypt_x25519_base"],
        "fe25519.mul": ["m4crypt_fe25519_mul_armv7m", "m4crypt_fe25519_mul_c"],
        "fe25519.sqr": ["m4crypt_fe25519_sqr_armv7m", "m4crypt_fe25519_sqr_c"],
        "fe25519.invert": ["m4crypt_fe25519_invert_armv7m", "m4crypt_fe25519_invert_c"],
        "ristretto255.scalarmult": ["m4crypt_ristretto255_scalarmult"],
        "ristretto255.scalarmult_base": ["m4crypt_ristretto255_scalarmult_base"],
        "xwing.keypair": ["m4crypt_xwing_keypair_derand"],
        "xwing.encaps": ["m4crypt_xwing_enc_derand"],
        "xwing.decaps": ["m4crypt_xwing_dec"],
        "xwing.expand_key": ["m4crypt_xwing_expand_key"],
        "xwing.decaps_expanded": ["m4crypt_xwing_dec_expanded"],
        "pqsession.device_boot": ["pqs_identity_init"],
        "pqsession.device_handshake": ["pqs_respond"],
        "pqsession.confirm_open": ["pqs_record_open"],
        "selftest": ["m4crypt_selftest"],
    }
    if op in table:
        return table[op]
    if op.startswith("pqsession.record_seal"):
        return ["pqs_record_seal"]
    if op.startswith("pqsession.record_open"):
        return ["pqs_record_open"]
    if op.startswith("chacha20poly1305.encrypt"):
        return ["m4crypt_aead_chacha20poly1305_encrypt"]
    if op.startswith("chacha20."):
        return ["m4crypt_chacha20_ietf_xor"]
    if op.startswith("poly1305."):
        return ["m4crypt_poly1305"]
    return []


def message_bytes(op: str) -> int | None:
    last = op.rsplit(".", 1)[-1]
    if last.endswith("B") and last[:-1].isdigit():
        return int(last[:-1])
    return None


def toolchain() -> str:
    out = subprocess.run(["arm-none-eabi-gcc", "--version"], capture_output=True, text=True)
    return out.stdout.splitlines()[0].strip() if out.returncode == 0 else "unknown"


def measure(elf: Path, impl: str, compiler: str) -> list[dict]:
    """Every operation of one benchmark firmware (one m4sim run); prints one line when done."""
    t0 = time.time()
    sim = Simulator(str(elf))
    res = sim.run(args=[elf.name])
    if res.exit_code != 0:
        sys.stdout.write(res.stdout.decode(errors="replace"))
        raise SystemExit(f"bench: {elf} exited with {res.exit_code}")
    sizes = CodeSize(str(elf))
    records = []
    # A region executed several times (mldsa*.sign: one execution per benchmark message) is
    # reported once: the mean cycles and instructions, the largest stack.
    runs: dict[str, list] = {}
    for r in res.regions:
        if r.depth == 0:
            runs.setdefault(r.name, []).append(r)
    for name, rs in runs.items():
        r = rs[0]
        cycles = round(sum(x.cycles for x in rs) / len(rs))
        instructions = round(sum(x.instructions for x in rs) / len(rs))
        stack = max(x.stack_bytes for x in rs)
        code = rodata = 0
        for sym in entry_symbols(r.name):
            try:
                code = sizes.reachable_bytes(sym)
                rodata = sizes.reachable_rodata_bytes(sym)
                break
            except KeyError:
                continue
        rec = {"operation": name, "impl": impl, "cycles": cycles,
               "instructions": instructions, "stack_bytes": stack,
               "code_bytes": code, "rodata_bytes": rodata, "compiler": compiler,
               "model": m4sim.MODEL_VERSION}
        if len(rs) > 1:
            rec["executions"] = len(rs)  # the cycles are the mean over these
            rec["_runs"] = [x.cycles for x in rs]  # (for speed-ups over the same executions)
        records.append(rec)
    dt = time.time() - t0
    print(f"  {impl:12s} {elf}: {len(records)} operations, {dt:.1f} s", flush=True)
    return records


def measure_selection(elf: Path, name: str, impl: str, compiler: str) -> dict:
    sizes = CodeSize(str(elf))
    if not sizes.precise:
        raise SystemExit(f"bench: {elf} has no relocations (link it with -Wl,--emit-relocs)")
    funcs = sizes.reachable("main") - SELECTION_EXCLUDED
    code = sum(sizes._names[f].size for f in funcs)
    return {"selection": name, "impl": impl, "code_bytes": code,
            "rodata_bytes": sizes.reachable_rodata_bytes("main"), "compiler": compiler}


def selection_records(build: Path, compiler: str, config: str = "") -> list[dict]:
    """The selections built under build (make bench); with config (make CONFIG=... bench), only
    that configuration's own firmware, under its name."""
    if config:
        return [measure_selection(build / cfg / "selection.elf", config, impl, compiler)
                for cfg, impl in IMPLS if (build / cfg / "selection.elf").exists()]
    records = []
    for name, _ in SELECTIONS:
        base = build if name == "all" else build / f"config-{name}"
        for cfg, impl in IMPLS:
            elf = base / cfg / "selection.elf"
            if elf.exists():
                records.append(measure_selection(elf, name, impl, compiler))
    return records


def selection_table(records: list[dict]) -> list[str]:
    what = dict(SELECTIONS)
    lines = ["| selection (`configs/<name>.h`) | contents | impl | code bytes | rodata bytes | "
             "flash bytes (code + rodata) |",
             "|---|---|---|---:|---:|---:|"]
    for r in records:
        lines.append(f"| {r['selection']} | {what.get(r['selection'], 'make CONFIG=...')} | {r['impl']} | "
                     f"{fmt(r['code_bytes'])} | {fmt(r['rodata_bytes'])} | "
                     f"{fmt(r['code_bytes'] + r['rodata_bytes'])} |")
    return lines


def fmt(n) -> str:
    return f"{n:,}" if isinstance(n, int) else str(n)


def means_note(records: list[dict]) -> str:
    """What a row that is a mean over several executions (ML-DSA signing) averages."""
    means = {}
    for r in records:
        if "executions" in r:
            means.setdefault(r["impl"], []).append(f"{r['operation'].split('.')[0]} {r['executions']}")
    if not means:
        return ""
    return ("ML-DSA signing: the mean over the C2SP CCTV benchmark messages signed "
            "(benchmarks/mldsa_messages.h, deterministic, empty context), whose rejection rounds "
            "are representative only as a whole set; the `armv7m` builds sign the whole set, the "
            "others its first messages (to keep `make bench` short); speed-ups compare the same "
            "messages. Messages signed: "
            + "; ".join(f"{impl}: {', '.join(v)}" for impl, v in sorted(means.items())) + ".")


def speedup(base: dict, r: dict) -> float:
    """base's cycles over r's, over the same executions: a region run once per ML-DSA message
    is compared on the messages both builds signed (the first ones), not mean against mean of
    different sets."""
    a, b = base.get("_runs"), r.get("_runs")
    if a and b and len(a) != len(b):
        n = min(len(a), len(b))
        return sum(a[:n]) / sum(b[:n])
    return base["cycles"] / r["cycles"]


def table(records: list[dict], anchors: dict) -> list[str]:
    portable = {r["operation"]: r for r in records if r["impl"] == "portable"}
    lines = ["| operation | impl | cycles | cycles/byte | stack bytes | code bytes | rodata bytes | speed-up over portable | published anchor (cycles) | ours / anchor |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|---:|"]
    for r in records:
        op = r["operation"]
        base = portable.get(op)
        speed = f"{speedup(base, r):.2f}x" if base and r["cycles"] else ""
        nbytes = message_bytes(op)
        cpb = f"{r['cycles'] / nbytes:.1f}" if nbytes else ""
        a = anchors.get(op)
        anchor = f"{fmt(a['cycles'])} ({a['name']})" if a else ""
        ratio = f"{r['cycles'] / a['cycles']:.2f}" if a else ""
        lines.append(f"| {op} | {r['impl']} | {fmt(r['cycles'])} | {cpb} | {fmt(r['stack_bytes'])} | "
                     f"{fmt(r['code_bytes'])} | {fmt(r.get('rodata_bytes', ''))} | {speed} | "
                     f"{anchor} | {ratio} |")
    return lines


def beside_armv7m(records: list[dict], impl: str) -> list[tuple[dict, dict]]:
    """(armv7m record, impl's record) for every operation both measured, in impl's order."""
    armv7m = {r["operation"]: r for r in records if r["impl"] == "armv7m"}
    return [(armv7m[r["operation"]], r) for r in records
            if r["impl"] == impl and r["operation"] in armv7m]


def nofpu_table(records: list[dict]) -> list[str]:
    """The cost of the integer-only backends (a Cortex-M4 without FPU, docs/integration.md): the
    armv7m-nofpu column against armv7m, where both exist."""
    portable = {r["operation"]: r for r in records if r["impl"] == "portable"}
    lines = []
    for a, r in beside_armv7m(records, "armv7m-nofpu"):
        p = portable.get(r["operation"])
        ratio = f"{1 / speedup(a, r):.3f}" if a["cycles"] else ""
        speed = f"{speedup(p, r):.2f}x" if p and r["cycles"] else ""
        lines.append(f"| {r['operation']} | {fmt(a['cycles'])} | {fmt(r['cycles'])} | {ratio} | "
                     f"{speed} | {fmt(a['stack_bytes'])} | {fmt(r['stack_bytes'])} |")
    if not lines:
        return []
    return ["## Without an FPU: armv7m-nofpu against armv7m", "",
            "The armv7m backends built with `-mfloat-abi=soft` (stack words instead of FPU registers, "
            "src/common/armv7m/fpu_scratch.h) against the Cortex-M4F build; docs/integration.md.", "",
            "| operation | armv7m cycles | armv7m-nofpu cycles | nofpu / armv7m | armv7m-nofpu "
            "speed-up over portable | armv7m stack | armv7m-nofpu stack |",
            "|---|---:|---:|---:|---:|---:|---:|"] + lines


def mldsa_memory_table(records: list[dict], anchors: dict) -> list[str]:
    """ML-DSA's two builds side by side (README, "ML-DSA"): the default (armv7m) against the
    small-memory build (armv7m-small), each in cycles, as a ratio to the published pqm4 m4f
    figure, and in stack: the trade-off between the cycle and the stack goals."""
    lines = []
    for fast, r in beside_armv7m(records, "armv7m-small"):
        a = anchors.get(r["operation"])
        ratios = [f"{x['cycles'] / a['cycles']:.3f}" if a and x["cycles"] else "" for x in (fast, r)]
        lines.append(f"| {r['operation']} | {fmt(fast['cycles'])} | {ratios[0]} | "
                     f"{fmt(fast['stack_bytes'])} | {fmt(r['cycles'])} | {ratios[1]} | "
                     f"{fmt(r['stack_bytes'])} |")
    if not lines:
        return []
    return ["## ML-DSA: the default build against the small-memory build", "",
            "Cycles against stack, per operation: the default build (`armv7m`) and the small-memory "
            "build (`armv7m-small`, `make MLDSA_MEMORY=small`; README, \"ML-DSA\"). The ratios are "
            "to pqm4's published `m4f` figures (`benchmarks/anchors.json`).", "",
            "| operation | armv7m cycles | armv7m / m4f | armv7m stack | armv7m-small cycles | "
            "armv7m-small / m4f | armv7m-small stack |",
            "|---|---:|---:|---:|---:|---:|---:|"] + lines


FIELD_NAMES = {"cycles": "cycles", "stack_bytes": "stack bytes", "code_bytes": "code bytes"}


def targets_table(records: list[dict], anchors: dict, targets: list[dict]) -> list[str]:
    """Each goal of benchmarks/targets.json against this run's figure: met, or missed by how much."""
    measured = {(r["operation"], r["impl"]): r for r in records}
    lines = ["| operation | impl | what | goal | measured | result |", "|---|---|---|---|---:|---|"]
    for t in targets:
        r = measured.get((t["operation"], t["impl"]))
        if r is None:
            continue
        value = r[t["field"]]
        if "max" in t:
            limit, goal = t["max"], f"at most {fmt(t['max'])}"
            shown = fmt(value)
        elif "max_ratio_to_anchor" in t:
            a = anchors[t["operation"]]
            limit = t["max_ratio_to_anchor"] * a["cycles"]
            goal = f"at most {t['max_ratio_to_anchor']:.2f} x {fmt(a['cycles'])} ({a['name']})"
            shown = f"{fmt(value)} ({value / a['cycles']:.3f} x)"
        else:
            nbytes = message_bytes(t["operation"])
            limit = t["max_cycles_per_byte"] * nbytes
            goal = f"at most {t['max_cycles_per_byte']} cycles/byte"
            shown = f"{value / nbytes:.2f} cycles/byte"
        if value <= limit:
            result = "met"
        else:
            over = value - limit
            result = f"missed by {fmt(round(over))} {FIELD_NAMES[t['field']]} ({100 * over / limit:.1f} %)"
        if t.get("why"):
            goal += f"; {t['why']}"
        lines.append(f"| {t['operation']} | {t['impl']} | {FIELD_NAMES[t['field']]} | {goal} | "
                     f"{shown} | {result} |")
    return lines


def charts(records: list[dict], anchors: dict) -> list[str]:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    portable = {r["operation"]: r for r in records if r["impl"] == "portable"}
    fast = {r["operation"]: r for r in records if r["impl"] == "armv7m"}
    best = {op: fast.get(op, portable[op]) for op in portable}
    best.update({op: r for op, r in fast.items() if op not in portable})  # armv7m-only rows

    # 1. speed-up of the armv7m backends over portable C, per operation
    ops = [op for op in portable if op in fast]
    fig, ax = plt.subplots(figsize=(10, max(3, 0.3 * len(ops) + 1)))
    if ops:
        ax.barh(ops, [speedup(portable[o], fast[o]) for o in ops], color="#3b7dd8")
        ax.set_xlabel("speed-up of the armv7m backend over portable C (x)")
        ax.axvline(1.0, color="black", linewidth=0.8)
    else:
        ax.text(0.5, 0.5, "no armv7m backend built yet: portable C only", ha="center",
                va="center", transform=ax.transAxes)
        ax.set_axis_off()
    ax.invert_yaxis()
    ax.set_title("m4crypt: speed-up per operation (m4sim, Cortex-M4 model)")
    fig.tight_layout()
    fig.savefig(HERE / "speedup.png", dpi=110)
    plt.close(fig)
    written.append("speedup.png")

    # 2. ours against the published anchors (cycles ratio; below 1 is faster than the anchor)
    ops = [op for op in best if op in anchors]
    fig, ax = plt.subplots(figsize=(10, max(3, 0.35 * len(ops) + 1)))
    ratios = [best[o]["cycles"] / anchors[o]["cycles"] for o in ops]
    colors = ["#2e9d4f" if x <= 1 else "#d8553b" for x in ratios]
    ax.barh([f"{o} ({best[o]['impl']})" for o in ops], ratios, color=colors)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel("our cycles / published anchor cycles (below 1: faster than the anchor)")
    ax.set_title("m4crypt against the best published Cortex-M4 figures")
    ax.invert_yaxis()
    fig.tight_layout()
    fig.savefig(HERE / "anchors.png", dpi=110)
    plt.close(fig)
    written.append("anchors.png")
    return written


README_BEGIN = "<!-- make bench: results begin (generated, do not edit) -->"
README_END = "<!-- make bench: results end -->"


def update_readme(lines: list[str], goal_lines: list[str], compiler: str, no_charts: bool,
                  records: list[dict]) -> None:
    """Replaces the README's results section (between the markers) with this run's table, so
    the README never carries a figure typed by hand."""
    readme = ROOT / "README.md"
    text = readme.read_text()
    if README_BEGIN not in text or README_END not in text:
        return
    head, rest = text.split(README_BEGIN, 1)
    _, tail = rest.split(README_END, 1)
    body = ["", f"m4sim {m4sim.__version__}, timing model `{m4sim.MODEL_VERSION}`; `{compiler}`, `-O3`.", ""]
    if not no_charts:
        body += ["![speed-up per operation](benchmarks/speedup.png)",
                 "![ours against the published anchors](benchmarks/anchors.png)", ""]
    note = means_note(records)
    body += lines + [""] + ([note, ""] if note else [])
    body += ["Goals (`benchmarks/targets.json`) against these figures:", ""] + goal_lines + [""]
    readme.write_text(head + README_BEGIN + "\n".join(body) + README_END + tail)


PQS_README = ROOT / "examples" / "pqsession" / "README.md"
PQS_BEGIN = "<!-- make bench: pqsession begin (generated, do not edit) -->"
PQS_END = "<!-- make bench: pqsession end -->"
# (operation, what it is) for the example's table, in order
PQS_ROWS = [
    ("pqsession.device_boot", "boot: expand the static key once, h after `<- s`"),
    ("pqsession.device_handshake", "handshake: message 1 in; message 2 and the confirmation record out"),
    ("pqsession.confirm_open", "handshake: check the host's confirmation record"),
    ("pqsession.record_seal.64B", "record of 64 B: seal"),
    ("pqsession.record_open.64B", "record of 64 B: open"),
    ("pqsession.record_seal.1024B", "record of 1 KB: seal"),
    ("pqsession.record_open.1024B", "record of 1 KB: open"),
]
PQS_HANDSHAKE = ("pqsession.device_handshake", "pqsession.confirm_open")


def pqsession_section(records: list[dict], compiler: str) -> list[str] | None:
    """examples/pqsession/README.md's measured section: the device's side (armv7m build), with
    the handshake's time at 24 and 168 MHz, from this run's figures."""
    rows = {r["operation"]: r for r in records if r["impl"] == "armv7m"}
    portable = {r["operation"]: r for r in records if r["impl"] == "portable"}
    if not all(op in rows for op, _ in PQS_ROWS):
        return None

    def ms(cycles: int, mhz: int) -> str:
        t = cycles / (mhz * 1000)
        return f"{t:.1f}" if t >= 10 else f"{t:.2f}" if t >= 1 else f"{t:.3f}"

    lines = ["", f"m4sim {m4sim.__version__}, timing model `{m4sim.MODEL_VERSION}`; `{compiler}`, "
             "`-O3`, `armv7m` build.", "",
             "| device side | operation | cycles | ms at 24 MHz | ms at 168 MHz | stack bytes | code bytes |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for op, what in PQS_ROWS:
        r = rows[op]
        lines.append(f"| {what} | `{op}` | {fmt(r['cycles'])} | {ms(r['cycles'], 24)} | "
                     f"{ms(r['cycles'], 168)} | {fmt(r['stack_bytes'])} | {fmt(r['code_bytes'])} |")
        if op == PQS_HANDSHAKE[-1]:
            total = sum(rows[o]["cycles"] for o in PQS_HANDSHAKE)
            stack = max(rows[o]["stack_bytes"] for o in PQS_HANDSHAKE)
            lines.append(f"| **the device's handshake** | | **{fmt(total)}** | **{ms(total, 24)}** | "
                         f"**{ms(total, 168)}** | {fmt(stack)} | |")
    lines.append("")
    if all(o in portable for o in PQS_HANDSHAKE):
        total = sum(portable[o]["cycles"] for o in PQS_HANDSHAKE)
        lines += [f"The same handshake built from the portable C only: {fmt(total)} cycles "
                  f"({ms(total, 24)} ms at 24 MHz).", ""]
    lines += ["Stack: the deepest of the steps (buffers passed in, such as the 2,336-byte message "
              "buffer, are not counted). Code: every function reachable from `pqs_respond` "
              "(X-Wing, ML-KEM, X25519, SHA-3, ChaCha20-Poly1305), `pqs_identity_init`, "
              "`pqs_record_seal` and `pqs_record_open` respectively.", ""]
    return lines


def update_pqsession_readme(records: list[dict], compiler: str) -> bool:
    if not PQS_README.exists():
        return False
    text = PQS_README.read_text()
    body = pqsession_section(records, compiler)
    if body is None or PQS_BEGIN not in text or PQS_END not in text:
        return False
    head, rest = text.split(PQS_BEGIN, 1)
    _, tail = rest.split(PQS_END, 1)
    PQS_README.write_text(head + PQS_BEGIN + "\n".join(body) + PQS_END + tail)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="build")
    ap.add_argument("--no-charts", action="store_true")
    ap.add_argument("--config", default="", metavar="NAME",
                    help="the build is of configuration NAME (make CONFIG=...): its code size is "
                         "reported under that name")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="firmware measured side by side (default: one per core)")
    ap.add_argument("--print-only", action="store_true",
                    help="print the table, write no file (for work in progress)")
    ap.add_argument("--only", default="",
                    help="print only operations whose name contains this text (selection.<name>: "
                         "that selection's code size)")
    args = ap.parse_args()
    build = (ROOT / args.build).resolve()
    compiler = toolchain()
    anchors = {a["operation"]: a for a in json.loads((HERE / "anchors.json").read_text())["anchors"]}
    targets = json.loads((HERE / "targets.json").read_text())["targets"]

    print(f"make bench: m4sim {m4sim.__version__}, model {m4sim.MODEL_VERSION}, {compiler}", flush=True)
    t0 = time.time()
    firmware = [(build / cfg / "bench.elf", impl) for cfg, impl in IMPLS
                if (build / cfg / "bench.elf").exists()]
    if not firmware:
        raise SystemExit("bench: no benchmark firmware was built")
    # the small-memory ML-DSA build (make MLDSA_MEMORY=small, src/mldsa/sign_set.h): its ML-DSA rows
    small = build / "mldsa-small" / "m4-armv7m" / "bench.elf"
    if small.exists() and not args.config:
        firmware.append((small, "armv7m-small"))
    # Each firmware is one deterministic m4sim run: they run side by side, the longest first (the
    # small build signs every benchmark message at about twice the cycles), and are then taken in
    # the order above, so that the tables do not depend on which run finished first.
    order_first = sorted(firmware, key=lambda f: f[1] != "armv7m-small")
    with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(firmware)))) as pool:
        futures = {impl: pool.submit(measure, elf, impl, compiler) for elf, impl in order_first}
        per_impl = {impl: f.result() for impl, f in futures.items()}
    records: list[dict] = []
    for _, impl in firmware:
        records += [r for r in per_impl[impl]
                    if impl != "armv7m-small" or r["operation"].startswith("mldsa")]
    order = {}
    for r in records:
        order.setdefault(r["operation"], len(order))
    records.sort(key=lambda r: (order[r["operation"]], r["impl"] != "portable"))

    selections = selection_records(build, compiler, args.config)
    if args.only:
        records = [r for r in records if args.only in r["operation"]]
        selections = [r for r in selections if args.only in "selection." + r["selection"]]
    lines = table(records, anchors)
    goal_lines = targets_table(records, anchors, targets)
    if selections:
        lines += ["", "Code size per selection (`docs/configuration.md`): everything a firmware "
                  "that calls every public function of the configuration takes from the library "
                  "(`benchmarks/selection.c`, linked with `--gc-sections`), SHA-3 and `memcpy` / "
                  "`memset` included where used, the random generator not.", ""]
        lines += selection_table(selections)
    print()
    print("\n".join(lines))
    if len(goal_lines) > 2:
        print()
        print("\n".join(goal_lines))
    if args.print_only or args.only:
        return 0
    public = [{k: v for k, v in r.items() if not k.startswith("_")} for r in records]
    (HERE / "results.json").write_text(json.dumps(public + selections, indent=1) + "\n")
    md = ["# m4crypt benchmark results", "",
          "Written by `make bench`; do not edit by hand. Cycles are those of m4sim's Cortex-M4 model "
          "(zero wait states, as the published board figures are taken); see docs/calibration.md "
          "for how far the model is from boards.", "",
          f"- simulator: m4sim {m4sim.__version__}, timing model `{m4sim.MODEL_VERSION}`",
          "- how far a cycle figure can be from a board (NUCLEO-L4R5ZI, zero wait states), per class "
          "of code, from code the model was not fitted to (docs/calibration.md, \"Validation\"): "
          + "; ".join(f"{name}: {lo:+d} % to {hi:+d} %" for name, lo, hi in m4sim.model.ACCURACY_BANDS)
          + ". m4crypt's `armv7m` rows are assembly, its `portable` rows compiled C; two figures of "
          "the same class and model compare more sharply than the bands.",
          f"- compiler: `{compiler}`, `-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O3`",
          "- stack: high-water mark below the stack pointer at the start of the operation (buffers "
          "passed in are not counted)",
          "- code: bytes of every function reachable from the operation's entry point "
          "(SHA-3 included where the operation uses it)",
          "- rodata: bytes of every read-only table those functions reach (e.g. the 24,576-byte "
          "X25519 fixed-base table, NTT twiddles, Keccak round constants); code + rodata is "
          "what the operation takes in flash",
          "- anchors: published board figures, `benchmarks/anchors.json` (sources there)"]
    md += ["- " + n for n in [means_note(records)] if n] + [""]
    md += lines
    md += ["", "## Goals", "", "The project's goals (`benchmarks/targets.json`) against the figures above.", ""]
    md += goal_lines
    nofpu = nofpu_table(records)
    if nofpu:
        md += [""] + nofpu
    mldsa_builds = mldsa_memory_table(records, anchors)
    if mldsa_builds:
        md += [""] + mldsa_builds
    if not args.no_charts:
        for png in charts(records, anchors):
            md += ["", f"![{png}]({png})"]
    (HERE / "RESULTS.md").write_text("\n".join(md) + "\n")
    update_readme(lines, goal_lines, compiler, args.no_charts, records)
    wrote_example = update_pqsession_readme(records, compiler)
    print(f"\nwrote benchmarks/RESULTS.md, benchmarks/results.json and charts"
          f"{' and examples/pqsession/README.md' if wrote_example else ''} ({time.time() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
