"""Elementwise instructions and the generators their cases share (tests/golden/elementwise/).

binary_case, unary_case, scalar_case: the tile-tile (tadd tsub tmul tdiv tmax tmin), unary
(tabs tneg texp tlog tsqrt trsqrt trecip trelu) and tile-scalar (tadds tsubs tmuls tdivs
tmaxs tmins tshls tshrs texpands) cases of every element type. A case's golden.py states its
architecture, seed, element type, tile shape and valid region and the results its kernel writes
(the tile-scalar ops: which of its type's SCALARS, the scalars as the kernels declare them);
the edge values planted in the inputs, how the rest of the inputs is drawn and the rules come
from here:

- floats compute in f32 and round once to the element type (transcendentals in float64,
  rounded once); tmax/tmin let NaN win; bf16 is held as uint16 bit patterns;
- integers compute exactly and wrap; division truncates toward zero (MIN / -1 wraps);
  divisors are never 0 (an error); shift counts of the width or more give 0 or the sign fill;
- a tile-scalar op first converts its scalar to the element type (floats round to nearest
  even, integers wrap);
- inside the valid region a result holds the op's values; outside it keeps what the tile held:
  zeros, or with keep="input" the first input's values (DPS kernels that load it first).

dps=True: the results are pointer parameters after the inputs (ptorun buffers "zeros:N"),
named by their parameter number; otherwise by their tile names.

abs_case: TABS on a 16x16 f32 tile (elementwise/tabs_*). tpart_case: TPARTADD TPARTMUL
TPARTMAX TPARTMIN, op(a, b) where both sources are valid, the valid one elsewhere; floats meet
NaN, +-inf and inf - inf pairs, integers MIN/MAX (wrapping add and mul); max and min let NaN
win (elementwise/tpart_*).
"""
import os

import numpy as np

from .element_types import TYPES, is_float, narrow, values, widen
from .npu_arith import rsqrt_steps
from .numerics import BF16, F16, F32, div, shl, shr, wrap
from .tiles import in_valid_region, plant, random_ints, save, small_divisors, spread, write_case

FLOAT_TILES = {"f32": F32, "f16": F16, "bf16": BF16}


def _limits(t):
    """MIN, MAX and HALF (2^(bits-1)) of integer type t, as Python ints."""
    info = np.iinfo(TYPES[t][0])
    return int(info.min), int(info.max), (int(info.max) + 1) // 2


def _case(arch, t, shape, inputs, results, dps):
    """CASE for golden_case.py: the input files, then (dps) one zero buffer per result."""
    args = [f"{name}.bin" for name in inputs]
    if dps:
        args += [f"zeros:{shape[0] * shape[1]}"] * len(results)
    return {"arch": arch, "args": args,
            "outs": [{"target": str(len(inputs) + 1 + i) if dps else name,
                      "expect": f"{name}.expect.bin", "dtype": TYPES[t][1]}
                     for i, name in enumerate(results)]}


def _generate(names, inputs, results, valid, keep):
    """generate(out_dir): the inputs as drawn, the results (a dict of full tiles, given the
    inputs) merged into what each result tile held outside the valid region."""
    def reference(*tiles):
        before = tiles[0] if keep == "input" else np.zeros_like(tiles[0])
        return in_valid_region(results(*tiles), before, *valid)

    def generate(out_dir):
        write_case(out_dir, names, inputs(), reference)
    return generate


