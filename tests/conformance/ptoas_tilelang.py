"""The TileLang half of tests/conformance/ptoas.py: the STs of PTOAS's test/tilelang_st run as
their NPU flow runs them.

A testcase directory (testcase/<op>/ or smoke/testcase/<op>/ under
test/tilelang_st/npu/a5/src/st) holds one module of several kernels (<op>.pto), cases.py,
gen_data.py, compare.py, the host program main.cpp and its kernel wrappers launch.cpp.
gen_data.py, run in a fresh directory with st_common.py beside it, writes each case's inputs and
golden into <case>/. For each row of main.cpp's kCases table the runner follows RunCase the way
a reader would (regular expressions, not a C++ parser):

- the launch function: the row's field naming a wrapper (nullptr fields skipped), else the
  wrapper RunCase calls by name; the call RunCase makes through it (`tc.launch(...)`, a cast of
  it, or a local it was assigned to) says which variables it passes;
- the wrapper (launch.cpp's, or a helper of main.cpp forwarding to one) launches a kernel with
  `K<<<N, ...>>>(...)`: K is ptoas's --entry, N the block count, and each kernel argument one of
  the wrapper's parameters (a local the wrapper memcpy's from a parameter counts as it) or a
  literal;
- a device buffer gets the file RunCase reads (ReadFile(caseDir + "/X.bin", ...)) into the host
  buffer it copies to the device before the call, zeros when nothing is read into it, and its
  size from aclrtMalloc, evaluated over the row's fields and RunCase's constants; after the run
  it goes to the file RunCase writes from the host buffer it copies it back to;
- a scalar gets a literal, a field of the row, a constant of RunCase, or the first element of
  the file read into the host variable passed.
- main.cpp's numeric helpers in RunCase's constants and its row padding of inputs and outputs
  (PadDataWithStride, UnpadDataWithStride) are followed as ptoas_host_copies.py says.

ptorun runs the kernel (vpto.py's run_launch: buffer overruns and sanitizer findings are noted,
not fatal), and `compare.py <case>` judges by its exit code.
"""
import os
import re
import shutil
import struct
import tempfile
from pathlib import Path

import ptoas_host_copies as host_copies
import vpto
from ptoas_tilelang_cxx import (args_at, call_site, case_rows, functions, launch_of,
                                resolve_wrapper, row_env, strip_comments, with_sizes)

ST = Path("test") / "tilelang_st" / "npu" / "a5" / "src" / "st"



def backend_flags(module):
    """ptoas's --pto-backend as the ST's build passes it to PTOAS (run_ptoas_to_file.cmake in
    the testcase's directory or above)."""
    for d in Path(module).resolve().parents:
        cmake = d / "run_ptoas_to_file.cmake"
        if cmake.exists():
            m = re.search(r"--pto-backend=(\w+)", cmake.read_text(errors="replace"))
            return ["--pto-backend", m.group(1)] if m else []
    return []


def find_testcases(repo, pattern=None):
    """(label, directory) of each testcase directory with a main.cpp and a module."""
    root = Path(repo) / ST
    out = []
    for sub, label in (("testcase", "testcase"), ("smoke/testcase", "smoke")):
        base = root / sub
        if not base.is_dir():
            continue
        for d in sorted(p for p in base.iterdir() if p.is_dir()):
            if not (d / "main.cpp").exists() or not list(d.glob("*.pto")):
                continue
            rel = f"{label}/{d.name}"
            if pattern and pattern not in rel and pattern not in (d / "main.cpp").read_text(
                    errors="replace"):
                continue
            out.append((rel, d))
    return out


# ---------------------------------------------------------------------------------------------
# One case: the host's flow around the launch, the kernel's arguments, the files

