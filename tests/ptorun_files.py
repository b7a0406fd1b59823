"""ptorun's files: .npy inputs (C and Fortran order, big-endian, their type and shape checked),
.npy outputs (a pointer 1-D, a tile rows x cols, bf16 as uint16 bit patterns), --expect
against numpy goldens (tolerances, NaN, row and column, bf16 as values) and the command line
around them (options anywhere, --, --version, usage errors). Every input and golden is made
by numpy here, never taken from ptorun's own output."""
import os
import re
import subprocess
import sys

import numpy as np

import tool_work  # tests/tool_work.py: the scripts' shared arguments

SCALE = """module {
  func.func @scale(%x: !pto.ptr<T>, %y: !pto.ptr<T>, %k: T) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %xv = pto.make_tensor_view %x, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xT>
    %yv = pto.make_tensor_view %y, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xT>
    %xp = pto.partition_view %xv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xT> -> !pto.partition_tensor_view<16x16xT>
    %yp = pto.partition_view %yv, offsets = [%c0, %c0], sizes = [%c16, %c16] : !pto.tensor_view<?x?xT> -> !pto.partition_tensor_view<16x16xT>
    %t = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=T, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tload ins(%xp : !pto.partition_tensor_view<16x16xT>) outs(%t : !pto.tile_buf<vec, 16x16xT>)
    pto.tmuls ins(%t, %k : !pto.tile_buf<vec, 16x16xT>, T) outs(%t : !pto.tile_buf<vec, 16x16xT>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xT>) outs(%yp : !pto.partition_tensor_view<16x16xT>)
    return
  }
}
"""
KERNELS = {
    "scale.pto": SCALE.replace("T", "f32"),
    # bf16 elementwise instructions are a5's.
    "scale_bf16.pto": SCALE.replace("T", "bf16").replace(
        "module {", 'module attributes {pto.target_arch = "a5"} {'),
    # 64-bit integer buffers that nothing writes: an output is its input, for --expect.
    "keep64.pto": "module {\n  func.func @keep(%x: !pto.ptr<i64>, %y: !pto.ptr<ui64>) {\n"
                  "    return\n  }\n}\n",
    "tabs.pto": ".arg %src : !pto.tile<16x16xf32>\n"
                "%dst = tabs %src : !pto.tile<16x16xf32> -> !pto.tile<16x16xf32>\n",
}


class Checks:
    def __init__(self, ptorun):
        self.ptorun = ptorun
        self.failures = []
        self.count = 0

    def run(self, *args):
        return subprocess.run([self.ptorun, *args], capture_output=True, text=True, timeout=60)

    def check(self, what, ok, r=None):
        self.count += 1
        if not ok:
            self.failures.append(what)
            print("FAIL", what)
            if r is not None:
                print(f"  exit {r.returncode}; stderr:\n" + "".join(
                    "    " + line + "\n" for line in r.stderr.splitlines()[:20]))

    def ok(self, what, r, *, out=None, want=None):
        """A run that succeeds, and (if given) whose file `out` holds `want`'s bytes."""
        good = r.returncode == 0 and "ptorun: error" not in r.stderr
        if good and out is not None:
            good = open(out, "rb").read() == np.ascontiguousarray(want).tobytes()
        self.check(what, good, r)

    def error(self, what, r, code, *words):
        """A run that fails with exit `code` and an error naming each of `words`."""
        self.check(what, r.returncode == code and "ptorun: error:" in r.stderr
                   and all(w in r.stderr for w in words), r)


