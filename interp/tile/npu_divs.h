// TDIVS on a2a3 as the NPU computes it (pto-isa a2a3 TDivS.hpp, DivSOp and SDivOp), where that
// differs from the exact division (docs/semantics.md, "The NPU's arithmetic"): an f32 or f16
// tile divided in place by its scalar (dst and src one tile) is multiplied by the scalar's f32
// reciprocal rounded to the type (the header's in-place fix: vmuls). Integer tiles divide in a
// scalar loop (TDivs_naive, TSDiv_naive): exactly, truncating, as everywhere.
#ifndef PTO_INTERP_TILE_NPU_DIVS_H_
#define PTO_INTERP_TILE_NPU_DIVS_H_

#include <cstdint>

#include "pto/common/arch.h"
#include "pto/common/strings.h"
#include "pto/interp/element.h"
#include "pto/interp/executor.h"

namespace pto::interp {

enum class NpuDivS : uint8_t { kExact, kReciprocal };

/// Which of the sequences above tdivs \a d = \a a / k (k / a when \a scalar_first) takes.
inline NpuDivS NpuDivSOf(Executor& ex, const TileRef& d, const TileRef& a, bool scalar_first) {
  if (ex.core().arith != Arith::kNpu || ex.program().arch != Arch::kA2A3) {
    return NpuDivS::kExact;
  }
  const DType t = d.type->dtype;
  const bool in_place = d.base == a.base && *d.type == *a.type;
  if (in_place && !scalar_first && (t == DType::kF32 || t == DType::kF16)) {
    return NpuDivS::kReciprocal;
  }
  return NpuDivS::kExact;
}

/// a2a3 computes float k / a (trecip: 1 / a) by filling the destination with k, then dividing
/// it by a (SDivOp): when the destination is the source, every element becomes k / k. pto-isa
/// says TRECIP does not take one tile for both (its include/pto/common/pto_instr.hpp); the run
/// stops there, naming it. True when \a d and \a a are apart, the arch is not a2a3 or the
/// tiles hold integers (a scalar loop that reads each element before writing it).
inline bool ScalarFirstApart(Executor& ex, const TileRef& d, const TileRef& a) {
  if (ex.program().arch != Arch::kA2A3 || d.base != a.base || !IsFloat(d.type->dtype)) return true;
  return ex.Fault("on a2a3 the result cannot go to the source tile: the NPU fills the "
                  "destination with the scalar before dividing it by the source, so every "
                  "element would become scalar / scalar (pto-isa: TRECIP does not take one "
                  "tile for both); give the result another tile");
}

/// One element of the in-place float form (NpuDivSOf gave kReciprocal): x * (T)(1.0f / (float)k),
/// the reciprocal in f32, rounded to T, then one rounded product; \a k is the scalar as the
/// element type holds it.
template <typename T>
T NpuReciprocalDivide(typename Elem<T>::C x, typename Elem<T>::C k) {
  using E = Elem<T>;
  const double inv = E::FromDouble(static_cast<double>(1.0f / static_cast<float>(k)));
  return E::Store(E::FromDouble(static_cast<double>(x) * inv));
}

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_NPU_DIVS_H_
