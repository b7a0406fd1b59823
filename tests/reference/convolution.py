"""A convolution computed through TIMG2COL and TMATMUL (tests/golden/img2col_conv_*), checked
against a direct convolution written here with numpy loops over the output positions.

The kernel tloads an NHWC feature map [H*W, C] from global memory into an NZ L1 tile (whose
bytes are then NC1HWC0), sets FMATRIX from a !pto.fmatrix_config, unfolds it into L0A with
timg2col, multiplies by the weights [K, N] (K rows in timg2col's order
((c1*KH + kh)*KW + kw)*C0 + c0, moved L1 -> L0B) and stores the L0C result [OH*OW, N].
Inputs are small integers, so every product and sum is exact and the comparison is exact.
"""
import os

import numpy as np

MAT = "blayout=col_major, slayout=row_major"


def direct_conv(x, w, kernel, stride, pads):
    """x [H, W, C], w [N, C, KH, KW] -> [OH*OW, N] in float64, one output position at a time."""
    h, wd, c = x.shape
    kh, kw = kernel
    top, bottom, left, right = pads
    oh = (h + top + bottom - kh) // stride[0] + 1
    ow = (wd + left + right - kw) // stride[1] + 1
    out = np.zeros((oh * ow, w.shape[0]))
    for i in range(oh):
        for j in range(ow):
            for a in range(kh):
                for b in range(kw):
                    y, z = i * stride[0] - top + a, j * stride[1] - left + b
                    if 0 <= y < h and 0 <= z < wd:
                        out[i * ow + j] += x[y, z].astype(np.float64) @ w[:, :, a, b].T
    return out


