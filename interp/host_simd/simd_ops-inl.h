// Per-target pieces shared by the SIMD loop files (simd.cc, simd_half.cc). Highway's
// foreach_target includes each of those files once per instruction set, so this header is
// guarded per target in Highway's way (the toggle), not once.
#if defined(PTO_INTERP_HOST_SIMD_SIMD_OPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef PTO_INTERP_HOST_SIMD_SIMD_OPS_INL_H_
#undef PTO_INTERP_HOST_SIMD_SIMD_OPS_INL_H_
#else
#define PTO_INTERP_HOST_SIMD_SIMD_OPS_INL_H_
#endif

#include <limits>

#include "hwy/highway.h"
#include "pto/interp/host_simd/simd.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

/// ApplyBinary on every lane: the same results, NaN and signed zeros included.
template <Binary kOp, class V>
V BinaryLanes(V a, V b) {
  namespace hn = hwy::HWY_NAMESPACE;
  if constexpr (kOp == Binary::kAdd) return hn::Add(a, b);
  if constexpr (kOp == Binary::kSub) return hn::Sub(a, b);
  if constexpr (kOp == Binary::kMul) return hn::Mul(a, b);
  if constexpr (kOp == Binary::kDiv) return hn::Div(a, b);
  const hn::DFromV<V> d;
  if constexpr (kOp == Binary::kAddRelu) {  // the sum where it is above 0 or NaN, else +0
    const V s = hn::Add(a, b);
    return hn::IfThenElseZero(hn::Or(hn::Gt(s, hn::Zero(d)), hn::IsNaN(s)), s);
  }
  // Max: a < b ? b : a; min: b < a ? b : a; a NaN on either side gives the quiet NaN.
  const auto nan = hn::Or(hn::IsNaN(a), hn::IsNaN(b));
  const V pick = kOp == Binary::kMax ? hn::IfThenElse(hn::Lt(a, b), b, a)
                                     : hn::IfThenElse(hn::Lt(b, a), b, a);
  return hn::IfThenElse(nan, hn::Set(d, std::numeric_limits<hn::TFromV<V>>::quiet_NaN()), pick);
}

}  // namespace pto::interp::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // PTO_INTERP_HOST_SIMD_SIMD_OPS_INL_H_
