"""Spec-driven references for TTRANS, TEXTRACT and TINSERT
(tests/golden/cube/trans_extract_insert_*).

A case lists its instructions as Move entries; this module makes each entry's input tiles
(random values with the type's edge values planted), the expected whole destination tiles,
the CASE dict and the kernel text (kernel_text() printed the committed kernel.pto).

Files hold tiles in logical row-major order whatever their memory and layout (ND, DN, NZ, ZN),
so the references are plain index arithmetic:
  ttrans    d[j, i] = a[i, j] over a's valid region;
  textract  d[i, j] = a[r0 + i, c0 + j] over d's valid region;
  tinsert   d[r0 + i, c0 + j] = a[i, j] over a's valid region, from acc converting f32 to
            f16 / bf16 with round to nearest even (overflow to inf).
Elements the instruction does not write keep what the tile held: zeros for a synchronous-form
result, the argument's contents for a DPS destination. Moves compare bit for bit; conversions
compare as floats (NaN equal to NaN).
"""
import os
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .numerics import to_bf16
from .tiles import TileShape

# element type -> (numpy storage type, kind)
TYPES = {
    "i8": (np.int8, "int"), "i16": (np.int16, "int"), "i32": (np.int32, "int"),
    "i64": (np.int64, "int"), "ui8": (np.uint8, "int"), "ui16": (np.uint16, "int"),
    "ui32": (np.uint32, "int"), "ui64": (np.uint64, "int"), "f16": (np.float16, "float"),
    "bf16": (np.uint16, "bf16"), "f32": (np.float32, "float"),
    "f8E4M3FN": (np.uint8, "bytes"), "f8E5M2": (np.uint8, "bytes"),
    "f8E8M0FNU": (np.uint8, "bytes"),
}
LAYOUTS = {"nd": "", "dn": ", blayout=col_major", "nz": ", blayout=col_major, slayout=row_major",
           "zn": ", blayout=row_major, slayout=col_major"}
FLOAT_EDGES = [np.nan, np.inf, -np.inf, -0.0, 0.0, 65504.0, -65520.0, 1.0e-40, 3.0e38, -1.0]


# The element types the kernels move (MX_TYPES: the MX byte types, a5's textract only), the
# spellings their moves alternate between, and tinsert's conversions from acc tiles.
ELEMENT_TYPES = ["i8", "i16", "i32", "i64", "ui8", "ui16", "ui32", "ui64", "f16", "bf16", "f32"]
MX_TYPES = ["f8E4M3FN", "f8E5M2", "f8E8M0FNU"]
FORMS = ("sync", "dps")
ACC_CONVERSIONS = (("f32", "f32"), ("f32", "f16"), ("f32", "bf16"), ("i32", "i32"))


def storage(dt):
    return TYPES[dt][0]


def block(dt):
    """Elements of dt per 32-byte block."""
    return 32 // np.dtype(storage(dt)).itemsize


def bits_dtype(dt):
    return np.dtype(f"uint{8 * np.dtype(storage(dt)).itemsize}").name


@dataclass
class T(TileShape):
    mem: str
    rows: int
    cols: int
    layout: str = "nd"
    valid: Optional[tuple] = None

    def type(self, dt):
        acc = ", fractal=1024" if self.mem == "acc" else ""
        return self.buf_type(self.mem, dt, LAYOUTS[self.layout] + acc)


@dataclass
class Move:
    name: str
    mnemonic: str    # ttrans, textract, tinsert
    dt: str          # destination element type
    form: str        # sync, ssa (ttrans only) or dps
    a: T
    d: T
    origin: tuple = (0, 0)
    src_dt: Optional[str] = None   # tinsert from acc: f32 or i32
    tmp: bool = False              # ttrans (DPS): pass the optional scratch tile (a's type)

    def sdt(self):
        return self.src_dt or self.dt


