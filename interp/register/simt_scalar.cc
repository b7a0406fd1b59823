#include "pto/interp/register/simt_scalar.h"

#include <cmath>
#include <cstring>

namespace pto::interp::simt {

namespace {

template <typename T>
T Read(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

template <typename T>
void Write(uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

// HiFloat8 (a5): a sign, a prefix "dot" code giving the exponent width D (11: 4, 10: 3, 01: 2,
// 001: 1, 0001: 0, 0000: subnormal), the exponent as a sign and D-1 bits below an implicit
// leading one, then the mantissa. 0x80 is NaN.
double DecodeHiF8(uint8_t b) {
  if (b == 0x80) return NAN;
  const double sign = (b & 0x80) ? -1.0 : 1.0;
  const uint32_t v = b & 0x7f;  // 7 bits after the sign
  int d, dot_bits;
  if ((v >> 5) == 3) d = 4, dot_bits = 2;
  else if ((v >> 5) == 2) d = 3, dot_bits = 2;
  else if ((v >> 5) == 1) d = 2, dot_bits = 2;
  else if ((v >> 4) == 1) d = 1, dot_bits = 3;
  else if ((v >> 3) == 1) d = 0, dot_bits = 4;
  else return v == 0 ? sign * 0.0 : sign * std::ldexp(1.0, static_cast<int>(v & 7) - 23);
  const int man_bits = 7 - dot_bits - d;
  const uint32_t rest = v & ((1u << (7 - dot_bits)) - 1);
  const uint32_t man = rest & ((1u << man_bits) - 1);
  int e = 0;
  if (d > 0) {
    const uint32_t ebits = rest >> man_bits;
    const int magnitude = (1 << (d - 1)) | static_cast<int>(ebits & ((1u << (d - 1)) - 1));
    e = (ebits >> (d - 1)) ? -magnitude : magnitude;
  }
  return sign * std::ldexp(1.0 + man / static_cast<double>(1 << man_bits), e);
}

// The nearest HiF8 code to \a x under \a mode (ties away from zero for kRound, else to the
// code with the even last bit), found among the finite codes.
uint32_t EncodeHiF8(double x, RoundMode mode) {
  if (std::isnan(x)) return 0x80;
  const bool neg = std::signbit(x);
  const double a = std::fabs(x);
  uint32_t below = 0, above = 0;  // magnitude codes bracketing a
  double lo = 0, hi = INFINITY;
  for (uint32_t c = 0; c < 0x80; ++c) {
    const double v = DecodeHiF8(static_cast<uint8_t>(c));
    if (v <= a && v >= lo) lo = v, below = c;
    if (v >= a && v < hi) hi = v, above = c;
  }
  uint32_t pick;
  if (hi == INFINITY) pick = below;  // beyond the largest: saturate
  else if (lo == a || hi == a) pick = lo == a ? below : above;
  else if (mode == RoundMode::kTrunc || mode == RoundMode::kOdd) pick = below;
  else if (mode == RoundMode::kFloor) pick = neg ? above : below;
  else if (mode == RoundMode::kCeil) pick = neg ? below : above;
  else if (a - lo != hi - a) pick = a - lo < hi - a ? below : above;
  else pick = mode == RoundMode::kRound ? above : ((below & 1) ? above : below);
  return (neg ? 0x80 : 0) | pick;
}

FloatFormat FormatOf(DType t) {
  return t == DType::kF16 ? kHalfFormat : t == DType::kBF16 ? kBF16Format
         : t == DType::kF8E5M2 ? FloatFormat{5, 2} : kF32Format;
}

}  // namespace

Slot LoadAs(const uint8_t* p, DType t) {
  Slot s{0};
  switch (t) {
    case DType::kI1: s.i = Read<uint8_t>(p) & 1; break;
    case DType::kI8: s.i = Read<int8_t>(p); break;
    case DType::kU8: s.i = Read<uint8_t>(p); break;
    case DType::kI16: s.i = Read<int16_t>(p); break;
    case DType::kU16: s.i = Read<uint16_t>(p); break;
    case DType::kI32: s.i = Read<int32_t>(p); break;
    case DType::kU32: s.i = Read<uint32_t>(p); break;
    case DType::kF16: s.f = HalfToFloat(Read<uint16_t>(p)); break;
    case DType::kBF16: s.f = BF16ToFloat(Read<uint16_t>(p)); break;
    case DType::kF32: s.f = Read<float>(p); break;
    case DType::kF64: s.f = Read<double>(p); break;
    default: s.i = Read<int64_t>(p); break;  // i64, ui64, index
  }
  return s;
}

void StoreAs(uint8_t* p, DType t, Slot v) {
  switch (t) {
    case DType::kI1:
    case DType::kI8:
    case DType::kU8: Write(p, static_cast<uint8_t>(v.i)); break;
    case DType::kI16:
    case DType::kU16: Write(p, static_cast<uint16_t>(v.i)); break;
    case DType::kI32:
    case DType::kU32: Write(p, static_cast<uint32_t>(v.i)); break;
    case DType::kF16: Write(p, FloatToHalf(static_cast<float>(v.f))); break;
    case DType::kBF16: Write(p, FloatToBF16(static_cast<float>(v.f))); break;
    case DType::kF32: Write(p, static_cast<float>(v.f)); break;
    case DType::kF64: Write(p, v.f); break;
    default: Write(p, v.i); break;
  }
}

double RoundFloat(double x, DType t, RoundMode mode) {
  if (t == DType::kF64) return x;
  if (t == DType::kF32) return BitsFloat(EncodeFloat(x, kF32Format, mode));
  return DecodeFloat(EncodeFloat(x, FormatOf(t), mode), FormatOf(t));
}

uint32_t EncodeElement(double x, DType t, RoundMode mode) {
  switch (t) {
    case DType::kF8E4M3: {
      // e4m3fn has no infinities: round in a wide format, then saturate to +-448.
      const double r = std::fabs(x) >= 448.0 ? std::copysign(448.0, x) : x;
      const float rounded = static_cast<float>(RoundFloat(r, DType::kF32, mode));
      return FloatToF8E4M3Sat(rounded);
    }
    case DType::kHiF8: return EncodeHiF8(x, mode);
    default: return EncodeFloat(x, FormatOf(t), mode);
  }
}

double DecodeElement(uint32_t bits, DType t) {
  switch (t) {
    case DType::kF8E4M3: return F8E4M3ToFloat(static_cast<uint8_t>(bits));
    case DType::kHiF8: return DecodeHiF8(static_cast<uint8_t>(bits));
    case DType::kF32: return BitsFloat(bits);
    default: return DecodeFloat(bits, FormatOf(t));
  }
}

}  // namespace pto::interp::simt
