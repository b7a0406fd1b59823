"""Tiles the instructions fill: tfillpad (the source's valid region, the pad value
elsewhere), tci (index sequences) and ttri (triangular masks).

PAD_BITS: the (max, min) pad bit patterns of each element type, as the NPU fills (tload's pad
values too; pto-isa's PadValueMap): 64-bit types pad with 0.

fillpad_case(arch, seed): TFILLPAD_INPLACE and TFILLPAD_EXPAND on every element type
(fill/tfillpad_*): the whole destination holds the source's valid region and the destination's
pad value elsewhere (zero; max: +inf or the largest integer; min: -inf, the smallest integer, 0
for unsigned). Sources are random bits (NaN patterns included)
everywhere, so nothing outside the valid region may leak.

tci_ttri_tfillpad_case(arch, here): TCI, TTRI and TFILLPAD, every element type each allows (the
same on a2a3 and a5), for the case directory here (fill/tci_ttri_tfillpad_*; its kernel.pto
gives the argument order).
tci: d[0,j] = start + j (or start - j) for j < valid columns, wrapping in d's type; only row 0.
ttri: over d's valid region, lower 1 where j <= i + diag, upper 1 where j >= i + diag, else 0.
tfillpad: the whole of d holds a's valid region and d's pad value elsewhere (1 zero, 2 max,
3 min; 64-bit types pad with zero). Elements outside a result's valid region stay 0.
"""

import numpy as np

from .element_types import TYPES, bits_name, bits_type
from .tiles import kernel_args, save

# tfillpad_inplace / tfillpad_expand on every element type (fill/tfillpad_*).
FILLPAD_ORDER = ["i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64", "f16", "bf16", "f32"]
PAD_BITS = {  # (max, min) pad bit patterns
    "f32": (0x7F800000, 0xFF800000), "f16": (0x7C00, 0xFC00), "bf16": (0x7F80, 0xFF80),
    "i32": (0x7FFFFFFF, 0x80000000), "ui32": (0xFFFFFFFF, 0), "i16": (0x7FFF, 0x8000),
    "ui16": (0xFFFF, 0), "i8": (0x7F, 0x80), "ui8": (0xFF, 0), "i64": (0, 0), "ui64": (0, 0),
}
# PTOAS's VPTO TileLib templates (ptoas --pto-backend=vpto) pad floats with the largest finite
# values (FLT_MAX, 65504, bf16's 0x7f7f); the rest as above.
PAD_BITS_VPTO = dict(PAD_BITS, **{
    "f32": (0x7F7FFFFF, 0xFF7FFFFF), "f16": (0x7BFF, 0xFBFF), "bf16": (0x7F7F, 0xFF7F)})


def pad_bits(backend):
    return PAD_BITS_VPTO if backend == "vpto" else PAD_BITS


def _fillpad_layout(k, t):
    """Shape, valid shape, source pad and destination pad of type t (the kernel's rule)."""
    size = np.dtype(TYPES[t][0]).itemsize
    c = 64 // size
    r = 3 + k % 3
    p = 1 if size == 8 else 1 + k % 3
    q = 1 if size == 8 else 1 + (k + 1) % 3
    return (r, c), (r - 1, c - 3), p, q


def _padded(src, valid, shape, pad, t, backend=None):
    """A tile of shape filled with pad (1 zero, 2 max, 3 min), src's valid region on top."""
    bits = 0 if pad == 1 else pad_bits(backend)[t][pad - 2]
    dt = np.dtype(TYPES[t][0])
    raw = np.array([bits], dtype=bits_type(t)).view(dt)[0]
    out = np.full(shape, raw, dtype=dt)
    out[: valid[0], : valid[1]] = src[: valid[0], : valid[1]]
    return out


def fillpad_case(arch, seed, backend=None, kernel=None):
    """backend "vpto": PTOAS's VPTO templates' pad values; kernel: another case's kernel.pto."""
    case = {"arch": arch,
            "args": [f"{x}_{t}.bin" for t in FILLPAD_ORDER for x in ("s", "x")],
            "outs": [{"target": f"{x}_{t}", "expect": f"{x}_{t}.expect.bin",
                      "dtype": TYPES[t][1]} for t in FILLPAD_ORDER for x in ("s", "e", "i")]}
    if backend:
        case["backend"] = backend
    if kernel:
        case["kernel"] = kernel

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for k, t in enumerate(FILLPAD_ORDER):
            shape, valid, p, q = _fillpad_layout(k, t)
            dt = np.dtype(TYPES[t][0])
            for x in ("s", "x"):
                bits = rng.integers(0, 256, size=shape[0] * shape[1] * dt.itemsize,
                                    dtype=np.int64)
                files[f"{x}_{t}"] = bits.astype(np.uint8).view(dt).reshape(shape)
            files[f"s_{t}.expect"] = _padded(files[f"s_{t}"], valid, shape, p, t, backend)
            expand = (shape[0] + 2, 2 * shape[1])
            files[f"e_{t}.expect"] = _padded(files[f"x_{t}"], valid, expand, q, t, backend)
            files[f"i_{t}.expect"] = _padded(files[f"x_{t}"], valid, shape, q, t, backend)
        save(out_dir, files)
    return case, generate


