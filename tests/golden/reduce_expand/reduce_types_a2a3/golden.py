"""Reductions on A2/A3: trowsum f16 (double sum, one rounding), tcolsum i32 (wrapping)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import line_sums
from reference.tiles import save


CASE = {
    "args": ["xf16.bin", "xi32.bin"],
    "outs": [{"target": "rs_f16", "expect": "rs_f16.expect.bin", "dtype": "float16"},
             {"target": "cs_i32", "expect": "cs_i32.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(221)
    xf16 = rng.uniform(-100, 100, size=(16, 64)).astype(np.float16)
    xf16[0, :] = 1.0
    xf16[0, 0] = 1024.0               # 1024 + 63 = 1087, exact in f16
    xf16[1, :] = np.float16(0.01)     # 64 * f16(0.01), rounded once
    xf16[2, :] = 1.0
    xf16[2, 0] = 2048.0               # 2048 + 63 = 2111 rounds (tie) to 2112
    xi32 = rng.integers(-2**31, 2**31, size=(32, 16), dtype=np.int64).astype(np.int32)
    xi32[:, 0] = 2**30                # 32 * 2^30 = 2^35 wraps to 0
    rs = line_sums(xf16, "f16")
    cs = line_sums(xi32.T, "i32")
    save(out_dir, {"xf16": xf16, "xi32": xi32, "rs_f16.expect": rs, "cs_i32.expect": cs})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
