#!/usr/bin/env python3
"""Benchmarks of ptorun (and ptoas) against a native C++ baseline and numpy, in one run.

bench/run.sh builds everything and calls this script; see bench/README.md. Steps:

  1. writes the input data (bench/numpy_bench.py: make_data) and the benchmark programs,
     generated from the templates below, into build/bench/;
  2. assembles them with ptoas and runs them with `ptorun --time` (kernel time only: inputs
     are loaded before the clock starts);
       * tile instructions: the program loads its tiles once, then runs the one instruction in
         an scf.for of %n iterations (%n is a kernel argument). Time per instruction =
         (t(N2) - t(N1)) / (N2 - N1), each t the minimum of several runs, so the setup cancels;
         N2 is calibrated so that a run takes about 0.2 s (0.03 s with --quick), N1 = N2 / 4.
         The loop's own back edge (one scalar instruction per iteration) is included;
       * whole kernels: the minimum of several runs of the whole program;
       * dispatch: a scalar loop of 10^7 iterations; time / executed instruction count;
  3. runs the native baseline (build/bench-native/pto_native_bench) and bench/numpy_bench.py
     on the same data, each printing "name nanoseconds";
  4. checks the numbers: every ptorun output against numpy (normwise relative error) and
     against the native output (bit-identical or the error), and the multiblock softmax
     against the single-block one;
  5. prints one table and the targets (PASS/MISS with the measured ratio), and writes all
     measurements to build/bench/results.json.

Usage: bench.py [--quick] [--only PATTERN]... [--native PATH] [--json PATH] [--list]
"""

import argparse
import datetime
import fnmatch
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import numpy_bench as nb  # noqa: E402  (the catalogue: names, sizes, data, numpy references)

BUILD = os.path.join(ROOT, "build")
WORK = os.path.join(BUILD, "bench")
DATA = os.path.join(WORK, "data")
PTOAS = os.path.join(BUILD, "asm", "ptoas")
PTORUN = os.path.join(BUILD, "interp", "ptorun")
NATIVE = os.path.join(BUILD, "bench-native", "pto_native_bench")
SOFTMAX_SAMPLE = os.path.join(ROOT, "samples", "softmax", "softmax.pto")

R, C, SLAB = nb.K_ROWS, nb.K_COLS, nb.SLAB_ROWS
SOFTMAX = "softmax_4096x1024"
RMSNORM = "rmsnorm_4096x1024"
BLOCKS = "softmax_4096x1024_blocks"
DISPATCH = "dispatch_scalar_loop"
ASM_BIG = "ptoas_10mb"
ASM_SMALL = "ptoas_softmax_sample"


class BenchError(Exception):
    pass


def log(msg):
    print(f"bench: {msg}", file=sys.stderr, flush=True)


# =============================================================================================
# Program templates


def gen_vec(op, r, c):
    """One tile instruction on r x c f32 tiles (a5: 256 KB of UB holds three 128x128 tiles),
    in an scf.for of %n iterations. Parameters: %a, %b (r x c), %s (r), %n. Result tile %dst."""
    t = f"!pto.tile_buf<vec, {r}x{c}xf32>"
    col = f"!pto.tile_buf<vec, {r}x1xf32, blayout=col_major>"
    pv = f"!pto.partition_tensor_view<{r}x{c}xf32>"
    tv = "!pto.tensor_view<?x?xf32>"
    body = []

    def load(name, ptr):
        body.extend([
            f"    %{name}v = pto.make_tensor_view %{ptr}, shape = [%rows, %cols], strides = [%cols, %c1] "
            f"{{layout = #pto.layout<nd>}} : {tv}",
            f"    %{name}p = pto.partition_view %{name}v, offsets = [%c0, %c0], sizes = [%rows, %cols] : {tv} -> {pv}",
            f"    %t{name} = pto.alloc_tile : {t}",
            f"    pto.tload ins(%{name}p : {pv}) outs(%t{name} : {t})",
        ])

    load("a", "a")
    if op == "tadd":
        load("b", "b")
        body.append(f"    %dst = pto.alloc_tile : {t}")
        inst = f"pto.tadd ins(%ta, %tb : {t}, {t}) outs(%dst : {t})"
    elif op == "tmuls":
        body.append(f"    %k = arith.constant {nb.MULS_K:e} : f32")
        body.append(f"    %dst = pto.alloc_tile : {t}")
        inst = f"pto.tmuls ins(%ta, %k : {t}, f32) outs(%dst : {t})"
    elif op == "texp":
        body.append(f"    %dst = pto.alloc_tile : {t}")
        inst = f"pto.texp ins(%ta : {t}) outs(%dst : {t})"
    elif op == "trowsum":
        body.append(f"    %tmp = pto.alloc_tile : {t}")
        body.append(f"    %dst = pto.alloc_tile : {col}")
        inst = f"pto.trowsum ins(%ta, %tmp : {t}, {t}) outs(%dst : {col})"
    elif op == "trowexpandmul":
        spv = f"!pto.partition_tensor_view<{r}x1xf32>"
        body.extend([
            f"    %sv = pto.make_tensor_view %s, shape = [%rows, %c1], strides = [%c1, %rows] "
            f"{{layout = #pto.layout<dn>}} : {tv}",
            f"    %sp = pto.partition_view %sv, offsets = [%c0, %c0], sizes = [%rows, %c1] : {tv} -> {spv}",
            f"    %ts = pto.alloc_tile : {col}",
            f"    pto.tload ins(%sp : {spv}) outs(%ts : {col})",
            f"    %dst = pto.alloc_tile : {t}",
        ])
        inst = f"pto.trowexpandmul ins(%ta, %ts : {t}, {col}) outs(%dst : {t})"
    elif op == "tcvt":
        tb = f"!pto.tile_buf<vec, {r}x{c}xbf16>"
        body.append(f"    %dst = pto.alloc_tile : {tb}")
        inst = f"pto.tcvt ins(%ta {{rmode = #pto<round_mode RINT>}} : {t}) outs(%dst : {tb})"
    else:
        raise ValueError(op)
    return "\n".join([
        f"// Generated by bench/bench.py: {op} on {r}x{c} tiles, %n times in an scf.for.",
        'module attributes {pto.target_arch = "a5"} {',
        f"  func.func @bench_{op}(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %s: !pto.ptr<f32>, %n: index) {{",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %rows = arith.constant {r} : index",
        f"    %cols = arith.constant {c} : index",
        *body,
        "    scf.for %i = %c0 to %n step %c1 {",
        f"      {inst}",
        "    }",
        "    return",
        "  }",
        "}",
        "",
    ])


