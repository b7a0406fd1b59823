// The tile scatters: tscatter by index tile and by mask pattern (docs/semantics.md, "Gathers,
// scatters and sorts"). Like the NPU (pto-isa's TScatter), both zero the destination's whole
// storage before they write, except the mask pattern P1111, which is a move. An index out of
// the destination's storage is a fault before anything is written.
#include <cstring>

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/gather_elements.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

// d = 0, then d.flat[idx[i,j]] = a[i,j] over the index tile's valid region (the NPU's loop);
// the index counts elements of d's whole storage.
bool FlatScatter(Executor& ex, const Instr& in) {
  TileRef d, a, idx;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &idx)) {
    return false;
  }
  const int esz = DTypeSize(d.type->dtype);
  const int32_t rows = idx.valid_rows, cols = idx.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source") || !CheckFlatIndices(ex, idx, rows, cols, d)) {
    return false;
  }
  // d.flat[idx[i,j]] = a[i,j] in row-major order: the last writer wins.
  return WithSafeDst(ex, d, {&a, &idx}, false, [&](const TileRef& dst) {
    std::memset(dst.base, 0, dst.bytes());
    for (int32_t i = 0; i < rows; ++i) {
      for (int32_t j = 0; j < cols; ++j) {
        std::memcpy(dst.base + IndexAt(idx, i, j) * esz, ElementPtr(a, i, j), esz);
      }
    }
    return true;
  });
}

namespace {

// P1111: the NPU moves the source's valid region (TMOV); the rest of d is left as it was.
bool MaskScatterMove(Executor& ex, const TileRef& d, const TileRef& a) {
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  if (d.valid_rows != rows || d.valid_cols != cols) {
    return ex.Fault(StrCat("tscatter with P1111 moves ", ex.TileName(a.reg), " (", rows, "x",
                           cols, " valid) into a destination of its valid shape, but ",
                           ex.TileName(d.reg), " is ", d.valid_rows, "x", d.valid_cols));
  }
  const int64_t row_bytes = int64_t{cols} * DTypeSize(d.type->dtype);
  return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
    for (int32_t r = 0; r < rows; ++r) {
      std::memcpy(ElementPtr(dst, r, 0), ElementPtr(a, r, 0), row_bytes);
    }
    return true;
  });
}

}  // namespace

// d = 0, then "row": d[r, F*c + p] = a[r, c]; "col": d[F*r + p, c] = a[r, c], over D(a), for F
// and p the pattern's factor and lane. Along the axis d has F times a's valid extent, across
// it the same.
bool MaskScatter(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const auto pattern = static_cast<MaskPattern>(in.operands[2]);
  const auto axis = static_cast<MaskAxis>(in.operands[3]);
  if (pattern == MaskPattern::kNone || axis == MaskAxis::kNone) {
    return ex.Fault("tscatter's mask-pattern form needs a pattern and an axis");
  }
  if (pattern == MaskPattern::kP1111) return MaskScatterMove(ex, d, a);
  const int factor = MaskPatternFactor(pattern), lane = MaskPatternLane(pattern);
  const bool row = axis == MaskAxis::kRow;
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  const int64_t need_rows = row ? rows : int64_t{rows} * factor;
  const int64_t need_cols = row ? int64_t{cols} * factor : cols;
  if (d.valid_rows != need_rows || d.valid_cols != need_cols) {
    return ex.Fault(StrCat("tscatter \"", row ? "row" : "col", "\" spreads ", ex.TileName(a.reg),
                           " (", rows, "x", cols, " valid) over ", need_rows, "x", need_cols,
                           ", but ", ex.TileName(d.reg), " is ", d.valid_rows, "x",
                           d.valid_cols, " valid"));
  }
  const int esz = DTypeSize(d.type->dtype);
  return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
    std::memset(dst.base, 0, dst.bytes());
    for (int32_t r = 0; r < rows; ++r) {
      for (int32_t c = 0; c < cols; ++c) {
        const int64_t dr = row ? r : int64_t{factor} * r + lane;
        const int64_t dc = row ? int64_t{factor} * c + lane : c;
        std::memcpy(ElementPtr(dst, dr, dc), ElementPtr(a, r, c), esz);
      }
    }
    return true;
  });
}

}  // namespace pto::interp
