"""The benchmark programs: PTO source text generated from templates (bench/bench.py assembles
and runs them). Also the generator of the assembler's large input."""

import random

import numpy_bench as nb

R, C, SLAB = nb.K_ROWS, nb.K_COLS, nb.SLAB_ROWS

# Names of the benchmarks that are not in numpy_bench's catalogue of tile instructions.
SOFTMAX = "softmax_4096x1024"
RMSNORM = "rmsnorm_4096x1024"
BLOCKS = "softmax_4096x1024_blocks"
BLOCKS_CACHED = "softmax_cached_blocks"
CACHED_SLABS = 16  # slabs each block of BLOCKS_CACHED keeps revisiting (16 x 8 rows = 512 KB)
DISPATCH = "dispatch_scalar_loop"
ASM_BIG = "ptoas_10mb"
ASM_SMALL = "ptoas_softmax_sample"
# 16-bit float tile instructions: (name, op, dtype, rows, cols). Compared with the f32 native
# loop of the same op and size (the target: at most 2x its time).
HALF_CASES = [(f"{op}_{dt}_64x64", op, dt, 64, 64) for op in ("tadd", "tmuls") for dt in ("bf16", "f16")]
HALF_CASES += [(f"{op}_f16_{r}x{c}", op, "f16", r, c)
               for op in ("tadd", "tmuls", "trowsum", "texp", "tcvt") for r, c in nb.HALF_SIZES]
# The per-instruction loops also timed with --check=auto (the default) and --check=strict:
# these ops on f32 tiles of CHECK_SIZE, and the 16-bit rows of the sizes in nb.HALF_SIZES.
CHECK_OPS = ("tadd", "tmuls", "trowsum", "texp", "tcvt")
CHECK_SIZE = (64, 64)
CHECK_MODES = ("off", "auto", "strict")


def check_modes(op, r, c, half=False):
    """The --check modes the loop of `op` on r x c tiles is timed in."""
    if half:
        return CHECK_MODES if (r, c) in nb.HALF_SIZES else ("off",)
    return CHECK_MODES if op in CHECK_OPS and (r, c) == CHECK_SIZE else ("off",)


def load_tile(ptr, tile, t, r, c, layout="nd"):
    """Lines that load the r x c f32 tensor at pointer %<ptr> into a new tile `tile` of type t:
    rows %rows long (nd), or, with layout "dn" and c = 1, one column of %rows."""
    tv = "!pto.tensor_view<?x?xf32>"
    pv = f"!pto.partition_tensor_view<{r}x{c}xf32>"
    cols, strides = ("%cols", "%cols, %c1") if layout == "nd" else ("%c1", "%c1, %rows")
    return [
        f"    %{ptr}v = pto.make_tensor_view %{ptr}, shape = [%rows, {cols}], strides = [{strides}] "
        f"{{layout = #pto.layout<{layout}>}} : {tv}",
        f"    %{ptr}p = pto.partition_view %{ptr}v, offsets = [%c0, %c0], sizes = [%rows, {cols}] : {tv} -> {pv}",
        f"    {tile} = pto.alloc_tile : {t}",
        f"    pto.tload ins(%{ptr}p : {pv}) outs({tile} : {t})",
    ]


def gen_vec(op, r, c):
    """One tile instruction on r x c f32 tiles (a5: 256 KB of UB holds three 128x128 tiles),
    in an scf.for of %n iterations. Parameters: %a, %b (r x c), %s (r), %n. Result tile %dst."""
    t = f"!pto.tile_buf<vec, {r}x{c}xf32>"
    col = f"!pto.tile_buf<vec, {r}x1xf32, blayout=col_major>"
    body = load_tile("a", "%ta", t, r, c)
    dst = t  # the result's type; each op sets what it reads (ins) and what it needs first
    if op == "tadd":
        body += load_tile("b", "%tb", t, r, c)
        ins = f"%ta, %tb : {t}, {t}"
    elif op == "tmuls":
        body.append(f"    %k = arith.constant {nb.MULS_K:e} : f32")
        ins = f"%ta, %k : {t}, f32"
    elif op == "texp":
        ins = f"%ta : {t}"
    elif op == "trowsum":
        body.append(f"    %tmp = pto.alloc_tile : {t}")
        dst = col
        ins = f"%ta, %tmp : {t}, {t}"
    elif op == "trowexpandmul":
        body += load_tile("s", "%ts", col, r, 1, layout="dn")
        ins = f"%ta, %ts : {t}, {col}"
    elif op == "tcvt":
        dst = f"!pto.tile_buf<vec, {r}x{c}xbf16>"
        ins = f"%ta {{rmode = #pto<round_mode RINT>}} : {t}"
    elif op in V060_OPS:
        return gen_vec_v060(op, r, c)
    else:
        raise ValueError(op)
    body.append(f"    %dst = pto.alloc_tile : {dst}")
    inst = f"pto.{op} ins({ins}) outs(%dst : {dst})"
    return loop_module(f"{op} on {r}x{c} tiles", f"bench_{op}",
                       "%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %s: !pto.ptr<f32>", r, c, body, inst)


