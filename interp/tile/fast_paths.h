// Fast paths of the commonest tile instructions: elementwise ones on f32, f16 and bf16 tiles
// in the plain row-major layout whose valid region is the whole tile, with sources that either
// are the destination or lie apart from it (one SIMD loop over rows x cols contiguous
// elements), and f32 row broadcasts and row sums. The kernel resolves its tiles with a few
// compares and calls the SIMD loop directly (f32 loops looked up once, without the dispatch).
// Small tiles are common (16 x 64 f32 is 4 KB), and there the general path's layout, valid
// region and overlap handling cost as much as the arithmetic.
//
// A fast path computes exactly what the general path would (the same SIMD loop on the same
// elements); it declines (returns false) whenever anything is unusual, including every case
// that faults, and the general path then runs as if it had not been tried.
#ifndef PTO_INTERP_TILE_FAST_PATHS_H_
#define PTO_INTERP_TILE_FAST_PATHS_H_

#include <cstdint>
#include <utility>

#include "pto/interp/vm/executor.h"
#include "pto/interp/host_simd/simd.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

/// A tile as the fast paths see it: storage, static type and address.
struct FastTile {
  uint8_t* bytes;
  const TileType* type;
  uint32_t addr;

  template <typename T>
  T* as() const {
    return reinterpret_cast<T*>(bytes);
  }
};

/// Resolves tile register \a reg when it is bound, holds \a dtype, is plain (ND or DN) and,
/// with \a whole, row-major and valid over its whole shape; false otherwise.
[[gnu::always_inline]] inline bool Resolve(Executor& ex, uint32_t reg, DType dtype, bool whole,
                                           FastTile* out, const TileState** state = nullptr) {
  const TileType& t = ex.function().tiles[reg].type;
  const TileState& s = std::as_const(ex).tile(reg);
  if (t.dtype != dtype || !t.Plain() || s.addr == kUnboundAddress) return false;
  if (whole && (!t.row_major() || !t.Dense() || s.valid_rows != t.rows ||
                s.valid_cols != t.cols)) {
    return false;
  }
  out->bytes = ex.local().At(t.mem, s.addr);
  out->type = &t;
  out->addr = s.addr;
  if (state) *state = &s;
  return true;
}

/// The element types with elementwise SIMD loops.
constexpr bool HasSimdLoops(DType t) {
  return t == DType::kF32 || t == DType::kF16 || t == DType::kBF16;
}

/// True when \a src has the destination's shape and is either the destination's storage or
/// apart from it (elementwise loops may then write while they read).
[[gnu::always_inline]] inline bool ElementwiseSafe(const FastTile& dst, const FastTile& src) {
  const TileType &d = *dst.type, &s = *src.type;
  if (s.rows != d.rows || s.cols != d.cols) return false;
  if (s.mem != d.mem || src.addr == dst.addr) return true;
  const uint32_t bytes = d.Bytes();
  return !BytesOverlap(src.addr, bytes, dst.addr, bytes);
}

/// True when the \a bytes at \a addr of \a mem do not touch the destination's storage.
[[gnu::always_inline]] inline bool Apart(const FastTile& dst, Memory mem, uint32_t addr,
                                         uint32_t bytes) {
  if (mem != dst.type->mem) return true;
  return !BytesOverlap(addr, bytes, dst.addr, dst.type->Bytes());
}

/// d = a op b (tadd, tsub, tmul, tdiv, tmax, tmin).
template <simd::Binary kOp>
bool FastBinary(Executor& ex, const Instr& in) {
  const DType t = ex.function().tiles[in.operands[0]].type.dtype;
  FastTile d, a, b;
  if (!HasSimdLoops(t) || !Resolve(ex, in.operands[0], t, true, &d) ||
      !Resolve(ex, in.operands[1], t, true, &a) || !Resolve(ex, in.operands[2], t, true, &b) ||
      !ElementwiseSafe(d, a) || !ElementwiseSafe(d, b)) {
    return false;
  }
  const size_t n = static_cast<size_t>(d.type->rows) * d.type->cols;
  if (t == DType::kF32) {
    static const simd::BinaryLoopFn loop = simd::BinaryLoopF32(kOp);
    loop(a.as<float>(), b.as<float>(), d.as<float>(), n);
  } else {
    simd::BinaryHalfRows(t == DType::kF16 ? simd::HalfType::kF16 : simd::HalfType::kBF16, kOp,
                         a.as<uint16_t>(), n, b.as<uint16_t>(), n, d.as<uint16_t>(), n, 1, n);
  }
  return true;
}

