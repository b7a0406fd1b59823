// Fast paths of the commonest tile instructions: elementwise ones on f32 tiles in the plain
// row-major layout whose valid region is the whole tile, with sources that either are the
// destination or lie apart from it (one vector loop over rows x cols contiguous elements), and
// row sums of a plain f32 tile. The kernel resolves its tiles with a few compares and calls
// the chosen target's loop directly.
// Small tiles are common (16 x 64 f32 is 4 KB), and there the general path's layout, valid
// region and overlap handling cost as much as the arithmetic.
//
// A fast path computes exactly what the general path would (the same vector loop on the same
// elements); it declines (returns false) whenever anything is unusual, including every case
// that faults, and the general path then runs as if it had not been tried.
#ifndef PTO_INTERP_FAST_F32_H_
#define PTO_INTERP_FAST_F32_H_

#include <cstdint>

#include "interp/executor.h"
#include "interp/simd.h"

namespace pto::interp {

/// An f32 tile as the fast paths see it: storage, static type and address.
struct F32Tile {
  float* data;
  const TileType* type;
  uint32_t addr;
};

/// Resolves tile register \a reg when it is bound, f32, plain row-major and valid over its
/// whole shape; false otherwise.
[[gnu::always_inline]] inline bool WholeF32(Executor& ex, uint32_t reg, F32Tile* out) {
  const TileType& t = ex.function().tiles[reg].type;
  const TileState& s = ex.tile(reg);
  if (t.dtype != DType::kF32 || !t.Plain() || !t.row_major() || s.addr == kUnboundAddress ||
      s.valid_rows != t.rows || s.valid_cols != t.cols) {
    return false;
  }
  out->data = reinterpret_cast<float*>(ex.local().arena[static_cast<int>(t.mem)].data() + s.addr);
  out->type = &t;
  out->addr = s.addr;
  return true;
}

/// True when \a src has the destination's shape and is either the destination's storage or
/// apart from it (elementwise loops may then write while they read).
[[gnu::always_inline]] inline bool ElementwiseSafe(const F32Tile& dst, const F32Tile& src) {
  const TileType &d = *dst.type, &s = *src.type;
  if (s.rows != d.rows || s.cols != d.cols) return false;
  if (s.mem != d.mem || src.addr == dst.addr) return true;
  const uint32_t bytes = d.Bytes();
  return src.addr >= dst.addr + bytes || dst.addr >= src.addr + bytes;
}

/// True when the \a bytes at \a addr of \a mem do not touch the destination's storage.
[[gnu::always_inline]] inline bool Apart(const F32Tile& dst, Memory mem, uint32_t addr,
                                         uint32_t bytes) {
  if (mem != dst.type->mem) return true;
  return addr >= dst.addr + dst.type->Bytes() || dst.addr >= addr + bytes;
}

/// Resolves tile register \a reg when it is bound, f32 and plain (ND or DN), whatever its
/// valid region; false otherwise.
[[gnu::always_inline]] inline bool PlainF32(Executor& ex, uint32_t reg, F32Tile* out,
                                            const TileState** state) {
  const TileType& t = ex.function().tiles[reg].type;
  const TileState& s = ex.tile(reg);
  if (t.dtype != DType::kF32 || !t.Plain() || s.addr == kUnboundAddress) return false;
  out->data = reinterpret_cast<float*>(ex.local().arena[static_cast<int>(t.mem)].data() + s.addr);
  out->type = &t;
  out->addr = s.addr;
  *state = &s;
  return true;
}

/// d = a op b (tadd, tsub, tmul, tdiv, tmax, tmin).
template <simd::Binary kOp>
bool FastBinaryF32(Executor& ex, const Instr& in) {
  F32Tile d, a, b;
  if (!WholeF32(ex, in.operands[0], &d) || !WholeF32(ex, in.operands[1], &a) ||
      !WholeF32(ex, in.operands[2], &b) || !ElementwiseSafe(d, a) || !ElementwiseSafe(d, b)) {
    return false;
  }
  static const simd::BinaryLoopFn loop = simd::BinaryLoopF32(kOp);
  loop(a.data, b.data, d.data, static_cast<size_t>(d.type->rows) * d.type->cols);
  return true;
}

/// d = a op k, or k op a (tadds, tmuls, ...); \a k already rounded to f32.
template <simd::Binary kOp, bool kScalarFirst>
bool FastScalarF32(Executor& ex, const Instr& in, float k) {
  F32Tile d, a;
  if (!WholeF32(ex, in.operands[0], &d) || !WholeF32(ex, in.operands[1], &a) ||
      !ElementwiseSafe(d, a)) {
    return false;
  }
  static const simd::ScalarLoopFn loop = simd::ScalarLoopF32(kOp, kScalarFirst);
  loop(a.data, k, d.data, static_cast<size_t>(d.type->rows) * d.type->cols);
  return true;
}

/// d[r][c] = a[r][c] op s[r] (trowexpandmul, ...), s a plain f32 tile covering the rows.
template <simd::Binary kOp>
bool FastRowExpandF32(Executor& ex, const Instr& in) {
  F32Tile d, a;
  if (!WholeF32(ex, in.operands[0], &d) || !WholeF32(ex, in.operands[1], &a) ||
      !ElementwiseSafe(d, a)) {
    return false;
  }
  F32Tile s;
  const TileState* ss;
  if (!PlainF32(ex, in.operands[2], &s, &ss) || ss->valid_rows < d.type->rows ||
      ss->valid_cols < 1 || !Apart(d, s.type->mem, s.addr, s.type->Bytes())) {
    return false;
  }
  static const simd::RowScalarLoopFn loop = simd::RowScalarLoopF32(kOp);
  const size_t rows = d.type->rows, cols = d.type->cols;
  loop(a.data, cols, s.data, s.type->RowStep(), d.data, cols, rows, cols);
  return true;
}

/// d[r][0] = the sum of row r of a's valid region (trowsum), in the order of simd::SumF32, a
/// plain row-major and d plain, apart from each other.
inline bool FastRowSumF32(Executor& ex, const Instr& in) {
  F32Tile d, a;
  const TileState *ds, *as;
  if (!PlainF32(ex, in.operands[0], &d, &ds) || !PlainF32(ex, in.operands[1], &a, &as) ||
      !a.type->row_major() || as->valid_rows <= 0 || as->valid_cols <= 0 ||
      ds->valid_rows < as->valid_rows || ds->valid_cols < 1 ||
      !Apart(d, a.type->mem, a.addr, a.type->Bytes())) {
    return false;
  }
  static const simd::RowSumsLoopFn loop = simd::RowSumsF32Loop();
  loop(a.data, a.type->cols, as->valid_rows, as->valid_cols, d.data, d.type->RowStep());
  return true;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_FAST_F32_H_
