"""Inline SIMT sections (pto.section.simt): ub[L] = scale * L + 100 + in[L] for 64 workitems, then
ub[64 + L] = ub[L] + rounds * ub[(L + 1) % 64] (docs/semantics.md "### simt")."""
import os

import numpy as np

SCALE = 3
ROUNDS = 3
CASE = {
    "args": ["in.bin", "zeros:128", str(SCALE)],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "int32"}],
}


def generate(out_dir):
    x = (np.arange(64, dtype=np.int64) * 7919) % 1000 - 500
    x.astype(np.int32).tofile(os.path.join(out_dir, "in.bin"))
    first = SCALE * np.arange(64, dtype=np.int64) + 100 + x
    second = first + ROUNDS * np.roll(first, -1)
    np.concatenate([first, second]).astype(np.int32).tofile(
        os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
