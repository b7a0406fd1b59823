"""The samples half of tests/conformance/ptoas.py: every test/samples/**.pto assembled.

A sample with one entry (a `pto.entry` function, or one public function) becomes an executable;
one with several kernels and no single entry (most model files: a kernel per function) an object.
Samples whose directory names an architecture (`...A3`, `...A5`) or whose module says
`pto.target_arch` are assembled for it; the rest for a5 and, when that fails, a2a3 (PTOAS's runop
picks the architecture per directory the same way).
"""
import re
from pathlib import Path


def find_samples(repo, pattern=None):
    root = Path(repo) / "test" / "samples"
    out = []
    for path in sorted(root.rglob("*.pto")):
        rel = path.relative_to(root).as_posix()
        if pattern and pattern not in rel:
            continue
        out.append((rel, path))
    return out


def archs_of(rel, text):
    m = re.search(r'pto\.target_arch\s*=\s*"(\w+)"', text)
    if m:
        return ["a5" if m.group(1) == "a5" else "a2a3"]
    top = rel.split("/")[0]
    if top.endswith("A5") or "a5" in Path(rel).stem.lower().split("_"):
        return ["a5"]
    if top.endswith("A3") or top.endswith("A2"):
        return ["a2a3"]
    return ["a5", "a2a3"]


ENTRY_PROBLEM = re.compile(r"no entry point|entry points \(|to use as the entry")


def assemble(run, ptoas, rel, path, out_path):
    """(ok, detail, kind) for one sample: kind is 'executable' or 'object'."""
    text = path.read_text(encoding="utf-8", errors="replace")
    detail = ""
    for arch in archs_of(rel, text):
        rc, out = run([ptoas, str(path), "--arch", arch, "-o", out_path], timeout=120)
        if rc == 0:
            return True, arch, "executable"
        if ENTRY_PROBLEM.search(out):
            rc, out = run([ptoas, "-c", str(path), "--arch", arch, "-o", out_path], timeout=120)
            if rc == 0:
                return True, arch, "object"
        detail = detail or out
    return False, detail, ""
