"""Integer types PTOAS v0.60 allows on a5: row reductions of i32/ui32/i16, an i8 column sum,
arg reductions of ui8/i8/ui16 sources into ui32 indices, integer row and column broadcasts.
Integer sums and products wrap in the element type (the NPU adds in the tile's type)."""
import os

import numpy as np

INPUTS = [("xi32", np.int32, (8, 16)), ("xu32", np.uint32, (8, 16)), ("xi16", np.int16, (8, 32)),
          ("xi8", np.int8, (16, 32)), ("xu8", np.uint8, (16, 32)), ("xu16", np.uint16, (8, 32)),
          ("row_i32", np.int32, (1, 16)), ("col_i8", np.int8, (16, 1)),
          ("row_u16", np.uint16, (1, 32))]
OUTS = [("rs_i32", "int32"), ("rm_u32", "uint32"), ("rn_i32", "int32"), ("rs_i16", "int16"),
        ("cs_i8", "int8"), ("ca_u8", "uint32"), ("cn_i8", "uint32"), ("ra_u16", "uint32"),
        ("ce_i32", "int32"), ("cx_i32", "int32"), ("cm_u16", "uint16"), ("re_i8", "int8"),
        ("rx_i8", "int8")]
CASE = {
    "arch": "a5",
    "args": [f"{n}.bin" for n, _, _ in INPUTS],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS],
}


def wrap(values, dtype):
    """values (any integer array) reduced modulo the width of dtype."""
    return np.asarray(values, np.int64).astype(dtype)


def first_index(lines, largest):
    """Index of the first extreme of each row of lines (ties keep the first)."""
    return (np.argmax(lines, axis=1) if largest else np.argmin(lines, axis=1)).astype(np.uint32)


def generate(out_dir):
    rng = np.random.default_rng(2060)
    x = {}
    for name, dtype, shape in INPUTS:
        info = np.iinfo(dtype)
        x[name] = rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=np.int64)
        x[name] = x[name].astype(dtype)
    x["xu8"][3:6, 7] = 255                     # ties: the first row wins
    wide = {k: v.astype(np.int64) for k, v in x.items()}
    out = {
        "rs_i32": wrap(wide["xi32"].sum(axis=1), np.int32).reshape(8, 1),
        "rm_u32": x["xu32"].max(axis=1).reshape(8, 1),
        "rn_i32": x["xi32"].min(axis=1).reshape(8, 1),
        "rs_i16": wrap(wide["xi16"].sum(axis=1), np.int16).reshape(8, 1),
        "cs_i8": wrap(wide["xi8"].sum(axis=0), np.int8).reshape(1, 32),
        "ca_u8": first_index(x["xu8"].T, True).reshape(1, 32),
        "cn_i8": first_index(x["xi8"].T, False).reshape(1, 32),
        "ra_u16": first_index(x["xu16"], True).reshape(8, 1),
        "ce_i32": wrap(wide["xi32"] + wide["row_i32"], np.int32),
        "cx_i32": np.maximum(x["xi32"], x["row_i32"]),
        "cm_u16": np.minimum(x["xu16"], x["row_u16"]),
        "re_i8": wrap(wide["xi8"] * wide["col_i8"], np.int8),
        "rx_i8": wrap(wide["xi8"] - wide["col_i8"], np.int8),
    }
    for name, _, _ in INPUTS:
        x[name].tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, v in out.items():
        v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
