"""VMI float conversions (docs/semantics.md "VMI layer", Conversions; vmi-isa 06): f32 -> f16
and f32 -> bf16 rounded by R (nearest even), A and H (nearest, ties away), F (down), C (up), Z
(toward zero), with SAT (the default: finite overflow and infinities clamp to the largest finite
value, NaN becomes +0) or NOSAT (IEEE: overflow to infinity where the mode rounds up in
magnitude, NaN stays NaN); bf16 -> f16 with SAT; f16 and bf16 -> f32 exact (extf); an inactive
lane of a masked vcvt is 0. The model rounds on the table of each format's finite values. NOSAT
rows run under a mask of the first 62 lanes (lanes 62, 63 hold NaN and read 0 there) so that
every bit can be compared; two unmasked NOSAT rows go to float-compared outputs for NaN."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import from_bf16, to_bf16
from reference.tiles import save

CASE = {
    "args": ["x.bin", "xb.bin", "xh.bin", "zeros:1600", "zeros:64", "zeros:64", "zeros:128"],
    "outs": [{"target": "4", "expect": "bits.expect.bin", "dtype": "uint16"},
             {"target": "5", "expect": "nanh.expect.bin", "dtype": "float16"},
             {"target": "6", "expect": "nanb.expect.bin", "dtype": "bfloat16"},
             {"target": "7", "expect": "wide.expect.bin", "dtype": "uint32"}],
}
# Rows of the bits output, in the kernel's order: (source, target, rounding, saturate, active)
ROWS = [
    ("x", "f16", "R", "SAT", 64), ("x", "f16", "A", "SAT", 64), ("x", "f16", "F", "SAT", 64),
    ("x", "f16", "C", "SAT", 64), ("x", "f16", "Z", "SAT", 64), ("x", "f16", "H", "SAT", 64),
    ("x", "f16", None, None, 64),                      # no attributes: R and SAT
    ("x", "f16", "R", "NOSAT", 62), ("x", "f16", "Z", "NOSAT", 62),
    ("x", "f16", "F", "NOSAT", 62), ("x", "f16", "C", "NOSAT", 62),
    ("x", "f16", "R", "SAT", 40),
    ("x", "bf16", "R", "SAT", 64), ("x", "bf16", "A", "SAT", 64), ("x", "bf16", "F", "SAT", 64),
    ("x", "bf16", "C", "SAT", 64), ("x", "bf16", "Z", "SAT", 64),
    ("x", "bf16", "R", "NOSAT", 62), ("x", "bf16", "Z", "NOSAT", 62),
    ("x", "bf16", "F", "NOSAT", 62), ("x", "bf16", "C", "NOSAT", 62),
    ("xb", "f16", "R", "SAT", 64), ("xb", "f16", "Z", "SAT", 64), ("xb", "f16", "C", "SAT", 64),
    ("xb", "f16", "A", "SAT", 64),
]
FORMATS = {  # positive finite bit patterns, the infinity's pattern, its virtual value, NaN
    "f16": (np.arange(0x7c00, dtype=np.uint16).view(np.float16).astype(np.float64), 2.0 ** 16,
            0x7e00),
    "bf16": (from_bf16(np.arange(0x7f80, dtype=np.uint16)).astype(np.float64), 2.0 ** 128,
             0x7fc0),
}


def round_one(x, fmt, mode, sat):
    """The 16-bit pattern of float x in fmt under mode and saturation."""
    values, past, nan = FORMATS[fmt]
    largest = values.size - 1                      # its pattern; values.size is infinity's
    if np.isnan(x):
        return 0 if sat else nan
    sign = 0x8000 if np.signbit(x) else 0
    a = abs(x)
    if np.isinf(a):
        return sign | (largest if sat else largest + 1)
    i = int(np.searchsorted(values, a, side="left"))
    if i < values.size and values[i] == a:
        return sign | i
    lo, hi = i - 1, i
    lo_v, hi_v = values[lo], (values[hi] if hi < values.size else past)
    negative = sign != 0
    if mode == "Z":
        up = False
    elif mode == "F":
        up = negative
    elif mode == "C":
        up = not negative
    elif a - lo_v != hi_v - a:
        up = hi_v - a < a - lo_v
    else:                                          # a tie
        up = mode in ("A", "H") or lo % 2 == 1
    code = hi if up else lo
    if code > largest and sat:
        code = largest
    return sign | code


def convert(values, fmt, mode, sat):
    return np.array([round_one(float(v), fmt, mode or "R", sat != "NOSAT") for v in values],
                    np.uint16)


def inputs():
    rng = np.random.default_rng(4105)
    x = (rng.uniform(-1, 1, 64) * 10.0 ** rng.uniform(-8, 6, 64)).astype(np.float32)
    planted = [0.0, -0.0, 1.0, -1.0, 65504.0, 65519.99, 65520.0, 70000.0, -70000.0, 1e30, -1e30,
               np.inf, -np.inf, 2.0 ** -24, 2.0 ** -25, -(2.0 ** -25), 3 * 2.0 ** -26, 1e-10,
               -1e-10, 1 + 2.0 ** -11, 1 + 3 * 2.0 ** -11, -(1 + 2.0 ** -11), 2049.0, 2051.0,
               -2051.0, 1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, -(1 + 2.0 ** -8),
               3.4028235e38, -3.4028235e38, 1e-40, -1e-45, 3.3961e38, -65520.0, 5e-8, -5e-8]
    x[:len(planted)] = np.array(planted, np.float32)
    x[62] = np.float32(np.nan)
    x[63] = -np.float32(np.nan)
    # bf16: beyond f16's range, f16 subnormals that round (a tie among them), infinities, NaN
    xb = to_bf16(rng.uniform(-1, 1, 64) * 10.0 ** rng.uniform(-9, 6, 64))
    bplanted = [0.0, -0.0, 65504.0, 65536.0, -1e5, 1e38, np.inf, -np.inf, np.nan, -np.nan,
                1.5 * 2.0 ** -24, 2.5 * 2.0 ** -24, -1.5 * 2.0 ** -24, 2.0 ** -26, 0.75 * 2 ** -24,
                1.25 * 2.0 ** -24, 3.0 * 2.0 ** -16, 65280.0, 65408.0, -65408.0]
    xb[:len(bplanted)] = to_bf16(np.array(bplanted, np.float32))
    xh = (rng.uniform(-1, 1, 64) * 10.0 ** rng.uniform(-7, 4.5, 64)).astype(np.float16)
    xh[:8] = np.array([0.0, -0.0, np.inf, -np.inf, 2.0 ** -24, -(2.0 ** -14), 65504, -3 * 2.0 ** -20],
                      np.float16)
    return x, xb, xh


def generate(out_dir):
    x, xb, xh = inputs()
    src = {"x": x.astype(np.float64), "xb": from_bf16(xb).astype(np.float64)}
    bits = np.zeros((len(ROWS), 64), np.uint16)
    for r, (s, fmt, mode, sat, active) in enumerate(ROWS):
        bits[r, :active] = convert(src[s][:active], fmt, mode, sat)
    nanh = convert(src["x"], "f16", "R", "NOSAT").view(np.float16)
    nanb = convert(src["x"], "bf16", "R", "NOSAT")
    wide = np.concatenate([xh.astype(np.float32), from_bf16(xb)]).view(np.uint32)
    save(out_dir, {"x": x, "xb": xb, "xh": xh, "bits.expect": bits, "nanh.expect": nanh,
                   "nanb.expect": nanb, "wide.expect": wide})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
