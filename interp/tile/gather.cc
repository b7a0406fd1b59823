// Gathers: tgather by index tile, mask pattern (along rows or columns) or comparison with a
// scalar, tgatherb (32-byte blocks), mgather (global memory through an index tile); the
// scatters are in tile/scatter.cc. Every index is checked before anything is written: an index
// out of range is a fault, so a faulting instruction leaves its destination as it was
// (docs/semantics.md).
#include <algorithm>
#include <cstring>
#include <vector>

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/gather_elements.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

bool Selected(MaskPattern p, int32_t c) {
  switch (p) {
    case MaskPattern::kP0101: return c % 2 == 0;
    case MaskPattern::kP1010: return c % 2 == 1;
    case MaskPattern::kP0001: return c % 4 == 0;
    case MaskPattern::kP0010: return c % 4 == 1;
    case MaskPattern::kP0100: return c % 4 == 2;
    case MaskPattern::kP1000: return c % 4 == 3;
    case MaskPattern::kP1111: return true;
    case MaskPattern::kNone: return false;
  }
  return false;
}

// d[i,j] = a.flat[idx[i,j]] over D(d); the flat index runs over a's whole storage.
bool IndexGather(Executor& ex, const Instr& in) {
  TileRef d, a, idx;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &idx)) {
    return false;
  }
  const int esz = DTypeSize(d.type->dtype);
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, idx, rows, cols, "index tile") ||
      !CheckFlatIndices(ex, idx, rows, cols, a)) {
    return false;
  }
  return WithSafeDst(ex, d, {&a, &idx}, false, [&](const TileRef& dst) {
    for (int32_t i = 0; i < rows; ++i) {
      for (int32_t j = 0; j < cols; ++j) {
        const int64_t k = IndexAt(idx, i, j);
        std::memcpy(ElementPtr(dst, i, j), ElementPtr(a, k / a.type->cols, k % a.type->cols),
                    esz);
      }
    }
    return true;
  });
}

// The row form (and the ISA page's form without an axis): the picked columns of each valid row
// of a, one stream into d from element 0, as the NPU's vreducev2 and vsqz pack them.
bool MaskGatherColumns(Executor& ex, const TileRef& d, const TileRef& a, MaskPattern pattern) {
  const int esz = DTypeSize(d.type->dtype);
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  int64_t per_row = 0;
  for (int32_t c = 0; c < cols; ++c) per_row += Selected(pattern, c);
  const int64_t total = per_row * rows;
  if (d.valid_cols != d.type->cols) {
    return ex.Fault(StrCat("the destination ", ex.TileName(d.reg), " must have all ",
                           d.type->cols, " columns valid, got ", d.valid_cols));
  }
  if (total > int64_t{d.valid_rows} * d.type->cols) {
    return ex.Fault(StrCat("the pattern picks ", total, " elements of ", ex.TileName(a.reg),
                           " (", rows, "x", cols, " valid), but ", ex.TileName(d.reg),
                           " has room for ", int64_t{d.valid_rows} * d.type->cols));
  }
  return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
    int64_t k = 0;
    for (int32_t r = 0; r < rows; ++r) {
      for (int32_t c = 0; c < cols; ++c) {
        if (!Selected(pattern, c)) continue;
        std::memcpy(ElementPtr(dst, k / d.type->cols, k % d.type->cols), ElementPtr(a, r, c),
                    esz);
        ++k;
      }
    }
    return true;
  });
}

// The "col" form (pto-isa's GATHER_COL): row i of D(d) is row F*i + p of a, for F and p the
// pattern's factor and lane; a must have F times d's valid rows and d's valid columns.
bool MaskGatherRows(Executor& ex, const TileRef& d, const TileRef& a, MaskPattern pattern) {
  const int factor = MaskPatternFactor(pattern), lane = MaskPatternLane(pattern);
  const int32_t rows = d.valid_rows, cols = a.valid_cols;
  if (int64_t{rows} * factor != a.valid_rows || d.valid_cols != cols) {
    return ex.Fault(StrCat("tgather \"col\" picks one row of each ", factor, " of ",
                           ex.TileName(a.reg), " (", a.valid_rows, "x", a.valid_cols,
                           " valid), which does not fill ", ex.TileName(d.reg), " (",
                           d.valid_rows, "x", d.valid_cols, " valid)"));
  }
  const int64_t row_bytes = int64_t{cols} * DTypeSize(d.type->dtype);
  return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
    for (int32_t i = 0; i < rows; ++i) {
      std::memcpy(ElementPtr(dst, i, 0), ElementPtr(a, int64_t{factor} * i + lane, 0), row_bytes);
    }
    return true;
  });
}

bool MaskGather(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const auto pattern = static_cast<MaskPattern>(in.operands[2]);
  if (pattern == MaskPattern::kNone) return ex.Fault("no mask pattern given");
  if (static_cast<MaskAxis>(in.operands[3]) == MaskAxis::kCol) {
    return MaskGatherRows(ex, d, a, pattern);
  }
  return MaskGatherColumns(ex, d, a, pattern);
}

