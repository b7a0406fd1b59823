"""The goldens half of tests/conformance/ptoas.py: every test/samples kernel with an independent
golden script, run as PTOAS's board validation runs it.

Which kernels: a model directory's kernels/**/X.pto with X_golden.py in the model directory
(helpers *_golden_*.py beside it), an op directory's X.pto (or X-pto.pto) with X_golden.py beside
it, and a hand-written harness (npu_validation/ or board_validation/ with golden.py, main.cpp and
launch*.cpp). The compare script is the case's own (X_compare.py, npu_validation/X/compare.py,
npu_validation/compare.py), else the default one board validation generates (below).

The golden scripts read the host program PTOAS's test/npu_validation/scripts/generate_testcase.py
writes for the kernel: validation_runtime.load_case_meta takes from main.cpp each buffer's
`size_t elemCount_vK = N;`, its element type from `fileSize_vK = elemCount_vK * sizeof(T);`, the
order of `ReadFile("./vK.bin", ...)`, and the outputs from outputs.txt. The runner writes an
equivalent main.cpp from the kernel itself, following the generator's rules:

- names: vK for the K-th parameter, scalars included (PTOAS's C++ names them so);
- element types: the C++ type of the pointee (f16 half, read as aclFloat16; bf16 as uint16_t;
  index int64_t);
- element counts: for each pointer, the largest footprint 1 + sum((size - 1) * stride) of a
  tensor view on it (plus a constant pointer offset), sizes and strides evaluated from constants,
  scalar arguments and integer arithmetic; else the rows x cols of the kernel's first static
  view shape, else 32 x 32; never less than the generator's per-case minimum;
- read order: every pointer, in parameter order; outputs: the pointers a pto.tstore writes (the
  vector function's, for a cube + vector pair), the generator's per-case list if it has one,
  else the last pointer;
- scalars: the generator's per-case value, else 1 (integers), true, 1.0.

The per-case tables (minimum counts, scalar values, output lists) are facts of that harness, not of
the kernel: they are read from the checkout's generator at run time. A golden script that writes
no golden_*.bin has no independent oracle (the board run compares two NPU runs,
validation=determinism-only): such cases are run once and listed apart, not counted as passes.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import ptoas_samples
import vpto
from ptoas_pto_text import entry_of, footprints, functions_of, logical_count, stored_roots

SAMPLES = Path("test") / "samples"
GENERATOR = Path("test") / "npu_validation" / "scripts" / "generate_testcase.py"

# PTOAS's C++ host type and numpy element type of each element type ptoas --dump-header names.
HOST_TYPES = {"f32": ("float", "float32"), "f16": ("aclFloat16", "float16"),
              "bf16": ("uint16_t", "uint16"), "f64": ("double", "float64"),
              "i1": ("bool", "bool"), "i8": ("int8_t", "int8"), "ui8": ("uint8_t", "uint8"),
              "i16": ("int16_t", "int16"), "ui16": ("uint16_t", "uint16"),
              "i32": ("int32_t", "int32"), "ui32": ("uint32_t", "uint32"),
              "i64": ("int64_t", "int64"), "ui64": ("uint64_t", "uint64"),
              "index": ("int64_t", "int64")}
# The 8- and 4-bit float types by the prefix of their name.
BYTE_FLOATS = (("f8E4M3", "float8_e4m3_t"), ("f8E5M2", "float8_e5m2_t"),
               ("f8E8M0", "float8_e8m0_t"), ("f4E2M1", "float4_e2m1x2_t"),
               ("f4E1M2", "float4_e1m2x2_t"), ("hif8", "hifloat8_t"))
# Board validation's default tolerance per host type (absolute and relative); bf16 is 1 ulp.
DEFAULT_EPS = {"float": 1e-4, "aclFloat16": 1e-2}
MAX_BYTES = 2 << 30  # the largest set of buffers a case may ask for
WORKSPACE_BYTES = 64 << 10  # a prefetch workspace (the runtime's on the NPU)
ELEMENT_BYTES = {"float64": 8, "int64": 8, "uint64": 8, "float32": 4, "int32": 4, "uint32": 4,
                 "float16": 2, "int16": 2, "uint16": 2}
# Communication between ranks, which one card cannot run (board validation skips it).
CROSS_RANK = re.compile(r"\bpto\.comm\.(?:tput|tget|tnotify|twait|ttest|tbroadcast|tgather|"
                        r"tscatter|treduce)\b")


def host_type(type_name):
    """(C++ host type, numpy type) of an element type, or None."""
    if type_name in HOST_TYPES:
        return HOST_TYPES[type_name]
    for prefix, c_type in BYTE_FLOATS:
        if type_name.lstrip("!pto.").startswith(prefix):
            return c_type, "uint8"
    return None


# ---------------------------------------------------------------------------------------------
# Finding the cases

class Case:
    """One golden case: kind "kernel" (a .pto and a golden script) or "harness" (a directory
    with its own main.cpp)."""

    def __init__(self, label, kind, root, testcase, source, golden, compare=None):
        self.label, self.kind, self.root, self.testcase = label, kind, root, testcase
        self.source, self.golden, self.compare = source, golden, compare


def custom_asset(root, testcase, filename):
    """The generator's search for a case's own golden.py or compare.py."""
    for candidate in (root / f"{testcase}_{filename}", root / "npu_validation" / testcase /
                      filename, root / "npu_validation" / filename):
        if candidate.is_file():
            return candidate
    return None


def find_cases(repo, pattern=None):
    """The golden cases of test/samples, and the golden scripts with no .pto (their kernel is
    only in PTOAS's Python front end) as (label, reason) pairs."""
    root = Path(repo) / SAMPLES
    cases, unrunnable = [], []
    for d in sorted(p for p in root.iterdir() if p.is_dir()):
        if (d / "kernels").is_dir():
            for pto in sorted((d / "kernels").rglob("*.pto")):
                golden = d / f"{pto.stem}_golden.py"
                if golden.exists():
                    label = f"{d.name}/{pto.relative_to(d).as_posix()}"
                    cases.append(Case(label, "kernel", d, pto.stem, pto, golden,
                                      custom_asset(d, pto.stem, "compare.py")))
            continue
        for golden in sorted(d.glob("*_golden.py")):
            testcase = golden.name[:-len("_golden.py")]
            pto = next((p for p in (d / f"{testcase}.pto", d / f"{testcase}-pto.pto")
                        if p.exists()), None)
            if pto is None:
                unrunnable.append((f"{d.name}/{golden.name}", "no .pto of the kernel (it is "
                                   "written in PTOAS's Python front end)"))
                continue
            cases.append(Case(f"{d.name}/{pto.name}", "kernel", d, testcase, pto, golden,
                              custom_asset(d, testcase, "compare.py")))
        for sub in ("npu_validation", "board_validation"):
            h = d / sub
            if (h / "golden.py").exists() and (h / "main.cpp").exists():
                cases.append(Case(f"{d.name}/{sub}", "harness", d, sub, h, h / "golden.py",
                                  h / "compare.py" if (h / "compare.py").exists() else None))
    keep = [c for c in cases if pattern is None or pattern in c.label]
    return keep, [u for u in unrunnable if pattern is None or pattern in u[0]]


def generator_module(repo):
    """PTOAS's generate_testcase.py as a module (its per-case tables), or None."""
    path = Path(repo) / GENERATOR
    if not path.exists():
        return None
    try:
        spec = importlib.util.spec_from_file_location("ptoas_generate_testcase", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    except Exception:
        return None


# ---------------------------------------------------------------------------------------------
# The host program board validation would generate

class Buffer:
    """A kernel parameter as the generated main.cpp has it."""

    def __init__(self, index, name, type_name):
        self.index, self.name, self.type_name = index, name, type_name
        self.pointer = type_name.startswith("pointer ") or "memref<" in type_name
        elem = type_name.split()[-1] if self.pointer else type_name
        m = re.search(r"memref<(?:[\d?]+x)*([\w!.]+)", type_name)
        self.elem = m.group(1) if m else elem
        self.count, self.value, self.output, self.workspace = None, None, False, False


def plan_buffers(case, funcs, entry, gen):
    """The generated main.cpp's view of the entry's parameters, or an error message."""
    sample = case.root.name
    buffers = [Buffer(i, f"v{i + 1}", t) for i, t in enumerate(entry.parameter_types())]
    for b in buffers:
        if not b.pointer:
            b.value = scalar_default(gen, case.testcase, sample, b)
    # A cube + vector pair: both functions' views count, the vector one's stores are outputs.
    peer = next((f for f in funcs if f is not entry and f.kind and entry.kind
                 and f.kind != entry.kind), None)
    pair = [entry] + ([peer] if peer else [])
    writer = peer if peer is not None and peer.kind == "vector" else entry
    for f in pair:
        by_name = {n: b for (n, _), b in zip(f.params, buffers)}
        env = {n: int(b.value) for n, b in by_name.items()
               if b.value is not None and re.fullmatch(r"-?\d+", b.value)}
        for ptr, need in footprints(f, env).items():
            if ptr in by_name and by_name[ptr].pointer:
                by_name[ptr].count = max(by_name[ptr].count or 0, need)
    minimums = gen._pointer_count_minimums_for_case(sample, case.testcase) if gen else {}
    fallback = logical_count(writer)
    for b in buffers:
        m = re.search(r"memref<((?:\d+x)+)", b.type_name)
        static = eval("*".join(m.group(1).rstrip("x").split("x"))) if m else None
        if b.pointer:
            b.count = max(b.count or static or fallback, int(minimums.get(b.name, 0)))
    by_name = {n: b for (n, _), b in zip(writer.params, buffers)}
    outputs = {by_name[r].name for r in stored_roots(writer) if r in by_name
               and by_name[r].pointer}
    pinned = getattr(gen, "SAMPLE_CASE_OUTPUT_PARAMS", {}).get(sample.lower(), {}).get(
        case.testcase) if gen else None
    if pinned is not None:
        outputs = set(pinned)
    # The prefetch workspace is the runtime's (SDMA), not a buffer main.cpp reads.
    for n in re.findall(r"make_prefetch_async_context\(\s*(%[\w.$]+)", entry.body):
        for (pname, _), b in zip(entry.params, buffers):
            b.workspace = b.workspace or pname == n
    pointers = [b for b in buffers if b.pointer and not b.workspace]
    if not outputs and pointers:
        outputs = {pointers[-1].name}
    for b in pointers:
        b.output = b.name in outputs
        if host_type(b.elem) is None:
            return f"runner: no host type for {b.elem} (parameter {b.index + 1})"
    return buffers


def scalar_default(gen, testcase, sample, b):
    """The value the generated main.cpp gives a scalar parameter."""
    c_type = host_type(b.type_name)
    c_type = c_type[0] if c_type else ""
    if b.type_name == "i1":
        v = gen._bool_scalar_default_value(testcase, b.name) if gen else None
        return "false" if v is False else "true"
    if re.fullmatch(r"u?int\d+_t", c_type):
        v = gen._integer_scalar_default_value(testcase, b.name, c_type, sample) if gen else None
        return str(1 if v is None else v)
    return "1.0" if b.type_name in ("f32", "f64", "f16", "bf16") else "0"


def write_host_files(work, buffers):
    """main.cpp with what validation_runtime reads from it, and outputs.txt."""
    lines = ["// What PTOAS's generate_testcase.py would write for this kernel, as far as",
             "// validation_runtime.load_case_meta and the golden scripts read it.", ""]
    for b in buffers:
        if b.pointer and not b.workspace:
            c_type = host_type(b.elem)[0]
            lines.append(f"    size_t elemCount_{b.name} = {b.count};")
            lines.append(f"    size_t fileSize_{b.name} = elemCount_{b.name} * sizeof({c_type});")
    for b in buffers:
        if not b.pointer:
            c_type = (host_type(b.type_name) or ("float",))[0]
            lines.append(f"    {c_type} {b.name} = {b.value};")
    for b in buffers:
        if b.pointer and not b.workspace:
            lines.append(f'    ReadFile("./{b.name}.bin", fileSize_{b.name}, {b.name}Host, '
                         f"fileSize_{b.name});")
    (work / "main.cpp").write_text("\n".join(lines) + "\n")
    (work / "outputs.txt").write_text("".join(f"{b.name}\n" for b in buffers if b.output))


DEFAULT_COMPARE = '''import sys
import numpy as np
from validation_runtime import compare_file, finalize_compare

# Board validation's default compare: allclose with atol = rtol = eps, bf16 within 1 ulp.
OUTPUTS = %r


def bf16_close(golden_path, output_path):
    g = np.fromfile(golden_path, dtype=np.uint16).astype(np.int64)
    o = np.fromfile(output_path, dtype=np.uint16).astype(np.int64)
    if g.shape != o.shape:
        print(f"[ERROR] Shape mismatch: {golden_path} {g.shape} vs {output_path} {o.shape}")
        return False
    order = lambda v: np.where(v & 0x8000, 0x8000 - (v & 0x7FFF), 0x8000 + v)
    gf = (g.astype(np.uint32) << 16).view(np.float32)
    of = (o.astype(np.uint32) << 16).view(np.float32)
    ok = (np.abs(order(g) - order(o)) <= 1) | (np.isnan(gf) & np.isnan(of)) | ((gf == 0) & (of == 0))
    if not ok.all():
        i = int(np.argmax(~ok))
        print(f"[ERROR] Mismatch: {output_path} idx={i} golden={gf[i]} out={of[i]} (bf16, 1 ulp)")
    return bool(ok.all())


ok = True
for name, dtype, eps in OUTPUTS:
    if dtype == "bf16":
        ok = bf16_close(f"golden_{name}.bin", f"{name}.bin") and ok
    else:
        ok = compare_file(f"golden_{name}.bin", f"{name}.bin", np.dtype(dtype), eps) and ok
finalize_compare(ok)
'''


def default_compare(buffers):
    outs = []
    for b in buffers:
        if b.output:
            c_type, np_type = host_type(b.elem)
            outs.append((b.name, "bf16" if b.elem == "bf16" else np_type,
                         DEFAULT_EPS.get(c_type, 0.0)))
    return DEFAULT_COMPARE % (outs,)


# ---------------------------------------------------------------------------------------------
# Running a case

def run_script(py, script, work, arch, args=()):
    """Runs one of the case's Python scripts with the SOC_VERSION of its architecture."""
    env = dict(os.environ, SOC_VERSION="Ascend950" if arch == "a5" else "Ascend910B1")
    try:
        p = subprocess.run([py, script, *args], cwd=work, capture_output=True, text=True,
                           timeout=1800, env=env)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, "timed out after 1800 s"


def assemble(ptoas, source, rel, entry, work):
    """(bytecode, arch) or an error message: the first architecture of the sample's that
    assembles (ptoas_samples.archs_of)."""
    text = source.read_text(errors="replace")
    error = ""
    for arch in ptoas_samples.archs_of(rel, text):
        out_path = str(work / f"{entry}.ptobc")
        rc, out = vpto.run([ptoas, str(source), "--arch", arch, "--entry", entry, "-o",
                            out_path], work, 600)
        if rc == 0:
            return out_path, arch
        error = error or "ptoas: " + vpto.first_error(out)
    return error


def copy_scripts(case, work, repo):
    """validation_runtime.py, the golden and compare scripts and the golden helpers."""
    shutil.copy(Path(repo) / SAMPLES / "validation_runtime.py", work / "validation_runtime.py")
    shutil.copy(case.golden, work / "golden.py")
    if case.compare is not None:
        shutil.copy(case.compare, work / "compare.py")
    for helper in case.root.glob("*_golden_*.py"):
        shutil.copy(helper, work / helper.name)


def run_kernel_case(case, work, tools, gen, repo):
    """(status, detail) of a kernel with a golden script."""
    ptoas, ptorun, py = tools
    text = case.source.read_text(errors="replace")
    funcs = functions_of(text)
    entry = entry_of(funcs)
    if entry is None:
        return "fail", "runner: no function in the module"
    buffers = plan_buffers(case, funcs, entry, gen)
    if isinstance(buffers, str):
        return "fail", buffers
    need = sum(b.count * ELEMENT_BYTES.get(host_type(b.elem)[1], 1) for b in buffers if b.pointer)
    if need > MAX_BYTES:
        return "fail", f"runner: the buffers need {need >> 20} MiB (limit {MAX_BYTES >> 20})"
    copy_scripts(case, work, repo)
    write_host_files(work, buffers)
    rel = case.source.relative_to(Path(repo) / SAMPLES).as_posix()
    arch = ptoas_samples.archs_of(rel, text)[0]
    rc, out = run_script(py, "golden.py", work, arch)
    if rc != 0:
        return ("skip" if "ModuleNotFoundError" in out else "fail"), (
            "golden script: " + vpto.last_line(out))
    oracle = any(work.glob("golden_*.bin")) or (work / "golden.bin").exists()
    if CROSS_RANK.search(text):
        return ("skip" if oracle else "det-skip"), (
            "communicates across ranks (tput/tnotify/twait): board validation skips it too, it "
            "needs a multi-card harness")
    compiled = assemble(ptoas, case.source, rel, entry.name, work)
    if isinstance(compiled, str):
        return ("fail" if oracle else "det-fail"), compiled
    bytecode, arch = compiled
    prepared = ptorun_arguments(buffers, work)
    if isinstance(prepared, str):
        return ("fail" if oracle else "det-fail"), prepared
    error, note = vpto.run_launch(ptorun, bytecode, work, *prepared)
    if error:
        return ("fail" if oracle else "det-fail"), error
    if not oracle:
        return "det-ok", note
    if case.compare is None:
        (work / "compare.py").write_text(default_compare(buffers))
    rc, out = run_script(py, "compare.py", work, arch)
    if rc != 0:
        return "fail", "compare: " + compare_error(out) + (f"; {note}" if note else "")
    return "pass", note


def ptorun_arguments(buffers, work):
    """(args, outs, backs) as vpto.run_launch takes them: each buffer's file, each scalar's
    value, the outputs written back to their files; or an error message."""
    args, outs, backs = [], [], []
    for b in buffers:
        if not b.pointer:
            args.append(b.value)
            continue
        if b.workspace:
            with open(work / "_workspace.bin", "wb") as f:
                f.truncate(WORKSPACE_BYTES)
            args.append("_workspace.bin")
            continue
        if not (work / f"{b.name}.bin").exists():
            return f"golden script wrote no {b.name}.bin"
        args.append(f"{b.name}.bin")
        if b.output:
            outs += ["--out", f"{b.index + 1}=out_{b.index + 1}.bin"]
            backs.append((b.index + 1, b.name, b.name))
    return args, outs, backs


def compare_error(out):
    for line in out.splitlines():
        if "ERROR" in line and "compare failed" not in line:
            return line.strip()
    return vpto.last_line(out)


def run_harness_case(case, work, tools, repo):
    """(status, detail) of a hand-written harness: its main.cpp's launches through vpto.py."""
    ptoas, ptorun, py = tools
    d = case.source
    wrap = "\n".join(f.read_text(errors="replace") for f in sorted(d.glob("launch*.cpp")))
    plan = vpto.launches(d, wrap)
    modules = [p for p in case.root.rglob("*.pto") if d.name not in p.parts]
    for f in d.iterdir():
        if f.suffix == ".py":
            shutil.copy(f, work / f.name)
    shutil.copy(Path(repo) / SAMPLES / "validation_runtime.py", work / "validation_runtime.py")
    rc, out = run_script(py, "golden.py", work, "a2a3")
    if rc != 0:
        return "fail", "golden.py: " + vpto.last_line(out)
    host = vpto.HostFiles(d)
    # An output main.cpp only writes back starts as zeros of its golden's size.
    for golden in work.glob("golden_*.bin"):
        out = work / golden.name[len("golden_"):]
        if not out.exists():
            with open(out, "wb") as f:
                f.truncate(golden.stat().st_size)
    for n, launch in enumerate(plan):
        source = next((p for p in modules if launch.entry and re.search(
            rf"func\.func\s+(?:private\s+)?@{re.escape(launch.entry)}\s*\(",
            p.read_text(errors="replace"))), None)
        if source is None:
            return "skip", (f"no .pto of the sample defines @{launch.entry} (the harness runs "
                            "PTOAS's C++ of it)")
        compiled = assemble(ptoas, source, source.relative_to(case.root.parent).as_posix(),
                            launch.entry, work)
        if isinstance(compiled, str):
            return "fail", compiled
        params = vpto.parameters(ptoas, compiled[0], work)
        prepared = vpto.prepare_run(work, params or [], launch, host)
        if isinstance(prepared, str):
            return "fail", "runner: " + prepared
        args, outs, backs = prepared
        # Device memory outlives a launch: every buffer goes back to its file for the next.
        for i, a in enumerate(args):
            if a.endswith(".bin") and all(k != i + 1 for k, _, _ in backs):
                outs += ["--out", f"{i + 1}=out_{i + 1}.bin"]
                backs.append((i + 1, a[:-4], a[:-4]))
        error, _ = vpto.run_launch(ptorun, compiled[0], work, args, outs, backs)
        if error:
            return "fail", error + (f" (launch {n + 1}, @{launch.entry})" if len(plan) > 1 else "")
    rc, out = run_script(py, "compare.py", work, "a2a3")
    return ("pass", "") if rc == 0 else ("fail", "compare.py: " + compare_error(out))


# {case label: reason} of the goldens board validation never checks.
UNVALIDATED = ptoas_samples.reason_table("ptoas_goldens_unvalidated.txt")


def run_case(case, tools, keep, gen, repo):
    """(label, status, detail); status is pass, fail, skip, det-ok, det-fail or det-skip."""
    work = Path(tempfile.mkdtemp(prefix="golden-")) if keep is None else keep / case.label
    if keep is not None:
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
    try:
        if case.kind == "harness":
            status, detail = run_harness_case(case, work, tools, repo)
        else:
            status, detail = run_kernel_case(case, work, tools, gen, repo)
    except Exception as e:  # a kernel shape the reader does not follow
        status, detail = "fail", f"runner: {type(e).__name__}: {e}"
    finally:
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)
    if status == "fail" and case.label in UNVALIDATED:
        status, detail = "skip", f"{UNVALIDATED[case.label]}; here: {detail}"
    return case.label, status, re.sub(r"/\S*/([\w.-]+\.pto:)", r"\1", detail or "")
