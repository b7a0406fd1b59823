"""What a TileLang ST's main.cpp does on the host between its files and its device buffers,
beyond plain copies (ptoas_tilelang.HostFlow reads those):

- numeric helpers: `static size_t CalcAlignedCols(size_t cols, size_t elemSize)` whose body is
  definitions and a return; a call of one in a constant's definition is replaced by its value;
- row padding: `PadDataWithStride(orig, host, rows, cols, alignedCols, elemSize)` copies each of
  rows rows of cols elements of orig to a row of alignedCols elements of host, the rest of the
  row zeros; `UnpadDataWithStride(host, orig, rows, cols, alignedCols, elemSize)` copies them
  back. The runner does the same to the files: a padded input, an unpadded output.
"""
import re

import vpto

NUMERIC_HELPER = re.compile(r"\b(?:static\s+)?(?:inline\s+)?(?:size_t|u?int\d*_t|int|unsigned)\s+"
                            r"(\w+)\s*\(([^()]*)\)\s*\{")
# The row padding helpers, by name: (un)pad ... stride, with six arguments.
ROW_PADDING = re.compile(r"(?i)^(un)?pad\w*stride$")


def numeric_helpers(text):
    """{name: (parameter names, body)} of the functions of text returning an integer."""
    out = {}
    for m in NUMERIC_HELPER.finditer(text):
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += (text[j] == "{") - (text[j] == "}")
            j += 1
        params = [re.findall(r"\w+", p)[-1] for p in vpto.split_args(m.group(2)) if p.strip()]
        out[m.group(1)] = (params, text[m.end():j - 1])
    return out


def helper_value(helper, args, env):
    """The value a numeric helper returns for argument values args, or None."""
    params, body = helper
    if len(params) != len(args) or any(a is None for a in args):
        return None
    local = vpto.constants(body, dict(zip(params, args)))
    ret = re.search(r"\breturn\s+([^;]+);", body)
    return vpto.evaluate(ret.group(1), local) if ret else None


def with_helper_values(text, helpers, env):
    """text with each call of a helper whose arguments evaluate over env replaced by its value,
    each constant definition seeing the ones before it."""
    out, pos = [], 0
    for m in re.finditer(r"[^;{}]*;", text):
        stmt = m.group(0)
        for name, helper in helpers.items():
            for call in re.finditer(rf"\b{name}\s*\(([^()]*)\)", stmt):
                args = [vpto.evaluate(a, env) for a in vpto.split_args(call.group(1))]
                value = helper_value(helper, args, env)
                if value is not None:
                    stmt = stmt.replace(call.group(0), str(value))
        vpto.constants(stmt, env)
        out.append(text[pos:m.start()] + stmt)
        pos = m.end()
    return "".join(out) + text[pos:]


def row_paddings(text, args_at):
    """[(unpad, source, destination, (rows, cols, alignedCols, elemSize) expressions)] of the
    row padding calls of text; args_at(text, open paren) gives a call's arguments."""
    out = []
    for m in re.finditer(r"(?<![\w.])(\w+)\s*\(", text):
        name = ROW_PADDING.match(m.group(1))
        if not name:
            continue
        args = args_at(text, m.end() - 1)
        if len(args) == 6:
            out.append((bool(name.group(1)), args[0], args[1], tuple(args[2:])))
    return out


def row_padding(shape, evaluate):
    """((rows, cols, alignedCols), elemSize) of a row padding's expressions, or None."""
    if shape is None:
        return None
    values = [evaluate(e) for e in shape]
    if not all(isinstance(v, int) and v > 0 for v in values):
        raise ValueError(f"row padding with sizes {', '.join(shape)} the runner cannot evaluate")
    return tuple(values[:3]), values[3]


def pad_rows(data, shape, elem):
    """data (rows x cols elements of elem bytes) with each row widened to aligned elements."""
    rows, cols, aligned = shape
    row, wide = cols * elem, aligned * elem
    out = bytearray(rows * wide)
    for r in range(rows):
        out[r * wide:r * wide + row] = data[r * row:(r + 1) * row]
    return bytes(out)


def unpad_rows(data, shape, elem):
    """The rows x cols elements of each aligned-wide row of data, contiguous."""
    rows, cols, aligned = shape
    row, wide = cols * elem, aligned * elem
    return b"".join(data[r * wide:r * wide + row] for r in range(rows))
