#include "pto/common/float_format.h"

#include <doctest/doctest.h>

#include <algorithm>
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

TEST_CASE("largest finite values") {
  CHECK(LargestFinite(DType::kF16) == 65504.0);
  CHECK(LargestFinite(DType::kBF16) == static_cast<double>(BF16ToFloat(0x7f7f)));
  CHECK(LargestFinite(DType::kF32) == static_cast<double>(BitsFloat(0x7f7fffff)));
  // one step further rounds to infinity in each format
  CHECK(std::isinf(RoundToFloatType(65520.0, DType::kF16)));
  CHECK(RoundToFloatType(65519.0, DType::kF16) == 65504.0);
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


// The saturating e4m3 encoder (MX quantisation) against a search over every finite code: the
// nearest value, ties to the even code, magnitudes from 448 on (and infinities) saturate.
namespace {
uint8_t NearestE4M3(float f) {
  if (std::isnan(f)) return 0x7f;
  const uint8_t sign = std::signbit(f) ? 0x80 : 0;
  const double a = std::fabs(static_cast<double>(f));
  if (a >= 448.0) return sign | 0x7e;
  int best = 0;
  for (int c = 1; c <= 0x7e; ++c) {
    const double d = std::fabs(F8E4M3ToFloat(static_cast<uint8_t>(c)) - a);
    const double bd = std::fabs(F8E4M3ToFloat(static_cast<uint8_t>(best)) - a);
    if (d < bd || (d == bd && (c & 1) == 0)) best = c;
  }
  return static_cast<uint8_t>(sign | best);
}
}  // namespace

TEST_CASE("fp8 e4m3 saturating encoding") {
  for (int b = 0; b < 256; ++b) {  // every code point round-trips (NaN to 0x7f)
    const float v = F8E4M3ToFloat(static_cast<uint8_t>(b));
    const uint8_t want = (b & 0x7f) == 0x7f ? 0x7f : static_cast<uint8_t>(b);
    CHECK(FloatToF8E4M3Sat(v) == want);
  }
  for (int b = 0; b < 0x7e; ++b) {  // midpoints and their neighbours, both signs
    const float lo = F8E4M3ToFloat(static_cast<uint8_t>(b));
    const float hi = F8E4M3ToFloat(static_cast<uint8_t>(b + 1));
    const float mid = (lo + hi) / 2;
    for (float x : {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, 1000.0f)}) {
      CHECK(FloatToF8E4M3Sat(x) == NearestE4M3(x));
      CHECK(FloatToF8E4M3Sat(-x) == NearestE4M3(-x));
    }
  }
  CHECK(FloatToF8E4M3Sat(464.0f) == 0x7e);
  CHECK(FloatToF8E4M3Sat(-1e30f) == 0xfe);
  CHECK(FloatToF8E4M3Sat(INFINITY) == 0x7e);
  CHECK(FloatToF8E4M3Sat(-INFINITY) == 0xfe);
  CHECK(FloatToF8E4M3Sat(-0.0f) == 0x80);
  CHECK(FloatToF8E4M3Sat(BitsFloat(0x00000001)) == 0x00);
  CHECK(FloatToF8E4M3Sat(-NAN) == 0x7f);
  // A sweep of f32 values (the top 20 bits of every pattern) against the search.
  int bad = 0;
  for (uint32_t hi = 0; hi < (1u << 20); ++hi) {
    const float x = BitsFloat(hi << 12 | 0x800);
    bad += FloatToF8E4M3Sat(x) != NearestE4M3(x);
  }
  CHECK(bad == 0);
}

// The fp4 decoders against the formats' definitions (encoding: narrow_float_test.cc).
TEST_CASE("fp4 e2m1 and e1m2 decoding") {
  for (int c = 0; c < 16; ++c) {
    const double sign = (c & 8) ? -1.0 : 1.0;
    const int e = (c >> 1) & 3, m = c & 1;  // e2m1: bias 1, subnormals at exponent 0
    const double want21 = e == 0 ? m * 0.5 : std::ldexp(1 + m / 2.0, e - 1);
    CHECK(F4E2M1ToFloat(static_cast<uint8_t>(c)) == sign * want21);
    const int e1 = (c >> 2) & 1, m2 = c & 3;  // e1m2: bias 1
    const double want12 = e1 == 0 ? m2 / 4.0 : 1 + m2 / 4.0;
    CHECK(F4E1M2ToFloat(static_cast<uint8_t>(c)) == sign * want12);
  }
}

}  // namespace
}  // namespace pto
