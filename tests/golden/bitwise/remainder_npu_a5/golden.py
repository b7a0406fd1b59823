"""trem, tfmod, trems, tfmods on a5 by the NPU's sequences (reference/npu_arith.py), on
values whose quotients are large or land next to an integer, so that the steps' roundings
differ from the exact remainder; the exact results are counted against them."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402
from reference.npu_arith import remainder_f16_a5, remainder_high_a5, remainder_steps

SHAPE, VALID = (4, 64), (3, 60)
F32 = ["rem", "fmod", "rem_hp", "fmod_hp", "rems", "rems_n", "fmods"]
F16 = ["rem_h", "fmod_h", "rems_h"]
CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "h.bin", "g.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float32"} for n in F32]
    + [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float16"} for n in F16],
}
PAIRS = [(1.0, 0.1), (1e10, 3.0), (-1e8, 3.0), (1.0, 0.33333334), (7.5, 2.0), (-7.5, 2.0),
         (6.0, -3.0), (0.0, 3.0), (-0.0, 3.0), (5.0, 0.0), (np.inf, 2.0), (2.0, np.inf),
         (np.nan, 1.0), (3.4e38, 3.0), (1e-45, 1.0), (-2.0 ** -100, 2.0 ** -60)]


def fmod32(a, b):
    with np.errstate(all="ignore"):
        return np.fmod(a, b)


def generate(out_dir, seed=4711):
    rng = np.random.default_rng(seed)
    sign = lambda: np.where(rng.random(SHAPE) < 0.5, -1.0, 1.0)
    a = (sign() * 10.0 ** rng.uniform(-3, 10, SHAPE)).astype(np.float32)
    b = (sign() * 10.0 ** rng.uniform(-2, 1, SHAPE)).astype(np.float32)
    a[0, :len(PAIRS)] = [p[0] for p in PAIRS]
    b[0, :len(PAIRS)] = [p[1] for p in PAIRS]
    h = (sign() * 10.0 ** rng.uniform(-2, 4, SHAPE)).astype(np.float16)
    g = (sign() * 10.0 ** rng.uniform(-2, 1, SHAPE)).astype(np.float16)
    k, kn, kh = np.float32(0.1), np.float32(-3.0), np.float16(0.1)
    npu = {
        "rem": remainder_steps(a, b, True, True), "fmod": remainder_steps(a, b, False, False),
        "rem_hp": remainder_high_a5(a, b), "fmod_hp": fmod32(a, b),
        "rems": remainder_steps(a, k, True, False), "rems_n": remainder_steps(a, kn, True, False),
        "fmods": remainder_steps(a, k, False, False),
        "rem_h": remainder_f16_a5(h, g, True, True), "fmod_h": remainder_f16_a5(h, g, False, False),
        "rems_h": remainder_f16_a5(h, kh, True, False),
    }
    x, y, hx, gy = (v.astype(np.float64) for v in (a, b, h, g))
    with np.errstate(all="ignore"):
        exact = {"rem": np.remainder(x, y), "fmod": np.fmod(x, y), "rems": np.remainder(x, 0.1),
                 "fmods": np.fmod(x, np.float64(k)), "rem_h": np.remainder(hx, gy),
                 "fmod_h": np.fmod(hx, gy)}
    rows, cols = VALID
    for name, want in exact.items():  # the sequences differ from the exact remainders
        got = npu[name][:rows, :cols].astype(np.float64)
        want = want.astype(npu[name].dtype).astype(np.float64)[:rows, :cols]
        assert (~((got == want) | (np.isnan(got) & np.isnan(want)))).sum() >= 5, name
    save(out_dir, {"a": a, "b": b, "h": h, "g": g})
    for name, v in npu.items():
        out = np.zeros(SHAPE, v.dtype)  # results outside the valid region stay 0
        out[:rows, :cols] = v[:rows, :cols]
        out.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
