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

# Runs in the installed copy's Python: a kernel from the README, checked against numpy.
CHECK = r"""
import numpy as np, ptorun, sys
assert ptorun.__file__.startswith(sys.argv[1]), ptorun.__file__
k = ptorun.assemble(sys.argv[2])
x = np.arange(256, dtype=np.float32)
y = k.run(x, (256,), 2.5)
assert np.array_equal(y, x * np.float32(2.5)), y[:4]
print("ok", ptorun.__version__)
"""

KERNEL = """module {
  func.func @scale(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %k: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %xv = pto.make_tensor_view %x, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %yv = pto.make_tensor_view %y, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %xp = pto.partition_view %xv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %yp = pto.partition_view %yv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tload ins(%xp : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
    pto.tmuls ins(%t, %k : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf32>) outs(%yp : !pto.partition_tensor_view<16x16xf32>)
    return
  }
}
"""


class Install(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="ptorun-install-")
        self.kernel = os.path.join(self.work, "scale.pto")
        with open(self.kernel, "w") as f:
            f.write(KERNEL)

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
