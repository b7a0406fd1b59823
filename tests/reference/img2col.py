"""Spec-driven references for TIMG2COL and its settings (tests/golden/img2col/timg2col_*).

A case lists its instructions as Unfold entries; this module makes each entry's feature map
(random values with the type's edge values), the expected destination tile, the CASE dict and
the kernel text (kernel_text() printed the committed kernel.pto).

The feature map of an entry is an N=1 NHWC array [H, W, C]; its file is the L1 source tile
[rows >= H*W, C] in logical row-major order, which an NZ tile stores as NC1HWC0. The expected
matrix is built here from shifted slices of the padded feature map, independently of the
interpreter's index arithmetic:

  row m = oh * OW + ow (output position), column k = ((c1 * KH + kh) * KW + kw) * C0 + c0,
  value = padded[oh * SH + kh * DH, ow * SW + kw * DW, c1 * C0 + c0]

where padded is the feature map with pad_top/bottom rows and pad_left/right columns of the pad
value around it. The destination's valid region receives rows pos_m.. and columns pos_k.. of
that matrix; elements outside it keep what the tile held (zeros for an SSA or synchronous
result, the argument's contents for a DPS destination). Everything compares bit for bit.

Settings modes of an entry:
  config  %cfg = pto.make_fmatrix_config {...}, then tsetfmatrix / tset_img2col_padding /
          tset_img2col_rpt %cfg (in the SSA, synchronous and DPS spellings);
  attrs   tsetfmatrix {...} and tset_img2col_padding {pad_value = ...} without a config;
  auto    the feature map written on timg2col itself (PTOAS's spelling): the pad value is 0.
"""
import os
from dataclasses import dataclass

import numpy as np

from .numerics import to_bf16

# element type -> (numpy storage type, comparison dtype name)
TYPES = {
    "i8": (np.int8, "int8"), "ui8": (np.uint8, "uint8"), "i16": (np.int16, "int16"),
    "ui16": (np.uint16, "uint16"), "i32": (np.int32, "int32"), "ui32": (np.uint32, "uint32"),
    "f16": (np.float16, "uint16"), "bf16": (np.uint16, "uint16"), "f32": (np.float32, "uint32"),
}
FLOAT_EDGES = [np.nan, np.inf, -np.inf, -0.0, 0.0, 65504.0, -65504.0, 1.0e-7, -1.0]


@dataclass
class Unfold:
    name: str
    dt: str
    form: str                  # ssa, sync or dps
    mode: str                  # config, attrs or auto (see the module docstring)
    fmap: tuple                # (H, W, C)
    kernel: tuple              # (KH, KW)
    dst: tuple                 # (rows, cols, valid rows, valid cols)
    stride: tuple = (1, 1)
    dilation: tuple = (1, 1)
    pads: tuple = (0, 0, 0, 0)  # top, bottom, left, right
    pad_value: object = 0      # written as "<pad_value> : <dt>"
    pos: tuple = (0, 0)        # pos_m, pos_k

    def storage(self):
        return TYPES[self.dt][0]

    def c0(self):
        return 32 // np.dtype(self.storage()).itemsize

    def src_rows(self):
        h, w, _ = self.fmap
        return (h * w + 15) // 16 * 16 + 16  # a spare block of rows timg2col must not read

    def src_type(self):
        return (f"!pto.tile_buf<mat, {self.src_rows()}x{self.fmap[2]}x{self.dt}, "
                f"blayout=col_major, slayout=row_major>")

    def dst_type(self, arch):
        rows, cols, vr, vc = self.dst
        valid = f", valid={vr}x{vc}" if (vr, vc) != (rows, cols) else ""
        blayout = "row_major" if arch == "a2a3" else "col_major"
        return (f"!pto.tile_buf<left, {rows}x{cols}x{self.dt}{valid}, blayout={blayout}, "
                f"slayout=row_major>")


