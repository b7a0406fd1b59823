"""Reductions on A5: trowsum f32, trowmax f32/f16, tcolsum f16/i16, tcolmax f32/f16/i16/i32. The
float sums in the a5 NPU's order (reference/npu_sums.py; tcolsum without isBinary: row 0, then
pairs of rows)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.npu_sums import col_sums, row_sums
from reference.reductions import line_sums


OUTS = [("rs_f32", "float32"), ("rm_f32", "float32"), ("rm_f16", "float16"),
        ("cs_f16", "float16"), ("cs_i16", "int16"), ("cm_f32", "float32"),
        ("cm_f16", "float16"), ("cm_i16", "int16"), ("cm_i32", "int32")]
CASE = {
    "arch": "a5",
    "args": ["xf32.bin", "xf16.bin", "xi16.bin", "xi32.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS],
}


def generate(out_dir):
    rng = np.random.default_rng(220)
    xf32 = (np.round(rng.normal(0, 50, size=(16, 32)) * 1024) / 1024).astype(np.float32)
    xf32[3, 4] = np.nan
    xf16 = (rng.integers(-4096, 4096, size=(16, 32)) / 16.0).astype(np.float16)
    xf16[:, 5] = 2000.0                       # f16 steps of 2 to 32: the 1 is lost early
    xf16[0, 5] = 2001.0
    xi16 = rng.integers(-32768, 32768, size=(16, 32)).astype(np.int16)
    xi32 = rng.integers(-2**31, 2**31, size=(16, 16), dtype=np.int64).astype(np.int32)
    with np.errstate(invalid="ignore"):
        out = {
            "rs_f32": row_sums(xf32, "a5").reshape(16, 1),     # NaN row gives NaN
            "rm_f32": xf32.max(axis=1).reshape(16, 1),
            "rm_f16": xf16.max(axis=1).reshape(16, 1),
            "cs_f16": col_sums(xf16, "a5", False).reshape(1, 32),
            "cs_i16": line_sums(xi16.T, "i16").reshape(1, 32),
            "cm_f32": xf32.max(axis=0).reshape(1, 32),
            "cm_f16": xf16.max(axis=0).reshape(1, 32),
            "cm_i16": xi16.max(axis=0).reshape(1, 32),
            "cm_i32": xi32.max(axis=0).reshape(1, 16),
        }
    for name, v in [("xf32", xf32), ("xf16", xf16), ("xi16", xi16), ("xi32", xi32)]:
        v.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, v in out.items():
        v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
