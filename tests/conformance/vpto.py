#!/usr/bin/env python3
"""Runs the public VPTO cases (test/vpto/cases of vpto-dev/PTOAS or hw-native-sys/PTOAS) through
ptoas and ptorun the way PTOAS's own validation flow does, and lets each case's compare.py judge.

  tests/conformance/vpto.py --repo DIR [--build BUILD] [--filter SUBSTRING] [--keep DIR] [-j N]

For each case directory holding kernel.pto, golden.py and compare.py: golden.py writes v1.bin ...
and golden_vK.bin into a fresh directory; ptoas assembles kernel.pto; ptorun runs it with one
argument per kernel parameter, in order (the file main.cpp reads for it, else vI.bin for
parameter I; a scalar parameter main.cpp reads from a file gets the file's value); every
output main.cpp writes back (or a golden exists for) is written after the run (also when ptorun's
only errors are sanitizer findings: the first is shown on the case's line); compare.py, run in
that directory, decides. One line per
case, then a summary by family (the directory above the case). Not part of ctest: the cases
are not ours (docs/conformance.md records the latest summary and why each failure fails).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import OrderedDict
from pathlib import Path

HERE = Path(__file__).resolve().parent
PY = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable


def find_cases(repo, pattern):
    root = Path(repo) / "test" / "vpto" / "cases"
    if not root.is_dir():
        sys.exit(f"vpto.py: {root} does not exist (pass --repo a checkout with test/vpto/cases)")
    cases = []
    for kernel in sorted(root.rglob("kernel.pto")):
        d = kernel.parent
        if (d / "golden.py").exists() and (d / "compare.py").exists():
            rel = d.relative_to(root).as_posix()
            if pattern is None or pattern in rel:
                cases.append((rel, d))
    return cases


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout} s"


def parameters(ptoas, bytecode, cwd):
    """The entry's parameters, (name, type) pairs, from ptoas --dump-header."""
    rc, out = run([ptoas, "--dump-header", bytecode], cwd, 60)
    if rc != 0:
        return None
    entry = re.search(r"entry @(\S+)", out)
    params, inside = [], False
    for line in out.splitlines():
        m = re.match(r"function \d+ @(\S+):", line)
        if m:
            inside = entry is not None and m.group(1) == entry.group(1)
        m = re.match(r"\s+param %(\S+): (.*)", line)
        if inside and m:
            params.append((m.group(1), m.group(2).strip()))
    return params


# numpy's name for the element of each scalar parameter type a case may pass by value.
SCALAR_TYPES = {"i8": "int8", "ui8": "uint8", "i16": "int16", "ui16": "uint16", "i32": "int32",
                "ui32": "uint32", "i64": "int64", "ui64": "uint64", "index": "int64",
                "f16": "float16", "f32": "float32", "i1": "bool"}


def scalar_from_file(path, type_name):
    """The first element of a file written by golden.py, as a ptorun literal, for a scalar
    parameter main.cpp reads from that file and passes by value."""
    import numpy as np
    value = np.fromfile(path, dtype=SCALAR_TYPES[type_name], count=1)
    if value.size == 0:
        return None
    v = value[0].item()
    return ("true" if v else "false") if type_name == "i1" else repr(v)


def strip_cast(expr):
    """An argument without its C casts: "(__gm__ float *)v1" is "v1"."""
    expr = expr.strip()
    while True:
        m = re.match(r"^\((?:const\s+)?(?:__gm__\s+)?[\w\s]+\**\s*\)\s*(.*)$", expr, re.S)
        if not m:
            return expr
        expr = m.group(1).strip()


def split_args(text):
    """The comma-separated arguments of a call, commas inside parentheses and braces kept."""
    args, depth, cur = [], 0, ""
    for c in text:
        if c == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        depth += (c in "({") - (c in ")}")
        cur += c
    if cur.strip():
        args.append(cur.strip())
    return args


NUMBER = re.compile(r"-?(0[xX][0-9a-fA-F]+|\d+(\.\d*)?([eE][-+]?\d+)?)[fFuUlL]*")


