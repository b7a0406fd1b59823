"""Operand forms PTOAS v0.60 accepts on a5 (see kernel.pto): a tload window past the valid
shape (loaded whole), an NZ vec tload, vec-to-vec textract and tinsert,
tsort32 with one shared index row, tpartmax/tpartmin with a part neither source covers, tcmps
storing its mask in whole 16-byte units."""
import os

import numpy as np

F32_MAX = np.finfo(np.float32).max
CASE = {
    "arch": "a5",
    "args": ["x.bin", "keys.bin", "idx.bin"],
    "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t}
             for n, t in [("win", "float32"), ("z", "float32"),
                          ("ext", "float32"), ("ins", "float32"), ("srt", "uint32"),
                          ("pmax", "float32"), ("pmin", "float32"), ("mask", "uint8")]],
}


def sort32(keys, idx):
    """Each row of keys as (value, index) records sorted by value, descending: 2 words each."""
    out = np.zeros((keys.shape[0], 2 * keys.shape[1]), np.uint32)
    for r, row in enumerate(keys):
        order = np.argsort(-row, kind="stable")
        out[r, 0::2] = row[order].view(np.uint32)
        out[r, 1::2] = idx[0, order]
    return out


def partial(a, av, b, bv, op, pad):
    """Over 4x16: op where both valid regions hold, the valid one where one does, else pad."""
    d = np.full((4, 16), pad, np.float32)
    in_a = np.zeros((4, 16), bool)
    in_b = np.zeros((4, 16), bool)
    in_a[:av[0], :av[1]] = True
    in_b[:bv[0], :bv[1]] = True
    d[in_a] = a[in_a]
    d[in_b] = b[in_b]
    both = in_a & in_b
    d[both] = op(a, b)[both]
    return d


def generate(out_dir):
    rng = np.random.default_rng(2062)
    x = rng.permutation(np.arange(-64, 64, dtype=np.float32)).reshape(8, 16) * 0.5
    keys = rng.permutation(np.arange(64, dtype=np.float32)).reshape(2, 32) - 20.25
    idx = (np.arange(32, dtype=np.uint32) * 3 + 100).reshape(1, 32)
    ins = np.zeros((4, 16), np.float32)
    ins[2:4, 8:16] = x[1:3, 4:12]
    a, b = x[:4], keys.reshape(4, 16)
    out = {
        "win": x,                                  # the whole window, past the 6x12 valid shape
        "z": x,
        "ext": x[1:3, 4:12],
        "ins": ins,
        "srt": sort32(keys, idx),
        "pmax": partial(a, (3, 16), b, (4, 10), np.maximum, -F32_MAX),
        "pmin": partial(a, (3, 16), b, (4, 10), np.minimum, F32_MAX),
    }
    mask = np.full((1, 32), 0xFF, np.uint8)
    mask[0, :16] = 0
    mask[0, :8] = np.packbits(keys.reshape(64) < 0, bitorder="little")
    out["mask"] = mask
    for name, v in [("x", x), ("keys", keys), ("idx", idx)]:
        v.tofile(os.path.join(out_dir, f"{name}.bin"))
    for name, v in out.items():
        np.ascontiguousarray(v).tofile(os.path.join(out_dir, f"{name}.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
