"""trem, tfmod, trems, tfmods on a2a3 by the NPU's sequences (reference/npu_arith.py): f32 on
values whose quotients are large or land next to an integer; i32 on values beyond 2^24, which
f32 does not hold, and the i32 sources as the sequences leave them (converted in place); rows
of 100 columns for trems's sign fix by column c mod 64. The exact results, and trems without
the lane rule, are counted against them."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402
from reference.npu_arith import int_remainder_a2a3, remainder_steps

SHAPE, VALID = (4, 128), (3, 100)
F32 = ["rem", "fmod", "rems", "rems_n", "fmods"]
I32 = ["rem_i", "rems_i", "rems_in"]
CASE = {
    "arch": "a2a3",
    "args": ["a.bin", "b.bin", "i.bin", "j.bin", "zeros:256", "zeros:256"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "float32"} for n in F32]
    + [{"target": n, "expect": f"{n}.expect.bin", "dtype": "int32"} for n in I32]
    + [{"target": n, "expect": f"{n}_after.expect.bin", "dtype": "int32"} for n in ("i", "j")],
}
PAIRS = [(1.0, 0.1), (1e10, 3.0), (-1e8, 3.0), (1.0, 0.33333334), (7.5, 2.0), (-7.5, 2.0),
         (6.0, -3.0), (0.0, 3.0), (-0.0, 3.0), (5.0, 0.0), (np.inf, 2.0), (2.0, np.inf),
         (np.nan, 1.0), (3.4e38, 3.0), (1e-45, 1.0)]
INT_PAIRS = [(2**31 - 1, 7), (-2**31, 7), (16777217, 2), (2**30 + 1, 7), (-2**30 - 3, -7),
             (7, 2**31 - 1), (-7, -2**31), (100, -7), (-100, 7), (0, 5)]


def differ(got, want):
    return int((~((got == want) | (np.isnan(got) & np.isnan(want)))).sum())


def generate(out_dir, seed=4712):
    rng = np.random.default_rng(seed)
    rows, cols = VALID
    sign = lambda: np.where(rng.random(SHAPE) < 0.5, -1.0, 1.0)
    a = (sign() * 10.0 ** rng.uniform(-3, 10, SHAPE)).astype(np.float32)
    b = (sign() * 10.0 ** rng.uniform(-2, 1, SHAPE)).astype(np.float32)
    a[0, :len(PAIRS)] = [p[0] for p in PAIRS]
    b[0, :len(PAIRS)] = [p[1] for p in PAIRS]
    i = rng.integers(-2**31, 2**31, SHAPE, dtype=np.int64).astype(np.int32)
    small = rng.integers(-20, 21, SHAPE)
    j = np.where(rng.random(SHAPE) < 0.5, small, rng.integers(-2**31, 2**31, SHAPE)).astype(np.int32)
    j[j == 0] = 3
    i[0, :len(INT_PAIRS)] = [p[0] for p in INT_PAIRS]
    j[0, :len(INT_PAIRS)] = [p[1] for p in INT_PAIRS]
    k, kn = np.float32(0.1), np.float32(-3.0)
    npu = {
        "rem": remainder_steps(a, b, True, True), "fmod": remainder_steps(a, b, False, False),
        "rems": remainder_steps(a, k, True, True, lane_quirk=True),
        "rems_n": remainder_steps(a, kn, True, True, lane_quirk=True),
        "fmods": remainder_steps(a, k, False, False),
        "rem_i": int_remainder_a2a3(i, j, False), "rems_i": int_remainder_a2a3(i, 7, True),
        "rems_in": int_remainder_a2a3(i, -7, True),
    }
    x, y, ix, jy = (v.astype(np.float64) for v in (a, b, i, j))
    with np.errstate(all="ignore"):
        exact = {"rem": np.remainder(x, y), "fmod": np.fmod(x, y), "rems": np.remainder(x, np.float64(k)),
                 "fmods": np.fmod(x, np.float64(k))}
    valid = np.s_[:rows, :cols]
    for name, want in exact.items():
        assert differ(npu[name][valid], want.astype(np.float32)[valid]) >= 5, name
    assert differ(npu["rem_i"][valid], np.remainder(i.astype(np.int64), j.astype(np.int64))[valid]) >= 5
    assert differ(npu["rems_i"][valid], np.remainder(i.astype(np.int64), 7)[valid]) >= 5
    for name, kk in (("rems", k), ("rems_n", kn)):  # the lane rule decides some elements
        plain = remainder_steps(a, kk, True, True)
        assert differ(npu[name][valid], plain[valid]) >= 3, name
    # The i32 sources as a2a3 leaves them (converted in place): the dividend its f32 round
    # trip, trem's divisor its f32 value's bits.
    round_trip = lambda v: np.clip(v.astype(np.float32).astype(np.float64), -2**31, 2**31 - 1).astype(np.int32)
    after = {"i": round_trip(i), "j": round_trip(j).astype(np.float32).view(np.int32)}
    assert (after["i"] != i).sum() >= 5
    for name, v in after.items():  # over the valid region only
        out = {"i": i, "j": j}[name].copy()
        out[valid] = v[valid]
        out.tofile(os.path.join(out_dir, f"{name}_after.expect.bin"))
    save(out_dir, {"a": a, "b": b, "i": i, "j": j})
    for name, v in npu.items():
        out = np.zeros(SHAPE, v.dtype)  # results outside the valid region stay 0
        out[valid] = v[valid]
        out.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
