"""TPOW / TPOWS on a5: pto-isa's sequences step by step (reference.power), compared bit for bit."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference import power
from reference.numerics import from_bf16, to_bf16
from reference.tiles import kernel_args, save

HERE = os.path.dirname(os.path.abspath(__file__))
K = -2.5  # tpows's f32 exponent
OUTS = {"p32": "float32", "h32": "float32", "s32": "float32", "p16": "float16",
        "pb": "bfloat16", "pi": "int32", "su": "uint8"}

CASE = {
    "arch": "a5",
    "args": kernel_args(HERE, ("b", "e")),
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t} for n, t in OUTS.items()],
}

INF, NAN = float("inf"), float("nan")
# (base, exponent) pairs each sequence treats apart.
SPECIAL = [(0.0, 2.0), (-0.0, 3.0), (-0.0, -3.0), (-0.0, -2.0), (0.0, -0.5), (INF, -2.0),
           (-INF, 3.0), (-INF, -3.0), (-INF, 0.5), (NAN, 0.0), (1.0, NAN), (NAN, 2.0),
           (-1.0, INF), (-1.0, -INF), (-2.0, 3.0), (-2.0, 2.5), (-2.0, -4.0), (2.0, 130.0),
           (0.5, 200.0), (1e-40, 0.5), (3.0, INF), (0.25, INF), (-3.0, 1e10), (7.0, -0.0),
           (1.5, 2.0**31), (-1.5, 2.0**31)]


def floats(rng, n):
    base = list(rng.uniform(0.05, 8.0, n))
    expo = list(rng.uniform(-6.0, 6.0, n))
    for i in range(0, n, 4):  # negative bases with integer exponents
        base[i] = -base[i]
        expo[i] = float(np.round(expo[i]))
    return base, expo


def generate(out_dir):
    rng = np.random.default_rng(4040)
    sb, se = zip(*SPECIAL)
    rb, re_ = floats(rng, 64 - len(SPECIAL))
    b32 = np.array(list(sb) + rb, np.float32).reshape(4, 16)
    e32 = np.array(list(se) + re_, np.float32).reshape(4, 16)
    b16, e16 = (np.array(v[:32], np.float16).reshape(2, 16) for v in floats(rng, 32))
    b16.flat[:4], e16.flat[:4] = [-0.0, 2.0, -2.0, 65000.0], [-1.0, 15.0, 0.5, 2.0]
    fb, fe = floats(rng, 32)
    bb, eb = (to_bf16(np.array(v, np.float32)).reshape(2, 16) for v in (fb, fe))
    bi = rng.integers(-6, 7, (2, 16)).astype(np.int32)
    ei = rng.integers(-3, 25, (2, 16)).astype(np.int32)
    bi.flat[:6], ei.flat[:6] = [0, -1, -1, 1, 3, 0], [0, -3, -4, -7, 40, -2]
    bu = rng.integers(0, 256, (2, 32)).astype(np.uint8)
    pb = power.elementwise(power.pow_a5_high, from_bf16(bb), from_bf16(eb), np.float32)
    save(out_dir, {
        "b32": b32, "e32": e32, "b16": b16, "e16": e16, "bb": bb, "eb": eb, "bi": bi, "ei": ei,
        "bu": bu,
        "p32.expect": power.elementwise(power.pow_a5, b32, e32, np.float32),
        "h32.expect": power.elementwise(power.pow_a5_high, b32, e32, np.float32),
        "s32.expect": power.elementwise(power.pow_a5, b32, np.float32(K), np.float32),
        "p16.expect": power.elementwise(power.pow_a5, b16, e16, np.float16),
        "pb.expect": to_bf16(pb),
        "pi.expect": power.elementwise(
            lambda x, y: power.ipow_a5(x, y, True, 32), bi, ei, np.int32),
        "su.expect": power.elementwise(
            lambda x, y: power.ipow_a5(x, y, False, 16), bu, np.uint8(3), np.uint8),
    })


if __name__ == "__main__":
    generate(HERE)
