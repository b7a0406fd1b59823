"""Every file a comment or a document names exists: paths into the project's folders
("common/isa/opcodes.def", "tests/golden/<family>/...") anywhere in a text file, and bare file
names ("cube_rules.cc") in comments and Markdown. A renamed or deleted file then cannot stay
named in the tree. Names of other repositories' files and of build products are listed in
EXTERNAL below, each with where it is used.

    file_references.py --root DIR
"""
import argparse
import os
import re
import subprocess
import sys

TOP = r"(?:asm|interp|common|grammar|tests|samples|docs|bench|scripts|cmake|tools)"
PATH = re.compile(r"(?<![\w./<{-])(" + TOP + r"/[A-Za-z0-9_.*<>/-]*[A-Za-z0-9_*>])")
BARE = re.compile(r"(?<![\w./<-])([a-z][a-z0-9_]*(?:-inl)?\.(?:cc|h|def|inc|yy|re))\b")
TEXT = (".cc", ".h", ".def", ".inc", ".md", ".py", ".txt", ".yy", ".re", ".sh", ".cmake", ".pto")

# Names that are not files of this tree, by the file that uses them.
EXTERNAL = {
    "grammar/parser.hh": "Bison's output, made in the build tree",
    "grammar/lexer.cc": "re2c's output, made in the build tree",
    "grammar/parser.cc": "Bison's output, made in the build tree",
    "asm/ptoas": "the executable, in the build tree",
    "interp/ptorun": "the executable, in the build tree",
    "docs/isa": "pto-isa's instruction pages (cannmirror/pto-isa)",
    "interp/register": "the register layer's folder, to come (interp/README.md)",
    "interp/repeat": "the repeat layer's folder, to come (interp/README.md)",
    "docs/assembly/PTO-AS.md": "PTOAS's assembly reference (hw-native-sys/PTOAS)",
    "tests/golden/kernels/gemm_kloop_": "a prefix completed by the element type",
    "tests/costmodel/st": "pto-isa's cost-model tests (hw-native-sys/pto-isa), docs/cost-model.md",
    "tests/costmodel/st/testcase": "the same, its per-instruction cases",
    "lalr1.cc": "Bison's C++ skeleton",
    "foo.cc": "an example name",
    "foo_test.cc": "an example name",
    "input.re": "a CMake function's parameter",
    "output.cc": "a CMake function's parameter",
}


def comment_text(path, line):
    """The part of \a line a reader sees as prose: all of Markdown, comments elsewhere."""
    if path.endswith(".md"):
        return line
    for marker in ("//", "#"):
        at = line.find(marker)
        if at >= 0 and not line.lstrip().startswith("#include"):
            return line[at:]
    return ""


def source_files(root):
    """The tree's files: git's list in a checkout, else every file outside build/ (a source
    archive, an sdist)."""
    try:
        return subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not (d == root and x in ("build", ".git"))]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return sorted(files)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    files = source_files(args.root)
    existing = set(files)
    dirs = {"/".join(f.split("/")[:i]) for f in files for i in range(1, f.count("/") + 1)}
    basenames = {os.path.basename(f) for f in files}
    problems = []
    for f in files:
        if not (f.endswith(TEXT) or os.path.basename(f) == "CMakeLists.txt"):
            continue
        if f.startswith("tests/fuzz/regressions/"):
            continue  # damaged inputs, kept as found
        with open(os.path.join(args.root, f), encoding="utf-8", errors="replace") as text:
            lines = text.read().split("\n")
        for n, line in enumerate(lines, 1):
            for m in PATH.finditer(line):
                p = m.group(1).rstrip(".")
                if "*" in p or "<" in p or p in EXTERNAL:
                    continue
                if p not in existing and p.rstrip("/") not in dirs:
                    problems.append(f"{f}:{n}: names {p}, which does not exist")
            for m in BARE.finditer(comment_text(f, line)):
                if m.group(1) not in basenames and m.group(1) not in EXTERNAL:
                    problems.append(f"{f}:{n}: names {m.group(1)}, which no file is called")
    for p in problems:
        print(p)
    print(f"{len(problems)} missing file name(s)" if problems else "every named file exists")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
