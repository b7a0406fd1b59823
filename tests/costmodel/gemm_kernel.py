"""One core's share of pto-isa's pipelined fp16 GEMM (kernels/manual/a2a3/gemm_performance of
hw-native-sys/pto-isa), written as a PTO kernel for the cost model's validation (validate.py).

The decomposition and pipeline are the README's: 24 cores as a 4 x 6 grid, so one core computes
C[M/4, N/6] over the whole K; base blocks 128 x 64 x 256 (baseM x baseK x baseN); every fourth
K step TLOADs an A panel [128, 256] and a B panel [256, 256] into one of two L1 buffers; each K
step TEXTRACTs its 64-wide slice into one of two L0A/L0B buffers and runs TMATMUL (the first
of a C tile plain, the rest accumulating); each finished C tile [128, 256] is TSTOREd from L0C.
The flags are the kernel's: MTE1 -> MTE2 frees an L1 buffer, MTE2 -> MTE1 says a panel landed,
M -> MTE1 frees an L0 buffer, MTE1 -> M says a slice is ready, M -> FIX and FIX -> M around the
store. The K loop is unrolled by eight (two L1 buffers of four K steps) so every buffer is a
tile of its own; the inputs are zeros (only the schedule is measured).
"""

BASE_M, BASE_K, BASE_N, STEP_K = 128, 64, 256, 4
GRID_M, GRID_N = 4, 6

F16 = "f16"
A_MAT = (f"!pto.tile_buf<loc=mat, dtype={F16}, rows={BASE_M}, cols={BASE_K * STEP_K}, "
         f"v_row={BASE_M}, v_col={BASE_K * STEP_K}, blayout=col_major, slayout=row_major, fractal=512, pad=0>")
B_MAT = (f"!pto.tile_buf<loc=mat, dtype={F16}, rows={BASE_K * STEP_K}, cols={BASE_N}, "
         f"v_row={BASE_K * STEP_K}, v_col={BASE_N}, blayout=col_major, slayout=row_major, fractal=512, pad=0>")
A_L0 = (f"!pto.tile_buf<loc=left, dtype={F16}, rows={BASE_M}, cols={BASE_K}, v_row={BASE_M}, "
        f"v_col={BASE_K}, blayout=row_major, slayout=row_major, fractal=512, pad=0, compact=1>")
B_L0 = (f"!pto.tile_buf<loc=right, dtype={F16}, rows={BASE_K}, cols={BASE_N}, v_row={BASE_K}, "
        f"v_col={BASE_N}, blayout=row_major, slayout=col_major, fractal=512, pad=0>")
ACC = (f"!pto.tile_buf<loc=acc, dtype=f32, rows={BASE_M}, cols={BASE_N}, v_row={BASE_M}, "
       f"v_col={BASE_N}, blayout=col_major, slayout=row_major, fractal=1024, pad=0>")


def shares(size):
    """(rows of C, columns of C, K) one core computes for an m = k = n = size GEMM."""
    return size // GRID_M, size // GRID_N, size


def _flag(op, src, dst, event):
    return f'{op}["PIPE_{src}", "PIPE_{dst}", "EVENT_ID{event}"]'


def _k_step(kk, first, sfx):
    """The statements of K step kk (0..7 within an unrolled group of eight)."""
    buf, l0, kmod = kk // STEP_K, kk % 2, kk % STEP_K
    out = []
    if kmod == 0:
        out += [_flag("pto.wait_flag", "MTE1", "MTE2", buf),
                f"%pa{buf}{sfx} = pto.partition_view %a_view, offsets = [%m0, %kg{buf}{sfx}], sizes = [%cM, %cKP] "
                f": !pto.tensor_view<?x?x{F16}> -> !pto.partition_tensor_view<{BASE_M}x{BASE_K * STEP_K}x{F16}>",
                f"pto.tload ins(%pa{buf}{sfx} : !pto.partition_tensor_view<{BASE_M}x{BASE_K * STEP_K}x{F16}>) "
                f"outs(%amat{buf} : {A_MAT})",
                _flag("pto.set_flag", "MTE2", "MTE1", 0),
                f"%pb{buf}{sfx} = pto.partition_view %b_view, offsets = [%kg{buf}{sfx}, %n0], sizes = [%cKP, %cN] "
                f": !pto.tensor_view<?x?x{F16}> -> !pto.partition_tensor_view<{BASE_K * STEP_K}x{BASE_N}x{F16}>",
                f"pto.tload ins(%pb{buf}{sfx} : !pto.partition_tensor_view<{BASE_K * STEP_K}x{BASE_N}x{F16}>) "
                f"outs(%bmat{buf} : {B_MAT})",
                _flag("pto.set_flag", "MTE2", "MTE1", 1)]
    out.append(_flag("pto.wait_flag", "M", "MTE1", l0))
    if kmod == 0:
        out.append(_flag("pto.wait_flag", "MTE2", "MTE1", 0))
    out.append(f"pto.textract ins(%amat{buf}, %c0, %ck{kmod} : {A_MAT}, index, index) outs(%al0{l0} : {A_L0})")
    if kmod == 0:
        out.append(_flag("pto.wait_flag", "MTE2", "MTE1", 1))
    out.append(f"pto.textract ins(%bmat{buf}, %ck{kmod}, %c0 : {B_MAT}, index, index) outs(%bl0{l0} : {B_L0})")
    if kmod == STEP_K - 1:
        out.append(_flag("pto.set_flag", "MTE1", "MTE2", buf))
    out += [_flag("pto.set_flag", "MTE1", "M", l0), _flag("pto.wait_flag", "MTE1", "M", l0)]
    if first and kk == 0:
        out.append(f"pto.tmatmul ins(%al0{l0}, %bl0{l0} : {A_L0}, {B_L0}) outs(%c : {ACC})")
    else:
        out.append(f"pto.tmatmul.acc ins(%c, %al0{l0}, %bl0{l0} : {ACC}, {A_L0}, {B_L0}) outs(%c : {ACC})")
    out.append(_flag("pto.set_flag", "M", "MTE1", l0))
    return out


