"""vlrelu, vprelu, vaxpy, vmula, vexpdif, vmull and vci (a5): f32 and f16 activations and fused
multiply-adds under partial masks (inactive lanes zero, vmula's keep the accumulator; one
rounding for the fused ones, scalars rounded to the lanes' type first); exp(x - max) from f32
lanes and from the even and odd f16 lanes; integer vmula wrapping; the 64-bit products of i32
and ui32 lanes split into low and high words; index vectors ascending and descending, wrapping
integers and rounding floats."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.element_types import TYPES, bits_type, values
from reference.tiles import save

FLOAT = [("f32", 57, np.float32(-0.3)), ("f16", 101, np.float16(0.375))]  # type, seed, slope
AXPY_K = 1.7
INT = [("i32", 50), ("ui32", 50), ("i16", 50)]
VCI = [("i32", -5, 1), ("i8", 100, -1), ("f16", 2.5, 1), ("f32", 0.25, -1), ("i16", 32760, 1)]


def lanes(t):
    return 256 // np.dtype(TYPES[t][0]).itemsize


def _params():
    p = []
    for t, _, _ in FLOAT:
        p += [(f"x_{t}", t, 0), (f"y_{t}", t, 0), (f"z_{t}", t, 0), (f"sfu_{t}", t, 4)]
    p += [("e_f32", "f32", 0), ("emax_f32", "f32", 0), ("e_f16", "f16", 0),
          ("emax_f16", "f16", 0), ("expdif", "f32", 3)]
    for t, _ in INT:
        p += [(f"ix_{t}", t, 0), (f"iy_{t}", t, 0), (f"iz_{t}", t, 0),
              (f"imul_{t}", t, 1 if t == "i16" else 3)]
    p += [(f"vci_{t}", t, 1) for t, _, _ in VCI]
    return p


def _out(name, t):
    floating = t in ("f32", "f16")
    spec = {"target": name, "expect": f"{name}.expect.bin",
            "dtype": TYPES[t][1] if floating else bits_type(t).name}
    if floating:
        spec["rtol"] = 1e-6 if t == "f32" else 0.0  # exp and double rounding: 1 ulp of f32
    return spec


CASE = {
    "arch": "a5",
    "args": [f"{n}.bin" if not k else f"zeros:{lanes(t) * k}" for n, t, k in _params()],
    "outs": [_out(n, t) for n, t, k in _params() if k],
}


def fused(a, b, c, t):
    """a * b + c rounded once to t (the product is exact in float64)."""
    return (a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)).astype(t)


def generate(out_dir):
    rng = np.random.default_rng(1313)
    f = {}
    for t, n, slope in FLOAT:
        dt = TYPES[t][0]
        x, y, z = (values(t, rng, (lanes(t),)) for _ in range(3))
        f[f"x_{t}"], f[f"y_{t}"], f[f"z_{t}"] = x, y, z
        on = np.arange(lanes(t)) < n
        with np.errstate(all="ignore"):
            lrelu = np.where(x >= 0, x, (x * slope).astype(dt))
            prelu = np.where(x >= 0, x, (x * y).astype(dt))
            axpy = fused(np.full_like(x, dt(AXPY_K)), x, y, dt)
            mula = fused(x, y, z, dt)
        zero = np.zeros_like(x)
        f[f"sfu_{t}.expect"] = np.concatenate([np.where(on, lrelu, zero), np.where(on, prelu, zero),
                                               np.where(on, axpy, zero), np.where(on, mula, z)])
    e32 = rng.uniform(-20, 20, 64).astype(np.float32)
    m32 = rng.uniform(-20, 20, 64).astype(np.float32)
    e16 = rng.uniform(-6, 6, 128).astype(np.float16)
    m16 = rng.uniform(-6, 6, 128).astype(np.float16)
    e32[:4], m32[:4] = [np.inf, 1.0, np.nan, 100.0], [np.inf, -np.inf, 0.0, 0.0]
    f["e_f32"], f["emax_f32"], f["e_f16"], f["emax_f16"] = e32, m32, e16, m16
    with np.errstate(all="ignore"):
        d32 = np.where(np.arange(64) < 40, np.exp(e32 - m32), 0).astype(np.float32)
        diff16 = e16.astype(np.float32) - m16.astype(np.float32)
        on16 = np.arange(128) < 77
        even = np.where(on16[0::2], np.exp(diff16[0::2]), 0).astype(np.float32)
        odd = np.where(on16[1::2], np.exp(diff16[1::2]), 0).astype(np.float32)
    f["expdif.expect"] = np.concatenate([d32, even, odd])
    for t, n in INT:
        dt = TYPES[t][0]
        x, y, z = (values(t, rng, (lanes(t),)) for _ in range(3))
        f[f"ix_{t}"], f[f"iy_{t}"], f[f"iz_{t}"] = x, y, z
        on = np.arange(lanes(t)) < n
        prod = np.array(  # exact, as Python integers
            [int(a) * int(b) for a, b in zip(x, y)], dtype=object)
        mula = np.array([(int(c) + p) % (1 << (8 * x.itemsize)) for c, p in zip(z, prod)],
                        dtype=np.uint64).astype(bits_type(t))
        out = [np.where(on, mula, z.view(bits_type(t)))]
        if t != "i16":
            lo = np.array([p & 0xFFFFFFFF for p in prod], dtype=np.uint64).astype(np.uint32)
            hi = np.array([(p >> 32) & 0xFFFFFFFF for p in prod], dtype=np.uint64).astype(np.uint32)
            out += [np.where(on, lo, 0).astype(np.uint32), np.where(on, hi, 0).astype(np.uint32)]
        f[f"imul_{t}.expect"] = np.concatenate(out)
    for t, base, step in VCI:
        i = np.arange(lanes(t))
        if t in ("f32", "f16"):
            v = (base + step * i).astype(TYPES[t][0])
        else:
            v = (base + step * i).astype(np.int64).astype(TYPES[t][0])
        f[f"vci_{t}.expect"] = v.view(bits_type(t)) if t not in ("f32", "f16") else v
    save(out_dir, f)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
