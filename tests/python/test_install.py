"""The module installs as users install it: `pip install .` into a virtual environment (offline:
the build backend needs nothing from PyPI), and `cmake --install` (staged with DESTDIR); each
installed copy imports and runs a kernel whose result numpy checks.

Run by ctest with PTO_SOURCE_DIR and PTO_BUILD_DIR set (the build is reused, not redone).
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import unittest

ROOT = os.path.abspath(os.environ.get("PTO_SOURCE_DIR",
                                      os.path.join(os.path.dirname(__file__), "..", "..")))
BUILD = os.environ.get("PTO_BUILD_DIR", os.path.join(ROOT, "build"))

# Runs in the installed copy's Python: the README's first kernel (samples/scale), checked
# against numpy.
CHECK = r"""
import numpy as np, ptorun, sys
assert ptorun.__file__.startswith(sys.argv[1]), ptorun.__file__
k = ptorun.assemble(sys.argv[2])
x = np.arange(256, dtype=np.float32)
y = k.run(x, (256,))
assert np.array_equal(y, x * np.float32(2.5)), y[:4]
print("ok", ptorun.__version__)
"""



class Install(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="ptorun-install-")
        self.kernel = os.path.join(ROOT, "samples", "scale", "scale.pto")

    def tearDown(self):
        shutil.rmtree(self.work, ignore_errors=True)

    def check(self, python, where, env=None):
        done = subprocess.run([python, "-c", CHECK, where, self.kernel], capture_output=True,
                              text=True, cwd=self.work, env=env)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertTrue(done.stdout.startswith("ok "), done.stdout)

    def test_pip_install_into_a_venv(self):
        venv = os.path.join(self.work, "venv")
        # System site packages give the venv Debian's numpy (PyPI is out of reach).
        made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv],
                              capture_output=True, text=True)
        self.assertEqual(made.returncode, 0, "python3 -m venv failed (is python3-venv "
                         "installed?):\n" + made.stderr)
        python = os.path.join(venv, "bin", "python")
        env = dict(os.environ, PTO_BUILD_DIR=BUILD, PIP_NO_INDEX="1")
        done = subprocess.run([python, "-m", "pip", "install", "--quiet", ROOT],
                              capture_output=True, text=True, env=env)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        env.pop("PYTHONPATH", None)
        self.check(python, venv, env)

    def test_cmake_install(self):
        stage = os.path.join(self.work, "stage")
        env = dict(os.environ, DESTDIR=stage)
        done = subprocess.run(["cmake", "--install", BUILD, "--strip"], capture_output=True,
                              text=True, env=env)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        platlib = stage + sysconfig.get_path("platlib")
        self.assertTrue(os.path.exists(os.path.join(platlib, "ptorun", "__init__.py")), platlib)
        for tool in ("ptoas", "ptorun"):
            found = [os.path.join(d, tool) for d, _, files in os.walk(stage) if tool in files]
            self.assertTrue(found, f"{tool} not installed under {stage}")
        env = dict(os.environ, PYTHONPATH=platlib)
        self.check(sys.executable, platlib, env)


if __name__ == "__main__":
    unittest.main()
