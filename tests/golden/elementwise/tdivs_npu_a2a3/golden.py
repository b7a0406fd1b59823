"""tdivs on a2a3 (pto-isa a2a3 TDivS.hpp): in place, x times f32(1 / k) rounded once more;
not in place, x / k (IEEE). k = 3 makes the two differ on many elements."""
import os

import numpy as np

K = 3.0
CASE = {
    "arch": "a2a3",
    "args": ["x.bin", "zeros:512", "zeros:512", str(K)],
    "outs": [{"target": "2", "expect": "inplace.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "apart.expect.bin", "dtype": "float32"}],
}


def generate(out_dir, seed=488):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1000, 1000, (8, 64)).astype(np.float32)
    inv = np.float32(1.0) / np.float32(K)
    inplace = (x * inv).astype(np.float32)
    apart = (x / np.float32(K)).astype(np.float32)
    assert (inplace != apart).sum() > 20
    for name, a in {"x": x, "inplace.expect": inplace, "apart.expect": apart}.items():
        a.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
