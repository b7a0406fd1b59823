"""Row normalisation split over blocks (tests/golden/control/multiblock_rows*): an M x 128 f32
matrix in 8-row tiles, the tiles shared out over the blocks (ptorun --blocks); each row
becomes (x - mean) / sqrt(var + 1e-5).

multiblock_rows_case(seed, rows, blocks, constant_row): rows with different offsets and
scales, so a row processed twice or taken from the wrong place is visible, and row
constant_row constant (variance 0: y = 0 / sqrt(eps)).

Tolerance: the f32 mean (one rounding), centring, squares, variance, sqrt and division each add
<= 1 ulp; the mean's error over std (~2) gives ~1e-7 absolute (|y| <= 4). A missed or doubled
row tile is off by O(1) (zeros or another row's values).
"""
import numpy as np

from .tiles import save

COLS = 128


def normalise(x):
    """The rows of x normalised, computed in float64 and rounded once to f32."""
    x = x.astype(np.float64)
    xc = x - x.mean(axis=1, keepdims=True)
    return (xc / np.sqrt((xc * xc).mean(axis=1, keepdims=True) + 1e-5)).astype(np.float32)


def multiblock_rows_case(seed, rows, blocks, constant_row, constant):
    """x: rows x COLS, row constant_row all constant; y: normalise(x), the second argument."""
    case = {"args": ["x.bin", "zeros:%d" % (rows * COLS), str(rows), "--blocks", str(blocks)],
            "outs": [{"target": "2", "expect": "y.expect.bin", "dtype": "float32",
                      "rtol": 1e-6, "atol": 5e-7}]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        x = (rng.normal(0.0, 1.0, size=(rows, COLS)) * rng.uniform(0.5, 3.0, size=(rows, 1))
             + rng.uniform(-2.0, 2.0, size=(rows, 1))).astype(np.float32)
        x[constant_row, :] = constant
        save(out_dir, {"x": x, "y.expect": normalise(x)})
    return case, generate