def bf16_bits(f32):
    """float32 values rounded to bf16 (to nearest, ties to even), as uint16 bit patterns."""
    bits = np.asarray(f32, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_values(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def npy_header(path):
    with open(path, "rb") as f:
        assert np.lib.format.read_magic(f) == (1, 0)
        return np.lib.format.read_array_header_1_0(f)  # (shape, fortran_order, dtype)


def write_npy(path, descr, shape, data):
    """A .npy file with any descr, such as the name of an ml_dtypes type."""
    with open(path, "wb") as f:
        np.lib.format.write_array_header_1_0(
            f, {"descr": descr, "fortran_order": False, "shape": shape})
        f.write(data)


def check_npy_inputs(c, x):
    y = x * np.float32(2.5)
    c.ok(".bin input", c.run("scale.ptobc", "x.bin", "zeros:256", "2.5", "--out", "2=y_bin.bin"),
         out="y_bin.bin", want=y)
    c.ok(".npy input (C order)",
         c.run("scale.ptobc", "x.npy", "zeros:256", "2.5", "--out", "2=y_npy.bin"),
         out="y_npy.bin", want=y)
    c.check(".npy and .bin inputs agree", open("y_npy.bin", "rb").read()
            == open("y_bin.bin", "rb").read())
    np.save("x_fortran.npy", np.asfortranarray(x))
    c.check("the Fortran-order input is stored in Fortran order", npy_header("x_fortran.npy")[1])
    c.ok(".npy input (Fortran order)",
         c.run("scale.ptobc", "x_fortran.npy", "zeros:256", "2.5", "--out", "2=y_f.bin"),
         out="y_f.bin", want=y)
    with open("x_v2.npy", "wb") as f:
        np.lib.format.write_array(f, x, version=(2, 0))
    c.ok(".npy input (format version 2.0)",
         c.run("scale.ptobc", "x_v2.npy", "zeros:256", "2.5", "--out", "2=y_v2.bin"),
         out="y_v2.bin", want=y)
    np.save("x_big.npy", x.astype(">f4"))
    c.ok(".npy input (big-endian)",
         c.run("scale.ptobc", "x_big.npy", "zeros:256", "2.5", "--out", "2=y_be.bin"),
         out="y_be.bin", want=y)
    np.save("x_big_fortran.npy", np.asfortranarray(x.astype(">f4")))
    c.ok("tile .npy input (big-endian, Fortran order)",
         c.run("tabs.ptobc", "x_big_fortran.npy", "--out", "dst=d_bf.bin"),
         out="d_bf.bin", want=np.abs(x))


def raw_npy(path, dict_text, data):
    """A version 1.0 .npy file whose header dict is dict_text as written (padded to 64)."""
    head = dict_text + " " * ((-(10 + len(dict_text) + 1)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(head).to_bytes(2, "little") + head.encode("latin1"))
        f.write(data)


def check_npy_headers(c, x):
    """Headers numpy's own reader takes are taken, with its meaning: a key written twice
    counts once (its last value), Python whitespace anywhere between the tokens."""
    y = x * np.float32(2.5)
    forms = {
        "dup_shape.npy": "{'descr': '<f4', 'fortran_order': False, 'shape': (16,), "
                         "'shape': (256,), }",
        "tabs.npy": "{'descr':\t'<f4',\t'fortran_order':\tFalse,\t'shape':\t(256,),\t}",
        "crlf.npy": "{'descr': '<f4',\r\n 'fortran_order': False,\r\n 'shape': (256,\n)}",
        "named_descr.npy": "{'descr': 'float32', 'fortran_order': False, 'shape': (256,), }",
    }
    for name, text in forms.items():
        raw_npy(name, text, x.tobytes())
        c.check(f"numpy reads {name} as (256,)", np.load(name).shape == (256,))
        c.ok(f".npy header numpy accepts: {name}",
             c.run("scale.ptobc", name, "zeros:256", "2.5", "--out", f"2=y_{name}.bin"),
             out=f"y_{name}.bin", want=y)
    # A file whose name starts with "zeros" is a file, not the zeros:N literal.
    np.save("zeros_init.npy", x)
    c.ok("an input file named zeros_init.npy",
         c.run("scale.ptobc", "zeros_init.npy", "zeros:256", "2.5", "--out", "2=y_zi.bin"),
         out="y_zi.bin", want=y)
    r = c.run("scale.ptobc", "zeros:x", "zeros:256", "2.5")
    c.error("zeros: with a malformed count", r, 1, "expected zeros:N")


def check_npy_input_errors(c, x):
    def bad(what, arg, *words, kernel="scale.ptobc"):
        args = [arg] if kernel == "tabs.ptobc" else [arg, "zeros:256", "2.5"]
        r = c.run(kernel, *args)
        name = "%src" if kernel == "tabs.ptobc" else "%x"
        c.error(what, r, 1, f"ptorun: error: argument for {name}: {arg}", *words)

    np.save("x_f64.npy", x.astype(np.float64))
    bad("float64 .npy for an f32 pointer", "x_f64.npy", "float64", "float32")
    with open("fake.npy", "wb") as f:
        f.write(x.tobytes())
    bad("a file named .npy that is not one", "fake.npy", "is not a .npy file")
    whole = open("x.npy", "rb").read()
    with open("short_data.npy", "wb") as f:
        f.write(whole[:-100])
    bad(".npy with its elements cut short", "short_data.npy",
        f"should hold {x.nbytes} bytes", f"but has {x.nbytes - 100}")
    with open("short_header.npy", "wb") as f:
        f.write(whole[:30])
    bad(".npy with its header cut short", "short_header.npy", "header is cut short")
    write_npy("huge.npy", "<f4", (2**32, 2**32), b"")  # 2**64 elements would wrap to 0
    bad(".npy whose shape is too large", "huge.npy", "too large")
    np.save("x_8x32.npy", x.reshape(8, 32))
    bad("tile given a .npy of the wrong 2-D shape", "x_8x32.npy", "has shape (8, 32)",
        "(16, 16)", kernel="tabs.ptobc")
    np.save("x_255.npy", x.ravel()[:255])
    bad("tile given a 1-D .npy of the wrong count", "x_255.npy", "(255,)", "(256,)",
        kernel="tabs.ptobc")
    np.save("x_flat.npy", x.ravel())
    c.ok("tile given a 1-D .npy of rows x cols elements",
         c.run("tabs.ptobc", "x_flat.npy", "--out", "dst=d_flat.bin"),
         out="d_flat.bin", want=np.abs(x))


def check_npy_outputs(c, x, xb):
    r = c.run("scale.ptobc", "x.bin", "zeros:256", "2.5", "--out", "2=y.npy")
    c.ok("pointer output to .npy", r)
    y = np.load("y.npy") if r.returncode == 0 else None
    c.check("pointer .npy output: float32, 1-D, the values", y is not None
            and y.dtype == np.float32 and y.shape == (256,)
            and np.array_equal(y, (x * np.float32(2.5)).ravel()))
    r = c.run("tabs.ptobc", "x.npy", "--out", "dst=d.npy")
    c.ok("tile output to .npy", r)
    d = np.load("d.npy") if r.returncode == 0 else None
    c.check("tile .npy output: float32, (16, 16), the values", d is not None
            and d.dtype == np.float32 and d.shape == (16, 16) and np.array_equal(d, np.abs(x)))
    r = c.run("scale_bf16.ptobc", "xb.bin", "zeros:256", "2.5", "--out", "2=yb.npy")
    c.ok("bf16 output to .npy", r)
    yb = np.load("yb.npy") if r.returncode == 0 else None
    want = bf16_bits(bf16_values(xb) * np.float32(2.5)).ravel()
    c.check("bf16 .npy output: uint16 bit patterns, 1-D, the values", yb is not None
            and yb.dtype == np.uint16 and yb.shape == (256,) and np.array_equal(yb, want))
    np.save("xb.npy", xb)
    c.ok("bf16 input as a uint16 .npy",
         c.run("scale_bf16.ptobc", "xb.npy", "zeros:256", "2.5", "--out", "2=yb2.bin"),
         out="yb2.bin", want=want)


def listed(stderr):
    return [line for line in stderr.splitlines() if line.startswith("  element ")]


def check_expect(c, x, xb):
    y = x * np.float32(2.5)
    np.save("golden.npy", y)
    y.tofile("golden.bin")
    run = ["scale.ptobc", "x.bin", "zeros:256", "2.5"]
    for golden in ("golden.npy", "golden.bin"):
        r = c.run(*run, "--expect", f"2={golden}")
        c.check(f"--expect passes against {golden}", r.returncode == 0
                and re.search(r"expect %y: 256 f32 values .*: ok", r.stderr), r)
    c.check("--expect by name", c.run(*run, "--expect", "y=golden.npy").returncode == 0)

    bad = y.copy()
    where = [(1, 2), (3, 4), (5, 6), (7, 8), (8, 1), (9, 0), (10, 3), (11, 11), (12, 5),
             (13, 9), (14, 14), (15, 15)]
    for rc in where:
        bad[rc] += 1.0  # |y| <= 25: beyond rtol 1e-5 but within atol 2
    np.save("bad.npy", bad)
    r = c.run(*run, "--expect", "2=bad.npy")
    lines = listed(r.stderr)
    c.error("--expect fails against a perturbed golden", r, 1,
            f"{len(where)} of 256 f32 values out of tolerance")
    c.check("--expect lists at most ten elements", len(lines) == 10, r)
    c.check("--expect gives row and column of a 2-D golden",
            len(lines) == 10 and lines[0].startswith("  element 18 (row 1, col 2): got")
            and lines[9].startswith("  element 217 (row 13, col 9)"), r)
    bad.ravel().tofile("bad.bin")
    r = c.run(*run, "--expect", "2=bad.bin")
    c.error("--expect fails against a perturbed raw golden", r, 1, "out of tolerance",
            "element 18: got")
    r = c.run(*run, "--expect", "2=bad.npy", "--atol", "2")
    c.check("--atol widens the tolerance", r.returncode == 0 and ": ok" in r.stderr, r)
    np.save("rel.npy", y * np.float32(1.001))
    c.check("a relative error of 1e-3 is out of the default tolerance",
            c.run(*run, "--expect", "2=rel.npy").returncode == 1)
    r = c.run(*run, "--expect", "2=rel.npy", "--rtol", "0.01")
    c.check("--rtol widens the tolerance", r.returncode == 0 and ": ok" in r.stderr, r)

    xn = x.copy()
    xn[0, :3] = np.nan
    xn.tofile("xn.bin")
    with np.errstate(invalid="ignore"):
        np.save("golden_nan.npy", xn * np.float32(2.5))
    r = c.run("scale.ptobc", "xn.bin", "zeros:256", "2.5", "--expect", "2=golden_nan.npy")
    c.check("NaN in output and golden counts as equal", r.returncode == 0 and ": ok" in r.stderr,
            r)
    r = c.run(*run, "--expect", "2=golden_nan.npy")
    c.error("NaN in the golden only is out of tolerance", r, 1, "3 of 256",
            "expected nan")

    np.save("golden_f.npy", np.asfortranarray(y))
    r = c.run(*run, "--expect", "2=golden_f.npy")
    c.check("--expect against a Fortran-order golden", r.returncode == 0, r)
    with open("fake_golden.npy", "wb") as f:
        f.write(y.tobytes())
    r = c.run(*run, "--expect", "2=fake_golden.npy")
    c.error("a golden named .npy that is not one", r, 1, "is not a .npy file")
    np.save("short_golden.npy", y.ravel()[:255])
    r = c.run(*run, "--expect", "2=short_golden.npy")
    c.error("a golden with the wrong element count", r, 1, "holds 255 values but %y has 256")

    want = bf16_values(bf16_bits(bf16_values(xb) * np.float32(2.5)))
    np.save("golden_bf16.npy", want)  # float32 values
    runb = ["scale_bf16.ptobc", "xb.bin", "zeros:256", "2.5"]
    r = c.run(*runb, "--expect", "2=golden_bf16.npy")
    c.check("bf16 output against a float32 golden", r.returncode == 0
            and "256 bf16 values" in r.stderr and ": ok" in r.stderr, r)
    np.save("golden_bf16_exact.npy", bf16_values(xb) * np.float32(2.5))
    r = c.run(*runb, "--expect", "2=golden_bf16_exact.npy")
    c.check("bf16 output within bf16's default tolerance of the exact product",
            r.returncode == 0, r)
    np.save("golden_bf16_bits.npy", bf16_bits(want))
    r = c.run(*runb, "--expect", "2=golden_bf16_bits.npy")
    c.check("bf16 output against a uint16 golden of bit patterns", r.returncode == 0, r)
    # ml_dtypes' arrays saved with their type's name (np.save itself writes '<V2').
    write_npy("golden_bf16_named.npy", "bfloat16", (16, 16), bf16_bits(want).tobytes())
    r = c.run(*runb, "--expect", "2=golden_bf16_named.npy")
    c.check("bf16 output against a golden of descr 'bfloat16'", r.returncode == 0
            and "max abs error 0," in r.stderr, r)
    off = want.copy()
    off[0, 5] += 1.0  # |values| <= 25: 1.0 exceeds rtol 1e-2
    np.save("golden_bf16_off.npy", off)
    r = c.run(*runb, "--expect", "2=golden_bf16_off.npy")
    c.error("bf16 output against a perturbed float32 golden", r, 1, "1 of 256 bf16 values",
            "element 5 ")

    r = c.run(*run, "--rtol", "0.1")
    c.error("--rtol without --expect is a usage error", r, 2, "--expect")
    for value in ("nan", "-1", "inf"):
        r = c.run(*run, "--expect", "2=golden.npy", "--rtol", value)
        c.error(f"--rtol {value} is a usage error", r, 2, "--rtol", value)
    r = c.run(*run, "--atol", "0.1")
    c.error("--atol without --expect is a usage error", r, 2, "--expect")


def check_golden_sizes(c):
    """A golden is never read past what the output could hold: /dev/zero and a 64 MiB file
    for a 256-element output are refused quickly, in little memory."""
    run = ["scale.ptobc", "x.bin", "zeros:256", "2.5"]
    r = c.run(*run, "--expect", "2=/dev/zero")
    c.error("--expect 2=/dev/zero", r, 1, "/dev/zero is larger than a golden of the output's 256")
    with open("huge_golden.bin", "wb") as f:
        f.truncate(64 << 20)
    r = c.run(*run, "--expect", "2=huge_golden.bin")
    c.error("--expect of a 64 MiB golden for 256 elements", r, 1, "huge_golden.bin is larger")


def check_expect_integers(c):
    """64-bit integers compare exactly, in their own type: past 2^53 a double cannot tell
    neighbours apart."""
    big = (np.int64(1) << 60) + np.arange(8, dtype=np.int64)
    huge = (np.uint64(1) << np.uint64(63)) + np.uint64(2048) + np.arange(8, dtype=np.uint64)
    big.tofile("i64.bin")
    huge.tofile("u64.bin")
    run = ["keep64.ptobc", "i64.bin", "u64.bin"]
    np.save("i64_same.npy", big)
    np.save("i64_off.npy", big + 1)
    (big + 1).tofile("i64_off.bin")
    np.save("u64_off.npy", huge - np.uint64(1))
    np.save("u64_as_i64.npy", big)  # another integer type: compared as integers still
    c.ok("--expect of i64 against the same values", c.run(*run, "--expect", "1=i64_same.npy"))
    r = c.run(*run, "--expect", "1=i64_off.npy")
    c.error("--expect of i64 past 2^53 tells values 1 apart", r, 1, "8 of 8",
            "got 1152921504606846976, expected 1152921504606846977")
    r = c.run(*run, "--expect", "1=i64_off.bin")
    c.error("--expect of i64 against a raw golden 1 apart", r, 1, "8 of 8")
    r = c.run(*run, "--expect", "2=u64_off.npy")
    c.error("--expect of ui64 above 2^63 tells values 1 apart", r, 1, "8 of 8",
            "got 9223372036854777856, expected 9223372036854777855")
    r = c.run(*run, "--expect", "1=i64_off.npy", "--atol", "1")
    c.ok("--expect of i64 within --atol 1", r)


def check_command_line(c, x):
    y = x * np.float32(2.5)
    c.ok("options between the kernel's arguments",
         c.run("scale.ptobc", "x.bin", "--out", "2=y_mid.bin", "zeros:256", "2.5"),
         out="y_mid.bin", want=y)
    c.ok("options before and after the kernel's arguments",
         c.run("--out", "2=y_around.bin", "scale.ptobc", "x.bin", "--expect", "2=golden.npy",
               "zeros:256", "2.5", "--check", "off"),
         out="y_around.bin", want=y)
    c.ok("-- ends the options (a negative scalar after it)",
         c.run("scale.ptobc", "x.bin", "zeros:256", "--out", "2=y_neg.bin", "--", "-2.5"),
         out="y_neg.bin", want=x * np.float32(-2.5))
    r = c.run("scale.ptobc", "--", "x.bin", "zeros:256", "2.5", "--time")
    c.error("an option after -- is a kernel argument", r, 1, "takes 3 arguments", "got 4")
    r = c.run("--version")
    c.check("--version names the bytecode format", r.returncode == 0
            and re.fullmatch(r"ptorun \S+ \(bytecode format \d+\)\n", r.stdout), r)
    r = c.run("scale.ptobc", "x.bin", "zeros:256", "2.5", "--bogus")
    c.error("an unknown option", r, 2, "--bogus")
    r = c.run("scale.ptobc", "x.bin", "zeros:256", "2.5", "--out", "y.bin")
    c.error("--out without I=", r, 2, "--out needs I=FILE")
    r = c.run("scale.ptobc", "x.bin", "zeros:256", "2.5", "--expect", "3=golden.npy")
    c.error("--expect of a scalar", r, 1, "--expect 3", "is a scalar")
    r = c.run("scale.ptobc", "x.bin", "zeros:256", "2.5", "--out", "2=golden.npy",
              "--expect", "2=golden.npy")
    c.error("--out onto a golden is refused", r, 2, "golden.npy")
    run = ["scale.ptobc", "x.bin", "zeros:256", "2.5"]
    for option in ("--max-steps", "--trace-limit"):
        for value in ("9223372036854775808", "18446744073709551615", "99999999999999999999"):
            r = c.run(*run, option, value, "--trace", "t.json")
            c.error(f"{option} {value} (past 2^63 - 1)", r, 2, option, "at most 2^63 - 1")
        r = c.run(*run, option, "0")
        c.error(f"{option} 0", r, 2, option, "at least 1")
    c.ok("--max-steps 2^63 - 1", c.run(*run, "--max-steps", "9223372036854775807"))
    c.error("--arith fast", c.run(*run, "--arith", "fast"), 2, "--arith", "npu,exact")
    for arith in ("npu", "exact"):
        c.ok(f"--arith {arith}", c.run(*run, "--arith", arith))
    for option in ("--trace", "--timeline"):
        r = c.run(*run, option, "")
        c.error(f"{option} with an empty name", r, 2, option, "expected a file name")
        r = c.run(*run, option, "-")
        c.error(f"{option} -", r, 2, option, "/dev/stdout")
        c.check(f"{option} - left no file named '-'", not os.path.exists("-"))


def main():
    a = tool_work.parse_and_enter_work()
    c = Checks(a.ptorun)
    for name, text in KERNELS.items():
        with open(name, "w") as f:
            f.write(text)
        r = subprocess.run([a.ptoas, name, "-o", name[:-4] + ".ptobc"], capture_output=True,
                           text=True)
        c.check(f"assemble {name}", r.returncode == 0, r)
    if c.failures:
        return 1

    rng = np.random.default_rng(7)
    x = rng.uniform(-10, 10, (16, 16)).astype(np.float32)
    x.tofile("x.bin")
    np.save("x.npy", x)
    xb = bf16_bits(rng.uniform(-10, 10, (16, 16)))  # bf16 inputs as their bit patterns
    xb.tofile("xb.bin")

    check_npy_inputs(c, x)
    check_npy_input_errors(c, x)
    check_npy_headers(c, x)
    check_npy_outputs(c, x, xb)
    check_expect(c, x, xb)
    check_expect_integers(c)
    check_golden_sizes(c)
    check_command_line(c, x)

    if c.failures:
        print(f"{len(c.failures)} of {c.count} checks failed")
        return 1
    print(f"ok: {c.count} checks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
