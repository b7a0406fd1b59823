// a5's high-precision divisions (npu_divide.cc) on the values where their sequences leave one
// correct rounding (worked out by hand from pto-isa's a5 custom/Div754.hpp), and on ordinary
// values, where they agree with IEEE division.
#include "pto/interp/tile/npu_divide.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <random>

#include "pto/common/float_format.h"

namespace pto::interp {
namespace {

float F32(uint32_t bits) { return std::bit_cast<float>(bits); }
uint32_t U32(float value) { return std::bit_cast<uint32_t>(value); }

TEST_CASE("a5 high-precision f16 division: early underflow and the unscaled 0x03ff") {
  CHECK(DivIeee754F16(0x0400, 0x6400) == 0x0000);  // 2^-14 / 1024: 0, not 2^-24
  CHECK(DivIeee754F16(0x03ff, 0x3c00) == 0x0400);  // read as a normal: rounds up to 2^-14
  CHECK(DivIeee754F16(0x3c00, 0x4000) == 0x3800);  // 1 / 2
  CHECK(DivIeee754F16(0x7e00, 0x3c00) == 0x7e00);  // NaN
  CHECK(DivIeee754F16(0x3c00, 0x0000) == 0x7c00);  // 1 / 0
}

TEST_CASE("a5 high-precision f32 division: subnormal dividends other than 0x007fffff") {
  CHECK(U32(DivIeee754F32(F32(1), 1.0f)) == 0x00400000u);  // 2^-149 / 1: 2^-127
  CHECK(U32(DivIeee754F32(F32(0x007fffffu), 1.0f)) == 0x007fffffu);  // rescaled: exact
  CHECK(DivIeee754F32(1.0f, 0.0f) == INFINITY);
  CHECK(std::isnan(DivIeee754F32(NAN, 1.0f)));
}

TEST_CASE("a5 compensated f32 division: ties go to the smaller magnitude") {
  CHECK(U32(DivCompensatedF32(F32(3), 2.0f)) == 1u);  // 1.5 x 2^-149: 2^-149
  CHECK(U32(F32(3) / 2.0f) == 2u);                   // IEEE: to even
}

TEST_CASE("a5 high-precision divisions agree with IEEE division on normal results") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> mantissa(0.5f, 2.0f);
  std::uniform_int_distribution<int> exponent(-60, 60), sign(0, 1);
  for (int i = 0; i < 20000; ++i) {
    const float a = std::ldexp(mantissa(rng), exponent(rng)) * (sign(rng) ? -1.0f : 1.0f);
    const float b = std::ldexp(mantissa(rng), exponent(rng)) * (sign(rng) ? -1.0f : 1.0f);
    REQUIRE(DivIeee754F32(a, b) == a / b);
    REQUIRE(DivCompensatedF32(a, b) == a / b);
    const uint16_t ha = FloatToHalf(std::ldexp(mantissa(rng), exponent(rng) % 6));
    const uint16_t hb = FloatToHalf(std::ldexp(mantissa(rng), exponent(rng) % 6));
    REQUIRE(DivIeee754F16(ha, hb) == FloatToHalf(HalfToFloat(ha) / HalfToFloat(hb)));
  }
}

}  // namespace
}  // namespace pto::interp
