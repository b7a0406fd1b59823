"""TSETHF32MODE / TSETTF32MODE: tmatmul of f32 inputs rounded to HF32 / TF32 while enabled.

Each f32 input keeps m mantissa bits (HF32: 11; TF32: 11 on a2a3, 10 on a5), rounded with the
mode (ROUND: nearest, ties away; RINT: ties to even; TRUNC: toward zero); the products are
summed as usual. a[0] = [1 + 2^-12, 0, ...] is a tie at 11 bits, so row 0 of c1 (ROUND) and c2
(RINT) differ exactly; the other rows show the rounding of ordinary values (~2^-12 relative,
far above the f32 summation error the tolerance allows).
"""
import os

import numpy as np


def round_mantissa(x, m, mode):
    b = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    sign, mag = b & 0x80000000, b & 0x7FFFFFFF
    drop = 23 - m
    half = 1 << (drop - 1)
    mask = 0x7FFFFFFF & ~((1 << drop) - 1)
    if mode == "ROUND":
        mag = (mag + half) & mask
    elif mode == "RINT":
        mag = (mag + half - 1 + ((mag >> drop) & 1)) & mask
    else:  # TRUNC
        mag = mag & mask
    return (sign | mag).astype(np.uint32).view(np.float32)


def case(arch=None):
    c = {"args": ["a.bin", "b.bin"] + ["zeros" if arch is None else "zeros:256"] * 5,
         "outs": [{"target": str(3 + i), "expect": f"c{i}.expect.bin", "dtype": "float32",
                   "rtol": 1e-6, "atol": 3e-5} for i in range(5)]}
    if arch:
        c["arch"] = arch
    return c


CASE = case()


def generate(out_dir, tf32_bits=11):
    rng = np.random.default_rng(6051)
    a = rng.uniform(-1, 1, size=(16, 16)).astype(np.float32)
    b = rng.uniform(-1, 1, size=(16, 16)).astype(np.float32)
    a[0] = 0
    a[0, 0] = 1 + 2.0 ** -12
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))

    def mm(x, y):
        return (x.astype(np.float64) @ y.astype(np.float64)).astype(np.float32)

    outs = [mm(a, b), mm(round_mantissa(a, 11, "ROUND"), round_mantissa(b, 11, "ROUND")),
            mm(round_mantissa(a, 11, "RINT"), round_mantissa(b, 11, "RINT")),
            mm(round_mantissa(a, tf32_bits, "TRUNC"), round_mantissa(b, tf32_bits, "TRUNC")),
            mm(a, b)]
    for i, c in enumerate(outs):
        c.tofile(os.path.join(out_dir, f"c{i}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
