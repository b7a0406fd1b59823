"""Runs ptoas and ptorun on inputs made to exhaust them: nesting far deeper than the limit, a
large source under a small address-space limit (ulimit -v), endless and blocking inputs, many
blocks. Each must end in an error message or success within seconds, never a crash, a hang
or a half-written output."""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import deep_inputs  # noqa: E402

PROGRAM = """func.func @main(%a: memref<16xf32>) attributes {pto.entry} {
  return
}
"""
# A loop of %n empty steps.
SPIN = """module {
  func.func @spin(%y: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
    }
    return
  }
}
"""


def run(cmd, cwd, memory=None, timeout=60, env=None):
    """The command's exit status and standard error, under an address-space limit in bytes,
    with \a env added to the environment."""
    def limit():
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace",
                          preexec_fn=limit, timeout=timeout, env={**os.environ, **(env or {})})
    return done.returncode, done.stderr


# Pointers whose tensor views have sizes the code gives: constants, or a scalar argument
# (%n = 8: 4 + 7 * 8 + 7 + 1 = 68 elements from the start of %y).
VIEWS = """module {
  func.func @views(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %vx = pto.make_tensor_view %x, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %y4 = pto.addptr %y, %c4 : !pto.ptr<f32> -> !pto.ptr<f32>
    %vy = pto.make_tensor_view %y4, shape = [%n, %n], strides = [%n, %c1] : !pto.tensor_view<?x?xf32>
    return
  }
}
"""


def check_pointer_reach(args, work, expect, problems):
    """A pipe or device given for a pointer is read no further than the pointer's tensor views
    reach (and a .npy header's room), not to the arguments' budget; a regular file is taken
    whole."""
    with open(os.path.join(work, "views.pto"), "w") as f:
        f.write(VIEWS)
    status, err = run([args.ptoas, "views.pto", "-o", "views.ptobc"], work)
    expect("ptoas views.pto", status, err, 0, "")
    status, err = run([args.ptorun, "views.ptobc", "/dev/zero", "zeros:68", "8"], work,
                      timeout=10)
    expect("ptorun /dev/zero for a pointer with static views", status, err, 1,
           "argument for %x: /dev/zero gives more than the 1024 bytes the kernel's tensor views")
    status, err = run([args.ptorun, "views.ptobc", "zeros:256", "/dev/zero", "8"], work,
                      timeout=10)
    expect("ptorun /dev/zero for a pointer with views sized by %n", status, err, 1,
           "argument for %y: /dev/zero gives more than the 272 bytes")
    with open(os.path.join(work, "long.bin"), "wb") as f:
        f.write(bytes(4096))
    status, err = run([args.ptorun, "views.ptobc", "long.bin", "zeros:68", "8"], work)
    expect("ptorun a regular file longer than the views", status, err, 0, "")
    done = subprocess.run([args.ptorun, "views.ptobc", "-", "zeros:68", "8"], cwd=work,
                          input=bytes(1024), capture_output=True, timeout=10)
    if done.returncode != 0:
        problems.append(f"ptorun a pipe as long as the views: {done.stderr[:300]!r}")