def evaluate(expr, env):
    """The value of a C integer or float expression over env's names, or None when it has
    anything else in it (integer division truncates, as in C)."""
    expr = strip_cast(expr)
    if NUMBER.fullmatch(expr):
        # A hex literal's F is a digit (0x7BEF), not a float suffix.
        hexa = re.fullmatch(r"-?0[xX][0-9a-fA-F]+", expr.rstrip("uUlL"))
        text = expr.rstrip("uUlL") if hexa else expr.rstrip("fFuUlL")
        return int(text, 0) if re.fullmatch(r"-?(0[xX][0-9a-fA-F]+|\d+)", text) else float(text)
    if not re.fullmatch(r"[\w\s+\-*/%()]+", expr):
        return None
    names = set(re.findall(r"[A-Za-z_]\w*", expr))
    if not names <= set(env):
        return None
    py = re.sub(r"(\d+)[uUlL]+", r"\1", expr)
    try:
        return eval(py.replace("/", "//") if all(isinstance(env[n], int) for n in names) else py,
                    {"__builtins__": {}}, {n: env[n] for n in names})
    except Exception:
        return None


def constants(text, env=None):
    """Names a C file defines as numbers: "const int64_t nBurst = 1;" and the like, added to
    env (names already known may appear in the definitions)."""
    env = {} if env is None else env
    for m in re.finditer(r"(?:\bconst(?:expr)?\s+)?\b(?:u?int\d*_t|int|unsigned|long|size_t|float|"
                         r"double|auto)\s+(\w+)\s*=\s*([^;,]+);", text):
        v = evaluate(m.group(2), env)
        if v is not None:
            env[m.group(1)] = v
    return env


class Launch:
    """One kernel launch of main.cpp: the entry it runs (None: the module's only one), for each
    kernel parameter the main.cpp expression passed for it (None: unknown, in order), the
    literals launch.cpp passes itself, and the block count."""

    def __init__(self):
        self.entry, self.main_args, self.literals, self.blocks = None, {}, {}, None


def launches(case_dir, wrap=None):
    """The launches of main.cpp, in order, through launch.cpp's Launch* wrappers (or those of
    the text wrap, when a case keeps them in several files)."""
    main_cpp, launch_cpp = case_dir / "main.cpp", case_dir / "launch.cpp"
    main = main_cpp.read_text(errors="replace") if main_cpp.exists() else ""
    if wrap is None:
        wrap = launch_cpp.read_text(errors="replace") if launch_cpp.exists() else ""
    wrappers = {}
    for m in re.finditer(r"void\s+(Launch\w+)\s*\(([^)]*)\)\s*\{(.*?)\n\}", wrap, re.S):
        params = [re.findall(r"(\w+)\s*$", p.strip()) for p in split_args(m.group(2))]
        wrappers[m.group(1)] = ([p[0] if p else "" for p in params], m.group(3))
    calls = re.findall(r"\n\s*(Launch\w*)\(([^;]*?)\);", main)
    if not calls:  # no main.cpp: the first kernel call of launch.cpp, parameters in order
        calls = [(None, "")]
    out = []
    for name, text in calls:
        launch = Launch()
        main_args = [strip_cast(a) for a in split_args(text)]
        params, body = wrappers.get(name, (None, wrap))
        k = re.search(r"(\w+)\s*<<<\s*([^,>]+?)\s*,[^>]*>>>\s*\((.*?)\);", body, re.S)
        if k is None:
            launch.main_args = dict(enumerate(main_args))
            out.append(launch)
            continue
        launch.entry = k.group(1)
        launch.blocks = (k.group(2), params, main_args, body)
        for i, a in enumerate(split_args(k.group(3))):
            a = strip_cast(a)
            if NUMBER.fullmatch(a):
                launch.literals[i] = a.rstrip("fFuUlL")
            elif params is not None and a in params and params.index(a) < len(main_args):
                launch.main_args[i] = main_args[params.index(a)]
            elif params is None or not main_args:
                continue
        if params is None or not launch.main_args:
            launch.main_args.update({i: a for i, a in enumerate(main_args) if i not in launch.literals})
        out.append(launch)
    return out


