"""Fixpipe per-channel quantisation on a5 (DPS and SSA forms): tmov.fp into vec f16, bf16, f32,
tstore.fp to bf16 and ui8, textract_fp into a vec i8 tile, tinsert_fp into a mat ui8 tile.

The rule is fp_quant_a2a3's (see its golden.py); fp2 holds power-of-two scales, so every bf16
result x * scale is exact in f32 and rounds once to bf16 (to_bf16).
"""
import os
import runpy
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16

_A2A3 = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                    "fp_quant_a2a3", "golden.py"))
SCALES, OFFSETS, quant = _A2A3["SCALES"], _A2A3["OFFSETS"], _A2A3["quant"]
SCALES2 = np.array([2.0 ** e for e in range(-8, 8)] * 2, np.float32) * np.where(
    np.arange(32) % 3 == 1, -1, 1).astype(np.float32)

CASE = {
    "arch": "a5",
    "args": ["af.bin", "id.bin", "ai.bin", "di.bin", "fp.bin", "fp2.bin", "zeros:512",
             "zeros:256"],
    "outs": [{"target": "mf16", "expect": "mf16.expect.bin", "dtype": "float16",
              "rtol": 0, "atol": 0},
             {"target": "mbf16", "expect": "mbf16.expect.bin", "dtype": "uint16"},
             {"target": "mf32", "expect": "mf32.expect.bin", "dtype": "float32",
              "rtol": 0, "atol": 0},
             {"target": "7", "expect": "st_bf16.expect.bin", "dtype": "uint16"},
             {"target": "8", "expect": "st_u8.expect.bin", "dtype": "uint8"},
             {"target": "ext_i8", "expect": "ext_i8.expect.bin", "dtype": "int8"},
             {"target": "ins_u8", "expect": "ins_u8.expect.bin", "dtype": "uint8"}],
}


def words(scales, offsets):
    bits = scales.view(np.uint32).astype(np.uint64)
    return bits | ((offsets.astype(np.uint64) & np.uint64(0x1FF)) << np.uint64(37))


def bf16_quant(x, cols):
    y = x[:, :cols] * SCALES2[:cols].astype(np.float64)
    assert np.array_equal(y.astype(np.float32).astype(np.float64), y)  # exact in f32
    return to_bf16(y.astype(np.float32))


def generate(out_dir):
    rng = np.random.default_rng(6022)
    af = rng.uniform(-70000, 70000, size=(16, 16)).astype(np.float32)
    af[0, :6] = [2.5, -3.5, 0.0, -0.0, 1e30, -1e30]
    af[1, :4] = rng.uniform(-4, 4, size=4).astype(np.float32)
    ai = rng.integers(-128, 128, size=(16, 32)).astype(np.int8)
    ai[0, :3] = [-128, 127, 0]
    accf = af.astype(np.float64) + 0.0  # the product's sum starts at +0: -0 gives +0
    acci = ai.astype(np.float64) * 100

    mf32 = np.zeros((16, 16), np.float32)
    mf32[:, :11] = quant(accf, np.float32, 11)
    ext_i8 = np.zeros((8, 32), np.int8)
    ext_i8[:, :24] = quant(acci[2:10, 4:28], np.int8, 24)
    ins_u8 = np.zeros((16, 64), np.uint8)
    ins_u8[:, 32:] = quant(acci, np.uint8, 32)
    files = {"af": af, "id": np.eye(16, dtype=np.float32), "ai": ai,
             "di": (np.eye(32) * 100).astype(np.int8), "fp": words(SCALES, OFFSETS),
             "fp2": words(SCALES2, OFFSETS),
             "mf16.expect": quant(accf, np.float16, 16),
             "mbf16.expect": bf16_quant(accf, 16), "mf32.expect": mf32,
             "st_bf16.expect": bf16_quant(acci, 32), "st_u8.expect": quant(accf, np.uint8, 16),
             "ext_i8.expect": ext_i8, "ins_u8.expect": ins_u8}
    for name, arr in files.items():
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
