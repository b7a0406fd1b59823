"""Broadcasts along rows or columns, the generators their cases share (tests/golden/
reduce_expand/):

trowexpand_case: TROWEXPAND of one element type, dst[i, j] = src[i, 0] over dst's valid
region, from a DN Rx1 source or an ND one whose other columns hold junk (trowexpand_*);
trowexpand_types_case: TROWEXPAND of all nine element types in one kernel
(trowexpand_types_*);
expand_binary_types_case: TROWEXPANDSUB/MUL/DIV and TCOLEXPANDMUL/ADD on f16 and f32, the
exact result rounded once to the tile type (expand_binary_types_*);
expand_binary_case: one of TROWEXPANDADD/SUB/MUL/DIV or TCOLEXPANDADD/SUB/MUL/DIV on inputs the
case draws, the same rule (t{row,col}expand{add,sub,mul,div}_*).

Broadcasts copy bits: their results are compared exactly, float tiles as unsigned patterns.
"""
import os

import numpy as np

from .element_types import TYPES, bits_name, is_float
from .tiles import one_result_case, save


def trowexpand_case(arch, seed, t, rows, src_cols, dst_cols, valid=None):
    dt = TYPES[t][0]
    vr, vc = valid or (rows, dst_cols)
    case = {"arch": arch, "args": ["src.bin"],
            "outs": [{"target": "dst", "expect": "dst.expect.bin", "dtype": bits_name(t)}]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        if is_float(t):
            v = rng.normal(0, 50, rows).astype(dt)
            v[:3] = [np.inf, np.nan, -0.0]
        else:
            info = np.iinfo(dt)
            v = rng.integers(info.min, int(info.max) + 1, rows, dtype=np.int64).astype(dt)
            v[:2] = [info.min, info.max]
        src = np.zeros((rows, src_cols), dt)
        src[:, 0] = v
        if src_cols > 1:   # an ND source: junk beside the values
            src[:, 1:] = rng.integers(0, 100, (rows, src_cols - 1)).astype(dt)
        dst = np.zeros((rows, dst_cols), dt)
        dst[:vr, :vc] = src[:vr, :1]       # dst[i, j] = src[i, 0] over the valid region
        src.tofile(os.path.join(out_dir, "src.bin"))
        dst.tofile(os.path.join(out_dir, "dst.expect.bin"))
    return case, generate


# (type, numpy storage, rows, source columns, destination columns) in parameter order.
EXPAND_TYPES = [("i8", np.int8, 32, 1, 32),
                ("ui8", np.uint8, 32, 32, 64),
                ("i16", np.int16, 16, 16, 32),
                ("ui16", np.uint16, 16, 1, 16),
                ("i32", np.int32, 16, 8, 16),
                ("ui32", np.uint32, 8, 1, 8),
                ("f16", np.uint16, 16, 16, 64),
                ("bf16", np.uint16, 16, 1, 32),
                ("f32", np.uint32, 16, 1, 32)]


def trowexpand_types_case(arch, seed):
    """Each source: random bits over the whole tile; each result: column 0 repeated."""
    args = []
    for t, _, rows, _, dst_cols in EXPAND_TYPES:
        args += [f"s_{t}.bin", f"zeros:{rows * dst_cols}"]
    case = {"arch": arch, "args": args,
            "outs": [{"target": str(2 * i + 2), "expect": f"d_{t}.expect.bin",
                      "dtype": dt.__name__} for i, (t, dt, _, _, _) in enumerate(EXPAND_TYPES)]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        for t, dtype, rows, src_cols, dst_cols in EXPAND_TYPES:
            info = np.iinfo(dtype)
            src = rng.integers(info.min, info.max, size=(rows, src_cols), dtype=dtype,
                               endpoint=True)
            dst = np.repeat(src[:, :1], dst_cols, axis=1)
            src.tofile(os.path.join(out_dir, f"s_{t}.bin"))
            dst.tofile(os.path.join(out_dir, f"d_{t}.expect.bin"))
    return case, generate


# (output tile, operator, per row?, element type)
EXPAND_BINARY_OUTS = [("rowexpandsub_f32", "sub", True, np.float32),
                      ("rowexpandsub_f16", "sub", True, np.float16),
                      ("rowexpandmul_f32", "mul", True, np.float32),
                      ("rowexpandmul_f16", "mul", True, np.float16),
                      ("rowexpanddiv_f32", "div", True, np.float32),
                      ("rowexpanddiv_f16", "div", True, np.float16),
                      ("colexpandmul_f32", "mul", False, np.float32),
                      ("colexpandmul_f16", "mul", False, np.float16),
                      ("colexpandadd_f32", "add", False, np.float32),
                      ("colexpandadd_f16", "add", False, np.float16)]
_APPLY = {"sub": np.subtract, "mul": np.multiply, "div": np.divide, "add": np.add}


def _expand_exact(op, per_row, a, b):
    """a op b[i, 0] (per row; b may be a vector of one value per row) or a op b[0, j], exact
    (in float64; the caller rounds once to the tile type)."""
    b = b.reshape(a.shape[0], -1)[:, :1] if per_row else b[:1, :]
    with np.errstate(all="ignore"):
        return _APPLY[op](a.astype(np.float64), b.astype(np.float64))


def expand_binary_types_case(arch, seed):
    """a (16x32) against the column col[:, 0] (per row) or the row row[0, :] (per column)."""
    case = {"arch": arch,
            "args": ["a32.bin", "a16.bin", "col32.bin", "col16.bin", "row32.bin", "row16.bin"],
            "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": np.dtype(t).name}
                     for n, _, _, t in EXPAND_BINARY_OUTS]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        x = {
            "a32": rng.normal(0, 10, size=(16, 32)).astype(np.float32),
            "a16": rng.uniform(-50, 50, size=(16, 32)).astype(np.float16),
            "col32": rng.uniform(0.5, 8, size=(16, 1)).astype(np.float32),
            "col16": rng.uniform(0.5, 8, size=(16, 16)).astype(np.float16),   # column 0 is used
            "row32": rng.uniform(-8, 8, size=(1, 32)).astype(np.float32),
            "row16": rng.uniform(-8, 8, size=(1, 32)).astype(np.float16),
        }
        for name, v in x.items():
            v.tofile(os.path.join(out_dir, f"{name}.bin"))
        for name, op, per_row, dtype in EXPAND_BINARY_OUTS:
            bits = "32" if dtype == np.float32 else "16"
            b = x[("col" if per_row else "row") + bits]
            exact = _expand_exact(op, per_row, x["a" + bits], b)
            exact.astype(dtype).tofile(os.path.join(out_dir, f"{name}.expect.bin"))
    return case, generate


def expand_binary_case(arch, seed, instr, t, shape, inputs, valid=None, names=("a", "b", "dst"),
                       tmp=False, dps=False):
    """instr (trowexpand<op> or tcolexpand<op>, op add sub mul div) on a t ("f16", "f32") tile
    of shape: dst = a op b[i, 0] or a op b[0, j] over dst's valid region (zeros elsewhere), exact
    and rounded once. inputs(rng): (a, b) as the case draws them, rng seeded with seed; names:
    their files' and the result's; tmp: the kernel takes a tmp tile ("zeros"); dps: the result
    is the pointer parameter after the inputs. arch None: no "arch" in CASE."""
    per_row, op = instr.startswith("trow"), instr[len("trowexpand"):]
    case = one_result_case(arch, names[:2], names[2], TYPES[t][1], tmp,
                           dps and shape[0] * shape[1])
    vr, vc = valid or shape

    def generate(out_dir):
        a, b = inputs(np.random.default_rng(seed))
        assert a.shape == shape and a.dtype == TYPES[t][0]
        dst = np.zeros(shape, a.dtype)
        with np.errstate(over="ignore"):
            dst[:vr, :vc] = _expand_exact(op, per_row, a, b)[:vr, :vc].astype(a.dtype)
        save(out_dir, {names[0]: a, names[1]: b, f"{names[2]}.expect": dst})
    return case, generate
