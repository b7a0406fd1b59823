"""The repeat layer (A2/A3 vec_* instructions) as a lane-by-lane numpy model, and the writer of
the kernels its golden cases run.

A case is a UB image of one element type and a list of instructions on it. The kernel copies
the image from GM into UB with data_move, runs the instructions, and copies the image back;
the model applies the same instructions to the image, lane by lane, as seeds 000 and 001
describe them (docs/semantics.md "Repeat layer"): lane j of repeat r of an operand lies at
base + 32 * (r * rep_stride + (j // EPB) * blk_stride) + size * (j % EPB); a repeat reads all
its lanes before it writes any; masked-off lanes are untouched.
"""
import os

import numpy as np

from reference.tiles import save

NP = {"f16": np.float16, "f32": np.float32, "i16": np.int16, "u16": np.uint16,
      "i32": np.int32, "u32": np.uint32}
MLIR = {"f16": "f16", "f32": "f32", "i16": "i16", "u16": "ui16", "i32": "i32", "u32": "ui32"}
GOLDEN_DTYPE = {"f16": "float16", "f32": "float32", "i16": "int16", "u16": "uint16",
                "i32": "int32", "u32": "uint32"}

BINARY = {"vec_add", "vec_sub", "vec_mul", "vec_div", "vec_max", "vec_min", "vec_and", "vec_or"}
UNARY = {"vec_abs", "vec_exp", "vec_ln", "vec_sqrt", "vec_rsqrt", "vec_rec", "vec_relu", "vec_not"}
SCALAR = {"vec_adds", "vec_muls", "vec_maxs", "vec_mins", "vec_shls", "vec_shrs"}


def op(name, dst, srcs=(), scalar=None, repeat=1, mask=None, **extra):
    """One instruction. dst and each source: (base byte, blk_stride, rep_stride). mask: an int
    (contiguous), ("list", hi, lo) TIK's [hi, lo] in hex, ("decimal", hi, lo) the same list in
    decimal (as TIK prints 2**64-1), ("named", hi, lo) #pto.mask, ("counter", n),
    or "state". repeat, a stride or a contiguous mask may be ("arg", k): the kernel's k-th
    scalar parameter at run time."""
    return dict(name=name, dst=dst, srcs=list(srcs), scalar=scalar, repeat=repeat, mask=mask,
                **extra)


def lanes_per_repeat(size):
    return 256 // size


def active_lanes(mask, size, r, state=None):
    """The lanes of repeat r the mask selects (None past the last repeat in counter mode)."""
    n = lanes_per_repeat(size)
    if mask == "state":
        mode, hi, lo = state
        mask = ("counter", lo) if mode == "counter" else ("named", hi, lo)
    if isinstance(mask, int):
        return list(range(mask))
    if mask[0] == "counter":
        left = mask[1] - r * n
        return list(range(min(n, left))) if left > 0 else None
    word = (mask[1] << 64) | mask[2]
    return [j for j in range(n) if (word >> j) & 1]


def repeats_run(o, size, args, state):
    mask = o["mask"]
    if mask == "state" and state[0] == "counter":
        mask = ("counter", state[2])
    if isinstance(mask, tuple) and mask[0] == "counter":
        n = lanes_per_repeat(size)
        return (mask[1] + n - 1) // n
    rep = o["repeat"]
    return args[rep[1]] if isinstance(rep, tuple) else rep


def resolve(x, args):
    """An operand with its ("arg", k) strides replaced by the run-time values."""
    return tuple(args[v[1]] if isinstance(v, tuple) else v for v in x)


