"""a5's high-precision divisions by their sequences (reference/npu_divide.py) on values whose
quotients are subnormal or ties, subnormal dividends and divisors beyond 2^126, where the
sequences differ from one IEEE rounding; the default mode's tdiv (one rounding) beside them."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402
from reference.npu_divide import compensated_f32, ieee754_f16, ieee754_f32

F32 = ["div", "divs", "recip", "cdiv", "div_d"]
CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "c.bin", "h.bin", "g.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float32"} for n in F32]
    + [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float16"} for n in ("div_h", "divs_h")],
}


def generate(out_dir, seed=4716):
    rng = np.random.default_rng(seed)
    shape = (4, 64)
    sign = lambda s: np.where(rng.random(s) < 0.5, -1.0, 1.0)
    a = (sign(shape) * 2.0 ** rng.uniform(-40, 40, shape)).astype(np.float32)
    b = (sign(shape) * 2.0 ** rng.uniform(-40, 40, shape)).astype(np.float32)
    odd = rng.integers(0, 2**22, 64) * 2 + 1  # odd multiples of 2^-149 over 2: ties
    a[0] = (odd * 2.0 ** -149).astype(np.float32)
    b[0] = 2.0
    a[1, :32] = (rng.integers(1, 2**23, 32) * 2.0 ** -149).astype(np.float32)  # subnormal
    b[1, :32] = (2.0 ** rng.uniform(-20, 20, 32)).astype(np.float32)
    b[2, :32] = (2.0 ** rng.uniform(126.1, 127.9, 32)).astype(np.float32)  # 1 / b subnormal
    a[3, :32] = (2.0 ** rng.uniform(-126, -100, 32)).astype(np.float32)
    b[3, :32] = (2.0 ** rng.uniform(1, 24, 32)).astype(np.float32)  # a / b subnormal
    c = (sign((1, 64)) * 2.0 ** rng.uniform(-10, 30, (1, 64))).astype(np.float32)
    h = (sign(shape) * 2.0 ** rng.uniform(-14, 0, shape)).astype(np.float16)
    g = (2.0 ** rng.uniform(0, 12, shape)).astype(np.float16)
    out = {"div": compensated_f32(a, b), "divs": ieee754_f32(a, np.float32(1)),
           "recip": ieee754_f32(np.float32(1), b), "cdiv": ieee754_f32(a, c),
           "div_h": ieee754_f16(h, g), "divs_h": ieee754_f16(h, np.float16(3)),
           "div_d": (a / b).astype(np.float32)}
    with np.errstate(all="ignore"):
        once = {"div": a / b, "divs": a / np.float32(1), "recip": np.float32(1) / b, "cdiv": a / c,
                "div_h": h / g, "divs_h": h / np.float16(3)}
    for name, v in once.items():  # the sequences differ from one rounding here
        assert (out[name] != v).sum() >= 3, name
    save(out_dir, {"a": a, "b": b, "c": c, "h": h, "g": g})
    save(out_dir, {f"{name}.expect": v for name, v in out.items()})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
