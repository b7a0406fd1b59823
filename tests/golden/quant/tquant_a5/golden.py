"""TQUANT / TDEQUANT on a5 (DPS and SSA forms): tquant_a2a3's data and reference (see its
golden.py; a5 leaves tquant's source as it was), the 12x20 results stored to global memory."""
import os
import runpy

import numpy as np

_A2A3 = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                    "tquant_a2a3", "golden.py"))

CASE = {
    "arch": "a5",
    "args": ["x.bin", "s.bin", "o.bin", "qi8.bin", "qi16.bin", "zeros:240", "zeros:240",
             "zeros:240", "zeros:256"],
    "outs": [{"target": "6", "expect": "sym.expect.bin", "dtype": "int8"},
             {"target": "7", "expect": "asym.expect.bin", "dtype": "uint8"},
             {"target": "8", "expect": "dq8.expect.bin", "dtype": "float32", "rtol": 0,
              "atol": 0},
             {"target": "9", "expect": "dq16.expect.bin", "dtype": "float32", "rtol": 0,
              "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(6041)
    ins = _A2A3["inputs"](rng)
    for name, arr in zip(["x", "s", "o", "qi8", "qi16"], ins):
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    sym, asym, dq8, dq16, _ = _A2A3["reference"](*ins, in_place=False)  # a5 keeps its source
    for name, arr in [("sym", sym[:12, :20]), ("asym", asym[:12, :20]), ("dq8", dq8[:12, :20]),
                      ("dq16", dq16)]:
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