class HostFlow:
    """What RunCase does around the call at offset pos: host buffers copied to each device
    buffer before it and back after it, the file read into a host buffer (or variable) before
    it and the file written from one after it, each device buffer's size expression."""

    def __init__(self, body, pos, env, helpers):
        before, after = body[:pos], body[pos:]
        memcpy = r"aclrtMemcpy\(\s*(?:\(void\s*\*\)\s*)?&?(\w+)\s*,\s*[^,]+,\s*&?(\w+)\s*,[^;]*"
        self.to_device = {m.group(1): m.group(2) for m in re.finditer(memcpy + "HOST_TO_DEVICE",
                                                                      before)}
        self.to_host = {}
        for m in re.finditer(memcpy + "DEVICE_TO_HOST", after):
            self.to_host.setdefault(m.group(2), m.group(1))
        self.alloc = {m.group(1): m.group(2).strip() for m in re.finditer(
            r"aclrtMalloc\(\s*(?:\(void\s*\*\*\)\s*)?\(?&(\w+)\)?\s*,\s*([^,]+),", before)}
        hosts = set(self.to_device.values()) | set(self.to_host.values())
        self.read = self.files(before, hosts, "read", overwrite=True)
        self.written = self.files(after, hosts, "write", overwrite=False)
        self.constants = vpto.constants(
            host_copies.with_helper_values(with_sizes(before), helpers, dict(env)), dict(env))
        # Row padding on the way in and out: {host: (rows, cols, alignedCols, elemSize)}.
        self.padded_in, self.padded_out = {}, {}
        for unpad, src, dst, shape in host_copies.row_paddings(before + after, args_at):
            if not unpad and src in self.read:
                self.read[dst] = self.read[src]
                self.padded_in[dst] = shape
            elif unpad and dst in self.written:
                self.written[src] = self.written[dst]
                self.padded_out[src] = shape
        # A host buffer filled from another: a copy holds that one's file; any other helper
        # transforms it on the host, which is not followed.
        self.filled = {}
        for m in re.finditer(r"(?<![\w.])(\w+)\s*\(", before):
            args = args_at(before, m.end() - 1)
            name = m.group(1)
            if name in ("memcpy", "memmove") and len(args) > 1 and args[1] in self.read:
                self.read.setdefault(args[0], self.read[args[1]])
            elif not re.match(r"(?i)aclrt|readfile|read|memset|free|if|sizeof|for|while", name) \
                    and not host_copies.ROW_PADDING.match(name):
                for a in args:
                    if a in hosts and a not in self.read:
                        self.filled.setdefault(a, name)

    @staticmethod
    def files(text, hosts, verb, overwrite):
        """{host: (file, size expression)} of the calls whose first argument names a .bin file
        and whose name says verb (ReadFile, WriteFile, readInput), and of std::ifstream reads."""
        out = {}
        for m in re.finditer(r"(?<![\w.])(\w+)\s*\(", text):
            args = args_at(text, m.end() - 1)
            f = re.search(r'"\.?/?(\w+)\.bin"', args[0]) if args else None
            if f is None or verb not in m.group(1).lower():
                continue
            at = 2 if verb == "read" and m.group(1) == "ReadFile" else 1
            host = next((a for a in args[1:] if a in hosts), None) or (
                args[at] if len(args) > at else None)
            size = args[-1] if verb == "read" else (args[2] if len(args) > 2 else None)
            if host and (overwrite or host not in out):
                out[host] = (f.group(1), size)
        if verb == "read":
            for m in re.finditer(r'ifstream\s+(\w+)\s*\([^;]*"/(\w+)\.bin"', text):
                r = re.search(rf"\b{m.group(1)}\.read\(\s*reinterpret_cast<[^>]*>\(\s*&?(\w+)",
                              text)
                if r:
                    out[r.group(1)] = (m.group(2), None)
        return out