def lane_address(x, r, j, size):
    base, blk, rep = x
    epb = 32 // size
    return base + 32 * (r * rep + (j // epb) * blk) + size * (j % epb)


def compute(name, t, a, b, k):
    """One lane's result in element type t (a numpy scalar type): floats round once, integers
    wrap."""
    if name in ("vec_exp", "vec_ln", "vec_rsqrt"):
        f = {"vec_exp": np.exp, "vec_ln": np.log, "vec_rsqrt": lambda v: 1 / np.sqrt(v)}[name]
        return t(f(np.float64(a)))
    if name == "vec_sqrt":
        return t(np.sqrt(np.float64(a)))  # correctly rounded in double, then to t
    if name == "vec_rec":
        return t(np.float64(1) / np.float64(a))
    if name in ("vec_abs", "vec_relu", "vec_not"):
        v = {"vec_abs": lambda: abs(a), "vec_relu": lambda: max(a, t(0)),
             "vec_not": lambda: ~a}[name]()
        return t(v)
    other = b if name in BINARY else k
    base = name[:-1] if name in SCALAR else name
    wide = np.float64 if np.issubdtype(t, np.floating) else np.int64
    x, y = wide(a), wide(other)
    if base == "vec_shl":
        return np.array(int(x) << int(y)).astype(np.int64).astype(t)
    if base == "vec_shr":
        return t(int(x) >> int(y))
    v = {"vec_add": lambda: x + y, "vec_sub": lambda: x - y, "vec_mul": lambda: x * y,
         "vec_div": lambda: x / y, "vec_max": lambda: max(x, y), "vec_min": lambda: min(x, y),
         "vec_and": lambda: x & y, "vec_or": lambda: x | y}[base]()
    return np.array(v).astype(t)  # exact in double for f16/f32 add/sub/mul/div, then rounded


def apply(image, dtype, ops, args=()):
    """Runs ops on image (a uint8 array: UB from byte 0) and returns the new image. NaN and
    infinity results (ln of a negative, exp overflow) are what the lanes compute: no warnings."""
    with np.errstate(all="ignore"):
        return _apply(image, dtype, ops, args)


def _apply(image, dtype, ops, args):
    ub = image.copy()
    t = NP[dtype]
    size = np.dtype(t).itemsize
    state = ("normal", (1 << 64) - 1, (1 << 64) - 1)

    def at(addr):
        return ub[addr:addr + size].view(t)[0]

    for o in ops:
        name = o["name"]
        if name == "set_mask_count":
            state = ("counter", state[1], state[2])
            continue
        if name == "set_mask_norm":
            state = ("normal", state[1], state[2])
            continue
        if name == "set_vector_mask":
            state = (state[0], o["hi"], o["lo"])
            continue
        if name == "data_move":  # UB to UB: burst i at 32 * i * (burst + gap)
            src, dst, n, burst = o["src"], o["dst"], o["nburst"], o["burst"]
            for i in range(n):
                a = src + 32 * i * (burst + o["src_stride"])
                b = dst + 32 * i * (burst + o["dst_stride"])
                ub[b:b + 32 * burst] = ub[a:a + 32 * burst].copy()
            continue
        o = dict(o, dst=resolve(o["dst"], args), srcs=[resolve(x, args) for x in o["srcs"]])
        if isinstance(o["mask"], tuple) and o["mask"][0] == "arg":
            o["mask"] = args[o["mask"][1]]
        for r in range(repeats_run(o, size, args, state)):
            lanes = active_lanes(o["mask"], size, r, state)
            results = []
            for j in lanes:
                srcs = [at(lane_address(s, r, j, size)) for s in o["srcs"]]
                if name == "vec_dup":
                    v = t(o["scalar"])
                else:
                    a = srcs[0]
                    b = srcs[1] if len(srcs) > 1 else None
                    k = t(o["scalar"]) if o["scalar"] is not None else None
                    v = compute(name, t, a, b, k)
                results.append((lane_address(o["dst"], r, j, size), v))
            for addr, v in results:  # every read of the repeat came first
                ub[addr:addr + size] = np.array([v], dtype=t).view(np.uint8)
    return ub


# ---- The kernel ----------------------------------------------------------------------------

def _mask_attr(mask):
    if isinstance(mask, tuple) and mask[0] == "arg":
        return f"mask = %n{mask[1]}"
    if isinstance(mask, int):
        return f"mask = {mask}"
    if mask == "state":
        return 'mask = "state"'
    if mask[0] == "counter":
        return f'mask = {mask[1]}, mask_mode = "counter"'
    if mask[0] == "list":
        return f"mask = [{mask[1]:#x}, {mask[2]:#x}]"
    if mask[0] == "decimal":
        return f"mask = [{mask[1]}, {mask[2]}]"
    return f"mask = #pto.mask<hi = {mask[1]:#x}, lo = {mask[2]:#x}>"


def _scalar_text(dtype, v):
    if dtype.startswith("f"):
        return repr(float(v))
    return str(int(v))


def kernel_text(name, dtype, image_bytes, ops, comment, params=0):
    """The .pto of a case: image in, the ops, image out (params: i64 scalars after the two
    pointers, for run-time repeats and strides)."""
    m = MLIR[dtype]
    ptr = f"!pto.ptr<{m}, ub>"
    gm = f"!pto.ptr<{m}, gm>"
    blocks = image_bytes // 32
    lines = [f"// {line}" for line in comment.strip().splitlines()]
    extra = "".join(f", %n{k}: i64" for k in range(params))
    lines += ['module attributes {pto.target_arch = "a2a3"} {',
              f"  func.func @{name}(%in: {gm}, %out: {gm}{extra}) attributes {{pto.kernel}} {{"]
    bases = {0}
    for o in ops:
        if o["name"] == "data_move":
            bases |= {o["src"], o["dst"]}
        elif o.get("dst"):
            bases |= {x[0] for x in [o["dst"]] + o["srcs"]}
    bases = sorted(bases)
    for b in bases:
        lines.append(f"    %a{b} = arith.constant {b} : i64")
        lines.append(f"    %p{b} = pto.castptr %a{b} : i64 -> {ptr}")
    lines.append(f"    pto.data_move ins(%in : {gm}) outs(%p0 : {ptr}) {{nburst = 1, burst = {blocks}}}")
    scalars = 0
    for o in ops:
        name_ = o["name"]
        if name_ in ("set_mask_norm", "set_mask_count"):
            lines.append(f"    pto.{name_}")
            continue
        if name_ == "data_move":
            lines.append(f"    pto.data_move ins(%p{o['src']} : {ptr}) outs(%p{o['dst']} : {ptr})")
            lines.append(f"        {{nburst = {o['nburst']}, burst = {o['burst']}, "
                         f"src_stride = {o['src_stride']}, dst_stride = {o['dst_stride']}}}")
            continue
        if name_ == "set_vector_mask":
            lines.append(f"    %hi{scalars} = arith.constant {o['hi']:#x} : i64")
            lines.append(f"    %lo{scalars} = arith.constant {o['lo']:#x} : i64")
            lines.append(f"    pto.set_vector_mask %hi{scalars}, %lo{scalars} : i64, i64")
            scalars += 1
            continue
        ins = [f"%p{s[0]}" for s in o["srcs"]]
        types = [ptr] * len(o["srcs"])
        if o["scalar"] is not None:
            lines.append(f"    %k{scalars} = arith.constant {_scalar_text(dtype, o['scalar'])} : {m}")
            ins.append(f"%k{scalars}")
            types.append(m)
            scalars += 1
        names = ["dst"] + (["src"] if len(o["srcs"]) == 1 else ["src0", "src1"][:len(o["srcs"])])
        attrs = [_mask_attr(o["mask"])]
        rep = o["repeat"]
        if not (isinstance(o["mask"], tuple) and o["mask"][0] == "counter"):
            attrs.append(f"repeat = %n{rep[1]}" if isinstance(rep, tuple) else f"repeat = {rep}")
        def spell(v):
            return f"%n{v[1]}" if isinstance(v, tuple) else str(v)

        for nm, x in zip(names, [o["dst"]] + o["srcs"]):
            if x[1] != 1:
                attrs.append(f"{nm}_blk_stride = {spell(x[1])}")
            if x[2] != 8:
                attrs.append(f"{nm}_rep_stride = {spell(x[2])}")
        lines.append(f"    pto.{name_} ins({', '.join(ins)} : {', '.join(types)}) "
                     f"outs(%p{o['dst'][0]} : {ptr})")
        lines.append(f"        {{{', '.join(attrs)}}}")
    lines.append(f"    pto.data_move ins(%p0 : {ptr}) outs(%out : {gm}) {{nburst = 1, burst = {blocks}}}")
    lines += ["    return", "  }", "}", ""]
    return "\n".join(lines)


def initial_image(rng, dtype, image_bytes, low=-4.0, high=4.0):
    """A UB image of random elements (floats in [low, high), integers of every bit pattern)."""
    t = NP[dtype]
    n = image_bytes // np.dtype(t).itemsize
    if np.issubdtype(t, np.floating):
        return rng.uniform(low, high, n).astype(t).view(np.uint8)
    info = np.iinfo(t)
    return rng.integers(info.min, info.max, n, endpoint=True).astype(t).view(np.uint8)


def ramp_image(count, fill=-1):
    """A make() for repeat_case: the first count elements 0, 1, 2, ..., the rest fill."""
    def make(rng, dtype, image_bytes):
        ub = np.full(image_bytes // np.dtype(NP[dtype]).itemsize, fill, dtype=NP[dtype])
        ub[:count] = np.arange(count)
        return ub.view(np.uint8)
    return make


def repeat_case(name, seed, dtype, image_bytes, ops, comment, args=(), rtol=0, make=None,
                check=None):
    """CASE and generate() of a case: the image in.bin, the model's result out.expect.bin; and
    write_kernel(dir), which the case's golden.py runs as a script to (re)write kernel.pto.
    make(rng, dtype, image_bytes) makes the image (initial_image by default); check(out), given
    the model's result as elements, asserts what the seeds print for it."""
    case = {
        "arch": "a2a3",
        "args": ["in.bin", f"zeros:{image_bytes // np.dtype(NP[dtype]).itemsize}"] +
                [str(a) for a in args],
        "outs": [{"target": "2", "expect": "out.expect.bin", "dtype": GOLDEN_DTYPE[dtype],
                  "rtol": rtol, "atol": 0}],
    }

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        image = (make or initial_image)(rng, dtype, image_bytes)
        out = apply(image, dtype, ops, args)
        if check:
            check(out.view(NP[dtype]))
        save(out_dir, {"in": image, "out.expect": out})

    def write_kernel(out_dir):
        params = len(args)
        with open(os.path.join(out_dir, "kernel.pto"), "w") as f:
            f.write(kernel_text(name, dtype, image_bytes, ops, comment, params))

    return case, generate, write_kernel


# ---- The per-type cases: every instruction of a type over four geometries -------------------

OPS_BY_TYPE = {
    "f16": ["vec_add", "vec_sub", "vec_mul", "vec_div", "vec_max", "vec_min", "vec_adds",
            "vec_muls", "vec_maxs", "vec_mins", "vec_abs", "vec_relu", "vec_sqrt", "vec_rec",
            "vec_dup"],
    "f32": ["vec_add", "vec_sub", "vec_mul", "vec_div", "vec_max", "vec_min", "vec_adds",
            "vec_muls", "vec_maxs", "vec_mins", "vec_abs", "vec_exp", "vec_ln", "vec_sqrt",
            "vec_rsqrt", "vec_rec", "vec_relu", "vec_dup"],
    "i16": ["vec_add", "vec_sub", "vec_mul", "vec_max", "vec_min", "vec_and", "vec_or",
            "vec_adds", "vec_muls", "vec_maxs", "vec_mins", "vec_shls", "vec_shrs", "vec_not",
            "vec_dup"],
    "u16": ["vec_and", "vec_or", "vec_not", "vec_shls", "vec_shrs", "vec_dup"],
    "i32": ["vec_add", "vec_sub", "vec_mul", "vec_max", "vec_min", "vec_adds", "vec_muls",
            "vec_maxs", "vec_mins", "vec_shls", "vec_shrs", "vec_relu", "vec_dup"],
    "u32": ["vec_shls", "vec_shrs", "vec_dup"],
}
SCALARS = {"f16": -1.5, "f32": 0.625, "i16": -3, "u16": 3, "i32": 77, "u32": 5}
SHIFT = {"f16": 0, "f32": 0, "i16": 3, "u16": 5, "i32": 7, "u32": 13}

# (repeat, mask kind, dst (blk, rep), src (blk, rep)): one-run, partial contiguous, named bits
# with block stride 2 and rep 16, TIK list with dst block stride 3, src rep stride 4 (0 < 4 < 8).
GEOMETRIES = [
    (2, "full", (1, 8), (1, 8)),
    (3, "partial", (1, 8), (1, 8)),
    (2, "named", (1, 8), (2, 16)),
    (2, "list", (3, 24), (1, 4)),
]
SOURCE_BYTES = 4096


def _mask(kind, size):
    lanes = lanes_per_repeat(size)
    if kind == "full":
        return lanes
    if kind == "partial":
        return lanes - 5
    if size == 2:
        return ("named" if kind == "named" else "list", 0xF0F0_0000_FFFF_0001, 0x8000_0000_1234_5678)
    return ("named" if kind == "named" else "list", 0, 0x8421_0000_FFFF_00F1)


def footprint(x, repeat):
    base, blk, rep = x
    return 32 * ((repeat - 1) * rep + 7 * blk + 1)


def type_matrix(dtype, names=None):
    """The ops of the per-type case: each instruction of dtype in turn over the geometries
    above, each writing a region of its own after the two source areas (src0 at 0, src1 at
    4096), then two in place (dst = src, same strides) on the first source area. Returns
    (ops, image bytes)."""
    size = np.dtype(NP[dtype]).itemsize
    ops = []
    at = 2 * SOURCE_BYTES
    for i, name in enumerate(names or OPS_BY_TYPE[dtype]):
        repeat, kind, (dblk, drep), (sblk, srep) = GEOMETRIES[i % len(GEOMETRIES)]
        dst = (at, dblk, drep)
        srcs = [] if name == "vec_dup" else [(0, sblk, srep)]
        if name in BINARY:
            srcs.append((SOURCE_BYTES, sblk, srep))
        scalar = None
        if name in SCALAR or name == "vec_dup":
            scalar = SHIFT[dtype] if name in ("vec_shls", "vec_shrs") else SCALARS[dtype]
        ops.append(op(name, dst, srcs, scalar, repeat, _mask(kind, size)))
        at += (footprint(dst, repeat) + 31) // 32 * 32
    first = (names or OPS_BY_TYPE[dtype])[0]
    for repeat, kind in ((2, "full"), (3, "partial")):
        srcs = [(0, 1, 8)] + ([(0, 1, 8)] if first in BINARY else [])
        scalar = SCALARS[dtype] if first in SCALAR or first == "vec_dup" else None
        ops.append(op(first, (0, 1, 8), [] if first == "vec_dup" else srcs, scalar, repeat,
                      _mask(kind, size)))
    return ops, at


def type_case(dtype, seed):
    """The per-type case ops_<dtype>: every repeat-layer instruction on dtype over the
    geometries of type_matrix, then the first one in place. Returns repeat_case's triple."""
    ops, image_bytes = type_matrix(dtype)
    return repeat_case(
        f"ops_{dtype}", seed, dtype, image_bytes, ops,
        "Generated by golden.py (run it as a script to rewrite): every repeat-layer instruction on\n"
        f"{dtype} over four geometries, then the first one in place. The image of UB comes in, the\n"
        "instructions run on it, and it goes back out.")
