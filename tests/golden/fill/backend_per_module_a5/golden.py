"""Functions of one program built for different PTOAS backends (module pto.backend): each pads
as its backend does. y = the 4x11 window of x, the rest of the 4x16 tile the pad max: FLT_MAX
from the VPTO function, +inf from the emitc one (docs/semantics.md, "PTOAS's backends")."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:64", "zeros:64"],
    "outs": [{"target": "2", "expect": "y_vpto.expect.bin", "dtype": "float32", "rtol": 0,
              "atol": 0},
             {"target": "3", "expect": "y_emitc.expect.bin", "dtype": "float32", "rtol": 0,
              "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(881)
    x = rng.uniform(-10, 10, size=(4, 16)).astype(np.float32)
    x.tofile(os.path.join(out_dir, "x.bin"))
    for name, pad in (("y_vpto", np.finfo(np.float32).max), ("y_emitc", np.inf)):
        y = np.full((4, 16), pad, np.float32)
        y[:, :11] = x[:, :11]
        y.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