def tci_ttri_tfillpad_case(arch, here):
    """The CASE dict and generate(out_dir) of the case for arch in directory here."""
    # type, shape, valid shape, start, descending
    TCI = [
        ("i16", (1, 32), (1, 20), 32760, False),
        ("ui16", (1, 16), (1, 16), 3, True),
        ("i32", (1, 64), (1, 45), -2147483640, True),
        ("ui32", (2, 16), (2, 13), 4294967290, False),
    ]
    # type, shape, valid shape, diagonal, upper
    TRI = [
        ("f32", (8, 16), (8, 16), 0, False),
        ("f32", (6, 32), (5, 27), 3, True),
        ("f16", (16, 16), (12, 15), -2, False),
        ("f16", (4, 48), (4, 40), -3, True),
        ("i32", (5, 8), (5, 8), 40, False),
        ("i32", (4, 16), (3, 10), -40, True),
        ("ui32", (3, 24), (3, 24), 1, True),
        ("i16", (7, 16), (6, 16), 1, False),
        ("ui16", (2, 64), (2, 50), 0, True),
        ("ui16", (9, 16), (9, 11), -5, False),
    ]
    # type, source shape, source valid shape, destination shape, destination pad
    PAD = [
        ("i8", (3, 64), (2, 61), (3, 64), 3),
        ("ui8", (4, 32), (3, 30), (6, 64), 2),
        ("i16", (5, 32), (4, 29), (4, 32), 2),
        ("ui16", (3, 16), (2, 13), (3, 16), 3),
        ("i32", (4, 16), (3, 13), (5, 24), 3),
        ("ui32", (2, 24), (2, 20), (2, 24), 1),
        ("i64", (3, 8), (2, 5), (4, 8), 1),
        ("ui64", (2, 8), (1, 7), (2, 8), 1),
        ("f16", (4, 32), (3, 17), (4, 32), 3),
        ("bf16", (3, 32), (2, 29), (5, 48), 2),
        ("f32", (6, 16), (6, 9), (6, 16), 2),
    ]
    # ---- end of table ----

    def _outs():
        names = [f"ci_{c[0]}" for c in TCI] + [f"tri{i}_{c[0]}" for i, c in enumerate(TRI)]
        names += [f"fp_{c[0]}" for c in PAD]
        outs = []
        for n in names:
            t = n.split("_")[1]
            # tfillpad copies bits: floats compared as bit patterns (NaNs)
            dtype = bits_name(t) if n.startswith("fp_") else TYPES[t][1]
            outs.append({"target": n, "expect": f"{n}.expect.bin", "dtype": dtype})
        return outs

    CASE = {"arch": arch, "args": kernel_args(here, ("x_",)), "outs": _outs()}

    def generate(out_dir):
        rng = np.random.default_rng(751 if arch == "a5" else 750)
        files = {}
        for t, shape, (_, vc), start, desc in TCI:
            dt = np.dtype(TYPES[t][0])
            out = np.zeros(shape, dt)
            seq = start + (-1 if desc else 1) * np.arange(vc, dtype=np.int64)
            out[0, :vc] = (seq % (1 << (8 * dt.itemsize))).astype(np.uint64).astype(dt)
            files[f"ci_{t}.expect"] = out
        for i, (t, shape, (vr, vc), diag, upper) in enumerate(TRI):
            dt = TYPES[t][0]
            r, j = np.indices(shape)
            ones = (j >= r + diag) if upper else (j <= r + diag)
            out = np.zeros(shape, dt)
            out[:vr, :vc] = ones[:vr, :vc]
            files[f"tri{i}_{t}.expect"] = out
        for t, shape, (vr, vc), dshape, pad in PAD:
            dt = np.dtype(TYPES[t][0])
            bits = rng.integers(0, 256, size=shape[0] * shape[1] * dt.itemsize, dtype=np.int64)
            x = bits.astype(np.uint8).view(dt).reshape(shape)
            files[f"x_{t}"], files[f"fp_{t}.expect"] = x, _padded(x, (vr, vc), dshape, pad, t)
        save(out_dir, files)
    return CASE, generate