def kernel_arguments(case_dir, params, wrapper, site_args, env, flow, c_types):
    """For each kernel parameter, the RunCase expression passed for it and ("scalar", literal)
    or ("buffer", input file or None, (output file, size expression) or None, bytes or None,
    row paddings in and out, byte offset into the buffer); or an error message. A pointer at an
    offset into a buffer (a_ + 16) gets a copy of the buffer from there on: the kernel may read
    through it, and what it writes there is not written back."""
    out, exprs = [], []
    for i, (_, type_name) in enumerate(params):
        expr = wrapper.args[i] if i < len(wrapper.args) else None
        if expr in wrapper.params and wrapper.params.index(expr) < len(site_args):
            expr = site_args[wrapper.params.index(expr)]
        if expr is None and type_name not in vpto.SCALAR_TYPES:
            # A pointer the launch does not pass (the kernel declares more than launch.cpp
            # gives): the NPU's register holds garbage, so the kernel must not touch it; an
            # empty buffer makes ptorun fault if it does.
            exprs.append(None)
            out.append(("buffer", None, None, 0, (None, None), 0))
            continue
        if expr is None:
            return f"runner: no argument for parameter {i + 1}"
        exprs.append(expr)
        if type_name in vpto.SCALAR_TYPES:
            c_type = c_types[i] if i < len(c_types) else None
            value = scalar_value(case_dir, expr, type_name, c_type, env, flow)
            if value is None:
                return f"runner: no value for scalar parameter {i + 1} ({expr})"
            out.append(("scalar", value))
            continue
        offset = wrapper.offsets[i] if i < len(wrapper.offsets) else 0
        if offset is None:
            return f"runner: the offset of pointer parameter {i + 1} into its buffer is unknown"
        source = flow.read.get(flow.to_device.get(expr)) or flow.read.get(expr)
        sink = flow.written.get(flow.to_host.get(expr)) if offset == 0 else None
        filler = flow.filled.get(flow.to_device.get(expr))
        if source is None and filler:
            return (f"runner: main.cpp fills {flow.to_device[expr]} with {filler}(...) on the "
                    "host, which the runner does not follow")
        value = lambda e: vpto.evaluate(with_sizes(e), env)  # noqa: E731
        padding = (host_copies.row_padding(flow.padded_in.get(flow.to_device.get(expr)), value),
                   host_copies.row_padding(flow.padded_out.get(flow.to_host.get(expr)), value))
        out.append(("buffer", source[0] if source else None, sink,
                    buffer_size(case_dir, flow.alloc.get(expr), sink, env), padding, offset))
    return out, exprs


def buffer_size(case_dir, alloc, sink, env):
    """A device buffer's bytes: its aclrtMalloc size, else the size RunCase writes back from it,
    else that of the golden its output file is compared with (output.bin: golden.bin)."""
    for expr in (alloc, sink[1] if sink else None):
        size = vpto.evaluate(with_sizes(expr), env) if expr else None
        if isinstance(size, int) and size > 0:
            return size
    if sink:
        golden = case_dir / (sink[0].replace("output", "golden", 1) + ".bin")
        if golden.exists():
            return golden.stat().st_size
    return None


def scalar_value(case_dir, expr, type_name, c_type, env, flow):
    """A scalar argument as a ptorun literal: a literal, a file read into the variable, a
    field of the row or a constant. The C++ kernel's declared type says how: an integer
    where the module has a float is the float's bit pattern ((unsigned short)0x4200 is 3.0 as
    f16), and a file holds an element of the declared type (a uint8_t for an i32 parameter)."""
    c_int = re.search(r"\b(int|short|char|long|unsigned|u?int\d+_t)\b", c_type or "")
    if expr in flow.read:
        path = case_dir / f"{flow.read[expr][0]}.bin"
        held = C_SCALARS.get(re.sub(r"\bconst\b", "", c_type or "").strip(), type_name)
        value = vpto.scalar_from_file(path, held) if path.exists() else None
        if value is None or held == type_name:
            return value
        value = int(value, 0) if re.fullmatch(r"-?\d+", value) else float(value)
    else:
        value = vpto.evaluate(re.sub(r"\btc\s*\.\s*", "tc__", expr), env)
    if value is None:
        return None
    if isinstance(value, int) and type_name in FLOAT_BITS and c_int:
        width, fmt, shift = FLOAT_BITS[type_name]
        bits = (value & ((1 << width) - 1)) << shift
        return repr(struct.unpack(fmt, struct.pack("<I" if fmt == "<f" else "<H", bits))[0])
    w = re.fullmatch(r"(u?)i(\d+)", type_name)
    if isinstance(value, int) and w:
        # The C++ conversion to the kernel's integer type wraps (a uint32_t into an i32).
        width = int(w.group(2))
        value &= (1 << width) - 1
        if not w.group(1) and value >= 1 << (width - 1):
            value -= 1 << width
    return repr(value)


