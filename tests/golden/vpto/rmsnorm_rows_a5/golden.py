"""RMSNorm of 32 rows of 1000 f16 (f32 compute), modelled as the kernel computes it, so the f16
output is compared exactly (docs/semantics.md "### arith"):

- f16 -> f32 is exact; every vmul, vadd, vmuls, vadds, vdiv is one f32 operation rounded once,
  vsqrt the correctly rounded f32 square root; the f32 -> f16 narrowing rounds to nearest even
  (no value comes near f16's range, so SAT changes nothing);
- the sum of squares is the kernel's order: 16 vector adds lane by lane (the tail vector's
  lanes 40..63 are 0), then vcadd's tree of halves over the 64 lanes;
- mean = sum * f32(1e-3) (the kernel multiplies by 1/1000), then + f32(1e-6), then 1 / sqrt.

The kernel pads its UB rows with NaN: the reference needs no model of that, as the masks keep
every padding lane out (a leak would make whole rows wrong). Row scales vary from 1e-2 to 300 (squares up to ~1e5, sums ~1e8); row 5 is all zeros
(rstd = 1/sqrt(eps), y = 0)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save
from reference.vpto import vcadd_tree_f32

ROWS, COLS, VL = 32, 1000, 64
VECTORS = -(-COLS // VL)  # 16: 15 whole vectors and a tail of 40 lanes

CASE = {
    "arch": "a5",
    "args": ["x.bin", "gamma.bin", f"zeros:{ROWS * COLS}"],
    "outs": [{"target": "3", "expect": "y.expect.bin", "dtype": "float16",
              "rtol": 0.0, "atol": 0.0}],
}


def rmsnorm(x, gamma):
    xf = x.astype(np.float32)
    sq = np.zeros((ROWS, VECTORS * VL), dtype=np.float32)
    sq[:, :COLS] = xf * xf
    lane_sums = np.zeros((ROWS, VL), dtype=np.float32)
    for j in range(VECTORS):
        lane_sums = lane_sums + sq[:, j * VL:(j + 1) * VL]
    mean = vcadd_tree_f32(lane_sums) * np.float32(1.0e-03)
    rstd = np.float32(1.0) / np.sqrt(mean + np.float32(1.0e-06))
    y = (xf * rstd[:, None]) * gamma.astype(np.float32)
    assert np.all(np.abs(y) < 60000.0)
    return y.astype(np.float16)


def generate(out_dir):
    rng = np.random.default_rng(7202)
    scales = np.geomspace(1e-2, 300.0, ROWS)
    x = (rng.standard_normal((ROWS, COLS)) * scales[:, None]).astype(np.float16)
    x[5] = 0.0
    gamma = rng.uniform(0.5, 1.5, COLS).astype(np.float16)
    save(out_dir, {"x": x, "gamma": gamma, "y.expect": rmsnorm(x, gamma)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
