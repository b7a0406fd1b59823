"""VMI conversions between bf16 pairs and fp4 pairs (docs/semantics.md "VMI layer",
Conversions): 128 bf16 lanes reinterpreted (vinterpret_cast) as 64 !pto.bf16x2 lanes (the first
value low), converted to f4E2M1x2 / f4E1M2x2 (the first value in the low nibble) by rounding R
(also when absent), A, F, C, Z, always saturating: past the largest value and infinities give
+-6 (e2m1) or +-1.75 (e1m2), NaN gives +0 (reference/narrow_float.py); a pair the mask leaves
inactive is the byte 0. Back: every byte as a pair of each format, decoded exactly to a bf16
pair and reinterpreted as 128 bf16 lanes."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference import narrow_float as nf
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

FMT = {"f4E2M1x2": nf.F4E2M1, "f4E1M2x2": nf.F4E1M2}
MODES = {"R": "RINT", "A": "ROUND", "F": "FLOOR", "C": "CEIL", "Z": "TRUNC"}
# Encodings of both 128-lane halves of x (128 bytes a row): (format, rounding)
ENCODE = [(f, r) for f in FMT for r in ("R", "A", "F", "C", "Z")] + [("f4E1M2x2", None)]
MASKED = ("f4E2M1x2", "C", 40)          # the first half only, the first 40 pairs active
CASE = {
    "args": ["x.bin", "codes.bin", f"zeros:{128 * len(ENCODE) + 64}", "zeros:1024"],
    "outs": [{"target": "3", "expect": "enc.expect.bin", "dtype": "uint8"},
             {"target": "4", "expect": "dec.expect.bin", "dtype": "uint16"}],
}


def encode(x_bits, fmt, rounding):
    """bf16 patterns, two a byte (element 2k low) -> fp4 pair bytes."""
    values = from_bf16(x_bits).astype(np.float64)
    nibbles = nf.encode(values, FMT[fmt], MODES[rounding or "R"], saturate=True)
    return nf.pack_fp4(nibbles)


def inputs():
    rng = np.random.default_rng(4108)
    vals = rng.uniform(-8, 8, 256)
    planted = [0.0, -0.0, 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, -0.25, -2.5, -5.0, 0.125, 0.375,
               0.625, 0.875, 1.125, 1.625, -0.125, -1.875, 6.0, 7.0, 100.0, -100.0, np.inf,
               -np.inf, np.nan, -np.nan, 1e-5, -1e-5, 1.9, -1.8, 2.0, 1.0, -1.0, 0.5]
    vals[:len(planted)] = planted
    vals[128:128 + len(planted)] = planted[::-1]
    # bf16 patterns; NaN as a quiet NaN of its sign
    x = to_bf16(vals.astype(np.float32))
    codes = np.arange(256, dtype=np.uint8)
    return x, codes


def generate(out_dir):
    x, codes = inputs()
    enc = [encode(x, f, r) for f, r in ENCODE]
    masked = encode(x[:128], MASKED[0], MASKED[1])
    masked[MASKED[2]:] = 0
    dec = []
    for f in FMT:
        nibbles = nf.unpack_fp4(codes)
        dec.append(to_bf16(nf.DECODE[FMT[f]](nibbles).astype(np.float32)))
    save(out_dir, {"x": x, "codes": codes, "enc.expect": np.concatenate(enc + [masked]),
                   "dec.expect": np.concatenate(dec)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
