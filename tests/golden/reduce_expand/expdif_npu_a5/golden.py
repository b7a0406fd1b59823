"""trowexpandexpdif and tcolexpandexpdif on a5: exp(a - b) with the difference rounded to
the tile type first (vsub, then vexp), except a5's f32 (vexpdif, the exact difference); the
exponential rounded once. The results with the exact difference are counted against them."""
import os

import numpy as np

ARCH = "a5"
CASE = {
    "arch": ARCH,
    "args": ["a.bin", "r.bin", "c.bin", "h.bin", "rh.bin", "ch.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float32"} for n in ("row", "col")]
    + [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float16"} for n in ("row_h", "col_h")],
}


def expdif(x, s, rounds_difference):
    """exp(x - s) rounded once to x's type; the difference rounded to it first when asked."""
    s = np.broadcast_to(s, x.shape)
    diff = (x - s) if rounds_difference else x.astype(np.float64) - s.astype(np.float64)
    return np.exp(diff.astype(np.float64)).astype(x.dtype)


def generate(out_dir, seed=4713):
    rng = np.random.default_rng(seed)
    small = lambda shape, lo, hi: (np.where(rng.random(shape) < 0.5, -1, 1) * 10.0 ** rng.uniform(lo, hi, shape))
    a = rng.uniform(-20, 20, (8, 64)).astype(np.float32)
    r, c = small((8, 1), -7, -3).astype(np.float32), small((1, 64), -7, -3).astype(np.float32)
    h = rng.uniform(-10, 10, (8, 64)).astype(np.float16)
    rh, ch = small((8, 1), -4, -1).astype(np.float16), small((1, 64), -4, -1).astype(np.float16)
    f32_rounds = ARCH == "a2a3"
    npu = {"row": expdif(a, r, f32_rounds), "col": expdif(a, c, f32_rounds),
           "row_h": expdif(h, rh, True), "col_h": expdif(h, ch, True)}
    exact = {"row": expdif(a, r, False), "col": expdif(a, c, False),
             "row_h": expdif(h, rh, False), "col_h": expdif(h, ch, False)}
    for name in npu:
        differ = int((npu[name] != exact[name]).sum())
        assert differ >= 5 or (name in ("row", "col") and not f32_rounds), (name, differ)
    for name, v in {"a": a, "r": r, "c": c, "h": h, "rh": rh, "ch": ch}.items():
        v.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, v in npu.items():
        v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
