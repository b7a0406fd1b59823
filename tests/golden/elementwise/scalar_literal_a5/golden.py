"""TADDS with scalars declared f16/f32/i8 on f32/f16/bf16/i32 tiles: declared type first (a5)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["zeros:8", "zeros:16", "zeros:16", "zeros:8"],
    "outs": [
        {"target": "f32_const", "expect": "f32.expect.bin", "dtype": "float32"},
        {"target": "f32_lit", "expect": "f32.expect.bin", "dtype": "float32"},
        {"target": "f16_const", "expect": "f16.expect.bin", "dtype": "float16"},
        {"target": "f16_lit", "expect": "f16.expect.bin", "dtype": "float16"},
        {"target": "bf16_const", "expect": "bf16.expect.bin", "dtype": "bfloat16"},
        {"target": "bf16_lit", "expect": "bf16.expect.bin", "dtype": "bfloat16"},
        {"target": "i32_const", "expect": "i32.expect.bin", "dtype": "int32"},
        {"target": "i32_lit", "expect": "i32.expect.bin", "dtype": "int32"},
    ],
}


def generate(out_dir):
    # Each scalar rounded (or wrapped) to its declared type, then to the tile type; + 0 is exact.
    f16_k = np.float32(np.float16(0.1))
    half_k = np.float16(np.float32(1 + 2.0**-11 + 2.0**-30))
    bf16_k = to_bf16(np.float32([1 + 2.0**-8 + 2.0**-30]))[0]
    i8_k = np.int32(np.array(200).astype(np.int8))
    save(out_dir, {"f32.expect": np.full(8, f16_k, np.float32),
                   "f16.expect": np.full(16, half_k, np.float16),
                   "bf16.expect": np.full(16, bf16_k, np.uint16),
                   "i32.expect": np.full(8, i8_k, np.int32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
