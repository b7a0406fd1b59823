// The Partial family: elementwise operations over the union of two valid regions
// (tpartadd/mul/max/min).
#include "pto/common/strings.h"
#include "pto/interp/tile/kernels.h"

namespace pto::interp {

namespace {

bool FitsIn(const TileRef& s, const TileRef& d) {
  return s.valid_rows <= d.valid_rows && s.valid_cols <= d.valid_cols;
}

bool SameValid(const TileRef& s, const TileRef& d) {
  return s.valid_rows == d.valid_rows && s.valid_cols == d.valid_cols;
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

#define PTO_IMPLEMENTS_Partial PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
