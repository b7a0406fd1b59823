"""Reading the C++ of a TileLang ST (main.cpp, launch.cpp) with regular expressions, not a C++
parser: functions and their bodies, the case table of main.cpp, and what a launch wrapper passes
to the kernel it launches (ptoas_tilelang.py drives a case from these)."""
import re

import vpto


# Bytes of the C types main.cpp's sizeof(...) names.
SIZEOF = {"float": 4, "double": 8, "half": 2, "aclFloat16": 2, "bfloat16_t": 2, "__fp16": 2,
          "_Float16": 2, "char": 1, "bool": 1, "int8_t": 1, "uint8_t": 1, "int16_t": 2,
          "uint16_t": 2, "int32_t": 4, "uint32_t": 4, "int": 4, "unsigned": 4, "int64_t": 8,
          "uint64_t": 8, "size_t": 8}


# ---------------------------------------------------------------------------------------------
# Reading C++ with regular expressions

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"(?<![:\"])//[^\n]*", "", text)


def matching(text, at, open_c, close_c):
    """The index of the bracket closing the one at text[at], or -1."""
    depth = 0
    for j in range(at, len(text)):
        if text[j] == open_c:
            depth += 1
        elif text[j] == close_c:
            depth -= 1
            if depth == 0:
                return j
    return -1


def args_at(text, open_paren):
    """The cleaned arguments of the call whose '(' is at open_paren."""
    close = matching(text, open_paren, "(", ")")
    return [clean(a) for a in vpto.split_args(text[open_paren + 1:close])] if close > 0 else []


CXX_CAST = re.compile(r"^(?:static|reinterpret|const)_cast\s*<[^>]*>\s*\((.*)\)$", re.S)


def clean(expr):
    """An expression without its casts and its address-of: "static_cast<float *>(&a)" is "a"."""
    expr = expr.strip()
    while True:
        m = CXX_CAST.match(expr)
        stripped = m.group(1).strip() if m else vpto.strip_cast(expr)
        if not stripped:  # (T *)(a_) and (a_): a parenthesised name, not a cast of nothing
            name = re.fullmatch(r"\(\s*([\w.]+)\s*\)", expr)
            stripped = name.group(1) if name else re.sub(r"^\([^()]*\)\s*", "", expr)
        if stripped == expr:
            break
        expr = stripped
    expr = expr.lstrip("&").strip()
    return expr[1:-1].strip() if re.fullmatch(r"\(\s*[\w.]+\s*\)", expr) else expr


def param_name(decl):
    """The name a parameter declaration declares: "void (*launch)(void *)" is launch."""
    m = re.search(r"\(\s*\*\s*(\w+)\s*\)", decl)
    if m:
        return m.group(1)
    names = re.findall(r"\w+", re.sub(r"=.*$", "", decl))
    return names[-1] if names else ""


def functions(text):
    """{name: (parameter names, body, offset of the body)} of the functions a file defines."""
    out = {}
    for m in re.finditer(r"\b(?:void|int|bool)\s+(\w+)\s*\(", text):
        close = matching(text, m.end() - 1, "(", ")")
        brace = re.match(r"\s*(?:const\s*)?\{", text[close + 1:]) if close > 0 else None
        if brace is None:
            continue
        open_b = close + brace.end()
        end = matching(text, open_b, "{", "}")
        params = [param_name(p) for p in vpto.split_args(text[m.end():close])]
        out[m.group(1)] = (params, text[open_b + 1:end], open_b + 1)
    return out


def struct_fields(main):
    """The members of main.cpp's struct TestCase, in order: for each initialiser slot, the names
    it goes by (several for an anonymous union's members)."""
    m = re.search(r"struct\s+TestCase\s*\{", main)
    if m is None:
        return []
    end = matching(main, m.end() - 1, "{", "}")
    body = main[m.end():end]
    unions = []
    body = re.sub(r"\bunion\s*\{([^}]*)\}\s*;",
                  lambda u: unions.append(u.group(1)) or f"__union{len(unions) - 1};", body)
    slots = []
    for decl in body.split(";"):
        if not decl.strip():
            continue
        u = re.fullmatch(r"\s*__union(\d+)\s*", decl)
        if u:
            slots.append([param_name(d) for d in unions[int(u.group(1))].split(";") if d.strip()])
            continue
        parts = vpto.split_args(decl)
        slots += [[param_name(p)] for p in parts]
    return slots


def case_rows(main):
    """The rows of kCases, each {field: its initialiser's text}; designated initialisers
    (.launchF32 = LaunchX) name their field, the next values follow it."""
    slots = struct_fields(main)
    m = re.search(r"\bkCases\s*\[\s*\w*\s*\]\s*=\s*\{", main)
    if m is None or not slots:
        return []
    start = m.end() - 1
    body = main[start + 1:matching(main, start, "{", "}")]
    rows, i = [], 0
    while True:
        j = body.find("{", i)
        if j < 0:
            return rows
        k = matching(body, j, "{", "}")
        row, at = {}, 0
        for value in vpto.split_args(body[j + 1:k]):
            d = re.match(r"\.(\w+)\s*=\s*(.*)$", value, re.S)
            if d:
                at = next((n for n, names in enumerate(slots) if d.group(1) in names), at)
                row[d.group(1)] = d.group(2)
            elif at < len(slots):
                row[slots[at][0]] = value
            at += 1
        rows.append(row)
        i = k + 1


