"""vintlv, vdintlv, vsqz, vusqz, vpack, vsunpack, vzunpack (a5): interleaving a pair and
splitting it again by even and odd lanes (f32, i16, ui8); squeezing the lanes a compare keeps
under a partial seed and counting them (f32, i16, i8); packing wide lanes into the lower or
upper half (the other zero); unpacking either half with sign or zero extension."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.element_types import TYPES, bits_type, values
from reference.tiles import save

INTLV = ["f32", "i16", "ui8"]
SQZ = [("f32", 50), ("i16", 128), ("i8", 200)]  # type, seed lanes
PACK = [("i32", "ui16", 0), ("ui16", "ui8", 1), ("i16", "i8", 0)]  # src, dst, half (1 HIGHER)
UNPACK = [("vsunpack", "i16", "i32", 1), ("vsunpack", "i8", "i16", 0),
          ("vzunpack", "ui16", "ui32", 0), ("vzunpack", "ui8", "ui16", 1)]


def lanes(t):
    return 256 // np.dtype(TYPES[t][0]).itemsize


def _params():
    """(parameter, input?) in the kernel's order, with the output's type."""
    p = []
    for t in INTLV:
        p += [(f"x_{t}", t, True), (f"y_{t}", t, True), (f"intlv_{t}", t, False)]
    for t, _ in SQZ:
        p += [(f"s_{t}", t, True), (f"sqz_{t}", t, False)]
    for s, d, _ in PACK:
        p += [(f"p_{s}", s, True), (f"pack_{s}", d, False)]
    for op, s, d, _ in UNPACK:
        p += [(f"q_{op}_{s}", s, True), (f"unpack_{op}_{s}", d, False)]
    return p


OUT_VREGS = {**{f"intlv_{t}": 4 for t in INTLV}, "sqz_f32": 1, "sqz_i16": 2, "sqz_i8": 2}

CASE = {
    "arch": "a5",
    "args": [f"{n}.bin" if inp else f"zeros:{lanes(t) * OUT_VREGS.get(n, 1)}"
             for n, t, inp in _params()],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": bits_type(t).name}
             for n, t, inp in _params() if not inp],
}


def generate(out_dir):
    rng = np.random.default_rng(1312)
    f = {}
    for t in INTLV:
        x, y = values(t, rng, (lanes(t),)), values(t, rng, (lanes(t),))
        f[f"x_{t}"], f[f"y_{t}"] = x, y
        xb, yb = x.view(bits_type(t)), y.view(bits_type(t))
        inter = np.empty(2 * lanes(t), xb.dtype)
        inter[0::2], inter[1::2] = xb, yb
        both = np.concatenate([xb, yb])
        f[f"intlv_{t}.expect"] = np.concatenate([inter, both[0::2], both[1::2]])
    for t, n in SQZ:
        x = values(t, rng, (lanes(t),))
        f[f"s_{t}"] = x
        keep = (np.arange(lanes(t)) < n) & (x.astype(np.float64) > 0)
        sq = np.zeros(lanes(t), bits_type(t))
        kept = x.view(bits_type(t))[keep]
        sq[: kept.size] = kept
        out = [sq]
        if t != "f32":
            counts = np.concatenate([[0], np.cumsum(keep)[:-1]]).astype(TYPES[t][0])
            out.append(counts.view(bits_type(t)))
        f[f"sqz_{t}.expect"] = np.concatenate(out)
    for s, d, half in PACK:
        x = values(s, rng, (lanes(s),))
        f[f"p_{s}"] = x
        out = np.zeros(lanes(d), bits_type(d))
        out[half * lanes(s):(half + 1) * lanes(s)] = x.view(bits_type(s)).astype(bits_type(d))
        f[f"pack_{s}.expect"] = out
    for op, s, d, part in UNPACK:
        x = values(s, rng, (lanes(s),))
        f[f"q_{op}_{s}"] = x
        h = x[part * lanes(d):(part + 1) * lanes(d)]
        wide = h.astype(np.int64) if op == "vsunpack" else h.view(bits_type(s)).astype(np.int64)
        f[f"unpack_{op}_{s}.expect"] = wide.astype(TYPES[d][0]).view(bits_type(d))
    save(out_dir, f)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
