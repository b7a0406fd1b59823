"""pto.vmi.vabs/vneg/vrelu/vexp/vln/vsqrt on f32, f16 and bf16 logical vectors (docs/semantics.md
"VMI layer", "Arithmetic").

vabs and vneg change the sign; vrelu is max(x, 0) and keeps NaN; vexp, vln and vsqrt are the
exact function (float64 here) rounded once, straight to the lane type (f16 not through f32),
with ln(0) = -inf and NaN for negative arguments. bf16 vabs clears the sign bit (vmi-isa 03: BF16
has no vector abs), so a NaN keeps its payload; those lanes and the f32 zeros and infinities are
compared bit for bit. Inactive lanes are 0; the masked store keeps the sentinels.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16
from reference.tiles import save

CASE = {
    "args": ["xf.bin", "xh.bin", "xz.bin", "xb.bin", "of.init.bin", "oh.init.bin", "oz.init.bin",
             "ob.init.bin"],
    "outs": [{"target": "5", "expect": "of.expect.bin", "dtype": "float32"},
             {"target": "6", "expect": "oh.expect.bin", "dtype": "float16"},
             {"target": "7", "expect": "oz.expect.bin", "dtype": "uint32"},
             {"target": "8", "expect": "ob.expect.bin", "dtype": "uint16"}],
}

INF, NAN = np.inf, np.nan


def results(x, p, dt, active):
    """vabs (every lane), then vneg, vrelu, vexp of x and vln, vsqrt of p (active lanes)."""
    x64, p64 = x.astype(np.float64), p.astype(np.float64)
    with np.errstate(all="ignore"):
        rs = [-x64, np.where(np.isnan(x64), x64, np.maximum(x64, 0.0)), np.exp(x64),
              np.log(p64), np.sqrt(p64)]
        rs = [np.where(active, r, 0.0).astype(dt) for r in rs]
    return np.concatenate([np.abs(x)] + rs)


def generate(out_dir):
    rng = np.random.default_rng(4105)
    # f32: x for abs/neg/relu/exp, p (mostly positive, magnitudes 1e-9..1e9) for ln/sqrt.
    xf = rng.uniform(-30, 30, 128).astype(np.float32)
    pf = np.exp(rng.uniform(-20, 20, 128)).astype(np.float32)
    xf[[0, 9, 18, 27, 36, 45, 54]] = [0.0, INF, -INF, NAN, 100.0, -200.0, 88.72]
    pf[[0, 9, 18, 27, 36, 45, 54, 63]] = [0.0, -0.0, -1.0, INF, NAN, 1.0, 4.0, 1e-30]
    xf[[120, 125]] = [NAN, 200.0]                  # past the 120-lane tail
    pf[[121, 127]] = [-5.0, NAN]
    # f16: x in [-9, 11.5] (exp stays normal or overflows), p for ln/sqrt.
    xh = rng.uniform(-9, 11.5, 256).astype(np.float16)
    ph = np.exp(rng.uniform(-9, 11, 256)).astype(np.float16)
    xh[[0, 11, 22, 33, 44, 55]] = [0.0, INF, -INF, NAN, 11.1, -65504.0]
    ph[[0, 11, 22, 33, 44, 55, 66]] = [0.0, -2.0, INF, NAN, 65504.0, 1.0, 2.0]
    xh[[250, 255]] = [NAN, 12.0]                   # past the 250-lane tail
    ph[[251, 253]] = [-1.0, 0.0]
    # f32 zeros and infinities for vabs/vneg bits.
    xz = rng.uniform(-5, 5, 64).astype(np.float32)
    xz[:8] = [0.0, -0.0, INF, -INF, 3.4e38, -1.2e-38, -1.0, 1.0]
    # bf16 patterns: NaNs of either sign and payloads, infinities, zeros, normals.
    xb = to_bf16(rng.uniform(-50, 50, 128).astype(np.float32))
    xb[:10] = [0xFFC1, 0x7FC1, 0xFF81, 0xFF80, 0x7F80, 0x8000, 0x0000, 0x8001, 0xBF80, 0x3F80]
    xb[[100, 110]] = [0xFFC0, 0x8000]              # past the 100-lane tail

    f32_lanes, f16_lanes = np.arange(128) < 120, np.arange(256) < 250
    of0 = (-1.0 - np.arange(768)).astype(np.float32)
    oh0 = (-1.0 - np.arange(1536) / 16).astype(np.float16)
    oz0 = np.arange(128, dtype=np.uint32) + 0x12345600
    ob0 = (np.arange(256) + 0x4100).astype(np.uint16)
    of = results(xf, pf, np.float32, f32_lanes)
    oh = results(xh, ph, np.float16, f16_lanes)
    oz = np.concatenate([np.abs(xz), -xz]).view(np.uint32)
    babs = np.where(np.arange(128) < 100, xb & 0x7FFF, 0).astype(np.uint16)
    ob = ob0.copy()
    ob[:128] = babs
    ob[128:228] = babs[:100]
    save(out_dir, {"xf": np.concatenate([xf, pf]), "xh": np.concatenate([xh, ph]), "xz": xz,
                   "xb": xb, "of.init": of0, "oh.init": oh0, "oz.init": oz0, "ob.init": ob0,
                   "of.expect": of, "oh.expect": oh, "oz.expect": oz, "ob.expect": ob})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
