"""texpands into a mat tile on a2a3: the whole 32x32 storage takes k, whatever the valid region
of the tile written (16x8 here), as pto-isa's L1 fill does; x is overwritten everywhere."""
import os

import numpy as np

K = "-2.75"
CASE = {
    "arch": "a2a3",
    "args": ["x.bin", "zeros:1024", K],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float16"}],
}


def generate(out_dir):
    rng = np.random.default_rng(67)
    x = rng.uniform(-4, 4, size=(32, 32)).astype(np.float16)
    y = np.full((32, 32), np.float16(float(K)))
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