class HostFiles:
    """What main.cpp does with its host buffers and scalars: the file each is read from
    (ReadFile("./X.bin", .., host, ..)), the file each is written to (WriteFile), which host
    buffer each device buffer is copied from and to (aclrtMemcpy), and its numeric constants."""

    def __init__(self, case_dir):
        main_cpp = case_dir / "main.cpp"
        text = main_cpp.read_text(errors="replace") if main_cpp.exists() else ""
        self.to_device = {m.group(1): m.group(2) for m in re.finditer(
            r"aclrtMemcpy\((\w+),\s*[^,]+,\s*(\w+),[^;]*HOST_TO_DEVICE", text)}
        self.to_host = {m.group(2): m.group(1) for m in re.finditer(
            r"aclrtMemcpy\((\w+),\s*[^,]+,\s*(\w+),[^;]*DEVICE_TO_HOST", text)}
        self.constants = constants(text)
        # ReadFile("./X.bin", size, host, ..) ("X.bin" too), WriteFile("./X.bin", host, ..) or a helper of
        # the case's own (readExact("./X.bin", host, size)): the host buffer is the first
        # argument main.cpp also copies to or from a device, else the first that is a name
        # ending in Host, else ReadFile's third and WriteFile's second.
        hosts = set(self.to_device.values()) | set(self.to_host.values())
        self.read, self.written = {}, {}
        for m in re.finditer(r'(\w+)\(\s*"(?:\./)?(\w+)\.bin"\s*,([^;]*)\)', text):
            names = [strip_cast(a).lstrip("&") for a in split_args(m.group(3))]
            host = next((a for a in names if a in hosts), None) or next(
                (a for a in names if a.endswith("Host")), None)
            writes = "write" in m.group(1).lower()
            if host is None:
                at = 0 if writes else 1
                host = names[at] if len(names) > at else None
            if host and "read" in m.group(1).lower():
                self.read[host] = m.group(2)
            elif host and writes:
                self.written[host] = m.group(2)
        # Buffers in arrays read in a loop from "./v%zu.bin" numbered i + 1 (device[k] is
        # vk+1.bin, read and written back).
        self.numbered = re.search(r'"\./v%zu\.bin"\s*,\s*i\s*\+\s*1', text) is not None
        # Or from an array of file names read in that loop (ReadFile(files[i], ...)): device[k]
        # is files[k].
        self.file_list = []
        for m in re.finditer(r"(\w+)\s*\[[^\]]*\]\s*=\s*\{([^}]*)\}", text):
            names = re.findall(r'"(?:\./)?(\w+)\.bin"', m.group(2))
            if names and re.search(rf"\w+\(\s*{m.group(1)}\s*\[\s*i\s*\]", text):
                self.file_list = names
        # A host buffer written with fwrite to a file opened as fopen("./X.bin", "wb").
        opened = {m.group(1): m.group(2) for m in re.finditer(
            r'(\w+)\s*=\s*(?:std::)?fopen\(\s*"(?:\./)?(\w+)\.bin"\s*,\s*"wb"', text)}
        for m in re.finditer(r"fwrite\(\s*(\w+)\s*,[^;]*?(\w+)\s*\)", text):
            if m.group(2) in opened:
                self.written.setdefault(m.group(1), opened[m.group(2)])
        # Buffers of a struct of main.cpp's own, named once (bufF32x2.setup("f32x2.bin", n)),
        # read from and written back to that file, passed as bufF32x2.device.
        self.setups = {m.group(1): m.group(2) for m in re.finditer(
            r'(\w+)\.setup\(\s*"(?:\./)?(\w+)\.bin"', text)}
        # Host buffers main.cpp fills with one value instead of reading a file
        # (std::fill_n(addHost, kElems, 0.0f)): (count, value) expressions.
        self.filled = {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
            r"\bfill_n\(\s*(\w+)\s*,\s*([^,]+),\s*([^;]+)\)\s*;", text)}
        # A host buffer main.cpp fills by copying another (std::memcpy(aFp8Host, aHost, n))
        # holds that one's file.
        for m in re.finditer(r"\bmemcpy\(\s*(\w+)\s*,\s*(\w+)\s*,", text):
            if m.group(2) in self.read and m.group(1) not in self.read:
                self.read[m.group(1)] = self.read[m.group(2)]

    def setup_stem(self, arg):
        """The file of a launch argument buf.device of a buffer main.cpp sets up by name."""
        m = re.fullmatch(r"\s*(\w+)\.device\s*", arg)
        return self.setups.get(m.group(1)) if m else None

    def numbered_stem(self, arg):
        """v<k+1> (or files[k]) for a launch argument device[k] of main.cpp's numbered buffers,
        else None."""
        m = re.fullmatch(r"(?:static_cast<[^>]*>\()?\s*\w+\[(\d+)\]\s*\)?", arg.strip())
        if m and int(m.group(1)) < len(self.file_list):
            return self.file_list[int(m.group(1))]
        return f"v{int(m.group(1)) + 1}" if self.numbered and m else None

    def source(self, arg):
        """The file a launch argument's data comes from: a device buffer's host buffer's, or a
        host scalar's."""
        if not arg:
            return None
        return (self.numbered_stem(arg) or self.setup_stem(arg) or
                self.read.get(self.to_device.get(arg, arg)))

    def write_filled(self, work, arg, stem, type_name):
        """Writes <stem>.bin with what main.cpp fills the device buffer \a arg's host buffer
        with (an output main.cpp reads no file for); False when it does not fill it so."""
        import numpy as np
        fill = self.filled.get(self.to_device.get(arg or "", ""))
        elem = re.search(r"(?:<|pointer )(\w+)", type_name)  # !pto.ptr<f32, gm>, pointer f32
        dtype = SCALAR_TYPES.get(elem.group(1)) if elem else None
        if fill is None or dtype is None:
            return False
        count, value = (evaluate(e, self.constants) for e in fill)
        if not isinstance(count, int) or value is None:
            return False
        np.full(count, value, dtype=dtype).tofile(work / f"{stem}.bin")
        return True

    def sink(self, arg):
        if not arg:
            return None
        return (self.numbered_stem(arg) or self.setup_stem(arg) or
                self.written.get(self.to_host.get(arg, "")))


