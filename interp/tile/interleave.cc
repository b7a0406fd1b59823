// tinterleave and tdeinterleave: each row's valid elements taken as one stream, merged or split
// at alternate positions (docs/semantics.md).
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
struct Interleave {};
struct DeInterleave {};
}  // namespace ops

namespace {

// The row stream of the sources is built first, so destinations may share storage with them.
template <typename T, bool kInterleave>
void Rows(const TileRef& d0, const TileRef& d1, const TileRef& a, const TileRef* b, int32_t rows,
          int32_t cols) {
  std::vector<T> stream(static_cast<size_t>(cols) * 2);
  for (int32_t r = 0; r < rows; ++r) {
    if (kInterleave) {
      for (int32_t k = 0; k < cols; ++k) {
        stream[2 * k] = *a.At<T>(r, k);
        stream[2 * k + 1] = *b->At<T>(r, k);
      }
      for (int32_t j = 0; j < cols; ++j) {
        *d0.At<T>(r, j) = stream[j];
        *d1.At<T>(r, j) = stream[cols + j];
      }
    } else {
      for (int32_t j = 0; j < 2 * cols; ++j) {
        stream[j] = b ? (j < cols ? *a.At<T>(r, j) : *b->At<T>(r, j - cols)) : *a.At<T>(r, j);
      }
      for (int32_t k = 0; k < cols; ++k) {
        *d0.At<T>(r, k) = stream[2 * k];
        *d1.At<T>(r, k) = stream[2 * k + 1];
      }
    }
  }
}

}  // namespace

template <typename Op>
bool ExecInterleave(Executor& ex, const Instr& in) {
  constexpr bool kInterleave = std::is_same_v<Op, ops::Interleave>;
  TileRef d0, d1, a, b;
  if (!ex.Tile(in.operands[0], &d0) || !ex.Tile(in.operands[1], &d1) ||
      !ex.Tile(in.operands[2], &a)) {
    return false;
  }
  const bool two = in.operands[3] != kNoOperand;
  if (two && !ex.Tile(in.operands[3], &b)) return false;
  const int32_t rows = d0.valid_rows, cols = d0.valid_cols;
  if (!RequireCovers(ex, d1, rows, cols, "second destination")) return false;
  if (two) {
    if (!RequireCovers(ex, a, rows, cols, "first source") ||
        !RequireCovers(ex, b, rows, cols, "second source")) {
      return false;
    }
  } else if (a.valid_rows < rows || a.valid_cols != 2 * cols) {
    return ex.Fault(StrCat("the source ", ex.TileName(a.reg), " has a valid shape of ",
                           a.valid_rows, "x", a.valid_cols, " but destinations of ", rows, "x",
                           cols, " need ", rows, "x", 2 * cols));
  }
  if ((kInterleave || two) && cols % 2 != 0) {
    return ex.Fault(StrCat("needs an even number of valid columns, got ", cols));
  }
  WithStorageType(d0.type->dtype, [&](auto tag) {
    Rows<decltype(tag), kInterleave>(d0, d1, a, two ? &b : nullptr, rows, cols);
  });
  return true;
}

#define PTO_IMPLEMENTS_Interleave PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
