// The RowReduce, ColReduce, ArgReduce, RowExpand, ColExpand, RowExpandBinary and
// ColExpandBinary families: row and column reductions (and arg reductions) and broadcasts.
#include <cmath>
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/tile/fast_paths.h"
#include "pto/interp/tile/tile_shared.h"
#include "pto/common/isa/opcode.h"
#include "pto/interp/tile/npu_divide.h"
#include "pto/interp/tile/npu_sum.h"

namespace pto::interp {

namespace {

// Reduction accumulator: floats sum in double and round once; integers wrap.
template <typename T, typename Op>
struct Reducer {
  using E = Elem<T>;
  using Acc = std::conditional_t<E::kFloat, double, int64_t>;
  Acc acc{};
  bool first = true;
  void Add(T v) {
    auto x = E::Load(v);
    if constexpr (std::is_same_v<Op, ops::Sum>) {
      if constexpr (E::kFloat) {
        acc += static_cast<double>(x);
      } else {
        acc = ops::WrapAdd(acc, x);
      }
    } else {
      acc = first ? static_cast<Acc>(x) : static_cast<Acc>(Op::Apply(static_cast<typename E::C>(acc), x));
    }
    first = false;
  }
  T Result() const {
    if constexpr (E::kFloat) {
      return E::Store(E::FromDouble(acc));
    } else {
      return E::Store(acc);
    }
  }
};

// One row of a row reduction. Float sums use the fixed interleaved order of
// simd::InterleavedSum; f32 rows go through the SIMD loops.
template <typename T, typename Op>
T ReduceRow(const T* ap, int32_t cols) {
  using E = Elem<T>;
  if constexpr (std::is_same_v<Op, ops::Sum> && E::kFloat) {
    double sum;
    if constexpr (std::is_same_v<T, float>) {
      sum = simd::SumF32(ap, cols);
    } else {
      sum = simd::InterleavedSum(cols, [&](size_t i) { return static_cast<double>(E::Load(ap[i])); });
    }
    return E::Store(E::FromDouble(sum));
  } else {
    // The SIMD loops reduce with max and min only (products go left to right below).
    if constexpr (std::is_same_v<T, float> &&
                  (std::is_same_v<Op, ops::Max> || std::is_same_v<Op, ops::Min>)) {
      return simd::ReduceF32(static_cast<simd::Binary>(kSimdBinary<Op>), ap, cols);
    }
    Reducer<T, Op> red;
    for (int32_t c = 0; c < cols; ++c) red.Add(ap[c]);
    return red.Result();
  }
}

bool EmptyReduction(Executor& ex, const TileRef& src, const char* what) {
  return ex.Fault(StrCat("reduces ", what, " of ", ex.TileName(src.reg),
                         ", whose valid shape is ", src.valid_rows, "x", src.valid_cols));
}

bool DstTooSmall(Executor& ex, const TileRef& dst, int32_t rows, int32_t cols) {
  return ex.Fault(StrCat("the result needs ", rows, "x", cols, " valid elements but ",
                         ex.TileName(dst.reg), " has a valid shape of ", dst.valid_rows, "x",
                         dst.valid_cols));
}

}  // namespace

template <typename Op>
bool ExecRowReduce(Executor& ex, const Instr& in) {
  constexpr bool kSum = std::is_same_v<Op, ops::Sum>;
  constexpr bool kProd = std::is_same_v<Op, ops::Mul>;
  // Sums and products in the NPU's order (npu_sum.h); the rest is order-free.
  const bool npu = (kSum || kProd) && ex.core().arith == Arith::kNpu;
  if constexpr (kSum) {
    if (!npu && FastRowSumF32(ex, in)) return true;
  }
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  if (rows > 0 && cols == 0) return EmptyReduction(ex, a, "empty rows");
  if (d.valid_rows < rows || (rows > 0 && d.valid_cols < 1)) return DstTooSmall(ex, d, rows, 1);
  const Arch arch = ex.program().arch;
  const bool grouped = kSum && npu && NpuRowSumGrouped(arch, *d.type, *a.type);
  if (kSum && npu && !grouped && a.type->dtype == DType::kF32 && a.type->row_major() && a.type->Plain() &&
      d.type->Plain()) {  // whole rows at once in SIMD registers
    return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      NpuRowSumsF32(arch, a.At<float>(0, 0), a.type->RowStep(), rows, cols, dst.At<float>(0, 0),
                    dst.type->RowStep());
      return true;
    });
  }
  WithStorageType(a.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        const T* ap = a.At<T>(r, 0);
        if constexpr ((kSum || kProd) && (std::is_same_v<T, float> || std::is_same_v<T, Half>)) {
          if (npu) {
            *dst.At<T>(r, 0) = kSum ? NpuRowSum<T>(arch, ap, cols, grouped)
                                    : NpuRowProd<T>(arch, ap, cols);
            continue;
          }
        }
        *dst.At<T>(r, 0) = ReduceRow<T, Op>(ap, cols);
      }
      return true;
    });
  });
  return true;
}

