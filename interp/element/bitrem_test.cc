// The remainder and shift element functions at their edges (docs/semantics.md, "Bitwise, shifts
// and remainders"): signs of results and zeros, infinities, NaN, counts past the width.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "pto/interp/element/element.h"

namespace pto::interp {
namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

// Same value and, for zeros, the same sign.
bool Same(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

TEST_CASE("trem is floored: the result takes the divisor's sign") {
  CHECK(ops::Rem::Apply(int64_t{7}, int64_t{3}) == 1);
  CHECK(ops::Rem::Apply(int64_t{-7}, int64_t{3}) == 2);
  CHECK(ops::Rem::Apply(int64_t{7}, int64_t{-3}) == -2);
  CHECK(ops::Rem::Apply(int64_t{-7}, int64_t{-3}) == -1);
  CHECK(ops::Rem::Apply(int64_t{-6}, int64_t{3}) == 0);
  CHECK(ops::Rem::Apply(int64_t{INT32_MIN}, int64_t{-1}) == 0);
  CHECK(ops::Rem::Apply(int64_t{INT32_MIN}, int64_t{INT32_MAX}) == INT32_MAX - 1);
  CHECK(Same(ops::Rem::Apply(7.5f, 2.0f), 1.5f));
  CHECK(Same(ops::Rem::Apply(-7.5f, 2.0f), 0.5f));
  CHECK(Same(ops::Rem::Apply(7.5f, -2.0f), -0.5f));
  CHECK(Same(ops::Rem::Apply(-6.0f, 3.0f), 0.0f));
  CHECK(Same(ops::Rem::Apply(6.0f, -3.0f), -0.0f));
  CHECK(Same(ops::Rem::Apply(-0.0f, 3.0f), 0.0f));
}

TEST_CASE("tfmod is truncated: the result takes the dividend's sign") {
  CHECK(ops::FMod::Apply(int64_t{-7}, int64_t{3}) == -1);
  CHECK(ops::FMod::Apply(int64_t{7}, int64_t{-3}) == 1);
  CHECK(ops::FMod::Apply(int64_t{INT32_MIN}, int64_t{-1}) == 0);
  CHECK(Same(ops::FMod::Apply(-7.5f, 2.0f), -1.5f));
  CHECK(Same(ops::FMod::Apply(-6.0f, 3.0f), -0.0f));
  CHECK(Same(ops::FMod::Apply(6.0f, -3.0f), 0.0f));
}

TEST_CASE("float remainders at zero, infinity and NaN") {
  for (float b : {0.0f, -0.0f}) {
    CHECK(std::isnan(ops::Rem::Apply(5.0f, b)));
    CHECK(std::isnan(ops::FMod::Apply(5.0f, b)));
  }
  CHECK(std::isnan(ops::Rem::Apply(kInf, 2.0f)));
  CHECK(std::isnan(ops::FMod::Apply(-kInf, 2.0f)));
  CHECK(std::isnan(ops::Rem::Apply(kNaN, 2.0f)));
  CHECK(std::isnan(ops::Rem::Apply(2.0f, kNaN)));
  CHECK(std::isnan(ops::Rem::Apply(2.0f, -kNaN)));
  CHECK(Same(ops::FMod::Apply(-5.0f, kInf), -5.0f));
  CHECK(Same(ops::Rem::Apply(5.0f, kInf), 5.0f));
  CHECK(Same(ops::Rem::Apply(-5.0f, kInf), kInf));
  CHECK(Same(ops::Rem::Apply(5.0f, -kInf), -kInf));
  // Exact where dividing first and multiplying back would round.
  CHECK(Same(ops::Rem::Apply(3e9f, 7.0f), std::fmod(3e9f, 7.0f)));
}

TEST_CASE("shifts past the width and the sign fill") {
  CHECK(ops::Shl::Shift<int8_t>(1, 7) == 128);  // stored as -128
  CHECK(ops::Shl::Shift<int8_t>(1, 8) == 0);
  CHECK(ops::Shl::Shift<uint32_t>(1, 1000) == 0);
  CHECK(ops::Shr::Shift<int16_t>(-5, 16) == -1);
  CHECK(ops::Shr::Shift<int16_t>(5, 200) == 0);
  CHECK(ops::Shr::Shift<uint16_t>(0xFFFF, 15) == 1);
  CHECK(ops::Shr::Shift<uint16_t>(0xFFFF, 16) == 0);
  CHECK(ops::Not::Apply(0) == -1);
}

}  // namespace
}  // namespace pto::interp
