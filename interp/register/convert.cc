// The VecConvert family (micro-isa 09): vcvt between element types, with a rounding mode, an
// optional saturation and, when the widths differ, the part of the wider lanes the narrower
// elements occupy; vtrc rounds floats to integral values of the same type.
//
// A conversion of 2:1 or 4:1 width reads (widening) or writes (narrowing) the narrow element
// at index r * lane + part of each wide lane; a narrowing leaves the other parts zero, so
// EVEN and ODD results combine with vor. The mask governs the source lanes: a lane it leaves
// inactive converts nothing and its destination element is zero. Values convert as TCVT's
// (interp/element/convert_element.h), except that a saturating float narrowing also turns NaN into 0
// and infinities into the largest finite value, as the NPU's SAT does (docs/semantics.md).
// fp8, HiFloat8 and fp4x2 convert as interp/element/narrow_lanes.h says; fp4x2 bytes pair
// with bf16x2 units, so bf16 <-> fp4 is a 4:1 conversion with parts P0..P3.
#include <algorithm>
#include <cfloat>
#include <cstring>

#include "pto/interp/element/convert_element.h"
#include "pto/interp/element/narrow_lanes.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Convert {};
struct RoundInt {};
}  // namespace ops

namespace {

// The rnd attribute's codes (R A F C Z O) are RoundMode's from kRint on.
RoundMode RoundModeOf(uint32_t rnd) { return static_cast<RoundMode>(rnd + 1); }

template <typename D, typename S>
void ConvertLanes(const VRegValue& a, const MaskValue& m, RoundMode mode, bool sat, int part,
                  VRegValue& d) {
  const reg::LaneArray<S> x(a);
  reg::LaneArray<D> out;
  if constexpr (sizeof(D) >= sizeof(S)) {
    constexpr int r = sizeof(D) / sizeof(S);
    const int p = part % r;
    for (int i = 0; i < reg::kLanes<D>; ++i) {
      const int s = i * r + p;
      if (reg::LaneActive(m, s, sizeof(S))) out[i] = VcvtLane<D, S>(x[s], mode, sat);
    }
  } else {
    constexpr int r = sizeof(S) / sizeof(D);
    const int p = part % r;
    for (int i = 0; i < reg::kLanes<S>; ++i) {
      if (reg::LaneActive(m, i, sizeof(S))) out[i * r + p] = VcvtLane<D, S>(x[i], mode, sat);
    }
  }
  std::memcpy(d.bytes, out.v, kVectorBytes);
}

// A conversion to or from fp8, HiFloat8 or fp4x2 (interp/element/narrow_lanes.h), its units
// placed by the part as ConvertLanes places lanes.
void ConvertNarrowUnits(DType from, const VRegValue& a, const MaskValue& m, DType to,
                        RoundMode mode, bool sat, int part, VRegValue& d) {
  const bool pairs = ValuesPerElement(from) == 2 || ValuesPerElement(to) == 2;
  const int su = ConvertUnitBytes(from, to), du = ConvertUnitBytes(to, from);
  const int r = std::max(su, du) / std::min(su, du), p = part % r;
  const int n = kVectorBytes / std::max(su, du);
  uint8_t out[kVectorBytes] = {};
  for (int i = 0; i < n; ++i) {
    const int s = su <= du ? i * r + p : i;
    const int t = su <= du ? i : i * r + p;
    if (!reg::LaneActive(m, s, su)) continue;
    if (pairs) {
      ConvertPairLanes(from, a.bytes + s * su, to, out + t * du, 1, mode);
    } else {
      ConvertNarrowLanes(from, a.bytes + s * su, to, out + t * du, 1, mode, sat);
    }
  }
  std::memcpy(d.bytes, out, kVectorBytes);
}

}  // namespace

template <typename Op>
bool ExecVecConvert(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const VRegValue& a = ex.vreg(o[1]);
  const MaskValue& m = ex.mask(o[2]);
  VRegValue& d = ex.vreg(o[0]);
  const RoundMode mode = RoundModeOf(o[3]);
  if constexpr (std::is_same_v<Op, ops::RoundInt>) {
    WithStorageType(reg::VRegType(ex, o[0]), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (Elem<T>::kFloat) {
        const reg::LaneArray<T> x(a);
        reg::MapLanes<T>(m, d, [&](int i) {
          return Elem<T>::Store(static_cast<float>(RoundToInteger(Elem<T>::Load(x[i]), mode)));
        });
      }
    });
  } else {
    const bool sat = o[4] == 1;
    const int part = o[5] <= 1 ? static_cast<int>(o[5]) : static_cast<int>(o[5]) - 2;
    const DType to = reg::VRegType(ex, o[0]), from = reg::VRegType(ex, o[1]);
    if (IsNarrowFloat(from) || IsNarrowFloat(to) || ValuesPerElement(from) == 2 ||
        ValuesPerElement(to) == 2) {
      ConvertNarrowUnits(from, a, m, to, mode, sat, part, d);
      return true;
    }
    WithStorageType(reg::VRegType(ex, o[0]), [&](auto dtag) {
      using D = decltype(dtag);
      WithStorageType(reg::VRegType(ex, o[1]), [&](auto stag) {
        using S = decltype(stag);
        ConvertLanes<D, S>(a, m, mode, sat, part, d);
      });
    });
  }
  return true;
}

#define PTO_IMPLEMENTS_VecConvert PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
