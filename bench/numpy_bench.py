#!/usr/bin/env python3
"""numpy baseline for the ptorun benchmarks (bench/run.sh runs it; see bench/README.md).

The same computations as the PTO programs bench.py generates and as bench/native_bench.cc, on
the same input files (written by make_data(), which bench.py calls), timed with timeit: the
minimum over several repeats of the mean time of a batch of calls. Prints one line per
benchmark, "NAME NANOSECONDS", per call.

This module is also the benchmark catalogue bench.py imports: the names, the sizes, the input
files and the numpy functions it uses as the numerical reference for ptorun's outputs.

Fairness notes:
  * tile-instruction cases use numpy's fastest spelling, the ufunc with a preallocated
    `out=` (no allocation per call), as a PTO instruction writes a preallocated tile;
  * bf16 has no numpy dtype: tcvt f32->bf16 is the round-to-nearest-even bit trick on uint32
    (no NaN special case; the data has no NaN), the bf16 matmul multiplies float32 copies of
    the bf16 operands (decoded once, outside the timed call);
  * whole kernels are vectorised over the whole 4096x1024 array, as one would write them;
  * BLAS threads are limited to one by bench.py (ptorun runs a block on one thread).

Usage: numpy_bench.py --data DIR [--quick] [--only NAME,NAME,...] [--list]
"""

import argparse
import os
import sys
import timeit

import numpy as np

# ---------------------------------------------------------------------------------------------
# Catalogue (bench.py and native_bench.cc use the same names, sizes and files)

SIZES = [(16, 64), (64, 64), (128, 128)]
HALF_SIZES = [(16, 256)]  # sizes only 16-bit rows use (programs.HALF_CASES): their f32 inputs
VEC_OPS = ["tadd", "tmuls", "texp", "trowsum", "trowexpandmul", "tcvt",
           "taxpy", "tpows", "taddrelu", "trandom"]  # the last four: PTOAS v0.60's
MULS_K = 1.5  # the scalar of tmuls and taxpy (exact in f32)
POWS_K = 2.5  # tpows's exponent (not an integer: the log and exp of the NPU's sequence run)
# trandom's key, 128-bit counter (word 0 least significant) and rounds (the default).
RANDOM_KEY = (0x12345678, 0x9ABCDEF0)
RANDOM_COUNTER = (0xFFFFFF00, 7, 0, 42)  # word 0 carries into word 1 within the tiles
RANDOM_ROUNDS = 10
MM = 64  # TMATMUL M = K = N
MM_NAMES = ["tmatmul_f32_64x64x64", "tmatmul_bf16_64x64x64"]
K_ROWS, K_COLS = 4096, 1024  # whole kernels: a 4096 x 1024 f32 tensor
SLAB_ROWS = 8  # rows per slab (tile) in the whole-kernel PTO programs
KERNEL_NAMES = ["softmax_4096x1024", "rmsnorm_4096x1024"]
RMS_INV_HIDDEN = np.float32(1.0 / K_COLS)  # 9.765625e-04, exact
RMS_EPS = np.float32(1e-6)  # written 9.99999997e-07 : f32 in the program
# Register layer (VPTO, a5) programs of bench/vpto_programs.py.
STREAM_N = 262144  # vpto_stream_1mib: out = x + y over 1 MiB of f32 per operand
SM_ROWS, SM_COLS = 64, 1024  # vpto_softmax_update: the block; m and l lane-replicated, SM_ROWS x 64
SM_LANES = 64
# vmi_stream_1mib: the same stream in the VMI layer (pto.vmi.*), the same numpy and native work.
VPTO_NAMES = ["vpto_stream_1mib", "vmi_stream_1mib", "vpto_softmax_update_64x1024"]
STREAM_NAMES = ["vpto_stream_1mib", "vmi_stream_1mib"]
# Repeat-layer (A2/A3) programs of bench/repeat_programs.py: one instruction over a UB region,
# as (elements of a region, the element type, its numpy spelling's view of the region).
REPEAT_NAMES = ["repeat_adds_f16", "repeat_add_f32", "repeat_add_f32_strided"]
REPEAT_K = 1.5  # vec_adds's scalar
REPEAT_ELEMS = {"repeat_adds_f16": 255 * 128, "repeat_add_f32": 255 * 64,
                "repeat_add_f32_strided": 100 * 128}
