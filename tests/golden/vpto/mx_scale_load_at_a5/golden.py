"""MX scale loads from a place in their L1 source (a5): the shape form from fractal row 1, the
full form from fractal (0, 1); mad_mx of an fp8 A (16 x 64, NZ in GM) by a B of ones. A scale
fractal is 16 rows x 2 e8m0 bytes (row r's scales for K groups 0 and 1)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

M, N, K = 16, 16, 64
CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "sa.bin", "sb.bin", f"zeros:{M * N}"],
    "outs": [{"target": "5", "expect": "c.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}
CODES = {0x30: 0.5, 0x38: 1.0, 0x40: 2.0, 0xB8: -1.0}  # e4m3 codes and their values


def generate(out_dir):
    rng = np.random.default_rng(1616)
    codes = np.array(list(CODES), dtype=np.uint8)
    a = codes[rng.integers(0, 4, size=(M, K))]
    a_val = np.vectorize(CODES.get)(a).astype(np.float64)
    a_nz = a.reshape(M, K // 32, 32).transpose(1, 0, 2)  # column blocks of 16 rows x 32 bytes
    b = np.full(K * N, 0x38, dtype=np.uint8)
    scale_a = rng.integers(125, 130, size=(M, 2)).astype(np.uint8)
    scale_b = rng.integers(125, 130, size=(N, 2)).astype(np.uint8)
    sa = np.full((2, M, 2), 0xFF, dtype=np.uint8)  # fractal 0 a decoy, fractal 1 the scales
    sa[1] = scale_a
    sb = np.full((2, N, 2), 0xFF, dtype=np.uint8)
    sb[1] = scale_b
    c = np.zeros((M, N))
    for g in range(2):
        part = a_val[:, 32 * g:32 * (g + 1)].sum(axis=1)
        c += np.outer(part * 2.0 ** (scale_a[:, g].astype(int) - 127),
                      2.0 ** (scale_b[:, g].astype(int) - 127))
    save(out_dir, {"a": a_nz.reshape(-1), "b": b, "sa": sa.reshape(-1), "sb": sb.reshape(-1),
                   "c.expect": c.astype(np.float32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
