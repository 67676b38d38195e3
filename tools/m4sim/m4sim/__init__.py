# SPDX-License-Identifier: Apache-2.0 OR MIT
"""m4sim: a Cortex-M4 cycle-approximate simulator for m4crypt.

Python API::

    from m4sim import Simulator
    sim = Simulator("fw.elf")
    res = sim.run(args=["arg1"])
    res.exit_code, res.stdout, res.regions   # regions: list of Region
"""
__version__ = "0.2.0"

from .model import MODEL_VERSION  # noqa: E402
from .sim import Simulator, Result, Region, SimError  # noqa: E402

__all__ = ["Simulator", "Result", "Region", "SimError", "MODEL_VERSION", "__version__"]