# Float parameter types an integer can give as bits: (width, struct format, shift to f32).
FLOAT_BITS = {"f16": (16, "<e", 0), "bf16": (16, "<f", 16), "f32": (32, "<f", 0)}

# The scalar types of ptorun (vpto.SCALAR_TYPES) of the C types a file may hold.
C_SCALARS = {"int8_t": "i8", "uint8_t": "ui8", "char": "i8", "int16_t": "i16", "short": "i16",
             "uint16_t": "ui16", "unsigned short": "ui16", "int32_t": "i32", "int": "i32",
             "uint32_t": "ui32", "unsigned": "ui32", "unsigned int": "ui32", "int64_t": "i64",
             "uint64_t": "ui64", "float": "f32", "bool": "i1"}


def bit_cast_helpers(wrap):
    """The helpers of launch.cpp that give an integer's bits as a float (memcpy into a float:
    bits_to_float(0x0DA24260U))."""
    out = []
    for m in re.finditer(r"\bfloat\s+(\w+)\s*\(\s*(?:const\s+)?(?:u?int32_t|unsigned(?:\s+int)?|int)"
                         r"\s+(\w+)\s*\)\s*\{([^{}]*)\}", wrap):
        if re.search(rf"memcpy\([^;]*&\s*{m.group(2)}\b", m.group(3)):
            out.append(m.group(1))
    return out


def unwrap_bit_casts(wrapper, c_types, helpers):
    """The C types of the kernel's parameters, with each argument a bit-cast helper makes
    replaced by the integer it is given and its type by uint32_t (scalar_value then takes the
    integer as the float's bits)."""
    c_types = list(c_types)
    for i, arg in enumerate(wrapper.args):
        m = re.fullmatch(r"(\w+)\s*\((.*)\)", arg or "", re.S)
        if m and m.group(1) in helpers:
            wrapper.args[i] = m.group(2).strip()
            c_types += [None] * (i + 1 - len(c_types))
            c_types[i] = "uint32_t"
    return c_types


def c_parameter_types(wrap):
    """{kernel: [C type of each parameter]} of launch.cpp's kernel declarations."""
    out = {}
    for m in re.finditer(r"\bvoid\s+(\w+)\s*\(([^;{}]*)\)\s*;", wrap):
        out[m.group(1)] = [re.sub(r"\b\w+\s*$", "", p).strip()
                           for p in vpto.split_args(m.group(2))]
    return out


