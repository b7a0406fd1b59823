"""TMOV ND -> DN for ui8, i16, f16, bf16, ui32, i64: the column-major store writes x.T."""
import os

import numpy as np

CASE = {
    "args": ["x0.bin", "zeros:1024", "x1.bin", "zeros:256", "x2.bin", "zeros:256",
             "x3.bin", "zeros:256", "x4.bin", "zeros:64", "x5.bin", "zeros:16"],
    # Moves copy bits: compared exactly (f16 and bf16 as 16-bit patterns). dnK is read back in
    # logical (row-major) order and equals the input.
    "outs": [{"target": "2", "expect": "y0.expect.bin", "dtype": "uint8"},
             {"target": "dn0", "expect": "x0.bin", "dtype": "uint8"},
             {"target": "4", "expect": "y1.expect.bin", "dtype": "int16"},
             {"target": "dn1", "expect": "x1.bin", "dtype": "int16"},
             {"target": "6", "expect": "y2.expect.bin", "dtype": "uint16"},
             {"target": "dn2", "expect": "x2.bin", "dtype": "uint16"},
             {"target": "8", "expect": "y3.expect.bin", "dtype": "uint16"},
             {"target": "dn3", "expect": "x3.bin", "dtype": "uint16"},
             {"target": "10", "expect": "y4.expect.bin", "dtype": "uint32"},
             {"target": "dn4", "expect": "x4.bin", "dtype": "uint32"},
             {"target": "12", "expect": "y5.expect.bin", "dtype": "int64"},
             {"target": "dn5", "expect": "x5.bin", "dtype": "int64"}],
}

# (element type for numpy, N) per pair of parameters, in kernel order.
TILES = [(np.uint8, 32), (np.int16, 16), (np.uint16, 16), (np.uint16, 16), (np.uint32, 8),
         (np.int64, 4)]


def generate(out_dir):
    rng = np.random.default_rng(208)
    for i, (dtype, n) in enumerate(TILES):
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, size=(n, n), dtype=dtype, endpoint=True)
        x.tofile(os.path.join(out_dir, f"x{i}.bin"))
        x.T.copy().tofile(os.path.join(out_dir, f"y{i}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
