// The CubeLoad family: L1 cube-fractal tiles into L0A (A, M x K) and L0B (B^T, N x K), the MX
// scale fragments beside them, and load_cbuf_to_ca's whole-fractal copy (micro-isa 16).
#include <cstring>

#include "pto/common/isa/cube_flags.h"
#include "pto/common/strings.h"
#include "pto/interp/register/cube/cube_memory.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct ToL0a {};
struct ToL0b {};
struct ToL0aMx {};
struct ToL0bMx {};
struct ToL0aMxAt {};
struct ToL0bMxAt {};
struct ToL0aMxFull {};
struct ToL0bMxFull {};
struct CbufToCa {};
}  // namespace ops

namespace {

// Byte offset of element (r, c) of an NZ matrix.
int64_t At(const TileType& t, int64_t r, int64_t c) {
  return t.ElementOffset(r, c) * DTypeSize(t.dtype);
}

// B (K x N) of 1-byte elements as the transposing L0B load reads it: 32 x 16 fractals (32 k
// rows of 16 bytes), k-blocks outermost (the b8 right fractal).
int64_t B8RightFractal(int64_t k, int64_t n, int64_t cols) {
  const int64_t nb = (cols + 15) / 16;
  return ((k / 32) * nb + n / 16) * 512 + (k % 32) * 16 + n % 16;
}

// An MX scale load in fractals of 32 bytes (16 rows x 2 one-byte scales): x_step x y_step of
// them from fractal (x_start, y_start) of a source src_stride fractals wide, to a destination
// dst_stride fractals wide (load_cbuf_to_ca_mx / _cb_mx).
struct MxControl {
  int64_t x0, y0, xs, ys, src_stride, dst_stride;
};

// The control PTOAS derives from a shape (micro-isa 16, "MX Scale Load Operands"): rows (m or
// n) x k of \a elem_bytes elements, scales for each 32 of k, from fractal (r0, c0).
MxControl DerivedMx(bool left, int64_t rows, int64_t k, int64_t r0, int64_t c0, int elem_bytes) {
  const int64_t groups = (k + 31) / 32;
  const int64_t ys = (groups * elem_bytes + 1) / 2;
  return {r0, c0, (rows + 15) / 16, ys, left ? ys : (groups + 1) / 2, left ? ys : (groups + 1) / 2};
}

bool LoadMxScales(Executor& ex, bool left, int64_t src, int64_t dst, const MxControl& c) {
  const Memory beside = left ? Memory::kLeft : Memory::kRight;
  std::vector<uint8_t>& buffer = ex.core().mx_scales[left ? 0 : 1];
  buffer.resize(MemoryCapacity(ex.program().arch, beside));
  if (c.x0 < 0 || c.y0 < 0 || c.xs <= 0 || c.ys <= 0 || c.src_stride < c.ys ||
      c.dst_stride < c.ys) {
    return ex.Fault(StrCat("an MX scale load of ", c.xs, " x ", c.ys, " fractals from (", c.x0,
                           ", ", c.y0, "), strides ", c.src_stride, " and ", c.dst_stride));
  }
  const int64_t row = c.ys * 32, end = dst + ((c.xs - 1) * c.dst_stride + c.ys) * 32;
  if (dst < 0 || dst % 32 != 0 || end > static_cast<int64_t>(buffer.size())) {
    return ex.Fault(StrCat("writes MX scale bytes [", dst, ", ", end, ") beside ",
                           MemoryHardwareName(beside), ": outside its ", buffer.size(),
                           " bytes or not 32-byte aligned"));
  }
  for (int64_t i = 0; i < c.xs; ++i) {
    uint8_t* from;
    if (!cube::Span(ex, Memory::kMat, src + ((c.x0 + i) * c.src_stride + c.y0) * 32, row,
                    reg::Use::kRead, "reads", &from)) {
      return false;
    }
    std::memcpy(buffer.data() + dst + i * c.dst_stride * 32, from, row);
  }
  return true;
}

// The MX scale rows: (m, k) or (k, n) from fractal (0, 0), the same from (r0, c0), or the full
// control.
template <typename Op>
bool ExecMxLoad(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  constexpr bool kLeft = std::is_same_v<Op, ops::ToL0aMx> || std::is_same_v<Op, ops::ToL0aMxAt> ||
                         std::is_same_v<Op, ops::ToL0aMxFull>;
  constexpr bool kFull =
      std::is_same_v<Op, ops::ToL0aMxFull> || std::is_same_v<Op, ops::ToL0bMxFull>;
  constexpr bool kAt = std::is_same_v<Op, ops::ToL0aMxAt> || std::is_same_v<Op, ops::ToL0bMxAt>;
  auto v = [&](int i) { return ex.scalar(o[i]).i; };
  MxControl c;
  if constexpr (kFull) {
    c = {v(2), v(3), v(4), v(5), v(6), v(7)};
  } else {
    const int64_t rows = kLeft ? v(2) : v(3), k = kLeft ? v(3) : v(2);
    if (rows <= 0 || k <= 0) return ex.Fault(StrCat("an MX scale load of ", rows, " x ", k));
    const int elem = DTypeSize(cube::TypeAt(o[kAt ? 6 : 4], 0));
    c = DerivedMx(kLeft, rows, k, kAt ? v(4) : 0, kAt ? v(5) : 0, elem);
  }
  return LoadMxScales(ex, kLeft, v(0), v(1), c);
}

}  // namespace

