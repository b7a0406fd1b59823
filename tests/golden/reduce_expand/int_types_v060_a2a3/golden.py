"""Integer types PTOAS v0.60 allows on a2a3: trowsum i32, trowmax ui16, tcolsum ui32 (sums
wrap in the element type), tcolexpandsub i16, trowexpandmax ui32, tadd/tmin on unsigned tiles,
tand and txor on 32-bit tiles."""
import os

import numpy as np

INPUTS = [("xi32", np.int32, (8, 16)), ("xu16", np.uint16, (8, 32)), ("xu32", np.uint32, (8, 16)),
          ("yu32", np.uint32, (8, 16)), ("xi16", np.int16, (8, 32)),
          ("row_i16", np.int16, (1, 32)), ("col_u32", np.uint32, (8, 1))]
OUTS = [("rs_i32", "int32"), ("rm_u16", "uint16"), ("cs_u32", "uint32"), ("ce_i16", "int16"),
        ("re_u32", "uint32"), ("add_u32", "uint32"), ("min_u16", "uint16"),
        ("and_u32", "uint32"), ("xor_i32", "int32")]
CASE = {
    "arch": "a2a3",
    "args": [f"{n}.bin" for n, _, _ in INPUTS],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS],
}


def wrap(values, dtype):
    """values (any integer array) reduced modulo the width of dtype."""
    return np.asarray(values, np.int64).astype(dtype)


def generate(out_dir):
    rng = np.random.default_rng(2061)
    x = {}
    for name, dtype, shape in INPUTS:
        info = np.iinfo(dtype)
        x[name] = rng.integers(info.min, info.max, size=shape, endpoint=True,
                               dtype=np.int64).astype(dtype)
    wide = {k: v.astype(np.int64) for k, v in x.items()}
    out = {
        "rs_i32": wrap(wide["xi32"].sum(axis=1), np.int32).reshape(8, 1),
        "rm_u16": x["xu16"].max(axis=1).reshape(8, 1),
        "cs_u32": wrap(wide["xu32"].sum(axis=0), np.uint32).reshape(1, 16),
        "ce_i16": wrap(wide["xi16"] - wide["row_i16"], np.int16),
        "re_u32": np.maximum(x["xu32"], x["col_u32"]),
        "add_u32": wrap(wide["xu32"] + wide["yu32"], np.uint32),
        "min_u16": x["xu16"],
        "and_u32": x["xu32"] & x["yu32"],
        "xor_i32": np.zeros((8, 16), np.int32),
    }
    for name, _, _ in INPUTS:
        x[name].tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, v in out.items():
        v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
