"""TPOW / TPOWS on a2a3: pto-isa's sequences (reference.power), compared bit for bit."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference import power
from reference.tiles import kernel_args, save

HERE = os.path.dirname(os.path.abspath(__file__))
OUTS = {"p32": "float32", "s32": "float32", "pi": "int16", "pu": "uint32"}

CASE = {
    "arch": "a2a3",
    "args": kernel_args(HERE, ("b", "e")),
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS.items()],
}

INF, NAN = float("inf"), float("nan")
# (base, exponent) pairs A2/A3's fix-ups treat apart; note 0^NaN = inf and 1^NaN = NaN there.
SPECIAL = [(0.0, 2.0), (-0.0, 3.0), (0.0, -3.0), (0.0, NAN), (INF, -2.0), (-INF, 3.0),
           (-INF, 2.0), (NAN, 0.0), (1.0, NAN), (-1.0, INF), (-1.0, -INF), (-2.0, 3.0),
           (-2.0, 2.5), (-2.0, -4.0), (2.0, 130.0), (0.5, 200.0), (-1.0, 3e9), (-3.0, 2.0**31)]


def generate(out_dir):
    rng = np.random.default_rng(4141)
    n = 64 - len(SPECIAL)
    rb = list(rng.uniform(0.05, 8.0, n))
    re_ = list(rng.uniform(-6.0, 6.0, n))
    for i in range(0, n, 3):
        rb[i], re_[i] = -rb[i], float(np.round(re_[i]))
    sb, se = zip(*SPECIAL)
    b32 = np.array(list(sb) + rb, np.float32).reshape(4, 16)
    e32 = np.array(list(se) + re_, np.float32).reshape(4, 16)
    bi = rng.integers(-7, 8, (2, 16)).astype(np.int16)
    ei = rng.integers(-2, 18, (2, 16)).astype(np.int16)
    bi.flat[:5], ei.flat[:5] = [0, -1, 1, 2, 5], [-1, -3, -9, 15, 9]
    bu = rng.integers(0, 2**32, (2, 8), dtype=np.uint64).astype(np.uint32)
    eu = rng.integers(0, 12, (2, 8)).astype(np.uint32)
    bu.flat[:4], eu.flat[:4] = [7, 2**32 - 1, 3, 0], [2**31 + 5, 3, 2**32 - 2, 0]
    save(out_dir, {
        "b32": b32, "e32": e32, "bi": bi, "ei": ei, "bu": bu, "eu": eu,
        "p32.expect": power.elementwise(power.pow_a2a3, b32, e32, np.float32),
        "s32.expect": power.elementwise(power.pow_a2a3, b32, np.float32(3.0), np.float32),
        "pi.expect": power.elementwise(power.ipow_a2a3, bi, ei, np.int16),
        "pu.expect": power.elementwise(power.ipow_a2a3, bu, eu, np.uint32),
    })


if __name__ == "__main__":
    generate(HERE)
