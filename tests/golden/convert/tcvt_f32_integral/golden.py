"""tcvt f32 -> f32 under each rounding mode: each element rounded to an integral value as the
NPU's vconv_f322f32 (a2a3) / vtrc (a5) do: RINT ties to even, ROUND ties away from zero, FLOOR,
CEIL, TRUNC; no mode and ODD as RINT (pto-isa's default). Compared bit for bit (uint32), so the
sign of a zero result counts."""
import os

import numpy as np

MODES = ["none", "rint", "round", "floor", "ceil", "trunc", "odd"]
CASE = {
    "args": ["x.bin"],
    "outs": [{"target": m, "expect": f"{m}.expect.bin", "dtype": "uint32"} for m in MODES],
}


def integral(x, mode):
    x = x.astype(np.float64)
    if mode in ("none", "rint", "odd"):
        r = np.rint(x)                       # ties to even
    elif mode == "round":
        r = np.sign(x) * np.floor(np.abs(x) + 0.5)
        r = np.where(np.isfinite(x), r, x)
    else:
        r = {"floor": np.floor, "ceil": np.ceil, "trunc": np.trunc}[mode](x)
    r = np.where(x == 0, x, r)               # a zero keeps its sign
    r = np.copysign(np.abs(r), x)            # -0.4 -> -0 (the result keeps the sign)
    return r.astype(np.float32)


def generate(out_dir, seed=485):
    rng = np.random.default_rng(seed)
    x = (rng.uniform(-50, 50, (4, 64)) * 4).round() / 4   # quarters: halves tie
    x = x.astype(np.float32)
    x[0, :8] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.0, -0.0]
    x[1, :6] = [np.inf, -np.inf, np.nan, 2.0**23 + 1, -(2.0**24), 0.49999997]
    x[2, :4] = [-0.4, 0.4, -0.75, 1e30]
    arrays = {"x": x}
    for m in MODES:
        arrays[f"{m}.expect"] = integral(x, m)
    for name, a in arrays.items():
        np.ascontiguousarray(a).tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
