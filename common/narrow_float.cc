#include "pto/common/narrow_float.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace pto {

namespace {

// HiFloat8: a sign, then a prefix "dot" field giving the exponent width D (11: 4, 10: 3,
// 01: 2, 001: 1, 0001: 0), the exponent as a sign bit and D-1 bits below an implicit leading
// one, then 5-D mantissa bits below an implicit 1. Dot 0000 is the denormal range 2^(m-23)
// for m = 1..7; 0x00 is zero, 0x80 NaN, and the largest exponent with mantissa 1 (0x6F, 0xEF)
// infinity.
double DecodeHiF8Bits(uint8_t code) {
  if (code == 0x80) return NAN;
  const double sign = (code & 0x80) ? -1.0 : 1.0;
  const uint32_t v = code & 0x7f;
  int d = 0, dot_bits = 4;
  if ((v >> 5) == 3) d = 4, dot_bits = 2;
  else if ((v >> 5) == 2) d = 3, dot_bits = 2;
  else if ((v >> 5) == 1) d = 2, dot_bits = 2;
  else if ((v >> 4) == 1) d = 1, dot_bits = 3;
  else if ((v >> 3) != 1) return v == 0 ? 0.0 : sign * std::ldexp(1.0, static_cast<int>(v) - 23);
  const int man_bits = 7 - dot_bits - d;
  const uint32_t man = v & ((1u << man_bits) - 1);
  int e = 0;
  if (d > 0) {
    const uint32_t ebits = (v >> man_bits) & ((1u << d) - 1);
    const int magnitude = (1 << (d - 1)) | static_cast<int>(ebits & ((1u << (d - 1)) - 1));
    e = (ebits >> (d - 1)) ? -magnitude : magnitude;
  }
  if (d == 4 && e == 15 && man == 1) return sign * INFINITY;
  return sign * std::ldexp(1.0 + man / static_cast<double>(1 << man_bits), e);
}

// What encoding needs to know of a format: its finite non-negative values in increasing
// order with their codes, and the virtual next value past the largest (the step an unbounded
// exponent would give), whose code is the largest's plus one (for the parity of ties).
struct Layout {
  uint8_t sign_bit;
  bool has_inf, has_nan, one_zero;
  uint8_t inf_code, nan_code;
  double past_largest;
  std::vector<std::pair<double, uint8_t>> values;  // ascending
};

Layout MakeLayout(NarrowFormat format) {
  Layout l{};
  switch (format) {
    case NarrowFormat::kE4M3: l = {0x80, false, true, false, 0, 0x7f, 480.0, {}}; break;
    case NarrowFormat::kE5M2: l = {0x80, true, true, false, 0x7c, 0x7e, 65536.0, {}}; break;
    case NarrowFormat::kHiF8: l = {0x80, true, true, true, 0x6f, 0x80, 49152.0, {}}; break;
    case NarrowFormat::kF4E2M1: l = {0x08, false, false, false, 0, 0, 8.0, {}}; break;
    case NarrowFormat::kF4E1M2: l = {0x08, false, false, false, 0, 0, 2.0, {}}; break;
  }
  for (uint32_t c = 0; c < l.sign_bit; ++c) {
    const double v = DecodeNarrow(static_cast<uint8_t>(c), format);
    if (std::isfinite(v)) l.values.emplace_back(v, static_cast<uint8_t>(c));
  }
  std::sort(l.values.begin(), l.values.end());
  return l;
}

const Layout& LayoutOf(NarrowFormat format) {
  static const std::array<Layout, 5> kLayouts = {
      MakeLayout(NarrowFormat::kE4M3), MakeLayout(NarrowFormat::kE5M2),
      MakeLayout(NarrowFormat::kHiF8), MakeLayout(NarrowFormat::kF4E2M1),
      MakeLayout(NarrowFormat::kF4E1M2)};
  return kLayouts[static_cast<int>(format)];
}

struct Candidate {
  double value;
  uint32_t code;  // past the largest: the largest's code + 1
};

// Picks \a lo or \a hi (lo < a < hi) for the magnitude \a a of a value of sign \a negative.
bool PicksHigher(double a, Candidate lo, Candidate hi, bool negative, RoundMode mode) {
  switch (mode) {
    case RoundMode::kTrunc: return false;
    case RoundMode::kFloor: return negative;
    case RoundMode::kCeil: return !negative;
    case RoundMode::kOdd: return (lo.code & 1) == 0 && (hi.code & 1) == 1;
    case RoundMode::kNone:
    case RoundMode::kRint:
    case RoundMode::kRound:
      break;
  }
  const double below = a - lo.value, above = hi.value - a;
  if (below != above) return above < below;
  return mode == RoundMode::kRound || (lo.code & 1) == 1;
}

}  // namespace

