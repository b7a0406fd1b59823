"""The samples half of tests/conformance/ptoas.py: every test/samples/**.pto assembled.

A sample with one entry (a `pto.entry` function, or one public function) becomes an executable;
one with several kernels and no single entry (most model files: a kernel per function) an object.
Samples whose directory names an architecture (`...A3`, `...A5`) or whose module says
`pto.target_arch` are assembled for it; the rest for a5 and, when that fails, a2a3 (PTOAS's runop
picks the architecture per directory the same way).

A sample whose name ends in `_invalid` or `_xfail` is deliberately invalid: PTOAS's runop.sh
expects ptoas to refuse it (an XFAIL there), so here it passes when ptoas refuses it with a
located error. The one of v0.60, `Sync/test_frontend_pipe_flag_id_overflow_invalid.pto`, sets
up more pipes than a core's 16 hardware flag ids can serve, which runop.sh checks PTOAS says.
A few stale samples PTOAS refuses under ordinary names are listed, with PTOAS's reason, in
`ptoas_samples_refused.txt`; they too pass when ptoas refuses them with a located error.
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


def reason_table(file_name):
    """{case: reason} of a list beside this script: one case a line, its name, a space and the
    reason; lines starting with // are comments."""
    table = {}
    for line in (Path(__file__).parent / file_name).read_text().splitlines():
        if line.strip() and not line.startswith("//"):
            case, reason = line.split(" ", 1)
            table[case] = reason
    return table


# {sample path: PTOAS's reason} of the stale samples PTOAS refuses.
REFUSED_BY_PTOAS = reason_table("ptoas_samples_refused.txt")


def expects_refusal(rel):
    """Whether PTOAS refuses the sample: its name says it is invalid (runop.sh expects a
    failure) or it is a stale file listed in ptoas_samples_refused.txt."""
    stem = Path(rel).stem
    return stem.endswith("_invalid") or stem.endswith("_xfail") or rel in REFUSED_BY_PTOAS


LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.M)
ENTRY_PROBLEM = re.compile(r"no entry point|entry points \(|to use as the entry")


def assemble(run, ptoas, rel, path, out_path):
    """(ok, detail, kind) for one sample: kind is 'executable' or 'object', or 'refused' for
    a sample PTOAS refuses (expects_refusal) that ptoas refuses too."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if expects_refusal(rel):
        return refuse(run, ptoas, path, archs_of(rel, text)[0], out_path)
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


def refuse(run, ptoas, path, arch, out_path):
    """(ok, detail, 'refused') for a sample ptoas must refuse with a located error."""
    rc, out = run([ptoas, "-c", str(path), "--arch", arch, "-o", out_path], timeout=120)
    if rc == 1 and LOCATED.search(out):
        return True, out, "refused"
    if rc == 0:
        return False, "accepted; PTOAS refuses it", ""
    return False, f"refused without a located error (exit {rc}): {out}", ""
