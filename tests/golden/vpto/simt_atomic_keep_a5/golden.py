"""SIMT atomics (UB i32 add, GM f32 max and CAS), keep/resume between two launches, f16 sqrt
and fma, conversions rounding toward zero and up, mulhi, mul_i32toi64."""
import os

import numpy as np

CASE = {
    "args": ["zeros:288", "fmax.bin"],
    "outs": [{"target": "1", "expect": "out.expect.bin", "dtype": "int32"},
             {"target": "2", "expect": "fmax.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    n = 48
    out = np.zeros(288, dtype=np.int64)
    counter = 0
    fmax = np.array([-1.0, 2.5], dtype=np.float32)
    init = fmax.copy()
    for tx in range(n):  # workitems run in linear order
        old = counter
        counter += tx + 1
        m = np.float32(tx % 7)
        fmax[0] = max(fmax[0], m)
        if fmax[1] == np.float32(2.5):
            fmax[1] = m
        root = np.sqrt(np.float16(tx))  # numpy's f16 sqrt is correctly rounded
        # fma rounds once: the exact product plus root, rounded to f16
        exact = np.float64(root) * np.float64(root) + np.float64(root)
        scaled = np.float16(exact)
        hi = (tx * tx) >> 32
        wide = ((tx + 1) * (tx + 1)) & 0xFFFFFFFF
        out[4 * tx: 4 * tx + 4] = [old, np.trunc(scaled), np.ceil(scaled), wide + hi]
    out[280] = counter
    np.asarray(out.astype(np.int32)).tofile(os.path.join(out_dir, "out.expect.bin"))
    init.tofile(os.path.join(out_dir, "fmax.bin"))
    fmax.tofile(os.path.join(out_dir, "fmax.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
