"""MGATHER / MSCATTER modes (a5): pto-isa's MGather.hpp / MScatter.hpp remapping of indices
(clamp, wrap, zero, skip), its GM atomics and the last writer winning, in row-major order."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

NAMES = ["tab", "ir", "ie", "data", "idata", "grow", "gzero", "gwrap", "sadd", "srow", "smax"]
OUTS = {"grow": "float32", "gzero": "float32", "gwrap": "float32", "sadd": "float32",
        "srow": "float32", "smax": "int32"}

CASE = {
    "arch": "a5",
    "args": [f"{n}.bin" for n in NAMES],
    "outs": [{"target": str(NAMES.index(n) + 1), "expect": f"{n}.expect.bin", "dtype": t}
             for n, t in OUTS.items()],
}
SLOTS = 256


def generate(out_dir):
    rng = np.random.default_rng(4848)
    tab = rng.integers(-500, 500, (16, 16)).astype(np.float32)
    ir = np.array([[3, 0, 15, 20, 7, 7, -1, 2]], np.int32)
    ie = rng.integers(0, 300, (8, 16)).astype(np.int32)
    ie[0, :4] = [-1, 255, 256, 5]
    ie[1, :3] = 5  # several elements onto one slot
    data = rng.integers(-9, 9, (8, 16)).astype(np.float32)
    idata = rng.integers(-1000, 1000, (8, 16)).astype(np.int32)
    zeros = {n: np.zeros((8, 16), np.float32) for n in ("grow", "gzero", "gwrap")}
    sadd = rng.integers(-50, 50, (16, 16)).astype(np.float32)
    srow = rng.integers(-50, 50, (16, 16)).astype(np.float32)
    smax = rng.integers(-1000, 1000, (16, 16)).astype(np.int32)
    raw_r = ir[0].astype(np.int64) % 2**32  # the NPU reads indices as unsigned 32-bit
    raw_e = ie.astype(np.int64) % 2**32
    flat = tab.ravel()
    grow = tab[np.minimum(raw_r, 15)]
    gzero = np.where(raw_e < SLOTS, flat[np.minimum(raw_e, SLOTS - 1)], 0).astype(np.float32)
    gwrap = flat[raw_e % SLOTS]
    sadd_exp, smax_exp, srow_exp = sadd.ravel().copy(), smax.ravel().copy(), srow.copy()
    for r in range(8):
        for c in range(16):
            k = raw_e[r, c]
            if k < SLOTS:
                sadd_exp[k] += data[r, c]  # small integers: every order is exact
            smax_exp[k % SLOTS] = max(smax_exp[k % SLOTS], idata[r, c])
        if raw_r[r] < 16:
            srow_exp[raw_r[r]] = data[r]
    save(out_dir, {"tab": tab, "ir": ir, "ie": ie, "data": data, "idata": idata, **zeros,
                   "sadd": sadd, "srow": srow, "smax": smax,
                   "grow.expect": grow, "gzero.expect": gzero, "gwrap.expect": gwrap,
                   "sadd.expect": sadd_exp.reshape(16, 16), "srow.expect": srow_exp,
                   "smax.expect": smax_exp.reshape(16, 16)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
