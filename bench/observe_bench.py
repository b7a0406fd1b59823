"""What observing a run costs: ptorun with --trace, --profile (its CSV written too) and
--timeline, each against the same run without them, timed as the user sees it (the whole
command's wall clock, the minimum of interleaved runs) and as the kernel's own time
(ptorun --time, which leaves out the report written after the run).

The programs: the two samples as the README runs them, the whole-kernel softmax benchmark,
the VPTO stream (8 passes over 1 MiB, about 10^5 micro-instructions) and one core's share of
the pipelined fp16 GEMM the cost model is validated on (tests/costmodel/gemm_kernel.py, the
3072^3 GEMM: 576 matmuls on fractal tiles).
"""
import os
import re
import subprocess
import sys
import time

OBSERVE_NAMES = ["observe_sample_softmax", "observe_sample_rmsnorm", "observe_softmax_4096x1024",
                 "observe_vpto_stream", "observe_gemm_3072_share"]
MODES = ("plain", "trace", "profile", "timeline")

_TIME_RE = re.compile(r"ptorun: ran in ([0-9.eE+-]+) us")


def _flags(mode, work):
    return {"plain": [],
            "trace": ["--trace", os.path.join(work, "trace.jsonl")],
            "profile": ["--profile=" + os.path.join(work, "profile.csv")],
            "timeline": ["--timeline", os.path.join(work, "timeline.json")]}[mode]


def _timed(ptorun, prog, args, flags):
    """(wall ns, kernel ns) of one run."""
    t0 = time.perf_counter()
    p = subprocess.run([ptorun, prog, *args, "--time", "--check=off", *flags],
                       capture_output=True, text=True)
    wall = (time.perf_counter() - t0) * 1e9
    m = _TIME_RE.search(p.stderr)
    if p.returncode != 0 or not m:
        raise RuntimeError(f"ptorun failed ({p.returncode}): {p.stderr.strip()[:300]}")
    return wall, float(m.group(1)) * 1e3


def measure(ptorun, prog, args, work, repeats):
    """{mode: (wall ns, kernel ns)}, each the minimum of \a repeats interleaved runs."""
    os.makedirs(work, exist_ok=True)
    best = {m: (float("inf"), float("inf")) for m in MODES}
    for _ in range(repeats):
        for mode in MODES:
            wall, kernel = _timed(ptorun, prog, args, _flags(mode, work))
            best[mode] = (min(best[mode][0], wall), min(best[mode][1], kernel))
    return best


def cases(root, data, gens):
    """(name, program text or sample path, arguments) of each observed benchmark; \a gens
    holds the generators bench.py already has (softmax, the VPTO stream) and the sizes."""
    s = os.path.join(root, "samples")
    return [
        ("observe_sample_softmax", os.path.join(s, "softmax", "softmax.pto"),
         [os.path.join(s, "softmax", "x.bin"), "zeros:4096"]),
        ("observe_sample_rmsnorm", os.path.join(s, "rmsnorm", "rmsnorm.pto"),
         [os.path.join(s, "rmsnorm", "x.bin"), os.path.join(s, "rmsnorm", "gamma.bin"), "zeros:4096"]),
        ("observe_softmax_4096x1024", gens["softmax"](),
         [os.path.join(data, f"x_{gens['R']}x{gens['C']}.f32"), f"zeros:{gens['R'] * gens['C']}"]),
        ("observe_vpto_stream", gens["vpto_stream"](),
         [os.path.join(data, "vs_x.f32"), os.path.join(data, "vs_y.f32"), f"zeros:{gens['STREAM_N']}", "8"]),
        ("observe_gemm_3072_share", _gemm_kernel(root).gemm_kernel(3072),
         [f"zeros:{n}" for n in _gemm_kernel(root).input_bytes(3072)]),
    ]


def _gemm_kernel(root):
    """tests/costmodel/gemm_kernel.py, the validated GEMM's generator."""
    sys.path.insert(0, os.path.join(root, "tests", "costmodel"))
    import gemm_kernel  # noqa: E402  (a file of the tests, not a package)
    return gemm_kernel


def print_rows(rows, width):
    """The section of the report."""
    names = [n for n in OBSERVE_NAMES if "plain_wall_ns" in rows.get(n, {})]
    if not names:
        return
    print("observing a run: --trace / --profile / --timeline against the same run without them")
    print(f"{'benchmark':<{width}} {'plain':>10} {'trace':>8} {'profile':>8} {'timeline':>8}   "
          "(wall clock of the command; kernel time alone in brackets)")
    for n in names:
        r = rows[n]
        cells = [f"{r[m + '_wall_ns'] / r['plain_wall_ns']:.2f}x" for m in MODES[1:]]
        kernel = "  ".join(f"{r[m + '_kernel_ns'] / r['plain_kernel_ns']:.2f}x" for m in MODES[1:])
        print(f"{n:<{width}} {r['plain_wall_ns'] / 1e6:>8.1f}ms {cells[0]:>8} {cells[1]:>8} "
              f"{cells[2]:>8}   [{kernel}]")
    print()


def targets(rows):
    """[(ok, label, measured, limit)]: --trace and --profile within 3x of a plain run."""
    out = []
    for n in OBSERVE_NAMES:
        r = rows.get(n, {})
        if "plain_wall_ns" not in r:
            continue
        for mode in ("trace", "profile"):
            x = r[mode + "_wall_ns"] / r["plain_wall_ns"]
            out.append((x <= 3.0, f"{n}: --{mode} / plain run", f"{x:.2f}x", "<= 3x"))
    return out