# PTOAS v0.60's tile instructions among the benchmarks (gen_vec_v060).
V060_OPS = ("taxpy", "tpows", "taddrelu", "trandom")


def gen_vec_v060(op, r, c):
    """gen_vec for PTOAS v0.60's instructions: taxpy (%dst = %a * 1.5 + %dst, %dst loaded
    from %b first, so it accumulates over the loop), tpows (%a ^ 2.5 on a5's default sequence;
    bench.py passes the positive bases as %a), taddrelu (max(%a + %b, 0)) and trandom (Philox
    words into an r x c ui32 tile, 10 rounds). taddrelu's module targets a2a3, the others a5."""
    t = f"!pto.tile_buf<vec, {r}x{c}xf32>"
    dst = t
    body = [] if op == "trandom" else load_tile("a", "%ta", t, r, c)
    if op == "taxpy":
        body += load_tile("b", "%dst", t, r, c)
        body.append(f"    %k = arith.constant {nb.MULS_K:e} : f32")
        ins = f"%ta, %k : {t}, f32"
    elif op == "tpows":
        body.append(f"    %k = arith.constant {nb.POWS_K:e} : f32")
        ins = f"%ta, %k : {t}, f32"
    elif op == "taddrelu":
        body += load_tile("b", "%tb", t, r, c)
        ins = f"%ta, %tb : {t}, {t}"
    elif op == "trandom":
        dst = f"!pto.tile_buf<vec, {r}x{c}xui32>"
        words = [*nb.RANDOM_KEY, *nb.RANDOM_COUNTER]
        for i, w in enumerate(words):  # i32 constants of the words' bit patterns
            body.append(f"    %w{i} = arith.constant {w - (1 << 32) if w >= 1 << 31 else w} : i32")
        names = ", ".join(f"%w{i}" for i in range(len(words)))
        ins = f"{names} {{rounds = {nb.RANDOM_ROUNDS} : i32}} : {', '.join(['i32'] * len(words))}"
    else:
        raise ValueError(op)
    if op != "taxpy":
        body.append(f"    %dst = pto.alloc_tile : {dst}")
    inst = f"pto.{op} ins({ins}) outs(%dst : {dst})"
    # taddrelu is A2/A3's (vaddrelu): its 192 KB of UB hold the three 128x128 f32 tiles exactly.
    return loop_module(f"{op} on {r}x{c} tiles", f"bench_{op}",
                       "%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %s: !pto.ptr<f32>", r, c, body, inst,
                       arch="a2a3" if op == "taddrelu" else "a5")


