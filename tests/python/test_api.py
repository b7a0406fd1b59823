"""The ptorun module's API: assembling (paths, text, lists to link, saved bytecode), running on
numpy arrays (positional and named arguments, allocated outputs, write-back, options), bf16,
every exception class, the Result's stats/trace/profile/timeline, and the GIL released while a
kernel runs. Expected values are always computed here with numpy.

Run: PYTHONPATH=build/python python3 -m unittest discover -s tests/python -p test_api.py
PTO_SOURCE_DIR names the source tree (default: two directories up).
"""
import json
import os
import pathlib
import tempfile
import threading
import time
import unittest

import numpy as np

import ptorun

ROOT = pathlib.Path(os.environ.get("PTO_SOURCE_DIR",
                                   pathlib.Path(__file__).resolve().parents[2]))
GOLDEN = ROOT / "tests" / "golden"
ERRORS = ROOT / "tests" / "errors"

_VIEW = "strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>"
_TILE = "!pto.tile_buf<vec, 16x16xf32>"


def _scale_body(body):
    """A 16x16 f32 kernel: load %x into %t, run body on it, store %t to %y."""
    return f"""
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %xv = pto.make_tensor_view %x, shape = [%c16, %c16], {_VIEW}
    %yv = pto.make_tensor_view %y, shape = [%c16, %c16], {_VIEW}
    %t = pto.alloc_tile : {_TILE}
    pto.tload ins(%xv : !pto.tensor_view<?x?xf32>) outs(%t : {_TILE})
{body}
    pto.tstore ins(%t : {_TILE}) outs(%yv : !pto.tensor_view<?x?xf32>)
    return
  }}"""


# y = x * k (the entry), and @negate: y = -x. Line 5 makes the view of %x.
SCALE = ("module {\n  func.func @scale(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %k: f32) "
         "attributes {pto.entry} {"
         + _scale_body(f"    pto.tmuls ins(%t, %k : {_TILE}, f32) outs(%t : {_TILE})")
         + "\n  func.func @negate(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {\n"
         + "    %m = arith.constant -1.0 : f32"
         + _scale_body(f"    pto.tmuls ins(%t, %m : {_TILE}, f32) outs(%t : {_TILE})")
         + "\n}\n")
SCALE_X_VIEW_LINE = 5

def _python_on_kernel(code, source):
    """Runs Python \a code in a process of its own, sys.argv[1] naming a file of \a source
    (for what a test must not do to its own process: limits, signals); the finished process."""
    import subprocess
    import sys
    with tempfile.TemporaryDirectory() as d:
        src = pathlib.Path(d) / "kernel.pto"
        src.write_text(source)
        return subprocess.run([sys.executable, "-c", code, str(src)], capture_output=True,
                              text=True, timeout=120)


# y = -x if %neg else x (an i1 parameter).
PICK = ("module {\n  func.func @pick(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %neg: i1) {\n"
        "    %m = arith.constant -1.0 : f32"
        + _scale_body(f"    scf.if %neg {{\n      pto.tmuls ins(%t, %m : {_TILE}, f32) "
                      f"outs(%t : {_TILE})\n    }}")
        + "\n}\n")

# y = x + n on a 64x64 tile, one tadds per iteration of an scf.for: a long run.
_T64 = "!pto.tile_buf<vec, 64x64xf32>"
SPIN = f"""module {{
  func.func @spin(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %n: index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %xv = pto.make_tensor_view %x, shape = [%c64, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %yv = pto.make_tensor_view %y, shape = [%c64, %c64], strides = [%c64, %c1] : !pto.tensor_view<?x?xf32>
    %t = pto.alloc_tile : {_T64}
    pto.tload ins(%xv : !pto.tensor_view<?x?xf32>) outs(%t : {_T64})
    scf.for %i = %c0 to %n step %c1 {{
      pto.tadds ins(%t, %one : {_T64}, f32) outs(%t : {_T64})
    }}
    pto.tstore ins(%t : {_T64}) outs(%yv : !pto.tensor_view<?x?xf32>)
    return
  }}
}}
"""

# The synchronous form: a tile parameter and a result tile.
TABS = """.arg %src : !pto.tile<16x16xf32>
%dst = tabs %src : !pto.tile<16x16xf32> -> !pto.tile<16x16xf32>
"""

