"""pto.vmi.vadd/vsub/vmul/vmax/vmin on integer logical vectors (docs/semantics.md "VMI layer").

Sums, differences and products are exact and wrap to the lane type (two's complement); vmul
takes no 8-bit lanes. vmax/vmin compare signed for signless iN and siN, unsigned for uiN (a
signless iN computes as signed except where the VMI pages call it unsigned). Lanes past the
create_mask count are 0; the masked store of the sum keeps the sentinels.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

# (type, lanes, active lanes), in the kernel's order.
TYPES = [("i8", 256, 230), ("ui8", 64, 50), ("si8", 128, 100), ("i16", 256, 180),
         ("ui16", 128, 127), ("si16", 64, 33), ("i32", 128, 70), ("ui32", 256, 255),
         ("si32", 64, 64)]
NP = {"i8": np.int8, "si8": np.int8, "ui8": np.uint8, "i16": np.int16, "si16": np.int16,
      "ui16": np.uint16, "i32": np.int32, "si32": np.int32, "ui32": np.uint32}

CASE = {
    "args": [f"in_{t}.bin" for t, _, _ in TYPES] + [f"out_{t}.init.bin" for t, _, _ in TYPES],
    "outs": [{"target": str(len(TYPES) + i + 1), "expect": f"out_{t}.expect.bin",
              "dtype": np.dtype(NP[t]).name}
             for i, (t, _, _) in enumerate(TYPES)],
}


def generate(out_dir):
    rng = np.random.default_rng(4103)
    arrays = {}
    for t, lanes, active in TYPES:
        dt = NP[t]
        info = np.iinfo(dt)
        ab = rng.integers(info.min, info.max, 2 * lanes, endpoint=True).astype(dt)
        a, b = ab[:lanes], ab[lanes:]
        edges = [(info.max, 1), (info.min, -1 if info.min < 0 else 1), (info.min, info.max),
                 (-1 if info.min < 0 else info.max, 1), (0, info.max), (info.max, info.max),
                 (info.min, info.min), (5, 5)]
        for i, (x, y) in enumerate(edges):
            a[3 * i], b[3 * i] = np.array(x).astype(dt), np.array(y).astype(dt)
        wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
        results = [(wide_a - wide_b).astype(dt)]
        if dt().itemsize > 1:
            # Products wrap: the low bits of the exact product (int64 wraps the same way).
            results.append((wide_a * wide_b).astype(dt))
        results += [np.maximum(a, b), np.minimum(a, b)]   # numpy compares by the dtype's sign
        out0 = np.arange(lanes * (len(results) + 2)).astype(dt) ^ np.array(0x5A).astype(dt)
        out = out0.copy()
        total = (wide_a + wide_b).astype(dt)
        out[0:lanes] = total
        for i, r in enumerate(results):
            r = r.copy()
            r[active:] = 0
            out[lanes * (i + 1):lanes * (i + 2)] = r
        base = lanes * (len(results) + 1)
        out[base:base + active] = total[:active]
        arrays[f"in_{t}"] = ab
        arrays[f"out_{t}.init"] = out0
        arrays[f"out_{t}.expect"] = out
    save(out_dir, arrays)


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
