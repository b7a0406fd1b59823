// The CubeLoad family: L1 cube-fractal tiles into L0A (A, M x K) and L0B (B^T, N x K), the MX
// scale fragments beside them, and load_cbuf_to_ca's whole-fractal copy (micro-isa 16).
#include <cstring>

#include "pto/common/isa/cube_flags.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/cube/cube_memory.h"

namespace pto::interp {

namespace ops {
struct ToL0a {};
struct ToL0b {};
struct ToL0aMx {};
struct ToL0bMx {};
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

// The scale fragments of MX operand rows x ceil(k / 32): 16 rows x 2 scales (32 bytes) each,
// column blocks of Round16(rows) rows.
int64_t ScaleBytes(int64_t rows, int64_t k) {
  return (cube::RoundUp((k + 31) / 32, 2) / 2) * cube::Round16(rows) * 2;
}

}  // namespace

template <typename Op>
bool ExecCubeLoad(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int64_t src = ex.scalar(o[0]).i, dst = ex.scalar(o[1]).i;
  if constexpr (std::is_same_v<Op, ops::ToL0aMx> || std::is_same_v<Op, ops::ToL0bMx>) {
    const int64_t rows = ex.scalar(o[std::is_same_v<Op, ops::ToL0aMx> ? 2 : 3]).i;
    const int64_t k = ex.scalar(o[std::is_same_v<Op, ops::ToL0aMx> ? 3 : 2]).i;
    if (rows <= 0 || k <= 0) return ex.Fault(StrCat("an MX scale load of ", rows, " x ", k));
    const bool left = std::is_same_v<Op, ops::ToL0aMx>;
    const Memory beside = left ? Memory::kLeft : Memory::kRight;
    std::vector<uint8_t>& buffer = ex.core().mx_scales[left ? 0 : 1];
    buffer.resize(MemoryCapacity(ex.program().arch, beside));
    const int64_t bytes = ScaleBytes(rows, k);
    uint8_t* from;
    if (!cube::Span(ex, Memory::kMat, src, bytes, reg::Use::kRead, "reads", &from)) return false;
    if (dst < 0 || dst % 32 != 0 || dst > static_cast<int64_t>(buffer.size()) - bytes) {
      return ex.Fault(StrCat("writes MX scale bytes [", dst, ", ", dst + bytes, ") beside ",
                             MemoryHardwareName(beside), ": outside its ", buffer.size(),
                             " bytes or not 32-byte aligned"));
    }
    std::memcpy(buffer.data() + dst, from, bytes);
    return true;
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
