"""a2a3's tcmp, tcmps and tsubs as pto-isa's a2a3 headers run them (TCmp.hpp, TCmps.hpp,
TSubS.hpp): i32 compared for equality whatever the mode; i16 and ui16 compared as the f16
values of their bits; tsubs adding (T)(-(float)k), saturating. The results by the written
modes and scalars (--arith exact) are counted against them."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402
from reference.compare_select import pack_mask

MASKS = ["lt", "ne", "gts", "lth", "geu"]
CASE = {
    "arch": "a2a3",
    "args": ["i.bin", "j.bin", "h.bin", "u.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": "uint8"} for n in MASKS]
    + [{"target": n, "expect": f"{n}.expect.bin", "dtype": "int32"} for n in ("subs", "subs_min")]
    + [{"target": "subs_h", "expect": "subs_h.expect.bin", "dtype": "int16"}],
}


def as_half(v):
    return v.astype(np.uint16).view(np.float16).astype(np.float64)


def wrap(v, dt):
    bits = 8 * np.dtype(dt).itemsize
    return ((v.astype(np.int64) + 2 ** (bits - 1)) % 2 ** bits - 2 ** (bits - 1)).astype(dt)


def subs(x, k, dt):
    """x - k as a2a3 adds it: x + (T)(-(float)k), the conversion saturating."""
    info = np.iinfo(dt)
    added = int(np.clip(-float(np.float32(k)), info.min, info.max))
    return wrap(x.astype(np.int64) + added, dt)


def generate(out_dir, seed=4714):
    rng = np.random.default_rng(seed)
    i = rng.integers(-8, 9, (2, 64)).astype(np.int32)
    j = np.where(rng.random((2, 64)) < 0.3, i, rng.integers(-8, 9, (2, 64))).astype(np.int32)
    i[1, :8] = [2**31 - 1, -2**31, 16777217, -16777217, 5, 6, 0, -1]
    h = rng.integers(-2**15, 2**15, (2, 128)).astype(np.int16)
    h[0, :6] = [-1, -3, 0, 1, 31744, 31745]
    u = rng.integers(0, 2**16, (2, 128)).astype(np.uint16)
    u[0, :6] = [0, 100, 101, 31744, 31745, 65535]
    with np.errstate(invalid="ignore"):
        npu = {
            "lt": i == j, "ne": i != j, "gts": i == 5,
            "lth": as_half(h) < as_half(np.array([-3], np.int16))[0],
            "geu": as_half(u) >= as_half(np.array([100], np.uint16))[0],
        }
    exact = {"lt": i < j, "ne": i != j, "gts": i > 5, "lth": h < -3, "geu": u >= 100}
    for name in ("lt", "gts", "lth", "geu"):
        assert (npu[name] != exact[name]).sum() >= 5, name
    out = {name: pack_mask(p, (2, 32)) for name, p in npu.items()}
    out["subs"] = subs(i, 16777217, np.int32)
    out["subs_min"] = subs(i, -2**31, np.int32)
    out["subs_h"] = subs(h, -2**15, np.int16)
    assert (out["subs"] != wrap(i.astype(np.int64) - 16777217, np.int32)).all()
    save(out_dir, {"i": i, "j": j, "h": h, "u": u})
    save(out_dir, {f"{name}.expect": v for name, v in out.items()})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