def prepare(case_dir, plan):
    """ptorun's arguments (args, outs, backs) for a case's files, or an error message; backs
    lists (parameter, argument stem, output stem) as vpto.run_launch takes them. Inputs shorter
    than their device buffer are padded with zeros, as the device's buffer is larger."""
    args, outs, backs = [], [], []
    for i, item in enumerate(plan):
        if item[0] == "scalar":
            args.append(item[1])
            continue
        _, source, sink, size, (pad_in, _), offset = item
        stem = source
        if source is not None:
            path = case_dir / f"{source}.bin"
            if not path.exists():
                return f"gen_data: wrote no {source}.bin"
            if pad_in:
                stem = f"_arg{i + 1}"
                (case_dir / f"{stem}.bin").write_bytes(
                    host_copies.pad_rows(path.read_bytes(), *pad_in))
                path = case_dir / f"{stem}.bin"
            if size and size > path.stat().st_size:
                stem = f"_arg{i + 1}"
                shutil.copy(path, case_dir / f"{stem}.bin")
                os.truncate(case_dir / f"{stem}.bin", size)
        else:
            if size is None:
                return f"runner: size of the buffer of parameter {i + 1} unknown"
            stem = f"_arg{i + 1}"
            with open(case_dir / f"{stem}.bin", "wb") as f:
                f.truncate(size)
        if offset:
            data = (case_dir / f"{stem}.bin").read_bytes()[offset:]
            stem = f"_arg{i + 1}"
            (case_dir / f"{stem}.bin").write_bytes(data)
        args.append(f"{stem}.bin")
        if sink is not None:
            outs += ["--out", f"{i + 1}=out_{i + 1}.bin"]
            backs.append((i + 1, stem, sink[0]))
    return args, outs, backs


def write_sizes(case_dir, plan, env):
    """Unpads each written file RunCase unpads, then cuts or pads it to the size RunCase
    writes."""
    for item in plan:
        if item[0] == "buffer" and item[2] is not None and item[4][1]:
            path = case_dir / f"{item[2][0]}.bin"
            path.write_bytes(host_copies.unpad_rows(path.read_bytes(), *item[4][1]))
        if item[0] == "buffer" and item[2] is not None and item[2][1]:
            size = vpto.evaluate(with_sizes(item[2][1]), env)
            path = case_dir / f"{item[2][0]}.bin"
            if isinstance(size, int) and path.exists() and size != path.stat().st_size:
                os.truncate(path, size)


# ---------------------------------------------------------------------------------------------
# One testcase directory

class Testcase:
    """A testcase directory, read once: its module, the functions of main.cpp and launch.cpp,
    RunCase's body and the case table."""

    def __init__(self, d):
        self.dir = d
        self.module = sorted(d.glob("*.pto"))[0]
        main = strip_comments((d / "main.cpp").read_text(errors="replace"))
        wrap = strip_comments((d / "launch.cpp").read_text(errors="replace")) if (
            d / "launch.cpp").exists() else ""
        self.funcs = functions(wrap)
        main_funcs = functions(main)
        self.funcs.update({k: v for k, v in main_funcs.items() if k not in self.funcs})
        run = next((v for k, v in main_funcs.items()
                    if any("tc" == p for p in v[0]) or "TestCase" in k), None)
        self.run_body = run[1] if run else ""
        self.rows = case_rows(main)
        # Constants of launch.cpp and main.cpp the wrappers pass (static constexpr float
        # TADDS_SCALAR_F32 = 3.0f;).
        self.constants = vpto.constants(with_sizes(wrap + main))
        self.c_types = c_parameter_types(wrap)
        self.bit_casts = bit_cast_helpers(wrap)
        self.helpers = host_copies.numeric_helpers(main)


def case_name(row):
    """The row's name: its first string literal."""
    return next((v.strip()[1:-1] for v in row.values() if v.strip().startswith('"')), "?")