def block_count(launch, values):
    """The launch's block count: a literal, or an expression of launch.cpp's wrapper over its
    parameters (whose values main.cpp passes) and constants."""
    if launch.blocks is None:
        return None
    expr, params, main_args, body = launch.blocks
    env = {}
    for j, p in enumerate(params or []):
        if j < len(main_args) and main_args[j] in values:
            env[p] = values[main_args[j]]
    for m in re.finditer(r"(?:\bconst(?:expr)?\s+)?\b(?:u?int\d*_t|int|unsigned|long|size_t|auto)"
                         r"\s+(\w+)\s*=\s*([^;,]+);", body):
        v = evaluate(m.group(2), env)
        if v is not None:
            env[m.group(1)] = v
    n = evaluate(expr, env)
    return n if isinstance(n, int) else None


def prepare_run(work, params, launch, host):
    """ptorun's arguments for one launch: (args, outs, backs) or an error message; backs lists
    (parameter, input stem, file written back)."""
    args, outs, backs = [], [], []
    values = dict(host.constants)  # main.cpp expressions with known scalar values
    for i, (name, type_name) in enumerate(params):
        arg = launch.main_args.get(i)
        source, sink = host.source(arg), host.sink(arg)
        # Inputs are the file main.cpp reads for the parameter (or writes back to, when the
        # golden provides it), else v<i+1>.bin, else <param>.bin when the golden names them
        # after the parameters (input.bin, output.bin and golden_output.bin).
        stems = [s for s in (source, sink, f"v{i + 1}", name) if s]
        stem = next((s for s in stems if (work / f"{s}.bin").exists()), None)
        if stem is None and sink and host.write_filled(work, arg, sink, type_name):
            stem = sink
        if type_name in SCALAR_TYPES:
            # launch.cpp's literal, main.cpp's constant, or the file main.cpp reads into a
            # host scalar and passes by value.
            value = launch.literals.get(i)
            if value is None and arg in host.constants:
                value = repr(host.constants[arg])
            if value is None and stem is not None:
                value = scalar_from_file(work / f"{stem}.bin", type_name)
                if value is None:
                    return f"{stem}.bin is empty (parameter {i + 1}, {type_name})"
            if value is None:
                return f"no value for scalar parameter {i + 1} ({type_name})"
            if arg:
                values[arg] = int(value, 0) if re.fullmatch(r"-?\d+", value) else value
            args.append(value)
        elif stem is not None:
            args.append(f"{stem}.bin")
            back = sink or stem
            if sink or (work / f"golden_{stem}.bin").exists():
                outs += ["--out", f"{i + 1}=out_{i + 1}.bin"]
                backs.append((i + 1, stem, back))
        else:
            return f"no {stems[0]}.bin for parameter {i + 1}"
    blocks = block_count(launch, values)
    if blocks and blocks > 1:
        args += ["--blocks", str(blocks)]
    return args, outs, backs


