"""TPREFETCH (f32, i16 on a2a3) writes nothing; TSYNC.OP does nothing; tload reads the data."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import prefetch_sync_case

# global inputs: (file, tload result, dtype, data)
INPUTS = [
    ("in", "x", "float32", lambda rng: rng.normal(size=(16, 32)).astype(np.float32)),
    ("hin", "h", "int16",
     lambda rng: rng.integers(-32768, 32768, size=(8, 16)).astype(np.int16)),
]
# the tprefetch results in kernel order: (result, input); "pre" is the argument tile pre.bin
PREFETCHES = [("p", "in"), ("pre", "in"), ("q", "hin")]

CASE, generate = prefetch_sync_case("a2a3", 661, INPUTS, PREFETCHES, pre=-7.5)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
