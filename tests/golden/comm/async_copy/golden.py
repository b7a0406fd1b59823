"""Async DMA transfers between two blocks (see kernel.pto): inbox[1 - b] = x[b] by tput_async,
got[b] = x[1 - b] by tget_async, bit for bit."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save  # noqa: E402

CASE = {
    "args": ["x.bin", "zeros:128", "zeros:128", "zeros:64", "--blocks", "2"],
    "outs": [{"target": "2", "expect": "inbox.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0},
             {"target": "3", "expect": "got.expect.bin", "dtype": "float32", "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(7141)
    x = rng.normal(0.0, 10.0, size=(2, 64)).astype(np.float32)
    x[0, :3] = [np.inf, -0.0, np.nan]  # copied as bits
    save(out_dir, {"x": x, "inbox.expect": x[::-1].copy(), "got.expect": x[::-1].copy()})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
