"""VMI constants of the generic form (docs/semantics.md "VMI layer"): "pto.vmi.constant_mask"()
and "pto.vmi.constant"() with value = dense<...>, a lane each or one splat. The masks are
stored through vsel as 1.0 / 0.0 (a scattered mask, all false, all true), then a 70-lane f32
vector of runs; a 32-lane si16 splat of -7 is stored through a constant mask over the input,
which the inactive lanes keep."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "args": ["zeros:280", "init.bin"],
    "outs": [{"target": "1", "expect": "out.expect.bin", "dtype": "float32"},
             {"target": "2", "expect": "iout.expect.bin", "dtype": "int16"}],
}


def generate(out_dir):
    m = np.zeros(70, np.float32)
    m[[0, 1, 3, 7, 8, 9, 20]] = 1
    m[64:70] = 1
    v = np.zeros(70, np.float32)
    v[0:3], v[3:5], v[60:69], v[69] = 1.5, -2.0, 3.25, np.float32(1.0e-3)
    out = np.concatenate([m, np.zeros(70, np.float32), np.ones(70, np.float32), v])
    init = np.arange(100, 132, dtype=np.int16)
    iout = init.copy()
    on = np.zeros(32, bool)
    on[2:10], on[31] = True, True
    iout[on] = -7
    save(out_dir, {"init": init, "out.expect": out, "iout.expect": iout})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
