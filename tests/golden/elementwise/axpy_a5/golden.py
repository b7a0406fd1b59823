"""TAXPY on a5: dst + src * k rounded once (reference.power.fma32). The bf16 values are
eighths in [-8, 8], so the exact result is an f32 and bf16's rounding of it is to_bf16's."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference import power
from reference.numerics import from_bf16, to_bf16
from reference.tiles import kernel_args, save

HERE = os.path.dirname(os.path.abspath(__file__))
OUTS = {"db": "bfloat16", "d32": "float32", "dw": "float32"}

CASE = {
    "arch": "a5",
    "args": kernel_args(HERE, ("x", "d")),
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS.items()],
}


def fma(d, x, k):
    return np.array([power.fma32(np.float32(k), np.float32(b), np.float32(a))
                     for a, b in zip(d.ravel().tolist(), x.ravel().tolist())],
                    np.float32).reshape(d.shape)


def generate(out_dir):
    rng = np.random.default_rng(4343)
    xb, db = (to_bf16(rng.integers(-64, 65, (2, 32)).astype(np.float32) / 8) for _ in range(2))
    x32, d32, dw = (rng.uniform(-1000, 1000, (2, 16)).astype(np.float32) for _ in range(3))
    x16 = rng.uniform(-60, 60, (2, 16)).astype(np.float16)
    save(out_dir, {
        "xb": xb, "db": db, "x32": x32, "d32": d32, "x16": x16, "dw": dw,
        "db.expect": to_bf16(fma(from_bf16(db), from_bf16(xb), 0.5)),
        "d32.expect": fma(d32, x32, np.float32(-3.1)),
        "dw.expect": fma(dw, x16.astype(np.float32), np.float16(2.25)),
    })


if __name__ == "__main__":
    generate(HERE)
