"""The README's examples run as written: the "End to end" and "Profiling a kernel" commands print
what the README shows, and the "From Python" blocks run and print what their comments say.

Run by ctest with PYTHONPATH at build/python, PTO_SOURCE_DIR and PTO_BUILD_DIR set.
"""
import contextlib
import io
import os
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.abspath(os.environ.get("PTO_SOURCE_DIR",
                                      os.path.join(os.path.dirname(__file__), "..", "..")))
BUILD = os.environ.get("PTO_BUILD_DIR", os.path.join(ROOT, "build"))


def section(title):
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    start = text.index("\n## " + title)
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def blocks(text, lang):
    """The fenced blocks of \a text whose fence names \a lang ("" for none), in order."""
    found, current, current_lang = [], None, None
    for line in text.splitlines():
        if current is None and line.startswith("```"):
            current, current_lang = [], line[3:].strip()
        elif current is not None and line.strip() == "```":
            if current_lang == lang:
                found.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return found


class Readme(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="ptorun-readme-")
        shutil.copytree(os.path.join(ROOT, "samples", "scale"),
                        os.path.join(self.work, "samples", "scale"))

    def tearDown(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def run_commands(self, commands):
        """Runs a README block's commands in the work directory, each of which must succeed
        (the build tree's tools for build/...); the last one's result."""
        for line in commands.strip().splitlines():
            line = line.replace("build/asm/ptoas", os.path.join(BUILD, "asm", "ptoas"))
            line = line.replace("build/interp/ptorun", os.path.join(BUILD, "interp", "ptorun"))
            done = subprocess.run(line, shell=True, cwd=self.work, capture_output=True, text=True)
            self.assertEqual(done.returncode, 0, line + "\n" + done.stderr)
        return done

    def test_end_to_end(self):
        text = section("ptorun")
        start = text.index("End to end")
        commands, shown = blocks(text[start:], "sh")[0], blocks(text[start:], "")[0]
        done = self.run_commands(commands)
        self.assertEqual(done.stderr, shown)
        self.assertTrue(os.path.exists(os.path.join(self.work, "y.npy")))

    def test_profiling(self):
        # the commands as written; the output shown is the run's, with "..." for lines left out
        text = section("Profiling a kernel")
        shutil.copytree(os.path.join(ROOT, "samples", "softmax"),
                        os.path.join(self.work, "samples", "softmax"))
        commands, shown = blocks(text, "sh")[0], blocks(text, "")[0]
        done = self.run_commands(commands)
        printed = done.stderr.splitlines()
        at = 0
        for line in shown.splitlines():
            if line.strip() == "...":
                continue
            self.assertIn(line, printed[at:], done.stderr)
            at = printed.index(line, at) + 1
        self.assertTrue(os.path.exists(os.path.join(self.work, "softmax.json")))

    def test_from_python(self):
        code = blocks(section("From Python"), "python")
        self.assertEqual(len(code), 2)
        out = io.StringIO()
        scope = {}
        cwd = os.getcwd()
        os.chdir(self.work)
        try:
            with contextlib.redirect_stdout(out):
                for block in code:
                    exec(compile(block, "README.md", "exec"), scope)
        finally:
            os.chdir(cwd)
        self.assertTrue(os.path.exists(os.path.join(self.work, "scale.json")))
        # Each print's comment says what it prints (up to an ellipsis).
        printed = out.getvalue().splitlines()
        said = [line.split("# ", 1)[1] for block in code for line in block.splitlines()
                if line.lstrip().startswith("print(") and "# " in line]
        self.assertEqual(len(printed), len([l for b in code for l in b.splitlines()
                                            if l.lstrip().startswith("print(")]))
        for comment in said:
            prefix = comment.split("...")[0].rstrip(", ")
            self.assertTrue(any(p.startswith(prefix) for p in printed), (comment, printed))


if __name__ == "__main__":
    unittest.main()
