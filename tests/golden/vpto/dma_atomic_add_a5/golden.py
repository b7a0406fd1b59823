"""The DMA's atomic writes to GM (a5): f32 and wrapping i32 adds, f16 max, i8 min, then a plain
i16 copy after set_atomic_none."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["sf.bin", "df.bin", "si.bin", "di.bin", "sh.bin", "dh.bin", "sb.bin", "db.bin",
             "ss.bin", "ds.bin"],
    "outs": [{"target": "2", "expect": "df.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
             {"target": "4", "expect": "di.expect.bin", "dtype": "int32"},
             {"target": "6", "expect": "dh.expect.bin", "dtype": "float16", "rtol": 0, "atol": 0},
             {"target": "8", "expect": "db.expect.bin", "dtype": "int8"},
             {"target": "10", "expect": "ds.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(6021)
    sf = rng.uniform(-100, 100, 32).astype(np.float32)
    df = rng.uniform(-100, 100, 32).astype(np.float32)
    si = rng.integers(-2**31, 2**31, 32, dtype=np.int64).astype(np.int32)
    si[0] = 2**31 - 1
    di = rng.integers(-2**31, 2**31, 32, dtype=np.int64).astype(np.int32)
    di[0] = 1  # 2^31 - 1 + 1 wraps
    sh = rng.uniform(-8, 8, 64).astype(np.float16)
    dh = rng.uniform(-8, 8, 64).astype(np.float16)
    sb = rng.integers(-128, 128, 128).astype(np.int8)
    db = rng.integers(-128, 128, 128).astype(np.int8)
    ss = rng.integers(-2**15, 2**15, 64).astype(np.int16)
    ds = rng.integers(-2**15, 2**15, 64).astype(np.int16)
    save(out_dir, {
        "sf": sf, "df": df, "si": si, "di": di, "sh": sh, "dh": dh, "sb": sb, "db": db,
        "ss": ss, "ds": ds,
        "df.expect": (df + sf).astype(np.float32),  # f32 + f32 rounds once in float32
        "di.expect": (di.astype(np.int64) + si).astype(np.int32),  # wraps
        "dh.expect": np.maximum(dh, sh), "db.expect": np.minimum(db, sb), "ds.expect": ss,
    })


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
