"""Signs of zero and underflow (tests/golden/elementwise/signed_zero_<type>_<arch>): 2x16 tiles
of f32, f16 or bf16 whose results are compared bit for bit (as uint32 or uint16), so a zero of
the wrong sign fails.

Each input's row 0 is a table below (per element type); row 1 is row 0 negated, except for
the square-root operands s, whose row 1 repeats row 0. The instructions compute in f32 and
round once; no result may be NaN (a bit-exact comparison needs none).
"""
import numpy as np

from .numerics import BF16, F16, F32
from .tiles import write_case

_TILES = {"f32": (F32, np.uint32), "f16": (F16, np.uint16), "bf16": (BF16, np.uint16)}

# Row 0 of the inputs per type: a and b (the operands), c (divisors: no zeros, so no 0 / 0)
# and s (square-root operands: no negative values except -0.0); bf16 has no c and s.
ROWS = {
    "f32": {
        "a": [0.0, -0.0, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 1.0e-45, -1.0e-45, 1.0e-20, -1.0e-20,
              3.0, -3.0, 0.5, 1.0e-38],
        "b": [0.0, 0.0, -0.0, -0.0, -1.0, 1.0, 2.5, -2.5, -1.0e-45, 1.0e-45, -1.0e-30, 1.0e-30,
              -3.0, 3.0, -0.5, 1.0e-38],
        "c": [-3.0, 3.0, -3.0, 3.0, 1.0e30, -1.0e30, 1.0e30, -1.0e30, 1.0e30, 1.0e30, 1.0e30,
              1.0e30, -1.0e30, 1.0e30, 3.0e38, -3.0e38],
        "s": [0.0, -0.0, 4.0, 1.0e-45, 2.0, 3.4e38, 1.0e-40, 0.25, -0.0, 0.0, 9.0, 1.0e-44, 16.0,
              100.0, 1.0e-30, 6.25],
    },
    "f16": {
        "a": [0.0, -0.0, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 6.0e-8, -6.0e-8, 1.0e-3, -1.0e-3, 3.0,
              -3.0, 0.5, 1.0e-4],
        "b": [0.0, 0.0, -0.0, -0.0, -1.0, 1.0, 2.5, -2.5, -6.0e-8, 6.0e-8, -1.0e-5, 1.0e-5, -3.0,
              3.0, -0.5, 1.0e-4],
        "c": [-3.0, 3.0, -3.0, 3.0, 6.0e4, -6.0e4, 6.0e4, -6.0e4, 6.0e4, 6.0e4, 6.0e4, 6.0e4,
              -6.0e4, 6.0e4, 65504.0, -65504.0],
        "s": [0.0, -0.0, 4.0, 6.0e-8, 2.0, 65504.0, 1.0e-6, 0.25, -0.0, 0.0, 9.0, 1.0e-7, 16.0,
              100.0, 1.0e-4, 6.25],
    },
    "bf16": {
        "a": [0.0, -0.0, 0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 9.2e-41, -9.2e-41, 1.0e-20, -1.0e-20,
              3.0, -3.0, 0.5, 1.0e-38],
        "b": [0.0, 0.0, -0.0, -0.0, -1.0, 1.0, 2.5, -2.5, -9.2e-41, 9.2e-41, -1.0e-30, 1.0e-30,
              -3.0, 3.0, -0.5, 1.0e-38],
    },
}

# The results, on x, y, z, r: a, b, c and s widened to f32.
_OPS = {
    "sum": lambda x, y, z, r: x + y,
    "diff": lambda x, y, z, r: x - y,
    "prod": lambda x, y, z, r: x * y,
    "quot": lambda x, y, z, r: x / z,
    "abs": lambda x, y, z, r: np.abs(x),
    "neg": lambda x, y, z, r: -x,
    "sqrt": lambda x, y, z, r: np.sqrt(r),
    "muls_m1": lambda x, y, z, r: x * np.float32(-1.0),
    "muls_0": lambda x, y, z, r: x * np.float32(0.0),
    "adds_m0": lambda x, y, z, r: x + np.float32(-0.0),
    "subs_0": lambda x, y, z, r: x - np.float32(0.0),
    "divs_ninf": lambda x, y, z, r: x / np.float32(-np.inf),
    "rdivs_m0": lambda x, y, z, r: np.float32(-0.0) / z,
    "fill_m0": lambda x, y, z, r: np.full_like(x, -0.0),
}
# All of them, in the order of the kernels that compute all of them.
ALL_RESULTS = list(_OPS)


def signed_zero_case(arch, t, results, dps=False):
    """CASE and generate for the kernel on type t writing results (names of _OPS): by tile name,
    or with dps its results are the pointer parameters after the inputs. arch None: the
    default architecture (no "arch" in CASE)."""
    tile, bits = _TILES[t]
    names = list(ROWS[t])
    args = [f"{n}.bin" for n in names]
    if dps:
        args += ["zeros:32"] * len(results)
    dtype = np.dtype(bits).name
    case = {} if arch is None else {"arch": arch}
    case["args"] = args
    case["outs"] = [{"target": str(len(names) + 1 + i) if dps else n,
                     "expect": f"{n}.expect.bin", "dtype": dtype}
                    for i, n in enumerate(results)]

    def inputs():
        rows = ROWS[t]
        return tuple(tile.to_tile([rows[n], rows[n] if n == "s" else [-v for v in rows[n]]])
                     for n in names)

    def reference(*tiles):
        x, y, z, r = (list(map(tile.widen, tiles)) + [None, None])[:4]
        out = {n: tile.narrow(_OPS[n](x, y, z, r)) for n in results}
        for name, value in out.items():
            assert not np.isnan(tile.widen(value)).any(), name  # bit-exact needs no NaN
        return {n: v.view(bits) for n, v in out.items()}

    def generate(out_dir):
        write_case(out_dir, names, inputs(), reference)
    return case, generate
