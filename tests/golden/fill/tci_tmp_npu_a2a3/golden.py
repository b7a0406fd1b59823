"""tci with a tmp tile on a2a3 (pto-isa a2a3 TCI.hpp): ascending start + j; descending
-(start + j), wrapping in the tile's type, where the tmp-less form gives start - j."""
import os

import numpy as np

CASE = {
    "arch": "a2a3",
    "args": ["zeros:192", "zeros:448", "zeros:64", "zeros:64", "zeros:256"],
    "outs": [{"target": "up32", "expect": "up32.expect.bin", "dtype": "int32"},
             {"target": "down32", "expect": "down32.expect.bin", "dtype": "int32"},
             {"target": "down16", "expect": "down16.expect.bin", "dtype": "int16"},
             {"target": "plain", "expect": "plain.expect.bin", "dtype": "int32"}],
}


def row(values, cols, dt):
    out = np.zeros(cols, dt)
    out[:len(values)] = np.asarray(values, np.int64).astype(dt)
    return out


def generate(out_dir):
    j32, j16 = np.arange(40), np.arange(200)
    out = {"up32": row(100 + j32, 64, np.int32), "down32": row(-(100 + j32), 64, np.int32),
           "down16": row(-(-5 + j16), 256, np.int16), "plain": row(100 - j32, 64, np.int32)}
    assert (out["down32"] != out["plain"]).sum() == 40
    for name, v in out.items():
        v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
