"""TPREFETCH (f32, i16 on a2a3) writes nothing; TSYNC.OP does nothing; tload reads the data."""
import os

import numpy as np

CASE = {
    "arch": "a2a3",
    "args": ["in.bin", "hin.bin", "pre.bin"],
    "outs": [
        {"target": "p", "expect": "p.expect.bin", "dtype": "float32"},
        {"target": "pre", "expect": "pre.bin", "dtype": "float32"},
        {"target": "q", "expect": "q.expect.bin", "dtype": "int16"},
        {"target": "x", "expect": "in.bin", "dtype": "float32"},
        {"target": "h", "expect": "hin.bin", "dtype": "int16"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(661)
    files = {
        "in": rng.normal(size=(16, 32)).astype(np.float32),
        "hin": rng.integers(-32768, 32768, size=(8, 16)).astype(np.int16),
        "pre": np.full((16, 32), -7.5, dtype=np.float32),
        "p.expect": np.zeros((16, 32), dtype=np.float32),
        "q.expect": np.zeros((8, 16), dtype=np.int16),
    }
    for name, a in files.items():
        a.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
