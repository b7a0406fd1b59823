// Gathers and scatters: tgather by index tile or mask pattern, tgatherb (32-byte
// blocks), tscatter (rows), mgather / mscatter (global memory through an index tile).
// Every index is checked before anything is written: an index out of range is a fault, so a
// faulting instruction leaves its destination as it was (docs/semantics.md).
#include <algorithm>
#include <cstring>

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/kernels.h"

namespace pto::interp {

namespace {

// Element (r, c) of an integer index tile, widened.
int64_t IndexAt(const TileRef& t, int64_t r, int64_t c) {
  const uint8_t* p = t.base + t.type->ElementOffset(r, c) * DTypeSize(t.type->dtype);
  switch (t.type->dtype) {
    case DType::kI16: { int16_t v; std::memcpy(&v, p, 2); return v; }
    case DType::kU16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
    case DType::kI32: { int32_t v; std::memcpy(&v, p, 4); return v; }
    case DType::kU32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
    default: return -1;  // the verifier admits only the four types above
  }
}

uint8_t* ElementPtr(const TileRef& t, int64_t r, int64_t c) {
  return t.base + t.type->ElementOffset(r, c) * DTypeSize(t.type->dtype);
}

std::string At(Executor& ex, const TileRef& t, int64_t r, int64_t c) {
  return StrCat(ex.TileName(t.reg), "[", r, ", ", c, "]");
}

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

}  // namespace

namespace ops {
struct IndexGather {};
struct MaskGather {};
struct BlockGather {};
struct RowScatter {};
struct GlobalGather {};
struct GlobalGatherL1 {};
struct GlobalScatter {};
}  // namespace ops

template <typename Op>
bool ExecGather(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::GlobalScatter>) {
    return GlobalScatter(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::GlobalGather>) {
    return GlobalGather(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::GlobalGatherL1>) {
    return GlobalGatherL1(ex, in);
  } else {
    TileRef d, a, idx;
    const bool has_index = !std::is_same_v<Op, ops::MaskGather>;
    if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
    if (has_index && !ex.Tile(in.operands[2], &idx)) return false;
    const int esz = DTypeSize(d.type->dtype);
    if constexpr (std::is_same_v<Op, ops::IndexGather>) {
      // d[i,j] = a.flat[idx[i,j]] over D(d); the flat index runs over a's whole storage.
      const int32_t rows = d.valid_rows, cols = d.valid_cols;
      if (!RequireCovers(ex, idx, rows, cols, "index tile")) return false;
      const int64_t capacity = int64_t{a.type->rows} * a.type->cols;
      for (int32_t i = 0; i < rows; ++i) {
        for (int32_t j = 0; j < cols; ++j) {
          int64_t k = IndexAt(idx, i, j);
          if (k < 0 || k >= capacity) {
            return ex.Fault(StrCat("index ", At(ex, idx, i, j), " = ", k, " is outside ",
                                   ex.TileName(a.reg), ", which holds ", a.type->rows, "x",
                                   a.type->cols, " = ", capacity, " elements"));
          }
        }
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
    } else if constexpr (std::is_same_v<Op, ops::MaskGather>) {
      // The picked columns of each valid row of a, one stream into d from element 0.
      const auto pattern = static_cast<MaskPattern>(in.operands[2]);
      if (pattern == MaskPattern::kNone) return ex.Fault("no mask pattern given");
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
    } else if constexpr (std::is_same_v<Op, ops::BlockGather>) {
      // Block b of row r of D(d) = the 32 bytes at byte offset off[r, b] of a's storage.
      const int32_t rows = d.valid_rows;
      const int64_t row_bytes = int64_t{d.valid_cols} * esz;
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
    } else {
      // tscatter: d[idx[i,j], j] = a[i,j] over D(a), row-major order (the last writer wins).
      const int32_t rows = a.valid_rows, cols = a.valid_cols;
      if (!RequireCovers(ex, idx, rows, cols, "index tile")) return false;
      if (d.valid_cols < cols) {
        return ex.Fault(StrCat("the destination ", ex.TileName(d.reg), " has ", d.valid_cols,
                               " valid columns, the source ", cols));
      }
      for (int32_t i = 0; i < rows; ++i) {
        for (int32_t j = 0; j < cols; ++j) {
          int64_t k = IndexAt(idx, i, j);
          if (k < 0 || k >= d.valid_rows) {
            return ex.Fault(StrCat("row index ", At(ex, idx, i, j), " = ", k,
                                   " is outside the ", d.valid_rows, " valid rows of ",
                                   ex.TileName(d.reg)));
          }
        }
      }
      return WithSafeDst(ex, d, {&a, &idx}, false, [&](const TileRef& dst) {
        for (int32_t i = 0; i < rows; ++i) {
          for (int32_t j = 0; j < cols; ++j) {
            std::memcpy(ElementPtr(dst, IndexAt(idx, i, j), j), ElementPtr(a, i, j), esz);
          }
        }
        return true;
      });
    }
  }
}

#define PTO_IMPLEMENTS_Gather PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
