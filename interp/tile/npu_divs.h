// TDIVS on a2a3 as the NPU computes it (pto-isa a2a3 TDivS.hpp, DivSOp and SDivOp), where that
// differs from the exact division (docs/semantics.md, "The NPU's arithmetic"):
// - i32 and i16 divide through floats: both operands converted to f32 (i16: f16), nearest; the
//   float vdiv; the quotient back toward zero, saturating (vconv_f322s32z, vconv_f162s16z).
// - an f32 or f16 tile divided in place by its scalar (dst and src one tile) is multiplied by
//   the scalar's f32 reciprocal rounded to the type (the header's in-place fix: vmuls).
#ifndef PTO_INTERP_TILE_NPU_DIVS_H_
#define PTO_INTERP_TILE_NPU_DIVS_H_

#include <cstdint>

#include "pto/common/arch.h"
#include "pto/common/strings.h"
#include "pto/interp/convert_element.h"
#include "pto/interp/element.h"
#include "pto/interp/executor.h"

namespace pto::interp {

enum class NpuDivS : uint8_t { kExact, kThroughFloat, kReciprocal };

/// Which of the sequences above tdivs \a d = \a a / k (k / a when \a scalar_first) takes.
inline NpuDivS NpuDivSOf(Executor& ex, const TileRef& d, const TileRef& a, bool scalar_first) {
  if (ex.core().arith != Arith::kNpu || ex.program().arch != Arch::kA2A3) {
    return NpuDivS::kExact;
  }
  const DType t = d.type->dtype;
  if (t == DType::kI32 || t == DType::kI16) return NpuDivS::kThroughFloat;
  const bool in_place = d.base == a.base && *d.type == *a.type;
  if (in_place && !scalar_first && (t == DType::kF32 || t == DType::kF16)) {
    return NpuDivS::kReciprocal;
  }
  return NpuDivS::kExact;
}

/// a2a3 computes k / a (trecip: 1 / a) by filling the destination with k, then dividing it by
/// a (SDivOp): when the destination is the source, every element becomes k / k. pto-isa says
/// TRECIP does not take one tile for both (its include/pto/common/pto_instr.hpp); the run
/// stops there, naming it. True when \a d and \a a are apart (or the arch is not a2a3).
inline bool ScalarFirstApart(Executor& ex, const TileRef& d, const TileRef& a) {
  if (ex.program().arch != Arch::kA2A3 || d.base != a.base) return true;
  return ex.Fault("on a2a3 the result cannot go to the source tile: the NPU fills the "
                  "destination with the scalar before dividing it by the source, so every "
                  "element would become scalar / scalar (pto-isa: TRECIP does not take one "
                  "tile for both); give the result another tile");
}

/// One element by the type's sequence (NpuDivSOf was not kExact: floats are kReciprocal,
/// integers kThroughFloat); \a k is the scalar as the element type holds it.
template <typename T>
T NpuDivide(typename Elem<T>::C x, typename Elem<T>::C k, bool scalar_first) {
  using E = Elem<T>;
  if constexpr (E::kFloat) {
    // x * (T)(1.0f / (float)k): the reciprocal in f32, rounded to T, then one rounded product.
    const double inv = E::FromDouble(static_cast<double>(1.0f / static_cast<float>(k)));
    (void)scalar_first;  // the reciprocal form is never scalar-first
    return E::Store(E::FromDouble(static_cast<double>(x) * inv));
  } else if constexpr (sizeof(T) == 4) {
    const float fx = static_cast<float>(x), fk = static_cast<float>(k);
    return ToInteger<T>(scalar_first ? fk / fx : fx / fk, RoundMode::kTrunc, true);
  } else {
    using H = Elem<Half>;
    const double hx = H::FromDouble(static_cast<double>(x)), hk = H::FromDouble(static_cast<double>(k));
    return ToInteger<T>(H::FromDouble(scalar_first ? hk / hx : hx / hk), RoundMode::kTrunc, true);
  }
}

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_NPU_DIVS_H_
