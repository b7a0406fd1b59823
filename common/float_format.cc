#include "pto/common/float_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "pto/common/strings.h"

namespace pto {

namespace {

// Rounds the non-negative integer part \a k with fraction \a frac (of a magnitude) by \a mode;
// \a negative tells the sign of the value so FLOOR and CEIL can pick their direction.
double RoundMagnitude(double k, double frac, bool negative, RoundMode mode) {
  if (frac == 0) return k;
  switch (mode) {
    case RoundMode::kNone:
    case RoundMode::kRint:
      if (frac > 0.5) return k + 1;
      if (frac < 0.5) return k;
      return std::fmod(k, 2.0) == 0 ? k : k + 1;
    case RoundMode::kRound:
      return frac >= 0.5 ? k + 1 : k;
    case RoundMode::kFloor:
      return negative ? k + 1 : k;
    case RoundMode::kCeil:
      return negative ? k : k + 1;
    case RoundMode::kTrunc:
      return k;
    case RoundMode::kOdd:
      return std::fmod(k, 2.0) == 0 ? k + 1 : k;
  }
  return k;
}

// True when rounding in \a mode moves a too-large magnitude to infinity rather than to the
// largest finite value.
bool OverflowsToInfinity(bool negative, RoundMode mode) {
  switch (mode) {
    case RoundMode::kNone:
    case RoundMode::kRint:
    case RoundMode::kRound:
      return true;
    case RoundMode::kFloor:
      return negative;
    case RoundMode::kCeil:
      return !negative;
    case RoundMode::kTrunc:
    case RoundMode::kOdd:
      return false;
  }
  return true;
}

}  // namespace

uint32_t EncodeFloat(double x, FloatFormat format, RoundMode mode) {
  const int man_bits = format.man_bits;
  const int exp_bits = format.exp_bits;
  const uint32_t exp_all_ones = (1u << exp_bits) - 1;
  const int bias = static_cast<int>(exp_all_ones >> 1);
  const int emin = 1 - bias;
  const int emax = bias;
  const bool negative = std::signbit(x);
  const uint32_t sign = negative ? 1u << (exp_bits + man_bits) : 0;
  const uint32_t inf = exp_all_ones << man_bits;

  if (std::isnan(x)) return sign | inf | (1u << (man_bits - 1));
  double a = std::fabs(x);
  if (std::isinf(a)) return sign | inf;
  if (a == 0) return sign;

  int e2;
  std::frexp(a, &e2);  // a = m * 2^e2, m in [0.5, 1)
  int exponent = e2 - 1;
  if (exponent < emin) exponent = emin;  // subnormal: fixed quantum
  double quantum = std::ldexp(1.0, exponent - man_bits);
  double scaled = a / quantum;  // exact: division by a power of two
  double k = std::floor(scaled);
  double rounded = RoundMagnitude(k, scaled - k, negative, mode);
  double value = rounded * quantum;

  double max_finite = std::ldexp(2.0 - std::ldexp(1.0, -man_bits), emax);
  if (value > max_finite) return OverflowsToInfinity(negative, mode) ? sign | inf
                                                                     : sign | (inf - 1);
  if (value == 0) return sign;
  std::frexp(value, &e2);
  int e = e2 - 1;
  if (e < emin) {  // subnormal result
    uint32_t man = static_cast<uint32_t>(std::ldexp(value, -(emin - man_bits)));
    return sign | man;
  }
  uint32_t man = static_cast<uint32_t>(std::ldexp(value, man_bits - e)) - (1u << man_bits);
  return sign | (static_cast<uint32_t>(e + bias) << man_bits) | man;
}

double DecodeFloat(uint32_t bits, FloatFormat format) {
  const int man_bits = format.man_bits;
  const int exp_bits = format.exp_bits;
  const uint32_t exp_all_ones = (1u << exp_bits) - 1;
  const int bias = static_cast<int>(exp_all_ones >> 1);
  bool negative = (bits >> (exp_bits + man_bits)) & 1;
  uint32_t exp = (bits >> man_bits) & exp_all_ones;
  uint32_t man = bits & ((1u << man_bits) - 1);
  double v;
  if (exp == exp_all_ones) {
    v = man ? NAN : INFINITY;
  } else if (exp == 0) {
    v = std::ldexp(static_cast<double>(man), 1 - bias - man_bits);
  } else {
    v = std::ldexp(static_cast<double>(man | (1u << man_bits)), static_cast<int>(exp) - bias -
                                                                     man_bits);
  }
  return negative ? -v : v;
}

std::string FormatValue(double v, DType dtype) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (!IsFloat(dtype) || dtype == DType::kF64) return FormatDouble(v);
  char buf[40];
  int precision = 1;
  for (; precision < 9; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (static_cast<float>(std::strtod(buf, nullptr)) == static_cast<float>(v)) break;
  }
  // Whole digits are written out (40, not 4e+01) up to where floats stop having them.
  const double magnitude = std::fabs(v);
  if (magnitude >= 1 && magnitude < 1e9) {
    precision = std::max(precision, static_cast<int>(std::floor(std::log10(magnitude))) + 1);
  }
  std::snprintf(buf, sizeof buf, "%.*g", precision, v);
  return buf;
}

}  // namespace pto
