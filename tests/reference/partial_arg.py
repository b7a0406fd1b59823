"""tpartargmax / tpartargmin: the winning (value, index) pair where both sources are valid,
else the valid one's, as pto-isa's TPartArg* choose per architecture."""
import numpy as np


def takes_second(arch, op, a, b):
    """A2/A3 keeps a where a >= b (a <= b): NaN on either side picks b. A5 takes b where
    b > a (b < a): NaN keeps a. Ties keep a."""
    with np.errstate(invalid="ignore"):
        if arch == "a2a3":
            return ~(a >= b) if op == "max" else ~(a <= b)
        return (b > a) if op == "max" else (b < a)


def partial_arg(arch, op, d_shape, a, av, ai, b, bv, bi, widen=lambda x: x):
    """(values, indices) over a d_shape destination; av, bv: the sources' valid (rows, cols),
    the destination's valid shape is the larger (one of them). widen: the values compared."""
    rows, cols = max(av[0], bv[0]), max(av[1], bv[1])
    r, c = np.indices(d_shape)
    in_a = (r < av[0]) & (c < av[1])
    in_b = (r < bv[0]) & (c < bv[1])
    second = ~in_a | (in_b & takes_second(arch, op, widen(a), widen(b)))
    valid = (r < rows) & (c < cols)
    values = np.where(valid, np.where(second, b, a), 0).astype(a.dtype)
    indices = np.where(valid, np.where(second, bi, ai), 0).astype(ai.dtype)
    return values, indices


def partial_arg_case(arch, case_dir, seed):
    """The tpartarg_<arch> cases: their kernel's tiles, CASE and generate."""
    from reference.tiles import kernel_args, save
    outs = {"mx32": "float32", "imx32": "uint32", "mn32": "float32", "imn32": "uint32",
            "mx16": "float16", "imx16": "int32", "mni": "int16", "imni": "int32"}
    case = {"arch": arch, "args": kernel_args(case_dir, ("a", "b", "ia", "ib")),
            "outs": [{"target": n, "expect": f"{n}.expect.bin", "dtype": t}
                     for n, t in outs.items()]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        a32 = rng.integers(-8, 8, (4, 16)).astype(np.float32)  # small integers: many ties
        b32 = rng.integers(-8, 8, (4, 16)).astype(np.float32)
        a32.flat[:3], b32.flat[:3] = [np.nan, 1.0, np.nan], [2.0, np.nan, np.nan]
        a32.flat[3], b32.flat[3] = -0.0, 0.0
        ia32 = rng.integers(0, 2**32, (4, 16), dtype=np.uint64).astype(np.uint32)
        ib32 = rng.integers(0, 2**32, (4, 16), dtype=np.uint64).astype(np.uint32)
        a16, b16 = (rng.integers(-6, 6, (2, 32)).astype(np.float16) for _ in range(2))
        ia16, ib16 = (rng.integers(-2**31, 2**31, (2, 32)).astype(np.int32) for _ in range(2))
        ai, bi = (rng.integers(-5, 5, (2, 16)).astype(np.int16) for _ in range(2))
        iai, ibi = (rng.integers(0, 1000, (2, 16)).astype(np.int32) for _ in range(2))
        files = {"a32": a32, "b32": b32, "ia32": ia32, "ib32": ib32, "a16": a16, "b16": b16,
                 "ia16": ia16, "ib16": ib16, "ai": ai, "bi": bi, "iai": iai, "ibi": ibi}
        for op, v, i in (("max", "mx32", "imx32"), ("min", "mn32", "imn32")):
            files[f"{v}.expect"], files[f"{i}.expect"] = partial_arg(
                arch, op, (4, 16), a32, (4, 16), ia32, b32, (2, 16), ib32)
        files["mx16.expect"], files["imx16.expect"] = partial_arg(
            arch, "max", (2, 32), a16, (2, 20), ia16, b16, (2, 32), ib16,
            widen=lambda x: x.astype(np.float32))
        files["mni.expect"], files["imni.expect"] = partial_arg(
            arch, "min", (2, 16), ai, (2, 16), iai, bi, (2, 16), ibi)
        save(out_dir, files)
    return case, generate
