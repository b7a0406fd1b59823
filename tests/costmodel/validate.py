#!/usr/bin/env python3
"""The cycle estimate against its references (docs/cost-model.md, "Validation").

Each case is one instruction as pto-isa's cost-model tests run it (st/testcase and
st_a5_fit of hw-native-sys/pto-isa: the tile shapes, valid regions and element types, and the
`profiling` value each test expects). The kernel is written here, assembled and run with
`ptorun --profile`; the estimate is the busy cycles of the instruction's pipe.

  validate.py --ptoas P --ptorun R                 print the table
  validate.py --ptoas P --ptorun R --check DOC     exit 1 unless DOC's table is this one
  validate.py --ptoas P --ptorun R --update DOC    rewrite DOC's table
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ST = "st/testcase"  # of pto-isa's tests/costmodel
FIT = "st_a5_fit/testcase"
BEGIN = "<!-- validation table: tests/costmodel/validate.py --update docs/cost-model.md -->"
END = "<!-- end of validation table -->"


def vec(shape, dtype, valid=None, extra=""):
    v = f", valid={valid}" if valid else ""
    return f"!pto.tile_buf<vec, {shape}x{dtype}{v}{extra}>"


def tiles(names_types):
    return "".join(f"    %{n} = pto.alloc_tile : {t}\n" for n, t in names_types)


def elementwise(op, dtype, shape, valid=None, arity=2):
    t = vec(shape, dtype, valid)
    ins = ", ".join(["%a", "%b"][:arity])
    body = tiles([("a", t), ("b", t), ("c", t)])
    body += f"    pto.{op} ins({ins} : {', '.join([t] * arity)}) outs(%c : {t})\n"
    return body, "PIPE_V"


def row_sum(dtype, rows, cols):
    src, tmp = vec(f"{rows}x{cols}", dtype), vec(f"{rows}x{cols}", dtype)
    dst = vec(f"{rows}x8", dtype, f"{rows}x1")
    body = tiles([("a", src), ("t", tmp), ("c", dst)])
    body += f"    pto.trowsum ins(%a, %t : {src}, {tmp}) outs(%c : {dst})\n"
    return body, "PIPE_V"


def row_expand(dtype, rows, cols):
    src, dst = vec(f"{rows}x1", dtype, extra=", blayout=col_major"), vec(f"{rows}x{cols}", dtype)
    body = tiles([("a", src), ("c", dst)])
    body += f"    pto.trowexpand ins(%a : {src}) outs(%c : {dst})\n"
    return body, "PIPE_V"


def col_sum(dtype, rows, cols, binary):
    src, tmp = vec(f"{rows}x{cols}", dtype), vec(f"{max(1, rows // 2)}x{cols}", dtype)
    dst = vec(f"1x{cols}", dtype)
    body = tiles([("a", src), ("t", tmp), ("c", dst)])
    flag = "true" if binary else "false"
    body += (f"    pto.tcolsum ins(%a, %t {{isBinary = {flag}}} : {src}, {tmp}) "
             f"outs(%c : {dst})\n")
    return body, "PIPE_V"


def matmul(in_type, acc_type, m, k, n):
    align = 32 if in_type in ("i8", "ui8") else 16
    up = lambda x: (x + align - 1) // align * align
    a = (f"!pto.tile_buf<left, {up(m)}x{up(k)}x{in_type}, valid={m}x{k}, "
         "blayout=col_major, slayout=row_major>")
    b = f"!pto.tile_buf<right, {up(k)}x{up(n)}x{in_type}, valid={k}x{n}, slayout=col_major>"
    c = (f"!pto.tile_buf<acc, {up(m)}x{up(n)}x{acc_type}, valid={m}x{n}, blayout=col_major, "
         "slayout=row_major, fractal=1024>")
    body = tiles([("a", a), ("b", b), ("c", c)])
    body += f"    pto.tmatmul ins(%a, %b : {a}, {b}) outs(%c : {c})\n"
    return body, "PIPE_M"


def load(dtype, rows, cols):
    t = vec(f"{rows}x{cols}", dtype)
    body = (f"    %c1 = arith.constant 1 : index\n    %r = arith.constant {rows} : index\n"
            f"    %n = arith.constant {cols} : index\n"
            f"    %v = pto.make_tensor_view %x, shape = [%r, %n], strides = [%n, %c1] "
            f": !pto.tensor_view<?x?x{dtype}>\n")
    body += tiles([("a", t)])
    body += f"    pto.tload ins(%v : !pto.tensor_view<?x?x{dtype}>) outs(%a : {t})\n"
    return body, "PIPE_MTE2"


# (name, arch, reference cycles, pto-isa source, kernel)
CASES = [
    ("tadd f32 64x64", "a2a3", 160, f"{ST}/tadd float_64x64", elementwise("tadd", "f32", "64x64")),
    ("tadd i32 64x64", "a2a3", 151, f"{ST}/tadd int32_64x64", elementwise("tadd", "i32", "64x64")),
    ("tadd f16 16x256", "a2a3", 92, f"{ST}/tadd half_16x256", elementwise("tadd", "f16", "16x256")),
    ("tadd i16 64x64", "a2a3", 167, f"{ST}/tadd int16_64x64", elementwise("tadd", "i16", "64x64")),
    ("texp f32 64x64", "a2a3", 159, f"{ST}/texp float_64x64", elementwise("texp", "f32", "64x64", arity=1)),
    ("texp f16 64x64", "a2a3", 95, f"{ST}/texp half_64x64", elementwise("texp", "f16", "64x64", arity=1)),
    ("texp f32 32x32", "a2a3", 63, f"{ST}/texp float_32x32", elementwise("texp", "f32", "32x32", arity=1)),
    ("texp f16 32x32", "a2a3", 47, f"{ST}/texp half_32x32", elementwise("texp", "f16", "32x32", arity=1)),
    ("tdiv f32 64x64", "a2a3", 288, f"{ST}/tdiv case_float_64x64_64x64_64x64", elementwise("tdiv", "f32", "64x64")),
    ("tdiv f16 64x64", "a2a3", 304, f"{ST}/tdiv case_half_64x64_64x64_64x64", elementwise("tdiv", "f16", "64x64")),
    ("trowsum f32 64x64", "a2a3", 492, f"{ST}/trowsum float_64x64", row_sum("f32", 64, 64)),
    ("trowexpand f32 64x64", "a2a3", 933, f"{ST}/trowexpand float_64x64", row_expand("f32", 64, 64)),
    ("tcolsum f32 64x64 binary", "a2a3", 1263, f"{ST}/tcolsum float_64x64_binary", col_sum("f32", 64, 64, True)),
    ("tmatmul f16 40x50x60", "a2a3", 54, f"{ST}/tmatmul half_40x50x60", matmul("f16", "f32", 40, 50, 60)),
    ("tmatmul f32 120x110x50", "a2a3", 902, f"{ST}/tmatmul float_120x110x50", matmul("f32", "f32", 120, 110, 50)),
    ("tmatmul i8 6x7x8", "a2a3", 7, f"{ST}/tmatmul int8_6x7x8", matmul("i8", "i32", 6, 7, 8)),
    ("tload f32 128x128 GM->UB", "a2a3", 776, f"{ST}/tload c01_nd_float_128x128", load("f32", 128, 128)),
    ("tadd f32 1x1280 (a5)", "a5", 80, f"{FIT}/tadd_fit Fp32Default1DPostUpdateFull", elementwise("tadd", "f32", "1x1280")),
    ("tadd f32 10x1312 valid 10x1280 (a5)", "a5", 449, f"{FIT}/tadd_fit 10x1312",
     elementwise("tadd", "f32", "10x1312", "10x1280")),
]


def kernel(arch, body):
    return (f'module attributes {{pto.target_arch = "{arch}"}} {{\n'
            f"  func.func @k(%x: !pto.ptr<f32>) {{\n{body}    return\n  }}\n}}\n")


def estimate(args, work, name, arch, body, pipe):
    src = os.path.join(work, re.sub(r"\W+", "_", name) + ".pto")
    with open(src, "w") as f:
        f.write(kernel(arch, body))
    pbc = src[:-4] + ".pbc"
    subprocess.run([args.ptoas, src, "-o", pbc], check=True, capture_output=True, text=True)
    zeros = "zeros:65536"
    run = subprocess.run([args.ptorun, pbc, zeros, "--profile=/dev/null", "--check=off"], check=True,
                         capture_output=True, text=True)
    m = re.search(rf"^\s+{pipe}\s+(\d+)\s", run.stderr, re.M)
    if not m:
        raise RuntimeError(f"{name}: no {pipe} line in ptorun's profile:\n{run.stderr}")
    return int(m.group(1))


def table(rows):
    out = ["| instruction | architecture | pto-isa test | reference | estimate | ratio |",
           "|---|---|---|---|---|---|"]
    for name, arch, ref, source, est in rows:
        out.append(f"| {name} | {arch} | `{source}` | {ref} | {est} | {est / ref:.2f} |")
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ptoas", required=True)
    p.add_argument("--ptorun", required=True)
    p.add_argument("--check", metavar="DOC")
    p.add_argument("--update", metavar="DOC")
    args = p.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for name, arch, ref, source, (body, pipe) in CASES:
            rows.append((name, arch, ref, source, estimate(args, work, name, arch, body, pipe)))
    text = table(rows)
    doc = args.check or args.update
    if not doc:
        sys.stdout.write(text)
        return 0
    with open(doc) as f:
        current = f.read()
    if BEGIN not in current or END not in current:
        sys.exit(f"{doc}: no validation table markers ({BEGIN})")
    head, rest = current.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    wanted = f"{head}{BEGIN}\n{text}{END}{tail}"
    if args.update:
        with open(doc, "w") as f:
            f.write(wanted)
        return 0
    if wanted != current:
        sys.stderr.write(f"{doc}: the validation table is not what ptorun estimates now:\n{text}"
                         f"(run tests/costmodel/validate.py --update {doc})\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