def loop_module(what, func, params, r, c, body, inst, arch="a5"):
    """A module of one kernel for arch: params and %n, constants %c0 %c1 %rows %cols, the body,
    then the instruction inst in an scf.for of %n iterations."""
    kind = " attributes {pto.kernel_kind = #pto.kernel_kind<vector>}" if arch == "a2a3" else ""
    return "\n".join([
        f"// Generated by bench/bench.py: {what}, %n times in an scf.for.",
        f'module attributes {{pto.target_arch = "{arch}"}} {{',
        f"  func.func @{func}({params}, %n: index){kind} {{",
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


def gen_vec16(op, dtype, r, c):
    """One instruction on r x c tiles of f16 or bf16 (tadd, tmuls; trowsum into an r x 1
    column, texp, tcvt to f32): the f32 inputs are loaded and converted (round to nearest even)
    once, then the instruction runs %n times. Result tile %dst."""
    t32 = f"!pto.tile_buf<vec, {r}x{c}xf32>"
    t16 = f"!pto.tile_buf<vec, {r}x{c}x{dtype}>"
    body = []
    for name in ("a", "b"):
        body += load_tile(name, f"%{name}32", t32, r, c)
        body.extend([
            f"    %t{name} = pto.alloc_tile : {t16}",
            f"    pto.tcvt ins(%{name}32 {{rmode = #pto<round_mode RINT>}} : {t32}) outs(%t{name} : {t16})",
        ])
    dst = t16
    if op == "tadd":
        inst = f"pto.tadd ins(%ta, %tb : {t16}, {t16}) outs(%dst : {t16})"
    elif op == "tmuls":
        body.append(f"    %k = arith.constant {nb.MULS_K:e} : {dtype}")
        inst = f"pto.tmuls ins(%ta, %k : {t16}, {dtype}) outs(%dst : {t16})"
    elif op == "trowsum":
        dst = f"!pto.tile_buf<vec, {r}x1x{dtype}, blayout=col_major>"
        body.append(f"    %tmp = pto.alloc_tile : {t16}")
        inst = f"pto.trowsum ins(%ta, %tmp : {t16}, {t16}) outs(%dst : {dst})"
    elif op == "texp":
        inst = f"pto.texp ins(%ta : {t16}) outs(%dst : {t16})"
    elif op == "tcvt":
        dst = t32
        inst = f"pto.tcvt ins(%ta {{rmode = #pto<round_mode RINT>}} : {t16}) outs(%dst : {t32})"
    else:
        raise ValueError(op)
    body.append(f"    %dst = pto.alloc_tile : {dst}")
    return loop_module(f"{op} on {r}x{c} {dtype} tiles", f"bench_{op}_{dtype}",
                       "%a: !pto.ptr<f32>, %b: !pto.ptr<f32>", r, c, body, inst)


def gen_matmul(dtype):
    """TMATMUL 64x64x64 on the cube path, tiles as tests/golden/kernels/gemm_kloop_{f32,bf16}
    declare them: f32 on a5 (NZ left), bf16 on a2a3 (ZZ left, compact); loaded once into `mat`,
    moved to left/right, then tmatmul %n times into the f32 `acc` tile %dst."""
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


# The constants of the whole-kernel programs, which walk the R x C tensor in slabs of SLAB rows.
SLAB_CONSTANTS = [
    "    %c0 = arith.constant 0 : index",
    "    %c1 = arith.constant 1 : index",
    f"    %cslab = arith.constant {SLAB} : index",
    f"    %crows = arith.constant {R} : index",
    f"    %ccols = arith.constant {C} : index",
    f"    %nslabs = arith.constant {R // SLAB} : index",
]


def gen_softmax(multiblock, cached=False):
    """Row softmax of the 4096x1024 f32 tensor, as samples/softmax computes it, over 512 slabs
    of 8 rows (partition_view offsets from the loop). multiblock: block b of nb handles slabs
    [b * ceil(512 / nb), min(.., 512)) (as tests/golden/control/multiblock_rows splits its tiles).
    cached: the same work, but block b's slab s is slab b * CACHED_SLABS + s mod CACHED_SLABS,
    so each block keeps revisiting 512 KB of its own that stays in its core's cache: the
    interpreter's own scaling, without the memory bandwidth two cores share."""
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
        + (", slabs split across blocks" if multiblock else "")
        + (f", each block revisiting {CACHED_SLABS} slabs of its own." if cached else "."),
        "module {",
        f"  func.func @softmax_{'blocks' if multiblock else 'rows'}(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{",
        *SLAB_CONSTANTS,
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
        *([f"      %csl = arith.constant {CACHED_SLABS} : index",
           "      %sk = arith.subi %s, %first : index",
           "      %sm16 = arith.remsi %sk, %csl : index",
           "      %base = arith.muli %bid, %csl : index",
           "      %slab = arith.addi %base, %sm16 : index",
           "      %row = arith.muli %slab, %cslab : index"] if cached else
          ["      %row = arith.muli %s, %cslab : index"]),
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
        *SLAB_CONSTANTS,
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
