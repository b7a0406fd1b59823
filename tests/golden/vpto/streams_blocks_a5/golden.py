"""vldsx2 (DINTLV_B32, BDINTLV), post-update vlds and vsts chains (the access at p, the
result p + offset), vsldb and vsstb (32-byte blocks at strides; the post form stores at
p + b * stride blocks and returns p + repeat blocks), vldas/vldus and vstus/vstas streams at
unaligned addresses, and pstu streams of b32 and b16 lane bits."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

CASE = {
    "arch": "a5",
    "args": ["in.bin", "dst.bin"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "float32"}],
}


def blocks(x):
    return x.reshape(-1, 8)  # 32-byte blocks of f32


def lane_bits(active, lanes):
    bits = np.zeros(lanes, np.uint8)
    bits[active] = 1
    return np.packbits(bits, bitorder="little")


def generate(out_dir):
    rng = np.random.default_rng(515)
    x = rng.uniform(-50, 50, size=512).astype(np.float32)
    dst = rng.uniform(-1, 1, size=1024).astype(np.float32)
    out = dst.copy()
    out[0:64], out[64:128] = x[0:128:2], x[1:128:2]
    b = blocks(x[128:256])
    out[128:192], out[192:256] = b[0::2].reshape(-1), b[1::2].reshape(-1)
    out[256:448] = x[256:448]
    out[448:498] = x[0:50]
    out[512:562] = x[64:114]
    r4 = np.zeros((8, 8), np.float32)
    for blk in range(3):
        r4[blk] = blocks(x)[1 + 3 * blk]
    out[576:640] = r4.reshape(-1)
    for blk in range(4):
        at = 640 + (2 + 2 * blk) * 8
        out[at : at + 8] = blocks(x[0:64])[blk]
    out[768:784] = x[64:80]
    out[792:800] = x[128:136]
    out[800:864], out[864:928] = x[3:67], x[67:131]
    out[929:934] = x[0:5]
    out[934:998] = x[64:128]
    m13, m3 = np.arange(64) < 13, np.arange(64) % 3 == 0
    bits32 = np.concatenate([lane_bits(m13, 64), lane_bits(m3, 64), lane_bits(m13, 64)])
    bits16 = lane_bits(np.arange(128) < 100, 128)
    raw = out.view(np.uint8)
    raw[4000:4024] = bits32
    raw[4032:4048] = bits16
    x.tofile(os.path.join(out_dir, "in.bin"))
    dst.tofile(os.path.join(out_dir, "dst.bin"))
    out.tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(HERE)
