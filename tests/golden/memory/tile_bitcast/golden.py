"""pto.bitcast: the f32 tile's bits as ui32, its first 512 bytes as f16, +1 on the bits."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:256", "zeros:256", "zeros:256"],
    "outs": [{"target": "bits", "expect": "bits.expect.bin", "dtype": "uint32"},
             {"target": "halves", "expect": "halves.expect.bin", "dtype": "uint16"},
             {"target": "plus", "expect": "plus.expect.bin", "dtype": "uint32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(1532)
    x = rng.normal(0, 100, size=(16, 16)).astype(np.float32)
    bits = x.view(np.uint32)
    halves = x.reshape(-1).view(np.uint16)[:256].reshape(16, 16)
    save(out_dir, {"x": x, "bits.expect": bits, "halves.expect": halves,
                   "plus.expect": (bits + np.uint32(1)).astype(np.uint32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
