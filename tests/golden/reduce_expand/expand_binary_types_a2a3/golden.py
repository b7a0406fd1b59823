"""Broadcast binaries on A2/A3, f16 and f32: exact results rounded once to the tile type."""
import os

import numpy as np

# (output tile, operator, per row?, element type)
OUTS = [("rowexpandsub_f32", "-", True, np.float32),
        ("rowexpandsub_f16", "-", True, np.float16),
        ("rowexpandmul_f32", "*", True, np.float32),
        ("rowexpandmul_f16", "*", True, np.float16),
        ("rowexpanddiv_f32", "/", True, np.float32),
        ("rowexpanddiv_f16", "/", True, np.float16),
        ("colexpandmul_f32", "*", False, np.float32),
        ("colexpandmul_f16", "*", False, np.float16),
        ("colexpandadd_f32", "+", False, np.float32),
        ("colexpandadd_f16", "+", False, np.float16)]
CASE = {
    "args": ["a32.bin", "a16.bin", "col32.bin", "col16.bin", "row32.bin", "row16.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": np.dtype(t).name}
             for n, _, _, t in OUTS],
}

APPLY = {"-": np.subtract, "*": np.multiply, "/": np.divide, "+": np.add}


def generate(out_dir):
    rng = np.random.default_rng(240)
    x = {
        "a32": rng.normal(0, 10, size=(16, 32)).astype(np.float32),
        "a16": rng.uniform(-50, 50, size=(16, 32)).astype(np.float16),
        "col32": rng.uniform(0.5, 8, size=(16, 1)).astype(np.float32),
        "col16": rng.uniform(0.5, 8, size=(16, 16)).astype(np.float16),   # column 0 is used
        "row32": rng.uniform(-8, 8, size=(1, 32)).astype(np.float32),
        "row16": rng.uniform(-8, 8, size=(1, 32)).astype(np.float16),
    }
    for name, v in x.items():
        v.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, sym, per_row, dtype in OUTS:
        bits = "32" if dtype == np.float32 else "16"
        a = x["a" + bits].astype(np.float64)
        b = (x["col" + bits][:, :1] if per_row else x["row" + bits]).astype(np.float64)
        APPLY[sym](a, b).astype(dtype).tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
