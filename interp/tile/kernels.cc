#include "pto/interp/tile/tile_shared.h"

#include <algorithm>
#include <vector>

#include "pto/common/strings.h"

namespace pto::interp {

bool NotCovered(Executor& ex, const TileRef& src, int32_t rows, int32_t cols, const char* role) {
  return ex.Fault(StrCat("the ", role, " ", ex.TileName(src.reg), " has a valid shape of ",
                         src.valid_rows, "x", src.valid_cols, " but ", rows, "x", cols,
                         " elements are needed"));
}

namespace {

// The byte runs [lo, hi) of the rows x cols elements of a plain tile, in ascending order: a
// run per row (row-major) or per column (column-major).
struct Run {
  int64_t lo, hi;
};
std::vector<Run> Runs(const TileRef& t, int32_t rows, int32_t cols) {
  const int64_t size = DTypeSize(t.type->dtype);
  const bool by_row = t.type->row_major();
  const int64_t count = by_row ? rows : cols, length = (by_row ? cols : rows) * size;
  const int64_t step = (by_row ? t.type->RowStep() : t.type->ColStep()) * size;
  std::vector<Run> runs;
  for (int64_t k = 0; k < count; ++k) runs.push_back({t.addr + k * step, t.addr + k * step + length});
  return runs;
}

}  // namespace

bool CheckPartialOverlap(Executor& ex, const TileRef& dst, const TileRef& src, int32_t rows,
                         int32_t cols) {
  const TileType &d = *dst.type, &s = *src.type;
  // Boxed layouts are left to the sequential semantics (the result computed in scratch).
  if (!d.Plain() || !s.Plain() || rows <= 0 || cols <= 0) return true;
  const bool same_elements = dst.addr == src.addr && d.dtype == s.dtype &&
                             d.blayout == s.blayout && d.RowStep() == s.RowStep() &&
                             d.ColStep() == s.ColStep();
  if (same_elements) return true;
  const std::vector<Run> a = Runs(dst, rows, cols), b = Runs(src, rows, cols);
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    const int64_t lo = std::max(a[i].lo, b[j].lo), hi = std::min(a[i].hi, b[j].hi);
    if (lo < hi) {
      return ex.Fault(StrCat("the destination ", ex.TileName(dst.reg), " partly overlaps the source ",
                             ex.TileName(src.reg), ": bytes [", lo, ", ", hi, ") of ",
                             MemoryName(d.mem), " are written and read as different elements (an "
                             "elementwise instruction's destination must be its source's own "
                             "elements or disjoint from them)"));
    }
    (a[i].hi < b[j].hi) ? ++i : ++j;
  }
  return true;
}

}  // namespace pto::interp