def weight_matrix(w, c0):
    """w [N, C, KH, KW] as the [K, N] matrix whose row ((c1*KH + kh)*KW + kw)*C0 + c0 holds
    channel c1*C0 + c0 of tap (kh, kw)."""
    n, c, kh, kw = w.shape
    blocks = w.reshape(n, c // c0, c0, kh, kw).transpose(1, 3, 4, 2, 0)  # c1, kh, kw, c0, n
    return blocks.reshape(-1, n)


def kernel_text(arch, dt, acc_dt, shape, kernel, stride, pads, m):
    h, w, c, n = shape
    k = c // (32 // np.dtype(dt).itemsize) * kernel[0] * kernel[1] * (32 // np.dtype(dt).itemsize)
    t = {np.float16: "f16", np.int8: "i8"}[dt]
    a = {np.float32: "f32", np.int32: "i32"}[acc_dt]
    left_layout = "blayout=row_major, slayout=row_major" if arch == "a2a3" else MAT
    geometry = f"kernel_h = {kernel[0]}, kernel_w = {kernel[1]}"
    if stride != (1, 1):
        geometry += f", stride_h = {stride[0]}, stride_w = {stride[1]}"
    return f"""// Convolution on {arch}: tload NHWC -> NZ mat (NC1HWC0), timg2col -> left,
// tmatmul with weights in timg2col's K order, tstore (tests/reference/convolution.py).
module attributes {{"pto.target_arch" = "{arch}"}} {{
  func.func @conv(%x: !pto.ptr<{t}>, %w: !pto.ptr<{t}>, %y: !pto.ptr<{a}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cx_rows = arith.constant {h * w} : index
    %cc = arith.constant {c} : index
    %ck = arith.constant {k} : index
    %cn = arith.constant {n} : index
    %cm = arith.constant {m} : index
    %xv = pto.make_tensor_view %x, shape = [%cx_rows, %cc], strides = [%cc, %c1] : !pto.tensor_view<?x?x{t}>
    %wv = pto.make_tensor_view %w, shape = [%ck, %cn], strides = [%cn, %c1] : !pto.tensor_view<?x?x{t}>
    %yv = pto.make_tensor_view %y, shape = [%cm, %cn], strides = [%cn, %c1] : !pto.tensor_view<?x?x{a}>
    %xp = pto.partition_view %xv, offsets = [%c0, %c0], sizes = [%cx_rows, %cc] : !pto.tensor_view<?x?x{t}> -> !pto.partition_tensor_view<{h * w}x{c}x{t}>
    %wp = pto.partition_view %wv, offsets = [%c0, %c0], sizes = [%ck, %cn] : !pto.tensor_view<?x?x{t}> -> !pto.partition_tensor_view<{k}x{n}x{t}>
    %yp = pto.partition_view %yv, offsets = [%c0, %c0], sizes = [%cm, %cn] : !pto.tensor_view<?x?x{a}> -> !pto.partition_tensor_view<{m}x{n}x{a}>
    %xm = pto.alloc_tile : !pto.tile_buf<mat, {h * w}x{c}x{t}, {MAT}>
    %wm = pto.alloc_tile : !pto.tile_buf<mat, {k}x{n}x{t}, {MAT}>
    %wr = pto.alloc_tile : !pto.tile_buf<right, {k}x{n}x{t}, slayout=col_major>
    %xl = pto.alloc_tile : !pto.tile_buf<left, {m}x{k}x{t}, {left_layout}>
    %acc = pto.alloc_tile : !pto.tile_buf<acc, {m}x{n}x{a}, {MAT}, fractal=1024>
    pto.tload ins(%xp : !pto.partition_tensor_view<{h * w}x{c}x{t}>) outs(%xm : !pto.tile_buf<mat, {h * w}x{c}x{t}, {MAT}>)
    pto.tload ins(%wp : !pto.partition_tensor_view<{k}x{n}x{t}>) outs(%wm : !pto.tile_buf<mat, {k}x{n}x{t}, {MAT}>)
    pto.tmov ins(%wm : !pto.tile_buf<mat, {k}x{n}x{t}, {MAT}>) outs(%wr : !pto.tile_buf<right, {k}x{n}x{t}, slayout=col_major>)
    %cfg = pto.make_fmatrix_config {{fmap_h = {h}, fmap_w = {w}, pad_top = {pads[0]}, pad_bottom = {pads[1]}, pad_left = {pads[2]}, pad_right = {pads[3]}}} : !pto.fmatrix_config
    pto.tsetfmatrix ins(%cfg : !pto.fmatrix_config) outs()
    pto.tset_img2col_padding ins(%cfg : !pto.fmatrix_config) outs()
    pto.timg2col ins(%xm : !pto.tile_buf<mat, {h * w}x{c}x{t}, {MAT}>) outs(%xl : !pto.tile_buf<left, {m}x{k}x{t}, {left_layout}>) {{{geometry}}}
    pto.tmatmul ins(%xl, %wr : !pto.tile_buf<left, {m}x{k}x{t}, {left_layout}>, !pto.tile_buf<right, {k}x{n}x{t}, slayout=col_major>) outs(%acc : !pto.tile_buf<acc, {m}x{n}x{a}, {MAT}, fractal=1024>)
    pto.tstore ins(%acc : !pto.tile_buf<acc, {m}x{n}x{a}, {MAT}, fractal=1024>) outs(%yp : !pto.partition_tensor_view<{m}x{n}x{a}>)
    return
  }}
}}
"""


def conv_case(arch, dtype, acc, shape, kernel, stride, pads, seed):
    """CASE, generate(out_dir) (the data) and write_kernel(out_dir) (the committed kernel.pto,
    written when golden.py runs as a script) of one convolution case."""
    h, w, c, n = shape
    oh = (h + pads[0] + pads[1] - kernel[0]) // stride[0] + 1
    ow = (w + pads[2] + pads[3] - kernel[1]) // stride[1] + 1
    m = oh * ow
    out_dtype = {np.float32: "float32", np.int32: "int32"}[acc]
    case = {"arch": arch, "args": ["x.bin", "w.bin", f"zeros:{m * n}"],
            "outs": [{"target": "3", "expect": "y.expect.bin", "dtype": out_dtype,
                      "rtol": 0, "atol": 0}]}

    def generate(out_dir):
        rng = np.random.default_rng(seed)
        x = rng.integers(-4, 5, (h, w, c)).astype(dtype)
        wt = rng.integers(-3, 4, (n, c, kernel[0], kernel[1])).astype(dtype)
        c0 = 32 // np.dtype(dtype).itemsize
        x.reshape(h * w, c).tofile(os.path.join(out_dir, "x.bin"))
        weight_matrix(wt, c0).tofile(os.path.join(out_dir, "w.bin"))
        direct_conv(x, wt, kernel, stride, pads).astype(acc).tofile(
            os.path.join(out_dir, "y.expect.bin"))

    def write_kernel(out_dir):
        with open(os.path.join(out_dir, "kernel.pto"), "w") as f:
            f.write(kernel_text(arch, dtype, acc, shape, kernel, stride, pads, m))

    return case, generate, write_kernel