DATA_VERSION = "3"


def vec_name(op, rows, cols):
    if op == "tcvt":
        return f"tcvt_f32_bf16_{rows}x{cols}"
    return f"trandom_ui32_{rows}x{cols}" if op == "trandom" else f"{op}_f32_{rows}x{cols}"


def vec_cases():
    """[(name, op, rows, cols)] for the per-instruction vector benchmarks."""
    return [(vec_name(op, r, c), op, r, c) for op in VEC_OPS for (r, c) in SIZES]


def all_names():
    return [n for n, _, _, _ in vec_cases()] + MM_NAMES + KERNEL_NAMES + VPTO_NAMES + REPEAT_NAMES


# ---------------------------------------------------------------------------------------------
# Input data (fixed seed; raw little-endian files, bf16 as uint16 bit patterns)


def f32_to_bf16_bits(a):
    """Round-to-nearest-even f32 -> bf16 bit patterns (no NaN special case)."""
    u = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32)
    return ((u + (np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1)))) >> np.uint32(16)).astype(np.uint16)


def bf16_bits_to_f32(b):
    return (b.astype(np.uint32) << np.uint32(16)).view(np.float32)


def f32_to_half_bits(a, dtype):
    """f32 -> f16 or bf16 bit patterns, round to nearest even."""
    a = np.ascontiguousarray(a, dtype=np.float32)
    return a.astype(np.float16).view(np.uint16) if dtype == "f16" else f32_to_bf16_bits(a)


def half_bits_to_f32(b, dtype):
    return b.view(np.float16).astype(np.float32) if dtype == "f16" else bf16_bits_to_f32(b)


def half_reference(data, op, dtype, r, c):
    """The 16-bit instruction's result as f32: inputs rounded to 16 bits, the operation, the
    result rounded to 16 bits (what ptorun's semantics prescribe; texp rounds once from the
    exact value; trowsum's sums are checked to a tolerance, HALF_TOLERANCE; tcvt widens to
    f32 exactly)."""
    def rounded(x):
        return half_bits_to_f32(f32_to_half_bits(x, dtype), dtype)
    a = rounded(np.fromfile(os.path.join(data, f"a_{r}x{c}.f32"), np.float32))
    if op == "tadd":
        b = rounded(np.fromfile(os.path.join(data, f"b_{r}x{c}.f32"), np.float32))
        return rounded(a + b)
    if op == "texp":
        return np.exp(a.astype(np.float64)).astype(np.float16).astype(np.float32)
    if op == "trowsum":
        return a.reshape(r, c).astype(np.float64).sum(axis=1)
    if op == "tcvt":
        return a
    return rounded(a * rounded(np.float32(MULS_K)))


# Normwise relative error allowed of the 16-bit rows (0: bit-exact); trowsum's f16 sums round
# at each step on the NPU.
HALF_TOLERANCE = {"trowsum": 2e-3}


def data_files():
    files = {}
    for r, c in SIZES:
        files[f"a_{r}x{c}.f32"] = (r, c)
        files[f"b_{r}x{c}.f32"] = (r, c)
        files[f"s_{r}.f32"] = (r, 1)
        files[f"p_{r}x{c}.f32"] = (r, c)
    files["mm_a.f32"] = (MM, MM)
    files["mm_b.f32"] = (MM, MM)
    files["mm_a.bf16"] = (MM, MM)
    files["mm_b.bf16"] = (MM, MM)
    for r, c in HALF_SIZES:
        files[f"a_{r}x{c}.f32"] = (r, c)
        files[f"b_{r}x{c}.f32"] = (r, c)
    files[f"x_{K_ROWS}x{K_COLS}.f32"] = (K_ROWS, K_COLS)
    files[f"gamma_{K_COLS}.f32"] = (1, K_COLS)
    files["vs_x.f32"] = (STREAM_N,)
    files["vs_y.f32"] = (STREAM_N,)
    for name in ("x", "o"):
        files[f"sm_{name}.f32"] = (SM_ROWS, SM_COLS)
    for name in ("m", "l"):
        files[f"sm_{name}.f32"] = (SM_ROWS, SM_LANES)
    for name, n in REPEAT_ELEMS.items():
        for operand in ("a", "b"):
            files[f"{name}_{operand}.bin"] = (n,)
    return files


