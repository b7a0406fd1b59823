"""Signs of zero and underflow on 2x16 bf16 (a5), compared bit for bit (as uint16)."""
import os

import numpy as np

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

def narrow(y):
    """float32 values rounded to bf16 bit patterns (round to nearest even; NaN stays NaN)."""
    y = np.asarray(y, np.float32)
    b = y.view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(y), np.uint16(0x7FC0), r)


def widen(t):
    """bf16 bit patterns as float32 values (exact)."""
    return (np.asarray(t, np.uint16).astype(np.uint32) << 16).view(np.float32)


def to_tile(v):
    """Values rounded to bf16 bit patterns."""
    return narrow(np.asarray(v, np.float64).astype(np.float32))

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
    tiles = inputs()
    for name, tile in zip(("a", "b"), tiles):
        tile.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, value in reference(*tiles).items():
        value.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
