// Per-target exp and log of f32 values evaluated in double lanes, each with a flag for the
// lanes whose double result might not round to the f32 nearest the exact value (simd.cc's
// loops send those to the scalar element functions). Guarded per target as simd_ops-inl.h is.
#if defined(PTO_INTERP_HOST_SIMD_SIMD_MATH_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef PTO_INTERP_HOST_SIMD_SIMD_MATH_INL_H_
#undef PTO_INTERP_HOST_SIMD_SIMD_MATH_INL_H_
#else
#define PTO_INTERP_HOST_SIMD_SIMD_MATH_INL_H_
#endif

#include <cstdint>

#include "hwy/highway.h"
#include "pto/interp/host_simd/log_table.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

/// Lanes of a double y (a normal f32 when rounded) that lie within 2^\a kMarginLog2 double
/// ulps of a midpoint between two floats: f32 drops y's 29 low mantissa bits, so a midpoint
/// has them at 2^28. Rounding y decides the f32 nearest any value that close to it elsewhere.
template <int kMarginLog2, class DD>
HWY_INLINE hn::Mask<DD> NearF32Midpoint(DD dd, hn::Vec<DD> y) {
  const hn::RebindToSigned<DD> di;
  const auto dropped = hn::And(hn::BitCast(di, y), hn::Set(di, (int64_t{1} << 29) - 1));
  const auto off = hn::Sub(dropped, hn::Set(di, (int64_t{1} << 28) - (int64_t{1} << kMarginLog2)));
  const auto near = hn::And(hn::Gt(off, hn::Set(di, -1)),
                            hn::Lt(off, hn::Set(di, int64_t{1} << (kMarginLog2 + 1))));
  return hn::RebindMask(dd, near);
}

/// e^x of f32 values x held in double lanes, as the scalar kernels compute it (interp/element.h:
/// std::exp in double, rounded once to f32). y is within 2^-46 (relative) of e^x: a degree-11
/// Taylor polynomial on |r| <= ln2/2 (remainder below 2^-46) and a dozen roundings of 2^-53.
/// Rounding y therefore gives the f32 nearest e^x, as rounding std::exp's double does, unless y
/// lies that close to a midpoint: those lanes (about one in 2^15), and arguments whose result
/// is not a normal float, are set in *fallback. (Highway's own Exp converts to 64-bit integers,
/// which AVX2 lacks, and took four times as long.)
template <class DD, class V = hn::Vec<DD>>
HWY_INLINE V ExpRoundableToF32(DD dd, V x, hn::Mask<DD>* fallback) {
  const hn::RebindToSigned<DD> di;
  // |x| <= 87: e^x is a normal float with room to spare (NaN fails the compare too).
  const auto in_range = hn::Le(hn::Abs(x), hn::Set(dd, 87.0));
  // x = k ln2 + r with k = round(x / ln2): the shifter leaves k in the low mantissa bits.
  const V shifter = hn::Set(dd, 0x1.8p52);
  const V kd = hn::MulAdd(x, hn::Set(dd, 0x1.71547652b82fep0), shifter);
  const V k = hn::Sub(kd, shifter);
  V r = hn::NegMulAdd(k, hn::Set(dd, 0x1.62e42fefa39efp-1), x);  // ln2's high part...
  r = hn::NegMulAdd(k, hn::Set(dd, 0x1.abc9e3b39803fp-56), r);   // ...and the rest
  // e^r by its Taylor series to r^11, in Estrin's scheme (shorter dependency chains).
  const V r2 = hn::Mul(r, r);
  const V r4 = hn::Mul(r2, r2);
  const V r8 = hn::Mul(r4, r4);
  const auto pair = [&](double c0, double c1) {
    return hn::MulAdd(r, hn::Set(dd, c1), hn::Set(dd, c0));
  };
  const V p01 = pair(1.0, 1.0), p23 = pair(1.0 / 2, 1.0 / 6), p45 = pair(1.0 / 24, 1.0 / 120);
  const V p67 = pair(1.0 / 720, 1.0 / 5040), p89 = pair(1.0 / 40320, 1.0 / 362880);
  const V pab = pair(1.0 / 3628800, 1.0 / 39916800);
  const V q0 = hn::MulAdd(r2, p23, p01);
  const V q1 = hn::MulAdd(r2, p67, p45);
  const V q2 = hn::MulAdd(r2, pab, p89);
  const V p = hn::MulAdd(r8, q2, hn::MulAdd(r4, q1, q0));
  // y = p * 2^k, adding k to the exponent field (y stays normal for |x| <= 87).
  const auto kbits = hn::ShiftLeft<52>(hn::BitCast(di, kd));
  const V y = hn::BitCast(dd, hn::Add(hn::BitCast(di, p), kbits));
  *fallback = hn::Or(hn::Not(in_range), NearF32Midpoint<13>(dd, y));
  return y;
}