def run_launch(ptorun, bytecode, work, args, outs, backs):
    """Runs one launch and writes its outputs back; (error or None, note)."""
    rc, out = run([ptorun, bytecode, *args, *outs], work, 600)
    note = ""
    if rc != 0 and OVERRUN.search(out):
        # The kernel reaches past a GM buffer its main.cpp allocates. On the NPU that memory
        # is the rest of the 2 MiB page aclrtMalloc(HUGE_FIRST) gave the buffer and nothing
        # faults; run again with each buffer padded so, and say so.
        first = first_error(out)
        sizes = pad_buffers(work, args)
        rc, out = run([ptorun, bytecode, *args, *outs], work, 600)
        for k, stem, _ in backs:
            if (work / f"out_{k}.bin").exists():
                os.truncate(work / f"out_{k}.bin", sizes[f"{stem}.bin"])
        note = "overruns its GM buffer (" + first.split("error: ", 1)[-1] + ")"
    if rc == 1 and is_findings(out):
        # The run completed and wrote its outputs, but the sanitizer found something: the
        # outputs still go to compare.py, and the finding stays visible in the case's line.
        finding = "sanitizer: " + first_error(out).split("error: ", 1)[-1]
        note = f"{note}; {finding}" if note else finding
        rc = 0
    if rc != 0:
        return "ptorun: " + first_error(out), note
    for k, _, back in backs:
        os.replace(work / f"out_{k}.bin", work / f"{back}.bin")
    return None, note


def run_case(rel, case_dir, build, keep):
    ptoas = str(build / "asm" / "ptoas")
    ptorun = str(build / "interp" / "ptorun")
    work = Path(tempfile.mkdtemp(prefix="vpto-")) if keep is None else keep / rel
    if keep is not None:
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
    try:
        for f in ("kernel.pto", "golden.py", "compare.py"):
            shutil.copy(case_dir / f, work / f)
        # A family's shared helpers (_name.py beside its cases) are imported by the goldens.
        for helper in case_dir.parent.glob("_*.py"):
            shutil.copy(helper, work / helper.name)
        rc, out = run([PY, "golden.py", "--output-dir", "."], work, 600)
        if rc != 0:
            return rel, "skip", "golden.py fails here: " + last_line(out)
        host = HostFiles(case_dir)
        plan = launches(case_dir)
        notes = []
        # main.cpp's launches in order, each on the files the ones before it wrote back; a
        # module of several kernels is assembled once per entry.
        for n, launch in enumerate(plan):
            bytecode = f"kernel{n}.ptobc" if len(plan) > 1 else "kernel.ptobc"
            entry = ["--entry", launch.entry] if len(plan) > 1 and launch.entry else []
            rc, out = run([ptoas, "kernel.pto", *entry, "-o", bytecode], work, 120)
            if rc != 0 and not entry and launch.entry and "entry points" in out:
                # Several kernels and one launch: the one launch.cpp's wrapper calls.
                rc, out = run([ptoas, "kernel.pto", "--entry", launch.entry, "-o", bytecode],
                              work, 120)
            if rc != 0:
                return rel, "fail", "ptoas: " + first_error(out)
            params = parameters(ptoas, bytecode, work)
            if params is None:
                return rel, "fail", "ptoas --dump-header failed"
            prepared = prepare_run(work, params, launch, host)
            if isinstance(prepared, str):
                return rel, "fail", prepared
            error, note = run_launch(ptorun, bytecode, work, *prepared)
            where = f" (launch {n + 1}, @{launch.entry})" if len(plan) > 1 else ""
            if note:
                notes.append(note + where)
            if error:
                return rel, "fail", error + where
        note = "; ".join(notes)
        rc, out = run([PY, "compare.py"], work, 600)
        if rc != 0:
            return rel, "fail", "compare.py: " + last_line(out) + (f"; {note}" if note else "")
        return rel, "pass", note
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)