# Tile-tile ops. (a, b) pairs planted row by row at the start of the valid region: per float
# type, and per integer kind (signed or not) with the pairs a division meets or, for kernels
# without tdiv, zero second operands.
BINARY_FLOAT_EDGES = {
    "f32": [
        (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0),
        (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf), (np.inf, -np.inf), (-np.inf, -np.inf),
        (np.inf, 0.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (np.nan, -np.inf),
        (-np.inf, np.nan), (3.4e38, 3.4e38), (-3.4e38, 3.4e38), (3.4e38, 0.5), (3.4e38, -2.0),
        (3.4028235e38, 1.0e31), (3.4028235e38, 2.03e31), (1.0e-45, 1.0e-45),
        (1.0e-45, -1.0e-45), (1.0e-40, 3.0), (1.0e-20, 1.0e-20), (1.0e-30, 1.0e30),
        (1.0e-38, 4.0), (1.1754944e-38, -0.5), (1.0e-45, 0.5), (4.2e-45, 0.5), (-5.0, 3.0),
        (5.0, -3.0), (-2.5, -2.5), (1.0, 1.0e-8), (16777216.0, 1.0), (0.1, 0.2), (1.0, 3.0),
        (-7.0, 7.0),
    ],
    "f16": [
        (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0),
        (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf), (np.inf, -np.inf), (-np.inf, -np.inf),
        (np.inf, 0.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (np.nan, -np.inf),
        (-np.inf, np.nan), (65504.0, 65504.0), (-65504.0, 65504.0), (65504.0, 0.5),
        (65504.0, -2.0), (65504.0, 16.0), (65504.0, 15.0), (6.0e-8, 6.0e-8), (6.0e-8, -6.0e-8),
        (1.0e-6, 3.0), (1.0e-3, 1.0e-3), (1.0e-4, 1.0e4), (6.1e-5, 4.0), (6.104e-5, -0.5),
        (6.0e-8, 0.5), (1.8e-7, 0.5), (-5.0, 3.0), (5.0, -3.0), (-2.5, -2.5), (1.0, 1.0e-4),
        (2048.0, 1.0), (0.1, 0.2), (1.0, 3.0), (-7.0, 7.0),
    ],
    "bf16": [
        (0.0, 0.0), (-0.0, 0.0), (-0.0, -0.0), (np.inf, 1.0), (-np.inf, 2.0), (np.inf, np.inf),
        (np.inf, -np.inf), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan), (3.38e38, 3.38e38),
        (-3.38e38, 3.38e38), (3.3895e38, 1.0e36), (3.3895e38, 5.0e35), (9.2e-41, 9.2e-41),
        (1.0e-39, -9.2e-41), (1.175e-38, 1.175e-38), (1.0, 0.00390625), (1.0078125, 0.00390625),
        (-5.0, 3.0), (0.1, 0.2), (256.0, 1.0), (-2.5, -2.5),
    ],
}


def binary_int_edges(t, division):
    """The (a, b) pairs of integer type t (division: the kernel has tdiv)."""
    MIN, MAX, HALF = _limits(t)
    if MIN < 0:
        pairs = [
            (MAX, 1), (MIN, -1), (MAX, MAX), (MIN, MIN), (MIN, 1), (MAX, -1), (MAX, 2), (MIN, 2),
            (MIN + 1, -1), (MIN, MAX), (MAX, MIN), (-1, MIN), (1, MAX), (0, 5), (0, -5), (-7, 2),
            (7, -2), (-7, -2), (7, 2), (-1, 1), (1, -1), (100, 7), (-100, 7), (MAX, 3),
        ]
        return pairs + ([(MIN, -1), (MIN, -3), (MAX, -3), (-1, MAX)] if division else
                        [(5, 0), (0, 0), (MIN, 0)])
    pairs = [
        (MAX, 1), (0, 1), (MAX, MAX), (MAX, 2), (0, MAX), (1, MAX), (HALF, HALF), (HALF, 2),
        (7, 2), (2, 7), (100, 7), (MAX, 7), (MAX - 1, MAX),
    ]
    return pairs + ([(MAX, 3), (HALF, HALF + 1)] if division else [(5, 0), (0, 0), (MAX, 0)])


def binary_case(arch, seed, t, shape, valid, results, dps=False, keep="zeros"):
    """Tile-tile ops on a and b; results: the kernel's, of sum diff prod quot hi lo."""
    case = _case(arch, t, shape, ("a", "b"), results, dps)
    if is_float(t):
        tile = FLOAT_TILES[t]
        edges = BINARY_FLOAT_EDGES[t]
        decades = 2 if t == "f16" else 4

        def inputs():
            rng = np.random.default_rng(seed)
            a, b = (tile.to_tile(spread(rng, shape, decades)) for _ in range(2))
            plant(a, tile.to_tile([e[0] for e in edges]), valid[1])
            plant(b, tile.to_tile([e[1] for e in edges]), valid[1])
            return a, b

        def full(a, b):
            x, y = tile.widen(a), tile.widen(b)
            ops = {"sum": lambda: x + y, "diff": lambda: x - y, "prod": lambda: x * y,
                   "quot": lambda: x / y, "hi": lambda: np.maximum(x, y),  # NaN wins
                   "lo": lambda: np.minimum(x, y)}
            with np.errstate(all="ignore"):
                return {name: tile.narrow(ops[name]()) for name in results}
    else:
        dt = TYPES[t][0]
        wide = np.int64 if np.iinfo(dt).min < 0 else np.uint64  # exact, then wrapped
        division = "quot" in results
        edges = binary_int_edges(t, division)

        def inputs():
            rng = np.random.default_rng(seed)
            a, b = (random_ints(rng, shape, dt) for _ in range(2))
            if division:
                b = small_divisors(rng, b)
            plant(a, [e[0] for e in edges], valid[1])
            plant(b, [e[1] for e in edges], valid[1])
            return a, b

        def full(a, b):
            x, y = a.astype(wide), b.astype(wide)
            ops = {"sum": lambda: wrap(x + y, dt), "diff": lambda: wrap(x - y, dt),
                   "prod": lambda: wrap(x * y, dt), "quot": lambda: div(x, y, dt),
                   "hi": lambda: np.maximum(a, b), "lo": lambda: np.minimum(a, b)}
            return {name: ops[name]() for name in results}
    return case, _generate(("a", "b"), inputs, full, valid, keep)


# Unary ops. Values planted row by row at the start of the valid region of every input (x, and
# p, the positive operand of tlog/tsqrt/trsqrt): per float type, and for signed integers.
UNARY_FLOAT_EDGES = {
    "f32": [
        0.0, -0.0, np.inf, -np.inf, np.nan, 1.0e-45, -1.0e-45, 1.0e-40, -1.0e-40, 1.1754944e-38,
        3.4028235e38, -3.4028235e38, 88.72, 88.73, 89.0, -87.3, -103.0, -104.0, -110.0, 1.0,
        -1.0, 2.0, 0.25, 4.0, 0.5, 1.0e-30, 2.9e-39, 3.0e-39, 1.0e30, 1.0e38,
    ],
    "f16": [
        0.0, -0.0, np.inf, -np.inf, np.nan, 6.0e-8, -6.0e-8, 1.0e-5, -1.0e-5, 6.104e-5, 65504.0,
        -65504.0, 11.08, 11.09, 11.1, -9.0, -16.0, -17.3, -18.0, 1.0, -1.0, 2.0, 0.25, 4.0, 0.5,
        1.0e-4, 1.5e-5, 1.53e-5, 1000.0, 30000.0,
    ],
    "bf16": [
        0.0, -0.0, np.inf, -np.inf, np.nan, 9.2e-41, -9.2e-41, 3.38e38, -3.38e38, 1.0, -1.0, 0.1,
    ],
}
# x uniform in (-X, X) and p = 10^uniform(P) around the type's exp/log range; bf16 (tneg only,
# no p) draws x log-uniformly over 10^-4..10^4 instead.
UNARY_RANGES = {"f32": (30, (-30, 30)), "f16": (11, (-7, 4.8))}


def unary_int_edges(t):
    MIN, MAX, _ = _limits(t)
    return [MIN, MAX, MIN + 1, MAX - 1, 0, 1, -1, 2, -2, 7, -7, 100, -100]


def unary_case(arch, seed, t, shape, valid, results, dps=False, keep="zeros"):
    """Unary ops; results: the kernel's, of abs neg exp log sqrt rsqrt recip relu."""
    if is_float(t):
        tile = FLOAT_TILES[t]
        edges = tile.to_tile(UNARY_FLOAT_EDGES[t])
        names = ("x", "p") if t in UNARY_RANGES else ("x",)

        def inputs():
            rng = np.random.default_rng(seed)
            if t not in UNARY_RANGES:
                x = tile.to_tile(spread(rng, shape, 4))
                plant(x, edges, valid[1])
                return (x,)
            xr, pr = UNARY_RANGES[t]
            x = tile.to_tile(rng.uniform(-xr, xr, shape))
            p = tile.to_tile(10.0 ** rng.uniform(*pr, shape))
            for v in (x, p):
                plant(v, edges, valid[1])
            return x, p

        def full(x, p=None):
            x32 = tile.widen(x)
            p32 = None if p is None else tile.widen(p)
            ops = {"abs": lambda: tile.narrow(np.abs(x32)), "neg": lambda: tile.narrow(-x32),
                   "exp": lambda: tile.narrow64(np.exp(x32.astype(np.float64))),
                   "log": lambda: tile.narrow64(np.log(p32.astype(np.float64))),
                   "sqrt": lambda: tile.narrow(np.sqrt(p32)),
                   # a5's trsqrt is vsqrt then vdiv, each rounded (a2a3's without a tmp tile,
                   # vrsqrt: rounded once)
                   "rsqrt": lambda: (rsqrt_steps(p32, tile.narrow) if arch == "a5" else
                                     tile.narrow64(1.0 / np.sqrt(p32.astype(np.float64)))),
                   "recip": lambda: tile.narrow(np.float32(1.0) / x32),
                   "relu": lambda: tile.narrow(np.maximum(x32, np.float32(0.0)))}  # keeps NaN
            with np.errstate(all="ignore"):
                return {name: ops[name]() for name in results}
    else:
        dt = TYPES[t][0]
        names = ("x",)

        def inputs():
            rng = np.random.default_rng(seed)
            x = random_ints(rng, shape, dt)
            plant(x, unary_int_edges(t), valid[1])
            return (x,)

        def full(x):
            v = x.astype(np.int64)
            ops = {"abs": lambda: wrap(np.abs(v), dt), "neg": lambda: wrap(-v, dt),
                   "relu": lambda: np.maximum(x, 0).astype(dt)}
            return {name: ops[name]() for name in results}
    return _case(arch, t, shape, names, results, dps), _generate(names, inputs, full, valid, keep)


# Tile-scalar ops. Values planted row by row at the start of the valid region of %a (and of
# %d, the divisors of the scalar-first tdivs): per float type, and per integer kind.
SCALAR_FLOAT_EDGES = {
    "f32": [
        0.0, -0.0, np.inf, -np.inf, np.nan, 1.0e-45, -1.0e-45, 1.0e-40, 3.4028235e38,
        -3.4028235e38, 1.2e38, 1.0, -1.0, 0.1, -2.5, 0.5, 2.5, 1.0e-39, 3.0e-39, 1.0e38, 2.0e38,
        16777216.0, -1.0e-40,
    ],
    "f16": [
        0.0, -0.0, np.inf, -np.inf, np.nan, 6.0e-8, -6.0e-8, 1.0e-5, 65504.0, -65504.0, 30000.0,
        1.0, -1.0, 0.1, -2.5, 0.5, 2.5, 70.0, 60.0, 2048.0, 1.0e-7, -0.5,
    ],
    "bf16": [
        0.0, -0.0, np.inf, -np.inf, np.nan, 9.2e-41, -9.2e-41, 1.0e-40, 3.38e38, -3.38e38,
        1.2e38, 1.0, -1.0, 0.1, -2.5, 0.5, 256.0, -0.5,
    ],
}


def scalar_int_edges(t):
    """(values of %a, divisors of %d) of integer type t."""
    MIN, MAX, HALF = _limits(t)
    if MIN < 0:
        return ([MIN, MAX, MIN + 1, MAX - 1, 0, 1, -1, 2, -2, 3, -3, 7, -7, 100, -100],
                [-1, 1, MIN, MAX, 2, -2, 3, 7, -7, MIN + 1])
    return [0, 1, 2, 3, 7, 100, MAX, MAX - 1, HALF, HALF - 1], [1, 2, 3, 7, MAX, HALF, MAX - 1]


# The scalars of the tile-scalar kernels (elementwise/scalar_<type>_<arch>) as they declare
# them, per element type: result name -> (declared type, value). The kernels of one type
# declare the same scalars; those that test only the shifts declare SHIFT_OPS of them.
SHIFT_OPS = ("shl", "shl_w", "shr", "shr_w")
# Shift counts per element width: two within the width, two of the width or more.
_SHIFTS = {8: (3, 8, 5, 11), 16: (5, 16, 9, 20), 32: (7, 32, 13, 40)}


def _shifts(bits):
    return {n: ("i32", v) for n, v in zip(SHIFT_OPS, _SHIFTS[bits])}


SCALARS = {
    "f32": {"adds": ("f16", 0.1), "subs": ("f32", -2.5), "muls": ("f32", 3.0),
            "divs": ("f32", 0.3), "rdivs": ("f32", -2.0), "maxs": ("f32", 0.5),
            "mins": ("f32", -1.0e-40), "fill": ("f32", -0.1)},
    "f16": {"adds": ("f32", 0.1), "subs": ("f32", 70000.0), "muls": ("f16", 3.0),
            "divs": ("f32", 1.0e-3), "rdivs": ("f16", -2.0), "maxs": ("f32", 1.0e-7),
            "mins": ("f16", -0.5), "fill": ("f32", 65519.0), "fill_inf": ("f32", 65520.0)},
    "bf16": {"adds": ("f32", 0.1), "subs": ("f32", 3.4e38), "muls": ("bf16", 3.0),
             "maxs": ("f32", 1.0e-40), "mins": ("f32", -0.5)},
    "i8": {"adds": ("i32", 300), "subs": ("ui8", 250), "muls": ("i32", 3),
           "divs": ("i32", -3), "rdivs": ("i32", 1000), "maxs": ("i8", -5), "mins": ("i8", 7),
           **_shifts(8), "fill": ("i32", 200)},
    "ui8": {"adds": ("i32", 300), "subs": ("i16", -300), "muls": ("i32", 3),
            "divs": ("i32", 3), "rdivs": ("ui8", 200), "maxs": ("i32", 1000),
            "mins": ("ui8", 100), **_shifts(8), "fill": ("i32", -1)},
    "i16": {"adds": ("i32", 70000), "subs": ("i16", -7), "muls": ("i16", 3),
            "divs": ("i32", -3), "rdivs": ("i32", 100000), "maxs": ("ui8", 255),
            "mins": ("i8", -100), **_shifts(16), "fill": ("i32", 40000)},
    "ui16": {"adds": ("i8", -1), "subs": ("ui16", 7), "muls": ("i32", 3), "divs": ("i32", 3),
             "rdivs": ("ui16", 60000), "maxs": ("i32", 1000), "mins": ("ui16", 100),
             **_shifts(16), "fill": ("i32", -2)},
    "i32": {"adds": ("i32", 100), "subs": ("i32", -7), "muls": ("i32", 3), "divs": ("i32", -3),
            "rdivs": ("i32", -2147483648), "maxs": ("i8", -5), "mins": ("ui16", 60000),
            **_shifts(32), "fill": ("i32", -2147483648)},
    "ui32": {"adds": ("i32", -1), "subs": ("ui32", 7), "muls": ("i32", 3), "divs": ("i32", 3),
             "rdivs": ("ui32", 4000000000), "maxs": ("i8", -5), "mins": ("ui16", 100),
             **_shifts(32), "fill": ("ui32", 4294967295)},
}


def scalar_case(arch, seed, t, shape, valid, ops=None, dps=False, keep="zeros"):
    """Tile-scalar ops on a with the scalars SCALARS[t] (ops: the kernel's results, some of the
    table's names; default all of them): adds subs muls divs rdivs (k / a) maxs mins fill
    (texpands) fill_inf, and for integers shl shl_w shr shr_w (_w: a count of the width or
    more). Integer cases with rdivs also read the divisor tile d."""
    scalars = {n: SCALARS[t][n] for n in (ops or SCALARS[t])}
    results = list(scalars)
    if is_float(t):
        tile = FLOAT_TILES[t]
        names = ("a",)
        decades = 2 if t == "f16" else 4

        def inputs():
            rng = np.random.default_rng(seed)
            a = tile.to_tile(spread(rng, shape, decades))
            plant(a, tile.to_tile(SCALAR_FLOAT_EDGES[t]), valid[1])
            return (a,)

        def full(a):
            # Each scalar is converted to the tile type first (round to nearest even), then
            # the instruction computes in f32 and rounds once.
            k = {n: tile.widen(tile.narrow(np.array([np.float16(v) if ty == "f16" else v],
                                                    np.float32)))[0]
                 for n, (ty, v) in scalars.items()}
            x = tile.widen(a)
            ops = {"adds": lambda k: x + k, "subs": lambda k: x - k, "muls": lambda k: x * k,
                   "divs": lambda k: x / k, "rdivs": lambda k: k / x,
                   "maxs": lambda k: np.maximum(x, k), "mins": lambda k: np.minimum(x, k),
                   "fill": lambda k: np.full(shape, k, np.float32)}
            with np.errstate(all="ignore"):
                return {n: tile.narrow(ops[n.replace("fill_inf", "fill")](k[n])) for n in results}
    else:
        dt = TYPES[t][0]
        wide = np.int64 if np.iinfo(dt).min < 0 else np.uint64  # exact, then wrapped
        edges, divisor_edges = scalar_int_edges(t)
        names = ("a", "d") if "rdivs" in scalars else ("a",)

        def inputs():
            rng = np.random.default_rng(seed)
            a = random_ints(rng, shape, dt)
            plant(a, edges, valid[1])
            if len(names) == 1:
                return (a,)
            d = small_divisors(rng, random_ints(rng, shape, dt))
            plant(d, divisor_edges, valid[1])
            return a, d

        def full(a, d=None):
            # Each scalar is converted to the element type first (wrapping); shift counts are
            # taken as they are.
            v = {n: value for n, (_, value) in scalars.items()}
            k = {n: wrap(value, dt) for n, value in v.items()}
            x = a.astype(wide)
            ops = {"adds": lambda n: wrap(x + k[n].astype(wide), dt),
                   "subs": lambda n: wrap(x - k[n].astype(wide), dt),
                   "muls": lambda n: wrap(x * k[n].astype(wide), dt),
                   "divs": lambda n: div(x, k[n], dt), "rdivs": lambda n: div(k[n], d, dt),
                   "maxs": lambda n: np.maximum(a, k[n]), "mins": lambda n: np.minimum(a, k[n]),
                   "shl": lambda n: shl(a, v[n]), "shl_w": lambda n: shl(a, v[n]),
                   "shr": lambda n: shr(a, v[n]), "shr_w": lambda n: shr(a, v[n]),
                   "fill": lambda n: np.full(shape, k[n], dt)}
            return {n: ops[n](n) for n in results}
    return _case(arch, t, shape, names, results, dps), _generate(names, inputs, full, valid, keep)


def abs_case(seed):
    """TABS on 16x16 f32: |x|, with signed zeros, infinities and NaN among the inputs."""
    case = {"arch": "a2a3", "args": ["src.bin"],
            "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": "float32"}]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        x = rng.uniform(-100, 100, size=(16, 16)).astype(np.float32)
        x[0, :6] = [0.0, -0.0, np.inf, -np.inf, np.nan, -1e-45]
        x.tofile(os.path.join(out_dir, "src.bin"))
        np.abs(x).tofile(os.path.join(out_dir, "dst.expect.bin"))
    return case, generate


