"""PTOAS v0.60's forms around tile code (kernel.pto): c = a + b computed in a pto.fusion_region,
the merge of a's and b's 32 sorted f32 records each into 64 records (counts into a
vector<4xi16> parameter), a second merge into 16 records whose counts overwrite a dense<...>
constant after its element 3 (3) was read. n = [32, 32, 0, 3, taken0, taken1, 0, 0]."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.gather_sort import merge_lists, records_of

SEED = 4117
CASE = {
    "args": ["a.bin", "b.bin", "zeros:64", "zeros:128", "zeros:8"],
    "outs": [
        {"target": "3", "expect": "c.expect.bin", "dtype": "float32"},
        {"target": "4", "expect": "m.expect.bin", "dtype": "uint32"},
        {"target": "5", "expect": "n.expect.bin", "dtype": "int16"},
    ],
}


def sorted_records(rng, first_index):
    """32 records (f32 value, u32 index) sorted descending, as 64 f32 words."""
    values = np.sort(rng.uniform(-8, 8, 32).astype(np.float32))[::-1]
    words = np.zeros(64, np.uint32)
    words[0::2] = values.view(np.uint32)
    words[1::2] = np.arange(first_index, first_index + 32, dtype=np.uint32)
    return words.view(np.float32)


def generate(out_dir):
    rng = np.random.default_rng(SEED)
    a = sorted_records(rng, 0)
    b = sorted_records(rng, 100)
    b[2] = a[4]  # a tie: a's record goes first
    c = (a + b).astype(np.float32)
    lists = [records_of(a.view(np.uint32)), records_of(b.view(np.uint32))]
    merged, taken = merge_lists(lists, 64, False, np.float32)
    m = np.concatenate(merged).view(np.uint32)
    _, taken2 = merge_lists(lists, 16, False, np.float32)
    n = np.array([taken[0], taken[1], 0, 3, taken2[0], taken2[1], 0, 0], np.int16)
    for name, arr in [("a", a), ("b", b), ("c.expect", c), ("m.expect", m), ("n.expect", n)]:
        arr.tofile(os.path.join(out_dir, f"{name}.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
