// Partial elementwise operations (tpartadd/mul/max/min) and arg reductions
// (trowargmax/min, tcolargmax/min).
#include <cmath>
#include <cstring>

#include "common/strings.h"
#include "interp/tile/kernels.h"

namespace pto::interp {

namespace {

bool FitsIn(const TileRef& s, const TileRef& d) {
  return s.valid_rows <= d.valid_rows && s.valid_cols <= d.valid_cols;
}

bool SameValid(const TileRef& s, const TileRef& d) {
  return s.valid_rows == d.valid_rows && s.valid_cols == d.valid_cols;
}

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

// Over D(d): Op(a, b) where both sources are valid, else the one that is. Both valid regions
// must fit in d's and one must equal it, the patterns the NPU implements (docs/semantics.md).
template <typename Op>
bool ExecPartial(Executor& ex, const Instr& in) {
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b)) {
    return false;
  }
  if (!FitsIn(a, d) || !FitsIn(b, d) || (!SameValid(a, d) && !SameValid(b, d))) {
    return ex.Fault(StrCat("the sources' valid shapes (", a.valid_rows, "x", a.valid_cols, " and ",
                           b.valid_rows, "x", b.valid_cols, ") must fit in the destination's (",
                           d.valid_rows, "x", d.valid_cols, ") and one must equal it"));
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    WithSafeDst(ex, d, {&a, &b}, true, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        T* dp = dst.At<T>(r, 0);
        const bool row_a = r < a.valid_rows, row_b = r < b.valid_rows;
        const T* ap = row_a ? a.At<T>(r, 0) : nullptr;
        const T* bp = row_b ? b.At<T>(r, 0) : nullptr;
        for (int32_t j = 0; j < cols; ++j) {
          const bool in_a = row_a && j < a.valid_cols, in_b = row_b && j < b.valid_cols;
          if (in_a && in_b) {
            dp[j] = E::Store(Op::Apply(E::Load(ap[j]), E::Load(bp[j])));
          } else {
            dp[j] = in_a ? ap[j] : bp[j];  // one of them covers d
          }
        }
      }
      return true;
    });
  });
  return true;
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
        void* out = kRow ? static_cast<void*>(dst.At<int32_t>(line, 0))
                         : static_cast<void*>(dst.At<int32_t>(0, line));
        std::memcpy(out, &best_index, sizeof(best_index));
      }
      return true;
    });
  });
  return true;
}

#define PTO_IMPLEMENTS_Partial PTO_YES
#define PTO_IMPLEMENTS_ArgReduce PTO_YES
#include "interp/instantiate.inc"

}  // namespace pto::interp
