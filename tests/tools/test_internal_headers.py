# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The internal headers follow the naming rule of docs/DEVELOPING.md, "Internal headers".

- Nothing under src/ is public, so no header there says so in its name (no `*_internal.h`): a
  header is named after what it declares (the source file whose functions it shares, or the type
  or parameters it defines).
- `backend.h` is reserved for the backend contract (src/common/backend_contract.h): in
  src/<prim>/ the selection header, in src/<prim>/<arch>/ the backend's declarations. A backend
  folder holds no other header, apart from common/armv7m/fpu_scratch.h (the FPU-scratch macros
  every armv7m backend shares); text that only assembly includes is a `.i` file.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHES = ("armv7m",)
SHARED = {"src/common/armv7m/fpu_scratch.h"}
# Headers that do not follow the rule yet; each is renamed when its folder's pending changes land
# (empty this set then).
PENDING = {
    "src/common/common_internal.h",          # common's selection header: src/common/backend.h
    "src/x25519/armv7m/ge25519_backend.h",   # a second backend header of x25519's folder
}


def headers() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard",
                          "src/"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if f.endswith(".h") and (ROOT / f).is_file()]


def test_no_internal_suffix():
    hs = headers()
    assert len(hs) > 20, "the header list looks wrong"
    bad = [h for h in hs if h.endswith("_internal.h") and h not in PENDING]
    assert not bad, f"named *_internal.h (everything under src/ is internal; name the header " \
                    f"after what it declares): {bad}"


def test_pending_headers_still_exist():
    """A pending header that was renamed or removed leaves PENDING (the list only shrinks)."""
    gone = sorted(h for h in PENDING if not (ROOT / h).is_file())
    assert not gone, f"no longer in the tree: remove from PENDING: {gone}"


def test_backend_folders_hold_only_backend_h():
    bad = []
    for h in headers():
        parts = Path(h).parts  # src, <prim>, <arch>, name
        if len(parts) == 4 and parts[2] in ARCHES and parts[3] != "backend.h" \
                and h not in SHARED and h not in PENDING:
            bad.append(h)
    assert not bad, f"a backend folder's one header is backend.h (assembly includes: .i): {bad}"


def test_every_primitive_with_a_backend_has_its_selection_header():
    missing = []
    for h in headers():
        parts = Path(h).parts
        if len(parts) == 4 and parts[2] in ARCHES and parts[3] == "backend.h" \
                and parts[1] != "common":
            if not (ROOT / "src" / parts[1] / "backend.h").is_file():
                missing.append(f"src/{parts[1]}/backend.h")
    assert not missing, f"a backend without its selection header: {missing}"