def check_spilled_records(args, work, expect, problems):
    """--profile's and --timeline's records beyond PTO_RECORDS_MEMORY live in a temporary
    file: the same timeline and profile as in memory, and a clear error when no file can be
    made."""
    def outputs(name, env):
        status, err = run([args.ptorun, "spin.ptobc", "zeros:16", "60000", "--timeline", name,
                           "--profile"], work, env=env)
        expect(f"ptorun --timeline --profile with {env}", status, err, 0, "")
        with open(os.path.join(work, name), "rb") as f:
            # the estimate, not the host's time (which differs from run to run)
            return f.read(), err.split("host time")[0]
    in_memory = outputs("mem.json", {})
    spilled = outputs("file.json", {"PTO_RECORDS_MEMORY": "0"})
    if in_memory != spilled or in_memory[0].count(b'"name":"for_next"') != 60000:
        problems.append("ptorun: the records in the temporary file gave another timeline or "
                        "profile than in memory")
    status, err = run([args.ptorun, "spin.ptobc", "zeros:16", "10", "--profile"], work,
                      env={"PTO_RECORDS_MEMORY": "0", "TMPDIR": "/nonexistent/dir"})
    expect("ptorun --profile with no temporary file", status, err, 1,
           "no temporary file could be made in /nonexistent/dir (TMPDIR)")
    status, err = run([args.ptorun, "spin.ptobc", "zeros:16", "10", "--profile"], work,
                      env={"PTO_RECORDS_MEMORY": "1k"})
    expect("ptorun PTO_RECORDS_MEMORY=1k", status, err, 0,
           "PTO_RECORDS_MEMORY=1k is not a byte count")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--ptorun", required=True)
    args = parser.parse_args()
    problems = []

    def expect(what, status, stderr, code, text):
        if status != code or text not in stderr:
            problems.append(f"{what}: exit {status} (expected {code}), stderr:\n"
                            f"{stderr[:400]}\n(expected to contain {text!r})")

    with tempfile.TemporaryDirectory() as work:
        for name, text in deep_inputs.deep_cases(scale=40):
            path = os.path.join(work, name + ".pto")
            with open(path, "w") as f:
                f.write(text)
            status, err = run([args.ptoas, path, "-o", "deep.ptobc"], work)
            if name == "alias-chain":  # each alias is read once, where it is defined
                expect(name, status, err, 0, "")
            else:
                expect(name, status, err, 1, "nest more than 256 deep")

        # A large source under a small address-space limit: "out of memory", no output.
        big = os.path.join(work, "big.pto")
        with open(big, "w") as f:
            f.write(deep_inputs.many_functions(60000))
        status, err = run([args.ptoas, big, "-o", "big.ptobc"], work, memory=96 << 20)
        expect("ptoas under ulimit -v", status, err, 1, "ptoas: error: out of memory")
        if any(n.startswith("big.ptobc") for n in os.listdir(work)):
            problems.append("ptoas under ulimit -v left an output file")
        status, err = run([args.ptoas, "/dev/zero", "-o", "zero.ptobc"], work,
                          memory=512 << 20)
        expect("ptoas /dev/zero under ulimit -v", status, err, 1, "out of memory")

        # Endless and blocking arguments: read no more than the parameter holds.
        with open(os.path.join(work, "m.pto"), "w") as f:
            f.write(PROGRAM)
        status, err = run([args.ptoas, "m.pto", "-o", "m.ptobc"], work)
        expect("ptoas m.pto", status, err, 0, "")
        status, err = run([args.ptorun, "m.ptobc", "/dev/zero"], work, timeout=10)
        expect("ptorun /dev/zero", status, err, 1, "/dev/zero has more than 64 bytes")
        # Two endless inputs of pointers (no size of their own) under 1 GiB: each is read to
        # the arguments' budget (half the limit) and refused, holding no more than that, and
        # nothing of the first is kept while the second is read: two clean errors.
        with open(os.path.join(work, "two.pto"), "w") as f:
            f.write("module {\n  func.func @two(%x: !pto.ptr<i64>, %y: !pto.ptr<ui64>) {\n"
                    "    return\n  }\n}\n")
        status, err = run([args.ptoas, "two.pto", "-o", "two.ptobc"], work)
        expect("ptoas two.pto", status, err, 0, "")
        status, err = run([args.ptorun, "two.ptobc", "/dev/zero", "/dev/zero"], work,
                          memory=1 << 30, timeout=120)
        expect("ptorun two endless pointer inputs", status, err, 1,
               "argument for %y: /dev/zero is larger than")
        if "out of memory" in err or "argument for %x: /dev/zero is larger than" not in err:
            problems.append(f"ptorun two endless pointer inputs: {err[:400]}")
        check_pointer_reach(args, work, expect, problems)
        os.mkfifo(os.path.join(work, "fifo"))
        status, err = run([args.ptorun, "m.ptobc", "fifo"], work, timeout=10)
        expect("ptorun FIFO", status, err, 1, "fifo has 0 bytes")

        # More threads than the system gives (their stacks do not fit 2 GiB): the run takes
        # the threads it gets, no std::terminate.
        status, err = run([args.ptorun, "m.ptobc", "zeros:16", "--blocks", "600",
                           "--threads", "600"], work, memory=2 << 30)
        expect("ptorun --blocks 600 --threads 600 under ulimit -v", status, err, 0, "")
        # Cores that run side by side (cube and vector halves), 64 blocks at once, in 80 MiB:
        # a clean error (out of memory, or the threads refused), never an abort.
        kernel = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden", "pipe",
                              "c2v_split_rows", "kernel.pto")
        status, err = run([args.ptoas, "--arch", "a5", kernel, "-o", "c2v.ptobc"], work)
        expect("ptoas c2v_split_rows", status, err, 0, "")
        status, err = run([args.ptorun, "c2v.ptobc", *["zeros:1024"] * 4, "--blocks", "64",
                           "--threads", "64"], work, memory=80 << 20)
        expect("ptorun cores apart under ulimit -v", status, err, 1, "ptorun: error:")

        # A trace larger than the memory allowed: the records go to disk as they are made
        # (140 MB of them under a 100 MiB address space), then to the file in order.
        with open(os.path.join(work, "spin.pto"), "w") as f:
            f.write(SPIN)
        status, err = run([args.ptoas, "spin.pto", "-o", "spin.ptobc"], work)
        expect("ptoas spin.pto", status, err, 0, "")
        status, err = run([args.ptorun, "spin.ptobc", "zeros:16", "500000", "--trace",
                           "t.jsonl", "--trace-limit", "10000000"], work, memory=100 << 20)
        expect("ptorun --trace larger than memory", status, err, 0, "")
        trace = os.path.join(work, "t.jsonl")
        size = os.path.getsize(trace) if os.path.exists(trace) else 0
        with open(trace, "rb") as f:
            f.seek(max(0, size - 200))
            last = f.read().splitlines()[-1] if size else b""
        if size < 100 << 20 or b'"step":500002' not in last or b'"op":"return"' not in last:
            problems.append(f"ptorun --trace larger than memory: {size} bytes, last record {last!r}")
        os.remove(trace)
        # The timeline too: 73 MB of JSON under 100 MiB, written as it is made.
        status, err = run([args.ptorun, "spin.ptobc", "zeros:16", "500000", "--timeline",
                           "tl.json", "--trace-limit", "10000000"], work, memory=100 << 20)
        expect("ptorun --timeline larger than memory", status, err, 0, "")
        timeline = os.path.join(work, "tl.json")
        events = len(json.load(open(timeline))["traceEvents"]) if status == 0 else 0
        if events != 500006:
            problems.append(f"ptorun --timeline larger than memory: {events} events")
        os.remove(timeline)
        check_spilled_records(args, work, expect, problems)

        # Many blocks, one thread: each block's memories exist only while it runs.
        status, err = run([args.ptorun, "m.ptobc", "zeros:16", "--blocks", "100000",
                           "--threads", "1"], work, memory=2 << 30)
        expect("ptorun --blocks 100000", status, err, 0, "")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
