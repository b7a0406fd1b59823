"""Overlapping destinations (aliased UB): results as if every source were read first."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.reductions import line_sums
from reference.tiles import save


CASE = {
    "args": ["x.bin", "c.bin", "a.bin"],
    "outs": [{"target": "rs", "expect": "rs.expect.bin", "dtype": "float32"},
             {"target": "rs_src", "expect": "rs_src.expect.bin", "dtype": "float32"},
             {"target": "cs", "expect": "cs.expect.bin", "dtype": "float32"},
             {"target": "m", "expect": "m.expect.bin", "dtype": "float32"},
             {"target": "d", "expect": "d.expect.bin", "dtype": "float32"},
             {"target": "e", "expect": "e.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(213)
    x = (np.round(rng.uniform(-50, 50, size=(16, 8)) * 256) / 256).astype(np.float32)
    c = rng.normal(0, 10, size=16).astype(np.float32)
    a = rng.normal(0, 10, size=(16, 16)).astype(np.float32)
    rs = line_sums(x, "f32")
    rs_src = x.copy()
    rs_src.reshape(-1)[:16] = rs           # the column occupies the first 64 bytes: rows 0..1
    cs = line_sums(x.T, "f32").reshape(1, -1)
    m = (x.astype(np.float64) * x[0].astype(np.float64)).astype(np.float32)
    d = (a.astype(np.float64) - c.astype(np.float64)[:, None]).astype(np.float32)
    e = np.repeat(c[:, None], 16, axis=1)
    save(out_dir, {"x": x, "c": c, "a": a})
    for name, v in [("rs", rs), ("rs_src", rs_src), ("cs", cs), ("m", m), ("d", d), ("e", e)]:
        v.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