def _group(first, indent):
    """Eight K steps starting at K offset %kbase: the two L1 panels' offsets, then the steps
    (the peeled first group's names end in _p, the loop's in _l)."""
    pad = " " * indent
    sfx = "_p" if first else "_l"
    lines = [f"%kg0{sfx} = arith.addi %kbase{sfx}, %c0 : index",
             f"%kg1{sfx} = arith.addi %kbase{sfx}, %cKP : index"]
    for kk in range(2 * STEP_K):
        lines += _k_step(kk, first, sfx)
    return "".join(f"{pad}{line}\n" for line in lines)


def gemm_kernel(size):
    """The PTO text of one core's share of the size^3 GEMM."""
    rows, cols, k = shares(size)
    m_loop, n_loop, groups = rows // BASE_M, cols // BASE_N, k // (BASE_K * 2 * STEP_K)
    consts = {"c0": 0, "c1": 1, "cM": BASE_M, "cN": BASE_N, "cKP": BASE_K * STEP_K,
              "cG": BASE_K * 2 * STEP_K, "cK": k, "cRows": rows, "cCols": cols,
              "mLoop": m_loop, "nLoop": n_loop, "groups": groups}
    consts.update({f"ck{i}": i * BASE_K for i in range(1, STEP_K)})
    text = ['module attributes {pto.target_arch = "a2a3"} {',
            "  func.func @gemm_share(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %out: !pto.ptr<f32>) "
            "attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {"]
    body = [f"%{name} = arith.constant {value} : index" for name, value in consts.items()]
    body += ["%ck0 = arith.constant 0 : index"]
    body += [f"%a_view = pto.make_tensor_view %a, shape = [%cRows, %cK], strides = [%cK, %c1] "
             f"{{layout = #pto.layout<nd>}} : !pto.tensor_view<?x?x{F16}>",
             f"%b_view = pto.make_tensor_view %b, shape = [%cK, %cCols], strides = [%cCols, %c1] "
             f"{{layout = #pto.layout<nd>}} : !pto.tensor_view<?x?x{F16}>",
             f"%c_view = pto.make_tensor_view %out, shape = [%cRows, %cCols], strides = [%cCols, %c1] "
             f"{{layout = #pto.layout<nd>}} : !pto.tensor_view<?x?xf32>"]
    a_bytes, b_bytes = BASE_M * BASE_K * STEP_K * 2, BASE_K * STEP_K * BASE_N * 2
    addr = {"amat0": 0, "amat1": a_bytes, "bmat0": 2 * a_bytes, "bmat1": 2 * a_bytes + b_bytes,
            "al00": 0, "al01": 32768, "bl00": 0, "bl01": 32768, "c": 0}
    types = {"amat": A_MAT, "bmat": B_MAT, "al0": A_L0, "bl0": B_L0, "c": ACC}
    for name, at in addr.items():
        kind = name if name == "c" else name[:-1]
        body.append(f"%addr_{name} = arith.constant {at} : i64")
        body.append(f"%{name} = pto.alloc_tile addr = %addr_{name} : {types[kind]}")
    body += [_flag("pto.set_flag", "MTE1", "MTE2", 0), _flag("pto.set_flag", "MTE1", "MTE2", 1),
             _flag("pto.set_flag", "M", "MTE1", 0), _flag("pto.set_flag", "M", "MTE1", 1)]
    text += [f"    {line}" for line in body]
    text += ["    scf.for %i = %c0 to %mLoop step %c1 {",
             "      %m0 = arith.muli %i, %cM : index",
             "      scf.for %j = %c0 to %nLoop step %c1 {",
             "        %n0 = arith.muli %j, %cN : index",
             "        %kbase_p = arith.addi %c0, %c0 : index"]
    text.append(_group(True, 8).rstrip("\n"))
    text += ["        scf.for %g = %c1 to %groups step %c1 {",
             "          %kbase_l = arith.muli %g, %cG : index"]
    text.append(_group(False, 10).rstrip("\n"))
    text += ["        }",
             "        " + _flag("pto.set_flag", "M", "FIX", 0),
             "        " + _flag("pto.wait_flag", "M", "FIX", 0),
             f"        %pc = pto.partition_view %c_view, offsets = [%m0, %n0], sizes = [%cM, %cN] "
             f": !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<{BASE_M}x{BASE_N}xf32>",
             f"        pto.tstore ins(%c : {ACC}) outs(%pc : !pto.partition_tensor_view<{BASE_M}x{BASE_N}xf32>)",
             "        " + _flag("pto.set_flag", "FIX", "M", 0),
             "        " + _flag("pto.wait_flag", "FIX", "M", 0),
             "      }",
             "    }"]
    text += ["    " + _flag("pto.wait_flag", "M", "MTE1", 0), "    " + _flag("pto.wait_flag", "M", "MTE1", 1),
             "    " + _flag("pto.wait_flag", "MTE1", "MTE2", 0), "    " + _flag("pto.wait_flag", "MTE1", "MTE2", 1),
             "    return", "  }", "}"]
    return "\n".join(text) + "\n"


def input_bytes(size):
    """Bytes of A's and B's share and of C's (the three kernel arguments)."""
    rows, cols, k = shares(size)
    return rows * k * 2, k * cols * 2, rows * cols * 4


if __name__ == "__main__":
    import sys
    sys.stdout.write(gemm_kernel(int(sys.argv[1]) if len(sys.argv) > 1 else 1536))