def run_one_case(tc, row, work, tools, bytecodes):
    """(ok, detail) for one row of kCases."""
    ptoas, ptorun, py = tools
    name = case_name(row)
    wrapper_name, field = launch_of(row, tc.funcs, tc.run_body)
    if wrapper_name is None:
        return False, "runner: no launch wrapper found for the case"
    wrapper = resolve_wrapper(wrapper_name, tc.funcs)
    site = call_site(tc.run_body, field, wrapper_name)
    if site is None:
        return False, f"runner: RunCase never calls {wrapper_name}"
    if wrapper.entry not in bytecodes:
        out_path = str(work / f"{wrapper.entry}.ptobc")
        rc, out = vpto.run([ptoas, str(tc.module), "--arch", "a5", "--entry", wrapper.entry,
                            *backend_flags(tc.module), "-o", out_path], work, 300)
        bytecodes[wrapper.entry] = (out_path, vpto.parameters(ptoas, out_path, work)) if (
            rc == 0) else "ptoas: " + vpto.first_error(out)
    compiled = bytecodes[wrapper.entry]
    if isinstance(compiled, str):
        return False, compiled
    bytecode, params = compiled
    case_dir = work / name
    env = dict(tc.constants)
    env.update(row_env(row))
    flow = HostFlow(tc.run_body, site[0], env, tc.helpers)
    env = flow.constants
    c_types = unwrap_bit_casts(wrapper, tc.c_types.get(wrapper.entry, []), tc.bit_casts)
    planned = kernel_arguments(case_dir, params or [], wrapper, site[1], env, flow, c_types)
    if isinstance(planned, str):
        return False, planned
    plan, exprs = planned
    prepared = prepare(case_dir, plan)
    if isinstance(prepared, str):
        return False, prepared
    args, outs, backs = prepared
    launch = vpto.Launch()
    launch.blocks = (wrapper.blocks, wrapper.params, site[1], wrapper.body)
    values = {e: int(p[1]) for e, p in zip(exprs, plan)
              if p[0] == "scalar" and re.fullmatch(r"-?\d+", p[1])}
    blocks = vpto.block_count(launch, values)
    if blocks and blocks > 1:
        args += ["--blocks", str(blocks)]
    error, note = vpto.run_launch(ptorun, bytecode, case_dir, args, outs, backs)
    if error:
        return False, error
    write_sizes(case_dir, plan, env)
    rc, out = vpto.run([py, "compare.py", name], work, 600)
    if rc != 0:
        return False, "compare.py: " + compare_error(out) + (f"; {note}" if note else "")
    return True, note


def short_paths(detail):
    """A message with each module named by its file name, not its path."""
    return re.sub(r"/\S*/([\w.-]+\.pto:)", r"\1", detail or "")


def compare_error(out):
    for line in out.splitlines():
        if "ERROR" in line or "Error" in line or "error" in line:
            return re.sub(r"\x1b\[[0-9;]*m", "", line).strip()
    return vpto.last_line(out)


def run_testcase(rel, d, tools, keep, pattern=None):
    """[(case label, "pass", "fail" or "skip", detail)] for one testcase directory."""
    py = tools[2]
    work = Path(tempfile.mkdtemp(prefix="tilelang-")) if keep is None else keep / rel
    if keep is not None:
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
    try:
        for f in d.glob("*.py"):
            shutil.copy(f, work / f.name)
        if (d.parent / "st_common.py").exists():
            shutil.copy(d.parent / "st_common.py", work / "st_common.py")
        tc = Testcase(d)
        names = [case_name(r) for r in tc.rows]
        if not tc.rows:
            return [(rel, "fail", "runner: no kCases table in main.cpp")]
        chosen = [(n, r) for n, r in zip(names, tc.rows)
                  if pattern is None or pattern in rel or pattern in f"{rel}:{n}"]
        rc, out = vpto.run([py, "gen_data.py"], work, 900)
        if rc != 0:
            # A module this machine's Python lacks (ml_dtypes) is a skip, anything else a miss.
            status = "skip" if "ModuleNotFoundError" in out else "fail"
            return [(f"{rel}:{n}", status, "gen_data.py: " + vpto.last_line(out))
                    for n, _ in chosen]
        bytecodes = {}
        results = []
        for n, row in chosen:
            try:
                ok, detail = run_one_case(tc, row, work, tools, bytecodes)
            except Exception as e:  # a main.cpp shape the reader does not follow
                ok, detail = False, f"runner: {type(e).__name__}: {e}"
            results.append((f"{rel}:{n}", "pass" if ok else "fail", short_paths(detail)))
        return results
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)
