"""Signs of zero and underflow on 2x16 f16 (a5), compared bit for bit (as uint16)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import F16
from reference.tiles import write_case

widen, narrow, to_tile = F16.widen, F16.narrow, F16.to_tile

CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "c.bin", "s.bin"],
    "outs": [
        {"target": "sum", "expect": "sum.expect.bin", "dtype": "uint16"},
        {"target": "diff", "expect": "diff.expect.bin", "dtype": "uint16"},
        {"target": "prod", "expect": "prod.expect.bin", "dtype": "uint16"},
        {"target": "quot", "expect": "quot.expect.bin", "dtype": "uint16"},
        {"target": "abs", "expect": "abs.expect.bin", "dtype": "uint16"},
        {"target": "neg", "expect": "neg.expect.bin", "dtype": "uint16"},
        {"target": "sqrt", "expect": "sqrt.expect.bin", "dtype": "uint16"},
        {"target": "muls_m1", "expect": "muls_m1.expect.bin", "dtype": "uint16"},
        {"target": "muls_0", "expect": "muls_0.expect.bin", "dtype": "uint16"},
        {"target": "adds_m0", "expect": "adds_m0.expect.bin", "dtype": "uint16"},
        {"target": "subs_0", "expect": "subs_0.expect.bin", "dtype": "uint16"},
        {"target": "divs_ninf", "expect": "divs_ninf.expect.bin", "dtype": "uint16"},
        {"target": "rdivs_m0", "expect": "rdivs_m0.expect.bin", "dtype": "uint16"},
        {"target": "fill_m0", "expect": "fill_m0.expect.bin", "dtype": "uint16"},
    ],
}


# Row 0 of %a; row 1 is row 0 negated (likewise for %b and %c).
A = (
    [0.0, -0.0, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 6.0e-8, -6.0e-8, 1.0e-3, -1.0e-3, 3.0, -3.0,
     0.5, 1.0e-4]
)

B = (
    [0.0, 0.0, -0.0, -0.0, -1.0, 1.0, 2.5, -2.5, -6.0e-8, 6.0e-8, -1.0e-5, 1.0e-5, -3.0, 3.0,
     -0.5, 1.0e-4]
)

# Divisors: no zeros, so no 0 / 0.
C = (
    [-3.0, 3.0, -3.0, 3.0, 6.0e4, -6.0e4, 6.0e4, -6.0e4, 6.0e4, 6.0e4, 6.0e4, 6.0e4, -6.0e4,
     6.0e4, 65504.0, -65504.0]
)

# Square roots of these: no negative values except -0.0 (row 1 repeats row 0).
S = (
    [0.0, -0.0, 4.0, 6.0e-8, 2.0, 65504.0, 1.0e-6, 0.25, -0.0, 0.0, 9.0, 1.0e-7, 16.0, 100.0,
     1.0e-4, 6.25]
)


def inputs():
    a = to_tile([A, [-v for v in A]])
    b = to_tile([B, [-v for v in B]])
    c = to_tile([C, [-v for v in C]])
    s = to_tile([S, S])
    return a, b, c, s


def reference(a, b, c, s):
    """Expected results as bit patterns; the instructions compute in f32 and round once."""
    x, y, z, r = widen(a), widen(b), widen(c), widen(s)
    out = {
        "sum": narrow(x + y),
        "diff": narrow(x - y),
        "prod": narrow(x * y),
        "quot": narrow(x / z),
        "abs": narrow(np.abs(x)),
        "neg": narrow(-x),
        "sqrt": narrow(np.sqrt(r)),
        "muls_m1": narrow(x * np.float32(-1.0)),
        "muls_0": narrow(x * np.float32(0.0)),
        "adds_m0": narrow(x + np.float32(-0.0)),
        "subs_0": narrow(x - np.float32(0.0)),
        "divs_ninf": narrow(x / np.float32(-np.inf)),
        "rdivs_m0": narrow(np.float32(-0.0) / z),
        "fill_m0": narrow(np.full_like(x, -0.0)),
    }
    for name, value in out.items():
        assert not np.isnan(widen(value)).any(), name  # bit-exact needs no NaN
    return {n: v.view(np.uint16) for n, v in out.items()}


def generate(out_dir):
    write_case(out_dir, ("a", "b", "c", "s"), inputs(), reference)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
