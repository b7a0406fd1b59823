"""The fixpipe epilogue of three cube -> vector pipes on A2/A3 from an i32 accumulator
C = 100 A (see kernel.pto): req8_vec with each channel's scale and offset, deqf16_scalar with
normal_relu (scale 0.01), req8_scalar into ui8 (scale 0.05)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.fixpipe import epilogue, param_words  # noqa: E402

SCALES = np.array([0.01, 0.005, 1 / 3, 0.02, 1.0, 0.0025, -0.01, 1e-3, 0.1, 0.03, -0.005, 0.0075,
                   0.015, 0.002, 0.05, 0.04, 0.0125, 0.003, -0.02, 0.0002, 0.0125, 0.006, 0.001,
                   0.08, 0.004, -0.0025, 0.009, 0.007, 0.025, 0.015625, 1e-4, 0.0033], np.float32)
OFFSETS = np.array([0, 3, -3, 255, -256, 10, 0, -7, 1, 0, 100, -100, 2, 5, -5, 0] * 2, np.int64)

CASE = {
    "args": ["a.bin", "d.bin", "fp.bin", "zeros:512", "zeros:512", "zeros:512", "zeros:4096"],
    "outs": [{"target": "4", "expect": "q8.expect.bin", "dtype": "int8"},
             {"target": "5", "expect": "h.expect.bin", "dtype": "float16", "rtol": 0, "atol": 0},
             {"target": "6", "expect": "u8.expect.bin", "dtype": "uint8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(7133)
    a = rng.integers(-128, 128, size=(16, 32)).astype(np.int8)
    a[0, :6] = [-128, 127, 0, 1, -1, 5]   # saturation, zero, ties after the scale (100 * 0.005)
    c = a.astype(np.float64) * 100
    files = {"a": a, "d": (np.eye(32) * 100).astype(np.int8), "fp": param_words(SCALES, OFFSETS),
             "q8.expect": epilogue(c, np.int8, scale=SCALES, offset=OFFSETS),
             "h.expect": epilogue(c, np.float16, scale=np.float32(0.01), relu=True),
             "u8.expect": epilogue(c, np.uint8, scale=np.float32(0.05))}
    for name, arr in files.items():
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