template <typename Op>
bool ExecColReduce(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  if (cols > 0 && rows == 0) return EmptyReduction(ex, a, "empty columns");
  if (d.valid_cols < cols || (cols > 0 && d.valid_rows < 1)) return DstTooSmall(ex, d, 1, cols);
  constexpr bool kSum = std::is_same_v<Op, ops::Sum>;
  constexpr bool kProd = std::is_same_v<Op, ops::Mul>;
  // The NPU's order (npu_sum.h) for the ND tiles pto-isa's TCOLSUM and TCOLPROD take.
  const bool npu = (kSum || kProd) && ex.core().arith == Arith::kNpu && rows > 0 &&
                   a.type->row_major() && a.type->Plain() && d.type->row_major() && d.type->Plain();
  const int binary_at = kSum ? GetOpInfo(in.op).ImmOperand("isBinary") : -1;
  const bool binary = kSum && binary_at >= 0 && static_cast<uint32_t>(binary_at) < in.count &&
                      in.operands[binary_at] == 1;
  WithStorageType(a.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      if constexpr (kSum && (std::is_same_v<T, float> || std::is_same_v<T, Half>)) {
        if (npu) {
          NpuColSums<T>(ex.program().arch, binary, a.At<T>(0, 0), a.type->RowStep(), rows, cols,
                        dst.Origin<T>());
          return true;
        }
      }
      if constexpr (kProd && (std::is_same_v<T, float> || std::is_same_v<T, Half> ||
                              std::is_same_v<T, BFloat16>)) {
        if (npu) {
          NpuColProds<T>(ex.program().arch, a.At<T>(0, 0), a.type->RowStep(), rows, cols,
                         dst.Origin<T>());
          return true;
        }
      }
      std::vector<Reducer<T, Op>> reds(cols);
      for (int32_t r = 0; r < rows; ++r) {
        const T* ap = a.At<T>(r, 0);
        for (int32_t c = 0; c < cols; ++c) reds[c].Add(ap[c]);
      }
      T* dp = dst.Origin<T>();
      for (int32_t c = 0; c < cols; ++c) dp[c] = reds[c].Result();
      return true;
    });
  });
  return true;
}

namespace {

// True when v should replace best as the extreme: strictly larger (smaller), or the first NaN.
template <bool kMax, typename C>
bool Beats(C v, C best) {
  if constexpr (std::is_floating_point_v<C>) {
    if (std::isnan(best)) return false;
    if (std::isnan(v)) return true;
  }
  return kMax ? v > best : v < best;
}

}  // namespace

// a2a3's column arg reductions of 16-bit tiles count rows in i16 and widen the index through f16
// (pto-isa a2a3 TColReduceIdx.hpp: vconv_s162f16a, vconv_f162s32a, nearest with ties away):
// a row past 2048 comes back rounded to f16's precision. --arith npu only.
int32_t IndexThroughF16(int32_t index) {
  if (index <= 2048) return index;
  return static_cast<int32_t>(DecodeFloat(EncodeFloat(index, kHalfFormat, RoundMode::kRound), kHalfFormat));
}

