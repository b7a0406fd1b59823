"""The cube micro-ops end to end (a5): see kernel.pto. A and B hold small dyadic f16 values,
so every product and partial sum is exact in f32 and the float64 reference equals the kernel's
sum in any order; the bias exercises f16 -> f32 widening in mte_l1_bt; F and G check the
fixpipe's scalar quantisation, ReLU and f16 conversion."""
import os

import numpy as np

M, K, N = 24, 40, 32
CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "bias.bin", f"zeros:{M * N}", f"zeros:{M * N}",
             f"zeros:{M * N}", f"zeros:{M * N}", f"zeros:{M * N}", f"zeros:{M * N}"],
    "outs": [
        {"target": "4", "expect": "c_nd.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "5", "expect": "c_dn.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "6", "expect": "d_acc.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "7", "expect": "e_bias.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
        {"target": "8", "expect": "f_ub.expect.bin", "dtype": "float16", "rtol": 0, "atol": 0},
        {"target": "9", "expect": "g_l1.expect.bin", "dtype": "float16", "rtol": 0, "atol": 0},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(1604)
    a = (rng.integers(-8, 9, size=(M, K)) / 4.0).astype(np.float16)
    b = (rng.integers(-8, 9, size=(K, N)) / 8.0).astype(np.float16)
    bias = (rng.integers(-32, 33, size=N) / 2.0).astype(np.float16)
    c = a.astype(np.float64) @ b.astype(np.float64)
    f = np.maximum(0.5 * c, 0.0).astype(np.float16)
    for name, arr in [("a", a), ("b", b), ("bias", bias)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    outs = {"c_nd": c.astype(np.float32), "c_dn": c.T.astype(np.float32).copy(),
            "d_acc": (2 * c).astype(np.float32), "e_bias": (c + bias.astype(np.float64)).astype(np.float32),
            "f_ub": f, "g_l1": f}
    for name, arr in outs.items():
        arr.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
