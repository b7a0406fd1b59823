"""A one-row valid region stored into a dense 16x2 view of as many elements: the view holds the
row in order (its element i * 2 + j is the row's element i * 2 + j). out2 goes through the
X-to-ZZ tmov of the row taken as a 16x2 exponent tile: one 16x2 box, row-major inside, so the
same bytes."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:32", "zeros:32"],
    "outs": [{"target": "out1", "expect": "x.bin", "dtype": "uint8"},
             {"target": "out2", "expect": "x.bin", "dtype": "uint8"}],
}


def generate(out_dir):
    rng = np.random.default_rng(3301)
    rng.integers(0, 256, 32).astype(np.uint8).tofile(os.path.join(out_dir, "x.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
