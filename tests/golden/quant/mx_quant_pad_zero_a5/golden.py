"""TQUANT.MX of a padded f16 source, grpAxis axis0, MXFP8 OCP (kernel.pto).

a: f16 64x32 with a 64x16 valid region; its padding columns 16..31 hold non-zero values
(and a NaN) that must not reach any group, and come back zero: the A5 NPU zeroes a 16-bit
source's padding columns in place before it quantises (pto-isa's ZeroPadSourceTile; PTOAS
v0.60 counts the source as read and written for it). The groups are 32 rows of each valid
column (reference/mx.py's quantise_tile, axis 0); exp, max and scaling hold [2, 16] in rows
of the source's 32 columns, the rest of their tiles 0.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.mx import f16_bits, quantise_tile  # noqa: E402

SEED = 7107
NAMES = ["a", "q", "e", "m", "s"]
KINDS = ["uint16", "uint8", "uint8", "uint16", "uint16"]
CASE = {
    "arch": "a5",
    "args": ["a.bin", "zeros", "zeros", "zeros", "zeros"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": k} for n, k in zip(NAMES, KINDS)],
}


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    vals = rng.standard_normal((64, 32)) * 2.0 ** rng.integers(-12, 12, (64, 32))
    vals[5, 3] = 60000.0  # the largest magnitude of column 3's first group
    vals[40:64, 7] = 0.0  # a group of column 7 partly zero
    a = f16_bits(vals)
    a[9, 20] = 0x7E00  # a NaN in the padding: no group sees it
    codes, e, m, s = quantise_tile("f16", a[:, :16], fp8=True, alg="ocp", axis=0)
    a_after = a.copy()
    a_after[:, 16:] = 0
    e_t, m_t, s_t = (np.zeros((2, 32), t) for t in (np.uint8, np.uint16, np.uint16))
    e_t[:, :16], m_t[:, :16], s_t[:, :16] = e, m, s
    a.astype(np.uint16).tofile(os.path.join(out_dir, "a.bin"))
    outs = [a_after.astype(np.uint16), codes.astype(np.uint8), e_t, m_t, s_t]
    for name, arr in zip(NAMES, outs):
        arr.tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
