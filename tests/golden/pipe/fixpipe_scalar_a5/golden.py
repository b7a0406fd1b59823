"""The fixpipe epilogue of three cube -> vector pipes on A5 (see kernel.pto): an f32 accumulator
C = A through qf322f16_pre_scalar with normal_relu (scales 0.3, then -1.5), no_convert into a
col_major tile, and qf322fp8_pre_scalar (scale 1/16)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.fixpipe import epilogue  # noqa: E402

CASE = {
    "args": ["a.bin", "id.bin", "zeros:1024", "zeros:512", "zeros:512"],
    "outs": [{"target": "3", "expect": "h.expect.bin", "dtype": "float16", "rtol": 0, "atol": 0},
             {"target": "4", "expect": "dn.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
             {"target": "5", "expect": "f8.expect.bin", "dtype": "uint8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(7131)
    a = rng.uniform(-200.0, 200.0, size=(16, 32)).astype(np.float32)
    # f16 ties and overflow after the scale (x * 0.3 rounds once in float64 from the f32 scale),
    # zeros of both signs (relu keeps +0), fp8 saturation past 448 * 16 and its subnormals.
    a[0, :8] = [0.0, -0.0, 1e6, -1e6, 7000.0, 2.5e5, 0.01, -0.001]
    a[1, :6] = [7200.0, 7168.0, 1.0 / 128, 3.0 / 256, 100.0, -100.0]
    c = a.astype(np.float64) + 0.0  # A @ I adds exact zeros: -0 + 0 is +0
    h0 = epilogue(c, np.float16, scale=np.float32(0.3), relu=True)
    h1 = epilogue(c, np.float16, scale=np.float32(-1.5), relu=True)
    files = {"a": a, "id": np.eye(32, dtype=np.float32),
             "h.expect": np.concatenate([h0, h1]),
             "dn.expect": np.ascontiguousarray(epilogue(c, np.float32).T),
             "f8.expect": epilogue(c, "e4m3", scale=np.float32(0.0625))}
    for name, arr in files.items():
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
