"""VMI conversions to and from fp8 (f8E4M3FN, f8E5M2) and HiFloat8 (docs/semantics.md "VMI
layer", Conversions): f32 (and f16 for HiFloat8) rounded by `rounding` (R when absent; A and H
ties away; F, C, Z) and encoded as common/narrow_float.h does (its numpy twin
reference/narrow_float.py); with SAT (the default) a float narrowing clamps finite overflow and
infinities to the largest finite value and turns NaN into +0 (the code 0x00); with NOSAT the
encoding's own overflow (e4m3fn: NaN, e5m2 and HiFloat8: infinity) and NaN codes stand.
Decoding (vcvt to f32) is exact: every code of each format, the NaN codes last and masked off
in the bit-compared rows (inactive lanes are 0), then unmasked into a float-compared output."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference import narrow_float as nf
from reference.tiles import save

FMT = {"f8E4M3FN": nf.E4M3, "f8E5M2": nf.E5M2, "!pto.hif8": nf.HIF8}
MODES = {"R": "RINT", "A": "ROUND", "H": "ROUND", "F": "FLOOR", "C": "CEIL", "Z": "TRUNC"}
# Encodings, one 256-byte row each: (source, format, rounding, saturate)
ENCODE = [
    ("x", "f8E4M3FN", None, None), ("x", "f8E4M3FN", "A", None), ("x", "f8E4M3FN", "F", None),
    ("x", "f8E4M3FN", "C", None), ("x", "f8E4M3FN", "Z", None), ("x", "f8E4M3FN", "H", "SAT"),
    ("x", "f8E4M3FN", "R", "NOSAT"), ("x", "f8E4M3FN", "Z", "NOSAT"),
    ("x", "f8E5M2", None, None), ("x", "f8E5M2", "A", None), ("x", "f8E5M2", "F", None),
    ("x", "f8E5M2", "C", None), ("x", "f8E5M2", "Z", None), ("x", "f8E5M2", "R", "NOSAT"),
    ("x", "f8E5M2", "C", "NOSAT"),
    ("x", "!pto.hif8", None, None), ("x", "!pto.hif8", "A", None), ("x", "!pto.hif8", "Z", None),
    ("x", "!pto.hif8", "R", "NOSAT"), ("xh", "!pto.hif8", None, "SAT"),
]
DECODE = ["f8E4M3FN", "f8E5M2", "!pto.hif8"]
CASE = {
    "args": ["x.bin", "xh.bin", "codes.bin", f"zeros:{256 * len(ENCODE)}", "zeros:768", "zeros:768"],
    "outs": [{"target": "4", "expect": "enc.expect.bin", "dtype": "uint8"},
             {"target": "5", "expect": "dec.expect.bin", "dtype": "uint32"},
             {"target": "6", "expect": "decnan.expect.bin", "dtype": "float32"}],
}


def encode(values, fmt, rounding, saturate):
    return nf.vcvt_encode(values, fmt, MODES[rounding or "R"], saturate != "NOSAT")


def code_order(fmt):
    """Every code, the NaN codes last; and how many are not NaN."""
    codes = np.arange(256)
    nan = np.isnan(nf.DECODE[fmt](codes))
    return np.concatenate([codes[~nan], codes[nan]]).astype(np.uint8), int((~nan).sum())


def inputs():
    rng = np.random.default_rng(4107)
    parts = []
    for fmt, count in [(nf.E4M3, 64), (nf.E5M2, 64), (nf.HIF8, 48)]:
        values, _ = nf._finite_table(fmt)
        i = rng.integers(0, values.size - 1, count)
        mid = (values[i] + values[i + 1]) / 2          # ties between neighbouring codes
        parts.append(np.where(rng.random(count) < 0.5, -mid, mid))
    planted = [0.0, -0.0, np.nan, -np.nan, np.inf, -np.inf, 448.0, 464.0, 470.0, 480.0, 1000.0,
               -1000.0, 57344.0, 61440.0, 65536.0, 1e10, -1e10, 32768.0, 40960.0, 49152.0,
               2.0 ** -9, 2.0 ** -10, 3 * 2.0 ** -11, 2.0 ** -16, 2.0 ** -17, 1e-30, -1e-30,
               2.0 ** -23, 2.0 ** -24, 1.0625, 1.1875, -1.0625, 1.125, 1.375, 1.0, -2.0]
    rest = 256 - sum(p.size for p in parts) - len(planted)
    parts.append(rng.uniform(-1, 1, rest) * 10.0 ** rng.uniform(-8, 5, rest))
    x = np.concatenate(parts + [np.array(planted)]).astype(np.float32)
    xh = (rng.uniform(-1, 1, 256) * 10.0 ** rng.uniform(-7, 4.8, 256)).astype(np.float16)
    xh[:8] = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 40960.0, -36864.0, 2.0 ** -24],
                      np.float16)
    codes = np.concatenate([code_order(FMT[f])[0] for f in DECODE])
    return x, xh, codes


def generate(out_dir):
    x, xh, codes = inputs()
    src = {"x": x.astype(np.float64), "xh": xh.astype(np.float64)}
    enc = np.concatenate([encode(src[s], FMT[f], r, sat) for s, f, r, sat in ENCODE])
    dec, decnan = [], []
    for k, f in enumerate(DECODE):
        order, finite = code_order(FMT[f])
        values = nf.DECODE[FMT[f]](order).astype(np.float32)
        decnan.append(values)
        bits = values.view(np.uint32).copy()
        bits[finite:] = 0                              # NaN codes: masked off
        dec.append(bits)
    save(out_dir, {"x": x, "xh": xh, "codes": codes, "enc.expect": enc,
                   "dec.expect": np.concatenate(dec), "decnan.expect": np.concatenate(decnan)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
