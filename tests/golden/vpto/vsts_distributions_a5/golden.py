"""vsts with every single-vector distribution, partial masks (read in each distribution's own
width), over a destination of random bytes; vstsx2 INTLV_B8/B16/B32 (mask ignored)."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# (distribution, active lanes of its mask and their width in bytes, byte shift), kernel order.
STORES = [("NORM", 200, 1, 0), ("NORM_B8", 200, 1, 0), ("NORM_B16", 100, 2, 0),
          ("NORM_B32", 50, 4, 0), ("1PT_B8", 0, 1, 1), ("1PT_B16", 0, 1, 2), ("1PT_B32", 0, 1, 4),
          ("PK_B16", 100, 2, 0), ("PK_B32", 50, 4, 0), ("PK_B64", 20, 4, 0), ("PK4_B32", 50, 4, 0),
          ("MRG2CHN_B8", 100, 2, 0), ("MRG2CHN_B16", 50, 4, 0), ("MRG4CHN_B8", 50, 4, 0)]

CASE = {
    "arch": "a5",
    "args": ["in.bin", "dst.bin"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "uint8"}],
}


def mask_bits(lanes, g):
    """The 256 mask bits of plt_b(8g) with `lanes` active lanes: bit g*i for i < lanes."""
    bits = np.zeros(256, bool)
    bits[: lanes * g : g] = True
    return bits


def store(dst, at, name, v, lanes, g):
    bits = mask_bits(lanes, g)
    width = int(name.rsplit("_B", 1)[1]) // 8 if "_B" in name else 1
    if name.startswith("1PT"):
        dst[at : at + width] = v[:width]
        return
    if name.startswith("NORM"):
        unit, image, active = width, v, bits[::width]
    elif name.startswith("PK4"):
        unit, image, active = 1, v.reshape(64, 4)[:, 0], bits[::4]
    elif name.startswith("PK_"):
        half = width // 2
        unit, image = half, v.reshape(-1, width)[:, :half].reshape(-1)
        active = bits[::width]
    elif name.startswith("MRG2CHN"):
        blocks = v.reshape(8, 2, 32 // (2 * width), width)  # block, channel, k, byte
        image = blocks.transpose(0, 2, 1, 3).reshape(-1)  # pairs (c0[k], c1[k])
        unit, active = 2 * width, bits[:: 2 * width]
    elif name == "MRG4CHN_B8":
        image = v.reshape(8, 4, 8).transpose(0, 2, 1).reshape(-1)
        unit, active = 4, bits[::4]
    else:
        raise ValueError(name)
    for k, on in enumerate(active[: image.size // unit]):
        if on:
            dst[at + k * unit : at + (k + 1) * unit] = image[k * unit : (k + 1) * unit]


def generate(out_dir):
    rng = np.random.default_rng(2909)
    data = rng.integers(0, 256, size=512, dtype=np.uint8)
    dst = rng.integers(0, 256, size=5120, dtype=np.uint8)
    out = dst.copy()
    v, w = data[:256], data[256:]
    for k, (name, lanes, g, shift) in enumerate(STORES):
        store(out, k * 256 + shift, name, v, lanes, g)
    for k, width in enumerate([1, 2, 4]):
        pairs = np.stack([v.reshape(-1, width), w.reshape(-1, width)], axis=1)
        out[3584 + k * 512 : 3584 + (k + 1) * 512] = pairs.reshape(-1)
    data.tofile(os.path.join(out_dir, "in.bin"))
    dst.tofile(os.path.join(out_dir, "dst.bin"))
    out.tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(HERE)
