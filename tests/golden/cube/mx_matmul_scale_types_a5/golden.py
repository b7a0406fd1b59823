"""TMATMUL_MX and TGEMV_MX on a5 with f16 scale tiles (PTOAS v0.60's spelling).

The cube reads the scaling buffer's bytes as e8m0 exponents whatever element type the scale
tile declares: scale (r, c) is the byte an e8m0 tile of the same shape and layout puts it at;
the rest of the f16 tile's bytes (0xff here, NaN exponents) are never read.
c[i,j] = sum over ascending k of a[i,k] * b[k,j] * 2^(sa[i,k/32] - 127 + sb[k/32,j] - 127), in
f32 (each scaled product is exact here: the exponents stay near 127).

Argument files hold tiles in logical row-major order; the f16 scale tiles' elements are chosen
so that their storage bytes are the e8m0 stream wanted: the layout places elements in boxes of
box_rows x box_cols, stacked along rows (row-major outer) or down columns, row- or column-major
inside; a box never reaches past its tile (a 1-row tile's boxes are one row tall).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.narrow_float import decode_e4m3  # noqa: E402

SEED = 6211


def storage(mat, box_rows, box_cols, outer_row_major, inner_row_major, nbytes, fill=0):
    """mat laid out in boxes, as a flat array of its element type of nbytes / itemsize."""
    rows, cols = mat.shape
    br, bc = min(box_rows, rows), min(box_cols, cols)
    out = np.full(nbytes // mat.itemsize, fill, dtype=mat.dtype)
    for r in range(rows):
        for c in range(cols):
            box = (r // br) * (cols // bc) + c // bc if outer_row_major else \
                (c // bc) * (rows // br) + r // br
            inner = (r % br) * bc + c % bc if inner_row_major else (c % bc) * br + r % br
            out[box * br * bc + inner] = mat[r, c]
    return out


def e4m3_codes(rng, shape):
    codes = rng.integers(0, 256, shape).astype(np.uint8)
    codes[(codes & 0x7F) == 0x7F] = 0x3C  # no NaN codes
    return codes


def mx_product(a, sa, b, sb):
    m, k = a.shape
    n = b.shape[1]
    fa, fb = decode_e4m3(a).astype(np.float32), decode_e4m3(b).astype(np.float32)
    out = np.zeros((m, n), np.float32)
    for i in range(m):
        for j in range(n):
            acc = np.float32(0)
            for kk in range(k):
                e = int(sa[i, kk // 32]) - 127 + int(sb[kk // 32, j]) - 127
                acc = np.float32(acc + np.float32(fa[i, kk] * fb[kk, j] * np.float32(2.0 ** e)))
            out[i, j] = acc
    return out


def f16_holding(scales, box_rows, box_cols, outer_row_major, inner_row_major, shape):
    """A logical f16 matrix of `shape`, in the layout given, whose storage starts with the
    e8m0 bytes of `scales` in the same layout (the rest 0xff)."""
    rows, cols = shape
    raw = storage(scales, box_rows, box_cols, outer_row_major, inner_row_major, rows * cols * 2,
                  0xFF)
    where = storage(np.arange(rows * cols, dtype=np.int64).reshape(rows, cols), box_rows,
                    box_cols, outer_row_major, inner_row_major, rows * cols * 8)
    logical = np.zeros(rows * cols, np.uint16)
    logical[where] = raw.view(np.uint16)
    return logical.reshape(rows, cols)


CASE = {
    "arch": "a5",
    "args": ["a.bin", "sa.bin", "b.bin", "sb.bin", "av.bin", "sv.bin", "bv.bin", "sbv.bin",
             "szv.bin", "zeros", "zeros", "zeros"],
    "outs": [{"target": "c", "expect": "c.expect.bin", "dtype": "float32"},
             {"target": "gv", "expect": "gv.expect.bin", "dtype": "float32"},
             {"target": "gz", "expect": "gz.expect.bin", "dtype": "float32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a, b = e4m3_codes(rng, (16, 64)), e4m3_codes(rng, (64, 32))
    av, bv = e4m3_codes(rng, (1, 128)), e4m3_codes(rng, (128, 32))
    sa = rng.integers(122, 133, (16, 2)).astype(np.uint8)
    sb = rng.integers(122, 133, (2, 32)).astype(np.uint8)
    sv = rng.integers(122, 133, (1, 4)).astype(np.uint8)
    sbv = rng.integers(122, 133, (4, 32)).astype(np.uint8)
    files = {
        "a": a, "b": b, "av": av, "bv": bv,
        "sa": f16_holding(sa, 16, 2, True, True, (16, 2)),
        "sb": f16_holding(sb, 2, 16, False, False, (2, 32)),
        "sv": f16_holding(sv, 16, 2, True, True, (1, 4)),
        "sbv": f16_holding(sbv, 2, 16, False, False, (4, 32)),
        "szv": f16_holding(sbv, 16, 2, True, True, (4, 32)),  # ZZ: 4x2 boxes
    }
    for name, arr in files.items():
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))
    mx_product(a, sa, b, sb).tofile(os.path.join(out_dir, "c.expect.bin"))
    mx_product(av, sv, bv, sbv).tofile(os.path.join(out_dir, "gv.expect.bin"))
    mx_product(av, sv, bv, sbv).tofile(os.path.join(out_dir, "gz.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
