"""Every public lane count of a VMI vector (1, 2, 4, 8, 64, 128, 256) and internal ones (6, 384,
512) on f32 (vadd), f16 (vmul) and i8 (vsub) lanes (docs/semantics.md "VMI layer").

Per lane count L: a = L elements from an unaligned element offset, b = L elements from the start
of the second input; r = op(a, b) under create_mask(L - L // 4) is stored whole (inactive lanes
0) and then stored through create_mask(L - L // 8) (lanes past that keep their sentinels). Each
store starts 3 elements past the end of the previous one (element-aligned addresses only).
Lanes compute as f32 (f16: in f32, rounded once) or wrap (i8).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

LANES = [1, 2, 4, 6, 8, 64, 128, 256, 384, 512]
TYPES = [("f32", np.float32, "vadd"), ("f16", np.float16, "vmul"), ("i8", np.int8, "vsub")]
IN_LEN = 1024                                # elements of each input (a and b halves)

CASE = {
    "args": [f"in_{t}.bin" for t, _, _ in TYPES] + [f"out_{t}.init.bin" for t, _, _ in TYPES],
    "outs": [{"target": str(len(TYPES) + i + 1), "expect": f"out_{t}.expect.bin",
              "dtype": np.dtype(dt).name} for i, (t, dt, _) in enumerate(TYPES)],
}


def a_offset(lanes):
    """Where a starts in the first half of the input (unaligned for every type)."""
    return 1 + lanes % 5


def layout():
    """[(L, whole-store offset, masked-store offset)] and the output's length."""
    rows, at = [], 3
    for lanes in LANES:
        rows.append((lanes, at, at + lanes + 3))
        at += 2 * (lanes + 3)
    return rows, -(-at // 64) * 64


def counts(lanes):
    return lanes - lanes // 4, lanes - lanes // 8


def op(t, a, b):
    if t == "f32":
        return a + b
    if t == "f16":
        return (a.astype(np.float32) * b.astype(np.float32)).astype(np.float16)
    return (a.astype(np.int64) - b.astype(np.int64)).astype(np.int8)


def generate(out_dir):
    rng = np.random.default_rng(4111)
    rows, total = layout()
    arrays = {}
    for t, dt, _ in TYPES:
        if t == "i8":
            data = rng.integers(-128, 127, 2 * IN_LEN, endpoint=True).astype(dt)
        else:
            data = rng.uniform(-20, 20, 2 * IN_LEN).astype(dt)
        out0 = (np.arange(total) % 113 - 100).astype(dt)
        out = out0.copy()
        for lanes, whole, part in rows:
            o = a_offset(lanes)
            a, b = data[o:o + lanes], data[IN_LEN:IN_LEN + lanes]
            n, n2 = counts(lanes)
            r = op(t, a, b)
            r[n:] = 0
            out[whole:whole + lanes] = r
            out[part:part + n2] = r[:n2]
        arrays.update({f"in_{t}": data, f"out_{t}.init": out0, f"out_{t}.expect": out})
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