def extract_moves(dt, n, left_src, right_src):
    """textract of dt, the kernel's n-th type (the spellings alternate), from 32-row and 64-row
    mat tiles of layouts left_src and right_src into an NZ left and a ZN right tile."""
    cols = max(2 * block(dt), 32)
    return [Move(f"extract_left_{dt}", "textract", dt, FORMS[n % 2],
                 T("mat", 32, cols, left_src),
                 T("left", 16, cols // 2, "nz", valid=(15, cols // 2 - 1)),
                 origin=(16, cols // 2)),
            Move(f"extract_right_{dt}", "textract", dt, FORMS[(n + 1) % 2],
                 T("mat", 64, cols, right_src), T("right", 32, cols // 2, "zn"),
                 origin=(32, 0))]


def acc_insert_moves(acc_valid, origin, first_form, conversions=ACC_CONVERSIONS):
    """tinsert of each of conversions (default ACC_CONVERSIONS) from a 16x16 NZ acc tile (valid
    acc_valid) into a 32x32 NZ mat tile at origin, the spellings alternating from
    FORMS[first_form]."""
    acc = T("acc", 16, 16, "nz", valid=acc_valid)
    return [Move(f"insert_{src_dt}_{dt}", "tinsert", dt, FORMS[(n + first_form) % 2], acc,
                 T("mat", 32, 32, "nz"), origin=origin, src_dt=src_dt)
            for n, (src_dt, dt) in enumerate(conversions)]


def trans_extract_insert_case(arch, seed, moves):
    """CASE and generate(out_dir) of a kernel computing moves (a list of Move)."""
    return make_case(moves, arch), lambda out_dir: generate_case(out_dir, moves, seed)


def random_tile(rng, shape, dt):
    st, kind = TYPES[dt]
    if kind == "int":
        info = np.iinfo(st)
        t = rng.integers(int(info.min), int(info.max), shape, endpoint=True, dtype=st)
        t.flat[:4] = [info.min, info.max, 0, info.min + 1]
        return t
    if kind == "bytes":
        return rng.integers(0, 256, shape, dtype=np.uint8)
    v = np.round(rng.normal(0, 50, shape), 3)
    v.flat[:len(FLOAT_EDGES)] = FLOAT_EDGES[:v.size]
    rng.shuffle(v.reshape(-1))
    if kind == "bf16":
        return to_bf16(v.astype(np.float32))
    with np.errstate(over="ignore"):
        return v.astype(st)


def convert(a, src_dt, dt):
    """tinsert's acc conversion (f32 -> f32/f16/bf16, i32 -> i32)."""
    if src_dt == dt:
        return a
    if dt == "bf16":
        return to_bf16(a)
    with np.errstate(over="ignore"):
        return a.astype(storage(dt))


def expected(m, a, before):
    out = before.copy()
    if m.mnemonic == "ttrans":
        vr, vc = m.a.vr(), m.a.vc()
        out[:vc, :vr] = a[:vr, :vc].T
    elif m.mnemonic == "textract":
        r0, c0 = m.origin
        vr, vc = m.d.vr(), m.d.vc()
        out[:vr, :vc] = a[r0:r0 + vr, c0:c0 + vc]
    else:
        r0, c0 = m.origin
        vr, vc = m.a.vr(), m.a.vc()
        out[r0:r0 + vr, c0:c0 + vc] = convert(a[:vr, :vc], m.sdt(), m.dt)
    return out


def compare_dtype(m):
    if m.sdt() != m.dt:   # converted: compare values
        return {"f16": "float16", "bf16": "bfloat16", "f32": "float32"}[m.dt]
    return bits_dtype(m.dt)


def arguments(m):
    """The kernel arguments of move m: (name, tile type) of a, the tmp tile and (DPS) d."""
    args = [(f"{m.name}_a", m.a.type(m.sdt()))]
    if m.tmp:
        args.append((f"{m.name}_tmp", m.a.type(m.sdt())))
    if m.form == "dps":
        args.append((f"{m.name}_d", m.d.type(m.dt)))
    return args


def make_case(moves, arch):
    args = [f"{name}.bin" for m in moves for name, _ in arguments(m)]
    outs = [{"target": m.name + "_d" if m.form == "dps" else m.name,
             "expect": f"{m.name}.expect.bin", "dtype": compare_dtype(m)} for m in moves]
    return {"arch": arch, "args": args, "outs": outs}


def generate_case(out_dir, moves, seed):
    rng = np.random.default_rng(seed)
    for m in moves:
        a = random_tile(rng, (m.a.rows, m.a.cols), m.sdt())
        a.tofile(os.path.join(out_dir, f"{m.name}_a.bin"))
        if m.tmp:
            np.zeros_like(a).tofile(os.path.join(out_dir, f"{m.name}_tmp.bin"))
        if m.form == "dps":
            before = random_tile(rng, (m.d.rows, m.d.cols), m.dt)
            before.tofile(os.path.join(out_dir, f"{m.name}_d.bin"))
        else:
            before = np.zeros((m.d.rows, m.d.cols), storage(m.dt))
        expected(m, a, before).tofile(os.path.join(out_dir, f"{m.name}.expect.bin"))


def kernel_text(moves, header):
    lines = [f"// {h}" for h in header]
    consts = sorted({v for m in moves if m.mnemonic != "ttrans" for v in m.origin})
    lines += [f".arg %{name} : {ty}" for m in moves for name, ty in arguments(m)]
    for v in consts:
        lines.append(f".const %c{v} = {v} : index")
    for m in moves:
        at, dt = m.a.type(m.sdt()), m.d.type(m.dt)
        r0, c0 = m.origin
        if m.mnemonic == "ttrans":
            if m.form == "dps" and m.tmp:
                lines.append(f"pto.ttrans ins(%{m.name}_a, %{m.name}_tmp : {at}, {at}) "
                             f"outs(%{m.name}_d : {dt})")
            elif m.form == "dps":
                lines.append(f"pto.ttrans ins(%{m.name}_a : {at}) outs(%{m.name}_d : {dt})")
            else:
                prefix = "pto." if m.form == "ssa" else ""
                lines.append(f"%{m.name} = {prefix}ttrans %{m.name}_a : {at} -> {dt}")
        elif m.form == "dps":
            lines.append(f"pto.{m.mnemonic} ins(%{m.name}_a, %c{r0}, %c{c0} : {at}, index, index)"
                         f" outs(%{m.name}_d : {dt})")
        else:
            lines.append(f"%{m.name} = {m.mnemonic} %{m.name}_a[%c{r0}, %c{c0}] : {at} -> {dt}")
    return "\n".join(lines) + "\n"
