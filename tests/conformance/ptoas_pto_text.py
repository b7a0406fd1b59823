"""What the goldens part of tests/conformance/ptoas.py reads of a .pto module, with regular
expressions: its functions (name, parameters, kind, body), the kernel board validation launches,
the integer values a body computes from constants and scalar arguments, how far each pointer's
tensor views reach, and which pointers pto.tstore writes.
"""
import re

import vpto


class Function:
    """A func.func of the module: its name, parameter names and types, kind and body."""

    def __init__(self, name, params, attrs, body, private):
        self.name, self.params, self.body, self.private = name, params, body, private
        self.entry = "pto.entry" in attrs
        m = re.search(r"kernel_kind<(\w+)>", attrs)
        self.kind = m.group(1) if m else None

    def parameter_types(self):
        """The parameters' types as ptoas --dump-header names them: "pointer f32", "index"."""
        out = []
        for _, t in self.params:
            m = re.match(r"!pto\.ptr<\s*(?:!pto\.)?([\w]+)", t)
            out.append(f"pointer {m.group(1)}" if m else t.split("{")[0].strip())
        return out


def functions_of(text):
    """The module's functions, in order."""
    heads = list(re.finditer(r"func\.func\s+(private\s+)?@([\w.$]+)\s*\(", text))
    out = []
    for n, m in enumerate(heads):
        close = matching_paren(text, m.end() - 1)
        brace = text.find("{", close)
        if re.match(r"[^{]*\battributes\s*$", text[close:brace]):  # skip the attribute dict
            brace = text.find("{", matching_brace(text, brace))
        end = heads[n + 1].start() if n + 1 < len(heads) else len(text)
        params = []
        for p in vpto.split_args(text[m.end():close]):
            pm = re.match(r"\s*(%[\w.$]+)\s*:\s*(.*)$", p, re.S)
            if pm:
                params.append((pm.group(1), " ".join(pm.group(2).split())))
        out.append(Function(m.group(2), params, text[close:brace], text[brace:end],
                            bool(m.group(1))))
    return out


def entry_of(funcs):
    """The kernel board validation launches: the pto.entry function, the only public one, the
    cube function of a cube + vector pair, else the first public one."""
    public = [f for f in funcs if not f.private] or funcs
    for pick in ([f for f in public if f.entry], public if len(public) == 1 else [],
                 [f for f in public if f.kind == "cube"], public):
        if pick:
            return pick[0]
    return None


def matching_brace(text, at):
    depth = 0
    for j in range(at, len(text)):
        depth += (text[j] == "{") - (text[j] == "}")
        if depth == 0:
            return j
    return len(text)


def matching_paren(text, at):
    depth = 0
    for j in range(at, len(text)):
        depth += (text[j] == "(") - (text[j] == ")")
        if depth == 0:
            return j
    return len(text)


