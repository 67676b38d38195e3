# SPDX-License-Identifier: Apache-2.0 OR MIT
"""m4crypt_version() of the built library is the newest released entry of CHANGELOG.md."""
from __future__ import annotations

import ctypes
import re
from pathlib import Path

from m4crypt_lib import declare

ROOT = Path(__file__).resolve().parents[2]
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", re.M)


def newest_release() -> str:
    text = (ROOT / "CHANGELOG.md").read_text()
    found = RELEASE.findall(text)
    assert found, "CHANGELOG.md has no '## [X.Y.Z] - YYYY-MM-DD' entry"
    return found[0][0]


def test_library_version_is_the_changelogs_newest():
    version = declare("m4crypt_version", ctypes.c_char_p)
    assert version().decode() == newest_release()


def test_header_macros_match():
    header = (ROOT / "include/m4crypt/version.h").read_text()
    parts = [re.search(rf"#define M4CRYPT_VERSION_{k} (\d+)", header).group(1)
             for k in ("MAJOR", "MINOR", "PATCH")]
    assert ".".join(parts) == newest_release()