def random_values(rng, shape, dt, live=None):
    """Random elements with the type's edge values planted among the first `live` ones (the
    feature map's pixels; default all)."""
    st = TYPES[dt][0]
    live = live or int(np.prod(shape))
    if dt not in ("f16", "bf16", "f32"):
        info = np.iinfo(st)
        t = rng.integers(int(info.min), int(info.max), shape, endpoint=True, dtype=st)
        t.flat[:4] = [info.min, info.max, 0, -1 if info.min < 0 else 1]
        rng.shuffle(t.reshape(-1)[:live])
        return t
    v = np.round(rng.normal(0, 50, shape), 3)
    v.flat[:len(FLOAT_EDGES)] = FLOAT_EDGES
    rng.shuffle(v.reshape(-1)[:live])
    if dt == "bf16":
        return to_bf16(v.astype(np.float32))
    with np.errstate(over="ignore"):
        return v.astype(st)


def pad_element(u):
    """The pad value as one element of the tile's storage type."""
    if u.mode == "auto":
        return np.zeros((), u.storage())
    if u.dt == "bf16":
        return to_bf16(np.float32(u.pad_value))
    if u.dt in ("f16", "f32"):
        return np.array(u.pad_value, u.storage())
    return np.array(u.pad_value, np.int64).astype(u.storage())  # wraps, like the literal


