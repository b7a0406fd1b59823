"""Runs one diagnostic test: a .pto file whose comments say how to run it and which messages
and exit code to expect.

  // RUN: ptoas [--arch a5]          assemble only; the assembler must fail as expected
  // RUN: ptorun ARG ...             assemble (must succeed), then run with ARG ... and fail
  // RUN: ptorun --object ARG ...    the same with an object (ptoas -c) instead of an executable
  // MKFILE: NAME BYTES              create a zero-filled file for ptorun arguments
  // INPUT: inputs/other.pto         another ptoas input (path relative to this file)
  // OBJECT: inputs/lib.pto          another input, first assembled on its own with ptoas -c
  ...source...
  // EXPECT-EXIT: 1
  // EXPECT-STDOUT:                  (optional: what ptorun prints, e.g. tprint; before STDERR)
  // ...
  // EXPECT-STDERR:
  // name.pto:3:5: error: ...

An expected line "..." matches any lines, none included (host times, say).
The file runs under its own name in a scratch directory, so messages name it without a path.
With --update, the EXPECT lines are rewritten from the actual output (review the diff).
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tool_work  # noqa: E402  (tests/tool_work.py: one work directory per run)


def parse(path):
    run, mkfiles, body, exit_code, stderr, stdout = None, [], [], None, None, None
    inputs = []
    with open(path) as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("// EXPECT-EXIT:"):
            exit_code = int(line.split(":", 1)[1])
        elif line == "// EXPECT-STDOUT:":
            stdout = []
        elif stdout is not None and line != "// EXPECT-STDERR:":
            stdout.append(line[3:] if line.startswith("// ") else line[2:])
        elif line == "// EXPECT-STDERR:":
            stderr = [l[3:] if l.startswith("// ") else l[2:] for l in lines[i + 1:]]
            break
        else:
            if line.startswith("// RUN:"):
                run = shlex.split(line.split(":", 1)[1])
            elif line.startswith("// MKFILE:"):
                name, size = line.split(":", 1)[1].split()
                mkfiles.append((name, int(size)))
            elif line.startswith("// INPUT:") or line.startswith("// OBJECT:"):
                kind, other = line[3:].split(":", 1)
                inputs.append((kind, other.strip()))
            body.append(line)
    if run is None:
        sys.exit(f"{path}: no '// RUN:' line")
    return run, mkfiles, body, exit_code, stderr, inputs, stdout


def execute(ptoas, ptorun, path, work):
    run, mkfiles, _, _, _, inputs, _ = parse(path)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    name = os.path.basename(path)
    shutil.copy(path, os.path.join(work, name))
    for file_name, size in mkfiles:
        with open(os.path.join(work, file_name), "wb") as f:
            f.write(bytes(size))
    extra = []
    for kind, other in inputs:
        base = os.path.basename(other)
        shutil.copy(os.path.join(os.path.dirname(path), other), os.path.join(work, base))
        if kind == "OBJECT":
            done = subprocess.run([ptoas, "-c", base, "-o", base + ".ptoo"], cwd=work,
                                  capture_output=True, text=True)
            if done.returncode != 0:
                return 97, f"ptoas -c {base} failed:\n" + done.stderr, ""
            base += ".ptoo"
        extra.append(base)
    tool, args = run[0], run[1:]
    if tool == "ptoas":
        done = subprocess.run([ptoas, name] + extra + ["-o", "out.ptobc"] + args, cwd=work,
                              capture_output=True, text=True)
        if os.path.exists(os.path.join(work, "out.ptobc")) and done.returncode != 0:
            return 99, "a failed ptoas run left out.ptobc behind\n", ""
        return done.returncode, done.stderr, done.stdout
    arch = []
    if "--arch" in args:
        i = args.index("--arch")
        arch, args = args[i:i + 2], args[:i] + args[i + 2:]
    if "--object" in args:
        args.remove("--object")
        arch.append("-c")
    done = subprocess.run([ptoas, name, "-o", "k.ptobc"] + arch, cwd=work, capture_output=True,
                          text=True)
    if done.returncode != 0:
        return 98, "ptoas failed on a ptorun test:\n" + done.stderr, ""
    done = subprocess.run([ptorun, "k.ptobc"] + args, cwd=work, capture_output=True, text=True)
    return done.returncode, done.stderr, done.stdout


def matches(expected, actual):
    """Whether the lines match, each "..." of expected standing for any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ptoas", required=True)
    parser.add_argument("--ptorun", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--update", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    args.work = tool_work.run_directory(args.work)
    ptoas, ptorun = os.path.abspath(args.ptoas), os.path.abspath(args.ptorun)
    failed = 0
    for path in args.files:
        code, stderr, stdout = execute(ptoas, ptorun, path,
                                       os.path.join(args.work, os.path.basename(path)))
        _, _, body, exit_code, expected, _, expected_out = parse(path)
        actual = stderr.rstrip("\n").split("\n") if stderr else []
        actual_out = stdout.rstrip("\n").split("\n") if stdout else []
        if args.update:
            out = ["// EXPECT-STDOUT:"] + [("// " + l).rstrip() for l in actual_out]
            with open(path, "w") as f:
                f.write("\n".join(body + [f"// EXPECT-EXIT: {code}"] +
                                  (out if expected_out is not None or actual_out else []) +
                                  ["// EXPECT-STDERR:"] +
                                  [("// " + l).rstrip() for l in actual]) + "\n")
            print(f"updated {path}")
            continue
        expected = [l.rstrip() for l in (expected or [])]
        actual = [l.rstrip() for l in actual]
        # stdout is checked only when the file lists it (EXPECT-STDOUT)
        out_ok = expected_out is None or matches([l.rstrip() for l in expected_out],
                                                 [l.rstrip() for l in actual_out])
        if code != exit_code or not matches(expected, actual) or not out_ok:
            failed += 1
            print(f"FAIL {path}: exit {code} (expected {exit_code})")
            print("--- expected stderr\n" + "\n".join(expected))
            print("--- actual stderr\n" + "\n".join(actual))
            if not out_ok:
                print("--- expected stdout\n" + "\n".join(expected_out))
                print("--- actual stdout\n" + "\n".join(actual_out))
        else:
            print(f"ok {path}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
