"""TPREFETCH (bf16, ui8 on a5) writes nothing; TSYNC.OP does nothing; tload reads the data."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.memory import prefetch_sync_case

# global inputs: (file, tload result, dtype, data)
INPUTS = [
    ("in", "x", "bfloat16",  # bf16 bit patterns without NaNs
     lambda rng: rng.integers(0, 1 << 16, size=(8, 32)).astype(np.uint16) & 0xBFFF),
    ("bin", "b", "uint8", lambda rng: rng.integers(0, 256, size=(4, 64)).astype(np.uint8)),
]
# the tprefetch results in kernel order: (result, input); "pre" is the argument tile pre.bin
PREFETCHES = [("p", "in"), ("pb", "bin"), ("pre", "bin")]

CASE, generate = prefetch_sync_case("a5", 662, INPUTS, PREFETCHES, pre=0xA5)

if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
