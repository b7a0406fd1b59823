#include "pto/interp/register/simt/simt_scalar.h"

#include <cmath>
#include <cstring>

#include "pto/common/narrow_float.h"

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
    case DType::kHiF8: return EncodeNarrow(x, NarrowFormat::kHiF8, mode, /*saturate=*/true);
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