BF16_ADD = """.arg %a : !pto.tile<16x16xbf16>
.arg %b : !pto.tile<16x16xbf16>
%sum = tadd %a, %b : !pto.tile<16x16xbf16>
"""

# Integer scalars.
SCALARS = """module {
  func.func @k(%small: i8, %big: ui64) {
    return
  }
}
"""


def to_bf16(f):
    """float32 values as bf16 bit patterns, rounded to nearest even (finite values)."""
    b = np.asarray(f, np.float32).view(np.uint32).astype(np.uint64)
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16(h):
    return (np.asarray(h, np.uint16).astype(np.uint32) << 16).view(np.float32)


X = np.arange(-128, 128, dtype=np.float32) * np.float32(0.75)


class Assemble(unittest.TestCase):
    def test_path_str_and_pathlib(self):
        path = GOLDEN / "control" / "multiblock_rows" / "kernel.pto"
        for source in (str(path), path):
            k = ptorun.assemble(source)
            self.assertEqual(k.entry, "rownorm_blocks")
            self.assertEqual(k.arch, "a2a3")
            self.assertEqual(k.functions, ["rownorm_blocks"])
            self.assertEqual([(p.name, p.kind, p.dtype) for p in k.params],
                             [("x", "pointer", "f32"), ("y", "pointer", "f32"),
                              ("m", "scalar", "index")])

    def test_text(self):
        k = ptorun.assemble(SCALE)
        self.assertEqual(k.functions, ["scale", "negate"])
        self.assertEqual(k.entry, "scale")
        self.assertEqual(k.params[2].name, "k")
        self.assertEqual(k.params[2].dtype, "f32")
        self.assertEqual([p.name for p in k.params_of("negate")], ["x", "y"])
        listing = k.listing()
        self.assertIn("func.func @scale", listing)
        self.assertIn("func.func @negate", listing)
        # the listing is the program: it assembles into the same bytecode
        self.assertEqual(ptorun.assemble(listing).bytecode, k.bytecode)
        self.assertEqual(ptorun.assemble(BF16_ADD, arch="a5").arch, "a5")
        # what an interactive session shows
        self.assertEqual(repr(k), "<ptorun.Kernel @scale(%x: pointer f32, %y: pointer f32, "
                                  "%k: scalar f32) a2a3>")

    def test_link_list(self):
        d = GOLDEN / "control" / "link_three_files"
        k = ptorun.assemble([d / "kernel.pto", str(d / "tile_io.pto"), d / "tile_math.pto"])
        self.assertEqual(k.entry, "affine_rows")
        self.assertEqual(set(k.functions),
                         {"affine_rows", "load_rows", "store_rows", "affine", "slabs"})
        x = np.random.default_rng(2024).uniform(-10, 10, (48, 64)).astype(np.float32)
        y = k.run(x, x.shape, 48, 1.5, -0.25)
        np.testing.assert_array_equal(y, x * np.float32(1.5) + np.float32(-0.25))

    def test_save_and_load(self):
        k = ptorun.assemble(SCALE)
        with tempfile.TemporaryDirectory() as tmp:
            path = pathlib.Path(tmp) / "scale.ptobc"
            k.save(path)
            loaded = ptorun.load(path)
        self.assertEqual(loaded.bytecode, k.bytecode)
        self.assertEqual(loaded.functions, k.functions)
        self.assertEqual([repr(p) for p in loaded.params], [repr(p) for p in k.params])
        np.testing.assert_array_equal(loaded.run(X, X.shape, 2.0), X * 2)
        np.testing.assert_array_equal(ptorun.assemble(k.bytecode).run(X, 256, 3.0), X * 3)


