// One element's conversion between storage types with the ISA's rounding modes and
// saturation: TCVT's (interp/tile/convert.cc) and vcvt's (interp/register/convert.cc).
//
// Float results round by the mode (NONE means nearest even); with saturation a finite value
// beyond the type's range becomes its largest finite value (infinities stay infinite). Integer
// results round by the mode (NONE means toward zero), then saturate to the type's range or
// wrap modulo 2^bits; NaN becomes 0. See docs/semantics.md.
#ifndef PTO_INTERP_ELEMENT_CONVERT_ELEMENT_H_
#define PTO_INTERP_ELEMENT_CONVERT_ELEMENT_H_

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>

#include "pto/common/float_format.h"
#include "pto/interp/element/element.h"

namespace pto::interp {

// Rounds \a v to an integer by \a mode (NONE and TRUNC toward zero).
inline double RoundToInteger(double v, RoundMode mode) {
  switch (mode) {
    case RoundMode::kRint:
      return std::nearbyint(v);  // the default environment rounds to nearest even
    case RoundMode::kRound:
      return std::round(v);
    case RoundMode::kFloor:
      return std::floor(v);
    case RoundMode::kCeil:
      return std::ceil(v);
    case RoundMode::kOdd: {
      double t = std::trunc(v);
      return t == v || std::fmod(t, 2.0) != 0 ? t : t + (v > 0 ? 1 : -1);
    }
    case RoundMode::kNone:
    case RoundMode::kTrunc:
      return std::trunc(v);
  }
  return std::trunc(v);
}

template <typename T>
T ToInteger(double v, RoundMode mode, bool saturate) {
  if (std::isnan(v)) return 0;
  double r = RoundToInteger(v, mode);
  constexpr double lo = static_cast<double>(std::numeric_limits<T>::min());
  constexpr double hi = static_cast<double>(std::numeric_limits<T>::max());
  if (saturate || std::isinf(r)) {
    if (r <= lo) return std::numeric_limits<T>::min();
    if (r >= hi) return std::numeric_limits<T>::max();
    return static_cast<T>(r);
  }
  // Wrap: keep the low bits of the integer r.
  constexpr double k2p63 = 9223372036854775808.0;
  if (r >= -k2p63 && r < k2p63) return static_cast<T>(static_cast<int64_t>(r));
  double m = std::fmod(r, 2 * k2p63);  // exact; doubles this large are multiples of 2^11
  if (m < 0) m += 2 * k2p63;
  return static_cast<T>(m >= k2p63 ? static_cast<uint64_t>(m - k2p63) | (1ull << 63)
                                   : static_cast<uint64_t>(m));
}

// Rounds \a v to float type T by \a mode, clamping finite overflow when saturating.
template <typename T>
T ToFloat(double v, RoundMode mode, bool saturate) {
  FloatFormat format = std::is_same_v<T, float> ? kF32Format
                       : std::is_same_v<T, Half> ? kHalfFormat : kBF16Format;
  if (mode == RoundMode::kNone) mode = RoundMode::kRint;
  uint32_t bits = EncodeFloat(v, format, mode);
  uint32_t exp_mask = ((1u << format.exp_bits) - 1) << format.man_bits;
  bool became_inf = (bits & exp_mask) == exp_mask && (bits & ((1u << format.man_bits) - 1)) == 0;
  if (saturate && became_inf && std::isfinite(v)) bits -= 1;  // largest finite, same sign
  if constexpr (std::is_same_v<T, float>) {
    return BitsFloat(bits);
  } else {
    return T{static_cast<uint16_t>(bits)};
  }
}

template <typename D, typename S>
D ConvertOne(S s, RoundMode mode, bool saturate) {
  using ES = Elem<S>;
  using ED = Elem<D>;
  if constexpr (!ES::kFloat && !ED::kFloat) {
    // Integer to integer: exact through int64 (u64 values above 2^63 go through uint64).
    if constexpr (std::is_same_v<S, uint64_t>) {
      if (saturate && s > static_cast<uint64_t>(std::numeric_limits<D>::max())) {
        return std::numeric_limits<D>::max();
      }
      return static_cast<D>(s);
    } else {
      int64_t v = static_cast<int64_t>(s);
      if (saturate) {
        if (v < static_cast<int64_t>(std::numeric_limits<D>::min())) return std::numeric_limits<D>::min();
        if (std::is_same_v<D, uint64_t> ? false
                                        : v > static_cast<int64_t>(std::numeric_limits<D>::max())) {
          return std::numeric_limits<D>::max();
        }
      }
      return static_cast<D>(v);
    }
  } else {
    double v = static_cast<double>(ES::Load(s));
    if constexpr (std::is_same_v<S, int64_t> || std::is_same_v<S, uint64_t>) {
      v = static_cast<double>(s);  // not exact above 2^53: rounded once more below
    }
    if constexpr (ED::kFloat) {
      return ToFloat<D>(v, mode, saturate);
    } else {
      return ToInteger<D>(v, mode, saturate);
    }
  }
}

// A 64-bit integer as a double that rounds to a narrower float exactly as the integer would:
// beyond 53 bits the low bits fold into a sticky bit far below any f32/f16 rounding point.
template <typename S>
double StickyDouble(S s) {
  const bool negative = std::is_signed_v<S> && s < 0;
  uint64_t u = negative ? 0 - static_cast<uint64_t>(s) : static_cast<uint64_t>(s);
  int shift = 0;
  while ((u >> shift) >= (uint64_t{1} << 53)) ++shift;
  const uint64_t kept = (u >> shift) | ((u & ((uint64_t{1} << shift) - 1)) != 0 ? 1 : 0);
  const double v = std::ldexp(static_cast<double>(kept), shift);
  return negative ? -v : v;
}

// Float conversions that can overflow: f32 to f16 or bf16, bf16 to f16.
template <typename D, typename S>
constexpr bool kNarrowsRange = (std::is_same_v<S, float> && !std::is_same_v<D, float> &&
                                Elem<D>::kFloat) ||
                               (std::is_same_v<S, BFloat16> && std::is_same_v<D, Half>);

/// One lane of the NPU's vcvt between storage types (VPTO's, and VMI's conversions): as
/// ConvertOne, except that a 64-bit integer rounds once to a narrower float, and a saturating
/// float narrowing also turns NaN into 0 and infinities into the largest finite value, as the
/// NPU's SAT does (docs/semantics.md).
template <typename D, typename S>
D VcvtLane(S s, RoundMode mode, bool sat) {
  if constexpr (Elem<D>::kFloat && (std::is_same_v<S, int64_t> || std::is_same_v<S, uint64_t>)) {
    return ToFloat<D>(StickyDouble(s), mode, sat);
  } else if constexpr (kNarrowsRange<D, S>) {
    const float v = Elem<S>::Load(s);
    if (sat && std::isnan(v)) return Elem<D>::Store(0.0f);
    if (sat && std::isinf(v)) return ToFloat<D>(std::copysign(DBL_MAX, v), mode, true);
    return ConvertOne<D, S>(s, mode, sat);
  } else {
    return ConvertOne<D, S>(s, mode, sat);
  }
}

}  // namespace pto::interp

#endif  // PTO_INTERP_ELEMENT_CONVERT_ELEMENT_H_
