# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Reproducible random cases for the Python differential tests.

Usage in a test:  from random_cases import seeded_cases
"""
from __future__ import annotations

import random


def seeded_cases(name: str, count: int, seed_bytes: int):
    """count cases (i, rng, seed) from a generator seeded with name: each case draws its key seed
    (seed_bytes random bytes) first, and may go on drawing from rng."""
    rng = random.Random(name)
    for i in range(count):
        yield i, rng, rng.randbytes(seed_bytes)
