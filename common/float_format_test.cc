#include "common/float_format.h"

#include <doctest/doctest.h>

#include <cmath>
#include <random>

namespace pto {
namespace {

TEST_CASE("every f16 value converts to float and back unchanged") {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    float f = HalfToFloat(static_cast<uint16_t>(h));
    if (std::isnan(f)) {
      CHECK(std::isnan(HalfToFloat(FloatToHalf(f))));
      continue;
    }
    CHECK(FloatToHalf(f) == h);
    CHECK(DecodeFloat(h, kHalfFormat) == static_cast<double>(f));
  }
}

TEST_CASE("every bf16 value converts to float and back unchanged") {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    float f = BF16ToFloat(static_cast<uint16_t>(b));
    if (std::isnan(f)) continue;
    CHECK(FloatToBF16(f) == b);
  }
}

TEST_CASE("fast float->f16 and float->bf16 agree with the reference rounding") {
  std::mt19937 rng(12345);
  auto check = [](float f) {
    uint16_t fast_half = FloatToHalf(f);
    uint32_t ref_half = EncodeFloat(f, kHalfFormat, RoundMode::kRint);
    uint16_t fast_bf = FloatToBF16(f);
    uint32_t ref_bf = EncodeFloat(f, kBF16Format, RoundMode::kRint);
    if (std::isnan(f)) {
      CHECK(std::isnan(HalfToFloat(fast_half)));
      CHECK(std::isnan(BF16ToFloat(fast_bf)));
      return;
    }
    CHECK_MESSAGE(fast_half == ref_half, "f16 of ", f);
    CHECK_MESSAGE(fast_bf == ref_bf, "bf16 of ", f);
  };
  for (int i = 0; i < 200000; ++i) check(BitsFloat(rng()));
  // Every f16 rounding boundary and its neighbours.
  for (uint32_t h = 0; h < 0x7c00; ++h) {
    uint32_t mid = FloatBits((HalfToFloat(h) + HalfToFloat(h + 1)) / 2);
    for (int d = -1; d <= 1; ++d) {
      check(BitsFloat(mid + d));
      check(-BitsFloat(mid + d));
    }
  }
}

TEST_CASE("known f16 and bf16 encodings") {
  CHECK(FloatToHalf(1.0f) == 0x3c00);
  CHECK(FloatToHalf(-2.0f) == 0xc000);
  CHECK(FloatToHalf(65504.0f) == 0x7bff);
  CHECK(FloatToHalf(65519.0f) == 0x7bff);
  CHECK(FloatToHalf(65520.0f) == 0x7c00);  // rounds up to infinity
  CHECK(FloatToHalf(2049.0f) == FloatToHalf(2048.0f));  // tie to even
  CHECK(FloatToHalf(2051.0f) == FloatToHalf(2052.0f));
  CHECK(FloatToHalf(5.9604644775390625e-08f) == 0x0001);  // smallest subnormal
  CHECK(FloatToHalf(2.9802322387695312e-08f) == 0x0000);  // half of it: tie to even (zero)
  CHECK(FloatToBF16(1.0f) == 0x3f80);
  CHECK(FloatToBF16(1.00390625f) == 0x3f80);  // 1 + 2^-8 is a tie: to even
  CHECK(FloatToBF16(1.01171875f) == 0x3f82);  // 1 + 3*2^-8 is a tie: to even (up)
  CHECK(FloatToBF16(3.0e38f) == 0x7f62);
  CHECK(FloatToBF16(3.4028235e38f) == 0x7f80);  // FLT_MAX rounds to infinity in bf16
}

TEST_CASE("EncodeFloat rounding modes") {
  // 1 + 2^-11 lies between the f16 values 1 and 1 + 2^-10.
  const double x = 1.0 + std::ldexp(1.0, -11);
  CHECK(EncodeFloat(x, kHalfFormat, RoundMode::kRint) == 0x3c00);
  CHECK(EncodeFloat(x, kHalfFormat, RoundMode::kRound) == 0x3c01);
  CHECK(EncodeFloat(x, kHalfFormat, RoundMode::kFloor) == 0x3c00);
  CHECK(EncodeFloat(x, kHalfFormat, RoundMode::kCeil) == 0x3c01);
  CHECK(EncodeFloat(x, kHalfFormat, RoundMode::kTrunc) == 0x3c00);
  CHECK(EncodeFloat(x, kHalfFormat, RoundMode::kOdd) == 0x3c01);
  CHECK(EncodeFloat(-x, kHalfFormat, RoundMode::kFloor) == 0xbc01);
  CHECK(EncodeFloat(-x, kHalfFormat, RoundMode::kCeil) == 0xbc00);
  // Overflow: nearest modes go to infinity, truncation stays at the largest finite value.
  CHECK(EncodeFloat(1e6, kHalfFormat, RoundMode::kRint) == 0x7c00);
  CHECK(EncodeFloat(1e6, kHalfFormat, RoundMode::kTrunc) == 0x7bff);
  CHECK(EncodeFloat(-1e6, kHalfFormat, RoundMode::kCeil) == 0xfbff);
  CHECK(EncodeFloat(-1e6, kHalfFormat, RoundMode::kFloor) == 0xfc00);
  CHECK(EncodeFloat(NAN, kBF16Format, RoundMode::kRint) == 0x7fc0);
  CHECK(EncodeFloat(-0.0, kF32Format, RoundMode::kRint) == 0x80000000u);
  CHECK(EncodeFloat(0.1, kF32Format, RoundMode::kRint) == FloatBits(0.1f));
}

// The MX decoders against the formats' definitions, for every byte.
TEST_CASE("fp8 and e8m0 decoding") {
  for (int b = 0; b < 256; ++b) {
    const double sign = (b & 0x80) ? -1.0 : 1.0;
    // e4m3fn: bias 7, 3 mantissa bits, subnormals at exponent 0, only S.1111.111 is NaN.
    const int e4 = (b >> 3) & 0xf, m4 = b & 7;
    const float v4 = F8E4M3ToFloat(static_cast<uint8_t>(b));
    if (e4 == 15 && m4 == 7) {
      CHECK(std::isnan(v4));
    } else {
      const double want = e4 == 0 ? std::ldexp(m4 / 8.0, -6) : std::ldexp(1 + m4 / 8.0, e4 - 7);
      CHECK(v4 == sign * want);
      CHECK(std::signbit(v4) == ((b & 0x80) != 0));
    }
    // e5m2: bias 15, 2 mantissa bits, IEEE specials.
    const int e5 = (b >> 2) & 0x1f, m5 = b & 3;
    const float v5 = F8E5M2ToFloat(static_cast<uint8_t>(b));
    if (e5 == 31) {
      CHECK((m5 == 0 ? std::isinf(v5) : std::isnan(v5)));
    } else {
      const double want = e5 == 0 ? std::ldexp(m5 / 4.0, -14) : std::ldexp(1 + m5 / 4.0, e5 - 15);
      CHECK(v5 == sign * want);
    }
    // e8m0: 2^(b - 127), 0xff NaN.
    const float s = E8M0ToFloat(static_cast<uint8_t>(b));
    if (b == 255) {
      CHECK(std::isnan(s));
    } else {
      CHECK(s == std::ldexp(1.0, b - 127));
    }
  }
}

}  // namespace
}  // namespace pto
