#include "pto/interp/observe/tile_path.h"

#include <algorithm>

namespace pto::interp::observe {

namespace {

constexpr int64_t kRepeatMax = 255;   // a vector instruction's repeat field (REPEAT_MAX)
constexpr int64_t kSmallRepeats = 4;  // TBinOp.hpp's SMALL_RPT_BINOP, TBinSOp.hpp's SMALL_RPT

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

uint64_t U(int64_t n) { return static_cast<uint64_t>(std::max<int64_t>(0, n)); }

// The whole valid region as one line: a count-mode instruction counts the elements; a normal
// one runs the whole repeats, then one masked to the rest. The same repeats either way.
PathRepeats OneLine(int64_t rows, int64_t cols, int64_t per_repeat, bool count_mode) {
  const int64_t elements = rows * cols;
  const bool masked_rest = elements % per_repeat != 0;
  return {U(CeilDiv(elements, per_repeat)), count_mode || masked_rest ? 1u : 0u};
}

// Whether a line of \a rows x \a cols runs in count mode: when a row is wider than a repeat
// without being whole repeats (\a row_rule; TUnaryOp.hpp:215-220 has no such rule), or the
// line is over 255 repeats. A line fixed at compile time asks of the tile's shape
// (TBinOp.hpp:197-199, TBinSOp.hpp:186-190), one merged at run time of the valid region
// (TBinOp.hpp:213-220, TUnaryOp.hpp:224-230).
bool CountMode(int64_t rows, int64_t cols, int64_t per_repeat, bool row_rule) {
  const bool ragged = row_rule && cols > per_repeat && cols % per_repeat != 0;
  return ragged || CeilDiv(rows * cols, per_repeat) > kRepeatMax;
}

// A group of repeats a valid row (TBinOp.hpp:222-238, TBinSOp.hpp:214-233, TUnaryOp.hpp:
// 175-190): in count mode, an instruction a row, when the tile has a few rows of several
// repeats or fewer rows than repeats a row and a ragged width; else an instruction a
// 256-byte column block over the rows (up to 255 of them), the last masked to the rest.
PathRepeats RowGroups(const TileGeometry& t, int64_t rows, int64_t cols, int64_t per_repeat) {
  const int64_t repeats_a_row = t.cols / per_repeat;
  const uint64_t total = U(rows * CeilDiv(cols, per_repeat));
  const bool few_rows = repeats_a_row > 1 && t.rows * repeats_a_row < kSmallRepeats;
  const bool wide = t.rows < repeats_a_row + 1 && cols % per_repeat != 0;
  if (few_rows || wide) return {total, U(rows), true};
  return {total, cols % per_repeat != 0 ? U(CeilDiv(rows, kRepeatMax)) : 0};
}

// TColExpandBinOp.hpp:36-82: statically whole, an instruction a 256-byte column block over
// the valid rows (one masked to a row narrower than a repeat, or to the last block's rest);
// else an instruction a valid row in count mode. The same repeats either way.
PathRepeats ColumnBlocks(const TileGeometry& t, int64_t rows, int64_t cols, int64_t per_repeat) {
  const uint64_t total = U(rows * CeilDiv(cols, per_repeat));
  if (!t.static_whole && !t.one_row) return {total, U(rows), true};
  return {total, cols % per_repeat != 0 ? 1u : 0u};
}

// One line when the tile is statically whole (or one row), else, when \a merges (TBinOp,
// TUnaryOp, not TBinSOp), one line when the valid columns fill the tile at run time, else a
// group of repeats a row. \a row_rule: a ragged row wider than a repeat runs in count mode.
PathRepeats LineOrRows(const TileGeometry& t, int64_t rows, int64_t cols, int64_t per_repeat,
                       bool merges, bool row_rule) {
  if (t.static_whole || t.one_row) {
    return OneLine(rows, cols, per_repeat, CountMode(t.rows, t.cols, per_repeat, row_rule));
  }
  if (merges && t.same_shape && (cols == t.cols || rows == 1)) {
    return OneLine(rows, cols, per_repeat, CountMode(rows, cols, per_repeat, row_rule));
  }
  return RowGroups(t, rows, cols, per_repeat);
}

}  // namespace

PathRepeats TilePathRepeats(cost::TilePath path, const TileGeometry& t, int64_t valid_rows,
                            int64_t valid_cols) {
  const int64_t per_repeat =
      std::max(1, static_cast<int>(cost::kRepeatBytes) / std::max(1, t.elem_bytes));
  const int64_t rows = std::max<int64_t>(0, valid_rows), cols = std::max<int64_t>(0, valid_cols);
  switch (path) {
    case cost::TilePath::kBinOp:
      if (!t.same_shape) return {U(rows * CeilDiv(cols, per_repeat)), 0};
      if (t.rows <= kRepeatMax && t.cols < per_repeat) {
        return {U(rows), 1};  // TBinOp.hpp:246-251: a repeat a row, masked to the valid columns
      }
      return LineOrRows(t, rows, cols, per_repeat, true, true);
    case cost::TilePath::kScalarOp:
      return LineOrRows(t, rows, cols, per_repeat, false, true);
    case cost::TilePath::kUnaryOp:
      return LineOrRows(t, rows, cols, per_repeat, true, false);
    case cost::TilePath::kColExpandOp:
      return ColumnBlocks(t, rows, cols, per_repeat);
    case cost::TilePath::kNone:
      break;
  }
  return {U(rows * CeilDiv(cols, per_repeat)), 0};
}

}  // namespace pto::interp::observe