def gen_matmul(dtype):
    """TMATMUL 64x64x64 on the cube path, tiles as tests/golden/gemm_kloop_{f32,bf16} declare
    them: f32 on a5 (NZ left), bf16 on a2a3 (ZZ left, compact); loaded once into `mat`, moved
    to left/right, then tmatmul %n times into the f32 `acc` tile %dst."""
    m = nb.MM
    arch = "a5" if dtype == "f32" else "a2a3"
    left_layout = ("blayout=col_major, slayout=row_major, fractal=512, pad=0" if dtype == "f32"
                   else "blayout=row_major, slayout=row_major, fractal=512, pad=0, compact=1")
    shape = f"rows={m}, cols={m}, v_row={m}, v_col={m}"
    tv = f"!pto.tensor_view<?x?x{dtype}>"
    pv = f"!pto.partition_tensor_view<{m}x{m}x{dtype}>"
    return "\n".join([
        f"// Generated by bench/bench.py: tmatmul {dtype} {m}x{m}x{m}, %n times in an scf.for.",
        f"!mat = !pto.tile_buf<loc=mat, dtype={dtype}, {shape}, blayout=col_major, slayout=row_major, fractal=512, pad=0>",
        f"!left = !pto.tile_buf<loc=left, dtype={dtype}, {shape}, {left_layout}>",
        f"!right = !pto.tile_buf<loc=right, dtype={dtype}, {shape}, blayout=row_major, slayout=col_major, fractal=512, pad=0>",
        f"!acc = !pto.tile_buf<loc=acc, dtype=f32, {shape}, blayout=col_major, slayout=row_major, fractal=1024, pad=0>",
        f'module attributes {{pto.target_arch = "{arch}"}} {{',
        f"  func.func @bench_tmatmul_{dtype}(%a: !pto.ptr<{dtype}>, %b: !pto.ptr<{dtype}>, %n: index) "
        "attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %cm = arith.constant {m} : index",
        f"    %av = pto.make_tensor_view %a, shape = [%cm, %cm], strides = [%cm, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %bv = pto.make_tensor_view %b, shape = [%cm, %cm], strides = [%cm, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %ap = pto.partition_view %av, offsets = [%c0, %c0], sizes = [%cm, %cm] : {tv} -> {pv}",
        f"    %bp = pto.partition_view %bv, offsets = [%c0, %c0], sizes = [%cm, %cm] : {tv} -> {pv}",
        "    %a_mat = pto.alloc_tile : !mat",
        "    %b_mat = pto.alloc_tile : !mat",
        "    %a_l0 = pto.alloc_tile : !left",
        "    %b_l0 = pto.alloc_tile : !right",
        "    %dst = pto.alloc_tile : !acc",
        f"    pto.tload ins(%ap : {pv}) outs(%a_mat : !mat)",
        f"    pto.tload ins(%bp : {pv}) outs(%b_mat : !mat)",
        "    pto.tmov ins(%a_mat : !mat) outs(%a_l0 : !left)",
        "    pto.tmov ins(%b_mat : !mat) outs(%b_l0 : !right)",
        "    scf.for %i = %c0 to %n step %c1 {",
        "      pto.tmatmul ins(%a_l0, %b_l0 : !left, !right) outs(%dst : !acc)",
        "    }",
        "    return",
        "  }",
        "}",
        "",
    ])


def gen_softmax(multiblock):
    """Row softmax of the 4096x1024 f32 tensor, as samples/softmax computes it, over 512 slabs
    of 8 rows (partition_view offsets from the loop). multiblock: block b of nb handles slabs
    [b * ceil(512 / nb), min(.., 512)) (as tests/golden/multiblock_rows splits its tiles)."""
    t = f"!pto.tile_buf<vec, {SLAB}x{C}xf32>"
    col = f"!pto.tile_buf<vec, {SLAB}x1xf32, blayout=col_major>"
    tv = "!pto.tensor_view<?x?xf32>"
    pv = f"!pto.partition_tensor_view<{SLAB}x{C}xf32>"
    if multiblock:
        bounds = [
            "    %bid64 = pto.get_block_idx",
            "    %nb64 = pto.get_block_num",
            "    %bid = arith.index_cast %bid64 : i64 to index",
            "    %nb = arith.index_cast %nb64 : i64 to index",
            "    %per_block = arith.ceildivsi %nslabs, %nb : index",
            "    %first = arith.muli %bid, %per_block : index",
            "    %past = arith.addi %first, %per_block : index",
            "    %last = arith.minsi %past, %nslabs : index",
        ]
        lo, hi = "%first", "%last"
    else:
        bounds, lo, hi = [], "%c0", "%nslabs"
    return "\n".join([
        f"// Generated by bench/bench.py: row softmax of a {R}x{C} f32 tensor in slabs of {SLAB} rows"
        + (", slabs split across blocks." if multiblock else "."),
        "module {",
        f"  func.func @softmax_{'blocks' if multiblock else 'rows'}(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %cslab = arith.constant {SLAB} : index",
        f"    %crows = arith.constant {R} : index",
        f"    %ccols = arith.constant {C} : index",
        f"    %nslabs = arith.constant {R // SLAB} : index",
        *bounds,
        f"    %xv = pto.make_tensor_view %x, shape = [%crows, %ccols], strides = [%ccols, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %yv = pto.make_tensor_view %y, shape = [%crows, %ccols], strides = [%ccols, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %xt = pto.alloc_tile : {t}",
        f"    %tmp = pto.alloc_tile : {t}",
        f"    %sh = pto.alloc_tile : {t}",
        f"    %yt = pto.alloc_tile : {t}",
        f"    %mx = pto.alloc_tile : {col}",
        f"    %sm = pto.alloc_tile : {col}",
        f"    scf.for %s = {lo} to {hi} step %c1 {{",
        "      %row = arith.muli %s, %cslab : index",
        f"      %xp = pto.partition_view %xv, offsets = [%row, %c0], sizes = [%cslab, %ccols] : {tv} -> {pv}",
        f"      %yp = pto.partition_view %yv, offsets = [%row, %c0], sizes = [%cslab, %ccols] : {tv} -> {pv}",
        f"      pto.tload ins(%xp : {pv}) outs(%xt : {t})",
        f"      pto.trowmax ins(%xt, %tmp : {t}, {t}) outs(%mx : {col})",
        f"      pto.trowexpandsub ins(%xt, %mx : {t}, {col}) outs(%sh : {t})",
        f"      pto.texp ins(%sh : {t}) outs(%sh : {t})",
        f"      pto.trowsum ins(%sh, %tmp : {t}, {t}) outs(%sm : {col})",
        f"      pto.trowexpanddiv ins(%sh, %sm : {t}, {col}) outs(%yt : {t})",
        f"      pto.tstore ins(%yt : {t}) outs(%yp : {pv})",
        "    }",
        "    return",
        "  }",
        "}",
        "",
    ])


