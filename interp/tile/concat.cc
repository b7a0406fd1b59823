// tconcat: each row of the destination is the row of the first source's valid columns followed
// by the second's (docs/semantics.md).
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/tile/kernels.h"

namespace pto::interp {

namespace ops {
struct Concat {};
}  // namespace ops

namespace {

// Each row is gathered before it is written, so the destination may share storage with a
// source.
template <typename T>
void ConcatRows(const TileRef& d, const TileRef& a, const TileRef& b, int32_t rows,
                int32_t cols_a, int32_t cols_b) {
  std::vector<T> row(static_cast<size_t>(cols_a) + static_cast<size_t>(cols_b));
  for (int32_t r = 0; r < rows; ++r) {
    for (int32_t j = 0; j < cols_a; ++j) row[j] = *a.At<T>(r, j);
    for (int32_t j = 0; j < cols_b; ++j) row[cols_a + j] = *b.At<T>(r, j);
    for (int32_t j = 0; j < cols_a + cols_b; ++j) *d.At<T>(r, j) = row[j];
  }
}

}  // namespace

template <typename Op>
bool ExecConcat(Executor& ex, const Instr& in) {
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b)) {
    return false;
  }
  const int32_t rows = d.valid_rows;
  if (!RequireCovers(ex, a, rows, 0, "first source") ||
      !RequireCovers(ex, b, rows, 0, "second source")) {
    return false;
  }
  if (a.valid_cols + b.valid_cols != d.valid_cols) {
    return ex.Fault(StrCat("the sources' ", a.valid_cols, " + ", b.valid_cols,
                           " valid columns do not make the destination's ", d.valid_cols));
  }
  WithStorageType(d.type->dtype, [&](auto tag) {
    ConcatRows<decltype(tag)>(d, a, b, rows, a.valid_cols, b.valid_cols);
  });
  return true;
}

#define PTO_IMPLEMENTS_Concat PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