class Run(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.k = ptorun.assemble(SCALE)

    def test_positional_and_named(self):
        y = np.zeros(256, np.float32)
        self.assertIsNone(self.k.run(X, y, 2.5))
        np.testing.assert_array_equal(y, X * np.float32(2.5))
        np.testing.assert_array_equal(self.k.run(X, (256,), k=-1.25), X * np.float32(-1.25))
        np.testing.assert_array_equal(self.k.run(k=0.5, y=256, x=X), X * np.float32(0.5))
        np.testing.assert_array_equal(self.k.run(X, 256, **{"%k": 4}), X * 4)

    def test_shapes_allocate(self):
        y = self.k.run(X, (16, 16), 2.0)
        self.assertEqual((y.shape, y.dtype), ((16, 16), np.float32))
        np.testing.assert_array_equal(y, (X * 2).reshape(16, 16))
        y = self.k.run(X, 256, 2.0)
        self.assertEqual(y.shape, (256,))
        # two allocated outputs: a tuple; None: a memref parameter's own shape
        k = ptorun.assemble(GOLDEN / "memory" / "sync_indexed" / "kernel.pto")
        sv = np.arange(32 * 64, dtype=np.float32).reshape(32, 64)
        out, out2 = k.run(sv, 13, None, None)
        want, want2 = np.zeros((32, 64), np.float32), np.zeros((8, 64), np.float32)
        want[8:24] = sv[13:29]
        want2[:, 32:] = sv[2:10, 16:48]
        np.testing.assert_array_equal(out, want)
        np.testing.assert_array_equal(out2, want2)
        # None for a sync-form tile parameter: zeros of its shape, returned
        src = ptorun.assemble(TABS).run(None)
        np.testing.assert_array_equal(src, np.zeros((16, 16), np.float32))

    def test_strided_output_written_back(self):
        big = np.full((256, 3), 7.0, np.float32)
        self.k.run(X, big[:, 1], 2.0)
        np.testing.assert_array_equal(big[:, 1], X * 2)
        np.testing.assert_array_equal(big[:, [0, 2]], 7.0)
        rev = np.zeros(512, np.float32)[::-2]
        self.k.run(X, rev, 3.0)
        np.testing.assert_array_equal(rev, X * 3)

    def test_read_only(self):
        x = X.copy()
        x.flags.writeable = False
        np.testing.assert_array_equal(self.k.run(x, 256, 2.0), X * 2)
        np.testing.assert_array_equal(x, X)
        y = np.zeros(256, np.float32)
        y.flags.writeable = False
        with self.assertRaises(ptorun.RunError) as cm:
            self.k.run(X, y, 2.0)
        self.assertIn("%y", str(cm.exception))
        self.assertIn("read-only", cm.exception.message)
        np.testing.assert_array_equal(y, 0)

    def test_shared_memory(self):
        # One array for two parameters the kernel only reads is fine; written, refused.
        base = np.zeros(512, np.float32)
        x = base[:256]
        x[:] = X
        for y in (x, x.reshape(16, 16), base[128:384]):
            with self.assertRaises(ptorun.RunError) as cm:
                self.k.run(x, y, 2.0)
            self.assertIn("shares memory with %x", str(cm.exception))
        np.testing.assert_array_equal(x, X)
        x = X.copy()
        y = np.zeros(256, np.float32)
        self.k.run(x, y, 1.0)       # y = x: the kernel writes y with x's values
        z = x.copy()
        self.k.run(z, z, 1.0)       # y aliases x and is written with the same bytes: allowed
        np.testing.assert_array_equal(z, X)

    def test_list_and_scalar_types(self):
        np.testing.assert_array_equal(self.k.run(X.tolist(), 256, 2.0), X * 2)
        for k in (np.float32(1.5), np.float64(1.5), np.array(1.5)):
            np.testing.assert_array_equal(self.k.run(X, 256, k), X * np.float32(1.5))
        np.testing.assert_array_equal(self.k.run(X, 256, 3), X * 3)          # int for f32
        np.testing.assert_array_equal(self.k.run(X, 256, np.int16(-2)), X * -2)
        np.testing.assert_array_equal(self.k.run(X, 256, 2**70), X * np.float32(2.0**70))
        big = X.astype(">f4")                                                # big-endian
        out = np.zeros(256, ">f4")
        self.k.run(big, out, 2.0)
        np.testing.assert_array_equal(out, X * 2)

    def test_bool_for_i1(self):
        k = ptorun.assemble(PICK)
        self.assertEqual(k.params[2].dtype, "i1")
        np.testing.assert_array_equal(k.run(X, 256, True), -X)
        np.testing.assert_array_equal(k.run(X, 256, False), X)
        np.testing.assert_array_equal(k.run(X, 256, np.bool_(True)), -X)

    def test_blocks_and_threads(self):
        k = ptorun.assemble(GOLDEN / "control" / "multiblock_rows" / "kernel.pto")
        rng = np.random.default_rng(6464)
        x = (rng.normal(size=(64, 128)) * rng.uniform(0.5, 3, (64, 1))).astype(np.float32)
        r = k.launch(x, x.shape, 64, blocks=4, trace=True)
        self.assertEqual({t["block"] for t in r.trace}, {0, 1, 2, 3})
        xc = x.astype(np.float64) - x.mean(axis=1, keepdims=True, dtype=np.float64)
        want = xc / np.sqrt((xc * xc).mean(axis=1, keepdims=True) + 1e-5)
        np.testing.assert_allclose(r.value, want, rtol=1e-5, atol=1e-6)
        one = k.run(x, x.shape, 64, blocks=4, threads=1)
        np.testing.assert_array_equal(one, r.value)
        np.testing.assert_array_equal(k.run(x, x.shape, 64, blocks=3), r.value)

    def test_more_threads_than_the_system_gives(self):
        # Under a 2 GiB address space 600 threads' stacks do not fit: the run takes the
        # threads it gets (blocks need not run at once) instead of aborting the interpreter.
        code = ("import resource, sys, numpy as np, ptorun\n"
                "resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"
                "k = ptorun.assemble(sys.argv[1])\n"
                "x = np.ones(256, np.float32)\n"
                "y = k.run(x, 256, 3.0, blocks=600, threads=600, check=\"off\")\n"
                "print(float(y[0]))\n")
        done = _python_on_kernel(code, SCALE)
        self.assertEqual(done.returncode, 0, done.stderr[-2000:])
        self.assertEqual(done.stdout.strip(), "3.0")

    def test_ctrl_c_stops_a_runaway_kernel(self):
        # SIGINT half a second into a loop of 10^15 steps: KeyboardInterrupt within a second
        # or two, the output array untouched.
        code = ("import os, signal, sys, threading, time, numpy as np, ptorun\n"
                "k = ptorun.assemble(sys.argv[1])\n"
                "y = np.full(16, 7.0, np.float32)\n"
                "threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
                "start = time.monotonic()\n"
                "try:\n"
                "    k.run(y, 10**15, max_steps=10**15)\n"
                "    print('finished')\n"
                "except KeyboardInterrupt:\n"
                "    print('interrupted', round(time.monotonic() - start, 1), float(y[0]))\n")
        spin = ("module {\n  func.func @spin(%y: !pto.ptr<f32>, %n: index) {\n"
                "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
                "    scf.for %i = %c0 to %n step %c1 {\n    }\n    return\n  }\n}\n")
        done = _python_on_kernel(code, spin)
        self.assertEqual(done.returncode, 0, done.stderr[-2000:])
        words = done.stdout.split()
        self.assertEqual(words[0], "interrupted", done.stdout)
        self.assertLess(float(words[1]), 3.0)
        self.assertEqual(float(words[2]), 7.0)

    def test_run_options_are_whole_numbers_in_range(self):
        k = self.k
        with self.assertRaises(ValueError) as cm:
            k.run(X, 256, 1.0, blocks=2**40)
        self.assertIn("blocks must be from 1 to 2147483647", str(cm.exception))
        for bad in (2.7, True, "2"):
            with self.assertRaises(TypeError) as cm:
                k.run(X, 256, 1.0, blocks=bad)
            self.assertIn("blocks must be a whole number", str(cm.exception))
        with self.assertRaises(ValueError):
            k.run(X, 256, 1.0, max_steps=2**63)
        np.testing.assert_array_equal(k.run(X, 256, 2.0, threads=np.int64(2)), X * 2)

    def test_assemble_reads_no_endless_file(self):
        with self.assertRaises(ptorun.AssemblyError) as cm:
            ptorun.assemble("/dev/zero")
        self.assertIn("ptoas: error: /dev/zero has more than 1073741824 bytes", cm.exception.text)

    def test_one_kernel_from_several_threads(self):
        # Each run has its own buffers and memories; the kernel is shared, read-only.
        results = [None] * 6

        def work(i):
            results[i] = self.k.run(X, 256, float(i))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(len(results))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for i, y in enumerate(results):
            np.testing.assert_array_equal(y, X * np.float32(i))

    def test_entry(self):
        np.testing.assert_array_equal(self.k.run(X, 256, entry="negate"), -X)
        k = ptorun.assemble(SCALE.replace(" attributes {pto.entry}", ""), entry="negate")
        self.assertEqual(k.entry, "negate")
        np.testing.assert_array_equal(k.run(X, 256), -X)
        np.testing.assert_array_equal(k.run(X, 256, 2.0, entry="scale"), X * 2)


class BF16(unittest.TestCase):
    def inputs(self):
        rng = np.random.default_rng(7)
        # b is ~1e-3 of a: the f32 sum is exact and needs rounding to bf16
        return to_bf16(rng.normal(size=(16, 16))), to_bf16(rng.normal(size=(16, 16)) * 1e-3)

    def test_bit_patterns(self):
        k = ptorun.assemble(BF16_ADD, arch="a5")
        self.assertEqual([p.dtype for p in k.params], ["bf16", "bf16"])
        a, b = self.inputs()
        got = k.launch(a, b).tile("sum")
        want = to_bf16(from_bf16(a) + from_bf16(b))
        self.assertNotEqual(np.count_nonzero(want != to_bf16(from_bf16(a))), 0)
        np.testing.assert_array_equal(got.view(np.uint16), want)
        with self.assertRaises(ptorun.ArgumentError):
            k.run(from_bf16(a), b)      # float32 is not bf16

    def test_ml_dtypes(self):
        try:
            import ml_dtypes
        except ImportError:
            self.skipTest("ml_dtypes is not installed (bf16 arrays are uint16 bit patterns)")
        k = ptorun.assemble(BF16_ADD, arch="a5")
        self.assertEqual(k.params[0].numpy_dtype, np.dtype(ml_dtypes.bfloat16))
        a, b = self.inputs()
        r = k.launch(a.view(ml_dtypes.bfloat16), b.view(ml_dtypes.bfloat16))
        sum_ = r.tile("sum")
        self.assertEqual(sum_.dtype, np.dtype(ml_dtypes.bfloat16))
        np.testing.assert_array_equal(sum_.view(np.uint16),
                                      to_bf16(from_bf16(a) + from_bf16(b)))


class Errors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.k = ptorun.assemble(SCALE)

    def test_assembly_error(self):
        source = (ERRORS / "syntax_errors.pto").read_text()
        with self.assertRaises(ptorun.AssemblyError) as cm:
            ptorun.assemble(source, name="bad.pto")
        e = cm.exception
        self.assertEqual([(d.file, d.line, d.column) for d in e.errors],
                         [("bad.pto", 4, 14), ("bad.pto", 5, 4), ("bad.pto", 7, 11)])
        self.assertIn("unterminated string", e.errors[2].message)
        lines = e.text.splitlines()
        at = lines.index('%e = texp "oops : !pto.tile<16x16xf32>')
        self.assertEqual(lines[at - 1], str(e.errors[2]))
        self.assertEqual(lines[at + 1], " " * 10 + "^")
        with self.assertRaises(ptorun.AssemblyError) as cm:
            ptorun.assemble(ERRORS / "syntax_errors.pto")
        self.assertEqual(cm.exception.errors[0].file, str(ERRORS / "syntax_errors.pto"))
        with self.assertRaises(ptorun.AssemblyError):
            ptorun.assemble(BF16_ADD)   # bf16 tadd is a5 only

    def test_argument_errors(self):
        tile = ptorun.assemble(TABS)
        scalars = ptorun.assemble(SCALARS)
        cases = [
            (lambda: self.k.run(X.astype(np.float64), 256, 2.0), "float64"),
            (lambda: self.k.run(X, 256), "missing"),
            (lambda: self.k.run(X, 256, 2.0, 3.0), "takes 3 arguments"),
            (lambda: self.k.run(X, 256, kk=2.0), "no parameter %kk"),
            (lambda: self.k.run(X, 256, 2.0, k=2.0), "twice"),
            (lambda: self.k.run(X, 256, "2"), "give a number"),
            (lambda: self.k.run(X, 256, None), "give a number"),
            (lambda: self.k.run(X, None, 2.0), "pointer"),
            (lambda: self.k.run(X, "y", 2.0), "give an array, a list or a shape, not str"),
            (lambda: self.k.run(X, 2.5, 2.0), "not float 2.5"),
            (lambda: self.k.run(["a"] * 256, 256, 2.0), "argument for %x (f32)"),
            (lambda: self.k.run(X, -1, 2.0), "shape"),
            (lambda: tile.run(np.zeros((8, 16), np.float32)), "shape (8, 16)"),
            (lambda: scalars.run(300, 1), "300 is out of range"),
            (lambda: scalars.run(1, -1), "-1 is out of range"),
            (lambda: scalars.run(1, 2**70), "out of range"),
            (lambda: scalars.run(-2**70, 0), "out of range"),
            (lambda: scalars.run(1.5, 0), "not an integer"),
            (lambda: self.k.run(X, 256, 1e300),
             "1e+300 is out of range (the largest finite f32 magnitude is 3.4028235e+38)"),
            (lambda: self.k.run(X, 256, 2**1024), f"{2**1024} is out of range"),
            (lambda: self.k.run([2**2000] * 256, 256, 2.0), "argument for %x (f32)"),
            (lambda: self.k.run(X, 256, -2**200), "out of range"),
        ]
        for call, words in cases:
            with self.subTest(words=words):
                with self.assertRaises(ptorun.ArgumentError) as cm:
                    call()
                self.assertIn(words, str(cm.exception))
                self.assertTrue(cm.exception.errors)
                self.assertIsInstance(cm.exception, ValueError)
        scalars.run(-128, 2**64 - 1)
        self.assertTrue(np.isinf(self.k.run(X, 256, float("inf"))[1]))   # inf itself is taken
        np.testing.assert_array_equal(self.k.run(X, 256, 2**100), X * np.float32(2**100))
        # a memoryview is an array's buffer
        np.testing.assert_array_equal(self.k.run(memoryview(X), 256, 2.0), X * 2)

    def test_parameter_named_as_an_option(self):
        k = ptorun.assemble(SCALE.replace("%k", "%max_steps"))
        with self.assertRaises(ptorun.ArgumentError) as cm:
            k.run(X, 256, max_steps=2.0)
        self.assertIn("max_steps= is a run option and also the name of parameter %max_steps",
                      str(cm.exception))
        np.testing.assert_array_equal(k.run(X, 256, 2.0, max_steps=100), X * 2)  # by position
        np.testing.assert_array_equal(k.run(X, 256, **{"%max_steps": 3.0}), X * 3)  # with its %

    def test_bad_options(self):
        for options in ({"check": "bogus"}, {"arith": "fast"}, {"blocks": 0}, {"threads": 0},
                        {"max_steps": 0}, {"trace": True, "trace_limit": 0}):
            with self.subTest(options=options), self.assertRaises(ValueError):
                self.k.run(X, 256, 2.0, **options)

    def test_run_error_text(self):
        with self.assertRaises(ptorun.RunError) as cm:
            self.k.run(X[:100], 256, 2.0)
        e = cm.exception
        self.assertNotIsInstance(e, ptorun.CheckError)
        self.assertEqual((e.file, e.line, e.column), ("<text>", SCALE_X_VIEW_LINE, 11))
        self.assertIn("holds 100 elements", e.message)
        source_line = SCALE.splitlines()[SCALE_X_VIEW_LINE - 1]
        self.assertIn(source_line + "\n" + " " * 10 + "^", e.text)

    def test_run_error_file(self):
        k = ptorun.assemble(GOLDEN / "control" / "multiblock_rows" / "kernel.pto")
        with self.assertRaises(ptorun.RunError) as cm:
            k.run(np.zeros(8 * 128, np.float32), (64, 128), 64)
        e = cm.exception
        self.assertEqual(e.file, str(GOLDEN / "control" / "multiblock_rows" / "kernel.pto"))
        self.assertEqual(e.line, 28)
        self.assertIn("make_tensor_view %x", e.text)

    def test_refused_launch(self):
        # the launch's own limits name the option as Python spells it
        k = ptorun.assemble(GOLDEN / "comm" / "exchange_2blocks" / "kernel.pto")
        with self.assertRaises(ptorun.RunError) as cm:
            k.run(np.zeros(384, np.float32), 384, 192, 384, 2, 2, blocks=257)
        self.assertIn("blocks=257 is more than the 256 allowed", cm.exception.message)

    def test_step_limit(self):
        k = ptorun.assemble(ERRORS / "run_endless_loop.pto")
        with self.assertRaises(ptorun.RunError) as cm:
            k.run(max_steps=1000)
        e = cm.exception
        self.assertIn("still running after 1000 steps", e.message)
        self.assertEqual((e.line, e.column), (6, 8))
        self.assertIn("raise the limit with max_steps=N", e.text)
        self.assertNotIn("--max-steps", e.text)

    def test_check_error(self):
        k = ptorun.assemble(ERRORS / "check_race_raw.pto")
        y = np.zeros(256, np.float32)
        with self.assertRaises(ptorun.CheckError) as cm:
            k.run(X, y)
        e = cm.exception
        self.assertIsInstance(e, ptorun.RunError)
        self.assertTrue(e.findings)
        self.assertTrue(all(f.message.startswith("race:") for f in e.findings))
        self.assertEqual((e.line, e.column), (16, 5))
        np.testing.assert_array_equal(y, X + 2)        # the outputs are still written
        with self.assertRaises(ptorun.CheckError) as cm:
            k.run(X, 256)
        np.testing.assert_array_equal(cm.exception.result.outputs[0], X + 2)
        np.testing.assert_array_equal(k.run(X, 256, check="off"), X + 2)

    def test_arith(self):
        # One row of 64 f32: 1 and 63 times 2^-24. The a5 NPU's vcadd adds the lanes in a
        # tree of halves in f32 (lane 0 + lane 32 = 1 + 2^-24 rounds to 1, ...): 1 + 62 * 2^-24;
        # the exact sum rounded once is 1 + 63 * 2^-24 rounded: 1 + 2^-18 * 63 / 64 -> nearest.
        k = ptorun.assemble(".arg %x : !pto.tile<1x64xf32>\n"
                            "%y = trowsum %x : !pto.tile<1x64xf32> -> !pto.tile<8x1xf32, "
                            "valid=1x1, blayout=col_major>\n", arch="a5")
        x = np.full((1, 64), 2.0**-24, np.float32)
        x[0, 0] = 1.0
        lanes = x[0].copy()
        while lanes.size > 1:
            lanes = lanes[:lanes.size // 2] + lanes[lanes.size // 2:]
        exact = np.float32(x.astype(np.float64).sum())
        self.assertNotEqual(lanes[0], exact)
        for arith, want in (("npu", lanes[0]), ("exact", exact)):
            with self.subTest(arith=arith):
                y = k.launch(x, arith=arith).tile("y")
                self.assertEqual(y[0, 0], want)

    def test_check_strict(self):
        # no synchronisation at all: "auto" leaves it to the compiler, "strict" does not
        r = self.k.launch(X, 256, 2.0)
        self.assertEqual(r.findings, [])
        self.assertTrue(r.notes)
        # the note names the option as Python spells it, not ptorun's flag
        self.assertTrue(any('check="strict"' in n.message for n in r.notes), r.notes)
        self.assertFalse(any("--" in n.message for n in r.notes), r.notes)
        with self.assertRaises(ptorun.CheckError) as cm:
            self.k.run(X, 256, 2.0, check="strict")
        self.assertTrue(cm.exception.findings)
        np.testing.assert_array_equal(cm.exception.result.value, X * 2)


class Results(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.k = ptorun.assemble(GOLDEN / "control" / "multiblock_rows" / "kernel.pto")
        cls.x = np.random.default_rng(3).normal(size=(64, 128)).astype(np.float32)

    def launch(self, **options):
        return self.k.launch(self.x, self.x.shape, 64, blocks=2, **options)

    def test_stats(self):
        r = self.launch(stats=True)
        self.assertGreater(r.steps, 0)
        self.assertEqual(r.stats["instructions"], r.steps)
        self.assertEqual(sum(r.stats["by_pipe"].values()), r.steps)
        self.assertEqual(sum(r.stats["by_opcode"].values()), r.steps)
        self.assertIsNone(r.trace)
        self.assertIsNone(r.profile)
        self.assertRegex(repr(r), rf"^<ptorun.Result {r.steps} steps in [0-9.]+ s; 1 output, "
                                  r"0 findings, [0-9]+ notes?>$")
        empty = ptorun.assemble("module {\n  func.func @nothing() {\n    return\n  }\n}\n")
        self.assertRegex(repr(empty.launch()), r"^<ptorun.Result 1 step in ")

    def test_trace(self):
        r = self.launch(trace=True)
        self.assertEqual(len(r.trace), r.steps)
        self.assertFalse(r.trace_cut)
        for block in (0, 1):   # step: the instruction's place on its core, from 0
            steps = sorted(t["step"] for t in r.trace if t["block"] == block)
            self.assertEqual(steps, list(range(len(steps))))
        self.assertEqual(sum(t["op"] == "tload" for t in r.trace), 8)
        cut = self.launch(trace=True, trace_limit=10)
        self.assertEqual(len(cut.trace), 10)
        self.assertTrue(cut.trace_cut)
        self.assertEqual(cut.steps, r.steps)

    def test_profile_and_timeline(self):
        r = self.launch(profile=True)
        p = r.profile
        self.assertGreater(p["kernel_cycles"], 0)
        self.assertEqual(p["cycles"], p["launch_cycles"] + p["kernel_cycles"])
        self.assertIn(p["bound"], p["pipes"])
        self.assertEqual(sum(line["executed"] for line in p["lines"]), r.steps)
        # the lines' cycles (each instruction's on its pipe and the scalar unit's issue of it)
        # add up to the pipes' busy cycles
        self.assertEqual(sum(line["cycles"] for line in p["lines"]),
                         sum(data["busy"] for data in p["pipes"].values()))
        self.assertGreater(sum(line["cycles"] for line in p["lines"]), 0)
        for data in p["pipes"].values():    # busy over the blocks' cycles, at most 1
            self.assertAlmostEqual(data["utilisation"],
                                   data["busy"] / (p["kernel_cycles"] * len(p["blocks"])))
            self.assertLessEqual(data["utilisation"], 1)
        # one slice per instruction, at most trace_limit
        self.assertFalse(r.timeline_cut)
        slices = [e for e in r.timeline["traceEvents"] if e["ph"] == "X"]
        self.assertEqual(len(slices), r.steps)
        cut = self.launch(profile=True, trace_limit=5)
        self.assertTrue(cut.timeline_cut)
        self.assertEqual(sum(e["ph"] == "X" for e in cut.timeline["traceEvents"]), 5)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "timeline.json")
            r.save_timeline(path)
            with open(path) as f:
                self.assertEqual(json.load(f), r.timeline)
        with self.assertRaises(ValueError):
            self.launch().save_timeline(os.devnull)

    def test_result_tile(self):
        src = np.arange(-128, 128, dtype=np.float32).reshape(16, 16) / 4
        r = ptorun.assemble(TABS).launch(src)
        self.assertIsNone(r.value)
        np.testing.assert_array_equal(r.tile("dst"), np.abs(src))
        np.testing.assert_array_equal(r.tile("%src"), src)
        with self.assertRaises(ValueError):
            r.tile("nope")


class GIL(unittest.TestCase):
    @staticmethod
    def run_beside(k, x, n):
        """Runs k on a thread while this one counts: (result, longest wait, iterations)."""
        box = {}
        worker = threading.Thread(target=lambda: box.update(r=k.launch(x, x.shape, n)))
        count, gap = 0, 0.0
        last = time.perf_counter()
        worker.start()
        while worker.is_alive():
            now = time.perf_counter()
            gap, last = max(gap, now - last), now
            count += 1
        gap = max(gap, time.perf_counter() - last)
        worker.join()
        return box["r"], gap, count

    def test_released_while_running(self):
        k = ptorun.assemble(SPIN)
        x = np.zeros((64, 64), np.float32)
        r, n = k.launch(x, x.shape, 20000), 20000
        for _ in range(3):  # aim at a run of ~0.4 s, longer if the machine's load fell
            n = int(min(10**7, n * 0.4 / max(r.seconds, 1e-3)))
            r, gap, count = self.run_beside(k, x, n)
            if r.seconds > 0.2:
                break
        np.testing.assert_array_equal(r.value, np.full((64, 64), n, np.float32))
        # Were the GIL held while the kernel runs, this thread would stand still for the whole
        # run: one wait as long as r.seconds (a sum(range(10**7)) in the worker shows it), and
        # only the few ms of the worker's Python code to count in. Released, it never waits.
        self.assertGreater(r.seconds, 0.1)
        self.assertLess(gap, r.seconds / 2)
        self.assertGreater(count, 1000)


if __name__ == "__main__":
    unittest.main()