# tpartadd/mul/max/min (elementwise/tpart_*). The tiles of each type the kernels test, by the
# name of their files: name -> (type, shape, destination valid shape). Each op reads two of the
# sources, whose valid shapes differ.
TPART_TILES = {
    "i8": ("i8", (3, 64), (3, 50)), "u8": ("ui8", (2, 32), (2, 32)),
    "i16": ("i16", (4, 32), (3, 30)), "u16": ("ui16", (3, 16), (3, 13)),
    "i32": ("i32", (3, 16), (3, 12)), "u32": ("ui32", (2, 8), (2, 8)),
    "f16": ("f16", (5, 32), (4, 20)), "f32": ("f32", (4, 24), (4, 21)),
    "bf16": ("bf16", (3, 32), (3, 17)),
}
TPART_OPS = [("add", "full", "rows"), ("mul", "cols", "full"), ("max", "full", "both"),
             ("min", "top", "full")]
_TPART_FNS = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}


def _tpart_sources(vr, vc):
    """The valid shape of each source tile."""
    return {"full": (vr, vc), "rows": (vr - 1, vc), "cols": (vr, vc - 5),
            "both": (vr - 1, vc // 2), "top": (1, vc)}


def _tpart_tile(t, rng, shape, full):
    if not is_float(t):
        return values(t, rng, shape)
    v = values("f32", rng, shape)
    if full:  # edge pairs against the other sources' 0, -0, inf, -inf, NaN, 1.5, -2.25
        v.flat[:7] = [np.nan, -np.inf, 1.0, np.inf, 2.0, np.nan, -2.25]
    return narrow(t, v)


def _tpart_apply(op, t, x, y):
    if is_float(t):
        x, y = x.astype(np.float32), y.astype(np.float32)
        with np.errstate(all="ignore"):
            return narrow(t, _TPART_FNS[op](x, y))
    return narrow(t, _TPART_FNS[op](x, y))


def tpart_case(arch, seed, spellings):
    """spellings: name of TPART_TILES -> the kernel's spelling of its ops ("dps": the results
    are arguments), in the kernel's order."""
    cases = [(name, *TPART_TILES[name], form) for name, form in spellings.items()]
    args = []
    for name, _, (r, c), _, form in cases:
        args += [f"{s}_{name}.bin" for s in ("full", "rows", "cols", "both", "top")]
        if form == "dps":
            args += [f"zeros:{r * c}"] * len(TPART_OPS)
    case = {"arch": arch, "args": args,
            "outs": [{"target": f"{op}_{c[0]}", "expect": f"{op}_{c[0]}.expect.bin",
                      "dtype": TYPES[c[1]][1]} for c in cases for op, _, _ in TPART_OPS]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, t, shape, (vr, vc), _ in cases:
            valid = _tpart_sources(vr, vc)
            tiles = {s: _tpart_tile(t, rng, shape, s == "full") for s in valid}
            for s, v in tiles.items():
                files[f"{s}_{name}"] = v
            rows, cols = np.indices(shape)
            for op, a, b in TPART_OPS:
                in_a = (rows < valid[a][0]) & (cols < valid[a][1])
                in_b = (rows < valid[b][0]) & (cols < valid[b][1])
                both = _tpart_apply(op, t, widen(t, tiles[a]), widen(t, tiles[b]))
                full = np.where(in_a & in_b, both, np.where(in_a, tiles[a], tiles[b]))
                expect = np.zeros_like(tiles[a])
                expect[:vr, :vc] = full[:vr, :vc]
                files[f"{op}_{name}.expect"] = expect
        save(out_dir, files)
    return case, generate


def every_f16(out_dir, name, fn, through_f32_differ):
    """Every f16 bit pattern (h.bin) and fn of it in float64, rounded once to f16
    (<name>.expect.bin). Asserts how many of the results rounding through float32 would put
    on the other side of an f16 midpoint: the ones a second rounding gets wrong."""
    h = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    with np.errstate(all="ignore"):
        exact = fn(h.astype(np.float64))
        once = exact.astype(np.float16)
        twice = exact.astype(np.float32).astype(np.float16)
    assert (twice.view(np.uint16) != once.view(np.uint16)).sum() == through_f32_differ
    save(out_dir, {"h": h, f"{name}.expect": once})
