"""fp8 e4m3 and hif8 byte moves on a5: tload (and a tprefetch, which writes nothing), tinsert of
a 16x32 tile into a zeroed 32x64 one at (8, 16), and an element mgather of hif8 bytes through
i32 indices into a 512-byte table. The bytes move unchanged: the e4m3 input holds every byte
value, NaN codes included."""
import os

import numpy as np

SEED = 3611
CASE = {
    "arch": "a5",
    "args": ["x.bin", "zeros:2048", "tab.bin", "idx.bin", "zeros:2048", "zeros:256"],
    "outs": [
        {"target": "5", "expect": "out.expect.bin", "dtype": "uint8"},
        {"target": "6", "expect": "g.expect.bin", "dtype": "uint8"},
    ],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    x = np.concatenate([rng.permutation(256), rng.permutation(256)]).astype(np.uint8)
    x = x.reshape(16, 32)
    out = np.zeros((32, 64), np.uint8)
    out[8:24, 16:48] = x
    tab = rng.integers(0, 256, size=512).astype(np.uint8)
    idx = rng.integers(0, 512, size=(8, 32)).astype(np.int32)
    for name, arr in [("x", x), ("tab", tab), ("idx", idx), ("out.expect", out),
                      ("g.expect", tab[idx])]:
        np.ascontiguousarray(arr).tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
