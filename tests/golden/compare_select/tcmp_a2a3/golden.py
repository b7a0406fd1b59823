"""TCMP on a2a3: f32 (all six modes), f16 (LT, GE), i32 (EQ); NaN, +-0, +-inf, equal pairs,
MIN/MAX integers; partial valid regions."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.compare_select import pack_mask
from reference.element_types import values, widen
from reference.tiles import save

CASE = {
    "arch": "a2a3",
    "args": ["a.bin", "b.bin", "h.bin", "g.bin", "x.bin", "y.bin", "zeros:64"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": d} for n, d in [
        ("eq", "uint8"), ("ne", "uint8"), ("lt", "uint8"), ("le", "uint8"), ("gt", "uint8"),
        ("ge", "uint8"), ("hlt", "int8"), ("hge", "int8"), ("mx", "uint8"), ("xeq", "uint8")]],
}

MODES = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
         "gt": np.greater, "ge": np.greater_equal}


def pair(t, rng, shape):
    """Two tiles with edge pairs: a's edge values against each other, NaN, +-0 and +-inf;
    zeros on every third diagonal of b; about a third of b's elements equal to a's."""
    a = values(t, rng, shape)
    b = values(t, rng, shape)
    b[np.arange(shape[0])[:, None] % 3 == (np.arange(shape[1])[None, :] % 3)] = 0
    same = rng.random(shape) < 0.33
    b[same] = a[same]
    b.flat[0:4] = a.flat[0:4][::-1]
    if np.issubdtype(a.dtype, np.floating):
        b.flat[4:8] = [np.nan, -0.0, np.inf, -np.inf]
    return a, b


def masks(t, a, b, vrows, vcols, mask_shape, modes, mask_dtype=np.uint8):
    x, y = widen(t, a)[:vrows, :vcols], widen(t, b)[:vrows, :vcols]
    return {m: pack_mask(MODES[m](x, y), mask_shape, mask_dtype) for m in modes}


def generate(out_dir):
    rng = np.random.default_rng(601)
    a, b = pair("f32", rng, (4, 64))
    h, g = pair("f16", rng, (8, 32))
    x, y = pair("i32", rng, (2, 16))
    out = masks("f32", a, b, 3, 50, (4, 32), MODES)
    out.update({"h" + k: v for k, v in masks("f16", h, g, 5, 17, (8, 32), ["lt", "ge"],
                                              np.int8).items()})
    out["mx"] = masks("i32", x, y, 2, 16, (2, 32), ["eq"])["eq"]
    out["xeq"] = out["mx"]
    save(out_dir, {"a": a, "b": b, "h": h, "g": g, "x": x, "y": y})
    save(out_dir, {f"{k}.expect": v for k, v in out.items()})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
