# SPDX-License-Identifier: Apache-2.0 OR MIT
# Lets the Python tests import tests/common/m4crypt_lib.py.
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "common"))
