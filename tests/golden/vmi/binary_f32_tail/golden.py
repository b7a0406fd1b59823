"""pto.vmi.vadd/vsub/vmul/vdiv/vmax/vmin on f32 logical vectors (docs/semantics.md "VMI layer").

Each active lane is one IEEE f32 operation (numpy's float32 arithmetic, NaN-propagating max and
min); lanes a mask leaves inactive are 0 in the result; a masked vstore writes only the active
lanes, so the sentinel values around and under the stores stay. vload/vstore take any element
offset. The signed-zero lanes are compared as bit patterns.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "y.bin", "out.init.bin", "zbits.init.bin"],
    "outs": [{"target": "3", "expect": "out.expect.bin", "dtype": "float32"},
             {"target": "4", "expect": "zbits.expect.bin", "dtype": "uint32"}],
}

INF, NAN = np.inf, np.nan


def masked(r, n):
    """A result whose lanes from n on are inactive (zero)."""
    r = r.copy()
    r[n:] = 0
    return r


def generate(out_dir):
    rng = np.random.default_rng(4101)
    x = rng.uniform(-100, 100, 512).astype(np.float32)
    y = rng.uniform(-100, 100, 512).astype(np.float32)
    # Edge pairs in the 128-lane block, some of them past the 100-lane tail.
    special = [(INF, 1.0), (INF, -INF), (NAN, 2.0), (3.0, NAN), (3e38, 3e38), (1.0, 0.0),
               (0.0, 0.0), (-1.0, 0.0), (1e-30, 1e-30), (-5.0, 5.0), (-INF, -INF), (7.0, 7.0)]
    for i, (a, b) in enumerate(special):
        x[7 * i + 1], y[7 * i + 1] = a, b
    for lane in (100, 113, 127):              # past the tail: must not leak into the results
        x[lane], y[lane] = NAN, INF
    x[256 + 210], y[210] = NAN, NAN           # past the 200-lane tail of the 256-lane block
    x[256 + 190], y[256 + 190] = 1.0, 0.0     # inside it: 1 / 0
    x[256 + 3], y[3] = INF, INF               # inf - inf
    # Signed zeros (x[448:], y[448:]): lanes 0-15 add, 16-31 sub, 32-47 mul, 48-63 div.
    zeros = {0: (-0.0, -0.0), 1: (0.0, -0.0), 2: (-0.0, 0.0), 3: (-1.0, 1.0), 4: (1.0, -1.0),
             5: (-0.0, 5.0), 6: (-2.5, 2.5),
             16: (-0.0, 0.0), 17: (0.0, 0.0), 18: (-0.0, -0.0), 19: (0.0, -0.0), 20: (3.0, 3.0),
             21: (-3.0, -3.0),
             32: (-0.0, 5.0), 33: (0.0, -5.0), 34: (-0.0, -0.0), 35: (-1e-30, 1e-30),
             36: (1e-30, 1e-30), 37: (-3.0, INF), 38: (1e20, 1e20),
             48: (1.0, -INF), 49: (-0.0, 3.0), 50: (0.0, -3.0), 51: (-1e-30, 1e30),
             52: (1.0, 1e-30), 53: (5.0, -0.0), 54: (-5.0, 0.0), 55: (1e30, 1e-30)}
    for lane, (a, b) in zeros.items():
        x[448 + lane], y[448 + lane] = a, b

    out0 = (-1000.0 - np.arange(1536)).astype(np.float32)   # sentinels
    z0 = (2000.0 + np.arange(64)).astype(np.float32)
    out = out0.copy()
    with np.errstate(all="ignore"):
        a, b = x[:128], y[:128]
        add = a + b
        out[0:128] = add
        for i, r in enumerate([a - b, a * b, a / b, np.maximum(a, b), np.minimum(a, b)]):
            out[128 * (i + 1):128 * (i + 2)] = masked(r, 100)
        out[768:868] = add[:100]                          # masked store: 868..895 keep
        out[896:1152] = masked(x[256:512] - y[:256], 200)
        out[1152:1352] = (x[256:512] / y[256:512])[:200]  # masked store: 1352..1407 keep
        out[1413:1477] = np.maximum(x[5:69], y[300:364])
        out[1480:1488] = masked(np.minimum(x[40:48], y[41:49]), 5)
        out[1490:1492] = x[50:52] * y[51:53]
        zx, zy = x[448:], y[448:]
        z = z0.copy()
        z[0:16] = (zx + zy)[0:16]
        z[16:32] = (zx - zy)[16:32]
        z[32:48] = (zx * zy)[32:48]
        z[48:64] = (zx / zy)[48:64]
    assert not np.isnan(z).any()
    save(out_dir, {"x": x, "y": y, "out.init": out0, "zbits.init": z0,
                   "out.expect": out.astype(np.float32), "zbits.expect": z.view(np.uint32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
