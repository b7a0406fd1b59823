// a2a3's own forms of single-instruction elementwise ops, where pto-isa's a2a3 headers compute
// something else than the instruction's one rounding (docs/semantics.md, "The NPU's
// arithmetic"):
// - TDIVS (TDivS.hpp, DivSOp and SDivOp): an f32 or f16 tile divided in place by its scalar
//   (dst and src one tile) is multiplied by the scalar's f32 reciprocal rounded to the type
//   (the header's in-place fix: vmuls); scalar-first float forms (trecip) cannot run in place.
//   Integer tiles divide in a scalar loop (TDivs_naive, TSDiv_naive): exactly, truncating.
// - TSUBS on i32 and i16 adds the negated scalar through f32.
// - TPRELU cannot run in place.
#ifndef PTO_INTERP_TILE_NPU_A2A3_H_
#define PTO_INTERP_TILE_NPU_A2A3_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "pto/common/arch.h"
#include "pto/common/strings.h"
#include "pto/interp/element/element.h"
#include "pto/interp/vm/executor.h"

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

/// a2a3's tsubs on i32 and i16 adds (T)(-(float)k) (TSubS.hpp): a scalar beyond f32's 24 bits
/// loses its low bits; -(float)k beyond T's range saturates (ptorun's choice: C++ leaves it
/// undefined). --arith npu only.
inline bool SubtractsThroughFloat(Executor& ex, DType t) {
  return ex.core().arith == Arith::kNpu && ex.program().arch == Arch::kA2A3 &&
         (t == DType::kI32 || t == DType::kI16);
}
/// The scalar a2a3's tsubs subtracts in place of \a k: the negation of what it adds.
template <typename T>
int64_t NpuSubsScalar(int64_t k) {
  const double added = -static_cast<float>(k);
  const auto clamped = static_cast<int64_t>(std::clamp<double>(
      added, static_cast<double>(std::numeric_limits<T>::min()),
      static_cast<double>(std::numeric_limits<T>::max())));
  return -clamped;
}

/// a2a3's tprelu multiplies the whole source by the slopes into the destination, then selects
/// by a comparison of the source (TPrelu.hpp): into its own first source, the comparison sees
/// the products and every element becomes a * slope. pto-isa does not guard it; the run stops
/// there (both --arith modes). True when the destination is apart (or the arch is not a2a3).
inline bool PReluApartA2A3(Executor& ex, const Instr& in) {
  if (ex.program().arch != Arch::kA2A3) return true;
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  if (d.base != a.base) return true;
  return ex.Fault("on a2a3 the result cannot go to the source tile " + ex.TileName(a.reg) +
                  ": the NPU multiplies the source by the slopes into the destination before "
                  "comparing the source with 0 (pto-isa a2a3 TPrelu.hpp), so every element would "
                  "become a * slope; give the result another tile");
}

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_NPU_A2A3_H_
