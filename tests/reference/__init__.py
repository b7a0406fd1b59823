"""Numpy models of the instructions, shared by the golden references (tests/golden/<family>/
<case>/golden.py).

A golden.py puts tests/ on sys.path relative to its own file, so it works both as a script
from any directory and when golden_case.py / golden_data_check.py load it with runpy:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
    from reference.numerics import ...

Modules:
  numerics       bf16/f16/f32 rounding, fp8 e4m3 bytes, integer wrapping, division and shifts
  tiles          input tiles (random values, planted edge values, bf16 GEMM inputs),
                 valid-region merges, the CASE of a one-result kernel, a kernel's arguments,
                 tile descriptions (TileShape), writing a case's .bin files
  element_types  helpers keyed by PTO element type names (f32 ... ui64)
  elementwise    tile-tile, unary and tile-scalar ops of every type (and the tile-scalar
                 kernels' scalars), tabs, tpart*
  signed_zero    signs of zero and underflow, compared bit for bit
  ternary        taddc, tsubc, taddsc, tsubsc, tprelu, tlrelu
  bitwise        and/or/xor/not, shifts, remainders
  compare_select tcmp/tcmps masks, tsel/tsels
  reductions     trowprod/tcolprod, the arg reductions, tcolmax, trowsum/tcolsum/trowmax,
                 exact sums rounded once (line_sums)
  broadcasts     trowexpand, the broadcast binaries of f16 and f32 (t{row,col}expand<op>)
  minmax_expand  trowmin/tcolmin and the min/max/sub/div/expdif broadcasts (spec-driven)
  memory         tload/tstore windows of every type, tload pads, tprefetch, run-time valid
                 regions
  fill           tfillpad, tci, ttri and the pad bit patterns
  gather_sort    gathers, scatters and sorts
  gather_forms   PTOAS v0.60's forms of tgather and tscatter: mask patterns along an axis,
                 the compare gather, the mask-pattern scatter
  trans_extract_insert  ttrans, textract, tinsert (cube tiles)
  img2col        timg2col and its settings
  convolution    a direct convolution against timg2col + tmatmul
  multiblock     row normalisation split over blocks (control/multiblock_rows*)
  pipe           cube/vector pipe kernels on two f32 inputs (pipe/c2v_*, v2c_*, nosplit)
  narrow_float   bit-level models of fp8 e4m3fn / e5m2, HiFloat8, e8m0 and fp4: every code
                 decoded, encoding under each rounding mode with or without saturation, and
                 the choices a5 TCVT makes per pair
  convert        the tcvt cases of the low-precision formats (convert/*): decoding every code,
                 encoding edge values
  fixpipe        the fixpipe epilogue of a pipe (acc_push_epilogue) and its parameter words
  mx             tquant.mx on a5: group maxima of every source type, the OCP and NV shared
                 exponents and scalings, e4m3 and e2m1 elements, the interleaved and ZZ
                 exponent layouts

The committed .bin files depend on these modules bit for bit: a change must leave
tests/golden_data_check.py (ctest golden-data-reproducible) passing on every case.
"""