// Block b of row r of D(d) = the 32 bytes at byte offset off[r, b] of a's storage.
bool BlockGather(Executor& ex, const Instr& in) {
  TileRef d, a, idx;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &idx)) {
    return false;
  }
  const int32_t rows = d.valid_rows;
  const int64_t row_bytes = int64_t{d.valid_cols} * DTypeSize(d.type->dtype);
  if (row_bytes % 32 != 0) {
    return ex.Fault(StrCat("the destination's valid rows are ", row_bytes,
                           " bytes, not whole 32-byte blocks"));
  }
  const int32_t blocks = static_cast<int32_t>(row_bytes / 32);
  if (!RequireCovers(ex, idx, rows, blocks, "offset tile")) return false;
  for (int32_t r = 0; r < rows; ++r) {
    for (int32_t b = 0; b < blocks; ++b) {
      const int64_t off = static_cast<uint32_t>(IndexAt(idx, r, b));
      if (off + 32 > a.bytes()) {
        return ex.Fault(StrCat("offset ", At(ex, idx, r, b), " = ", off, " reads past the ",
                               a.bytes(), " bytes of ", ex.TileName(a.reg)));
      }
    }
  }
  return WithSafeDst(ex, d, {&a, &idx}, false, [&](const TileRef& dst) {
    for (int32_t r = 0; r < rows; ++r) {
      uint8_t* row = ElementPtr(dst, r, 0);
      for (int32_t b = 0; b < blocks; ++b) {
        std::memcpy(row + b * 32, a.base + static_cast<uint32_t>(IndexAt(idx, r, b)), 32);
      }
    }
    return true;
  });
}

// The columns of each valid row of a, in order, whose element compares true with k.
std::vector<std::vector<int32_t>> PickedColumns(Executor& ex, const TileRef& a, uint32_t k_reg,
                                                CmpMode mode) {
  std::vector<std::vector<int32_t>> picked(a.valid_rows);
  WithStorageType(a.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    const double k = static_cast<double>(ScalarAs<T>(ex, k_reg));
    for (int32_t r = 0; r < a.valid_rows; ++r) {
      const T* row = a.At<T>(r, 0);
      for (int32_t c = 0; c < a.valid_cols; ++c) {
        const double v = static_cast<double>(Elem<T>::Load(row[c]));
        if (mode == CmpMode::kGt ? v > k : v == k) picked[r].push_back(c);
      }
    }
  });
  return picked;
}

// The compare form: d, cdst | a k [tmp] @cmpMode @offset. Row r of d gets, packed from its
// column 0, offset + r * Cols(a) + c (wrapping as u32) for each column c of row r of D(a) that
// compares true with k; cdst.flat[r] their count. The rest of d is left as it was.
bool CompareGather(Executor& ex, const Instr& in) {
  TileRef d, cdst, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &cdst) ||
      !ex.Tile(in.operands[2], &a)) {
    return false;
  }
  const auto mode = static_cast<CmpMode>(in.operands[5]);
  const uint32_t offset = in.operands[6];
  const int32_t rows = a.valid_rows;
  if (rows > d.type->rows || rows > int64_t{cdst.type->rows} * cdst.type->cols) {
    return ex.Fault(StrCat("tgather compares ", rows, " rows of ", ex.TileName(a.reg), ", but ",
                           ex.TileName(d.reg), " has ", d.type->rows, " rows and ",
                           ex.TileName(cdst.reg), " room for ",
                           int64_t{cdst.type->rows} * cdst.type->cols, " counts"));
  }
  const auto picked = PickedColumns(ex, a, in.operands[3], mode);
  for (int32_t r = 0; r < rows; ++r) {
    if (picked[r].size() > static_cast<size_t>(d.type->cols)) {
      return ex.Fault(StrCat("row ", r, " of ", ex.TileName(a.reg), " has ", picked[r].size(),
                             " elements that compare true, more than the ", d.type->cols,
                             " columns of ", ex.TileName(d.reg)));
    }
  }
  for (int32_t r = 0; r < rows; ++r) {
    for (size_t n = 0; n < picked[r].size(); ++n) {
      const uint32_t index = offset + static_cast<uint32_t>(r) * a.type->cols + picked[r][n];
      std::memcpy(ElementPtr(d, r, static_cast<int64_t>(n)), &index, 4);
    }
    const uint32_t count = static_cast<uint32_t>(picked[r].size());
    std::memcpy(cdst.base + int64_t{r} * 4, &count, 4);
  }
  return true;
}

}  // namespace

namespace ops {
struct IndexGather {};
struct MaskGather {};
struct CompareGather {};
struct BlockGather {};
struct FlatScatter {};
struct MaskScatter {};
struct GlobalGather {};
struct GlobalGatherL1 {};
struct GlobalScatter {};
}  // namespace ops

template <typename Op>
bool ExecGather(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::IndexGather>) return IndexGather(ex, in);
  if constexpr (std::is_same_v<Op, ops::MaskGather>) return MaskGather(ex, in);
  if constexpr (std::is_same_v<Op, ops::CompareGather>) return CompareGather(ex, in);
  if constexpr (std::is_same_v<Op, ops::BlockGather>) return BlockGather(ex, in);
  if constexpr (std::is_same_v<Op, ops::FlatScatter>) return FlatScatter(ex, in);
  if constexpr (std::is_same_v<Op, ops::MaskScatter>) return MaskScatter(ex, in);
  if constexpr (std::is_same_v<Op, ops::GlobalGather>) return GlobalGather(ex, in);
  if constexpr (std::is_same_v<Op, ops::GlobalGatherL1>) return GlobalGatherL1(ex, in);
  if constexpr (std::is_same_v<Op, ops::GlobalScatter>) return GlobalScatter(ex, in);
  return false;
}

#define PTO_IMPLEMENTS_Gather PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
