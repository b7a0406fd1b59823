"""Two blocks exchange rows through global memory with tput/tget, tnotify/twait/ttest."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["x.bin", "zeros:384", "zeros:192", "zeros:384", "zeros:2", "zeros:2",
             "--blocks", "2"],
    "outs": [
        {"target": "2", "expect": "inbox.expect.bin", "dtype": "float32"},
        {"target": "3", "expect": "sum.expect.bin", "dtype": "float32"},
        {"target": "4", "expect": "out.expect.bin", "dtype": "float32"},
        {"target": "5", "expect": "sig.expect.bin", "dtype": "int32"},
        {"target": "6", "expect": "flags.expect.bin", "dtype": "int32"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(2042)
    x = rng.normal(0.0, 3.0, size=(2, 2, 96)).astype(np.float32)
    x[0, 0, :4] = [np.inf, -0.0, 1e38, np.nan]  # copied bit for bit; 1e38 + 1e38 = inf
    x[1, 0, :4] = [1.0, 0.0, 1e38, 2.0]
    x.tofile(os.path.join(out_dir, "x.bin"))
    inbox = x[::-1].copy()            # block b puts its row into the peer's slot
    total = (x[0] + x[1])[None]        # two atomic adds onto zeros: order does not matter
    out = 2 * inbox                    # each block doubles what it received
    save(out_dir, {"inbox.expect": inbox, "sum.expect": total.astype(np.float32),
                   "out.expect": out.astype(np.float32), "sig.expect": np.ones(2, np.int32),
                   "flags.expect": np.ones(2, np.int32)})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
