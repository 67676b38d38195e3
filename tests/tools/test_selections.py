# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The selections (configs/<name>.h, docs/configuration.md) are named the same in the four places
that list them: configs/, the Makefile's SELECTIONS (built and run by make test, measured by make
bench), benchmarks/run_bench.py's SELECTIONS (the code-size table, with what each one is) and
tools/config_checks.py's SELECTIONS (what each must leave out)."""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import config_checks  # noqa: E402


def makefile_selections() -> list[str]:
    m = re.search(r"^SELECTIONS\s*:=\s*(.*)$", (ROOT / "Makefile").read_text(), re.M)
    assert m, "no SELECTIONS := line in the Makefile"
    return m.group(1).split()


def run_bench_selections() -> list[str]:
    """Read without importing run_bench (which loads m4sim)."""
    tree = ast.parse((ROOT / "benchmarks" / "run_bench.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "SELECTIONS"
                                                for t in node.targets):
            return [name for name, _ in ast.literal_eval(node.value)]
    raise AssertionError("no SELECTIONS in benchmarks/run_bench.py")


def test_the_selections_agree():
    configs = sorted(p.stem for p in (ROOT / "configs").glob("*.h"))
    assert configs, "no configs/*.h"
    assert sorted(makefile_selections()) == configs, "Makefile SELECTIONS against configs/*.h"
    bench = run_bench_selections()
    assert "all" in bench, "run_bench.py's SELECTIONS lost the default build's row"
    assert sorted(n for n in bench if n != "all") == configs, \
        "benchmarks/run_bench.py SELECTIONS against configs/*.h"
    assert sorted(config_checks.SELECTIONS) == configs, \
        "tools/config_checks.py SELECTIONS against configs/*.h"
