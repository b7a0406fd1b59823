"""Numpy references of PTOAS v0.60's forms of tgather and tscatter (tests/golden/gather_sort/):
the mask-pattern gather along an axis, the compare gather and the mask-pattern scatter.

Element bits are moved as unsigned integers of the element's width (gather_sort.BITS), so every
output is compared exactly. Each *_case returns the CASE and generate(out_dir) of a golden.py;
the destinations are kernel arguments that hold data before the instruction, so what it leaves
alone (or zeroes) is checked too.
"""
import numpy as np

from reference.gather_sort import compare_type, data_bits, write

# A pattern's factor (how many places one picked element stands among) and lane (which of them).
PATTERN_FACTOR_LANE = {
    "P0101": (2, 0), "P1010": (2, 1), "P0001": (4, 0), "P0010": (4, 1),
    "P0100": (4, 2), "P1000": (4, 3), "P1111": (1, 0),
}

# The narrow tile of the mask-pattern forms: 4x32, 3x32 valid; the wide one has factor times
# its columns ("row") or rows ("col"), with as many valid.
NARROW, NARROW_VALID = (4, 32), (3, 32)


def wide_shape(pattern, axis, shape):
    f, _ = PATTERN_FACTOR_LANE[pattern]
    return (shape[0], shape[1] * f) if axis == "row" else (shape[0] * f, shape[1])


def gather_mask_axis(src, dst, pattern, axis):
    """dst's valid region gets the picked columns ("row") or rows ("col") of src's."""
    f, lane = PATTERN_FACTOR_LANE[pattern]
    rows, cols = NARROW_VALID
    out = dst.copy()
    if axis == "row":
        out[:rows, :cols] = src[:rows, lane:cols * f:f]
    else:
        out[:rows, :cols] = src[lane:rows * f:f, :cols]
    return out


def scatter_mask_axis(src, dst, pattern, axis):
    """P1111 moves src's valid region; another pattern zeroes dst, then spreads src over it."""
    f, lane = PATTERN_FACTOR_LANE[pattern]
    rows, cols = NARROW_VALID
    out = dst.copy()
    if pattern != "P1111":
        out[:] = 0
    if axis == "row":
        out[:rows, lane:cols * f:f] = src[:rows, :cols]
    else:
        out[lane:rows * f:f, :cols] = src[:rows, :cols]
    return out


def _mask_axis_case(arch, seed, uses, scatter):
    """uses: (element type, pattern, axis); use k reads s<k>.bin and writes d<k> (d<k>.bin)."""
    case = {"arch": arch,
            "args": [f for k in range(len(uses)) for f in (f"s{k}.bin", f"d{k}.bin")],
            "outs": [{"target": f"d{k}", "expect": f"d{k}.expect.bin", "dtype": compare_type(dt)}
                     for k, (dt, _, _) in enumerate(uses)]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for k, (dt, pattern, axis) in enumerate(uses):
            wide = wide_shape(pattern, axis, NARROW)
            src = data_bits(rng, NARROW if scatter else wide, dt)
            dst = data_bits(rng, wide if scatter else NARROW, dt)
            model = scatter_mask_axis if scatter else gather_mask_axis
            files[f"s{k}.bin"] = src
            files[f"d{k}.bin"] = dst
            files[f"d{k}.expect.bin"] = model(src, dst, pattern, axis)
        write(out_dir, files)
    return case, generate


def tgather_mask_axis_case(arch, seed, uses):
    return _mask_axis_case(arch, seed, uses, scatter=False)


def tscatter_mask_case(arch, seed, uses):
    return _mask_axis_case(arch, seed, uses, scatter=True)


# The compare gather: 4x32 sources with 3x20 valid, i32 destinations of 4x32 and counts of 2x8.
CMP_SRC, CMP_VALID, CMP_DST, CMP_COUNTS = (4, 32), (3, 20), (4, 32), (2, 8)
NUMPY = {"f16": np.float16, "f32": np.float32, "i16": np.int16, "i32": np.int32}


def compare_values(rng, dt):
    """Small integers (many equal to k), and for floats -0, NaN and infinities."""
    v = rng.integers(-3, 4, size=CMP_SRC).astype(NUMPY[dt])
    if dt in ("f16", "f32"):
        flat = v.reshape(-1)
        flat[:5] = [-0.0, np.nan, np.inf, -np.inf, 0.5]
    return v


def gather_compare(src, k, mode, offset, dst, counts):
    """Row r of dst: offset + r * Cols(src) + c (u32 arithmetic) for each valid column c where
    src[r, c] == k (eq) or > k (gt), packed from column 0; counts.flat[r] their number."""
    rows, cols = CMP_VALID
    d, n = dst.copy(), counts.copy().reshape(-1)
    for r in range(rows):
        row = src[r, :cols].astype(np.float64)
        picked = np.nonzero(row > k if mode == "gt" else row == k)[0]
        d[r, :len(picked)] = (offset + r * src.shape[1] + picked) & 0xFFFFFFFF
        n[r] = len(picked)
    return d, n.reshape(counts.shape)


def tgather_compare_case(arch, seed, uses):
    """uses: (source type, k, cmpMode, offset), None for an attribute not written; use j reads
    s<j>.bin and writes d<j>, c<j>."""
    case = {"arch": arch,
            "args": [f for j in range(len(uses)) for f in (f"s{j}.bin", f"d{j}.bin", f"c{j}.bin")],
            "outs": [{"target": f"{t}{j}", "expect": f"{t}{j}.expect.bin", "dtype": "uint32"}
                     for j in range(len(uses)) for t in "dc"]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for j, (dt, k, mode, offset) in enumerate(uses):
            src = compare_values(rng, dt)
            dst = data_bits(rng, CMP_DST, "ui32")
            counts = data_bits(rng, CMP_COUNTS, "ui32")
            # Not written: cmpMode eq, offset 0.
            d, c = gather_compare(src, k, mode or "eq", offset or 0, dst.astype(np.int64),
                                  counts)
            files.update({f"s{j}.bin": src, f"d{j}.bin": dst, f"c{j}.bin": counts,
                          f"d{j}.expect.bin": d.astype(np.uint32),
                          f"c{j}.expect.bin": c.astype(np.uint32)})
        write(out_dir, files)
    return case, generate
