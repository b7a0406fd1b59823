// IEEE binary16 (f16) and bfloat16 (bf16): storage as 16-bit patterns, conversion with the
// rounding modes of the PTO ISA. The fast inline helpers round to nearest even; the generic
// EncodeFloat handles every RoundMode and is the reference the fast paths are tested against.
#ifndef PTO_COMMON_FLOAT_FORMAT_H_
#define PTO_COMMON_FLOAT_FORMAT_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "pto/common/dtype.h"

namespace pto {

/// Rounding modes of TCVT (values as in the ISA's RoundMode enum).
enum class RoundMode : uint8_t {
  kNone = 0,   ///< Treated as kRint for float results, as truncation for integer results.
  kRint = 1,   ///< Nearest, ties to even.
  kRound = 2,  ///< Nearest, ties away from zero.
  kFloor = 3,  ///< Toward -inf.
  kCeil = 4,   ///< Toward +inf.
  kTrunc = 5,  ///< Toward zero.
  kOdd = 6,    ///< Toward zero, then set the last bit if the result was inexact.
};

/// A binary floating-point format with an implicit leading bit.
struct FloatFormat {
  int exp_bits;
  int man_bits;
};
constexpr FloatFormat kHalfFormat{5, 10};
constexpr FloatFormat kBF16Format{8, 7};
constexpr FloatFormat kF32Format{8, 23};

/// Rounds \a x to \a format under \a mode and returns its bit pattern. NaN becomes the
/// format's quiet NaN with the sign of \a x; overflow follows IEEE (inf or the largest finite
/// value, depending on the mode's direction).
uint32_t EncodeFloat(double x, FloatFormat format, RoundMode mode);
/// Exact value of the bit pattern \a bits in \a format.
double DecodeFloat(uint32_t bits, FloatFormat format);
/// \a x rounded to nearest even in \a format, straight from double (going through float could
/// round twice).
inline double RoundToFormat(double x, FloatFormat format) {
  return DecodeFloat(EncodeFloat(x, format, RoundMode::kRint), format);
}
/// \a v rounded to nearest even in float type \a t (f32, f16, bf16; others unchanged): a float
/// constant's value, or a float scalar's.
inline double RoundToFloatType(double v, DType t) {
  if (t == DType::kF32) return static_cast<float>(v);
  if (t == DType::kF16) return RoundToFormat(v, kHalfFormat);
  if (t == DType::kBF16) return RoundToFormat(v, kBF16Format);
  return v;
}

/// The largest finite value of float type \a t (f32, f16, bf16; others: double's).
inline double LargestFinite(DType t) {
  const double huge = std::numeric_limits<double>::max();
  if (t == DType::kF32) return std::numeric_limits<float>::max();
  const auto largest = [huge](FloatFormat f) {
    return DecodeFloat(EncodeFloat(huge, f, RoundMode::kTrunc), f);  // truncation saturates
  };
  if (t == DType::kF16) return largest(kHalfFormat);
  if (t == DType::kBF16) return largest(kBF16Format);
  return huge;
}

/// A value as its type prints it: integers whole, floats in as few digits as tell them apart
/// from their neighbours in the type ("65504", "3.4028235e+38", "0.1").
std::string FormatValue(double v, DType dtype);

inline uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float BitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// f16 bits -> float (exact).
inline float HalfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t man = h & 0x3ff;
  if (exp == 0x1f) return BitsFloat(sign | 0x7f800000 | (man << 13));
  if (exp != 0) return BitsFloat(sign | ((exp + 112) << 23) | (man << 13));
  // Subnormal or zero: man * 2^-24, exact in float.
  float v = static_cast<float>(man) * 5.9604644775390625e-08f;
  return sign ? -v : v;
}

/// float -> f16 bits, round to nearest even; NaN stays NaN (quiet), overflow gives inf.
inline uint16_t FloatToHalf(float f) {
  uint32_t x = FloatBits(f);
  uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  uint32_t abs = x & 0x7fffffff;
  if (abs > 0x7f800000) return sign | 0x7e00 | static_cast<uint16_t>((abs >> 13) & 0x1ff);
  if (abs >= 0x477ff000) return sign | 0x7c00;  // rounds to >= 65520: inf
  if (abs >= 0x38800000) {                       // normal half range
    uint32_t rounded = abs + 0xfff + ((abs >> 13) & 1);
    return sign | static_cast<uint16_t>((rounded - 0x38000000) >> 13);
  }
  // Subnormal half or zero: scale so that the half quantum 2^-24 becomes 1 and let the
  // float adder round to nearest even.
  float scaled = BitsFloat(abs) * 16777216.0f;  // exact: only the exponent changes
  float magic = 8388608.0f;                     // 2^23: forces integer rounding
  uint32_t r = FloatBits(scaled + magic) - FloatBits(magic);
  return sign | static_cast<uint16_t>(r);
}