template <typename Op>
bool ExecCubeLoad(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int64_t src = ex.scalar(o[0]).i, dst = ex.scalar(o[1]).i;
  if constexpr (std::is_same_v<Op, ops::ToL0aMx> || std::is_same_v<Op, ops::ToL0bMx> ||
                std::is_same_v<Op, ops::ToL0aMxAt> || std::is_same_v<Op, ops::ToL0bMxAt> ||
                std::is_same_v<Op, ops::ToL0aMxFull> || std::is_same_v<Op, ops::ToL0bMxFull>) {
    return ExecMxLoad<Op>(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::CbufToCa>) {
    // m_start, k_start, m_step, k_step, src_stride, dst_stride: m_step x k_step fractals of 512
    // bytes; fractal (m, k) of the source at (k * src_stride + m) * 512, of the destination at
    // (k * dst_stride + m) * 512 (strides in fractals between column blocks).
    const int64_t m0 = ex.scalar(o[2]).i, k0 = ex.scalar(o[3]).i;
    const int64_t ms = ex.scalar(o[4]).i, ks = ex.scalar(o[5]).i;
    const int64_t sst = ex.scalar(o[6]).i, dst_st = ex.scalar(o[7]).i;
    if (m0 < 0 || k0 < 0 || ms < 0 || ks < 0 || sst < 0 || dst_st < 0) {
      return ex.Fault("load_cbuf_to_ca takes non-negative starts, steps and strides");
    }
    for (int64_t kk = 0; kk < ks; ++kk) {
      for (int64_t mm = 0; mm < ms; ++mm) {
        uint8_t *from, *to;
        if (!cube::Span(ex, Memory::kMat, src + ((k0 + kk) * sst + m0 + mm) * 512, 512,
                        reg::Use::kRead, "reads", &from) ||
            !cube::Span(ex, Memory::kLeft, dst + (kk * dst_st + mm) * 512, 512, reg::Use::kWrite,
                        "writes", &to)) {
          return false;
        }
        std::memmove(to, from, 512);
      }
    }
    return true;
  } else {
    // rows, cols of the logical tile (A: m x k; B: k x n), start row, start col; @types, @flags.
    constexpr bool kLeft = std::is_same_v<Op, ops::ToL0a>;
    const int64_t rows = ex.scalar(o[2]).i, cols = ex.scalar(o[3]).i;
    const int64_t r0 = ex.scalar(o[4]).i, c0 = ex.scalar(o[5]).i;
    const DType t = cube::TypeAt(o[6], 0);
    const bool transpose = o[7] & cube::kTranspose;
    const int64_t elem = DTypeSize(t);
    if (rows <= 0 || cols <= 0 || r0 < 0 || c0 < 0) {
      return ex.Fault(StrCat("a ", rows, " x ", cols, " tile from (", r0, ", ", c0, ")"));
    }
    // The L1 tile holds the logical tile (or, transposed, its transpose) from (r0, c0) on.
    const bool stored_transposed = kLeft ? transpose : !transpose;
    const int64_t src_rows = r0 + (stored_transposed ? cols : rows);
    const int64_t src_cols = c0 + (stored_transposed ? rows : cols);
    const TileType l1 = cube::NzMatrix(t, src_rows, src_cols);
    const bool b8 = !kLeft && transpose && elem == 1;
    const int64_t l1_bytes = b8 ? B8RightFractal(cube::RoundUp(src_rows, 32) - 1, 0, src_cols) + 512
                                : cube::NzBytes(l1);
    // L0A holds A (m x k), L0B holds B^T (n x k).
    const TileType l0 = kLeft ? cube::NzMatrix(t, rows, cols) : cube::NzMatrix(t, cols, rows);
    uint8_t *from, *to;
    if (!cube::Span(ex, Memory::kMat, src, l1_bytes, reg::Use::kRead, "reads", &from) ||
        !cube::Span(ex, kLeft ? Memory::kLeft : Memory::kRight, dst, cube::NzBytes(l0),
                    reg::Use::kWrite, "writes", &to)) {
      return false;
    }
    std::vector<uint8_t> out(cube::NzBytes(l0), 0);  // padding lanes are zero
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) {
        // Element (i, j) of the logical tile.
        int64_t s;
        if (b8) {
          s = B8RightFractal(r0 + i, c0 + j, src_cols);
        } else {
          s = stored_transposed ? At(l1, r0 + j, c0 + i) : At(l1, r0 + i, c0 + j);
        }
        const int64_t d = kLeft ? At(l0, i, j) : At(l0, j, i);
        std::memcpy(out.data() + d, from + s, elem);
      }
    }
    std::memcpy(to, out.data(), out.size());
    return true;
  }
}

#define PTO_IMPLEMENTS_CubeLoad PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