// Row variants: d[i,0] = index j of the extreme of row i over D(a); column variants:
// d[0,j] = index i of the extreme of column j. Ties keep the first index; a NaN is the extreme
// (the first one wins). Indices are written as 32-bit integers (d is i32 or ui32).
template <typename Op>
bool ExecArgReduce(Executor& ex, const Instr& in) {
  constexpr bool kRow = std::is_same_v<Op, ops::RowArgMax> || std::is_same_v<Op, ops::RowArgMin>;
  constexpr bool kMax = std::is_same_v<Op, ops::RowArgMax> || std::is_same_v<Op, ops::ColArgMax>;
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  const int32_t lines = kRow ? rows : cols, length = kRow ? cols : rows;
  if (lines > 0 && length == 0) {
    return ex.Fault(StrCat("reduces empty ", kRow ? "rows" : "columns", " of ",
                           ex.TileName(a.reg), ", whose valid shape is ", rows, "x", cols));
  }
  const int32_t need_rows = kRow ? lines : (lines > 0 ? 1 : 0);
  const int32_t need_cols = kRow ? (lines > 0 ? 1 : 0) : lines;
  if (d.valid_rows < need_rows || d.valid_cols < need_cols) {
    return ex.Fault(StrCat("the result needs ", need_rows, "x", need_cols, " valid elements but ",
                           ex.TileName(d.reg), " has a valid shape of ", d.valid_rows, "x",
                           d.valid_cols));
  }
  const bool index_through_f16 = !kRow && DTypeSize(a.type->dtype) == 2 &&
                                 ex.core().arith == Arith::kNpu &&
                                 ex.program().arch == Arch::kA2A3;
  WithStorageType(a.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      for (int32_t line = 0; line < lines; ++line) {
        auto at = [&](int32_t k) {
          return E::Load(kRow ? *a.At<T>(line, k) : *a.At<T>(k, line));
        };
        int32_t best_index = 0;
        auto best = at(0);
        for (int32_t k = 1; k < length; ++k) {
          auto v = at(k);
          if (Beats<kMax>(v, best)) {
            best = v;
            best_index = k;
          }
        }
        if (index_through_f16) best_index = IndexThroughF16(best_index);
        void* out = kRow ? static_cast<void*>(dst.At<int32_t>(line, 0))
                         : static_cast<void*>(dst.At<int32_t>(0, line));
        std::memcpy(out, &best_index, sizeof(best_index));
      }
      return true;
    });
  });
  return true;
}

template <typename Op>
bool ExecRowExpand(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols > 0 ? 1 : 0, "source")) return false;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        const T v = *a.At<T>(r, 0);
        T* dp = dst.At<T>(r, 0);
        for (int32_t c = 0; c < cols; ++c) dp[c] = v;
      }
      return true;
    });
  });
  return true;
}

// d[i,j] = a[0,j] over D(d).
template <typename Op>
bool ExecColExpand(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows > 0 ? 1 : 0, cols, "source")) return false;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      const T* ap = a.Origin<T>();
      for (int32_t r = 0; r < rows; ++r) {
        T* dp = dst.At<T>(r, 0);
        for (int32_t c = 0; c < cols; ++c) dp[c] = ap[c];
      }
      return true;
    });
  });
  return true;
}

