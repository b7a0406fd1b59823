"""TRANDOM (a5): Philox4x32 (checked against Random123's known answer) with pto-isa's block
order and counter schedule."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["zeros:900", "zeros:100"],
    "outs": [{"target": "1", "expect": "d10.expect.bin", "dtype": "uint32"},
             {"target": "2", "expect": "d7.expect.bin", "dtype": "int32"}],
}
M32 = 2**32 - 1


def philox(counter, key, rounds):
    x, k0, k1 = list(counter), key[0], key[1]
    for _ in range(rounds):
        p0, p1 = x[0] * 0xD2511F53, x[2] * 0xCD9E8D57
        x = [(p1 >> 32) ^ x[1] ^ k0, p1 & M32, (p0 >> 32) ^ x[3] ^ k1, p0 & M32]
        k0, k1 = (k0 + 0x9E3779B9) & M32, (k1 + 0xBB67AE85) & M32
    return x


# Random123's known answer for Philox4x32-10 at counter 0, key 0.
assert philox([0, 0, 0, 0], [0, 0], 10) == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]


def trandom(rows, cols, key, counter, rounds):
    """Row by row, blocks of 256 words: lane l of a block is counter + l + s, words 4l..4l+3;
    s grows by 64 after a block, or by ((cols - 1) mod 64) + 1 after a row's last."""
    c = sum((w & M32) << (32 * i) for i, w in enumerate(counter))
    key = [k & M32 for k in key]
    out = np.zeros((rows, cols), np.uint32)
    blocks, s = (cols + 255) // 256, 0
    for r in range(rows):
        for j in range(blocks):
            for lane in range(64):
                v = (c + s + lane) % 2**128
                words = philox([(v >> (32 * i)) & M32 for i in range(4)], key, rounds)
                for w in range(4):
                    col = 256 * j + 4 * lane + w
                    if col < cols:
                        out[r, col] = words[w]
            s += 64 if j + 1 < blocks else (cols - 1) % 64 + 1
    return out


def generate(out_dir):
    k0, k1 = 305419896, -1698898192
    save(out_dir, {
        "d10.expect": trandom(3, 300, [k0, k1], [7, 0, -1, 42], 10),
        "d7.expect": trandom(2, 50, [k1, k0], [-10, -1, 0, 0], 7).view(np.int32),
    })


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
