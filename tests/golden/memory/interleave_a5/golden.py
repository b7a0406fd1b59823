"""TINTERLEAVE / TDEINTERLEAVE (two- and single-source) on every a5 element type.

The instructions move elements without looking at them, so every input is random bits (NaN
payloads, subnormals and signed zeros included) and the outputs are compared bit for bit.
"""
import os

import numpy as np

TYPES = {"i8": 1, "ui8": 1, "i16": 2, "ui16": 2, "i32": 4, "ui32": 4, "f16": 2, "bf16": 2,
         "f32": 4}
BITS = {1: np.uint8, 2: np.uint16, 4: np.uint32}
COMPARE = {1: "uint8", 2: "uint16", 4: "uint32"}
ROWS, COLS, VR, VC = 4, 32, 3, 20
OUTS = ["lo", "hi", "ev", "od", "se", "so"]

CASE = {
    "arch": "a5",
    "args": [f"{p}_{d}.bin" for d in TYPES for p in ("a", "b", "w")],
    "outs": [{"target": f"{o}_{d}", "expect": f"{o}_{d}.expect.bin",
              "dtype": COMPARE[TYPES[d]]} for d in TYPES for o in OUTS],
}


def reference(a, b, w):
    """Expected 4x32 result tiles; outside the 3x20 valid region they keep their zeros."""
    def tile(valid):
        t = np.zeros((ROWS, COLS), a.dtype)
        t[:VR, :VC] = valid
        return t
    stream = np.empty((VR, 2 * VC), a.dtype)            # a0 b0 a1 b1 ... per row
    stream[:, 0::2], stream[:, 1::2] = a[:VR, :VC], b[:VR, :VC]
    lo, hi = stream[:, :VC], stream[:, VC:]
    joined = np.concatenate([lo, hi], axis=1)            # deinterleave of (lo, hi) = (a, b)
    single = w[:VR, :2 * VC]
    return {"lo": tile(lo), "hi": tile(hi), "ev": tile(joined[:, 0::2]),
            "od": tile(joined[:, 1::2]), "se": tile(single[:, 0::2]),
            "so": tile(single[:, 1::2])}


def generate(out_dir):
    rng = np.random.default_rng(4242)
    for d, size in TYPES.items():
        bits = BITS[size]
        top = np.iinfo(bits).max
        a, b = (rng.integers(0, top, (ROWS, COLS), dtype=bits, endpoint=True) for _ in range(2))
        w = rng.integers(0, top, (ROWS, 2 * COLS), dtype=bits, endpoint=True)
        for name, t in (("a", a), ("b", b), ("w", w)):
            t.tofile(os.path.join(out_dir, f"{name}_{d}.bin"))
        for name, t in reference(a, b, w).items():
            t.tofile(os.path.join(out_dir, f"{name}_{d}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