/// column[index] of a LogTable column for each lane: two permutes within registers where a
/// register holds half the column (AVX-512: a gather there took three times as long), a
/// gather elsewhere.
template <class DD, class VI>
HWY_INLINE hn::Vec<DD> LookUpLogTable(DD dd, const double* column, VI index) {
  constexpr size_t kHalf = hn::MaxLanes(DD());
  if constexpr (2 * kHalf == kLogTableSize) {
    const hn::RebindToSigned<DD> di;
    const auto lane = hn::IndicesFromVec(dd, hn::And(index, hn::Set(di, kHalf - 1)));
    const auto low = hn::TableLookupLanes(hn::LoadU(dd, column), lane);
    const auto high = hn::TableLookupLanes(hn::LoadU(dd, column + kHalf), lane);
    const auto upper = hn::Ne(hn::And(index, hn::Set(di, kHalf)), hn::Zero(di));
    return hn::IfThenElse(hn::RebindMask(dd, upper), high, low);
  } else {
    return hn::GatherIndex(dd, column, index);
  }
}

/// ln x of f32 values x held in double lanes, as the scalar kernels compute it (std::log in
/// double, rounded once to f32). x = 2^k z with z in [0.699, 1.398) (LogTable's intervals),
/// ln x = k ln2 + ln(1/invc) + ln(1 + r) with r = z invc - 1 (|r| < 0.032, one rounding of
/// 2^-53) and ln(1 + r) by its Taylor series to r^8 (remainder below 2^-48). Every ln x but
/// those of the interval around 1 is at least 0.0195 in magnitude, so y is within 2^-42
/// (relative) of ln x; the lanes near a midpoint, and x not a positive normal float, are set in
/// *fallback (zero, negatives, subnormals, infinity and NaN take the scalar path).
template <class DD, class V = hn::Vec<DD>>
HWY_INLINE V LogRoundableToF32(DD dd, V x, const LogTable& table, hn::Mask<DD>* fallback) {
  const hn::RebindToSigned<DD> di;
  const auto normal = hn::And(hn::Ge(x, hn::Set(dd, 0x1p-126)), hn::Le(x, hn::Set(dd, 0x1.fffffep127)));
  const auto bits = hn::BitCast(di, x);
  const auto tmp = hn::Sub(bits, hn::Set(di, kLogTableStartBits));
  const auto index = hn::And(hn::ShiftRight<52 - kLogTableBits>(tmp), hn::Set(di, kLogTableSize - 1));
  const auto k = hn::ShiftRight<52>(tmp);
  const V z = hn::BitCast(dd, hn::Sub(bits, hn::And(tmp, hn::Set(di, int64_t(~0ull << 52)))));
  const V invc = LookUpLogTable(dd, table.invc, index);
  const V logc = LookUpLogTable(dd, table.logc, index);
  const V r = hn::MulSub(z, invc, hn::Set(dd, 1.0));
  // ln(1 + r) = r + r^2 (-1/2 + r/3 - r^2/4 + r^3/5 - r^4/6 + r^5/7 - r^6/8), Estrin's scheme.
  const V r2 = hn::Mul(r, r);
  const V r4 = hn::Mul(r2, r2);
  const auto pair = [&](double c0, double c1) {
    return hn::MulAdd(r, hn::Set(dd, c1), hn::Set(dd, c0));
  };
  const V q0 = hn::MulAdd(r2, pair(-1.0 / 4, 1.0 / 5), pair(-1.0 / 2, 1.0 / 3));
  const V q1 = hn::MulAdd(r2, hn::Set(dd, -1.0 / 8), pair(-1.0 / 6, 1.0 / 7));
  const V tail = hn::MulAdd(r4, q1, q0);
  const V head = hn::MulAdd(hn::ConvertTo(dd, k), hn::Set(dd, 0x1.62e42fefa39efp-1), logc);
  const V y = hn::Add(head, hn::MulAdd(r2, tail, r));
  *fallback = hn::Or(hn::Not(normal), NearF32Midpoint<12>(dd, y));
  return y;
}

}  // namespace pto::interp::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // PTO_INTERP_HOST_SIMD_SIMD_MATH_INL_H_
