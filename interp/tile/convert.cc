// TCVT: element type conversion with the ISA's rounding modes and saturation.
//
// Float results round by the mode (NONE means nearest even); with saturation ON a finite value
// beyond the type's range becomes its largest finite value (infinities stay infinite). Integer
// results round by the mode (NONE means toward zero), then saturate to the type's range (ON) or
// wrap modulo 2^bits (OFF); NaN becomes 0. See docs/semantics.md.
#include <cmath>
#include <cstring>

#include "pto/interp/convert_element.h"
#include "pto/interp/tile/kernels.h"

namespace pto::interp {

namespace {

constexpr uint32_t kSaturate = 0;

}  // namespace

template <typename Op>
bool ExecConvert(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source")) return false;
  const RoundMode mode = static_cast<RoundMode>(in.operands[3]);
  const bool saturate = in.operands[4] == kSaturate;
  WithStorageType(d.type->dtype, [&](auto dtag) {
    using D = decltype(dtag);
    WithStorageType(a.type->dtype, [&](auto stag) {
      using S = decltype(stag);
      WithSafeDst(ex, d, {&a}, std::is_same_v<D, S>, [&](const TileRef& dst) {
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
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
