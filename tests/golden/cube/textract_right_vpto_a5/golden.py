"""TEXTRACT mat -> right under PTOAS's VPTO backend (kernel.pto): a: f16 32x32 NZ, extracted
whole into d, which the VPTO template fills with a's 16x16 boxes byte for byte, so d = a.T
(an NZ box is row-major inside and the boxes run down the columns; a ZN box is column-major
inside and the boxes run along the rows); b: bf16 32x32 NZ, the 16x16 window at (16, 0)
extracted into e, which keeps the logical matrix (e = b[16:32, 0:16]). Values as 16-bit
patterns, compared exactly."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.numerics import to_bf16  # noqa: E402

SEED = 4411
CASE = {
    "arch": "a5",
    "backend": "vpto",
    "args": ["a.bin", "zeros", "b.bin", "zeros"],
    "outs": [{"target": "d", "expect": "d.expect.bin", "dtype": "float16"},
             {"target": "e", "expect": "e.expect.bin", "dtype": "uint16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a = rng.uniform(-8, 8, (32, 32)).astype(np.float16)
    b = to_bf16(rng.uniform(-8, 8, (32, 32)).astype(np.float32))
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    np.ascontiguousarray(a.T).tofile(os.path.join(out_dir, "d.expect.bin"))
    np.ascontiguousarray(b[16:32, 0:16]).tofile(os.path.join(out_dir, "e.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
