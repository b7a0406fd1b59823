"""Scalar arguments rounded to their f16 and bf16 parameters, read back widened to f32."""
import os

import numpy as np

ARGS = ["65519", "-0.1", "0.1", "3e38"]  # %h0, %h1 (f16), %b0, %b1 (bf16)

CASE = {
    "args": ["zeros:64"] + ARGS,
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def bf16(value):
    """value rounded to bfloat16 (to nearest, ties to even), as a float32."""
    bits = np.array([value], dtype=np.float32).view(np.uint32).astype(np.uint64)
    bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return bits.astype(np.uint32).view(np.float32)[0]


def generate(out_dir):
    # f16: numpy's own rounding; bf16: from the double through f32 (no tie lies between them
    # for these values, so rounding twice gives the same result as once)
    rows = [np.float32(np.float16(float(ARGS[0]))), np.float32(np.float16(float(ARGS[1]))),
            bf16(float(ARGS[2])), bf16(float(ARGS[3]))]
    y = np.repeat(np.array(rows, dtype=np.float32)[:, None], 16, axis=1)
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