def make_data(data_dir):
    """Write every input file into data_dir (skipped when already there for this version)."""
    os.makedirs(data_dir, exist_ok=True)
    stamp = os.path.join(data_dir, "VERSION")
    if os.path.exists(stamp) and open(stamp).read().strip() == DATA_VERSION and all(
            os.path.exists(os.path.join(data_dir, f)) for f in data_files()):
        return
    rng = np.random.default_rng(20240607)
    for r, c in SIZES:
        rng.uniform(-1.0, 1.0, (r, c)).astype(np.float32).tofile(os.path.join(data_dir, f"a_{r}x{c}.f32"))
        rng.uniform(-1.0, 1.0, (r, c)).astype(np.float32).tofile(os.path.join(data_dir, f"b_{r}x{c}.f32"))
        rng.uniform(0.5, 1.5, (r,)).astype(np.float32).tofile(os.path.join(data_dir, f"s_{r}.f32"))
    ma = rng.uniform(-1.0, 1.0, (MM, MM)).astype(np.float32)
    mb = rng.uniform(-1.0, 1.0, (MM, MM)).astype(np.float32)
    ma.tofile(os.path.join(data_dir, "mm_a.f32"))
    mb.tofile(os.path.join(data_dir, "mm_b.f32"))
    f32_to_bf16_bits(ma).tofile(os.path.join(data_dir, "mm_a.bf16"))
    f32_to_bf16_bits(mb).tofile(os.path.join(data_dir, "mm_b.bf16"))
    (rng.standard_normal((K_ROWS, K_COLS)) * 2.0).astype(np.float32).tofile(
        os.path.join(data_dir, f"x_{K_ROWS}x{K_COLS}.f32"))
    rng.uniform(0.5, 1.5, (K_COLS,)).astype(np.float32).tofile(os.path.join(data_dir, f"gamma_{K_COLS}.f32"))
    half_rng = np.random.default_rng(20261207)  # its own: the files above stay as they were
    for r, c in HALF_SIZES:
        for name in ("a", "b"):
            half_rng.uniform(-1.0, 1.0, (r, c)).astype(np.float32).tofile(
                os.path.join(data_dir, f"{name}_{r}x{c}.f32"))
    # The register-layer inputs, from a generator of their own (the data above stays as it was).
    rng = np.random.default_rng(20261202)
    for name in ("x", "y"):
        rng.uniform(-1.0, 1.0, STREAM_N).astype(np.float32).tofile(os.path.join(data_dir, f"vs_{name}.f32"))
    # The online-softmax state of an earlier block: a running max near this block's (some rows
    # above, some below its own max), a positive running sum, an accumulator of that scale.
    (rng.standard_normal((SM_ROWS, SM_COLS)) * 2.0).astype(np.float32).tofile(os.path.join(data_dir, "sm_x.f32"))
    rng.uniform(-1.0, 3.0, (SM_ROWS, SM_COLS)).astype(np.float32).tofile(os.path.join(data_dir, "sm_o.f32"))
    m = rng.uniform(4.0, 9.0, SM_ROWS).astype(np.float32)
    l = rng.uniform(1.0, 300.0, SM_ROWS).astype(np.float32)
    np.repeat(m[:, None], SM_LANES, axis=1).tofile(os.path.join(data_dir, "sm_m.f32"))
    np.repeat(l[:, None], SM_LANES, axis=1).tofile(os.path.join(data_dir, "sm_l.f32"))
    # The repeat-layer inputs, from a generator of their own.
    rng = np.random.default_rng(20261203)
    for name, n in REPEAT_ELEMS.items():
        dt = np.float16 if name.endswith("f16") else np.float32
        for operand in ("a", "b"):
            rng.uniform(-4.0, 4.0, n).astype(dt).tofile(os.path.join(data_dir, f"{name}_{operand}.bin"))
    # tpows's bases (positive, so that the power is a number), from a generator of their own.
    rng = np.random.default_rng(20261204)
    for r, c in SIZES:
        rng.uniform(0.25, 4.0, (r, c)).astype(np.float32).tofile(os.path.join(data_dir, f"p_{r}x{c}.f32"))
    with open(stamp, "w") as f:
        f.write(DATA_VERSION + "\n")


