"""tstore.fp from f32 acc to f16 and f32 on a2a3: y = x * scale (exact in float64), rounded once
into the result type, the offset bits ignored; beyond f16's range +-inf. The parameter words and
inputs are fp_quant_a2a3's (its golden.py)."""
import os
import runpy

import numpy as np

SIBLING = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                      "fp_quant_a2a3", "golden.py"))
CASE = {
    "arch": "a2a3",
    "args": ["af.bin", "id.bin", "fp.bin", "zeros", "zeros"],
    "outs": [{"target": "4", "expect": "st_f16.expect.bin", "dtype": "float16",
              "rtol": 0, "atol": 0},
             {"target": "5", "expect": "st_f32.expect.bin", "dtype": "float32",
              "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(6022)
    af = rng.uniform(-300, 300, size=(16, 16)).astype(np.float32)
    af[0, :4] = [1e9, -1e9, 0.0, 65504.0]  # f16 overflow (to inf), zero
    accf = af.astype(np.float64)[:12, :13] + 0.0
    files = {"af": af, "id": np.eye(16, dtype=np.float32), "fp": SIBLING["param_words"](),
             "st_f16.expect": SIBLING["quant"](accf, np.float16, 13),
             "st_f32.expect": SIBLING["quant"](accf, np.float32, 13)}
    for name, arr in files.items():
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
