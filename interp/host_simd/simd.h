// SIMD inner loops for the hot f32 paths (Highway, chosen at run time for the CPU: SSE4,
// AVX2, AVX-512). Each computes exactly what the scalar element functions of element.h compute
// for the same elements, in any order: the kernels call these for contiguous runs and the
// element functions for everything else.
#ifndef PTO_INTERP_HOST_SIMD_SIMD_H_
#define PTO_INTERP_HOST_SIMD_SIMD_H_

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "pto/interp/element/element.h"

namespace pto::interp::simd {

/// The operations of the SIMD loops, each named as its element function of element.h
/// (ops::NAME): the one list the enums, ApplyBinary and ApplyUnary, WithBinaryOp and WithUnaryOp,
/// and the kernels' kSimdBinary and kSimdUnary (interp/tile/tile_shared.h) are made from.
#define PTO_SIMD_BINARY_OPS(X) X(Add) X(Sub) X(Mul) X(Div) X(Max) X(Min) X(AddRelu)
#define PTO_SIMD_UNARY_OPS(X) \
  X(Exp) X(Log) X(Sqrt) X(Rsqrt) X(RsqrtSteps) X(Recip) X(Abs) X(Neg) X(Relu)

#define PTO_SIMD_ENUMERATOR(name) k##name,
enum class Binary : uint8_t { PTO_SIMD_BINARY_OPS(PTO_SIMD_ENUMERATOR) };
enum class Unary : uint8_t { PTO_SIMD_UNARY_OPS(PTO_SIMD_ENUMERATOR) };
#undef PTO_SIMD_ENUMERATOR

/// The element function of \a op: what the SIMD loops compute on each lane, and what their
/// tails use.
inline float ApplyBinary(Binary op, float a, float b) {
  switch (op) {
#define PTO_SIMD_CASE(name) \
  case Binary::k##name:     \
    return ops::name::Apply(a, b);
    PTO_SIMD_BINARY_OPS(PTO_SIMD_CASE)
#undef PTO_SIMD_CASE
  }
  return a;
}
inline float ApplyUnary(Unary op, float a) {
  switch (op) {
#define PTO_SIMD_CASE(name) \
  case Unary::k##name:      \
    return ops::name::Apply(a);
    PTO_SIMD_UNARY_OPS(PTO_SIMD_CASE)
#undef PTO_SIMD_CASE
  }
  return a;
}

/// Calls fn with \a op as a compile-time constant (std::integral_constant), so that a loop is
/// compiled once per operation with the operation inlined.
template <typename Fn>
void WithBinaryOp(Binary op, Fn&& fn) {
  switch (op) {
#define PTO_SIMD_CASE(name) \
  case Binary::k##name:     \
    return fn(std::integral_constant<Binary, Binary::k##name>{});
    PTO_SIMD_BINARY_OPS(PTO_SIMD_CASE)
#undef PTO_SIMD_CASE
  }
}
template <typename Fn>
void WithUnaryOp(Unary op, Fn&& fn) {
  switch (op) {
#define PTO_SIMD_CASE(name) \
  case Unary::k##name:      \
    return fn(std::integral_constant<Unary, Unary::k##name>{});
    PTO_SIMD_UNARY_OPS(PTO_SIMD_CASE)
#undef PTO_SIMD_CASE
  }
}

/// d[i] = a[i] op b[i].
void BinaryF32(Binary op, const float* a, const float* b, float* d, size_t n);
/// d[i] = k * a[i] + d[i], one rounding (taxpy's fused multiply-add).
void AxpyF32(const float* a, float k, float* d, size_t n);
/// d[i] = a[i] op k, or k op a[i] when \a scalar_first.
void ScalarF32(Binary op, const float* a, float k, bool scalar_first, float* d, size_t n);
/// The same over a rows x cols region, row strides in elements; rows that follow each other
/// run as one. ldb = 0 repeats b's first row for every row (a column broadcast).
void BinaryF32Rows(Binary op, const float* a, size_t lda, const float* b, size_t ldb, float* d,
                   size_t ldd, size_t rows, size_t cols);
/// d[r][c] = a[r][c] op k[r * k_stride] over a rows x cols region (a row broadcast).
void RowScalarF32(Binary op, const float* a, size_t lda, const float* k, size_t k_stride,
                  float* d, size_t ldd, size_t rows, size_t cols);
/// The chosen target's loops themselves, for the kernels' fast paths (interp/tile/fast_paths.h):
/// they look a loop up once and call it directly, skipping the dispatch and the switch on \a op
/// that the functions above pay on every call.
using BinaryLoopFn = void (*)(const float* a, const float* b, float* d, size_t n);
using ScalarLoopFn = void (*)(const float* a, float k, float* d, size_t n);
using UnaryLoopFn = void (*)(const float* a, float* d, size_t n);
using RowScalarLoopFn = void (*)(const float* a, size_t lda, const float* k, size_t k_stride,
                                 float* d, size_t ldd, size_t rows, size_t cols);
/// d[r * ldd] = SumF32 of row r (rows of \a cols elements, \a lda apart), rounded to f32.
using RowSumsLoopFn = void (*)(const float* a, size_t lda, size_t rows, size_t cols, float* d,
                               size_t ldd);
BinaryLoopFn BinaryLoopF32(Binary op);
UnaryLoopFn UnaryLoopF32(Unary op);
ScalarLoopFn ScalarLoopF32(Binary op, bool scalar_first);
RowScalarLoopFn RowScalarLoopF32(Binary op);
RowSumsLoopFn RowSumsF32Loop();
/// d[r * ldd] = the NPU's TROWSUM of row r in a5's order (\a a5) or a2a3's general one
/// (interp/tile/npu_sum.h; simd_npu_sum.cc), bit for bit.
RowSumsLoopFn NpuRowSumsF32Loop(bool a5);
/// The 16-bit float formats of the SIMD loops over f16 and bf16 tiles (simd_half.cc).
enum class HalfType : uint8_t { kF16, kBF16 };
/// BinaryF32Rows for f16 or bf16 bit patterns: widened to f32, the f32 operation, rounded back
/// to nearest even, as the element functions do.
void BinaryHalfRows(HalfType t, Binary op, const uint16_t* a, size_t lda, const uint16_t* b,
                    size_t ldb, uint16_t* d, size_t ldd, size_t rows, size_t cols);
/// ScalarF32 for f16 or bf16 bit patterns; \a k is already a value of the element type.
void ScalarHalf(HalfType t, Binary op, const uint16_t* a, float k, bool scalar_first, uint16_t* d,
                size_t n);
/// d[i] = f(a[i]).
void UnaryF32(Unary op, const float* a, float* d, size_t n);
/// d[i] = exp(e[i] * ln b[i]), or exp(k * ln b[i]) when \a e is null: ln and exp each rounded
/// once to f32 from the exact value, the product in f32 (the power sequences of the NPU,
/// interp/tile/power.cc). Elements without a positive finite base, and the few whose exp the
/// SIMD path cannot round safely, get special(b[i], e[i]), which must equal that value wherever
/// it is defined so. d may be b or e.
void ExpOfScaledLogF32(const float* b, const float* e, float k, float* d, size_t n,
                       float (*special)(float, float));
/// Float row sums accumulate in double in this many interleaved partial sums: element i goes
/// to partial i % kSumPartials, the partials start at +0 and are added in index order, then
/// the total rounds once (docs/semantics.md). A fixed order that SIMD code keeps on every target.
constexpr size_t kSumPartials = 16;
/// That sum for any element source: load(i) gives element i as a double. The reference the
/// SIMD code matches, and the path for other element types.
template <typename Load>
double InterleavedSum(size_t n, Load&& load) {
  double partial[kSumPartials] = {};
  for (size_t i = 0; i < n; ++i) partial[i % kSumPartials] += load(i);
  double total = partial[0];
  for (size_t p = 1; p < kSumPartials; ++p) total += partial[p];
  return total;
}
/// InterleavedSum of a[0..n).
double SumF32(const float* a, size_t n);
/// The largest (kMax) or smallest (kMin) of a[0..n), n >= 1: what folding ops::Max or ops::Min
/// from a[0] gives (the quiet NaN if any element is NaN; the sign of a zero result as the fold
/// finds it).
float ReduceF32(Binary op, const float* a, size_t n);
/// d[i] = a[i] rounded to bfloat16 (nearest even; NaN stays NaN; finite values beyond bf16's
/// range saturate when \a saturate, else become infinity), as bit patterns.
void F32ToBF16(const float* a, uint16_t* d, size_t n, bool saturate);
/// c[i][j] = sum over k of a[i][k] * b[k][j], summed from 0 (from c[i][j] when \a accumulate)
/// in ascending k with one rounding per multiply and per add (no fused multiply-add). Row
/// strides in elements (simd_matmul.cc).
void MatmulF32(const float* a, size_t lda, const float* b, size_t ldb, float* c, size_t ldc,
               size_t m, size_t k, size_t n, bool accumulate = false);
/// How a matrix is stored in a tile, in elements: boxes of box_rows x box_cols, the box of
/// element (r, c) at (r / box_rows) * row_box_step + (c / box_cols) * col_box_step, and inside
/// it row-major ((r % box_rows) * box_cols + c % box_cols) or, with col_major, column-major.
/// A plain layout (ND, DN) is one box of the tile's shape.
struct BoxLayout {
  size_t box_rows = 0, box_cols = 0;
  size_t row_box_step = 0, col_box_step = 0;
  bool col_major = false;
};
/// The element types matmul operands are widened from to f32 (exactly).
enum class Widen : uint8_t { kF32, kBF16, kF16 };
/// dst[r * ldd + c] = element (r, c) of the rows x cols matrix at \a src (stored as \a layout,
/// elements of type \a from) as f32: the operands of MatmulF32 out of NZ, ZN, ZZ, ND... tiles.
void PackF32(Widen from, const void* src, const BoxLayout& layout, float* dst, size_t ldd,
             size_t rows, size_t cols);
/// Element (r, c) of the f32 matrix at \a dst (stored as \a layout) = src[r * lds + c].
void UnpackF32(const float* src, size_t lds, float* dst, const BoxLayout& layout, size_t rows,
               size_t cols);

/// The instruction set chosen at run time ("AVX3", "AVX2", ...), for reports.
const char* TargetName();

}  // namespace pto::interp::simd

#endif  // PTO_INTERP_HOST_SIMD_SIMD_H_
