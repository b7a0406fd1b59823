"""vlds with every single-result distribution on ui8 lanes (byte-level: each distribution
reads and places bytes in its own element width), each from its own source offset."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# (distribution, source byte offset), in the kernel's order.
DISTS = [("NORM", 64), ("BRC_B8", 97), ("BRC_B16", 98), ("BRC_B32", 100), ("US_B8", 64),
         ("US_B16", 96), ("DS_B8", 64), ("DS_B16", 128), ("UNPK_B8", 64), ("UNPK_B16", 160),
         ("UNPK_B32", 192), ("UNPK4", 224), ("BRC_BLK", 288), ("E2B_B16", 64), ("E2B_B32", 96),
         ("SPLT2CHN_B8", 32), ("SPLT2CHN_B16", 64), ("SPLT4CHN", 96)]

CASE = {
    "arch": "a5",
    "args": ["in.bin", f"zeros:{256 * len(DISTS)}"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "uint8"}],
}


def elements(src, w, n):
    """n elements of w bytes from the byte array src, as rows."""
    return src[: n * w].reshape(n, w)


def distribute(name, src):
    """The 256 bytes distribution `name` makes of the bytes at src."""
    width = int(name.rsplit("_B", 1)[1]) // 8 if "_B" in name and name != "BRC_BLK" else 1
    if name == "NORM":
        return src[:256].copy()
    if name == "BRC_BLK":  # before BRC_B<n>
        return np.tile(src[:32], 8)
    if name.startswith("BRC_B"):
        return np.tile(src[:width], 256 // width)
    if name.startswith("US_"):
        return np.repeat(elements(src, width, 128 // width), 2, axis=0).reshape(-1)
    if name.startswith("DS_"):
        return elements(src, width, 512 // width)[::2].reshape(-1)
    if name.startswith("UNPK_"):
        e = elements(src, width, 128 // width)
        return np.concatenate([e, np.zeros_like(e)], axis=1).reshape(-1)
    if name == "UNPK4":
        e = elements(src, 1, 64)
        return np.concatenate([e, np.zeros((64, 3), np.uint8)], axis=1).reshape(-1)
    if name.startswith("E2B_"):
        e = elements(src, width, 8)
        return np.concatenate([np.tile(row, 32 // width) for row in e])
    if name.startswith("SPLT2CHN"):
        blocks = src[:256].reshape(8, 32 // width, width)
        return np.concatenate([blocks[:, 0::2], blocks[:, 1::2]], axis=1).reshape(-1)
    if name == "SPLT4CHN":
        blocks = src[:256].reshape(8, 8, 4)
        return blocks.transpose(0, 2, 1).reshape(-1)
    raise ValueError(name)


def generate(out_dir):
    rng = np.random.default_rng(1703)
    data = rng.integers(0, 256, size=1024, dtype=np.uint8)
    out = np.concatenate([distribute(name, data[off:]) for name, off in DISTS])
    data.tofile(os.path.join(out_dir, "in.bin"))
    out.astype(np.uint8).tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(HERE)
