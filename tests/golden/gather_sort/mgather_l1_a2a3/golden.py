"""mgather from GM into an L1 (mat) NZ tile on a2a3, the index a GM i32 view.

Row form, gatherOob = clamp: m1[r, :] = table[min(idx[r], 63), :] (indices up to 69).
Elem form, gatherOob = zero, m2's valid shape 24x32: m2[i, j] = table.flat[idx[i, j]], or 0 for
an index past the table's 2048 elements; the whole tile is cleared first, and the scratch view
(32x32 f16) receives m2's storage in NZ order: element (r, c) at (c // 16) * 32 * 16 + r * 16 +
c % 16 (16 f16 make a 32-byte row of a fractal)."""
import os

import numpy as np

SEED = 2741
CASE = {
    "arch": "a2a3",
    "args": ["tab.bin", "ir.bin", "ie.bin", "zeros:1024", "zeros:1024", "zeros:768"],
    "outs": [
        {"target": "4", "expect": "scr.expect.bin", "dtype": "float16"},
        {"target": "5", "expect": "o1.expect.bin", "dtype": "float16"},
        {"target": "6", "expect": "o2.expect.bin", "dtype": "float16"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    tab = rng.uniform(-8, 8, size=(64, 32)).astype(np.float16)
    ir = rng.integers(0, 70, size=(1, 32)).astype(np.int32)
    ie = rng.integers(0, 2200, size=(24, 32)).astype(np.int32)
    o1 = tab[np.minimum(ir[0], 63)]
    flat = tab.reshape(-1)
    m2 = np.zeros((32, 32), np.float16)
    m2[:24] = np.where(ie < flat.size, flat[np.minimum(ie, flat.size - 1)], 0)
    nz = m2.reshape(32, 2, 16).transpose(1, 0, 2).reshape(-1)
    for name, arr in [("tab", tab), ("ir", ir), ("ie", ie), ("scr.expect", nz),
                      ("o1.expect", o1), ("o2.expect", m2[:24])]:
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
