"""tlog on every f16 bit pattern (a5, default precision): each result is ln x rounded once to
f16 (docs/semantics.md: ptorun's log is correctly rounded; the NPU's vln is not public),
negative inputs NaN, zeros -inf. The reference rounds the float64 ln x to f16 directly:
through float32 one of them would come out one ulp off (a second rounding onto an f16
midpoint)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.elementwise import every_f16  # noqa: E402

CASE = {
    "arch": "a5",
    "args": ["h.bin", "zeros:65536"],
    "outs": [{"target": "2", "expect": "log.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    every_f16(out_dir, "log", np.log, 1)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