ARITH = {"addi": lambda a, b: a + b, "subi": lambda a, b: a - b, "muli": lambda a, b: a * b,
         "divsi": lambda a, b: int(a / b) if b else None, "divui": lambda a, b: a // b if b else None,
         "floordivsi": lambda a, b: a // b if b else None,
         "ceildivsi": lambda a, b: -(-a // b) if b else None,
         "ceildivui": lambda a, b: -(-a // b) if b else None,
         "remsi": lambda a, b: a % b if b else None, "remui": lambda a, b: a % b if b else None,
         "maxsi": max, "maxui": max, "minsi": min, "minui": min}


def integer_values(body, env):
    """The integer SSA values of a function body: constants, the scalar arguments of env, and
    arith arithmetic and casts over them (not loop-carried values)."""
    values = dict(env)
    for line in body.splitlines():
        m = re.match(r"\s*(%[\w.$]+)\s*=\s*arith\.constant\s+(-?\d+|true|false)\b", line)
        if m:
            values[m.group(1)] = {"true": 1, "false": 0}.get(m.group(2)) if m.group(2) in (
                "true", "false") else int(m.group(2))
            continue
        m = re.match(r"\s*(%[\w.$]+)\s*=\s*arith\.(\w+)\s+(%[\w.$]+)(?:\s*,\s*(%[\w.$]+))?", line)
        if not m:
            continue
        a, b = values.get(m.group(3)), values.get(m.group(4)) if m.group(4) else None
        if m.group(2) in ARITH and a is not None and b is not None:
            v = ARITH[m.group(2)](a, b)
            if v is not None:
                values[m.group(1)] = v
        elif m.group(2) in ("index_cast", "index_castui", "extsi", "extui", "trunci") and (
                a is not None):
            values[m.group(1)] = a
    return values


def aliases(body):
    """{value: the value it is a view or alias of}: partition views, added pointers, loop
    iteration arguments and a loop's results (its initial values)."""
    out = {}
    for m in re.finditer(r"(%[\w.$]+)\s*=\s*pto\.(?:partition_view|addptr|make_tensor_view|"
                         r"subview|bitcast|reshape)\s+(%[\w.$]+)", body):
        out[m.group(1)] = m.group(2)
    for m in re.finditer(r"(%[\w.$]+)(?::\d+)?\s*=\s*scf\.for\b[^\n]*?iter_args\(([^)]*)\)", body):
        inits = re.findall(r"(%[\w.$]+)\s*=\s*(%[\w.$]+)", m.group(2))
        for n, (arg, init) in enumerate(inits):
            out[arg] = init
            out[f"{m.group(1)}#{n}"] = init
        if inits:
            out[m.group(1)] = inits[0][1]
    for m in re.finditer(r"iter_args\(([^)]*)\)", body):
        for arg, init in re.findall(r"(%[\w.$]+)\s*=\s*(%[\w.$]+)", m.group(1)):
            out.setdefault(arg, init)
    return out


def root_of(value, alias):
    seen = set()
    while value in alias and value not in seen:
        seen.add(value)
        value = alias[value]
    return value


def footprints(func, env):
    """{pointer parameter: elements its tensor views reach} in one function."""
    values = integer_values(func.body, env)
    offsets = {}
    for m in re.finditer(r"(%[\w.$]+)\s*=\s*pto\.addptr\s+(%[\w.$]+)\s*,\s*(%[\w.$]+)", func.body):
        offsets[m.group(1)] = (m.group(2), values.get(m.group(3)))
    out, views = {}, {}

    def reach(base, need):
        while base in offsets:  # a pointer moved by a known offset
            base, off = offsets[base]
            need += max(off or 0, 0)
        out[base] = max(out.get(base, 0), need)

    def known(text):
        items = [values.get(v.strip()) for v in text.split(",") if v.strip()]
        return None if None in items or not items else items

    for m in re.finditer(r"(%[\w.$]+)\s*=\s*pto\.make_tensor_view\s+(%[\w.$]+)\s*,\s*shape\s*="
                         r"\s*\[([^\]]*)\]\s*,\s*strides\s*=\s*\[([^\]]*)\]", func.body):
        dims, strides = known(m.group(3)), known(m.group(4))
        if dims is None or strides is None:
            continue
        views[m.group(1)] = (m.group(2), strides)
        reach(m.group(2), 1 + sum((d - 1) * s for d, s in zip(dims, strides) if d > 1))
    # A window may run past its view (PTOAS checks static shapes only): the generated host
    # program sizes the buffer by what its loads and stores reach, windows included.
    packed = packed_scale_loads(func.body)
    for m in re.finditer(r"(%[\w.$]+)\s*=\s*pto\.partition_view\s+(%[\w.$]+)\s*,\s*offsets\s*="
                         r"\s*\[([^\]]*)\]\s*,\s*sizes\s*=\s*\[([^\]]*)\]", func.body):
        offs, sizes = known(m.group(3)), known(m.group(4))
        if m.group(2) not in views or offs is None or sizes is None:
            continue
        base, strides = views[m.group(2)]
        if len(offs) != len(strides) or len(sizes) != len(strides):
            continue
        start = sum(o * s for o, s in zip(offs, strides))
        reach(base, 1 + start + sum((d - 1) * s for d, s in zip(sizes, strides) if d > 1))
        if m.group(1) in packed and len(sizes) == 2:
            # An exponent tile's load reads whole boxes in box order (MX_A_ZZ / MX_B_NN).
            box_r, box_c = packed[m.group(1)]
            rows = -(-sizes[0] // box_r) * box_r
            cols = -(-sizes[1] // box_c) * box_c
            reach(base, start + rows * cols)
    return out


def packed_scale_loads(body):
    """{partition: its box (rows, cols)} for the loads into e8m0 ZZ / NN tiles in L1, which read
    global memory in box order, as PTOAS lowers them (MX_A_ZZ / MX_B_NN)."""
    out = {}
    for m in re.finditer(r"pto\.tload\s+ins\(\s*(%[\w.$]+)\s*:[^)]*\)\s*outs\([^:]*:\s*"
                         r"!pto\.tile_buf<([^>]*)>", body):
        ty = m.group(2)
        if "f8E8M0" not in ty or not re.search(r"\bmat\b|loc=mat", ty) or "fractal=32" not in ty:
            continue
        shape = re.search(r"(\d+)x(\d+)x", ty) or re.search(r"rows=(\d+),\s*cols=(\d+)", ty)
        col_major = "blayout=col_major" in ty
        if col_major and "slayout=col_major" in ty:
            out[m.group(1)] = (2, 16)
        elif not col_major and "slayout=row_major" in ty and shape and shape.group(1) != "1":
            out[m.group(1)] = (16, 2)
    return out


def stored_roots(func):
    """The values pto.tstore writes to, followed to what they view."""
    alias = aliases(func.body)
    targets = re.findall(r"pto\.tstore\s+ins\([^)]*\)\s*outs\(\s*(%[\w.$#]+)", func.body)
    targets += re.findall(r"pto\.tstore\s+%[\w.$]+\s*,\s*(%[\w.$#]+)", func.body)
    return [root_of(t, alias) for t in targets]


def logical_count(func):
    """rows x cols of the function's first static view shape (its last two dimensions)."""
    m = re.search(r"tensor_view<((?:\d+x)+)[\w!.]+>", func.body)
    if m:
        dims = [int(d) for d in m.group(1).rstrip("x").split("x")]
        if len(dims) >= 2:
            return dims[-2] * dims[-1]
    return 32 * 32