def gen_rmsnorm():
    """RMSNorm of the 4096x1024 f32 tensor as samples/rmsnorm computes it (manual addresses, the
    Rx1 column of row sums read as a 1xR row for tmuls/tadds/trsqrt), over 512 slabs of 8 rows;
    gamma is loaded once."""
    t = f"!pto.tile_buf<vec, {SLAB}x{C}xf32>"
    g = f"!pto.tile_buf<vec, 1x{C}xf32>"
    col = f"!pto.tile_buf<vec, {SLAB}x1xf32, blayout=col_major>"
    row = f"!pto.tile_buf<vec, 1x{SLAB}xf32>"
    tv = "!pto.tensor_view<?x?xf32>"
    pv = f"!pto.partition_tensor_view<{SLAB}x{C}xf32>"
    gpv = f"!pto.partition_tensor_view<1x{C}xf32>"
    tile_bytes = SLAB * C * 4
    x_addr, sq_addr, tmp_addr = 0, tile_bytes, 2 * tile_bytes
    g_addr = 3 * tile_bytes
    sum_addr = g_addr + C * 4
    inv_addr = sum_addr + 64
    y_addr = inv_addr + 64
    return "\n".join([
        f"// Generated by bench/bench.py: RMSNorm of a {R}x{C} f32 tensor in slabs of {SLAB} rows.",
        "//   y[i,:] = x[i,:] / sqrt(sum(x[i,:]^2) / 1024 + eps) * gamma",
        'module attributes {pto.target_arch = "a2a3"} {',
        "  func.func @rmsnorm_rows(%x: !pto.ptr<f32>, %gamma: !pto.ptr<f32>, %y: !pto.ptr<f32>) "
        "attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %cslab = arith.constant {SLAB} : index",
        f"    %crows = arith.constant {R} : index",
        f"    %ccols = arith.constant {C} : index",
        f"    %nslabs = arith.constant {R // SLAB} : index",
        "    %inv_hidden = arith.constant 9.765625e-04 : f32",
        "    %eps = arith.constant 9.99999997e-07 : f32",
        f"    %x_addr = arith.constant {x_addr} : i64",
        f"    %sq_addr = arith.constant {sq_addr} : i64",
        f"    %tmp_addr = arith.constant {tmp_addr} : i64",
        f"    %g_addr = arith.constant {g_addr} : i64",
        f"    %sum_addr = arith.constant {sum_addr} : i64",
        f"    %inv_addr = arith.constant {inv_addr} : i64",
        f"    %y_addr = arith.constant {y_addr} : i64",
        f"    %xv = pto.make_tensor_view %x, shape = [%crows, %ccols], strides = [%ccols, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %gv = pto.make_tensor_view %gamma, shape = [%c1, %ccols], strides = [%ccols, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %yv = pto.make_tensor_view %y, shape = [%crows, %ccols], strides = [%ccols, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %gp = pto.partition_view %gv, offsets = [%c0, %c0], sizes = [%c1, %ccols] : {tv} -> {gpv}",
        f"    %xt = pto.alloc_tile addr = %x_addr : {t}",
        f"    %sq = pto.alloc_tile addr = %sq_addr : {t}",
        f"    %tmp = pto.alloc_tile addr = %tmp_addr : {t}",
        f"    %gt = pto.alloc_tile addr = %g_addr : {g}",
        f"    %row_sum = pto.alloc_tile addr = %sum_addr : {col}",
        f"    %row_sum_as_row = pto.alloc_tile addr = %sum_addr : {row}",
        f"    %inv_as_row = pto.alloc_tile addr = %inv_addr : {row}",
        f"    %inv = pto.alloc_tile addr = %inv_addr : {col}",
        f"    %yt = pto.alloc_tile addr = %y_addr : {t}",
        f"    pto.tload ins(%gp : {gpv}) outs(%gt : {g})",
        "    scf.for %s = %c0 to %nslabs step %c1 {",
        "      %r0 = arith.muli %s, %cslab : index",
        f"      %xp = pto.partition_view %xv, offsets = [%r0, %c0], sizes = [%cslab, %ccols] : {tv} -> {pv}",
        f"      %yp = pto.partition_view %yv, offsets = [%r0, %c0], sizes = [%cslab, %ccols] : {tv} -> {pv}",
        f"      pto.tload ins(%xp : {pv}) outs(%xt : {t})",
        f"      pto.tmul ins(%xt, %xt : {t}, {t}) outs(%sq : {t})",
        f"      pto.trowsum ins(%sq, %tmp : {t}, {t}) outs(%row_sum : {col})",
        f"      pto.tmuls ins(%row_sum_as_row, %inv_hidden : {row}, f32) outs(%inv_as_row : {row})",
        f"      pto.tadds ins(%inv_as_row, %eps : {row}, f32) outs(%inv_as_row : {row})",
        f"      pto.trsqrt ins(%inv_as_row : {row}) outs(%inv_as_row : {row})",
        f"      pto.trowexpandmul ins(%xt, %inv : {t}, {col}) outs(%yt : {t})",
        f"      pto.tcolexpandmul ins(%yt, %gt : {t}, {g}) outs(%yt : {t})",
        f"      pto.tstore ins(%yt : {t}) outs(%yp : {pv})",
        "    }",
        "    return",
        "  }",
        "}",
        "",
    ])


def gen_dispatch():
    """Scalar-heavy loop: index arithmetic with two iter_args, %n iterations; the result goes
    to %out so nothing is dead. Per iteration: 5 arith ops, 2 moves (the yield), the back edge."""
    return "\n".join([
        "// Generated by bench/bench.py: scalar dispatch loop (index arithmetic with iter_args).",
        "module {",
        "  func.func @dispatch(%out: !pto.ptr<i64>, %n: index) {",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        "    %c3 = arith.constant 3 : index",
        "    %c7 = arith.constant 7 : index",
        "    %mask = arith.constant 65535 : index",
        "    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (index, index) {",
        "      %t0 = arith.addi %a, %i : index",
        "      %t1 = arith.muli %b, %c3 : index",
        "      %t2 = arith.addi %t1, %c7 : index",
        "      %t3 = arith.andi %t2, %mask : index",
        "      %t4 = arith.xori %t0, %t3 : index",
        "      scf.yield %t4, %t3 : index, index",
        "    }",
        "    %sum = arith.addi %r#0, %r#1 : index",
        "    %sum64 = arith.index_cast %sum : index to i64",
        "    pto.store_scalar %sum64, %out[%c0] : !pto.ptr<i64>, i64",
        "    return",
        "  }",
        "}",
        "",
    ])