/// bf16 bits -> float (exact).
inline float BF16ToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }

/// float -> bf16 bits, round to nearest even; NaN stays a quiet NaN.
inline uint16_t FloatToBF16(float f) {
  uint32_t x = FloatBits(f);
  if ((x & 0x7fffffff) > 0x7f800000) return static_cast<uint16_t>((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return static_cast<uint16_t>(x >> 16);
}

/// fp8 e4m3fn bits -> float (exact): bias 7, subnormals, no infinities; S.1111.111 is NaN.
inline float F8E4M3ToFloat(uint8_t b) {
  const float sign = (b & 0x80) ? -1.0f : 1.0f;
  const int exp = (b >> 3) & 0xf, man = b & 7;
  if (exp == 0xf && man == 7) return BitsFloat(0x7fc00000);
  if (exp == 0) return sign * static_cast<float>(man) * 0.001953125f;  // man * 2^-9
  return sign * static_cast<float>(8 + man) * BitsFloat(static_cast<uint32_t>(exp + 117) << 23);
}

/// float -> fp8 e4m3fn bits, rounding to nearest even and saturating: magnitudes beyond the
/// largest finite value 448 (infinities too) become +-448 (S.1111.110); NaN becomes 0x7f.
/// The A5 vector unit's f32 -> e4m3 conversion with clipping enabled (MX quantisation).
inline uint8_t FloatToF8E4M3Sat(float f) {
  if (f != f) return 0x7f;
  const uint8_t sign = std::signbit(f) ? 0x80 : 0;
  const float a = std::fabs(f);
  if (a >= 448.0f) return sign | 0x7e;
  if (a < 0.015625f) {  // below 2^-6: subnormal steps of 2^-9 (8 steps reach 2^-6, code 0x08)
    return sign | static_cast<uint8_t>(std::nearbyint(a * 512.0f));
  }
  int e = 0;
  const float m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  // a = (1 + q/8) * 2^(e-1); q rounds to nearest even, a carry moves to the next binade.
  int q = static_cast<int>(std::nearbyint((m * 2.0f - 1.0f) * 8.0f));
  int exp = e - 1 + 7;
  if (q == 8) {
    q = 0;
    ++exp;
  }
  return sign | static_cast<uint8_t>((exp << 3) | q);  // a < 448: never past S.1111.110
}

/// fp8 e5m2 bits -> float (exact): the top byte of an f16.
inline float F8E5M2ToFloat(uint8_t b) { return HalfToFloat(static_cast<uint16_t>(b << 8)); }

/// fp4 values (the low nibble of \a nibble; bit 3 is the sign) -> float, exact (encoding:
/// common/narrow_float.h). e2m1 (bias 1,
/// one mantissa bit): 0 0.5 1 1.5 2 3 4 6. e1m2 (bias 1, two mantissa bits): 0 .. 1.75 in
/// steps of 0.25. Neither has infinities or NaN.
inline float F4E2M1ToFloat(uint8_t nibble) {
  static constexpr float kMagnitudes[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
  const float v = kMagnitudes[nibble & 7];
  return (nibble & 8) ? -v : v;
}
inline float F4E1M2ToFloat(uint8_t nibble) {
  const float v = static_cast<float>(nibble & 7) * 0.25f;
  return (nibble & 8) ? -v : v;
}

/// e8m0 scale bits -> float: 2^(b - 127) (2^-127 is subnormal in f32, still exact); 0xff NaN.
inline float E8M0ToFloat(uint8_t b) {
  if (b == 0xff) return BitsFloat(0x7fc00000);
  if (b == 0) return BitsFloat(0x00400000);
  return BitsFloat(static_cast<uint32_t>(b) << 23);
}

/// Storage types for the two 16-bit float formats, so kernels can be templated on them.
struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};

}  // namespace pto

#endif  // PTO_COMMON_FLOAT_FORMAT_H_