def load(data_dir, name, shape, dtype=np.float32):
    path = os.path.join(data_dir, name)
    if not os.path.exists(path):
        sys.exit(f"numpy_bench: {path} is missing; bench/bench.py writes the inputs")
    return np.fromfile(path, dtype=dtype).reshape(shape)


# ---------------------------------------------------------------------------------------------
# The computations. Each make_* returns a zero-argument function that does the work once and
# returns its output array (the timed call; bench.py also calls it once for the reference).


def philox_words(rows, cols, key=RANDOM_KEY, counter=RANDOM_COUNTER, rounds=RANDOM_ROUNDS):
    """trandom's rows x cols words (docs/semantics.md): word c of row r is word c % 4 of
    Philox4x32(counter + r * row_step + c // 4), row_step = 64 (blocks - 1) + (cols - 1) % 64 + 1
    for blocks = ceil(cols / 256). Vectorised over the counters, 32-bit words in uint64."""
    mask = np.uint64(0xFFFFFFFF)
    groups = (cols + 3) // 4
    row_step = 64 * ((cols + 255) // 256 - 1) + (cols - 1) % 64 + 1
    off = (np.arange(rows, dtype=np.uint64)[:, None] * np.uint64(row_step)
           + np.arange(groups, dtype=np.uint64)[None, :])
    x, carry = [], off
    for w in counter:  # the 128-bit add, word by word
        v = carry + np.uint64(w)
        x.append(v & mask)
        carry = v >> np.uint64(32)
    k0, k1 = key
    for _ in range(rounds):
        p0 = x[0] * np.uint64(0xD2511F53)
        p1 = x[2] * np.uint64(0xCD9E8D57)
        x = [(p1 >> np.uint64(32)) ^ x[1] ^ np.uint64(k0), p1 & mask,
             (p0 >> np.uint64(32)) ^ x[3] ^ np.uint64(k1), p0 & mask]
        k0, k1 = (k0 + 0x9E3779B9) & 0xFFFFFFFF, (k1 + 0xBB67AE85) & 0xFFFFFFFF
    return np.stack(x, axis=-1).reshape(rows, -1)[:, :cols].astype(np.uint32)


def pows_reference(data_dir, r, c):
    """tpows on a5 (default precision) as the NPU computes it: tests/reference/power.py's
    step-by-step model, element by element (np.power differs in the last bits)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    from reference import power
    p = load(data_dir, f"p_{r}x{c}.f32", (r, c))
    return power.elementwise(power.pow_a5, p, np.float32(POWS_K), np.float32)


def make_vec(data_dir, op, r, c):
    if op == "trandom":
        return lambda: philox_words(r, c)
    if op == "tpows":
        p = load(data_dir, f"p_{r}x{c}.f32", (r, c))
        out = np.empty((r, c), np.float32)
        k = np.float32(POWS_K)
        return lambda: np.power(p, k, out=out)
    a = load(data_dir, f"a_{r}x{c}.f32", (r, c))
    if op == "taxpy":  # d = a * k + d, d starting as b (in place, as the PTO loop does)
        d = load(data_dir, f"b_{r}x{c}.f32", (r, c)).copy()
        tmp = np.empty((r, c), np.float32)
        k = np.float32(MULS_K)

        def axpy():
            np.multiply(a, k, out=tmp)
            return np.add(d, tmp, out=d)
        return axpy
    if op == "taddrelu":
        b = load(data_dir, f"b_{r}x{c}.f32", (r, c))
        out = np.empty((r, c), np.float32)

        def addrelu():
            np.add(a, b, out=out)
            return np.maximum(out, np.float32(0), out=out)
        return addrelu
    if op == "tadd":
        b = load(data_dir, f"b_{r}x{c}.f32", (r, c))
        out = np.empty((r, c), np.float32)
        return lambda: np.add(a, b, out=out)
    if op == "tmuls":
        out = np.empty((r, c), np.float32)
        k = np.float32(MULS_K)
        return lambda: np.multiply(a, k, out=out)
    if op == "texp":
        out = np.empty((r, c), np.float32)
        return lambda: np.exp(a, out=out)
    if op == "trowsum":
        out = np.empty((r,), np.float32)
        return lambda: np.sum(a, axis=1, out=out)
    if op == "trowexpandmul":
        s = load(data_dir, f"s_{r}.f32", (r, 1))
        out = np.empty((r, c), np.float32)
        return lambda: np.multiply(a, s, out=out)
    if op == "tcvt":
        return lambda: f32_to_bf16_bits(a)
    raise ValueError(op)


def make_matmul(data_dir, name):
    if name == "tmatmul_f32_64x64x64":
        a = load(data_dir, "mm_a.f32", (MM, MM))
        b = load(data_dir, "mm_b.f32", (MM, MM))
    else:  # bf16 operands, multiplied as float32 copies (decoded here, outside the timing)
        a = bf16_bits_to_f32(load(data_dir, "mm_a.bf16", (MM, MM), np.uint16))
        b = bf16_bits_to_f32(load(data_dir, "mm_b.bf16", (MM, MM), np.uint16))
    out = np.empty((MM, MM), np.float32)
    return lambda: np.matmul(a, b, out=out)


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def rmsnorm(x, gamma):
    ss = np.sum(x * x, axis=1, keepdims=True)
    inv = np.float32(1.0) / np.sqrt(ss * RMS_INV_HIDDEN + RMS_EPS)
    return x * inv * gamma


def make_kernel(data_dir, name):
    x = load(data_dir, f"x_{K_ROWS}x{K_COLS}.f32", (K_ROWS, K_COLS))
    if name == "softmax_4096x1024":
        return lambda: softmax(x)
    gamma = load(data_dir, f"gamma_{K_COLS}.f32", (1, K_COLS))
    return lambda: rmsnorm(x, gamma)


def make_vpto(data_dir, name):
    """The numpy spellings of the register-layer programs, on whole arrays with out=."""
    if name in STREAM_NAMES:
        x = load(data_dir, "vs_x.f32", (STREAM_N,))
        y = load(data_dir, "vs_y.f32", (STREAM_N,))
        out = np.empty(STREAM_N, np.float32)
        return lambda: np.add(x, y, out=out)
    x = load(data_dir, "sm_x.f32", (SM_ROWS, SM_COLS))
    o = load(data_dir, "sm_o.f32", (SM_ROWS, SM_COLS))
    m = load(data_dir, "sm_m.f32", (SM_ROWS, SM_LANES))[:, 0].copy()  # numpy keeps one per row
    l = load(data_dir, "sm_l.f32", (SM_ROWS, SM_LANES))[:, 0].copy()
    rmax, mn, a, rsum, ln = (np.empty(SM_ROWS, np.float32) for _ in range(5))
    p, on = np.empty_like(x), np.empty_like(x)

    def update():
        np.max(x, axis=1, out=rmax)
        np.maximum(m, rmax, out=mn)
        np.subtract(x, mn[:, None], out=p)
        np.exp(p, out=p)
        np.subtract(m, mn, out=a)
        np.exp(a, out=a)
        np.sum(p, axis=1, out=rsum)
        np.multiply(l, a, out=ln)
        np.add(ln, rsum, out=ln)
        np.multiply(o, a[:, None], out=on)
        np.add(on, p, out=on)
        return on, mn, ln
    return update


def repeat_views(data_dir, name):
    """The inputs of a repeat-layer benchmark and the lanes its instruction covers: the whole
    region, or (strided: block stride 2, repeat stride 16) the first 8 of every 16 elements."""
    dt = np.float16 if name.endswith("f16") else np.float32
    n = REPEAT_ELEMS[name]
    a, b = (load(data_dir, f"{name}_{x}.bin", (n,), dt) for x in ("a", "b"))
    lanes = (lambda v: v.reshape(-1, 16)[:, :8]) if name.endswith("strided") else (lambda v: v)
    return a, b, lanes


def make_repeat(data_dir, name):
    """The numpy spellings of the repeat-layer programs: the instruction's lanes, out= a view."""
    a, b, lanes = repeat_views(data_dir, name)
    out = np.zeros_like(a)
    if name == "repeat_adds_f16":
        k = np.float16(REPEAT_K)
        return lambda: np.add(a, k, out=out)
    va, vb, vo = lanes(a), lanes(b), lanes(out)
    return lambda: np.add(va, vb, out=vo)


def repeat_reference(data_dir, name):
    """What the repeat-layer programs write: the destination region, its lanes computed in
    double and rounded once (exact for these adds), the rest zero."""
    a, b, lanes = repeat_views(data_dir, name)
    out = np.zeros_like(a)
    wide = lanes(a).astype(np.float64)
    other = REPEAT_K if name == "repeat_adds_f16" else lanes(b).astype(np.float64)
    lanes(out)[...] = (wide + other).astype(a.dtype)
    return out


def softmax_update_reference(data_dir):
    """The outputs o', m', l' of vpto_softmax_update as ptorun writes them, one after the other
    (m' and l' lane-replicated), computed in float64."""
    x = load(data_dir, "sm_x.f32", (SM_ROWS, SM_COLS)).astype(np.float64)
    o = load(data_dir, "sm_o.f32", (SM_ROWS, SM_COLS)).astype(np.float64)
    m = load(data_dir, "sm_m.f32", (SM_ROWS, SM_LANES))[:, 0].astype(np.float64)
    l = load(data_dir, "sm_l.f32", (SM_ROWS, SM_LANES))[:, 0].astype(np.float64)
    mn = np.maximum(m, x.max(axis=1))
    p = np.exp(x - mn[:, None])
    a = np.exp(m - mn)
    ln = l * a + p.sum(axis=1)
    on = o * a[:, None] + p
    rep = lambda v: np.repeat(v[:, None], SM_LANES, axis=1).ravel()  # noqa: E731
    return np.concatenate([on.ravel(), rep(mn), rep(ln)])


def reference(data_dir, name):
    """What bench.py compares ptorun's output of benchmark `name` with."""
    if name == "vpto_softmax_update_64x1024":
        return softmax_update_reference(data_dir)
    if name in REPEAT_NAMES:
        return repeat_reference(data_dir, name)
    for n, op, r, c in vec_cases():
        if n == name and op == "tpows":
            return pows_reference(data_dir, r, c)
        if n == name and op == "taxpy":  # one rounding of the exact a * k + b
            a = load(data_dir, f"a_{r}x{c}.f32", (r, c)).astype(np.float64)
            b = load(data_dir, f"b_{r}x{c}.f32", (r, c)).astype(np.float64)
            return (a * MULS_K + b).astype(np.float32)
    return make(data_dir, name)()


def out_segments(name):
    """The sizes of the separate outputs a benchmark's output file holds, one after the other
    (each is checked on its own scale), or None for one output."""
    if name == "vpto_softmax_update_64x1024":
        return [SM_ROWS * SM_COLS, SM_ROWS * SM_LANES, SM_ROWS * SM_LANES]
    return None


def make(data_dir, name):
    if name in VPTO_NAMES:
        return make_vpto(data_dir, name)
    if name in REPEAT_NAMES:
        return make_repeat(data_dir, name)
    for n, op, r, c in vec_cases():
        if n == name:
            return make_vec(data_dir, op, r, c)
    if name in MM_NAMES:
        return make_matmul(data_dir, name)
    if name in KERNEL_NAMES:
        return make_kernel(data_dir, name)
    raise KeyError(name)


# ---------------------------------------------------------------------------------------------
# Timing


def time_call(fn, target_s, repeats, single=False):
    """Seconds per call: min over `repeats` batches (one call per batch if single)."""
    timer = timeit.Timer(fn)
    if single:
        number = 1
    else:
        number = 1
        while True:  # timeit's autorange, with our own target
            t = timer.timeit(number)
            if t >= target_s:
                break
            number = max(number * 2, int(number * target_s / max(t, 1e-9) * 1.1))
    return min(timer.repeat(repeats, number)) / number


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", required=True, help="directory with the input files")
    p.add_argument("--quick", action="store_true", help="fewer, shorter repeats")
    p.add_argument("--only", default="", help="comma-separated benchmark names")
    p.add_argument("--list", action="store_true", help="print the benchmark names and exit")
    args = p.parse_args()
    if args.list:
        print("\n".join(all_names()))
        return
    names = [n for n in args.only.split(",") if n] or all_names()
    target, repeats, kernel_repeats = (0.005, 3, 2) if args.quick else (0.02, 7, 5)
    for name in names:
        fn = make(args.data, name)
        fn()  # warm up (page faults, caches)
        single = name in KERNEL_NAMES
        s = time_call(fn, target, kernel_repeats if single else repeats, single)
        print(f"{name} {s * 1e9:.1f}", flush=True)


if __name__ == "__main__":
    main()