def dispatch_reference(n):
    a, b = 0, 1
    for i in range(n):
        t3 = (b * 3 + 7) & 65535
        a, b = (a + i) ^ t3, t3
    return a + b


# Ops for the assembler input: (name, spelling) of elementwise tile-tile and tile-scalar ops.
_ASM_BINARY = ["tadd", "tsub", "tmul", "tmax", "tmin"]
_ASM_SCALAR = ["tadds", "tmuls", "tmaxs", "tmins"]
_ASM_UNARY = ["texp", "tabs", "tsqrt", "trelu"]


def gen_asm_function(rng, idx):
    """One realistic PTOAS-style kernel (full keyed tile_buf spellings, tensor views, a slab
    loop, a row reduction and broadcast, a random chain of elementwise ops)."""
    rows = rng.choice([8, 16, 32])
    cols = rng.choice([64, 128, 256])
    slabs = rng.choice([2, 4, 8])
    keyed = (f"!pto.tile_buf<loc=vec, dtype=f32, rows={rows}, cols={cols}, v_row={rows}, v_col={cols}, "
             "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
    colt = (f"!pto.tile_buf<loc=vec, dtype=f32, rows={rows}, cols=1, v_row={rows}, v_col=1, "
            "blayout=col_major, slayout=none_box, fractal=512, pad=0>")
    tv = "!pto.tensor_view<?x?xf32>"
    pv = f"!pto.partition_tensor_view<{rows}x{cols}xf32>"
    attrs = " attributes {pto.entry}" if idx == 0 else ""
    out = [
        f"  func.func @kernel_{idx}(%x: !pto.ptr<f32>, %w: !pto.ptr<f32>, %y: !pto.ptr<f32>, %alpha: f32){attrs} {{",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %c{rows} = arith.constant {rows} : index",
        f"    %c{cols} = arith.constant {cols} : index",
        f"    %cm = arith.constant {rows * slabs} : index",
        f"    %ns = arith.constant {slabs} : index",
        f"    %k{idx} = arith.constant {rng.uniform(0.25, 4.0):.6e} : f32",
        f"    %x_view = pto.make_tensor_view %x, shape = [%cm, %c{cols}], strides = [%c{cols}, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %w_view = pto.make_tensor_view %w, shape = [%cm, %c{cols}], strides = [%c{cols}, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %y_view = pto.make_tensor_view %y, shape = [%cm, %c{cols}], strides = [%c{cols}, %c1] {{layout = #pto.layout<nd>}} : {tv}",
        f"    %xt = pto.alloc_tile : {keyed}",
        f"    %wt = pto.alloc_tile : {keyed}",
        f"    %tmp = pto.alloc_tile : {keyed}",
        f"    %acc = pto.alloc_tile : {keyed}",
        f"    %red = pto.alloc_tile : {colt}",
        "    scf.for %s = %c0 to %ns step %c1 {",
        f"      %row = arith.muli %s, %c{rows} : index",
        f"      %xp = pto.partition_view %x_view, offsets = [%row, %c0], sizes = [%c{rows}, %c{cols}] : {tv} -> {pv}",
        f"      %wp = pto.partition_view %w_view, offsets = [%row, %c0], sizes = [%c{rows}, %c{cols}] : {tv} -> {pv}",
        f"      %yp = pto.partition_view %y_view, offsets = [%row, %c0], sizes = [%c{rows}, %c{cols}] : {tv} -> {pv}",
        f"      pto.tload ins(%xp : {pv}) outs(%xt : {keyed})",
        f"      pto.tload ins(%wp : {pv}) outs(%wt : {keyed})",
    ]
    for _ in range(rng.randint(4, 9)):
        kind = rng.random()
        if kind < 0.4:
            op = rng.choice(_ASM_BINARY)
            out.append(f"      pto.{op} ins(%xt, %wt : {keyed}, {keyed}) outs(%acc : {keyed})")
        elif kind < 0.7:
            op = rng.choice(_ASM_SCALAR)
            k = rng.choice(["%alpha", f"%k{idx}"])
            out.append(f"      pto.{op} ins(%acc, {k} : {keyed}, f32) outs(%acc : {keyed})")
        else:
            op = rng.choice(_ASM_UNARY)
            out.append(f"      pto.{op} ins(%acc : {keyed}) outs(%acc : {keyed})")
    out += [
        f"      pto.trowmax ins(%acc, %tmp : {keyed}, {keyed}) outs(%red : {colt})",
        f"      pto.trowexpandsub ins(%acc, %red : {keyed}, {colt}) outs(%acc : {keyed})",
        f"      pto.tstore ins(%acc : {keyed}) outs(%yp : {pv})",
        "    }",
        "    return",
        "  }",
    ]
    return "\n".join(out) + "\n"


def gen_asm_big(target_bytes):
    rng = random.Random(12345)
    parts = ["// Generated by bench/bench.py: assembler throughput input (many PTOAS-style kernels).\n",
             "module {\n"]
    size = sum(len(p) for p in parts)
    idx = 0
    while size < target_bytes:
        f = gen_asm_function(rng, idx)
        parts.append(f)
        size += len(f)
        idx += 1
    parts.append("}\n")
    return "".join(parts), idx


# =============================================================================================
# Running the tools


def run(cmd, env=None, timeout=600):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BenchError(f"timed out after {timeout} s: {' '.join(cmd)}")
    if p.returncode != 0:
        msg = (p.stderr.strip() or p.stdout.strip()).splitlines()
        raise BenchError(f"{os.path.basename(cmd[0])} failed (exit {p.returncode}): "
                         + " | ".join(msg[:4]) + f"\n    command: {' '.join(cmd)}")
    return p


def assemble(src_text, name):
    src = os.path.join(WORK, name + ".pto")
    out = os.path.join(WORK, name + ".ptobc")
    with open(src, "w") as f:
        f.write(src_text)
    run([PTOAS, src, "-o", out])
    return out


_TIME_RE = re.compile(r"ptorun: ran in ([0-9.eE+-]+) us, (\d+) instructions")


def ptorun(prog, args, extra=()):
    """(kernel nanoseconds, executed instructions) of one `ptorun --time` run."""
    p = run([PTORUN, prog, *args, "--time", *extra])
    m = _TIME_RE.search(p.stderr)
    if not m:
        raise BenchError(f"no timing line in ptorun's output: {p.stderr.strip()[:200]}")
    return float(m.group(1)) * 1e3, int(m.group(2))


def measure_loop(prog, args_for_n, cfg):
    """Per-iteration time of a program whose loop count is its last argument.

    Calibrates N2 so a run takes about cfg.loop_s, N1 = N2 / 4, then takes the minimum of
    cfg.repeats runs at each (interleaved) and returns (ns per iteration, instructions per
    iteration, N1, N2)."""
    t_one, _ = ptorun(prog, args_for_n(1))
    n, t = 16, 0.0
    while True:
        t, _ = ptorun(prog, args_for_n(n))
        if t - t_one >= cfg.loop_s * 1e9 * 0.1 or n >= 10**8:
            break
        n *= 4
    per_iter = max((t - t_one) / (n - 1), 1e-3)
    n2 = max(n, int(cfg.loop_s * 1e9 / per_iter))
    n2 = min(n2, 4 * 10**8)  # the loop's instructions must stay under --max-steps (10^9)
    n1 = max(1, n2 // 4)
    lo, hi = [], []
    for _ in range(cfg.repeats):
        lo.append(ptorun(prog, args_for_n(n1)))
        hi.append(ptorun(prog, args_for_n(n2)))
    t1 = min(x[0] for x in lo)
    t2 = min(x[0] for x in hi)
    instr = (hi[0][1] - lo[0][1]) / (n2 - n1)
    return max(t2 - t1, 0.0) / (n2 - n1), instr, n1, n2


# =============================================================================================
# Numerics


def rel_err(got, ref):
    """Normwise relative error max|got - ref| / max|ref| (0 when both are all zero)."""
    got = np.asarray(got, np.float64).ravel()
    ref = np.asarray(ref, np.float64).ravel()
    if got.shape != ref.shape:
        return float("inf")
    if np.isnan(got).any() or np.isnan(ref).any():
        return float("inf") if not np.array_equal(np.isnan(got), np.isnan(ref)) else 0.0
    scale = np.abs(ref).max()
    diff = np.abs(got - ref).max()
    return float(diff / scale) if scale > 0 else float(diff)


def read_out(path, dtype):
    a = np.fromfile(path, dtype=dtype)
    return nb.bf16_bits_to_f32(a) if dtype == np.uint16 else a


# =============================================================================================
# The benchmark run


class Config:
    def __init__(self, quick):
        self.quick = quick
        self.loop_s = 0.03 if quick else 0.2  # duration of the N2 run of a loop benchmark
        self.repeats = 2 if quick else 3  # runs per measurement (the minimum is kept)
        self.kernel_repeats = 2 if quick else 3
        self.dispatch_n = 10**6 if quick else 10**7
        self.asm_mb = 10.0
        self.asm_repeats = 1 if quick else 3
        self.small_repeats = 5 if quick else 15


def all_bench_names():
    return nb.all_names() + [BLOCKS, DISPATCH, ASM_BIG, ASM_SMALL]


def select(patterns):
    names = all_bench_names()
    if not patterns:
        return names
    chosen = []
    for n in names:
        for p in patterns:
            if (any(ch in p for ch in "*?[") and fnmatch.fnmatch(n, p)) or p in n:
                chosen.append(n)
                break
    return chosen


class Results:
    def __init__(self):
        self.rows = {}  # name -> dict
        self.errors = []  # (name, message)

    def row(self, name):
        return self.rows.setdefault(name, {"name": name})


def bench_ptorun(names, cfg, res):
    """Generate, assemble and time every selected program with ptorun; write its outputs for
    the numerics check into WORK/out/."""
    out_dir = os.path.join(WORK, "out")
    os.makedirs(out_dir, exist_ok=True)
    for name, op, r, c in nb.vec_cases():
        if name not in names:
            continue
        log(f"ptorun {name}")
        try:
            prog = assemble(gen_vec(op, r, c), name)
            files = [os.path.join(DATA, f"a_{r}x{c}.f32"), os.path.join(DATA, f"b_{r}x{c}.f32"),
                     os.path.join(DATA, f"s_{r}.f32")]
            out = os.path.join(out_dir, name + ".bin")
            ptorun(prog, files + ["1"], ["--out", f"dst={out}"])
            ns, ipi, n1, n2 = measure_loop(prog, lambda n: files + [str(n)], cfg)
            row = res.row(name)
            row.update(kind="instr", ptorun_ns=ns, instr_per_iter=ipi, n1=n1, n2=n2,
                       out=out, out_dtype="bf16" if op == "tcvt" else "f32")
        except BenchError as e:
            res.errors.append((name, str(e)))
    for name in nb.MM_NAMES:
        if name not in names:
            continue
        log(f"ptorun {name}")
        dtype = "f32" if "f32" in name else "bf16"
        try:
            prog = assemble(gen_matmul(dtype), name)
            files = [os.path.join(DATA, f"mm_a.{dtype}"), os.path.join(DATA, f"mm_b.{dtype}")]
            out = os.path.join(out_dir, name + ".bin")
            ptorun(prog, files + ["1"], ["--out", f"dst={out}"])
            ns, ipi, n1, n2 = measure_loop(prog, lambda n: files + [str(n)], cfg)
            res.row(name).update(kind="matmul", ptorun_ns=ns, instr_per_iter=ipi, n1=n1, n2=n2,
                                 out=out, out_dtype="f32")
        except BenchError as e:
            res.errors.append((name, str(e)))
    x = os.path.join(DATA, f"x_{R}x{C}.f32")
    gamma = os.path.join(DATA, f"gamma_{C}.f32")
    kernels = [(SOFTMAX, gen_softmax(False), [x, f"zeros:{R * C}"], 2),
               (RMSNORM, gen_rmsnorm(), [x, gamma, f"zeros:{R * C}"], 3)]
    for name, text, args, out_index in kernels:
        if name not in names:
            continue
        log(f"ptorun {name}")
        try:
            prog = assemble(text, name)
            out = os.path.join(out_dir, name + ".bin")
            first = ptorun(prog, args, ["--out", f"{out_index}={out}"])
            runs = [first] + [ptorun(prog, args) for _ in range(cfg.kernel_repeats - 1)]
            res.row(name).update(kind="kernel", ptorun_ns=min(t for t, _ in runs),
                                 instructions=runs[0][1], out=out, out_dtype="f32")
        except BenchError as e:
            res.errors.append((name, str(e)))
    if BLOCKS in names:
        log(f"ptorun {BLOCKS} (--blocks 1 vs --blocks 2 --threads 2)")
        try:
            prog = assemble(gen_softmax(True), BLOCKS)
            args = [x, f"zeros:{R * C}"]
            out = os.path.join(out_dir, BLOCKS + ".bin")
            b1_opts = ["--blocks", "1", "--threads", "1"]
            b2_opts = ["--blocks", "2", "--threads", "2"]
            ptorun(prog, args, b2_opts + ["--out", f"2={out}"])
            t1, t2 = [], []
            for _ in range(cfg.kernel_repeats):
                t1.append(ptorun(prog, args, b1_opts)[0])
                t2.append(ptorun(prog, args, b2_opts)[0])
            res.row(BLOCKS).update(kind="blocks", blocks1_ns=min(t1), blocks2_ns=min(t2),
                                   speedup=min(t1) / min(t2), out=out, out_dtype="f32")
        except BenchError as e:
            res.errors.append((BLOCKS, str(e)))
    if DISPATCH in names:
        log(f"ptorun {DISPATCH} ({cfg.dispatch_n} iterations)")
        try:
            prog = assemble(gen_dispatch(), DISPATCH)
            out = os.path.join(out_dir, DISPATCH + ".bin")
            runs = [ptorun(prog, ["zeros:1", str(cfg.dispatch_n)], ["--out", f"1={out}"])]
            runs += [ptorun(prog, ["zeros:1", str(cfg.dispatch_n)]) for _ in range(cfg.repeats - 1)]
            t, instr = min(runs)
            got = int(np.fromfile(out, dtype=np.int64)[0])
            want = dispatch_reference(cfg.dispatch_n)
            res.row(DISPATCH).update(kind="dispatch", ptorun_ns=t, instructions=instr,
                                     ns_per_instr=t / instr, iterations=cfg.dispatch_n,
                                     check="ok" if got == want else f"BAD: {got} != {want}")
        except BenchError as e:
            res.errors.append((DISPATCH, str(e)))


def bench_ptoas(names, cfg, res):
    if ASM_BIG in names:
        log(f"ptoas on a generated {cfg.asm_mb:.0f} MB file")
        try:
            text, nfunc = gen_asm_big(int(cfg.asm_mb * 1e6))
            src = os.path.join(WORK, ASM_BIG + ".pto")
            with open(src, "w") as f:
                f.write(text)
            size = os.path.getsize(src)
            best = float("inf")
            for _ in range(cfg.asm_repeats):
                t0 = time.perf_counter()
                run([PTOAS, src, "-o", os.path.join(WORK, ASM_BIG + ".ptobc")])
                best = min(best, time.perf_counter() - t0)
            res.row(ASM_BIG).update(kind="asm", seconds=best, bytes=size, functions=nfunc,
                                    mb_per_s=size / 1e6 / best)
        except BenchError as e:
            res.errors.append((ASM_BIG, str(e)))
    if ASM_SMALL in names:
        log("ptoas on samples/softmax/softmax.pto")
        try:
            best = float("inf")
            for _ in range(cfg.small_repeats):
                t0 = time.perf_counter()
                run([PTOAS, SOFTMAX_SAMPLE, "-o", os.path.join(WORK, "softmax_sample.ptobc")])
                best = min(best, time.perf_counter() - t0)
            res.row(ASM_SMALL).update(kind="asm_small", seconds=best,
                                      bytes=os.path.getsize(SOFTMAX_SAMPLE))
        except BenchError as e:
            res.errors.append((ASM_SMALL, str(e)))


def parse_name_ns(text):
    out = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return out


def bench_baselines(names, cfg, native, res):
    catalog = [n for n in nb.all_names() if n in names]
    if not catalog:
        return
    native_names = list(catalog)
    if "tmatmul_bf16_64x64x64" in native_names and "tmatmul_f32_64x64x64" not in native_names:
        native_names.append("tmatmul_f32_64x64x64")  # the bf16 target compares with f32 native
    dump = os.path.join(WORK, "native_out")
    os.makedirs(dump, exist_ok=True)
    quick = ["--quick"] if cfg.quick else []
    log(f"native baseline ({len(native_names)} benchmarks)")
    try:
        p = run([native, "--data", DATA, "--dump", dump, "--only", ",".join(native_names), *quick])
        for name, ns in parse_name_ns(p.stdout).items():
            res.row(name)["native_ns"] = ns
            res.row(name)["native_out"] = os.path.join(dump, name + ".bin")
    except BenchError as e:
        res.errors.append(("native", str(e)))
    log(f"numpy baseline ({len(catalog)} benchmarks)")
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
        env[var] = "1"  # one thread, as ptorun runs a block on one thread
    try:
        p = run([sys.executable, os.path.join(HERE, "numpy_bench.py"), "--data", DATA,
                 "--only", ",".join(catalog), *quick], env=env)
        for name, ns in parse_name_ns(p.stdout).items():
            res.row(name)["numpy_ns"] = ns
    except BenchError as e:
        res.errors.append(("numpy", str(e)))


def check_numerics(names, res):
    """ptorun's outputs against numpy (in-process, untimed) and against the native outputs."""
    for name in nb.all_names():
        row = res.rows.get(name)
        if name not in names or not row or "out" not in row:
            continue
        dtype = np.uint16 if row["out_dtype"] == "bf16" else np.float32
        got = read_out(row["out"], dtype)
        ref = nb.make(DATA, name)()
        if dtype == np.uint16:
            ref = nb.bf16_bits_to_f32(ref)
        row["err_numpy"] = rel_err(got, ref)
        tol = 2.0 ** -8 if dtype == np.uint16 else 1e-5
        row["numpy_ok"] = row["err_numpy"] <= tol
        nat = row.get("native_out")
        if nat and os.path.exists(nat):
            raw_got = np.fromfile(row["out"], dtype=dtype)
            raw_nat = np.fromfile(nat, dtype=dtype)
            row["native_identical"] = bool(raw_got.shape == raw_nat.shape
                                           and raw_got.tobytes() == raw_nat.tobytes())
            row["err_native"] = rel_err(got, read_out(nat, dtype))
    blk = res.rows.get(BLOCKS)
    if blk and "out" in blk:
        soft = res.rows.get(SOFTMAX)
        mine = np.fromfile(blk["out"], dtype=np.float32)
        if soft and "out" in soft:
            blk["same_as_one_block"] = bool(mine.tobytes() == np.fromfile(soft["out"], np.float32).tobytes())
        ref = nb.softmax(np.fromfile(os.path.join(DATA, f"x_{R}x{C}.f32"), np.float32).reshape(R, C))
        blk["err_numpy"] = rel_err(mine, ref)
        blk["numpy_ok"] = blk["err_numpy"] <= 1e-5


# =============================================================================================
# Report


def fmt_time(ns):
    if ns is None:
        return "-"
    if ns < 1e3:
        return f"{ns:.3g} ns"
    if ns < 1e6:
        return f"{ns / 1e3:.3g} us"
    if ns < 1e9:
        return f"{ns / 1e6:.3g} ms"
    return f"{ns / 1e9:.3g} s"


def fmt_ratio(x):
    return "-" if x is None else (f"{x:.3g}x" if x < 100 else f"{x:.0f}x")


def ratio(a, b):
    return a / b if a and b else None


def check_str(row):
    parts = []
    if "err_numpy" in row:
        parts.append(("np ok" if row["numpy_ok"] else "np BAD") + f" {row['err_numpy']:.0e}")
    if "native_identical" in row:
        parts.append("=native" if row["native_identical"] else f"native {row['err_native']:.0e}")
    if "same_as_one_block" in row:
        parts.append("=1 block" if row["same_as_one_block"] else "DIFFERS from 1 block")
    if "check" in row:
        parts.append(f"result {row['check']}")
    return ", ".join(parts)


def env_header(cfg):
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    build_type = "?"
    try:
        with open(os.path.join(BUILD, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("CMAKE_BUILD_TYPE:"):
                    build_type = line.split("=", 1)[1].strip()
    except OSError:
        pass
    commit = "?"
    try:  # read the checked-out commit from .git without running git
        head = open(os.path.join(ROOT, ".git", "HEAD")).read().strip()
        if head.startswith("ref: "):
            ref = head[5:]
            path = os.path.join(ROOT, ".git", ref)
            if os.path.exists(path):
                commit = open(path).read().strip()[:12]
            else:
                for line in open(os.path.join(ROOT, ".git", "packed-refs")):
                    if line.strip().endswith(ref):
                        commit = line.split()[0][:12]
        else:
            commit = head[:12]
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return {"date": datetime.datetime.now().isoformat(timespec="seconds"), "cpu": cpu,
            "cores": os.cpu_count(), "load_1min": load, "ptorun_build_type": build_type,
            "commit": commit, "quick": cfg.quick, "numpy": np.__version__}


def print_report(res, cfg, env, names):
    rows = res.rows
    w = 34
    print(f"ptorun benchmarks  {env['date']}  commit {env['commit']}  ptorun build {env['ptorun_build_type']}"
          f" (binary of {env.get('ptorun_built', '?')})  {env['cpu']} x{env['cores']}  load {env['load_1min']:.2f}"
          f"{'  (--quick)' if cfg.quick else ''}")
    if env["load_1min"] > 0.5 * (env["cores"] or 1):
        print(f"note: the machine was busy when the run started (load {env['load_1min']:.2f}); "
              "times may be noisy")
    print()
    hdr = f"{'benchmark':<{w}} {'ptorun':>10} {'native':>10} {'numpy':>10} {'pto/nat':>8} {'np/pto':>8}  check"
    sections = [
        ("tile instructions: time per instruction (loop of N, setup cancelled)",
         [n for n, _, _, _ in nb.vec_cases()] + nb.MM_NAMES),
        (f"whole kernels, {R}x{C} f32 (slabs of {SLAB} rows; numpy on the whole array)",
         nb.KERNEL_NAMES),
    ]
    for title, sec_names in sections:
        sec = [n for n in sec_names if n in rows and ("ptorun_ns" in rows[n] or "native_ns" in rows[n])]
        if not sec:
            continue
        print(title)
        print(hdr)
        for n in sec:
            r = rows[n]
            p, na, npy = r.get("ptorun_ns"), r.get("native_ns"), r.get("numpy_ns")
            extra = ""
            if "instr_per_iter" in r:
                extra = f"  [{r['instr_per_iter']:.3g} instr/iter, N={r['n1']}..{r['n2']}]"
            print(f"{n:<{w}} {fmt_time(p):>10} {fmt_time(na):>10} {fmt_time(npy):>10} "
                  f"{fmt_ratio(ratio(p, na)):>8} {fmt_ratio(ratio(npy, p)):>8}  {check_str(r)}{extra}")
        print()
    if BLOCKS in rows and "speedup" in rows[BLOCKS]:
        r = rows[BLOCKS]
        print("multiblock softmax (slabs split by get_block_idx / get_block_num)")
        print(f"{'  --blocks 1 --threads 1':<{w}} {fmt_time(r['blocks1_ns']):>10}")
        print(f"{'  --blocks 2 --threads 2':<{w}} {fmt_time(r['blocks2_ns']):>10}   "
              f"speedup {r['speedup']:.2f}x  {check_str(r)}")
        print()
    if DISPATCH in rows and "ns_per_instr" in rows[DISPATCH]:
        r = rows[DISPATCH]
        print("dispatch (scalar loop with iter_args)")
        print(f"{DISPATCH:<{w}} {r['ns_per_instr']:.3g} ns/instr   ({r['instructions']} instructions "
              f"in {fmt_time(r['ptorun_ns'])}, {r['iterations']} iterations)  {check_str(r)}")
        print()
    if ASM_BIG in rows or ASM_SMALL in rows:
        print("assembler (wall clock of the ptoas process)")
        if "mb_per_s" in rows.get(ASM_BIG, {}):
            r = rows[ASM_BIG]
            print(f"{ASM_BIG:<{w}} {r['mb_per_s']:.3g} MB/s   ({r['bytes'] / 1e6:.1f} MB, "
                  f"{r['functions']} functions, {r['seconds'] * 1e3:.0f} ms)")
        if "seconds" in rows.get(ASM_SMALL, {}):
            r = rows[ASM_SMALL]
            print(f"{ASM_SMALL:<{w}} {r['seconds'] * 1e3:.3g} ms     ({r['bytes']} bytes, min of "
                  f"{cfg.small_repeats})")
        print()
    bad = [n for n, r in rows.items() if r.get("numpy_ok") is False
           or r.get("same_as_one_block") is False or str(r.get("check", "ok")) != "ok"]
    checked = [n for n, r in rows.items() if "numpy_ok" in r]
    identical = [n for n, r in rows.items() if r.get("native_identical")]
    with_native = [n for n, r in rows.items() if "native_identical" in r]
    print(f"numerics: {len(checked) - len([b for b in bad if b in checked])}/{len(checked)} ptorun outputs "
          f"match numpy (normwise rel. error <= 1e-5, bf16 <= 2^-8); "
          f"{len(identical)}/{len(with_native)} bit-identical to the native baseline"
          + (f"; PROBLEMS: {', '.join(bad)}" if bad else ""))
    print()
    print_targets(res)
    if res.errors:
        print()
        print("errors:")
        for name, msg in res.errors:
            print(f"  {name}: {msg}")


def targets(res):
    """[(ok, label, measured, limit)] for the targets whose benchmarks ran."""
    rows = res.rows
    out = []

    def get(name, key):
        return rows.get(name, {}).get(key)

    nat_mm_f32 = get("tmatmul_f32_64x64x64", "native_ns")
    for name, op, r, c in nb.vec_cases():
        p, na = get(name, "ptorun_ns"), get(name, "native_ns")
        if p and na and r * c >= 1024:
            limit = 2.0 if op == "tcvt" else 1.5
            out.append((p / na <= limit, f"{name}: ptorun/native", f"{p / na:.2f}x", f"<= {limit}x"))
    p = get("tmatmul_bf16_64x64x64", "ptorun_ns")
    if p and nat_mm_f32:
        out.append((p / nat_mm_f32 <= 2.0, "tmatmul_bf16_64x64x64: ptorun / native f32 matmul",
                    f"{p / nat_mm_f32:.2f}x", "<= 2x"))
    p = get("tmatmul_f32_64x64x64", "ptorun_ns")
    if p and nat_mm_f32:
        out.append((p / nat_mm_f32 <= 2.0, "tmatmul_f32_64x64x64: ptorun/native",
                    f"{p / nat_mm_f32:.2f}x", "<= 2x"))
    for name in [n for n, _, r, c in nb.vec_cases() if (r, c) == (64, 64)] + nb.MM_NAMES:
        p, npy = get(name, "ptorun_ns"), get(name, "numpy_ns")
        if p and npy:
            out.append((npy / p >= 3.0, f"{name}: numpy/ptorun", f"{npy / p:.2f}x", ">= 3x"))
    for name in nb.KERNEL_NAMES:
        p, npy = get(name, "ptorun_ns"), get(name, "numpy_ns")
        if p and npy:
            out.append((npy / p > 1.0, f"{name}: numpy/ptorun", f"{npy / p:.2f}x", "> 1x"))
    d = get(DISPATCH, "ns_per_instr")
    if d:
        out.append((d <= 5.0, f"{DISPATCH}: ns per instruction", f"{d:.2f} ns", "<= 5 ns"))
    s = get(BLOCKS, "speedup")
    if s:
        out.append((s >= 1.8, "softmax --blocks 2 vs --blocks 1: speedup", f"{s:.2f}x", ">= 1.8x"))
    mbs = get(ASM_BIG, "mb_per_s")
    if mbs:
        out.append((mbs >= 50.0, f"{ASM_BIG}: ptoas throughput", f"{mbs:.1f} MB/s", ">= 50 MB/s"))
    sec = get(ASM_SMALL, "seconds")
    if sec:
        out.append((sec < 0.005, f"{ASM_SMALL}: ptoas wall time", f"{sec * 1e3:.2f} ms", "< 5 ms"))
    return out


def print_targets(res):
    ts = targets(res)
    print("targets")
    for ok, label, measured, limit in ts:
        print(f"  {'PASS' if ok else 'MISS'}  {label:<56} {measured:>12}  (target {limit})")
    print(f"  {sum(1 for t in ts if t[0])}/{len(ts)} targets met")


def snapshot_tools(args, env):
    """Run copies of the binaries, so a rebuild of build/ during the run (by someone working on
    the interpreter) cannot mix two versions in one table."""
    global PTOAS, PTORUN
    bin_dir = os.path.join(WORK, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    copies = []
    for src in (PTOAS, PTORUN, args.native):
        dst = os.path.join(bin_dir, os.path.basename(src))
        shutil.copy2(src, dst + ".tmp")
        os.replace(dst + ".tmp", dst)
        copies.append(dst)
        env[f"{os.path.basename(src)}_built"] = datetime.datetime.fromtimestamp(
            os.path.getmtime(src)).isoformat(timespec="seconds")
    PTOAS, PTORUN, args.native = copies


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="short runs, fewer repeats (a smoke test)")
    p.add_argument("--only", action="append", default=[], metavar="PATTERN",
                   help="run the benchmarks whose name contains PATTERN (or matches it as a glob); "
                        "repeatable, or comma-separated")
    p.add_argument("--native", default=NATIVE, help="the native baseline binary")
    p.add_argument("--json", default=os.path.join(WORK, "results.json"), help="where to write the results")
    p.add_argument("--list", action="store_true", help="print the benchmark names and exit")
    args = p.parse_args()
    if args.list:
        print("\n".join(all_bench_names()))
        return 0
    patterns = [x for p_ in args.only for x in p_.split(",") if x]
    names = select(patterns)
    if not names:
        print(f"bench: no benchmark matches {patterns}; --list shows the names", file=sys.stderr)
        return 2
    for tool in (PTOAS, PTORUN, args.native):
        if not os.access(tool, os.X_OK):
            print(f"bench: {tool} is missing; bench/run.sh builds it", file=sys.stderr)
            return 2
    cfg = Config(args.quick)
    os.makedirs(WORK, exist_ok=True)
    env = env_header(cfg)
    snapshot_tools(args, env)
    t0 = time.time()
    nb.make_data(DATA)
    res = Results()
    bench_ptorun(names, cfg, res)
    bench_ptoas(names, cfg, res)
    bench_baselines(names, cfg, args.native, res)
    check_numerics(names, res)
    log(f"done in {time.time() - t0:.0f} s")
    print_report(res, cfg, env, names)
    with open(args.json, "w") as f:
        json.dump({"env": env, "results": res.rows, "errors": res.errors,
                   "targets": [{"ok": ok, "what": label, "measured": m, "target": lim}
                               for ok, label, m, lim in targets(res)]}, f, indent=1, default=str)
    return 1 if res.errors else 0


if __name__ == "__main__":
    sys.exit(main())
