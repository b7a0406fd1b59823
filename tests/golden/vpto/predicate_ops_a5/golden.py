"""Predicate generation, logic, packing, interleaving, loads (NORM, US, DS) and stores (NORM,
PK) on each granularity. A mask is its 256 bits; a lane of G bytes is bit G*i, and the masks
pset/pge/plt make set only those bits."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PATTERNS = ["PAT_ALLF", "PAT_H", "PAT_Q", "PAT_VL3", "PAT_VL32", "PAT_M3", "PAT_M4"]
N = 77  # plt's count

CASE = {
    "arch": "a5",
    "args": ["in.bin", f"zeros:{71 * 32 + 16}"],
    "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": "uint8"}],
}


def lanes_mask(active, g):
    """Bits of a mask whose lane i (of 256 / g) is active when active[i]."""
    bits = np.zeros(256, bool)
    bits[::g] = active
    return bits


def pattern(name, g):
    n = 256 // g
    i = np.arange(n)
    if name == "PAT_ALL":
        on = i >= 0
    elif name == "PAT_ALLF":
        on = i < 0
    elif name == "PAT_H":
        on = i < n // 2
    elif name == "PAT_Q":
        on = i < n // 4
    elif name.startswith("PAT_VL"):
        on = i < int(name[6:])
    else:
        on = i % int(name[5:]) == 0
    return lanes_mask(on, g)


def interleave(a, b, g, de):
    """pintlv (de=False) or pdintlv (de=True) on lanes of g bits: (lo, hi)."""
    la, lb = a.reshape(-1, g), b.reshape(-1, g)
    if de:
        both = np.concatenate([la, lb])
        lo, hi = both[0::2], both[1::2]
    else:
        seq = np.stack([la, lb], axis=1).reshape(-1, g)
        lo, hi = seq[: len(la)], seq[len(la):]
    return lo.reshape(-1), hi.reshape(-1)


def generate(out_dir):
    rng = np.random.default_rng(4242)
    image = rng.integers(0, 256, size=128, dtype=np.uint8)
    loaded = np.unpackbits(image[:32], bitorder="little").astype(bool)
    results = []
    for g_bits in (8, 16, 32):
        g = g_bits // 8
        pats = {p: pattern(p, g) for p in PATTERNS}
        results += [pats[p] for p in PATTERNS]
        results.append(pattern("PAT_VL16", g))
        lanes = 256 // g
        first = min(N, lanes)
        results.append(lanes_mask(np.arange(lanes) < first, g))
        results.append(lanes_mask(np.arange(lanes) < max(N - lanes, 0), g))
        a, b, m = loaded, pats["PAT_M3"], pats["PAT_VL32"]
        results += [m & a & b, m & (a | b), m & (a ^ b), m & ~a, np.where(m, a, b)]
        zero = np.zeros(128, bool)
        results.append(np.concatenate([a[0::2], zero]))  # ppack LOWER
        results.append(np.stack([a[:128], zero], axis=1).reshape(-1))  # punpack LOWER
        results.append(np.concatenate([zero, a[0::2]]))  # ppack HIGHER
        results.append(np.stack([a[128:], zero], axis=1).reshape(-1))  # punpack HIGHER
        for de in (False, True):
            results += list(interleave(a, pats["PAT_M4"], g, de))
    us_src = np.unpackbits(image[48:64], bitorder="little").astype(bool)
    results.append(np.repeat(us_src, 2))
    ds_src = np.unpackbits(image[64:128], bitorder="little").astype(bool)
    results.append(ds_src[0::2])
    out = [np.packbits(r, bitorder="little") for r in results]
    out.append(np.packbits(loaded[0::2], bitorder="little"))  # psti PK
    image.tofile(os.path.join(out_dir, "in.bin"))
    np.concatenate(out).astype(np.uint8).tofile(os.path.join(out_dir, "out.expect.bin"))


if __name__ == "__main__":
    generate(HERE)
