"""tmatmul.mx on a5 with its e8m0 scales loaded from global memory into ZZ and NN tiles in L1.

PTOAS lowers such a load with the MX_A_ZZ / MX_B_NN layout: global memory holds the scales in
the tile's box order, box after box (16x2 ZZ boxes along each band of 16 rows for a; 2x16 NN
boxes down each band of 16 columns for b), each box's 32 bytes row by row (ZZ) or column by
column (NN), the window rounded up to whole boxes. M = 32 (two ZZ bands), K = 128 (4 scale
columns), N = 24 (an NN band and a half, the half padded with zeros). The reference packs the
scales itself and sums in float64; rtol 1e-5 against the kernel's f32 sums.
"""
import os

import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.narrow_float import decode_e4m3  # noqa: E402
from reference.tiles import mx_box_order  # noqa: E402

M, K, N = 32, 128, 24


def e8m0(b):
    return 2.0 ** (np.asarray(b, np.int64) - 127)


CASE = {
    "arch": "a5",
    "args": ["a.bin", "b.bin", "sa.bin", "sb.bin", f"zeros:{M * N}"],
    "outs": [{"target": "5", "expect": "c.expect.bin", "dtype": "float32", "rtol": 1e-5,
              "atol": 1e-3}],
}


def fp8_bytes(rng, shape):
    sign = rng.integers(0, 2, size=shape) << 7
    e = rng.integers(5, 10, size=shape)
    m = rng.integers(0, 8, size=shape)
    return (sign | (e << 3) | m).astype(np.uint8)


def generate(out_dir):
    rng = np.random.default_rng(7057)
    a = fp8_bytes(rng, (M, K))
    b = fp8_bytes(rng, (K, N))
    sa = rng.integers(120, 135, size=(M, K // 32)).astype(np.uint8)
    sb = rng.integers(120, 135, size=(K // 32, N)).astype(np.uint8)
    blk = np.arange(K) // 32
    c = (decode_e4m3(a) * e8m0(sa)[:, blk]) @ (decode_e4m3(b) * e8m0(sb)[blk, :])
    a.tofile(os.path.join(out_dir, "a.bin"))
    b.tofile(os.path.join(out_dir, "b.bin"))
    mx_box_order(sa, zz=True).tofile(os.path.join(out_dir, "sa.bin"))
    mx_box_order(sb, zz=False).tofile(os.path.join(out_dir, "sb.bin"))
    c.astype(np.float32).tofile(os.path.join(out_dir, "c.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
