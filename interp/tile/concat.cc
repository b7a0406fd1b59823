// tconcat: each row of the destination is the row of the first source's valid columns followed
// by the second's (docs/semantics.md).
#include <algorithm>
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
struct Concat {};
struct ConcatIdx {};
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

// The column count index tile \a x asks for in row \a r: element (r, 0) divided by its own
// size, the unsigned way the NPU divides (a negative count becomes huge, so it takes all).
uint64_t IndexedCount(const TileRef& x, int32_t r) {
  int64_t v = 0;
  WithStorageType(x.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!Elem<T>::kFloat) v = static_cast<int64_t>(*x.At<T>(r, 0));  // integers (rules)
  });
  return static_cast<uint32_t>(static_cast<uint64_t>(v) / DTypeSize(x.type->dtype));
}

// tconcatidx d | a b ai bi: row r of d takes n0 = min(ai[r,0] / size, D(d) columns) columns of a,
// then n1 = min(bi[r,0] / size, the rest) of b (pto-isa's TConcatIdx); the rest of the row keeps
// its elements. A source row must hold the columns asked of it.
bool ConcatIndexed(Executor& ex, const Instr& in) {
  TileRef d, a, b, ai, bi;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b) || !ex.Tile(in.operands[3], &ai) ||
      !ex.Tile(in.operands[4], &bi)) {
    return false;
  }
  const int32_t rows = d.valid_rows, width = d.valid_cols;
  for (const TileRef* s : {&a, &b, &ai, &bi}) {
    if (!RequireCovers(ex, *s, rows, s == &ai || s == &bi ? 1 : 0, "source")) return false;
  }
  for (int32_t r = 0; r < rows; ++r) {
    const int64_t n0 = std::min<uint64_t>(IndexedCount(ai, r), width);
    const int64_t n1 = std::min<uint64_t>(IndexedCount(bi, r), width - n0);
    if (n0 > a.type->cols || n1 > b.type->cols) {
      return ex.Fault(StrCat("row ", r, " takes ", n0, " columns of ", ex.TileName(a.reg), " and ",
                             n1, " of ", ex.TileName(b.reg), ", past their rows (", a.type->cols,
                             " and ", b.type->cols, " columns)"));
    }
    WithStorageType(d.type->dtype, [&](auto tag) {
      using T = decltype(tag);
      std::vector<T> row(static_cast<size_t>(n0 + n1));
      for (int64_t j = 0; j < n0; ++j) row[j] = *a.At<T>(r, j);
      for (int64_t j = 0; j < n1; ++j) row[n0 + j] = *b.At<T>(r, j);
      for (int64_t j = 0; j < n0 + n1; ++j) *d.At<T>(r, j) = row[j];
    });
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecConcat(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::ConcatIdx>) return ConcatIndexed(ex, in);
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
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
