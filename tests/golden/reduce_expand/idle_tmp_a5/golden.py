"""TROWARGMAX TROWMAX TROWEXPANDADD on a5 with tmp tiles nothing else uses: PTOAS v0.60 plans
them no memory, so a 128 KiB source and its 128 KiB tmp fit a5's UB (the reference is plain
numpy: the tmp does not change the results)."""
import os

import numpy as np

ROWS, COLS, VALID, HEAD = 2, 16384, 16381, 32

CASE = {
    "arch": "a5",
    "args": ["src.bin", "col.bin", "zeros:2", "zeros:2", f"zeros:{ROWS * HEAD}"],
    "outs": [
        {"target": "3", "expect": "idx.expect.bin", "dtype": "uint32"},
        {"target": "4", "expect": "max.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "5", "expect": "sum.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(36)
    src = rng.standard_normal((ROWS, COLS)).astype(np.float32)
    src[0, VALID + 1] = 100.0  # past the valid columns: never the maximum
    src[1, 9000] = 50.0
    col = rng.standard_normal((ROWS, 1)).astype(np.float32)
    valid = src[:, :VALID]
    src.tofile(os.path.join(out_dir, "src.bin"))
    col.tofile(os.path.join(out_dir, "col.bin"))
    np.argmax(valid, axis=1).astype(np.uint32).tofile(os.path.join(out_dir, "idx.expect.bin"))
    valid.max(axis=1).astype(np.float32).tofile(os.path.join(out_dir, "max.expect.bin"))
    (src[:, :HEAD] + col).astype(np.float32).tofile(os.path.join(out_dir, "sum.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
