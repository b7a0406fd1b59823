"""Comparisons into packed predicate masks and selections by them: tcmp / tcmps write bit j
of mask row i (8 bits a byte, least significant first), tsel / tsels pick by those bits.

tsels_case: TSELS, dst[i,j] = bit j of mask row i ? src[i,j] : k over the valid region; the
generator the a2a3 and a5 cases share (arch, seed and table in, CASE and generate out).

tcmps_tsel_case(arch, here): TCMPS and TSEL, every element type each allows on the
architecture, for the case directory here (its kernel.pto gives the argument order). tcmps:
bit j of mask row i = a[i,j] cmp k over a's valid region, the bits past the valid columns up
to the row's last byte 0 (NaN compares false except ne). tsel: d[i,j] = bit j of mask row i ?
a[i,j] : b[i,j] over d's valid region; masks are random bytes read through ui8, i8, ui16 or
i32 tiles. The rest of each result stays 0.
"""

import numpy as np

from .element_types import TYPES, bits_name, narrow, result_outs, values, widen
from .numerics import to_bf16
from .tiles import kernel_args, save


def pack_mask(pred, mask_shape, mask_dtype=np.uint8):
    """A packed predicate mask tile: row i holds the bits of pred's row i, 8 per byte, least
    significant bit first; bits past pred's columns up to that byte are 0, the rest stays 0."""
    mask = np.zeros(mask_shape, dtype=mask_dtype)
    raw = mask.view(np.uint8).reshape(mask_shape[0], -1)
    packed = np.packbits(pred.astype(np.uint8), axis=1, bitorder="little")
    raw[: pred.shape[0], : packed.shape[1]] = packed
    return mask


# tsels (compare_select/tsels_*). Cases: name, type, shape, valid shape, form ("dps"/"ptoas":
# outputs are arguments, "ptoas" two of them), scalar k. extra_outs: more CASE outs (e.g. a
# literal k).


def tsels_case(arch, seed, cases, extra_outs=()):
    args = []
    for name, _, (r, c), _, form, _ in cases:
        args += [f"m_{name}.bin", f"s_{name}.bin"]
        args += [f"zeros:{r * c}"] * {"dps": 1, "ptoas": 2}.get(form, 0)
    case = {"arch": arch, "args": args,
            "outs": result_outs("d_", cases, lambda c: c[1]) + list(extra_outs)}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        files = {}
        for name, t, (r, c), (vr, vc), _, k in cases:
            mask = rng.integers(0, 256, size=(r, 32), dtype=np.int64).astype(np.uint8)
            src = values(t, rng, (r, c))
            bits = np.unpackbits(mask, axis=1, bitorder="little")[:, :c].astype(bool)
            kt = np.full((r, c), narrow(t, np.float32(k)) if t in ("f32", "f16") else narrow(t, k))
            full = np.where(bits, src, kt)
            expect = np.zeros_like(src)
            expect[:vr, :vc] = full[:vr, :vc]
            files[f"m_{name}"], files[f"s_{name}"], files[f"d_{name}.expect"] = mask, src, expect
        save(out_dir, files)
    return case, generate


def tcmps_tsel_case(arch, here):
    """The CASE dict and generate(out_dir) of the case for arch in directory here."""
    # type, shape, valid shape, tcmps mode, tcmps scalar, tsel mask type, has tcmps, has tsel
    TYPES_HERE = [
        ("f32", (4, 64), (3, 50), "ge", "0.0", "ui8", True, True),
        ("f16", (5, 48), (4, 33), "ne", "1.5", "i32", True, True),
        ("bf16", (3, 32), (3, 30), "lt", "-2.25", "ui16", False, True),  # v0.60: no bf16 tcmps
        ("i32", (8, 16), (5, 16), "gt", "-2147483648", "i8", True, True),
        ("ui32", (2, 24), (2, 20), "le", "4294967295", "ui8", True, True),
        ("i16", (3, 32), (3, 31), "eq", "32767", "ui16", True, True),
        ("ui16", (2, 64), (2, 64), "gt", "0", "i32", True, True),
        ("i8", (5, 64), (4, 60), "le", "-128", "ui8", arch == "a5", arch == "a5"),
        ("ui8", (2, 96), (2, 90), "ge", "200", "i8", arch == "a5", arch == "a5"),
    ]
    # ---- end of table ----

    MODES = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
             "gt": np.greater, "ge": np.greater_equal}
    MASK_TYPES = {"ui8": np.uint8, "i8": np.int8, "ui16": np.uint16, "i32": np.int32}

    def _outs():
        outs = []
        for t, *_, cmps, sel in TYPES_HERE:
            if cmps:
                outs.append({"target": f"c_{t}", "expect": f"c_{t}.expect.bin", "dtype": "uint8"})
            if sel:
                # tsel copies elements: floats are compared as bit patterns
                outs.append({"target": f"s_{t}", "expect": f"s_{t}.expect.bin",
                             "dtype": bits_name(t)})
        return outs

    CASE = {"arch": arch, "args": kernel_args(here, ("a_", "b_", "m_")), "outs": _outs()}

    def scalar(t, k):
        """The scalar constant as the tile's type holds it (exact for these values)."""
        return float(k) if t in ("f32", "f16", "bf16") else int(k)

    def generate(out_dir):
        rng = np.random.default_rng(741 if arch == "a5" else 740)
        files = {}
        for t, shape, (vr, vc), mode, k, mdt, cmps, sel in TYPES_HERE:
            a, b = values(t, rng, shape), values(t, rng, shape)
            b.flat[:7] = b.flat[:7][::-1]
            kv = scalar(t, k)
            if t not in ("f32", "f16", "bf16"):  # the scalar itself and its neighbours in the data
                info = np.iinfo(TYPES[t][0])
                near = [x for x in (kv - 1, kv, kv + 1) if info.min <= x <= info.max]
                a.flat[4:4 + len(near)] = near
            else:
                a.flat[7:9] = [kv, -kv] if t != "bf16" else widen_bits(t, [kv, -kv])
            if cmps or sel:
                files[f"a_{t}"] = a
            if cmps:
                pred = MODES[mode](widen(t, a)[:vr, :vc], kv)
                files[f"c_{t}.expect"] = pack_mask(pred, (shape[0], 32), np.uint8)
            if sel:
                mdtype = MASK_TYPES[mdt]
                raw = rng.integers(0, 256, size=(shape[0], 32), dtype=np.int64).astype(np.uint8)
                files[f"b_{t}"] = b
                files[f"m_{t}"] = raw.view(mdtype)
                bits = np.unpackbits(raw, axis=1, bitorder="little")[:, : shape[1]].astype(bool)
                out = np.zeros_like(a)
                out[:vr, :vc] = np.where(bits, a, b)[:vr, :vc]
                files[f"s_{t}.expect"] = out
        save(out_dir, files)

    def widen_bits(t, vals):
        return to_bf16(np.asarray(vals, np.float32))
    return CASE, generate
