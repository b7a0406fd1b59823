"""Elementwise instructions, the generators their cases share.

tpart_case: TPARTADD TPARTMUL TPARTMAX TPARTMIN, op(a, b) where both sources are valid, the
valid one elsewhere (elementwise/tpart_*).
"""
import numpy as np

from .element_types import TYPES, is_float, narrow, values, widen
from .tiles import save


# tpartadd/mul/max/min (elementwise/tpart_*). Cases: name, type, shape, destination valid shape, spelling
# ("dps": results are arguments). Each op reads two of the sources, whose valid shapes differ.
TPART_OPS = [("add", "full", "rows"), ("mul", "cols", "full"), ("max", "full", "both"),
             ("min", "top", "full")]
_TPART_FNS = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}


def _tpart_sources(vr, vc):
    """The valid shape of each source tile."""
    return {"full": (vr, vc), "rows": (vr - 1, vc), "cols": (vr, vc - 5),
            "both": (vr - 1, vc // 2), "top": (1, vc)}


def _tpart_tile(t, rng, shape, full):
    if not is_float(t):
        return values(t, rng, shape)
    v = values("f32", rng, shape)
    if full:  # edge pairs against the other sources' 0, -0, inf, -inf, NaN, 1.5, -2.25
        v.flat[:7] = [np.nan, -np.inf, 1.0, np.inf, 2.0, np.nan, -2.25]
    return narrow(t, v)


def _tpart_apply(op, t, x, y):
    if is_float(t):
        x, y = x.astype(np.float32), y.astype(np.float32)
        with np.errstate(all="ignore"):
            return narrow(t, _TPART_FNS[op](x, y))
    return narrow(t, _TPART_FNS[op](x, y))


def tpart_case(arch, seed, cases):
    args = []
    for name, _, (r, c), _, form in cases:
        args += [f"{s}_{name}.bin" for s in ("full", "rows", "cols", "both", "top")]
        if form == "dps":
            args += [f"zeros:{r * c}"] * len(TPART_OPS)
    case = {"arch": arch, "args": args,
            "outs": [{"target": f"{op}_{c[0]}", "expect": f"{op}_{c[0]}.expect.bin",
                      "dtype": TYPES[c[1]][1]} for c in cases for op, _, _ in TPART_OPS]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, t, shape, (vr, vc), _ in cases:
            valid = _tpart_sources(vr, vc)
            tiles = {s: _tpart_tile(t, rng, shape, s == "full") for s in valid}
            for s, v in tiles.items():
                files[f"{s}_{name}"] = v
            rows, cols = np.indices(shape)
            for op, a, b in TPART_OPS:
                in_a = (rows < valid[a][0]) & (cols < valid[a][1])
                in_b = (rows < valid[b][0]) & (cols < valid[b][1])
                both = _tpart_apply(op, t, widen(t, tiles[a]), widen(t, tiles[b]))
                full = np.where(in_a & in_b, both, np.where(in_a, tiles[a], tiles[b]))
                expect = np.zeros_like(tiles[a])
                expect[:vr, :vc] = full[:vr, :vc]
                files[f"{op}_{name}.expect"] = expect
        save(out_dir, files)
    return case, generate
