// TCVT: element type conversion with the ISA's rounding modes and saturation.
//
// Float results round by the mode (NONE means nearest even); with saturation ON a finite value
// beyond the type's range becomes its largest finite value (infinities stay infinite). Integer
// results round by the mode (NONE means toward zero), then saturate to the type's range (ON) or
// wrap modulo 2^bits (OFF); NaN becomes 0. The low-precision formats (fp8, HiFloat8, fp4)
// convert as pto-isa's a5 TCVT does (ConvertLowPrecision). See docs/semantics.md.
#include <cmath>
#include <cstring>

#include "pto/common/narrow_float.h"
#include "pto/interp/element/convert_element.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

constexpr uint32_t kSaturate = 0;

// Element (r, c) of an f32, f16 or bf16 tile, and a value stored into one (exactly: every
// low-precision value is a bf16 and an f32 value).
double LoadWide(const TileRef& t, int32_t r, int32_t c) {
  switch (t.type->dtype) {
    case DType::kF16: return HalfToFloat(t.At<Half>(r, c)->bits);
    case DType::kBF16: return BF16ToFloat(t.At<BFloat16>(r, c)->bits);
    default: return *t.At<float>(r, c);
  }
}
void StoreWide(const TileRef& t, int32_t r, int32_t c, double v) {
  if (t.type->dtype == DType::kBF16) {
    t.At<BFloat16>(r, c)->bits = FloatToBF16(static_cast<float>(v));
  } else {
    *t.At<float>(r, c) = static_cast<float>(v);
  }
}

// The rounding pto-isa's a5 TCVT gives a narrowing into \a format: f32 -> fp8 rounds to nearest
// even whatever the mode (its vcvt is ROUND_R), f32 / f16 -> HiFloat8 ties away from zero
// (ROUND_A), bf16 -> fp4 by the mode, ODD and NONE as RINT (only f32 -> f16 takes ODD there).
RoundMode NarrowingMode(NarrowFormat format, RoundMode mode) {
  switch (format) {
    case NarrowFormat::kE4M3:
    case NarrowFormat::kE5M2: return RoundMode::kRint;
    case NarrowFormat::kHiF8: return RoundMode::kRound;
    case NarrowFormat::kF4E2M1:
    case NarrowFormat::kF4E1M2: break;
  }
  return mode == RoundMode::kOdd || mode == RoundMode::kNone ? RoundMode::kRint : mode;
}

// TCVT to or from a low-precision format (the pairs of common/isa/convert_rules.cc). Decoding
// is exact. No narrowing saturates except into fp4, which has no infinity: the NPU's TCVT sets
// no saturation control for these pairs, so sat_mode does not reach them (docs/semantics.md).
bool ConvertLowPrecision(Executor& ex, const TileRef& d, const TileRef& a, RoundMode mode) {
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  const bool to_fp4 = ValuesPerElement(d.type->dtype) == 2;
  const bool from_fp4 = ValuesPerElement(a.type->dtype) == 2;
  const int32_t need = to_fp4 ? cols * 2 : from_fp4 ? (cols + 1) / 2 : cols;
  if (!RequireCovers(ex, a, rows, need, "source")) return false;
  NarrowFormat format;
  if (IsMxDType(d.type->dtype)) {
    NarrowFormatOf(d.type->dtype, &format);
    const RoundMode m = NarrowingMode(format, mode);
    auto encode = [&](int32_t r, int32_t c) {
      return EncodeNarrow(LoadWide(a, r, c), format, m, /*saturate=*/false);
    };
    return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        for (int32_t c = 0; c < cols; ++c) {
          *dst.At<uint8_t>(r, c) = to_fp4 ? static_cast<uint8_t>(encode(r, 2 * c) |
                                                                 encode(r, 2 * c + 1) << 4)
                                          : encode(r, c);
        }
      }
      return true;
    });
  }
  NarrowFormatOf(a.type->dtype, &format);
  return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
    for (int32_t r = 0; r < rows; ++r) {
      for (int32_t c = 0; c < cols; ++c) {
        const uint8_t byte = *a.At<uint8_t>(r, from_fp4 ? c / 2 : c);
        const uint8_t code = from_fp4 && c % 2 ? byte >> 4 : byte;  // element 2k low nibble
        const double v = DecodeNarrow(code, format);
        // A NaN code gives f32's quiet NaN, negative for fp8 codes with the sign bit.
        const bool negative_nan = format != NarrowFormat::kHiF8 && (code & 0x80);
        StoreWide(dst, r, c, std::isnan(v) ? (negative_nan ? -NAN : NAN) : v);
      }
    }
    return true;
  });
}

}  // namespace

template <typename Op>
bool ExecConvert(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const RoundMode mode = static_cast<RoundMode>(in.operands[3]);
  if (IsMxDType(d.type->dtype) || IsMxDType(a.type->dtype)) {
    return ConvertLowPrecision(ex, d, a, mode);
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source")) return false;
  const bool saturate = in.operands[4] == kSaturate;
  WithStorageType(d.type->dtype, [&](auto dtag) {
    using D = decltype(dtag);
    WithStorageType(a.type->dtype, [&](auto stag) {
      using S = decltype(stag);
      WithSafeDst(ex, d, {&a}, std::is_same_v<D, S>, [&](const TileRef& dst) {
        if constexpr (std::is_same_v<S, float> && std::is_same_v<D, float>) {
          // f32 to f32 rounds to an integral value by the mode, as the NPU's vconv_f322f32r/a/
          // f/c/z (a2a3) and vtrc (a5) do; no mode and ODD take RINT, pto-isa's default.
          const RoundMode integral =
              mode == RoundMode::kNone || mode == RoundMode::kOdd ? RoundMode::kRint : mode;
          for (int32_t r = 0; r < rows; ++r) {
            float* dp = dst.At<float>(r, 0);
            const float* sp = a.At<float>(r, 0);
            for (int32_t c = 0; c < cols; ++c) dp[c] = static_cast<float>(RoundToInteger(sp[c], integral));
          }
          return true;
        }
        if constexpr (kIsHalf<S> && std::is_same_v<D, float>) {  // exact, whatever the mode
          for (int32_t r = 0; r < rows; ++r) {
            float* dp = dst.At<float>(r, 0);
            const S* sp = a.At<S>(r, 0);
            for (int32_t c = 0; c < cols; ++c) dp[c] = Elem<S>::Load(sp[c]);
          }
          return true;
        }
        if constexpr (std::is_same_v<S, float> && std::is_same_v<D, BFloat16>) {
          if (mode == RoundMode::kRint || mode == RoundMode::kNone) {  // nearest even
            static_assert(sizeof(BFloat16) == sizeof(uint16_t));
            ForRuns(rows, cols, {&dst, &a}, [&](int32_t r, size_t n) {
              simd::F32ToBF16(a.At<S>(r, 0), reinterpret_cast<uint16_t*>(dst.At<D>(r, 0)), n,
                              saturate);
            });
            return true;
          }
        }
        for (int32_t r = 0; r < rows; ++r) {
          D* dp = dst.At<D>(r, 0);
          const S* sp = a.At<S>(r, 0);
          for (int32_t c = 0; c < cols; ++c) dp[c] = ConvertOne<D, S>(sp[c], mode, saturate);
        }
        return true;
      });
    });
  });
  return true;
}

#define PTO_IMPLEMENTS_Convert PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
