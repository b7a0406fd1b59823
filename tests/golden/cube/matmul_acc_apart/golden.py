"""tmatmul.acc with its accumulator apart from its destination, as the NPU computes it: the sum
starts from the destination's contents (A2 B2 from the plain tmatmul before), never from the
named accumulator (pto-isa's TMATMUL_ACC; pypto #537). The same data as cube/matmul_acc_order,
whose step-by-step mad() this reuses."""
import os
import runpy

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
_ORDER = runpy.run_path(os.path.join(HERE, "..", "matmul_acc_order", "golden.py"))
M, K, N = 16, 32, 16
CASE = dict(_ORDER["CASE"])
mad = _ORDER["mad"]


def generate(out_dir, seed=484):
    rng = np.random.default_rng(seed)
    halves = lambda shape: (rng.integers(-8, 9, shape) / 4).astype(np.float16)
    a1, b1, a2, b2 = halves((M, K)), halves((K, N)), halves((M, K)), halves((K, N))
    bias = (rng.choice([-1, 1], N) * rng.uniform(2.0**23, 2.0**25, N)).astype(np.float32)
    f = lambda x: x.astype(np.float32)
    c1 = mad(bias, f(a1), f(b1))
    c2 = mad(mad(np.float32(0), f(a2), f(b2)), f(a2), f(b2))
    assert (c2 != mad(c1, f(a2), f(b2))).any()   # not what reading %acc would give
    for name, a in {"a1": a1, "b1": b1, "a2": a2, "b2": b2, "bias": bias,
                    "c1.expect": c1, "c2.expect": c2}.items():
        a.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(HERE)