def im2col(u, fmap):
    """The whole im2col matrix of fmap [H, W, C]."""
    h, w, c = fmap.shape
    c0 = u.c0()
    (kh, kw), (sh, sw), (dh, dw) = u.kernel, u.stride, u.dilation
    top, bottom, left, right = u.pads
    padded = np.full((h + top + bottom, w + left + right, c), pad_element(u), fmap.dtype)
    padded[top:top + h, left:left + w] = fmap
    oh = (h + top + bottom - dh * (kh - 1) - 1) // sh + 1
    ow = (w + left + right - dw * (kw - 1) - 1) // sw + 1
    out = np.empty((oh, ow, c // c0, kh, kw, c0), fmap.dtype)
    for i in range(kh):
        for j in range(kw):
            window = padded[i * dh:i * dh + sh * (oh - 1) + 1:sh,
                            j * dw:j * dw + sw * (ow - 1) + 1:sw]
            out[:, :, :, i, j, :] = window.reshape(oh, ow, c // c0, c0)
    return out.reshape(oh * ow, -1)


# Geometries the timg2col_* kernels share (Unfold's fmap, kernel, dst, stride, dilation, pads
# and pos), by name.
GEOMETRIES = {
    "stride": dict(fmap=(5, 6, 64), kernel=(3, 3), stride=(2, 1), pads=(1, 1, 1, 0),
                   pos=(0, 96), dst=(16, 256, 15, 250)),
    "dilated": dict(fmap=(7, 7, 32), kernel=(3, 3), dilation=(2, 2), pads=(2, 2, 2, 2),
                    pos=(16, 0), dst=(32, 288, 30, 280)),
    "strided_2x3": dict(fmap=(4, 9, 16), kernel=(2, 3), stride=(2, 2), pads=(0, 1, 1, 1),
                        dst=(16, 96, 10, 96)),
    "mixed": dict(fmap=(3, 5, 16), kernel=(1, 2), stride=(1, 3), dilation=(1, 2),
                  pads=(1, 0, 0, 2), pos=(0, 8), dst=(16, 32, 8, 24)),
}


def img2col_case(arch, seed, unfolds):
    """CASE and generate(out_dir) of a kernel computing unfolds (a list of Unfold)."""
    return make_case(unfolds, arch), lambda out_dir: generate_case(out_dir, unfolds, seed)


def make_case(unfolds, arch):
    args = []
    for u in unfolds:
        args.append(f"{u.name}_fm.bin")
        if u.form == "dps":
            args.append(f"{u.name}_d.bin")
    outs = [{"target": u.name + "_d" if u.form == "dps" else u.name,
             "expect": f"{u.name}.expect.bin", "dtype": TYPES[u.dt][1]} for u in unfolds]
    return {"arch": arch, "args": args, "outs": outs}


def generate_case(out_dir, unfolds, seed):
    rng = np.random.default_rng(seed)
    for u in unfolds:
        h, w, c = u.fmap
        src = random_values(rng, (u.src_rows(), c), u.dt, live=h * w * c)
        src.tofile(os.path.join(out_dir, f"{u.name}_fm.bin"))
        rows, cols, vr, vc = u.dst
        if u.form == "dps":
            before = random_values(rng, (rows, cols), u.dt)
            before.tofile(os.path.join(out_dir, f"{u.name}_d.bin"))
        else:
            before = np.zeros((rows, cols), u.storage())
        matrix = im2col(u, src[:h * w].reshape(h, w, c))
        pm, pk = u.pos
        expected = before.copy()
        expected[:vr, :vc] = matrix[pm:pm + vr, pk:pk + vc]
        expected.tofile(os.path.join(out_dir, f"{u.name}.expect.bin"))


def _attrs(pairs):
    return "{" + ", ".join(f"{k} = {v}" for k, v in pairs) + "}"


def kernel_text(unfolds, arch, header):
    lines = [f"// {h}" for h in header]
    for u in unfolds:
        lines.append(f".arg %{u.name}_fm : {u.src_type()}")
        if u.form == "dps":
            lines.append(f".arg %{u.name}_d : {u.dst_type(arch)}")
    consts = sorted({p for u in unfolds for p in u.pos})
    for v in consts:
        lines.append(f".const %c{v} = {v} : index")
    for n, u in enumerate(unfolds):
        h, w, _ = u.fmap
        fmap = [("fmap_h", h), ("fmap_w", w), ("pad_top", u.pads[0]), ("pad_bottom", u.pads[1]),
                ("pad_left", u.pads[2]), ("pad_right", u.pads[3])]
        pad = ("pad_value", f"{u.pad_value} : {u.dt}")
        geometry = []  # absent settings are 1
        if u.kernel != (1, 1):
            geometry += [("kernel_h", u.kernel[0]), ("kernel_w", u.kernel[1])]
        if u.stride != (1, 1):
            geometry += [("stride_h", u.stride[0]), ("stride_w", u.stride[1])]
        if u.dilation != (1, 1):
            geometry += [("dilation_h", u.dilation[0]), ("dilation_w", u.dilation[1])]
        cfg = f"%{u.name}_cfg"
        if u.mode == "config":
            settings = _attrs(fmap + [pad, ("repeat_time", 1)])
            lines.append(f"{cfg} = pto.make_fmatrix_config {settings} : !pto.fmatrix_config")
            spellings = [
                f"pto.tsetfmatrix {cfg} : !pto.fmatrix_config -> ()",
                f"tset_img2col_padding {cfg}",
                f"pto.tset_img2col_rpt ins({cfg} : !pto.fmatrix_config) outs()",
            ]
            lines += spellings[n % 3:] + spellings[:n % 3]
        elif u.mode == "attrs":
            lines.append(f"pto.tsetfmatrix {_attrs(fmap)}")
            lines.append(f"pto.tset_img2col_padding {_attrs([pad])}")
        else:
            geometry += fmap
        st, dt = u.src_type(), u.dst_type(arch)
        pm, pk = u.pos
        # Positions (0, 0) may be left out, as the pages' spellings do.
        operands = f"%{u.name}_fm" + (f", %c{pm}, %c{pk}" if u.pos != (0, 0) else "")
        types = st + (", index, index" if u.pos != (0, 0) else "")
        attrs = f" {_attrs(geometry)}" if geometry else ""
        if u.form == "dps":
            lines.append(f"pto.timg2col ins({operands} : {types}) outs(%{u.name}_d : {dt}){attrs}")
        elif u.form == "ssa":
            signature = f"({types})" if u.pos != (0, 0) else types
            lines.append(f"%{u.name} = pto.timg2col {operands}{attrs} : {signature} -> {dt}")
        else:
            lines.append(f"%{u.name} = timg2col {operands}{attrs} : {st} -> {dt}")
    return "\n".join(lines) + "\n"