namespace {

// trowexpandexpdif and tcolexpandexpdif as the NPU computes them: vsub, the difference rounded
// to the type, then vexp; a5's f32 is one fused vexpdif (pto-isa a5 TRowExpandExpdif.hpp,
// TColExpandExpdif.hpp). --arith exact: the exact difference. The exponential itself is
// correctly rounded (vexp's approximation is not public).
template <typename T>
bool ExpDifRoundsDifference(Executor& ex) {
  return ex.core().arith == Arith::kNpu &&
         (!std::is_same_v<T, float> || ex.program().arch == Arch::kA2A3);
}

template <typename T, bool kPerRow>
void ExpDifRows(bool round_difference, const TileRef& a, const TileRef& b, const TileRef& dst,
                int32_t rows, int32_t cols) {
  using E = Elem<T>;
  for (int32_t r = 0; r < rows; ++r) {
    T* dp = dst.At<T>(r, 0);
    const T* ap = a.At<T>(r, 0);
    for (int32_t c = 0; c < cols; ++c) {
      const T s = kPerRow ? *b.At<T>(r, 0) : *b.At<T>(0, c);
      double diff = static_cast<double>(E::Load(ap[c])) - static_cast<double>(E::Load(s));
      if (round_difference) diff = E::FromDouble(diff);
      dp[c] = E::Store(E::FromDouble(std::exp(diff)));
    }
  }
}

// d[i,j] = a[i,j] (op) s, where s = b[i,0] (per row) or b[0,j] (per column).
template <typename Op, bool kPerRow>
[[gnu::noinline]] bool ExpandBinary(Executor& ex, const Instr& in) {
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b)) {
    return false;
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "first source")) return false;
  bool covered = kPerRow ? RequireCovers(ex, b, rows, rows > 0 && cols > 0 ? 1 : 0,
                                         "per-row scalar source")
                         : RequireCovers(ex, b, rows > 0 && cols > 0 ? 1 : 0, cols,
                                         "per-column scalar source");
  if (!covered) return false;
  bool ok = true;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    using C = typename E::C;
    if constexpr (requires(C x) { Op::Apply(x, x); }) {
      ok = WithSafeDst(ex, d, {&a, &b}, true, [&](const TileRef& dst) {
        // f32 goes through the SIMD loops: one scalar per row, or b's row 0 (when it is
        // contiguous) against each row.
        if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
          const auto op = static_cast<simd::Binary>(kSimdBinary<Op>);
          const float* ap = a.Origin<T>();
          float* dp = dst.Origin<T>();
          const size_t lda = a.type->RowStep(), ldd = dst.type->RowStep();
          if (kPerRow && b.type->Plain()) {
            simd::RowScalarF32(op, ap, lda, b.Origin<T>(), b.type->RowStep(), dp, ldd, rows, cols);
            return true;
          }
          if (!kPerRow && b.type->Plain() && b.type->row_major()) {
            simd::BinaryF32Rows(op, ap, lda, b.Origin<T>(), 0, dp, ldd, rows, cols);
            return true;
          }
        }
        if constexpr (std::is_same_v<Op, ops::ExpDif>) {
          ExpDifRows<T, kPerRow>(ExpDifRoundsDifference<T>(ex), a, b, dst, rows, cols);
          return true;
        }
        for (int32_t r = 0; r < rows; ++r) {
          T* dp = dst.At<T>(r, 0);
          const T* ap = a.At<T>(r, 0);
          if constexpr (kPerRow) {
            const C s = E::Load(*b.At<T>(r, 0));
            for (int32_t c = 0; c < cols; ++c) dp[c] = E::Store(Op::Apply(E::Load(ap[c]), s));
          } else {
            for (int32_t c = 0; c < cols; ++c) {
              dp[c] = E::Store(Op::Apply(E::Load(ap[c]), E::Load(*b.At<T>(0, c))));
            }
          }
        }
        return true;
      });
    } else {
      ok = ex.Fault(StrCat("element type ", DTypeName(d.type->dtype), " is not supported"));
    }
  });
  return ok;
}

}  // namespace

template <typename Op>
bool ExecRowExpandBinary(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::Div>) {  // a5's high precision (npu_divide.h)
    bool ok;
    if (NpuHighPrecisionDivide(ex, in, DivideForm::kPerRow, &ok)) return ok;
  }
  if constexpr (kSimdBinary<Op> >= 0) {
    if (FastRowExpandF32<static_cast<simd::Binary>(kSimdBinary<Op>)>(ex, in)) return true;
  }
  return ExpandBinary<Op, true>(ex, in);
}

template <typename Op>
bool ExecColExpandBinary(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::Div>) {  // a5's high precision (npu_divide.h)
    bool ok;
    if (NpuHighPrecisionDivide(ex, in, DivideForm::kPerColumn, &ok)) return ok;
  }
  return ExpandBinary<Op, false>(ex, in);
}

#define PTO_IMPLEMENTS_RowReduce PTO_YES
#define PTO_IMPLEMENTS_ColReduce PTO_YES
#define PTO_IMPLEMENTS_ArgReduce PTO_YES
#define PTO_IMPLEMENTS_RowExpand PTO_YES
#define PTO_IMPLEMENTS_ColExpand PTO_YES
#define PTO_IMPLEMENTS_RowExpandBinary PTO_YES
#define PTO_IMPLEMENTS_ColExpandBinary PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