def with_sizes(text):
    """text with sizeof(T) as numbers and tc.x spelled tc__x, for vpto.evaluate."""
    def size(m):
        t = m.group(1).strip()
        return "8" if t.endswith("*") else str(SIZEOF.get(t.replace("const ", ""), m.group(0)))
    text = re.sub(r"\bsizeof\s*\(\s*([\w\s*]+?)\s*\)", size, text)
    text = re.sub(r"\b(?:static_cast|size_t)\s*(?:<[^>]*>)?\s*\(", "(", text)
    return re.sub(r"\btc\s*(?:\.|->)\s*(\w+)", r"tc__\1", text)


def row_env(row):
    """The row's numeric fields as tc__<field> (true and false as 1 and 0)."""
    env = {}
    for field, text in row.items():
        t = text.strip()
        v = {"true": 1, "false": 0}.get(t)
        if v is None:
            v = vpto.evaluate(with_sizes(t), {})
        if v is not None:
            env[f"tc__{field}"] = v
    return env


# ---------------------------------------------------------------------------------------------
# One case: the launch, the kernel's arguments, the files

class Wrapper:
    """What a wrapper launches: the kernel, its block count expression, the wrapper's parameter
    names, the expression (a parameter name or a literal) passed for each kernel parameter, the
    byte offset each pointer argument has into that expression's buffer (a_ + 16 with a_ a
    uint16_t pointer is 32; None where the runner cannot tell), and the body the block count is
    computed in."""

    def __init__(self, entry, blocks, params, args, body, offsets=None):
        self.entry, self.blocks, self.params, self.args, self.body = (
            entry, blocks, params, args, body)
        self.offsets = offsets or [0] * len(args)


def pointer_locals(body):
    """{local: (the expression it is set to, its element's bytes or None)} of the pointers a
    wrapper declares from another (uint16_t *a_ = (uint16_t *)a;)."""
    out = {}
    for m in re.finditer(r"(?<![\w*])([A-Za-z_][\w ]*?)\s*\*\s*(\w+)\s*=\s*([^;]+);", body):
        element = m.group(1).split()[-1]
        out[m.group(2)] = (clean(m.group(3)), SIZEOF.get(element))
    return out


def pointer_argument(arg, locals_):
    """(base expression, byte offset or None) of a kernel argument: a_ + 16 into the buffer a_
    was set from, 16 elements of a_'s type on."""
    expr = arg
    while expr.startswith("(") and matching(expr, 0, "(", ")") == len(expr) - 1:
        expr = clean(expr[1:-1])
    m = re.fullmatch(r"(\w+)\s*\+\s*(.+)", expr, re.S)
    base, count = (m.group(1), m.group(2)) if m else (expr, None)
    source, element = locals_.get(base, (base, None))
    if count is None:
        return source, 0
    n = vpto.evaluate(count, {})
    return source, (n * element if isinstance(n, int) and element else None)


def resolve_wrapper(name, funcs, depth=0):
    """The Wrapper a function of funcs amounts to, following helpers that forward to another."""
    if name not in funcs or depth > 4:
        return None
    params, body, _ = funcs[name]
    k = re.search(r"(\w+)\s*<<<\s*([^,>]+?)\s*,[^>]*>>>\s*\(", body)
    if k:
        # A local the wrapper fills from a parameter (memcpy(&scalar, scalar_ptr, ...)), or a
        # pointer it sets from one.
        copied = {m.group(1): m.group(2) for m in re.finditer(
            r"memcpy\(\s*&?\s*(\w+)\s*,\s*(\w+)\s*,", body)}
        locals_ = pointer_locals(body)
        pointers = [pointer_argument(a, locals_) for a in args_at(body, k.end() - 1)]
        return Wrapper(k.group(1), k.group(2), params, [copied.get(a, a) for a, _ in pointers],
                       body, [off for _, off in pointers])
    for m in re.finditer(r"(?<![\w.])(\w+)\s*\(", body):
        if m.group(1) != name and m.group(1) in funcs:
            inner = resolve_wrapper(m.group(1), funcs, depth + 1)
            if inner is None:
                return None
            passed = dict(zip(inner.params, args_at(body, m.end() - 1)))
            return Wrapper(inner.entry, inner.blocks, params,
                           [passed.get(a, a) for a in inner.args], inner.body, inner.offsets)
    return None


def launch_of(row, funcs, run_body):
    """(wrapper name, row field or None) of a case: the field naming a wrapper, else the one
    wrapper RunCase calls by name."""
    for field, text in row.items():
        if text.strip() == "nullptr":
            continue
        for name in re.findall(r"\b(\w+)\b", text):
            if name in funcs and resolve_wrapper(name, funcs):
                return name, field
    called = [n for n in re.findall(r"(?<![\w.])(\w+)\s*\(", run_body)
              if n in funcs and resolve_wrapper(n, funcs)]
    return (called[0], None) if called else (None, None)


def call_site(run_body, field, wrapper):
    """(offset, cleaned arguments) of RunCase's call of the case's launch function."""
    pats = []
    if field:
        pats.append(rf"\btc\s*\.\s*{field}\s*\)?\s*\(")
        for v in re.findall(rf"(\w+)\s*=\s*[^;]*\btc\s*\.\s*{field}\b[^;]*;", run_body):
            pats.append(rf"(?<![\w.]){v}\s*\(")
    pats.append(rf"(?<![\w.]){wrapper}\s*\(")
    sites = []
    for p in pats:
        sites += [(m.start(), args_at(run_body, m.end() - 1)) for m in re.finditer(p, run_body)]
    return min(sites) if sites else None
