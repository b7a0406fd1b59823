"""A kernel linked with helper objects from two other files: y = a * x + b, 48 x 64 f32."""
import os

import numpy as np

N, A, B = 48, "1.5", "-0.25"

CASE = {
    "objects": ["tile_io.pto", "tile_math.pto"],
    "args": ["x.bin", f"zeros:{N * 64}", str(N), A, B],
    "outs": [{"target": "y", "expect": "y.expect.bin", "dtype": "float32",
              "rtol": 0, "atol": 0}],
}


def generate(out_dir):
    rng = np.random.default_rng(2024)
    x = rng.uniform(-10, 10, size=(N, 64)).astype(np.float32)
    # tmuls then tadds: two f32 roundings, as numpy does them in float32
    y = (x * np.float32(float(A))).astype(np.float32) + np.float32(float(B))
    x.tofile(os.path.join(out_dir, "x.bin"))
    y.astype(np.float32).tofile(os.path.join(out_dir, "y.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
