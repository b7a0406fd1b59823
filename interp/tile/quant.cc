// TQUANT and TDEQUANT: vector-side quantisation with one scale (and offset) per row, read from
// column 0 of f32 parameter tiles (docs/semantics.md, "TQUANT and TDEQUANT").
#include <cmath>
#include <limits>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

// rint, then saturate to D's range; NaN gives 0.
template <typename D>
D SaturateRint(float y) {
  if (std::isnan(y)) return D{0};
  const float r = std::nearbyint(y);
  if (r <= static_cast<float>(std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
  if (r >= static_cast<float>(std::numeric_limits<D>::max())) return std::numeric_limits<D>::max();
  return static_cast<D>(r);
}

// The row parameter p[i, 0] (faults if the tile has too few valid rows).
bool RowParams(Executor& ex, uint32_t reg, int32_t rows, const char* role, TileRef* t) {
  return ex.Tile(reg, t) && RequireCovers(ex, *t, rows, 1, role);
}

}  // namespace

// tquant: d[i,j] = sat(rint(a[i,j] * s[i,0])) (INT8_SYM, i8), or
// sat(rint(a[i,j] * s[i,0] + o[i,0])) (INT8_ASYM, ui8); each f32 operation rounds once; on
// a2a3 (--arith npu) a keeps the scaled values, as the NPU leaves it.
// tdequant: d[i,j] = (f32(a[i,j]) - o[i,0]) * s[i,0] in f32. Over the destination's valid region.
template <typename Op>
bool ExecQuant(Executor& ex, const Instr& in) {
  constexpr bool kQuant = std::is_same_v<Op, ops::Quantize>;
  if constexpr (std::is_same_v<Op, ops::QuantizeMx>) return ExecQuantMx(ex, in);
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::SetHf32Mode> || std::is_same_v<Op, ops::SetTf32Mode>) {
    // o[0] enable, o[1] the RoundMode (immediates checked by the verifier's attribute ranges).
    const uint8_t mode = o[0] ? static_cast<uint8_t>(1 + (o[1] > 6 ? 2 : o[1])) : 0;
    (std::is_same_v<Op, ops::SetHf32Mode> ? ex.core().hf32_mode : ex.core().tf32_mode) = mode;
    return true;
  }
  TileRef d, a, s, off;
  if (!ex.Tile(o[0], &d) || !ex.Tile(o[1], &a)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source")) return false;
  if (!RowParams(ex, o[2], rows, "scale", &s)) return false;
  const bool has_offset = o[3] != kNoOperand;
  if (has_offset && !RowParams(ex, o[3], rows, "offset", &off)) return false;
  if constexpr (kQuant) {
    const bool asym = o[4] == 1;
    const DType want = asym ? DType::kU8 : DType::kI8;
    if (d.type->dtype != want) {
      return ex.Fault(StrCat(asym ? "INT8_ASYM" : "INT8_SYM", " writes ",
                             DTypeName(want), ", but ", ex.TileName(d.reg), " holds ",
                             DTypeName(d.type->dtype)));
    }
    auto scaled = [&](int32_t i, int32_t j) {
      const float y = *a.At<float>(i, j) * *s.At<float>(i, 0);
      return has_offset && asym ? y + *off.At<float>(i, 0) : y;
    };
    // a2a3 scales (and shifts) the source in place before converting it (pto-isa a2a3
    // TQuant.hpp: TROWEXPANDMUL, TROWEXPANDADD into src): the source keeps those values.
    const bool in_place = ex.core().arith == Arith::kNpu && ex.program().arch == Arch::kA2A3;
    if (in_place) {
      for (int32_t i = 0; i < rows; ++i) {
        for (int32_t j = 0; j < cols; ++j) *a.At<float>(i, j) = scaled(i, j);
      }
    }
    WithSafeDst(ex, d, {&a, &s, has_offset ? &off : nullptr}, false, [&](const TileRef& dst) {
      for (int32_t i = 0; i < rows; ++i) {
        for (int32_t j = 0; j < cols; ++j) {
          const float y = in_place ? *a.At<float>(i, j) : scaled(i, j);
          if (asym) {
            *dst.At<uint8_t>(i, j) = SaturateRint<uint8_t>(y);
          } else {
            *dst.At<int8_t>(i, j) = SaturateRint<int8_t>(y);
          }
        }
      }
      return true;
    });
  } else {
    WithStorageType(a.type->dtype, [&](auto tag) {
      using S = decltype(tag);
      if constexpr (std::is_same_v<S, int8_t> || std::is_same_v<S, int16_t>) {
        WithSafeDst(ex, d, {&a, &s, &off}, false, [&](const TileRef& dst) {
          for (int32_t i = 0; i < rows; ++i) {
            const float scale = *s.At<float>(i, 0), offset = *off.At<float>(i, 0);
            for (int32_t j = 0; j < cols; ++j) {
              *dst.At<float>(i, j) = (static_cast<float>(*a.At<S>(i, j)) - offset) * scale;
            }
          }
          return true;
        });
      }
    });
  }
  return true;
}

#define PTO_IMPLEMENTS_Quant PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