# An access past a GM buffer: a load or store's bytes, or a view or scalar element past the
# elements its file holds.
OVERRUN = re.compile(r"(reads|writes) bytes \[\d+, \d+\) of %\w+ \(|"
                     r"of %\w+ \([^)]*\), which holds \d+ elements")
HUGE_PAGE = 2 << 20


def pad_buffers(work, args):
    """Pads each file argument with zeros to a whole number of 2 MiB pages; returns the old sizes."""
    sizes = {}
    for a in args:
        path = work / a
        if a.endswith(".bin") and path.exists():
            sizes[a] = path.stat().st_size
            os.truncate(path, max(HUGE_PAGE, -(-sizes[a] // HUGE_PAGE) * HUGE_PAGE))
    return sizes


FINDING = re.compile(r"error: (race|sync|uninitialised read): ")


def is_findings(out):
    """Whether every error ptorun printed is a sanitizer finding (not a fault)."""
    errors = [l for l in out.splitlines() if ": error: " in l]
    return bool(errors) and all(FINDING.search(l) for l in errors)


def first_error(out):
    for line in out.splitlines():
        if "error" in line:
            return line.strip()
    return last_line(out)


def last_line(out):
    lines = [l for l in out.strip().splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no output)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="a checkout with test/vpto/cases")
    ap.add_argument("--build", default=str(HERE.parent.parent / "build"), help="the build tree")
    ap.add_argument("--filter", help="only cases whose path contains this")
    ap.add_argument("--keep", help="keep each case's files under this directory")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1, help="cases run at once")
    a = ap.parse_args()
    build = Path(a.build).resolve()
    keep = Path(a.keep).resolve() if a.keep else None
    cases = find_cases(a.repo, a.filter)
    results = []
    with concurrent.futures.ThreadPoolExecutor(a.j) as pool:
        for rel, status, why in pool.map(lambda c: run_case(c[0], c[1], build, keep), cases):
            print(f"{status:4} {rel}" + (f"  -- {why}" if why else ""), flush=True)
            results.append((rel, status))
    families = OrderedDict()
    for rel, status in results:
        fam = rel.rsplit("/", 1)[0]
        families.setdefault(fam, {"pass": 0, "fail": 0, "skip": 0})[status] += 1
    print("\nfamily                                    pass  fail  skip   rate")
    total = {"pass": 0, "fail": 0, "skip": 0}
    for fam, n in families.items():
        for k in total:
            total[k] += n[k]
        ran = n["pass"] + n["fail"]
        rate = f"{100 * n['pass'] / ran:5.1f}%" if ran else "    -"
        print(f"{fam:40} {n['pass']:5} {n['fail']:5} {n['skip']:5} {rate}")
    ran = total["pass"] + total["fail"]
    rate = f"{100 * total['pass'] / ran:5.1f}%" if ran else "    -"
    print(f"{'all':40} {total['pass']:5} {total['fail']:5} {total['skip']:5} {rate}")
    return 0 if total["fail"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
