"""Signs of zero and underflow on 2x16 bf16 (a5), compared bit for bit (as uint16)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import BF16
from reference.tiles import write_case

widen, narrow, to_tile = BF16.widen, BF16.narrow, BF16.to_tile

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin"] + ["zeros:32"] * 6,
    "outs": [
        {"target": "3", "expect": "sum.expect.bin", "dtype": "uint16"},
        {"target": "4", "expect": "neg.expect.bin", "dtype": "uint16"},
        {"target": "5", "expect": "muls_m1.expect.bin", "dtype": "uint16"},
        {"target": "6", "expect": "muls_0.expect.bin", "dtype": "uint16"},
        {"target": "7", "expect": "adds_m0.expect.bin", "dtype": "uint16"},
        {"target": "8", "expect": "subs_0.expect.bin", "dtype": "uint16"},
    ],
}


# Row 0 of %a; row 1 is row 0 negated (likewise for %b and %c).
A = (
    [0.0, -0.0, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 9.2e-41, -9.2e-41, 1.0e-20, -1.0e-20, 3.0,
     -3.0, 0.5, 1.0e-38]
)

B = (
    [0.0, 0.0, -0.0, -0.0, -1.0, 1.0, 2.5, -2.5, -9.2e-41, 9.2e-41, -1.0e-30, 1.0e-30, -3.0, 3.0,
     -0.5, 1.0e-38]
)


def inputs():
    a = to_tile([A, [-v for v in A]])
    b = to_tile([B, [-v for v in B]])
    return a, b


def reference(a, b):
    """Expected results as bit patterns; the instructions compute in f32 and round once."""
    x, y = widen(a), widen(b)
    out = {
        "sum": narrow(x + y),
        "neg": narrow(-x),
        "muls_m1": narrow(x * np.float32(-1.0)),
        "muls_0": narrow(x * np.float32(0.0)),
        "adds_m0": narrow(x + np.float32(-0.0)),
        "subs_0": narrow(x - np.float32(0.0)),
    }
    for name, value in out.items():
        assert not np.isnan(widen(value)).any(), name  # bit-exact needs no NaN
    return {n: v.view(np.uint16) for n, v in out.items()}


def generate(out_dir):
    write_case(out_dir, ("a", "b"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
