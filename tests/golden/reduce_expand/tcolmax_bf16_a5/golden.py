"""TCOLMAX 16x32 bf16 on A5: column maxima; a NaN in a column gives NaN."""
import os

import numpy as np

CASE = {
    "arch": "a5",
    "args": ["src.bin"],
    "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "bfloat16"}],
}


def to_bf16(x):
    """float32 values that bf16 holds exactly -> their 16-bit patterns."""
    bits = np.asarray(x, np.float32).view(np.uint32)
    assert not (bits & 0xFFFF).any()
    return (bits >> 16).astype(np.uint16)


def generate(out_dir):
    rng = np.random.default_rng(119)
    # Random bf16 values: f32 patterns with the low 16 bits cleared.
    f = rng.uniform(-1000, 1000, size=(16, 32)).astype(np.float32)
    f = (f.view(np.uint32) & 0xFFFF0000).view(np.float32)
    f[3, 0] = np.nan
    f[:, 1] = -np.inf
    f[:, 2] = -np.inf
    f[7, 2] = np.inf
    f[:, 3] = -rng.uniform(1, 2, 16).astype(np.float32)
    f[:, 3] = (f[:, 3].view(np.uint32) & 0xFFFF0000).view(np.float32)
    f[2, 4] = np.inf
    f[9, 4] = np.nan
    f[:, 5] = np.float32(1.0)
    f[4, 5] = np.float32(1.0078125)    # one bf16 ulp above 1
    x = to_bf16(f)
    dst = to_bf16(f.max(axis=0)).reshape(1, 32)
    x.tofile(os.path.join(out_dir, "src.bin"))
    dst.tofile(os.path.join(out_dir, "dst.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
