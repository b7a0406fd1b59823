// mgather / mscatter's index granularity ("coalesce"): one index per element or per row of the
// data tile, told by the coalesce attribute or, when it is absent, by the index tile's valid
// shape (PTOAS v0.60's rules, which the assembler checks and ptorun applies at run time).
#ifndef PTO_COMMON_ISA_COALESCE_H_
#define PTO_COMMON_ISA_COALESCE_H_

#include <cstdint>

#include "pto/common/tile_type.h"

namespace pto {

/// The coalesce attribute's codes (common/isa/attributes.cc).
enum class Coalesce : uint8_t { kAbsent = 0, kRow = 1, kElem = 2 };

/// What an index tile's valid shape (rows, cols) asks for against the data's valid shape.
enum class IndexGranularity : uint8_t { kNone, kRow, kElem };

/// The granularity of index tile \a idx (valid \a idx_rows x \a idx_cols) for data of valid
/// shape \a rows x \a cols under attribute code \a coalesce, or kNone if the shapes do not fit.
/// A row index tile is [1, R] (row-major) or [R, 1] (column-major; row-major too when coalesce
/// is absent); an element index tile has the data's valid shape. kDynamic fits anything.
inline IndexGranularity IndexGranularityOf(const TileType& idx, int32_t idx_rows, int32_t idx_cols,
                                           int32_t rows, int32_t cols, Coalesce coalesce) {
  auto fits = [](int32_t have, int32_t want) {
    return have == kDynamic || want == kDynamic || have == want;
  };
  auto unit = [](int32_t n) { return n == kDynamic || n == 0 || n == 1; };
  const bool row_1xr = idx.row_major() && unit(idx_rows) && fits(idx_cols, rows);
  const bool row_rx1 = fits(idx_rows, rows) && unit(idx_cols);
  const bool elem = fits(idx_rows, rows) && fits(idx_cols, cols);
  switch (coalesce) {
    case Coalesce::kRow:
      return row_1xr || (row_rx1 && !idx.row_major()) ? IndexGranularity::kRow
                                                      : IndexGranularity::kNone;
    case Coalesce::kElem:
      return elem ? IndexGranularity::kElem : IndexGranularity::kNone;
    case Coalesce::kAbsent:
      break;
  }
  if (elem) return IndexGranularity::kElem;  // a one-column data tile: the same either way
  return row_rx1 && idx.row_major() ? IndexGranularity::kRow : IndexGranularity::kNone;
}

}  // namespace pto

#endif  // PTO_COMMON_ISA_COALESCE_H_
