"""a2a3's tcolargmax/tcolargmin on f16 with 2304 rows: the index of each column's extreme,
rounded through f16 (nearest, ties away from zero) past row 2048, as pto-isa's
TColReduceIdx.hpp widens it; --arith exact would give the rows themselves."""
import os

import numpy as np

ROWS = 2304
MAX_ROWS = [5, 2048, 2049, 2050, 2051, 2053, 2303, 100, 2100, 2101, 2102, 2103, 4000 % ROWS, 0, 2200, 2255]
MIN_ROWS = [2049, 7, 2051, 2303, 2301, 2048, 2055, 2057, 3, 2099, 2150, 2151, 2152, 2153, 2299, 2290]
CASE = {
    "arch": "a2a3",
    "args": ["a.bin", "zeros:64"],
    "outs": [{"target": "imax", "expect": "imax.expect.bin", "dtype": "int32"},
             {"target": "imin", "expect": "imin.expect.bin", "dtype": "int32"}],
}


def through_f16(index):
    """index widened through f16 with ties away from zero (f16 holds integers to 2048)."""
    if index <= 2048:
        return index
    step = 2 if index < 4096 else 4
    low = index // step * step
    return low + step if index - low >= step / 2 else low


def generate(out_dir, seed=4717):
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, (ROWS, 16)).astype(np.float16)
    for col, row in enumerate(MAX_ROWS):
        a[row, col] = 100.0
    for col, row in enumerate(MIN_ROWS):
        a[row, col] = -100.0
    imax = np.array([[through_f16(r) for r in MAX_ROWS]], np.int32)
    imin = np.array([[through_f16(r) for r in MIN_ROWS]], np.int32)
    assert (imax != np.array(MAX_ROWS)).sum() >= 5 and (imin != np.array(MIN_ROWS)).sum() >= 5
    a.tofile(os.path.join(out_dir, "a.bin"))
    imax.tofile(os.path.join(out_dir, "imax.expect.bin"))
    imin.tofile(os.path.join(out_dir, "imin.expect.bin"))


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
