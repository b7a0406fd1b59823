"""TCONCAT: each destination row is the first source's valid columns, then the second's.

The instruction moves elements without looking at them, so the inputs are random bits and the
outputs are compared bit for bit. The sources have different valid widths (20 and 12 of 32
columns), so the join is not at a tile boundary; the destination is 4x64, 3x32 valid.
"""
import os

import numpy as np

TYPES = {"i8": np.uint8, "i16": np.uint16, "f32": np.uint32, "bf16": np.uint16}
ROWS, COLS, VR, VA, VB = 4, 32, 3, 20, 12

CASE = {
    "args": [f"{p}_{d}.bin" for d in TYPES for p in ("a", "b")],
    "outs": [{"target": f"d_{d}", "expect": f"d_{d}.expect.bin",
              "dtype": np.dtype(bits).name} for d, bits in TYPES.items()],
}


def generate(out_dir):
    rng = np.random.default_rng(1414)
    for d, bits in TYPES.items():
        top = np.iinfo(bits).max
        a, b = (rng.integers(0, top, (ROWS, COLS), dtype=bits, endpoint=True) for _ in range(2))
        out = np.zeros((ROWS, 2 * COLS), bits)      # outside the valid region: untouched zeros
        out[:VR, :VA + VB] = np.concatenate([a[:VR, :VA], b[:VR, :VB]], axis=1)
        a.tofile(os.path.join(out_dir, f"a_{d}.bin"))
        b.tofile(os.path.join(out_dir, f"b_{d}.bin"))
        out.tofile(os.path.join(out_dir, f"d_{d}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