/// d = a op k, or k op a (tadds, tmuls, ...), k the scalar operand rounded to the tiles' type.
template <simd::Binary kOp, bool kScalarFirst>
bool FastScalar(Executor& ex, const Instr& in) {
  const DType t = ex.function().tiles[in.operands[0]].type.dtype;
  FastTile d, a;
  if (!HasSimdLoops(t) || !Resolve(ex, in.operands[0], t, true, &d) ||
      !Resolve(ex, in.operands[1], t, true, &a) || !ElementwiseSafe(d, a)) {
    return false;
  }
  const size_t n = static_cast<size_t>(d.type->rows) * d.type->cols;
  const uint32_t k = in.operands[2];
  if (t == DType::kF32) {
    static const simd::ScalarLoopFn loop = simd::ScalarLoopF32(kOp, kScalarFirst);
    loop(a.as<float>(), ScalarAs<float>(ex, k), d.as<float>(), n);
  } else if (t == DType::kF16) {
    simd::ScalarHalf(simd::HalfType::kF16, kOp, a.as<uint16_t>(), ScalarAs<Half>(ex, k),
                     kScalarFirst, d.as<uint16_t>(), n);
  } else {
    simd::ScalarHalf(simd::HalfType::kBF16, kOp, a.as<uint16_t>(), ScalarAs<BFloat16>(ex, k),
                     kScalarFirst, d.as<uint16_t>(), n);
  }
  return true;
}

/// d[r][c] = a[r][c] op s[r] (trowexpandmul, ...), s a plain f32 tile covering the rows.
template <simd::Binary kOp>
bool FastRowExpandF32(Executor& ex, const Instr& in) {
  FastTile d, a, s;
  const TileState* ss;
  if (!Resolve(ex, in.operands[0], DType::kF32, true, &d) ||
      !Resolve(ex, in.operands[1], DType::kF32, true, &a) || !ElementwiseSafe(d, a) ||
      !Resolve(ex, in.operands[2], DType::kF32, false, &s, &ss) || ss->valid_rows < d.type->rows ||
      ss->valid_cols < 1 || !Apart(d, s.type->mem, s.addr, s.type->Bytes())) {
    return false;
  }
  static const simd::RowScalarLoopFn loop = simd::RowScalarLoopF32(kOp);
  const size_t rows = d.type->rows, cols = d.type->cols;
  loop(a.as<float>(), a.type->RowStep(), s.as<float>(), s.type->RowStep(), d.as<float>(),
       d.type->RowStep(), rows, cols);
  return true;
}

/// d[r][0] = the sum of row r of a's valid region (trowsum), in the order of simd::SumF32, a
/// plain row-major and d plain, apart from each other.
inline bool FastRowSumF32(Executor& ex, const Instr& in) {
  FastTile d, a;
  const TileState *ds, *as;
  if (!Resolve(ex, in.operands[0], DType::kF32, false, &d, &ds) ||
      !Resolve(ex, in.operands[1], DType::kF32, false, &a, &as) ||
      !a.type->row_major() || as->valid_rows <= 0 || as->valid_cols <= 0 ||
      ds->valid_rows < as->valid_rows || ds->valid_cols < 1 ||
      !Apart(d, a.type->mem, a.addr, a.type->Bytes())) {
    return false;
  }
  static const simd::RowSumsLoopFn loop = simd::RowSumsF32Loop();
  loop(a.as<float>(), a.type->RowStep(), as->valid_rows, as->valid_cols, d.as<float>(),
       d.type->RowStep());
  return true;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_FAST_PATHS_H_