bool NarrowFormatOf(DType t, NarrowFormat* format) {
  switch (t) {
    case DType::kF8E4M3: *format = NarrowFormat::kE4M3; return true;
    case DType::kF8E5M2: *format = NarrowFormat::kE5M2; return true;
    case DType::kHiF8: *format = NarrowFormat::kHiF8; return true;
    case DType::kF4E2M1X2: *format = NarrowFormat::kF4E2M1; return true;
    case DType::kF4E1M2X2: *format = NarrowFormat::kF4E1M2; return true;
    default: return false;
  }
}

double DecodeNarrow(uint8_t code, NarrowFormat format) {
  switch (format) {
    case NarrowFormat::kE4M3: return F8E4M3ToFloat(code);
    case NarrowFormat::kE5M2: return F8E5M2ToFloat(code);
    case NarrowFormat::kHiF8: return DecodeHiF8Bits(code);
    case NarrowFormat::kF4E2M1: return F4E2M1ToFloat(code & 0xf);
    case NarrowFormat::kF4E1M2: return F4E1M2ToFloat(code & 0xf);
  }
  return NAN;
}

uint8_t EncodeNarrow(double x, NarrowFormat format, RoundMode mode, bool saturate) {
  const Layout& l = LayoutOf(format);
  const bool negative = std::signbit(x);
  const uint8_t sign = negative && !(l.one_zero && x == 0) ? l.sign_bit : 0;
  const uint8_t largest = l.values.back().second;
  if (std::isnan(x)) return l.has_nan ? (l.one_zero ? l.nan_code : sign | l.nan_code) : 0;
  const double a = std::fabs(x);
  if (std::isinf(a)) {
    if (l.has_inf) return sign | l.inf_code;
    return sign | (saturate || !l.has_nan ? largest : l.nan_code);
  }
  // The codes bracketing a: the first value not below it, and the one before.
  auto it = std::lower_bound(l.values.begin(), l.values.end(), std::make_pair(a, uint8_t{0}));
  const bool past = it == l.values.end();  // a beyond the largest finite value
  Candidate hi = past ? Candidate{l.past_largest, largest + 1u} : Candidate{it->first, it->second};
  if (!past && hi.value == a) {
    return (a == 0 && l.one_zero ? 0 : sign) | static_cast<uint8_t>(hi.code);
  }
  const Candidate lo{std::prev(it)->first, std::prev(it)->second};
  if (a > hi.value) hi.value = a;  // past the virtual next value: nearest rounds up, overflows
  bool up = PicksHigher(a, lo, hi, negative, mode);
  if (mode == RoundMode::kOdd && past) up = false;  // toward zero: never past the largest
  const uint32_t code = up ? hi.code : lo.code;
  if (up && past) {  // overflow
    if (saturate || !l.has_nan) return sign | largest;
    return sign | (l.has_inf ? l.inf_code : l.nan_code);
  }
  if (code == 0 && l.one_zero) return 0;
  return sign | static_cast<uint8_t>(code);
}

}  // namespace pto
