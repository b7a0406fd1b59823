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
#include "pto/interp/host_simd/math_tables.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

/// Lanes of a double y (a normal f32 when rounded) that lie within 2^\a kMarginLog2 double
/// ulps of a midpoint between two floats: f32 drops y's 29 low mantissa bits, so a midpoint
/// has them at 2^28. Rounding y decides the f32 nearest any value that close to it elsewhere.
template <int kMarginLog2, class DD>
HWY_INLINE hn::Mask<DD> NearF32Midpoint(DD dd, hn::Vec<DD> y) {
  const hn::RebindToUnsigned<DD> du;
  const auto dropped = hn::And(hn::BitCast(du, y), hn::Set(du, (uint64_t{1} << 29) - 1));
  // Unsigned: dropped below the window's start wraps to a huge offset.
  const auto off = hn::Sub(dropped, hn::Set(du, (uint64_t{1} << 28) - (uint64_t{1} << kMarginLog2)));
  return hn::RebindMask(dd, hn::Lt(off, hn::Set(du, uint64_t{1} << (kMarginLog2 + 1))));
}

/// 2^(j/16) for each lane's j (the low four bits of \a n), less j << 48 (math_tables.h): one
/// permute across two registers where they hold the table (AVX-512), a gather elsewhere.
template <class DD, class VI>
HWY_INLINE VI LookUpExp2Table(DD dd, const Exp2Table& table, VI n) {
  const hn::RebindToSigned<DD> di;
  const VI j = hn::And(n, hn::Set(di, kExp2TableSize - 1));
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  // vpermt2q (this Highway has no TwoTablesLookupLanes; two permutes and a blend cost more).
  static_assert(2 * hn::MaxLanes(di) == kExp2TableSize);
  const auto low = hn::LoadU(di, table.bits), high = hn::LoadU(di, table.bits + hn::Lanes(di));
  return VI{_mm512_permutex2var_epi64(low.raw, j.raw, high.raw)};
#else
  (void)dd;
  return hn::GatherIndex(di, table.bits, j);
#endif
}

/// e^x of f32 values x held in double lanes, as the scalar kernels compute it (interp/element/element.h:
/// std::exp in double, rounded once to f32). x = n ln2/16 + r with n = 16k + j the integer
/// nearest 16x/ln2 and |r| <= ln2/32, so e^x = 2^k 2^(j/16) e^r: the power of two from
/// Exp2Table, e^r by its Taylor series to r^6 (remainder below 2^-51). The reduction's one
/// constant is within 2^-58 of ln2/16 and |n| < 2^11 (2^-47), and the roundings add about
/// 2^-50: y is within 2^-46 (relative), under 2^7 double ulps. Rounding y therefore gives the
/// f32 nearest e^x, as rounding std::exp's double does, unless y lies within 2^10 ulps of a
/// midpoint: those lanes (about one in 2^18), and arguments whose result is not a normal float
/// (|x| > 87, NaN), are set in *fallback. (Highway's own Exp converts to 64-bit integers, which
/// AVX2 lacks, and took four times as long; a table-free degree-11 polynomial, 1.3 times.)
template <class DD, class V = hn::Vec<DD>>
HWY_INLINE V ExpRoundableToF32(DD dd, V x, const Exp2Table& table, hn::Mask<DD>* fallback) {
  const hn::RebindToSigned<DD> di;
  const auto in_range = hn::Le(hn::Abs(x), hn::Set(dd, 87.0));  // NaN fails it too
  // The shifter leaves n in the low mantissa bits of nd.
  const V shifter = hn::Set(dd, 0x1.8p52);
  const V nd = hn::MulAdd(x, hn::Set(dd, 16 * 0x1.71547652b82fep0), shifter);
  const V r = hn::NegMulAdd(hn::Sub(nd, shifter), hn::Set(dd, 0x1.62e42fefa39efp-1 / 16), x);
  // 2^k 2^(j/16): n << 48 puts j beside the table's -j << 48 and k in the exponent field.
  const auto n = hn::BitCast(di, nd);
  const V scale = hn::BitCast(dd, hn::Add(LookUpExp2Table(dd, table, n), hn::ShiftLeft<48>(n)));
  // e^r - 1 = r + r^2 (1/2 + r/6) + r^4 (1/24 + r/120 + r^2/720), Estrin's scheme.
  const V r2 = hn::Mul(r, r);
  const V r4 = hn::Mul(r2, r2);
  const V c23 = hn::MulAdd(r, hn::Set(dd, 1.0 / 6), hn::Set(dd, 0.5));
  const V c456 = hn::MulAdd(r2, hn::Set(dd, 1.0 / 720),
                            hn::MulAdd(r, hn::Set(dd, 1.0 / 120), hn::Set(dd, 1.0 / 24)));
  const V em1 = hn::MulAdd(r4, c456, hn::MulAdd(r2, c23, r));
  const V y = hn::MulAdd(scale, em1, scale);
  *fallback = hn::Or(hn::Not(in_range), NearF32Midpoint<10>(dd, y));
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
